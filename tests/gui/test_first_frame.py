"""The first frame: the table in the player's felt and window before the settings are read."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from persistence_helpers import Messages
from player_doubles import random_factory
from PySide6.QtCore import QSize
from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from peppa_qt.app import build_window
from peppa_qt.controller import game_controller
from peppa_qt.gui.table.view import FELTS
from peppa_qt.gui.window.main_window import MainWindow
from peppa_qt.storage import Profile, Settings, locations

ROOT = Path(__file__).resolve().parents[2]
#: The app's window in a fresh process: which of our modules were loaded at its first paint,
#: and which when the cards were dealt.
LOADED = """
import sys
sys.path.insert(0, %(root)r)
from pathlib import Path
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication
from peppa_qt.app import build_window

def ours():
    return " ".join(sorted(m for m in sys.modules if m.startswith("peppa_qt")))

class Watch(QObject):
    first = True

    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            if self.first:
                print("table", ours(), flush=True)
                self.first = False
            elif window.scene.hands[0]:
                print("dealt", ours(), flush=True)
                app.exit(0)
        return False

app = QApplication([])
window = build_window(False, None, speed="off", profile_dir=Path(%(profile)r))
watch = Watch()
window.view.viewport().installEventFilter(watch)
window.show()
window.after_first_paint(window.start_game)
app.exec()
"""


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[Settings]:
    """The settings each full read of the file gave, in order."""
    done: list[Settings] = []
    real = Profile.load_settings

    def load(self: Profile) -> tuple[Settings, object]:
        settings, problem = real(self)
        done.append(settings)
        return settings, problem

    monkeypatch.setattr(Profile, "load_settings", load)
    return done


@pytest.fixture
def messages(monkeypatch: pytest.MonkeyPatch) -> Messages:
    captured = Messages()
    captured.install(monkeypatch)
    return captured


def first_frame(qtbot: QtBot) -> tuple[MainWindow, QImage]:
    """The app's window, shown, and its table as painted the first time."""
    window = build_window(False, None, speed="off")
    qtbot.addWidget(window)
    window.show()
    return window, window.view.viewport().grab().toImage()


def felt_centre(frame: QImage) -> QColor:
    return frame.pixelColor(frame.width() // 2, frame.height() // 2)


def near(colour: QColor, expected: QColor) -> bool:
    """Within the felt's woven grain of ``expected``."""
    pairs = zip(colour.getRgb()[:3], expected.getRgb()[:3], strict=True)
    return all(abs(a - b) <= 20 for a, b in pairs)


def test_the_first_frame_has_the_saved_felt_size_and_score_sheet(
    qtbot: QtBot, reads: list[Settings]
) -> None:
    before = MainWindow(speed="off")  # as the player left it: red felt, smaller, sheet open
    qtbot.addWidget(before)
    before.apply_settings(replace(before.settings, table_colour="red"))
    before.show()
    before.resize(1100, 700)
    before.dock.show()
    qtbot.waitUntil(lambda: before.size() == QSize(1100, 700))
    before.close()  # remembers the window and saves the settings
    reads.clear()

    window, frame = first_frame(qtbot)
    assert reads == []  # painted before the settings file is read properly
    assert near(felt_centre(frame), FELTS["red"][0])
    # (the offscreen screen is narrower than the window's minimum width: only the height stays)
    assert window.size().height() == 700 and window.dock.isVisible()
    qtbot.waitUntil(lambda: len(reads) == 1)  # right after the first paint
    assert reads[0].table_colour == "red" and window.settings.table_colour == "red"
    assert window.size().height() == 700 and window.dock.isVisible()
    restored = MainWindow(speed="off")  # reads the settings before its first frame
    qtbot.addWidget(restored)
    assert restored.size() == window.size() and not restored.dock.isHidden()


@pytest.mark.parametrize("content", ["{garbage", '{"version": 1, "table_colour": 7}', "[" * 50_000])
def test_a_damaged_file_paints_the_defaults_then_is_told_once_and_set_aside(
    qtbot: QtBot,
    reads: list[Settings],
    messages: Messages,
    monkeypatch: pytest.MonkeyPatch,
    content: str,
) -> None:
    where = locations()
    where.config_dir.mkdir(parents=True)
    where.settings_file.write_text(content)
    monkeypatch.setattr(game_controller, "make_player", random_factory)
    window, frame = first_frame(qtbot)
    assert near(felt_centre(frame), FELTS["green"][0])
    assert where.settings_file.read_text() == content  # the peek moves nothing
    window.after_first_paint(window.commands.start_or_resume)  # as the app does
    qtbot.waitUntil(lambda: window.scene.hands[0] != [])
    assert reads == [Settings()]
    assert messages.told == [
        "Your settings file is damaged, so Peppa uses its default settings; "
        "the file was kept as settings.json.corrupt."
    ]
    assert where.settings_file.with_name("settings.json.corrupt").read_text() == content
    window.close()


def test_the_first_frame_waits_for_neither_the_engine_nor_the_computer_players(
    profile_dir: Path,
) -> None:
    code = LOADED % {"root": str(ROOT), "profile": str(profile_dir)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    frames = dict(line.split(" ", 1) for line in done.stdout.splitlines())
    table, dealt = frames["table"].split(), frames["dealt"].split()
    assert "peppa_qt.storage.appearance" in table
    for slow in ("peppa_qt.engine", "peppa_qt.storage.settings", "peppa_qt.ai"):
        assert slow not in table
    # The deal needs the engine and the chosen level (normal), not every level there is.
    assert {"peppa_qt.engine", "peppa_qt.ai.normal"} <= set(dealt)
    assert "peppa_qt.ai.expert" not in dealt
