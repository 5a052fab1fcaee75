"""The table is drawn for one seat, its viewer: any seat may be the human's, and the screen
shows that seat's cards at the bottom and the others in their real places, hidden."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from PySide6.QtCore import QPointF, Qt
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game
from test_whole_game import (
    assert_table_matches_engine,
    pass_by_clicking,
    play_by_clicking,
    waiting_for_someone,
)

from peppa_qt.controller import GameSetup, SeatSetup
from peppa_qt.gui.presenter.table_presenter import PASSING, PLAYING
from peppa_qt.gui.table.card_pixmaps import HIDDEN
from peppa_qt.gui.table.layout import BOTTOM, place_of, side_of
from peppa_qt.gui.window.main_window import MainWindow


def human_at(seat: int, preset: str = "hearts") -> GameSetup:
    """A one-hand game whose only human sits at ``seat``."""
    setup = short_game(preset, 1)
    seats = [SeatSetup(f"Bot {s}", "x") for s in range(4)]
    seats[seat] = SeatSetup("Anna")
    return replace(setup, seats=(seats[0], seats[1], seats[2], seats[3]))


def assert_seats_in_their_places(window: MainWindow, viewer: int) -> None:
    scene, layout = window.scene, window.scene.layout
    for seat in range(scene.seats):
        side = place_of(seat, viewer, scene.seats)
        area = layout.hand_rect(side, len(scene.hands[seat])).adjusted(-1, -1, 1, 1)
        for item in scene.items_of_hand(seat):
            assert area.contains(QPointF(item.pos())), (seat, side)
        assert scene.badges[seat].pos() == layout.badge_rect(side).topLeft()


def marks_on_hidden_cards(window: MainWindow) -> list[int]:
    """Cards not face up that carry a ring, a dimming or the focus (each would tell)."""
    return [
        item.card
        for item in window.scene.card_items()
        if not item.face_up and (item.highlighted or item.dimmed or item.focused)
    ]


@pytest.mark.parametrize("seat", [1, 2, 3])
def test_a_human_at_any_seat_plays_a_whole_hand_seen_from_their_seat(
    qtbot: QtBot, make_window: WindowMaker, seat: int
) -> None:
    window = make_window()
    window.start_game(human_at(seat))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    assert window.scene.viewer == seat == window.controller.viewer
    assert_seats_in_their_places(window, seat)
    plays = 0
    while not window.summary_panel.isVisible():
        qtbot.waitUntil(lambda: waiting_for_someone(window), timeout=5000)
        assert marks_on_hidden_cards(window) == []
        if window.presenter.mode == PASSING:
            pass_by_clicking(qtbot, window)
        elif window.presenter.mode == PLAYING:
            assert_table_matches_engine(window)
            assert_seats_in_their_places(window, seat)
            play_by_clicking(qtbot, window)
            plays += 1
    assert plays == 13
    assert all(side_of(s, seat) != BOTTOM for s in range(4) if s != seat)


def test_no_face_down_card_ever_carries_a_mark(qtbot: QtBot, make_window: WindowMaker) -> None:
    """The received ring, the dimming and the focus ring stay on the viewer's own cards."""
    window = make_window()
    window.start_game(short_game("torino", 2))
    seen = 0
    while not window.game_over_panel.isVisible():
        qtbot.waitUntil(lambda: waiting_for_someone(window), timeout=5000)
        assert marks_on_hidden_cards(window) == []
        if window.presenter.mode == PASSING:
            pass_by_clicking(qtbot, window)
            seen += 1
        elif window.presenter.mode == PLAYING:
            qtbot.keyClick(window.view, Qt.Key.Key_Right)  # the focus ring on a card
            play_by_clicking(qtbot, window)
            seen += 1
        elif window.summary_panel.isVisible():
            qtbot.mouseClick(window.summary_panel.button, Qt.MouseButton.LeftButton)
    assert seen == 2 * 14


def test_the_slot_a_hidden_card_leaves_from_does_not_depend_on_the_card(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    """Two tables alike but for the card an opponent plays: it leaves from the same slot."""
    first, second = make_window(), make_window()
    rng = random.Random(5)
    for _ in range(200):
        mine = rng.sample(range(52), 13)
        others = [c for c in range(52) if c not in mine]
        slots = []
        for window, card in ((first, rng.choice(others)), (second, rng.choice(others))):
            scene = window.scene
            hidden = [[HIDDEN + 13 * s + k for k in range(13)] for s in range(1, 4)]
            scene.slots = random.Random(7)  # both tables' generators in the same state
            scene.restore([sorted(mine), *hidden], 0, [], [[], [], [], []])
            before = list(scene.hands[1])
            scene.play(1, card)
            slots.append(next(i for i, c in enumerate(before) if c not in scene.hands[1]))
            assert scene.item(card).face_up and all(c >= HIDDEN for c in scene.hands[1])
        assert slots[0] == slots[1]
