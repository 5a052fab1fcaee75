"""The keyboard: Enter plays the card with the focus ring, Tab goes round the window."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton, QTableView, QWidget
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game

from peppa_qt.gui.presenter.table_presenter import PASSING, PLAYING
from peppa_qt.gui.window.main_window import MainWindow


def pass_by_keys(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    for _ in range(3):
        qtbot.keyClick(window.view, Qt.Key.Key_Right)
        qtbot.keyClick(window.view, Qt.Key.Key_Space)
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.presenter.mode != PASSING, timeout=5000)


def turn_with_two_legal_cards(qtbot: QtBot, window: MainWindow) -> list[int]:
    """Play on (the first legal card) until the human may choose between two cards."""
    scene = window.scene
    while True:
        qtbot.waitUntil(lambda: window.presenter.mode == PLAYING, timeout=5000)
        legal = [i for i, c in enumerate(scene.hands[0]) if not scene.item(c).dimmed]
        if len(legal) >= 2:
            return legal
        count = len(scene.hands[0])
        window.presenter.play_card(scene.hands[0][legal[0]])
        qtbot.waitUntil(lambda n=count: len(scene.hands[0]) == n - 1)


def at_a_choice_of_two(qtbot: QtBot, window: MainWindow) -> tuple[int, int]:
    """Start a one-hand Hearts game, pass by keys, play on until two cards are legal."""
    window.start_game(short_game("hearts", 1))
    pass_by_keys(qtbot, window)
    first, second = turn_with_two_legal_cards(qtbot, window)[:2]
    return first, second


def press(qtbot: QtBot, widget: QWidget, key: Qt.Key, times: int = 1) -> None:
    for _ in range(times):
        qtbot.keyClick(widget, key)


def test_enter_plays_the_card_with_the_focus_ring_not_the_one_raised_before(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    first, second = at_a_choice_of_two(qtbot, window)
    scene, view = window.scene, window.view
    hand = list(scene.hands[0])
    played: list[tuple[int, int]] = []
    window.controller.card_played.connect(lambda seat, card: played.append((seat, card)))
    assert scene.focus == hand[first]  # at the turn the ring is on the first legal card
    qtbot.keyClick(view, Qt.Key.Key_Space)  # a preview of the first card
    press(qtbot, view, Qt.Key.Key_Right, second - first)
    assert scene.focus == hand[second]
    qtbot.keyClick(view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: any(seat == 0 for seat, _ in played))
    assert (0, hand[second]) in played
    assert hand[first] in scene.hands[0]


def test_space_previews_the_focused_card_and_puts_it_back(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    first, second = at_a_choice_of_two(qtbot, window)
    scene, view = window.scene, window.view
    hand = list(scene.hands[0])
    qtbot.keyClick(view, Qt.Key.Key_Space)  # the ring is on the first legal card
    assert scene.raised == {hand[first]}
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert scene.raised == set()
    qtbot.keyClick(view, Qt.Key.Key_Space)
    press(qtbot, view, Qt.Key.Key_Right, second - first)
    assert scene.raised == set()  # the preview does not stay behind the focus ring
    assert window.presenter.mode == PLAYING and len(scene.hands[0]) == len(hand)


def focus_after(qtbot: QtBot, key: Qt.Key, modifier: Qt.KeyboardModifier) -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None
    qtbot.keyClick(widget, key, modifier)
    after = QApplication.focusWidget()
    assert after is not None
    return after


def test_tab_leaves_the_table_for_the_pass_button_and_the_score_sheet_and_comes_back(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.activateWindow()
    qtbot.waitActive(window)
    window.dock.show()
    window.start_game(short_game("hearts", 1))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    view, button = window.view, window.pass_panel.button
    for _ in range(3):
        qtbot.keyClick(view, Qt.Key.Key_Right)
        qtbot.keyClick(view, Qt.Key.Key_Space)
    view.setFocus()
    no = Qt.KeyboardModifier.NoModifier
    forward = [focus_after(qtbot, Qt.Key.Key_Tab, no) for _ in range(6)]
    assert forward[0] is button
    assert any(isinstance(w, QTableView) and w is not view for w in forward)
    assert view in forward  # round again, not stuck in the score sheet
    view.setFocus()
    shift = Qt.KeyboardModifier.ShiftModifier
    backward = [focus_after(qtbot, Qt.Key.Key_Tab, shift) for _ in range(6)]
    assert isinstance(backward[0], QTableView) and backward[0] is not view
    assert backward[backward.index(view) - 1] is button
    # Shift+Tab from the button comes back to the table, where the keys still work
    button.setFocus()
    assert focus_after(qtbot, Qt.Key.Key_Tab, shift) is view
    focused = window.scene.focus
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert window.scene.focus != focused
    qtbot.keyClick(view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.presenter.mode != PASSING, timeout=5000)


def test_the_ring_stops_at_the_ends_of_the_cards_to_play_and_says_so_home_and_end_reach_them(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    heard: list[str] = []
    window.presenter.announced.connect(lambda text, assertive: heard.append(text))
    window.start_game(short_game("hearts", 1))
    pass_by_keys(qtbot, window)
    scene, view = window.scene, window.view
    while True:  # a turn where some cards cannot be played (following suit)
        qtbot.waitUntil(lambda: window.presenter.mode == PLAYING, timeout=5000)
        legal = [c for c in scene.hands[0] if not scene.item(c).dimmed]
        if 2 <= len(legal) < len(scene.hands[0]):
            break
        count = len(scene.hands[0])
        window.presenter.play_card(legal[0])
        qtbot.waitUntil(lambda n=count: len(scene.hands[0]) == n - 1)
    assert scene.focus == legal[0]  # the turn puts the ring on the first card to play
    seen = []
    for _ in range(len(legal)):
        qtbot.keyClick(view, Qt.Key.Key_Right)
        seen.append(scene.focus)
    # Never on a dimmed card, and not round to the first: a reader would not know it jumped.
    assert seen == [*legal[1:], legal[-1]]
    assert heard[-1] == "Last card you can play."
    qtbot.keyClick(view, Qt.Key.Key_Home)
    assert scene.focus == legal[0]
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert scene.focus == legal[0] and heard[-1] == "First card you can play."
    qtbot.keyClick(view, Qt.Key.Key_End)
    assert scene.focus == legal[-1]


def test_the_ring_stops_at_the_hands_ends_while_passing(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    heard: list[str] = []
    window.presenter.announced.connect(lambda text, assertive: heard.append(text))
    window.start_game(short_game("hearts", 1))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    scene, view = window.scene, window.view
    qtbot.keyClick(view, Qt.Key.Key_End)
    assert scene.focus == scene.hands[0][-1]
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert scene.focus == scene.hands[0][-1] and heard[-1] == "Last card."
    qtbot.keyClick(view, Qt.Key.Key_Home)
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert scene.focus == scene.hands[0][0] and heard[-1] == "First card."


def test_each_turn_the_ring_is_on_a_card_to_play_and_one_enter_plays_it_the_last_too(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.start_game(short_game("hearts", 1))
    pass_by_keys(qtbot, window)
    scene, view = window.scene, window.view
    for left in range(13, 0, -1):
        qtbot.waitUntil(lambda: window.presenter.mode == PLAYING, timeout=5000)
        assert len(scene.hands[0]) == left
        assert scene.focus in scene.hands[0] and not scene.item(scene.focus).dimmed
        qtbot.keyClick(view, Qt.Key.Key_Return)  # once
        qtbot.waitUntil(lambda n=left: len(scene.hands[0]) == n - 1, timeout=5000)


def test_at_the_turn_the_ring_stays_on_the_card_it_was_on_when_that_can_be_played(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.start_game(replace(short_game("hearts", 1), seed=3))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    scene, view = window.scene, window.view
    for key in (Qt.Key.Key_End, Qt.Key.Key_Left, Qt.Key.Key_Left):  # the last three passed
        qtbot.keyClick(view, key)
        qtbot.keyClick(view, Qt.Key.Key_Space)
    qtbot.keyClick(view, Qt.Key.Key_Home)  # the ring left on a card kept
    kept = scene.focus
    qtbot.keyClick(view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.presenter.mode == PLAYING, timeout=5000)
    legal = [c for c in scene.hands[0] if not scene.item(c).dimmed]
    assert kept in legal[1:]  # (this deal: a card received is the first to play)
    assert scene.focus == kept


def test_enter_presses_the_focused_button_by_the_plate_and_on_a_panel(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    """Enter on a table button does what Space does (it must not play a card instead)."""
    window = make_window()
    window.start_game(short_game("hearts", 2))
    presenter = window.presenter
    qtbot.waitUntil(lambda: presenter.mode == PASSING, timeout=5000)
    for card in window.scene.hands[0][:3]:
        presenter.toggle_selected(card)
    presenter.confirm_pass()
    qtbot.waitUntil(lambda: presenter.mode == PLAYING, timeout=5000)
    count = len(window.scene.hands[0])
    while not any(t.complete for t in window.controller.table.tricks):  # type: ignore[union-attr]
        qtbot.waitUntil(lambda: presenter.mode == PLAYING, timeout=5000)
        card = next(c for c in window.scene.hands[0] if not window.scene.item(c).dimmed)
        presenter.play_card(card)
        count -= 1
        qtbot.waitUntil(lambda n=count: len(window.scene.hands[0]) == n, timeout=5000)
    qtbot.waitUntil(lambda: presenter.mode == PLAYING, timeout=5000)
    bar = window.game.aids_bar
    bar.last_button.setFocus()
    qtbot.keyClick(bar.last_button, Qt.Key.Key_Return)
    qtbot.waitUntil(window.game.last_trick_panel.isVisible, timeout=2000)
    assert len(window.scene.hands[0]) == count  # no card was played by the key


def test_at_the_end_of_a_hand_tab_goes_through_the_panels_buttons_in_a_row(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    """Copy, Review this hand…, Replay this deal…, Next hand, one after the other, then the
    table's own buttons and the score sheet (Tab from Next hand went to Last trick behind
    the panel, then the sheet's tabs, Replay, the sheet, and Copy last)."""
    window = make_window()
    window.activateWindow()
    qtbot.waitActive(window)
    window.dock.show()
    window.start_game(short_game("hearts", 2))
    pass_by_keys(qtbot, window)
    presenter, panel = window.presenter, window.summary_panel
    while not panel.isVisible():
        qtbot.waitUntil(lambda: presenter.mode == PLAYING or panel.isVisible(), timeout=5000)
        if presenter.mode == PLAYING:
            hand = window.scene.hands[0]
            presenter.play_card(next(c for c in hand if presenter.input.playable(c)))
    QApplication.processEvents()
    copy = next(b for b in panel.findChildren(QPushButton) if b.text() == "Copy")
    window.view.setFocus()
    no = Qt.KeyboardModifier.NoModifier
    forward = [focus_after(qtbot, Qt.Key.Key_Tab, no) for _ in range(5)]
    assert forward[:4] == [copy, panel.review, panel.replay, panel.button]
    assert not panel.isAncestorOf(forward[4])
    aids = window.build_game().aids_bar
    order = [focus_after(qtbot, Qt.Key.Key_Tab, no) for _ in range(4)]
    first_in_sheet = next(
        i for i, w in enumerate([forward[4], *order]) if window.dock.isAncestorOf(w)
    )
    assert all(
        w in (aids.hint_button, aids.last_button) for w in [forward[4], *order][:first_in_sheet]
    )
