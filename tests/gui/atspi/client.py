"""An AT-SPI client, as a screen reader reads the table (run by Debian's python3 with
python3-dbus, inside ``dbus-run-session``): it starts Xvfb and the window, finds the hand's
cards by name and state, passes and plays a card by keys, and prints what it found and the
announcements heard, as JSON."""

from __future__ import annotations

import json
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


def main(display: str, app: list[str], keys: str) -> None:
    """Start a display, the window on it, and read the window."""
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
    obj = node(a11y, name, path)
    role = str(obj.GetRoleName(dbus_interface=ATSPI))
    text = str(obj.Get(ATSPI, "Name", dbus_interface="org.freedesktop.DBus.Properties"))
    words = [int(s) for s in obj.GetState(dbus_interface=ATSPI)]
    state = [bit for bit in range(64) if words[bit // 32] >> (bit % 32) & 1]
    found.append({"role": role, "name": text, "state": state, "depth": depth, "path": str(path)})
    if depth < 12:
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
        if item["role"] == "list" and item["name"].startswith(("Your hand", "Le tue carte")):
            in_hand, depth = True, item["depth"]
        elif in_hand and item["depth"] == depth + 1:
            cards.append(item)
        elif in_hand and item["depth"] <= depth:
            in_hand = False
    return found, cards


def press(keys: str) -> None:
    subprocess.run(["xdotool", "key", "--delay", "60", *keys.split()], check=True, timeout=10)


def run(a11y, heard: list[str], keys: str) -> dict:
    cards: list[dict] = []
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and len(cards) != 13:
        pump(0.3)
        try:
            _, cards = hand_of(a11y)
        except dbus.DBusException:
            cards = []
    passing = [c["name"] for c in cards]
    press(keys)  # the pass: three cards chosen and passed
    pump(1.5)
    _, cards = hand_of(a11y)
    playing = [c["name"] for c in cards]
    press("Right")
    pump(0.5)
    _found, cards = hand_of(a11y)
    focused = [c["name"] for c in cards if FOCUSED in c["state"]]
    press("Return")
    pump(1.5)
    return {"passing": passing, "playing": playing, "focused": focused, "heard": list(heard)}


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[4:], sys.argv[3] if sys.argv[2] == "--keys" else "")
