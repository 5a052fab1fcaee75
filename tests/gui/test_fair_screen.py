"""The screen is fair by construction: it draws from the public table and one seat's view.

Every read of an attribute of the live game (a ``HandState`` or the ``Match``) is watched
while whole games are played, resumed and undone through the window; none may come from the
window's code.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game
from test_belmont_window import belmont
from test_hot_seat import HotSeatPlay
from test_viewer import human_at
from test_whole_game import pass_by_clicking, play_by_clicking, waiting_for_someone

from peppa_qt.engine import HandState, Match
from peppa_qt.gui.presenter.table_presenter import PASSING, PLAYING
from peppa_qt.gui.window.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]
#: The code that draws the screen: none of it may read the live game.
SCREEN = ("peppa_qt.gui.", "peppa_qt.models.")
LIVE = ("HandState", "Match", "view_of", "table_of", "replay", "record_of")


@pytest.fixture
def screen_reads(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every attribute of a HandState or Match read by the screen's code: module and name."""
    reads: list[str] = []

    def watched(cls: type) -> None:
        plain = cls.__getattribute__

        def getattribute(self: Any, name: str) -> Any:
            caller = sys._getframe(1).f_globals.get("__name__", "")
            if caller.startswith(SCREEN):
                reads.append(f"{caller}: {cls.__name__}.{name}")
            return plain(self, name)

        monkeypatch.setattr(cls, "__getattribute__", getattribute)

    watched(HandState)
    watched(Match)

    def handed_over(frame: FrameType, event: str, value: Any) -> None:
        """A HandState or Match returned into the screen's code (a property, a function)."""
        caller = frame.f_back
        if event == "return" and isinstance(value, HandState | Match) and caller is not None:
            module = caller.f_globals.get("__name__", "")
            if module.startswith(SCREEN):
                reads.append(f"{module}: got a {type(value).__name__}")

    sys.setprofile(handed_over)
    try:
        yield reads
    finally:
        sys.setprofile(None)


def play_to_the_end(qtbot: QtBot, window: MainWindow) -> None:
    while not window.game_over_panel.isVisible():
        qtbot.waitUntil(lambda: waiting_for_someone(window), timeout=5000)
        if window.presenter.mode == PASSING:
            pass_by_clicking(qtbot, window)
        elif window.presenter.mode == PLAYING:
            play_by_clicking(qtbot, window)
        elif window.summary_panel.isVisible():
            qtbot.mouseClick(window.summary_panel.button, Qt.MouseButton.LeftButton)


def test_the_screen_never_reads_the_live_game(
    qtbot: QtBot, make_window: WindowMaker, screen_reads: list[str], tmp_path: Path
) -> None:
    """A game from deal to ranking, saved, opened again, undone, and the demo."""
    window = make_window()
    window.start_game(human_at(2, "peppa"))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    pass_by_clicking(qtbot, window)
    qtbot.waitUntil(lambda: window.presenter.mode == PLAYING, timeout=5000)
    play_by_clicking(qtbot, window)
    qtbot.waitUntil(lambda: window.presenter.mode == PLAYING, timeout=5000)
    path = tmp_path / "game.peppa"
    assert window.session.save_to(path)
    assert window.commands.open_path(path)
    qtbot.waitUntil(lambda: window.presenter.mode == PLAYING, timeout=5000)
    assert window.session.undo()
    assert window.presenter.mode != PLAYING  # no card taken until the table is drawn again
    qtbot.waitUntil(lambda: window.presenter.mode == PLAYING, timeout=5000)
    play_to_the_end(qtbot, window)
    window.start_game(short_game("torino", 1, human=False))
    qtbot.waitUntil(window.summary_panel.isVisible, timeout=10_000)
    assert screen_reads == []


def test_the_watch_sees_a_screen_that_reads_the_live_game(
    qtbot: QtBot, make_window: WindowMaker, screen_reads: list[str]
) -> None:
    """The watch above would catch a presenter that looked at the hidden hands."""
    window = make_window()
    window.start_game(short_game("peppa", 1))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    code = "hand = presenter.controller.hand\nseen = hand.hands[1]"
    exec(
        code, {"__name__": "peppa_qt.gui.presenter.table_presenter", "presenter": window.presenter}
    )
    assert screen_reads == [
        "peppa_qt.gui.presenter.table_presenter: got a HandState",
        "peppa_qt.gui.presenter.table_presenter: HandState.hands",
    ]


def test_the_screens_code_does_not_even_import_the_live_game() -> None:
    """A static check beside the watch above: no module of gui/ or models/ names them."""
    offenders = []
    for folder in ("gui", "models"):
        for path in sorted((ROOT / "peppa_qt" / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom):
                    named = {alias.name for alias in node.names}
                    offenders += [f"{path.name}: {n}" for n in sorted(named & set(LIVE))]
    assert offenders == []


@pytest.mark.parametrize(("seats", "humans"), [(6, (0,)), (8, (0, 3, 5))])
def test_at_six_and_eight_seats_the_screen_never_reads_the_live_game(
    qtbot: QtBot,
    make_window: WindowMaker,
    screen_reads: list[str],
    seats: int,
    humans: tuple[int, ...],
) -> None:
    """A Belmont game to its ranking, one human or three in hot-seat (every hand-over)."""
    window = make_window()
    window.start_game(belmont(seats, humans))
    play = HotSeatPlay(qtbot, window)
    play.to_the_end()
    assert len(set(play.hand_overs)) == (len(humans) if len(humans) > 1 else 0)
    assert screen_reads == []
