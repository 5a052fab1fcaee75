"""A whole game played through the window: clicks on the cards, from the deal to the ranking."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

import pytest
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game

from peppa_qt.controller import Refusal
from peppa_qt.engine import view_of
from peppa_qt.engine.cardset import listed, minus, set_of, size
from peppa_qt.engine.errors import Reason
from peppa_qt.gui import texts
from peppa_qt.gui.presenter.table_presenter import IDLE, PASSING, PLAYING
from peppa_qt.gui.table.card_pixmaps import card_of, is_hidden
from peppa_qt.gui.window.main_window import MainWindow


def click_card(qtbot: QtBot, window: MainWindow, card: int) -> None:
    view = window.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.card_position(card))


def assert_table_matches_engine(window: MainWindow) -> None:
    """The table shows the engine's state as its viewer may see it, and nothing more.

    The viewer's hand is exactly theirs, face up; every other hand has the right number of
    cards, face down, and names no card but those the viewer passed there.
    """
    match, scene = window.controller.match, window.scene
    assert match is not None and match.current is not None
    hand, viewer = match.current, scene.viewer
    view = view_of(match, viewer)
    for seat in range(scene.seats):
        shown = scene.hands[seat]
        if seat == viewer:
            assert faces_of(shown) == listed(hand.hands[seat]), f"hand of seat {seat}"
        else:
            assert len(shown) == size(hand.hands[seat]), f"hand of seat {seat}"
            named = faces_of(c for c in shown if not is_hidden(c))
            passed_here = seat == view.pass_target and view.received is not None
            plays = [c for i, c in enumerate(view.plays) if view.seat_of_play(i) == seat]
            known = minus(view.passed or 0, set_of(plays)) if passed_here else 0
            assert named == listed(known), f"seat {seat}: cards named that {viewer} cannot see"
        assert faces_of(scene.taken[seat]) == listed(hand.taken[seat]), f"taken by seat {seat}"
        assert all(scene.item(c).face_up == (seat == viewer) for c in shown)
    assert [card_of(card) for _, card in scene.trick] == hand.trick
    assert scene.misplaced() == []


def faces_of(sprites: Iterable[int]) -> list[int]:
    """The cards these sprites show, in the engine's order (a copy after its twin)."""
    return sorted(card_of(c) for c in sprites)


def waiting_for_someone(window: MainWindow) -> bool:
    panels = (window.summary_panel, window.game_over_panel)
    return window.presenter.mode != IDLE or any(p.isVisible() for p in panels)


def pass_by_clicking(qtbot: QtBot, window: MainWindow) -> None:
    hand = window.scene.hands[window.scene.viewer]
    chosen = [hand[0], hand[5], hand[-1]]
    for card in chosen:
        click_card(qtbot, window, card)
    assert window.scene.raised == set(chosen)
    assert window.pass_panel.button.isEnabled()
    qtbot.mouseClick(window.pass_panel.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.presenter.mode != PASSING)


def try_an_illegal_card(qtbot: QtBot, window: MainWindow) -> bool:
    """Click a dimmed card: nothing moves, the status line says why."""
    scene = window.scene
    dimmed = [c for c in scene.hands[scene.viewer] if scene.item(c).dimmed]
    if not dimmed:
        return False
    hand = window.controller.hand
    assert hand is not None
    before = (list(hand.plays), [list(h) for h in scene.hands], list(scene.trick))
    refusals: list[Refusal] = []
    window.controller.move_refused.connect(refusals.append)
    click_card(qtbot, window, dimmed[0])
    window.controller.move_refused.disconnect(refusals.append)
    assert refusals and refusals[0].reason is not Reason.NOT_YOUR_TURN
    assert window.status_line.prompt() == texts.refusal_text(refusals[0])
    assert (list(hand.plays), [list(h) for h in scene.hands], list(scene.trick)) == before
    assert window.presenter.mode == PLAYING
    return True


def play_by_clicking(qtbot: QtBot, window: MainWindow) -> None:
    scene = window.scene
    seat = scene.viewer
    legal = [c for c in scene.hands[seat] if not scene.item(c).dimmed]
    assert legal
    count = len(scene.hands[seat])
    click_card(qtbot, window, legal[-1])
    qtbot.waitUntil(lambda: len(scene.hands[seat]) == count - 1)


