"""GUI tests: a window with instant animations and quick test players."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from player_doubles import random_factory
from qt_helpers import WindowMaker

from peppa_qt.controller import Pace, PlayerFactory
from peppa_qt.gui.window.main_window import MainWindow


@pytest.fixture(autouse=True)
def _isolated_profile(profile_dir: Path) -> Path:
    """Windows read and write their settings and autosave under a temporary folder."""
    return profile_dir


@pytest.fixture
def make_window(qtbot: QtBot) -> Iterator[WindowMaker]:
    """Build shown windows; animations off unless a speed is given."""
    made: list[MainWindow] = []

    def make(
        factory: PlayerFactory = random_factory,
        *,
        speed: str = "off",
        size: tuple[int, int] = (1024, 640),
    ) -> MainWindow:
        window = MainWindow(Pace.instant(), factory, speed=speed)
        if speed == "off":
            window.scene.trick_hold = 0
        qtbot.addWidget(window)
        window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        made.append(window)
        return window

    yield make
    for window in made:
        window.close()


@pytest.fixture(autouse=True)
def _usual_contrast(qapp: object) -> Iterator[None]:
    """Low vision's high contrast is the application's: a test that turns it on leaves it off."""
    from peppa_qt.gui.high_contrast import set_high_contrast

    yield
    set_high_contrast(False)


@pytest.fixture(autouse=True)
def _english(qapp: object) -> Iterator[None]:
    """Every window test starts in English, as an English system gives (and ends in it)."""
    from peppa_qt.gui.window.language import translations

    translations.use("en")
    yield
    translations.use("en")


@pytest.fixture(autouse=True)
def confirmations(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The question "give up the game in progress?" is answered yes and noted (a real box
    would wait).

    A test marked ``real_message_boxes`` answers the real boxes itself.
    """
    from peppa_qt.gui.dialogs.notices import Notices

    asked: list[str] = []
    if request.node.get_closest_marker("real_message_boxes"):
        return asked

    def confirm(cls: type, parent: object, question: str, action: str) -> bool:
        asked.append(question)
        return True

    monkeypatch.setattr(Notices, "confirm", classmethod(confirm))
    return asked
