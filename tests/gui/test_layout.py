"""The table's geometry: nothing overlaps that should not, at the sizes players use."""

from __future__ import annotations

from itertools import pairwise

import pytest
from PySide6.QtCore import QRectF

from peppa_qt.gui.table.layout import (
    BOTTOM,
    LEFT,
    MIN_STEP,
    MOST_POINT_CARDS,
    RIGHT,
    TOP,
    TableLayout,
    seat_at,
    side_of,
)
from peppa_qt.gui.table.layout_oval import table_layout

#: Tables players get: a 1024×600 work area (760×500 with the score sheet open beside it),
#: 1024×640 and 1280×800 screens, and large ones.
SIZES = [
    (760, 500),
    (808, 700),  # 1280×800 with the score sheet open
    (1000, 526),
    (1024, 580),
    (1280, 740),
    (1920, 1040),
    (2560, 1380),
]
#: Narrow tables low vision is also checked at (the viewer's taken cards go above their plate
#: there): 1024×640 with the score sheet open, an 800×600 screen, 1024×640 with a narrower
#: sheet.
NARROW = [(800, 580), (800, 540), (880, 580)]
#: 1024×640 with the score sheet at the width it opens at: four seats' low vision too.
SHEET_OPEN = (640, 573)
#: The usual look on the narrow tables too, and 1024×600 with the score sheet as it opens.
USUAL_NARROW = [*NARROW, SHEET_OPEN, (640, 500)]
LARGE_SIZES = [(w, h, False) for w, h in SIZES + USUAL_NARROW]
LARGE_SIZES += [(w, h, True) for w, h in SIZES + NARROW]
FOUR_SIZES = [*LARGE_SIZES, (*SHEET_OPEN, True)]
BOTH = (False, True)
DECK_SIZES = [(1024, 590), (1280, 750)]


def card_rect(layout: TableLayout, x: float, y: float, rotation: float, scale: float) -> QRectF:
    w, h = layout.card_w * scale, layout.card_h * scale
    if rotation:
        w, h = h, w
    return QRectF(x - w / 2, y - h / 2, w, h)


@pytest.mark.parametrize(("width", "height", "large"), FOUR_SIZES)
def test_plates_hands_and_trick_do_not_overlap(width: int, height: int, large: bool) -> None:
    layout = table_layout(4, 0, width, height, large=large)
    table = QRectF(0, 0, width, height)
    hands = {seat: layout.hand_rect(seat, 13) for seat in range(4)}
    badges = {seat: layout.badge_rect(seat) for seat in range(4)}
    raised = layout.raise_spot(layout.hand_spots(BOTTOM, 13)[0])
    hands[BOTTOM] = hands[BOTTOM].united(card_rect(layout, raised.x, raised.y, 0, 1))
    trick = QRectF()
    for seat in range(4):
        spot = layout.trick_spot(seat, seat)
        trick = trick.united(card_rect(layout, spot.x, spot.y, 0, spot.scale))
    areas = [*hands.values(), *badges.values(), trick, layout.info_rect(), layout.aids_rect()]
    for area in areas:
        assert table.contains(area), area
    for i, a in enumerate(areas):
        for b in areas[i + 1 :]:
            assert not a.intersects(b), (a, b)


@pytest.mark.parametrize(("width", "height", "large"), FOUR_SIZES)
def test_taken_piles_stay_on_the_table_and_off_everything_else(
    width: int, height: int, large: bool
) -> None:
    """Every seat's pile, a cappotto's two rows of point cards included (with the house
    rules' J♦ and 7♣, 16 cards)."""
    layout = table_layout(4, 0, width, height, large=large)
    table = QRectF(0, 0, width, height)
    others = [layout.info_rect(), layout.aids_rect()]
    for side in range(4):
        others += [layout.hand_rect(side, 13), layout.badge_rect(side)]
    piles = []
    for side in (BOTTOM, RIGHT, TOP, LEFT):
        pile = QRectF()
        for index in range(MOST_POINT_CARDS):
            spot = layout.taken_spot(side, index, True, MOST_POINT_CARDS)
            rect = card_rect(layout, spot.x, spot.y, 0, spot.scale)
            assert table.contains(rect), (side, index)
            for area in others:
                assert not rect.intersects(area), (side, index, area)
            pile = pile.united(rect)
        piles.append(pile)
    for i, a in enumerate(piles):
        for b in piles[i + 1 :]:
            assert not a.intersects(b), (a, b)


@pytest.mark.parametrize("side", [BOTTOM, RIGHT, TOP, LEFT])
@pytest.mark.parametrize(("width", "count"), [(1024, 14), (1024, MOST_POINT_CARDS), (800, 16)])
def test_every_point_card_taken_shows_its_corner(side: int, width: int, count: int) -> None:
    """The rank and suit in a card's top-left corner stay in sight in a fan of two rows
    (the house rules' sixteen too, and the top seat's on a narrow table)."""
    layout = TableLayout(width, 580)
    spots = [layout.taken_spot(side, index, True, count) for index in range(count)]
    for index, spot in enumerate(spots):
        rect = card_rect(layout, spot.x, spot.y, 0, spot.scale)
        corner = QRectF(rect.left() + 1, rect.top() + 1, rect.width() * 0.2, rect.height() * 0.25)
        for other in spots:
            above = card_rect(layout, other.x, other.y, 0, other.scale)
            if other.z > spot.z:
                assert not above.contains(corner), (side, index)


