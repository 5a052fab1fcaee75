"""The window by ear: what a screen reader would speak, as lines of text, and keys sent to it.

A session runs the game on its own Xvfb display (:80-:89) inside its own D-Bus session with
the accessibility bus, as a blind player's desktop would, and writes to ``DIR/heard.txt``
every focus change (the object's role, name, description and states), every announcement,
every window activated, and the name or states of the focused object when they change.
Nothing here looks at the screen or at the game's Python state: only what AT-SPI exposes.

    by_ear.py start DIR --display :81 [--lang it] [--minutes 40]   (a session, in the background)
    by_ear.py do DIR keys Tab Tab Return      (xdotool key names; prints what was heard after)
    by_ear.py do DIR type "some text"
    by_ear.py do DIR read                     (the active window's objects, as flat review reads)
    by_ear.py do DIR where                    (the focused object and its parents: "where am I")
    by_ear.py do DIR listen 3                 (only what is heard in the next 3 seconds)
    by_ear.py do DIR quit

Run by Debian's python3 (python3-dbus, python3-gi), the client a screen reader is; the game by
``.venv/bin/peppa-qt`` with a fresh ``--profile-dir DIR/profile``.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ATSPI = "org.a11y.atspi.Accessible"
PROPS = "org.freedesktop.DBus.Properties"
#: AT-SPI state bits a screen reader speaks (AtspiStateType).
SPOKEN_STATES = {
    4: "checked",
    5: "collapsed",
    10: "expanded",
    20: "pressed",
    23: "selected",
    32: "indeterminate",
    43: "read only",
    16: "modal",
}
LABELLED_BY = 2
ENABLED, FOCUSED, SENSITIVE, CHECKABLE, SHOWING = 8, 12, 24, 41, 25


def main(argv: list[str]) -> int:
    """Dispatch ``start``, ``serve`` (inside the D-Bus session) and ``do``."""
    command, folder = argv[0], Path(argv[1]).resolve()
    if command == "start":
        return start(folder, argv[2:])
    if command == "serve":
        return Session(folder, argv[2:]).serve()
    if command == "do":
        return do(folder, argv[2:])
    raise SystemExit(__doc__)


def option(args: list[str], name: str, default: str) -> str:
    """The value after ``name`` in ``args``, or ``default``."""
    return args[args.index(name) + 1] if name in args else default


def start(folder: Path, args: list[str]) -> int:
    """A session in the background, in its own D-Bus session, stopping by itself."""
    display = option(args, "--display", ":81")
    if not 80 <= int(display.lstrip(":")) <= 89:
        raise SystemExit("displays :80-:89 only")
    minutes = float(option(args, "--minutes", "40"))
    shutil.rmtree(folder, ignore_errors=True)
    for sub in ("home", "run", "profile"):
        (folder / sub).mkdir(mode=0o700, parents=True)
    env = {
        **os.environ,
        "HOME": str(folder / "home"),
        "XDG_RUNTIME_DIR": str(folder / "run"),
        "DISPLAY": display,
        "QT_QPA_PLATFORM": "xcb",
    }
    lang = option(args, "--lang", "en")
    if lang == "it":
        env.update(LANG="it_IT.UTF-8", LANGUAGE="it", LC_ALL="")
    else:
        env.update(LANG="en_US.UTF-8", LANGUAGE="en", LC_ALL="C.UTF-8")
    if "--orca" in args:
        quiet_speech(folder)
    me = [sys.executable, str(Path(__file__).resolve()), "serve", str(folder), *args]
    log = (folder / "session.log").open("w")
    process = subprocess.Popen(
        ["timeout", "-s", "TERM", str(int(minutes * 60)), "dbus-run-session", "--", *me],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    (folder / "session.pid").write_text(str(process.pid))
    print(f"session {process.pid} on {display}; heard in {folder / 'heard.txt'}")
    return 0


def quiet_speech(folder: Path) -> None:
    """speech-dispatcher with no sound card: espeak-ng speaks into libao's null driver (on
    ALSA it blocked, and Orca with it), and its log keeps every message it was given."""
    config = folder / "home/.config/speech-dispatcher"
    config.mkdir(parents=True)
    (folder / "spd-log").mkdir()
    system = Path("/etc/speech-dispatcher/speechd.conf").read_text()
    system = system.replace("LogLevel  3", "LogLevel  5")
    system = system.replace('LogDir  "default"', f'LogDir  "{folder / "spd-log"}"')
    (config / "speechd.conf").write_text(system + '\nAudioOutputMethod "libao"\n')
    (folder / "home/.libao").write_text("default_driver=null\n")


def do(folder: Path, words: list[str]) -> int:
    """Hand the session one command and print what was heard while it ran and settled."""
    heard, shown = folder / "heard.txt", folder / "shown"
    # From the last line shown: what was heard between two commands is printed too.
    before = int(shown.read_text() or 0) if shown.exists() else 0
    done = folder / "done"
    count = int(done.read_text() or 0) if done.exists() else 0
    with (folder / "commands").open("a") as commands:
        commands.write("\t".join(words) + "\n")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        time.sleep(0.1)
        if done.exists() and int(done.read_text() or 0) > count:
            break
    lines = heard.read_text().splitlines(keepends=True)
    print("".join(lines[before:]), end="")
    shown.write_text(str(len(lines)))
    orca, orca_shown = folder / "orca.txt", folder / "orca-shown"
    if orca.exists():  # what Orca spoke meanwhile, from its debug log
        spoken = [
            line.split("SPEECH OUTPUT: ", 1)[1]
            for line in orca.read_text(errors="replace").splitlines()
            if "SPEECH OUTPUT: " in line
        ]
        first = int(orca_shown.read_text() or 0) if orca_shown.exists() else 0
        for line in spoken[first:]:
            print(f"ORCA: {line}")
        orca_shown.write_text(str(len(spoken)))
    return 0


class Session:
    """The display, the accessibility bus's listener, the game, and the commands' loop."""

    def __init__(self, folder: Path, args: list[str]) -> None:
        self.folder = folder
        self.display = option(args, "--display", ":81")
        self.settle = float(option(args, "--settle", "1.5"))
        self.heard = (folder / "heard.txt").open("a", buffering=1)
        self.focus: tuple[str, str] | None = None
        self.done = 0
        self.read_commands = 0
        self.orca = "--orca" in args

    def say(self, line: str) -> None:
        """One line of what a screen reader would speak."""
        self.heard.write(line + "\n")

    # ------------------------------------------------------------------ start and stop

    def serve(self) -> int:
        """Run until ``quit``, or until the session's timeout ends it."""
        import dbus.mainloop.glib

        xvfb = subprocess.Popen(
            ["Xvfb", self.display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        game: subprocess.Popen[bytes] | None = None
        wm: subprocess.Popen[bytes] | None = None
        orca: subprocess.Popen[bytes] | None = None
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        try:
            wait_for_display(self.display)
            # A desktop's window manager: it gives a new window the keyboard.
            wm = subprocess.Popen(
                ["openbox"],
                env={**os.environ, "DISPLAY": self.display},
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            time.sleep(1)
            dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
            self.connect()
            game = subprocess.Popen(
                [
                    str(ROOT / ".venv/bin/peppa-qt"),
                    "--profile-dir",
                    str(self.folder / "profile"),
                ],
                stdout=(self.folder / "game.log").open("w"),
                stderr=subprocess.STDOUT,
            )
            (self.folder / "game.pid").write_text(str(game.pid))
            if self.orca:
                orca = self.start_orca()
            self.loop()
        finally:
            for process in (orca, game, wm, xvfb):
                if process is not None and process.poll() is None:
                    process.terminate()
                    try:
                        process.wait(5)
                    except subprocess.TimeoutExpired:
                        process.kill()
            end_strays(self.folder)
        return 0

    def connect(self) -> None:
        """The accessibility bus, turned on as a screen reader turns it on, and its events."""
        import dbus

        session = dbus.SessionBus()
        bus = session.get_object("org.a11y.Bus", "/org/a11y/bus")
        bus.Set("org.a11y.Status", "IsEnabled", True, dbus_interface=PROPS)
        bus.Set("org.a11y.Status", "ScreenReaderEnabled", True, dbus_interface=PROPS)
        address = bus.GetAddress(dbus_interface="org.a11y.Bus")
        self.a11y = dbus.bus.BusConnection(str(address))
        listen = self.a11y.add_signal_receiver
        keywords = {"sender_keyword": "sender", "path_keyword": "path", "member_keyword": "member"}
        listen(self.on_object, dbus_interface="org.a11y.atspi.Event.Object", **keywords)
        listen(self.on_window, dbus_interface="org.a11y.atspi.Event.Window", **keywords)
        registry = self.a11y.get_object("org.a11y.atspi.Registry", "/org/a11y/atspi/registry")
        # With Orca, this listener hears as Orca 43 does, which has no handler for
        # announcements: the game then shows them as a notification (printed as NOTICE).
        for event in (
            *(() if self.orca else ("object:announcement",)),
            "object:state-changed",
            "object:property-change",
            "object:active-descendant-changed",
            "object:children-changed",
            "window:",
            "focus:",
        ):
            registry.RegisterEvent(
                event,
                dbus.Array([], signature="s"),
                "",
                dbus_interface="org.a11y.atspi.Registry",
            )

    def start_orca(self) -> subprocess.Popen[bytes]:
        """Debian's Orca on the same buses, its debug log (what it speaks) in ``orca.txt``."""
        time.sleep(4)  # the window up first: Orca then finds it as it starts
        prefs = self.folder / "orca-prefs"
        prefs.mkdir(exist_ok=True)
        return subprocess.Popen(
            ["orca", "--replace", "-u", str(prefs), "--debug-file", str(self.folder / "orca.txt")],
            env={**os.environ, "DISPLAY": self.display},
            stdout=(self.folder / "orca.out").open("w"),
            stderr=subprocess.STDOUT,
        )

    # ------------------------------------------------------------------ events heard

    def on_object(self, *args: object, sender: str, path: str, member: str) -> None:
        """Announcements, focus, and changes to the focused object."""
        detail, detail1 = str(args[0]), int(args[1])  # type: ignore[call-overload]
        try:
            if member == "Announcement":
                self.say(f"ANNOUNCE: {args[3]}")
            elif member == "StateChanged" and detail == "showing" and detail1:
                if self.role(sender, path) == "notification":
                    self.say(f"NOTICE: {self.name(sender, path)}")
            elif member == "StateChanged" and detail == "focused" and detail1:
                self.focus = (sender, path)
                self.say(f"FOCUS: {self.describe(sender, path)}")
            elif (sender, path) != self.focus:
                return
            elif member == "StateChanged" and detail in ("checked", "selected", "expanded"):
                self.say(f"  {'now' if detail1 else 'not'} {detail}")
            elif member == "PropertyChange" and detail == "accessible-name":
                self.say(f"  name now: {self.name(sender, path)}")
            elif member == "PropertyChange" and detail == "accessible-value":
                self.say(f"  value now: {self.value(sender, path)}")
        except Exception as error:  # an object gone is heard as such
            self.say(f"  (object gone: {type(error).__name__})")

    def on_window(self, *args: object, sender: str, path: str, member: str) -> None:
        """A window activated: a screen reader says its title."""
        if member == "Activate":
            try:
                self.say(f"WINDOW: {self.name(sender, path)!r}")
            except Exception:
                self.say("WINDOW: (gone)")

    # ------------------------------------------------------------------ reading objects

    def obj(self, sender: str, path: str):  # type: ignore[no-untyped-def]
        return self.a11y.get_object(sender, path, introspect=False)

    def role(self, sender: str, path: str) -> str:
        return str(self.obj(sender, path).GetRoleName(dbus_interface=ATSPI))

    def name(self, sender: str, path: str) -> str:
        return str(self.obj(sender, path).Get(ATSPI, "Name", dbus_interface=PROPS))

    def value(self, sender: str, path: str) -> str:
        value = self.obj(sender, path).Get(
            "org.a11y.atspi.Value", "CurrentValue", dbus_interface=PROPS
        )
        return str(float(value))

    def states(self, sender: str, path: str) -> list[int]:
        words = [int(s) for s in self.obj(sender, path).GetState(dbus_interface=ATSPI)]
        return [bit for bit in range(64) if words[bit // 32] >> (bit % 32) & 1]

    def describe(self, sender: str, path: str) -> str:
        """Role, name, description, states, value or text: what is spoken of one object."""
        obj = self.obj(sender, path)
        role = str(obj.GetRoleName(dbus_interface=ATSPI))
        name = self.name(sender, path)
        description = str(obj.Get(ATSPI, "Description", dbus_interface=PROPS))
        states = self.states(sender, path)
        words = [role, repr(name)]
        for kind, targets in obj.GetRelationSet(dbus_interface=ATSPI):
            if int(kind) == LABELLED_BY:  # a screen reader speaks the label before the name
                labels = [self.name(str(t[0]), str(t[1])) for t in targets]
                words.insert(0, "(" + " / ".join(labels) + ")")
        if description:
            words.append(f"desc={description!r}")
        spoken = [SPOKEN_STATES[s] for s in states if s in SPOKEN_STATES]
        if CHECKABLE in states and 4 not in states:
            spoken.append("not checked")
        if ENABLED not in states and SENSITIVE not in states:
            spoken.append("DISABLED")
        if spoken:
            words.append("[" + ", ".join(spoken) + "]")
        interfaces = [str(i) for i in obj.GetInterfaces(dbus_interface=ATSPI)]
        if "org.a11y.atspi.Value" in interfaces:
            words.append(f"value={self.value(sender, path)}")
        if "org.a11y.atspi.Action" in interfaces and role == "menu item":
            actions = obj.GetActions(dbus_interface="org.a11y.atspi.Action")
            keys = sorted({str(a[2]) for a in actions if str(a[2])})
            if keys:
                words.append(f"keys={' '.join(keys)!r}")
        if "org.a11y.atspi.Text" in interfaces and role != "push button":
            text = str(obj.GetText(0, -1, dbus_interface="org.a11y.atspi.Text"))
            if text and text != name:
                words.append(f"text={text[:3000]!r}")
        return " ".join(words)

    def parent(self, sender: str, path: str) -> tuple[str, str]:
        got = self.obj(sender, path).Get(ATSPI, "Parent", dbus_interface=PROPS)
        return str(got[0]), str(got[1])

    def window_of(self, sender: str, path: str) -> tuple[str, str]:
        """The window (or dialog) an object is in."""
        while True:
            role = str(self.obj(sender, path).GetRoleName(dbus_interface=ATSPI))
            if role in ("frame", "dialog", "window", "alert", "file chooser"):
                return sender, path
            up = self.parent(sender, path)
            if up[1] in ("/org/a11y/atspi/null", "/org/a11y/atspi/accessible/root"):
                return sender, path
            sender, path = up

    def flat(self, sender: str, path: str, depth: int = 0) -> list[str]:
        """Every showing object under one, indented, as flat review would read it."""
        lines = []
        states = self.states(sender, path)
        if depth and SHOWING not in states:
            return []
        lines.append("  " * depth + self.describe(sender, path))
        if depth < 25:
            children = self.obj(sender, path).GetChildren(dbus_interface=ATSPI)
            for child_sender, child_path in children:
                lines.extend(self.flat(str(child_sender), str(child_path), depth + 1))
        return lines

    # ------------------------------------------------------------------ commands

    def loop(self) -> None:
        from gi.repository import GLib

        context = GLib.MainContext.default()
        commands = self.folder / "commands"
        commands.touch()
        while True:
            while context.pending():
                context.iteration(False)
            lines = commands.read_text().splitlines()
            for line in lines[self.read_commands :]:
                self.read_commands += 1
                if not self.run(line.split("\t")):
                    return
                self.done += 1
                (self.folder / "done").write_text(str(self.done))
            time.sleep(0.02)

    def pump(self, seconds: float) -> None:
        from gi.repository import GLib

        context = GLib.MainContext.default()
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            while context.pending():
                context.iteration(False)
            time.sleep(0.02)

    def run(self, words: list[str]) -> bool:
        """One command; False at ``quit``."""
        verb, rest = words[0], words[1:]
        self.say(f">>> {' '.join(words)}")
        env = {**os.environ, "DISPLAY": self.display}
        if verb == "quit":
            return False
        if verb == "keys":
            for key in rest:
                press(key, env)
                self.pump(0.35)
        elif verb == "type":
            subprocess.run(
                ["xdotool", "type", "--delay", "80", rest[0]], env=env, check=False, timeout=30
            )
        elif verb == "listen":
            self.pump(float(rest[0]) if rest else 3.0)
            return True
        elif verb == "probe" and self.focus is not None:  # the raw interfaces and actions
            obj = self.obj(*self.focus)
            self.say(f"  {[str(i) for i in obj.GetInterfaces(dbus_interface=ATSPI)]}")
            try:
                self.say(f"  {obj.GetActions(dbus_interface='org.a11y.atspi.Action')}")
            except Exception as error:
                self.say(f"  {error}")
            return True
        elif verb in ("read", "where"):
            self.read(verb)
            return True
        self.pump(self.settle)
        return True

    def read(self, verb: str) -> None:
        """``read``: the focused window's objects; ``where``: the focused one and its parents."""
        if self.focus is None:
            self.say("  (nothing focused)")
            return
        try:
            if verb == "read":
                for line in self.flat(*self.window_of(*self.focus)):
                    self.say("  " + line)
                return
            here = self.focus
            for _ in range(8):
                self.say("  " + self.describe(*here))
                here = self.parent(*here)
                if here[1] in ("/org/a11y/atspi/null", "/org/a11y/atspi/accessible/root"):
                    break
        except Exception as error:
            self.say(f"  (could not read: {type(error).__name__}: {error})")


def press(key: str, env: dict[str, str]) -> None:
    """One key, its modifiers held down a moment as fingers do (xdotool's quick alt+g
    sometimes opened a menu that closed at once)."""
    *held, last = key.split("+")

    def xdotool(*words: str) -> None:
        subprocess.run(["xdotool", *words], env=env, check=False, timeout=10)
        time.sleep(0.12)

    for modifier in held:
        xdotool("keydown", modifier)
    xdotool("key", last)
    for modifier in reversed(held):
        xdotool("keyup", modifier)


def end_strays(folder: Path) -> None:
    """speech-dispatcher (and its modules) that Orca spawned on this session's socket: it
    daemonizes, so the session's end does not end it. Found by our folder in its command."""
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit() or int(proc.name) == os.getpid():
            continue
        try:
            command = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if str(folder) in command and "speech-dispatcher" in command:
            os.kill(int(proc.name), signal.SIGKILL)


def wait_for_display(display: str) -> None:
    """Until the X server answers on its socket."""
    path = f"/tmp/.X11-unix/X{display.lstrip(':')}"
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            probe.connect(path)
            return
        except OSError:
            time.sleep(0.05)
        finally:
            probe.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
