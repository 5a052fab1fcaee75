"""An AT-SPI client, as a screen reader reads the table (run by Debian's python3 with
python3-dbus, inside ``dbus-run-session``): it starts Xvfb and the window, finds the hand's
cards by name and state, passes and plays the whole hand by keys (choosing among the cards it
reads as playable), and prints what it found and the announcements heard, as JSON. It gives up
after ``GIVE_UP`` seconds whatever happens, and stops its display and window on the way out."""

from __future__ import annotations

import contextlib
import json
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import dbus
import dbus.mainloop.glib
from gi.repository import GLib

ATSPI = "org.a11y.atspi.Accessible"
FOCUSED, SELECTED = 12, 23  # AT-SPI state bits (ATSPI_STATE_FOCUSED, _SELECTED)
#: The hand's list, a card one may play, the hand's end: in English and in Italian.
HAND_NAMES = ("Your hand", "Le tue carte")
PLAYABLE = (", playable", ", giocabile")
HAND_OVER = ("Hand over.", "Smazzata finita.")
#: The client's whole life at most (the test waits longer: the client, not the test, stops
#: the display and the window it started).
GIVE_UP = 110


def _give_up(signum: int, frame: object) -> None:
    raise SystemExit(f"the client gave up after {GIVE_UP} s")


