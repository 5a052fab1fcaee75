"""New games chosen by the player: out of the demo, Play again's question, the rules' language,
and ``--quit-after-hands``."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from persistence_helpers import step, step_until
from player_doubles import random_factory
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game

from peppa_qt.app import build_window
from peppa_qt.controller import Pace, game_controller
from peppa_qt.gui.dialogs.help import RulesDialog
from peppa_qt.gui.dialogs.new_game import NewGameDialog
from peppa_qt.gui.window.game import DEMO_SUMMARY_MS
from peppa_qt.gui.window.main_window import SPEEDS, MainWindow
from peppa_qt.storage.background import WRITER


def demo_window(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, quit_after_hands: int | None = None
) -> MainWindow:
    """The ``--demo`` window as the app builds it, with quick test players that never pause."""
    monkeypatch.setattr(game_controller, "make_player", random_factory)
    for speed in ("off", "fast"):  # (animation factor, computer's pause, trick hold)
        monkeypatch.setitem(SPEEDS, speed, (0.0, 0, 0))
    window = build_window(True, quit_after_hands, speed="off")
    qtbot.addWidget(window)
    window.build_game().controller.pace = Pace.instant()
    window.scene.trick_hold = 0
    window.show()
    return window


def test_a_new_game_chosen_in_the_demo_is_a_normal_game(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = demo_window(qtbot, monkeypatch)
    window.start_game()
    assert window.demo and window.presenter.auto_continue_ms is not None
    chosen = short_game("hearts", 1)
    monkeypatch.setattr(NewGameDialog, "ask", classmethod(lambda cls, *args: chosen))
    window.commands.ask_new_game()
    assert not window.demo and window.session.keeps_files
    step_until(qtbot, window, window.summary_panel.isVisible)
    assert window.profile.where.autosave_file.is_file()  # autosaved as it goes
    qtbot.wait(DEMO_SUMMARY_MS // 2 + 300)  # past the demo's own delay at this speed
    assert window.summary_panel.isVisible()  # the player dismisses it, not a timer
    window.presenter.continue_after_hand()
    qtbot.waitUntil(window.game_over_panel.isVisible, timeout=10_000)
    stats, problem = window.profile.load_statistics()
    assert problem is None and [e.games for e in stats.entries] == [1, 1, 1, 1]


def test_play_again_in_the_demo_is_the_demo_again(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = demo_window(qtbot, monkeypatch)
    window.start_game(short_game("hearts", 1, human=False))
    qtbot.waitUntil(window.game_over_panel.isVisible, timeout=20_000)
    window.commands.play_again()
    assert window.demo and window.presenter.auto_continue_ms is not None
    assert not window.session.keeps_files


def test_the_rules_follow_the_language_setting_each_time_they_open(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.apply_settings(replace(window.settings, language="it"))
    window.commands.show_rules()
    dialog = window.findChild(RulesDialog)
    assert isinstance(dialog, RulesDialog)
    assert dialog.language.currentData() == "it"
    italian = dialog.browser.toPlainText()
    dialog.close()
    window.apply_settings(replace(window.settings, language="en"))  # as Preferences does
    window.commands.show_rules()
    assert dialog.language.currentData() == "en"
    assert dialog.browser.toPlainText() != italian
    dialog.language.setCurrentIndex(dialog.language.findData("it"))  # chosen in the dialog
    dialog.close()
    window.commands.show_rules()  # the setting has not changed since: the dialog's choice stays
    assert dialog.language.currentData() == "it"


class BoxAnswer:
    """Answers the next message box with ``key`` (Escape) or its accepting button."""

    def __init__(self, key: Qt.Key | None = None) -> None:
        self.key = key
        self.seen: list[tuple[str, bool, bool]] = []  # text, Cancel default, Escape cancels
        self.stopped = False
        QTimer.singleShot(0, self._look)

    def _look(self) -> None:
        if self.stopped:
            return
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(10, self._look)
            return
        cancel = box.button(QMessageBox.StandardButton.Cancel)
        text = box.text()
        self.seen.append((text, box.defaultButton() is cancel, box.escapeButton() is cancel))
        if self.key is not None:
            QTest.keyClick(box, self.key)
        else:
            accept = next(
                b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.AcceptRole
            )
            accept.click()


def play_again_action(window: MainWindow) -> QAction:
    return next(a for a in window.findChildren(QAction) if a.text() == "&Play again")


@pytest.mark.real_message_boxes
def test_play_again_asks_first_while_a_game_is_in_progress(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.start_game(short_game("hearts", 1))
    step_until(qtbot, window, lambda: window.presenter.mode == "playing")
    match = window.controller.match
    WRITER.flush()  # the autosave is written by the writer's thread
    autosaved = window.profile.where.autosave_file.read_bytes()
    assert play_again_action(window).shortcut().toString() == "Ctrl+R"
    escape = BoxAnswer(Qt.Key.Key_Escape)
    play_again_action(window).trigger()
    assert len(escape.seen) == 1
    text, cancel_is_default, escape_cancels = escape.seen[0]
    assert "in progress" in text and cancel_is_default and escape_cancels
    assert window.controller.match is match  # nothing happened
    assert window.profile.where.autosave_file.read_bytes() == autosaved
    yes = BoxAnswer()
    play_again_action(window).trigger()
    assert len(yes.seen) == 1
    assert window.controller.match is not match  # a new deal
    match = window.controller.match
    step_until(qtbot, window, window.summary_panel.isVisible)
    window.presenter.continue_after_hand()
    qtbot.waitUntil(window.game_over_panel.isVisible, timeout=10_000)
    none = BoxAnswer()
    play_again_action(window).trigger()  # the game is over: no question
    none.stopped = True
    assert none.seen == [] and window.controller.match is not match


@pytest.mark.real_message_boxes
def test_a_game_saved_as_it_stands_is_left_without_a_question(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path
) -> None:
    """Nothing is lost once the game is in its file; one move more and something would be."""
    window = make_window()
    window.start_game(short_game("hearts", 1))
    step_until(qtbot, window, lambda: window.presenter.mode == "playing")
    assert window.session.save_to(tmp_path / "evening.peppa")
    match = window.controller.match
    none = BoxAnswer()
    play_again_action(window).trigger()
    none.stopped = True
    assert none.seen == [] and window.controller.match is not match
    assert window.session.open_path(tmp_path / "evening.peppa")  # as saved: still nothing to lose
    step(qtbot, window)  # a card more than the file holds
    escape = BoxAnswer(Qt.Key.Key_Escape)
    play_again_action(window).trigger()
    assert len(escape.seen) == 1 and "in progress" in escape.seen[0][0]
    none = BoxAnswer()
    window.commands.save()  # to the file it came from
    play_again_action(window).trigger()
    none.stopped = True
    assert none.seen == []


def test_quitting_after_n_hands_stops_the_demos_next_hand(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = demo_window(qtbot, monkeypatch, quit_after_hands=1)
    window.apply_speed("fast")  # the window closes 1.5 s after the hand; the demo goes on sooner
    assert window.presenter.auto_continue_ms is not None
    assert window.presenter.auto_continue_ms < 1500
    window.start_game(short_game("hearts", 3, human=False))
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=20_000)
    match = window.controller.match
    assert match is not None and len(match.hands) == 1


def test_a_resumed_hand_already_scored_does_not_count_toward_quitting(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path
) -> None:
    first = make_window()
    first.start_game(short_game("hearts", 3, human=False))
    qtbot.waitUntil(first.summary_panel.isVisible, timeout=10_000)
    snapshot = first.session.snapshot()
    assert snapshot is not None
    path = tmp_path / "between.peppa"
    assert first.profile.save_game(path, snapshot) is None
    first.close()
    window = make_window()
    window.quit_after_hands = 1
    assert window.commands.open_path(path)
    qtbot.waitUntil(window.summary_panel.isVisible, timeout=10_000)  # hand 1's, shown again
    qtbot.wait(100)
    assert window.isVisible()
    window.presenter.continue_after_hand()
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=10_000)
    match = window.controller.match
    assert match is not None and len(match.hands) == 2
