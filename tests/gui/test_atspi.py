"""Through AT-SPI, the bus a screen reader reads (Linux): the hand's thirteen cards found by
name and state, the pass and a card played by keys alone, and the announcements heard, in
English and in Italian.

The client (``atspi/client.py``) is Debian's python3 with python3-dbus and python3-gi, as a
screen reader would be: it runs in its own D-Bus session (``dbus-run-session``) with its own
Xvfb (displays :50–:59) and starts the window (``atspi/app.py``); keys go in through XTest
(xdotool). Skipped where those are not installed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent / "atspi"
SYSTEM_PYTHON = "/usr/bin/python3"
TOOLS = ("dbus-run-session", "Xvfb", "xdotool")
PASS_KEYS = "Right space Right space Right space Return"


def _missing() -> str | None:
    for tool in TOOLS:
        if shutil.which(tool) is None:
            return tool
    if not Path("/usr/libexec/at-spi-bus-launcher").exists():
        return "at-spi2-core"
    probe = [SYSTEM_PYTHON, "-c", "import dbus, gi.repository.GLib"]
    if not Path(SYSTEM_PYTHON).exists() or subprocess.run(probe, check=False).returncode:
        return "python3-dbus, python3-gi"
    return None


pytestmark = pytest.mark.skipif(
    sys.platform != "linux"
    or (_missing() is not None and not os.environ.get("PEPPA_FULL_SUITE")),  # (test.sh: fail)
    reason=f"AT-SPI: {_missing()} missing",
)


def free_display() -> str:
    """A display number of ours (:50–:59) no X server uses now."""
    for number in range(50, 60):
        if not Path(f"/tmp/.X11-unix/X{number}").exists():
            return f":{number}"
    pytest.skip("no free display among :50–:59")


#: What the accessibility bus says when it could not start (a busy machine: the registry came
#: up before the display answered, once in CI): the session is started again, once.
BUS_NOT_UP = ("NameHasNoOwner", "Cannot open default display")


def read_by_ear(tmp_path: Path, language: str) -> dict[str, list[str]]:
    """What an AT-SPI client found and heard while passing and playing one card by keys
    (a session whose accessibility bus did not come up is started again, once)."""
    try:
        return _read_by_ear(tmp_path / "first", language)
    except BusNotUpError:
        return _read_by_ear(tmp_path / "again", language)


class BusNotUpError(Exception):
    """The accessibility bus of the session did not start."""


def _read_by_ear(tmp_path: Path, language: str) -> dict[str, list[str]]:
    display = free_display()
    env = {
        **os.environ,
        "HOME": str(tmp_path / "home"),  # the accessibility bus's socket: this test's own
        "XDG_RUNTIME_DIR": str(tmp_path / "run"),
        "DISPLAY": display,
        "QT_QPA_PLATFORM": "xcb",
        "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1",
    }
    for folder in ("home", "run"):
        (tmp_path / folder).mkdir(mode=0o700, parents=True)
    app = [sys.executable, str(HERE / "app.py"), language, str(tmp_path / "profile"), "25"]
    client = [SYSTEM_PYTHON, str(HERE / "client.py"), display, "--keys", PASS_KEYS, *app]
    done = subprocess.run(
        ["dbus-run-session", "--", *client],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    if done.returncode != 0 and any(sign in done.stderr for sign in BUS_NOT_UP):
        raise BusNotUpError(done.stderr[-3000:])
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_a_screen_reader_finds_the_hand_and_hears_the_play_in_english(tmp_path: Path) -> None:
    found = read_by_ear(tmp_path, "en")
    assert len(found["passing"]) == 13
    assert len(found["playing"]) == 13
    playable = [name for name in found["playing"] if name.endswith(", playable")]
    assert playable and all(n.endswith("playable") for n in found["playing"])
    assert found["focused"] == playable[:1]
    card = playable[0].removesuffix(", playable")
    heard = found["heard"]
    assert "Choose three cards to pass." in heard
    assert f"Anna plays {card}." in heard
    assert any(" received " in said for said in heard)


def test_a_screen_reader_finds_the_hand_and_hears_the_play_in_italian(tmp_path: Path) -> None:
    found = read_by_ear(tmp_path, "it")
    assert len(found["playing"]) == 13
    playable = [name for name in found["playing"] if name.endswith(", giocabile")]
    assert playable and found["focused"] == playable[:1]
    card = playable[0].removesuffix(", giocabile")
    heard = found["heard"]
    assert "Scegli tre carte da passare." in heard or any("passare" in s for s in heard)
    assert f"Anna gioca {card}." in heard