def main(display: str, app: list[str], keys: str) -> None:
    """Start a display, the window on it, and read the window."""
    signal.signal(signal.SIGALRM, _give_up)
    signal.alarm(GIVE_UP)
    # The display first: the accessibility registry needs one when it starts.
    xvfb = subprocess.Popen(
        ["Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    path = Path(f"/tmp/.X11-unix/X{display.lstrip(':')}")
    deadline = time.monotonic() + 15
    # Until the server answers on its socket (the file alone came before that once, on a
    # busy machine: the registry then found no display and never started).
    while time.monotonic() < deadline and not _answers(path):
        time.sleep(0.05)
    try:
        print(json.dumps(read_window(app, keys)))
    finally:
        xvfb.terminate()
        xvfb.wait(5)


def _answers(path: Path) -> bool:
    """Whether an X server accepts connections on the socket at ``path``."""
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        probe.connect(str(path))
    except OSError:
        return False
    finally:
        probe.close()
    return True


def read_window(app: list[str], keys: str) -> dict:
    """Listen for announcements, start the window, read it and play by keys."""
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    session = dbus.SessionBus()
    bus_obj = session.get_object("org.a11y.Bus", "/org/a11y/bus")
    address = bus_obj.GetAddress(dbus_interface="org.a11y.Bus")
    a11y = dbus.bus.BusConnection(str(address))
    heard: list[str] = []
    a11y.add_signal_receiver(
        lambda *args: heard.append(str(args[3]) if len(args) > 3 else ""),
        signal_name="Announcement",
        dbus_interface="org.a11y.atspi.Event.Object",
    )
    registry = a11y.get_object("org.a11y.atspi.Registry", "/org/a11y/atspi/registry")
    registry.RegisterEvent(
        "object:announcement",
        dbus.Array([], signature="s"),
        "",
        dbus_interface="org.a11y.atspi.Registry",
    )
    window = subprocess.Popen(app)
    try:
        return run(a11y, heard, keys)
    finally:
        window.terminate()
        window.wait(5)


def pump(seconds: float) -> None:
    """Let D-Bus signals arrive for ``seconds``."""
    context = GLib.MainContext.default()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        while context.pending():
            context.iteration(False)
        time.sleep(0.02)


def node(a11y, name, path):
    return a11y.get_object(name, path, introspect=False)


def walk(a11y, name, path, found, depth=0):
    found.append({**read(a11y, name, str(path)), "depth": depth})
    if depth < 12:
        obj = node(a11y, name, path)
        for child_name, child_path in obj.GetChildren(dbus_interface=ATSPI):
            walk(a11y, str(child_name), str(child_path), found, depth + 1)


def hand_of(a11y) -> tuple[list[dict], list[dict]]:
    """Every object of the window, and the hand's cards (the list items under 'Your hand')."""
    root = node(a11y, "org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root")
    found: list[dict] = []
    for app_name, app_path in root.GetChildren(dbus_interface=ATSPI):
        walk(a11y, str(app_name), str(app_path), found)
    cards, in_hand, depth = [], False, 0
    for item in found:
        if item["role"] == "list" and item["name"].startswith(HAND_NAMES):
            in_hand, depth = True, item["depth"]
        elif in_hand and item["depth"] == depth + 1:
            cards.append(item)
        elif in_hand and item["depth"] <= depth:
            in_hand = False
    return found, cards


class Hand:
    """The hand's list, found once in the window's tree and read again by its path (the
    table's accessible objects are kept for the window's life)."""

    def __init__(self, a11y, timeout: float) -> None:
        self._a11y = a11y
        self.bus = self.path = ""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not self.path:
            pump(0.2)
            with contextlib.suppress(dbus.DBusException):
                self._find()
        if not self.path:
            raise SystemExit("the hand's list was never found")

    def _find(self) -> None:
        found, cards = hand_of(self._a11y)
        lists = [i for i in found if i["role"] == "list" and i["name"].startswith(HAND_NAMES)]
        if lists and len(cards) == 13:
            self.bus, self.path = lists[0]["bus"], lists[0]["path"]

    def cards(self) -> list[dict]:
        """The cards as the reader sees them now: name and state, left to right."""
        kids = node(self._a11y, self.bus, self.path).GetChildren(dbus_interface=ATSPI)
        return [read(self._a11y, str(name), str(path)) for name, path in kids]

    def wait(self, ready, timeout: float, what: str) -> list[dict]:
        """The cards once ``ready(cards)`` holds (D-Bus signals heard meanwhile)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pump(0.05)
            try:
                cards = self.cards()
            except dbus.DBusException:
                continue
            if ready(cards):
                return cards
        raise SystemExit(f"waited {timeout} s for {what}")


def read(a11y, name: str, path: str) -> dict:
    """One object's role, name and state bits."""
    obj = node(a11y, name, path)
    role = str(obj.GetRoleName(dbus_interface=ATSPI))
    text = str(obj.Get(ATSPI, "Name", dbus_interface="org.freedesktop.DBus.Properties"))
    words = [int(s) for s in obj.GetState(dbus_interface=ATSPI)]
    state = [bit for bit in range(64) if words[bit // 32] >> (bit % 32) & 1]
    return {"role": role, "name": text, "state": state, "path": path, "bus": name}


def press(keys: str) -> None:
    subprocess.run(["xdotool", "key", "--delay", "40", *keys.split()], check=True, timeout=10)


def focused(cards: list[dict]) -> str | None:
    return next((c["name"] for c in cards if FOCUSED in c["state"]), None)


def playable(cards: list[dict]) -> list[str]:
    return [c["name"] for c in cards if c["name"].endswith(PLAYABLE)]


def reach(hand: Hand, target: str, cards: list[dict]) -> None:
    """Right until the ring is on ``target`` (the arrows go over the cards to play only)."""
    for _ in range(len(cards) + 1):
        now = focused(cards)
        if now == target:
            return
        press("Right")
        cards = hand.wait(lambda c, was=now: focused(c) != was, 5, "the ring to move")
    raise SystemExit(f"the ring never reached {target}")


def run(a11y, heard: list[str], keys: str) -> dict:
    """Pass by keys, then play the whole hand by keys, choosing among the cards the reader
    says are playable; what was found and heard."""
    hand = Hand(a11y, 30)
    passing = [c["name"] for c in hand.cards()]
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not heard:  # the pass asked: the keys are taken
        pump(0.05)
    press(keys)  # the pass: three cards chosen and passed
    played: list[str] = []
    playing: list[str] = []
    first_focus: list[str] = []
    for trick in range(13):
        left = 13 - trick
        cards = hand.wait(
            lambda c, n=left: len(c) == n and bool(playable(c)), 30, f"turn {trick + 1}"
        )
        choices = playable(cards)
        if trick == 0:
            playing = [c["name"] for c in cards]
        # The turn puts the ring on a card to play (it leaves at each card played, while the
        # hand waits): the first, after a card played.
        cards = hand.wait(lambda c: focused(c) is not None, 5, "the ring")
        if trick == 0:
            first_focus = [focused(cards)]
        target = choices[trick % len(choices)]  # not always the first: the arrows are used
        reach(hand, target, cards)
        press("Return")
        played.append(target.rsplit(", ", 1)[0])
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and not any(s.startswith(HAND_OVER) for s in heard):
        pump(0.1)
    return {
        "passing": passing,
        "playing": playing,
        "focused": first_focus,
        "played": played,
        "heard": list(heard),
    }


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[4:], sys.argv[3] if sys.argv[2] == "--keys" else "")
