"""Through AT-SPI, the bus a screen reader reads (Linux): the hand's thirteen cards found by
name and state, the pass and a whole hand played by keys alone (the client choosing among the
cards the reader says are playable), and the announcements heard: each card played with its
player, each trick's taker and points, hearts broken once, the hand's points; in English and
in Italian.

The client (``atspi/client.py``) is Debian's python3 with python3-dbus and python3-gi, as a
screen reader would be: it runs in its own D-Bus session (``dbus-run-session``) with its own
Xvfb (displays :50–:59) and starts the window (``atspi/app.py``); keys go in through XTest
(xdotool). Skipped where those are not installed.
"""

from __future__ import annotations

import json
import os
import re
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
    """What an AT-SPI client found and heard while passing and playing a whole hand by keys
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
    app = [sys.executable, str(HERE / "app.py"), language, str(tmp_path / "profile"), "120"]
    client = [SYSTEM_PYTHON, str(HERE / "client.py"), display, "--keys", PASS_KEYS, *app]
    done = subprocess.run(
        ["dbus-run-session", "--", *client],
        env=env,
        capture_output=True,
        text=True,
        timeout=150,
        check=False,
    )
    if done.returncode != 0 and any(sign in done.stderr for sign in BUS_NOT_UP):
        raise BusNotUpError(done.stderr[-3000:])
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


#: What the announcements say, in each language: the patterns of a card played, a trick taken
#: (with its points), hearts broken and the hand's points, and the words a test looks for.
NAMES = "(?P<who>Anna|Bruno|Carla|Dario)"
SAID = {
    "en": {
        "play": rf"{NAMES} plays (?P<card>[\w ]+?)\.",
        "take": rf"{NAMES} takes the trick: (?P<points>\d+) points?\.",
        "hearts": r"Hearts are broken\.",
        "end": r"Hand over\. Points: (?P<points>[^.]+)\.",
        "heart": " of hearts",
        "queen": "Queen of spades",
        "playable": ", playable",
        "not playable": ", not playable",
        "choose": "Choose three cards to pass.",
        "received": r"You received (\w+ of \w+, ){2}\w+ of \w+ from Bruno\.",
    },
    "it": {
        "play": rf"{NAMES} gioca (?P<card>[\w ]+?)\.",
        "take": rf"{NAMES} fa la presa: (?P<points>\d+) punt[oi]\.",
        "hearts": r"I cuori sono aperti\.",
        "end": r"Smazzata finita\. Punti: (?P<points>[^.]+)\.",
        "heart": " di cuori",
        "queen": "Donna di picche",
        "playable": ", giocabile",
        "not playable": ", non giocabile",
        "choose": "Scegli tre carte da passare.",
        "received": r"Hai ricevuto (\w+ di \w+, ){2}\w+ di \w+ da Bruno\.",
    },
}


def told(heard: list[str], language: str) -> list[tuple[str, re.Match[str]]]:
    """Each card played, trick taken, hearts broken and the hand's points, in the order
    they were announced (several may share one announcement)."""
    events: list[tuple[str, re.Match[str]]] = []
    for said in heard:
        found = [
            (m.start(), kind, m)
            for kind in ("play", "take", "hearts", "end")
            for m in re.finditer(SAID[language][kind], said)
        ]
        events.extend((kind, m) for _, kind, m in sorted(found, key=lambda f: f[0]))
    return events


def card_points(card: str, language: str) -> int:
    """A card's points in Hearts: a heart 1, the queen of spades 13."""
    words = SAID[language]
    return 13 if card == words["queen"] else int(card.endswith(words["heart"]))


def tricks_of(
    events: list[tuple[str, re.Match[str]]],
) -> list[tuple[list[re.Match[str]], re.Match[str]]]:
    """The hand's tricks as announced: four cards played, then who took them."""
    tricks, plays = [], []
    for kind, found in events:
        if kind == "play":
            plays.append(found)
        elif kind == "take":
            tricks.append((plays, found))
            plays = []
    assert not plays, "cards announced after the last trick"
    return tricks


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_screen_reader_plays_a_whole_hand_by_keys_and_hears_it(
    tmp_path: Path, language: str
) -> None:
    words = SAID[language]
    found = read_by_ear(tmp_path, language)
    assert len(found["passing"]) == 13
    assert len(found["playing"]) == 13
    playable = [n for n in found["playing"] if n.endswith(words["playable"])]
    assert playable and all(
        n.endswith((words["playable"], words["not playable"])) for n in found["playing"]
    )
    assert found["focused"] == playable[:1]
    heard = found["heard"]
    assert heard.count(words["choose"]) == 1, heard  # once, not at each card chosen
    assert any(re.fullmatch(words["received"], said) for said in heard), heard
    assert not any(suit in said for said in heard for suit in "♣♦♥♠"), heard
    events = told(heard, language)
    tricks = tricks_of(events)
    assert len(tricks) == 13, heard
    cards = [play["card"] for plays, _ in tricks for play in plays]
    assert len(cards) == len(set(cards)) == 52, heard
    taken = dict.fromkeys(("Anna", "Bruno", "Carla", "Dario"), 0)
    for plays, take in tricks:
        assert sorted(p["who"] for p in plays) == sorted(taken), (plays, heard)
        assert take["who"] in taken
        assert int(take["points"]) == sum(card_points(p["card"], language) for p in plays)
        taken[take["who"]] += int(take["points"])
    anna = [play["card"] for plays, _ in tricks for play in plays if play["who"] == "Anna"]
    assert anna == found["played"]  # the cards chosen by keys, in their order
    hearts = [i for i, (kind, _) in enumerate(events) if kind == "hearts"]
    first = next(
        i
        for i, (kind, m) in enumerate(events)
        if kind == "play" and m["card"].endswith(words["heart"])
    )
    assert hearts == [first + 1], heard  # once, with the first heart played
    ends = [m for kind, m in events if kind == "end"]
    assert len(ends) == 1 and events[-1][0] == "end", heard
    points = dict(part.rsplit(" ", 1) for part in ends[0]["points"].split(", "))
    assert {name: int(p) for name, p in points.items()} == taken  # no moon in this deal
