"""The eight-seat deal's first frame: one animation for the 104 cards, no face drawn for a card
still in the deck, and the cards leaving one by one as before (issue 27)."""

from __future__ import annotations

import random

from PySide6.QtCore import QAbstractAnimation, QParallelAnimationGroup
from pytestqt.qtbot import QtBot

from peppa_qt.gui.table.card_pixmaps import HIDDEN, CardPixmapCache
from peppa_qt.gui.table.flights import out_cubic
from peppa_qt.gui.table.scene import DEAL_FLIGHT, DEAL_STAGGER, TableScene
from peppa_qt.gui.table.view import TableView

SEATS = 8


def eight_seat_table(qtbot: QtBot) -> TableScene:
    scene = TableScene(CardPixmapCache(max_sizes=4))
    view = TableView(scene)
    qtbot.addWidget(view)
    view.resize(1200, 720)
    view.show()
    scene.set_seats(SEATS)
    return scene


def hands_of(seed: int) -> list[list[int]]:
    """The viewer's 13 known cards (of two decks), every other hand hidden sprites."""
    own = sorted(random.Random(seed).sample(range(104), 13))
    hidden = list(range(HIDDEN, HIDDEN + 104))
    return [own] + [hidden[s * 13 : s * 13 + 13] for s in range(1, SEATS)]


def running_batch(scene: TableScene) -> QParallelAnimationGroup:
    groups = scene.findChildren(QParallelAnimationGroup)
    return next(g for g in groups if g.state() is QAbstractAnimation.State.Running)


def test_the_deal_builds_one_animation_not_one_per_card(qtbot: QtBot) -> None:
    scene = eight_seat_table(qtbot)
    scene.deal(hands_of(1), 0)
    assert scene.is_animating()
    # The batch and the one animation flying its 104 cards: a card's own animations (a
    # group, a pause, a move each) made the deal's first frame last 20-40 ms.
    assert len(scene.findChildren(QAbstractAnimation)) <= 2


def test_a_new_deal_draws_no_face_before_a_card_lands(qtbot: QtBot) -> None:
    scene = eight_seat_table(qtbot)
    scene.deal(hands_of(1), 0)
    scene.finish_animations()
    scene.taken[1] = [c for c in scene.hands[0]]  # the viewer's cards end face up in a pile
    scene.hands[0] = []
    scene.point_cards = frozenset(range(52))
    scene.place_all()
    assert all(scene.item(c).face_up for c in scene.taken[1])
    renders = scene.cache.renders
    scene.deal(hands_of(2), 3)  # the sprites of those cards stand for new ones, in the deck
    assert scene.cache.renders == renders
    assert not any(item.face_up for item in scene.card_items())


def test_the_cards_leave_one_by_one_and_land_in_place(qtbot: QtBot) -> None:
    scene = eight_seat_table(qtbot)
    hands, dealer = hands_of(3), 5
    scene.deal(hands, dealer)
    batch = running_batch(scene)
    batch.pause()
    order = [hands[(dealer + 1 + k) % SEATS][r] for r in range(13) for k in range(SEATS)]
    deck = {card: scene.item(card).pos() for card in order}
    third = order[2]
    now = 2 * DEAL_STAGGER + DEAL_FLIGHT // 2  # the third card halfway
    batch.setCurrentTime(now)
    assert scene.item(order[0]).pos() != deck[order[0]]
    waiting = order[now // DEAL_STAGGER + 1]  # the first whose turn has not come
    assert scene.item(waiting).pos() == deck[waiting]
    end = scene.target(third)[0]
    eased = out_cubic((DEAL_FLIGHT // 2) / DEAL_FLIGHT)
    expected_x = deck[third].x() + (end.x - deck[third].x()) * eased
    assert abs(scene.item(third).pos().x() - expected_x) < 0.5
    assert scene.item(third).zValue() == end.z + 1000  # above the cards in place
    batch.setCurrentTime(batch.totalDuration())
    qtbot.waitUntil(lambda: not scene.is_animating())
    assert scene.misplaced() == []
    assert all(scene.item(c).face_up for c in hands[0])