def test_a_whole_game_of_hearts_by_mouse(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    checked_tricks: list[int] = []

    def check_after_trick() -> None:
        if pending:
            pending.clear()
            assert_table_matches_engine(window)
            checked_tricks.append(1)

    pending: list[int] = []
    window.controller.trick_taken.connect(lambda winner, cards: pending.append(winner))
    window.scene.animations_finished.connect(check_after_trick)
    window.start_game(short_game("hearts", 2))
    illegal_tried = 0
    while not window.game_over_panel.isVisible():
        qtbot.waitUntil(lambda: waiting_for_someone(window), timeout=5000)
        if window.presenter.mode == PASSING:
            pass_by_clicking(qtbot, window)
        elif window.presenter.mode == PLAYING:
            assert_table_matches_engine(window)
            illegal_tried += try_an_illegal_card(qtbot, window)
            play_by_clicking(qtbot, window)
        elif window.summary_panel.isVisible():
            assert_table_matches_engine(window)
            qtbot.mouseClick(window.summary_panel.button, Qt.MouseButton.LeftButton)
    assert len(checked_tricks) == 26
    assert illegal_tried > 0
    assert window.scores.hand_count() == 2
    match = window.controller.match
    assert match is not None and match.is_over
    assert window.game_over_panel.winner.text()


def test_play_again_starts_a_fresh_game(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    window.start_game(short_game("peppa", 1, human=False))
    qtbot.waitUntil(window.summary_panel.isVisible, timeout=10_000)
    qtbot.mouseClick(window.summary_panel.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(window.game_over_panel.isVisible)
    window.game_over_panel.play_again.emit()
    qtbot.waitUntil(lambda: not window.game_over_panel.isVisible())
    match = window.controller.match
    assert match is not None and len(match.hands) == 1
    assert window.scores.hand_count() == 0


def test_keyboard_passes_and_plays(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    window.start_game(short_game("peppa", 1))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING)
    view = window.view
    for _ in range(3):
        qtbot.keyClick(view, Qt.Key.Key_Right)
        qtbot.keyClick(view, Qt.Key.Key_Space)
    assert len(window.presenter.selected) == 3
    assert window.scene.focus == window.scene.hands[0][2]
    qtbot.keyClick(view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.presenter.mode == PLAYING, timeout=5000)
    scene = window.scene
    count = len(scene.hands[0])
    first_legal = next(i for i, c in enumerate(scene.hands[0]) if not scene.item(c).dimmed)
    for _ in range(first_legal + 1):
        qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(scene.hands[0]) == count - 1)


def test_dragging_a_card_onto_the_table_plays_it(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    window.start_game(short_game("peppa", 1))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING)
    pass_by_clicking(qtbot, window)
    qtbot.waitUntil(lambda: window.presenter.mode == PLAYING, timeout=5000)
    scene, view = window.scene, window.view
    card = next(c for c in scene.hands[0] if not scene.item(c).dimmed)
    start = view.card_position(card)
    target = view.mapFromScene(scene.layout.center_x, scene.layout.center_y)
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 6):
        point = start + (target - start) * step / 5
        qtbot.mouseMove(view.viewport(), point)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=target)
    qtbot.waitUntil(lambda: card not in scene.hands[0])
    assert (0, card) in scene.trick or any(card in taken for taken in scene.taken)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_a_click_near_the_next_cards_edge_takes_the_card_seen_there(
    qtbot: QtBot, make_window: WindowMaker, size: tuple[int, int]
) -> None:
    """A card is clicked where it shows: the next card's shadow, beside it, is not the next
    card (a click on the right of A♠'s strip chose the 3♥ over it: "You must follow
    spades")."""
    window = make_window(size=size)
    window.start_game(short_game("peppa", 1))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING)
    scene, view = window.scene, window.view
    hand = list(scene.hands[scene.viewer])
    for card, right in pairwise(hand):
        item = scene.item(right)
        edge = view.mapFromScene(item.mapToScene(item.card_rect().topLeft()))
        middle = view.card_position(card)
        point = QPoint(edge.x() - 2, middle.y())
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
        assert window.presenter.selected == [card], (card, right)
        click_card(qtbot, window, card)  # put it back
        assert window.presenter.selected == []