def test_cards_grow_with_the_window_and_keep_even_sizes() -> None:
    small, large = TableLayout(1024, 580), TableLayout(1920, 1040)
    assert large.card_h > small.card_h
    for layout in (small, large):
        assert layout.card_size.width() % 2 == 0 and layout.card_size.height() % 4 == 0


def test_human_hand_is_centred_and_ordered_left_to_right() -> None:
    layout = TableLayout(1280, 740)
    spots = layout.hand_spots(BOTTOM, 13)
    xs = [s.x for s in spots]
    assert xs == sorted(xs)
    assert abs((xs[0] + xs[-1]) / 2 - 640) <= 1
    assert [s.z for s in spots] == sorted(s.z for s in spots)


def deck_rect(layout: TableLayout, dealer: int) -> QRectF:
    rect = QRectF()
    for index in range(52):
        spot = layout.deck_spot(dealer, index)
        rect = rect.united(card_rect(layout, spot.x, spot.y, spot.rotation, spot.scale))
    return rect


def gap(a: QRectF, b: QRectF) -> float:
    """The distance between two rectangles that do not overlap."""
    dx = max(b.left() - a.right(), a.left() - b.right(), 0.0)
    dy = max(b.top() - a.bottom(), a.top() - b.bottom(), 0.0)
    return float((dx * dx + dy * dy) ** 0.5)


@pytest.mark.parametrize(
    ("width", "height", "large"), [*FOUR_SIZES, *((w, h, x) for w, h in DECK_SIZES for x in BOTH)]
)
@pytest.mark.parametrize("dealer", [BOTTOM, RIGHT, TOP, LEFT])
def test_the_deck_sits_in_front_of_the_dealer_clear_of_everything(
    width: int, height: int, dealer: int, large: bool
) -> None:
    layout = table_layout(4, 0, width, height, large=large)
    deck = deck_rect(layout, dealer)
    assert QRectF(0, 0, width, height).contains(deck)
    for seat in range(4):
        assert not deck.intersects(layout.hand_rect(seat, 13)), seat
        assert not deck.intersects(layout.badge_rect(seat)), seat
    assert not deck.intersects(layout.info_rect())
    hand = layout.hand_rect(dealer, 13)
    centre = QRectF(layout.center_x, layout.center_y, 0, 0)
    # just inside the dealer's hand, toward the middle: nearer that hand than the middle
    # (low vision's large cards leave a low table's middle close to the top hand)
    assert gap(deck, hand) < gap(deck, centre) or large
    assert gap(deck, hand) == min(gap(deck, layout.hand_rect(s, 13)) for s in range(4))
    assert not deck.contains(layout.center_x, layout.center_y)


@pytest.mark.parametrize("viewer", range(4))
def test_the_table_turns_around_its_viewer_and_keeps_the_seats_in_their_places(
    viewer: int,
) -> None:
    """RULES.md: facing the centre, the player on seat s's right is s+1, across s+2, left s-1."""
    assert side_of(viewer, viewer) == BOTTOM
    assert side_of((viewer + 1) % 4, viewer) == RIGHT
    assert side_of((viewer + 2) % 4, viewer) == TOP
    assert side_of((viewer + 3) % 4, viewer) == LEFT
    assert [seat_at(side_of(seat, viewer), viewer) for seat in range(4)] == [0, 1, 2, 3]


@pytest.mark.parametrize(("width", "height", "large"), FOUR_SIZES)
def test_every_card_of_the_players_fan_shows_its_corner(
    width: int, height: int, large: bool
) -> None:
    """Thirteen cards in hand, at every size (the score sheet open too): each card's corner,
    its rank and suit, is uncovered by the next card ("10" never reads "1(")."""
    layout = table_layout(4, 0, width, height, large=large)
    spots = layout.hand_spots(BOTTOM, 13)
    steps = {b.x - a.x for a, b in pairwise(spots)}
    assert min(steps) >= MIN_STEP * layout.card_w - 1
    fan = layout.hand_rect(BOTTOM, 13)
    assert not fan.intersects(layout.badge_rect(BOTTOM))
    pile = layout.taken_spot(BOTTOM, 0, False)
    assert not fan.intersects(card_rect(layout, pile.x, pile.y, 0, pile.scale))
    assert fan.right() <= pile.x or layout.stacked  # beside the fan, or above the plate


@pytest.mark.parametrize(("width", "height"), [*NARROW, SHEET_OPEN])
def test_low_vision_cards_are_a_third_larger_on_a_narrow_table(width: int, height: int) -> None:
    """Where the bottom row held them to their usual size: the viewer's taken cards go
    above their plate and the fan takes the row."""
    usual = table_layout(4, 0, width, height)
    assert table_layout(4, 0, width, height, large=True).card_h >= usual.card_h * 1.3
