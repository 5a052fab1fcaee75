"""The keyboard's focus on the table's buttons (Hint, Last trick, Finish the hand): reached by
Tab, plain to see, and never left there by anything but the player.

Enter on a focused button presses it; so a button that kept the focus without the player
knowing turned their Enter (meant to play the ringed card) into Last trick.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game

from peppa_qt.ai.review import ReviewBudget
from peppa_qt.gui.presenter.table_presenter import PASSING, PLAYING
from peppa_qt.gui.window.main_window import MainWindow


def after_a_trick(qtbot: QtBot, window: MainWindow) -> None:
    """The human is to play, a trick taken: Hint and Last trick both offered."""
    presenter, aids = window.presenter, window.build_game().aids_bar
    window.activateWindow()
    qtbot.waitActive(window)
    qtbot.waitUntil(lambda: presenter.mode == PASSING, timeout=5000)
    for card in window.scene.hands[0][:3]:
        presenter.toggle_selected(card)
    presenter.confirm_pass()
    while True:
        qtbot.waitUntil(lambda: presenter.mode == PLAYING, timeout=5000)
        if aids.last_button.isEnabled():
            return
        presenter.play_card(next(c for c in window.scene.hands[0] if presenter.input.playable(c)))
        qtbot.waitUntil(lambda: presenter.mode != PLAYING, timeout=5000)


def focused() -> object:
    return QApplication.focusWidget()


def test_the_arrows_on_a_table_button_move_the_ring_on_the_cards_and_enter_plays(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.start_game(short_game("hearts", 1))
    after_a_trick(qtbot, window)
    aids, scene, view = window.build_game().aids_bar, window.scene, window.view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Tab)
    button = focused()
    assert button is aids.hint_button
    ring = scene.focus
    qtbot.keyClick(button, Qt.Key.Key_Right)  # the player means the cards: the ring moves
    assert focused() is view and scene.focus != ring and scene.focus in scene.hands[0]
    qtbot.keyClick(view, Qt.Key.Key_Left)
    card = scene.focus
    assert card is not None
    hand = len(scene.hands[0])
    if window.presenter.input.playable(card):
        qtbot.keyClick(focused(), Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: len(scene.hands[0]) == hand - 1, timeout=2000)
        assert card not in scene.hands[0]
    assert not window.build_game().last_trick_panel.isVisible()


def test_a_hint_from_its_button_leaves_enter_to_play_the_card_it_rings(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.start_game(short_game("hearts", 1))
    after_a_trick(qtbot, window)
    aids, scene, view = window.build_game().aids_bar, window.scene, window.view
    window.session.reviewer.budget = ReviewBudget(worlds=24, pass_worlds=24, pass_candidates=3)
    aids.hint_button.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(aids.hint_button, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: scene.focus is not None and bool(scene.hinted), timeout=60_000)
    hinted = scene.focus
    assert focused() is view
    hand = len(scene.hands[0])
    qtbot.keyClick(view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(scene.hands[0]) == hand - 1, timeout=2000)
    assert hinted not in scene.hands[0]
    assert not window.build_game().last_trick_panel.isVisible()


def test_a_focused_button_that_goes_leaves_the_keys_to_the_cards(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    """Hint focused, and the turn taken without a key (a forced card played by itself): the
    focus goes back to the table, not on to Last trick, where the next Enter would open it."""
    window = make_window()
    window.apply_settings(replace(window.settings, auto_play=True))
    window.start_game(short_game("hearts", 1))
    after_a_trick(qtbot, window)
    aids, presenter = window.build_game().aids_bar, window.presenter
    aids.hint_button.setFocus(Qt.FocusReason.TabFocusReason)
    presenter.play_card(next(c for c in window.scene.hands[0] if presenter.input.playable(c)))
    assert not aids.hint_button.isEnabled() and aids.last_button.isEnabled()
    assert focused() is window.view
    qtbot.waitUntil(lambda: presenter.mode == PLAYING, timeout=5000)
    assert focused() is window.view


def test_with_the_score_sheet_open_tab_goes_to_the_table_buttons_first(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    """As the Keyboard help says: Tab goes from the cards to the table's buttons, then the
    score sheet (with the sheet open, the first Tab went to the sheet's tabs, out of sight of
    a player looking at the cards), and Shift+Tab back the same way."""
    window = make_window()
    window.start_game(short_game("hearts", 1))
    after_a_trick(qtbot, window)
    window.dock.show()
    QApplication.processEvents()
    aids, view = window.build_game().aids_bar, window.view
    view.setFocus()
    order: list[object] = []
    for _ in range(5):
        qtbot.keyClick(focused(), Qt.Key.Key_Tab)
        order.append(focused())
    assert order[:2] == [aids.hint_button, aids.last_button]
    assert all(isinstance(w, QWidget) and window.dock.isAncestorOf(w) for w in order[2:-1])
    assert order[-1] is view
    back: list[object] = []
    for _ in range(5):
        qtbot.keyClick(focused(), Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
        back.append(focused())
    assert back == [*reversed(order[:-1]), view]


def test_the_pass_button_clicked_leaves_the_keys_to_the_cards(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    """Seen under Xvfb (low vision's outline showed it): the pass button clicked took the
    focus, and when the prompt went it passed on to the score sheet's tabs, where the
    player's arrows turned the sheet's pages instead of moving the ring on the cards."""
    window = make_window()
    window.dock.show()
    window.start_game(short_game("hearts", 1))
    window.activateWindow()
    qtbot.waitActive(window)
    presenter = window.presenter
    qtbot.waitUntil(lambda: presenter.mode == PASSING, timeout=5000)
    for card in window.scene.hands[0][:3]:
        presenter.toggle_selected(card)
    qtbot.mouseClick(window.pass_panel.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.pass_panel.isVisible())
    assert focused() is window.view
