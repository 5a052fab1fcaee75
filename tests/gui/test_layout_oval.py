"""The one layout function at four, six and eight seats: the viewer at the bottom, the others
round the table in seat order, and nothing overlapping at the sizes players use."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPointF, QRectF
from test_layout import LARGE_SIZES, NARROW, card_rect

from peppa_qt.gui.table.layout import BOTTOM, TableLayout, place_of, seat_at
from peppa_qt.gui.table.layout import MOST_POINT_CARDS as FOUR_MOST
from peppa_qt.gui.table.layout_oval import OvalLayout, table_layout

SEATS = (4, 6, 8)
#: Belmont's point cards: 26 hearts and a Q♠, K♠ and A♠ of each deck of spades.
MOST_POINT_CARDS = {6: 29, 8: 32}


def areas_of(layout: TableLayout, place: int) -> list[QRectF]:
    """What a seat's place covers: its plate, a hand of 13, its taken cards (the most
    point cards a seat may take: Belmont's every heart and point spade, RULES.md), the
    viewer's raised card too."""
    rects = [layout.badge_rect(place), layout.hand_rect(place, 13)]
    if place == BOTTOM:
        raised = layout.raise_spot(layout.hand_spots(BOTTOM, 13)[0])
        rects.append(card_rect(layout, raised.x, raised.y, 0, 1))
    count = MOST_POINT_CARDS.get(layout.seats, FOUR_MOST)
    for index in range(count):
        spot = layout.taken_spot(place, index, True, count)
        rects.append(card_rect(layout, spot.x, spot.y, spot.rotation, spot.scale))
    return rects


def united(rects: list[QRectF]) -> QRectF:
    out = QRectF()
    for rect in rects:
        out = out.united(rect)
    return out


@pytest.mark.parametrize(("width", "height", "large"), LARGE_SIZES)
@pytest.mark.parametrize("seats", SEATS)
def test_every_seat_the_trick_and_the_corner_lie_apart_on_the_table(
    seats: int, width: int, height: int, large: bool
) -> None:
    """And the table's buttons' room. At four seats the trick's rectangle; round the oval
    each of its cards (the ring's corners are empty: low vision's taken cards above the
    viewer's plate may reach into one on a narrow table)."""
    layout = table_layout(seats, 0, width, height, large=large)
    table = QRectF(0, 0, width, height)
    trick = [layout.trick_spot(place, place) for place in range(seats)]
    cards = [card_rect(layout, s.x, s.y, s.rotation, s.scale) for s in trick]
    owners = [[*areas_of(layout, place)] for place in range(seats)]
    owners += [[united(cards)] if seats == 4 else cards, [layout.info_rect()]]
    owners += [[layout.aids_rect()]]
    for i, mine in enumerate(owners):
        for rect in mine:
            assert table.contains(rect), (i, rect, table)
        for other in owners[i + 1 :]:
            for a in mine:
                for b in other:
                    assert not a.intersects(b), (seats, i, a, b)
    if seats > 4:  # each seat's card of the trick in sight, whole
        for i, a in enumerate(cards):
            for b in cards[i + 1 :]:
                assert not a.intersects(b), (seats, a, b)


def seat_centre(layout: TableLayout, place: int) -> QPointF:
    """The middle of a seat's place: its box round the oval, or its hand at four seats."""
    if isinstance(layout, OvalLayout) and place != BOTTOM:
        return layout.box_rect(place).center()
    return layout.hand_rect(place, 13).center()


@pytest.mark.parametrize(("seats", "viewer"), [(n, v) for n in SEATS for v in range(n)])
def test_the_viewer_sits_at_the_bottom_and_the_others_round_in_seat_order(
    seats: int, viewer: int
) -> None:
    """The next seat (seat + 1, on a player's right) is drawn on the viewer's right, and so
    on round the table counterclockwise on the screen: the angle from the middle to each
    seat, seen from the bottom, grows with the seat number (Belmont plays clockwise: its
    turns go round the other way, the seats stay)."""
    layout = table_layout(seats, viewer, 1280, 740)
    assert layout.seats == seats and layout.place(viewer) == BOTTOM
    assert [seat_at(place_of(s, viewer, seats), viewer, seats) for s in range(seats)] == list(
        range(seats)
    )
    middle = layout.trick_spot(BOTTOM, 0)
    angles = []
    for step in range(seats):
        plate = seat_centre(layout, layout.place((viewer + step) % seats))
        # from straight down, turning toward the right of the screen
        angle = math.atan2(plate.x() - layout.center_x, plate.y() - middle.y)
        angles.append(round(math.degrees(angle) % 360 if step else 0.0, 3))
    assert angles == sorted(angles) and len(set(angles)) == seats, angles
    across = seat_centre(layout, layout.place((viewer + seats // 2) % seats))
    assert abs(across.x() - layout.center_x) < 1  # the seat across sits at the top, centred


@pytest.mark.parametrize("seats", [6, 8])
@pytest.mark.parametrize(("width", "height"), [(1024, 580), (1280, 740)])
def test_the_point_cards_a_seat_takes_each_show_their_corner(
    seats: int, width: int, height: int
) -> None:
    layout = table_layout(seats, 0, width, height)
    assert isinstance(layout, OvalLayout)
    for place in (BOTTOM, 1, seats // 2):
        for count in (3, 13, 26, MOST_POINT_CARDS[seats]):
            spots = [layout.taken_spot(place, i, True, count) for i in range(count)]
            for index, spot in enumerate(spots):
                rect = card_rect(layout, spot.x, spot.y, 0, spot.scale)
                corner = QRectF(
                    rect.left() + 1, rect.top() + 1, rect.width() * 0.18, rect.height() * 0.22
                )
                for other in spots:
                    above = card_rect(layout, other.x, other.y, 0, other.scale)
                    if other.z > spot.z:
                        assert not above.contains(corner), (place, count, index)


@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize(("width", "height"), [*NARROW, (808, 700)])
def test_low_vision_draws_the_viewers_cards_markedly_larger_on_a_narrow_table_too(
    seats: int, width: int, height: int
) -> None:
    """1024×640 with the score sheet open, an 800×600 screen, 1280×800 with the score
    sheet: the viewer's cards a third larger at least (their taken cards go above their
    plate, out of the bottom row), the trick's about their usual size at the least."""
    usual = table_layout(seats, 0, width, height)
    large = table_layout(seats, 0, width, height, large=True)
    assert large.card_h >= usual.card_h * 1.3
    trick, usual_trick = large.trick_spot(0, 0), usual.trick_spot(0, 0)
    assert large.card_h * trick.scale >= usual.card_h * usual_trick.scale * 0.95


@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize(("width", "height"), [(1024, 560), (1024, 580), (1280, 740)])
def test_low_vision_draws_the_viewers_cards_and_the_trick_markedly_larger(
    seats: int, width: int, height: int
) -> None:
    """At 1024×640 and 1280×800 screens: the viewer's card a third larger at least, the
    trick's larger too (round the oval, as the middle's room allows), the others' hands no
    larger than usual (they make the room)."""
    usual = table_layout(seats, 0, width, height)
    large = table_layout(seats, 0, width, height, large=True)
    assert large.card_h >= usual.card_h * 1.3
    trick, usual_trick = large.trick_spot(0, 0), usual.trick_spot(0, 0)
    assert large.card_h * trick.scale >= usual.card_h * usual_trick.scale * 1.1
    other = large.hand_spots(seats // 2, 13)[0].scale * large.card_h
    assert other <= usual.hand_spots(seats // 2, 13)[0].scale * usual.card_h + 1
