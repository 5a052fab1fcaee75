"""Every button shows its whole text: after a change of language, and with the focus on it."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QApplication, QPushButton, QStyle, QStyleOptionButton, QWidget
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game

from peppa_qt.gui.presenter.table_presenter import IDLE, PASSING, PLAYING
from peppa_qt.gui.window.main_window import MainWindow


def clipped(window: QWidget) -> list[str]:
    """The shown buttons too small for their text as they are drawn now (focused or not):
    the box the style leaves for the words (padding and border taken off) against the
    text's width and the font's height (the descenders)."""
    found = []
    for button in window.findChildren(QPushButton):
        if not button.isVisible() or not button.text():
            continue
        text, metrics = button.text().replace("&", ""), button.fontMetrics()
        option = QStyleOptionButton()
        button.initStyleOption(option)
        room = button.style().subElementRect(
            QStyle.SubElement.SE_PushButtonContents, option, button
        )
        need = QSize(metrics.horizontalAdvance(text), metrics.height())
        if room.width() < need.width() or room.height() < need.height():
            focus = " (focused)" if button.hasFocus() else ""
            found.append(
                f"{text!r}{focus}: {need.width()}×{need.height()} px of text"
                f" in {room.width()}×{room.height()} px"
            )
    return found


def clipped_when_focused(window: QWidget) -> list[str]:
    """``clipped`` with the focus on each shown button in turn."""
    found = []
    for button in window.findChildren(QPushButton):
        if button.isVisible() and button.isEnabled():
            button.setFocus(Qt.FocusReason.TabFocusReason)
            assert button.hasFocus()
            found += [f for f in clipped(window) if f not in found]
    return found


def to_the_moment(qtbot: QtBot, window: MainWindow, moment: str) -> None:
    """Play on (the first legal cards) until ``moment``: a pass chosen, the aids offered
    after a trick, a hand's summary, the final ranking."""
    presenter, scene, game = window.presenter, window.scene, window.build_game()
    shown = {
        "passing": lambda: presenter.mode == PASSING and len(presenter.selected) == 3,
        "aids": lambda: presenter.mode == PLAYING and game.aids_bar.last_button.isEnabled(),
        "summary": game.summary_panel.isVisible,
        "game over": game.game_over_panel.isVisible,
    }[moment]
    while not shown():
        qtbot.waitUntil(
            lambda: presenter.mode != IDLE or game.summary_panel.isVisible(), timeout=5000
        )
        if presenter.mode == PASSING and len(presenter.selected) < 3:
            presenter.toggle_selected(
                next(c for c in scene.hands[0] if c not in presenter.selected)
            )
        elif shown():
            break
        elif presenter.mode == PASSING:
            presenter.confirm_pass()
        elif presenter.mode == PLAYING:
            presenter.play_card(next(c for c in scene.hands[0] if presenter.input.playable(c)))
        elif game.summary_panel.isVisible():
            presenter.continue_after_hand()
            qtbot.waitUntil(game.game_over_panel.isVisible, timeout=5000)
    QApplication.processEvents()


@pytest.mark.parametrize("moment", ["passing", "aids", "summary", "game over"])
def test_after_the_live_switch_to_italian_every_button_shows_its_words(
    qtbot: QtBot, make_window: WindowMaker, moment: str
) -> None:
    window = make_window(size=(1024, 640))
    window.start_game(short_game("hearts", 1))
    to_the_moment(qtbot, window, moment)
    assert clipped(window) == []
    menu = window.menuBar().actions()[0]
    english = menu.text()
    for language in ("it", "en", "it"):
        window.apply_settings(replace(window.settings, language=language))
        now_english = language == "en"
        qtbot.waitUntil(lambda en=now_english: (menu.text() == english) == en, timeout=2000)
        QApplication.processEvents()
        assert clipped(window) == [], language


@pytest.mark.parametrize("moment", ["passing", "aids", "summary", "game over"])
@pytest.mark.parametrize("language", ["en", "it"])
def test_a_button_with_the_focus_shows_its_whole_text(
    qtbot: QtBot, make_window: WindowMaker, moment: str, language: str
) -> None:
    """The focus frame takes no room from the words ("Play again" lost its descenders)."""
    window = make_window(size=(1024, 640))
    window.activateWindow()
    qtbot.waitActive(window)
    window.apply_settings(replace(window.settings, language=language))
    window.start_game(short_game("hearts", 1))
    to_the_moment(qtbot, window, moment)
    assert clipped(window) == []
    assert clipped_when_focused(window) == []


@pytest.mark.parametrize("language", ["en", "it"])
def test_copy_shows_its_whole_answer_when_clicked(
    qtbot: QtBot, make_window: WindowMaker, language: str
) -> None:
    """Copy beside the deal number says "Copied ✓" whole, in the room it had (measured
    before the panel's bold font and padding applied, it was too narrow: where the deal's
    row is the panel's widest, "opied" showed)."""
    window = make_window(size=(1024, 640))
    window.apply_settings(replace(window.settings, language=language))
    window.start_game(short_game("hearts", 1))
    to_the_moment(qtbot, window, "summary")
    panel = window.build_game().summary_panel
    copy = next(b for b in panel.findChildren(QPushButton) if b.text() in ("Copy", "Copia"))
    width = copy.width()
    copy.click()
    QApplication.processEvents()
    assert copy.text().endswith("✓")
    assert clipped(window) == []
    assert copy.width() == width  # nothing moves
