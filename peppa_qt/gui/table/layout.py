"""Where everything goes on a table of a given size: pure geometry, no items, no game rules.

One function gives the table's places: ``table_layout(seats, viewer, width, height)`` (in
``layout_oval``, which builds on this module: it picks this four-seat layout or the oval). The
table is drawn for one seat, the viewer, who sits at the bottom; every other seat keeps its
real place round them (the seat on a player's right is on the screen's right), so the one
mapping between seats and places is ``place_of`` (and its inverse ``seat_at``). A place is
counted from the bottom round the table, the way seat numbers go: with four seats the places
are the sides of the screen (0 bottom, 1 right, 2 top, 3 left, ``TableLayout``); with six and
eight they go round an oval (``layout_oval.OvalLayout``). Everything is placed by place.
"""

from __future__ import annotations

import math
from functools import cache
from typing import NamedTuple

from PySide6.QtCore import QRectF, QSize

from .card_pixmaps import CARD_ASPECT

BOTTOM, RIGHT, TOP, LEFT = 0, 1, 2, 3


def place_of(seat: int, viewer: int, seats: int = 4) -> int:
    """Where ``seat`` sits round the table drawn for ``viewer``: 0 at the bottom, then round.

    Turns pass from a seat to the one on its right (seat + 1, RULES.md), which is drawn on
    the right of the screen for the viewer at the bottom; so the places go from the bottom
    to the right, the top and the left (counterclockwise on the screen).
    """
    return (seat - viewer) % seats


def seat_at(place: int, viewer: int, seats: int = 4) -> int:
    """The seat drawn at ``place`` when the table is drawn for ``viewer``."""
    return (place + viewer) % seats


#: The four-seat name of a place: the side of the screen.
side_of = place_of


@cache
def round_the_table(seats: int) -> tuple[tuple[float, float], ...]:
    """Each place's direction from the table's middle, on a unit circle, y down: the bottom
    (0, 1) first, then round to the right, the top and the left. Worked out once a size: a
    deal of 104 cards asked for it 208 times."""
    turns = [2 * math.pi * place / seats for place in range(seats)]
    return tuple((round(math.sin(t), 9), round(math.cos(t), 9)) for t in turns)


#: Opponents' hands are drawn smaller, taken cards smaller still.
OPPONENT_SCALE = 0.72
TAKEN_SCALE = 0.46
#: The deck before the deal: a little smaller than a card in hand, each card a step higher.
DECK_SCALE, DECK_STEP = 0.9, 0.25
TAKEN_ROW = 7
#: The most point cards a seat of four takes: every heart, Q♠, the house rules' J♦ and 7♣
#: (RULES.md); they make two rows at most, the longer rows' cards closer.
MOST_POINT_CARDS = 16
#: A fan's point cards, a share of a card's width apart at the most (the corner in sight).
TAKEN_STEP = 0.42
#: The step between the cards of the player's fan, in card widths: at least enough to show
#: each card's corner (rank and suit) whole, at most half a card.
MIN_STEP, MAX_STEP = 0.34, 0.5
#: Width of a seat's taken cards in card widths: the stack and a row of point cards.
PILE_WIDTH = TAKEN_SCALE * (0.95 + (TAKEN_ROW - 1) * TAKEN_STEP + 1)
#: Low vision: the viewer's cards and the trick this much larger than usual where the table
#: holds them, at most this share of its height; the others' cards keep their usual size.
LARGE_CARDS, LARGE_SHARE = 1.4, 0.3
#: The trick's cards from the middle, toward the viewer and across, in card heights.
TRICK_REACH = 0.36
#: Low vision on a narrow table (``stacked``): the side hands' backs this close, of their
#: width (as the oval's boxes'), so that the viewer's taken cards and the table's buttons
#: find room above their plate, out of the bottom row.
CLOSE_STEP, SIDE_STEP = 0.16, 0.28
#: The room the table's buttons take above the viewer's plate (or their taken cards): three.
AIDS_ROOM = 3 * 34.0


class Spot(NamedTuple):
    """Where a card's centre goes, turned by ``rotation`` degrees and scaled by ``scale``."""

    x: float
    y: float
    rotation: float = 0.0
    z: float = 0.0
    scale: float = 1.0


class TableLayout:
    """The positions of hands, trick, taken cards and name plates of four seats, by side."""

    #: The seats round the table.
    seats = 4
    #: The bottom row holds the plate, 13 cards whose corners all show, and the taken cards
    #: (in card widths): the cards get smaller on a narrow table (the score sheet open).
    pile_width = PILE_WIDTH
    #: The player's card height, at most, as a share of the table's height.
    card_share = 0.205

    def __init__(
        self,
        width: float,
        height: float,
        viewer: int = 0,
        *,
        large: bool = False,
        stacked: bool = False,
    ) -> None:
        """``large``: low vision's cards, the viewer's and the trick's (``LARGE_CARDS``);
        ``stacked``: with them, the viewer's taken cards above their plate (``table_layout``
        takes it where it gives larger cards and all is clear)."""
        self.width = max(width, 320.0)
        self.height = max(height, 240.0)
        #: The seat drawn at the bottom.
        self.viewer = viewer
        self.large = large
        self.stacked = stacked and large
        self.margin = max(8.0, round(min(self.width, self.height) * 0.015))
        self.badge_size = (min(max(self.width * 0.17, 150.0), 230.0), 56.0)
        row = self.width - self.badge_size[0] - 4 * self.margin
        #: The viewer's card height at the usual size: the others' cards keep it in low vision.
        self.usual_h = usual = self._usual_height(row)
        ch = self._large_height(row, usual) if large else usual
        cw = 2 * round(ch * CARD_ASPECT / 2)  # even sizes keep card centres on whole pixels
        self.card_size = QSize(cw, ch)
        #: The others' hands, the taken cards and the deck: their usual size, of this card.
        shrink = usual / ch
        self.opponent_scale = OPPONENT_SCALE * shrink
        self.taken_scale = TAKEN_SCALE * shrink
        self.deck_scale = DECK_SCALE * shrink
        self.center_x = round(self.width / 2)
        self.center_y = round(self.height * 0.45)
        #: The trick's cards, of the viewer's card: whole, unless low vision's must fit.
        self.trick_scale = 1.0
        #: The middle of the left and the right hand (four seats): the trick's, or stacked
        #: (their backs closer, their plates and taken cards higher) as ``_side_top`` says.
        self.side_y = {LEFT: float(self.center_y), RIGHT: float(self.center_y)}
        if self.stacked:
            half = self._side_span(CLOSE_STEP) / 2
            self.side_y = {side: round(self._side_top(side) + half) for side in (LEFT, RIGHT)}
        if large and self.seats == TableLayout.seats:  # round the oval, it fits its own
            self._fit_large_trick()
            if not self.stacked:
                self.side_y = {LEFT: float(self.center_y), RIGHT: float(self.center_y)}
        # A layout is never changed once made (a new size makes a new one), so the areas of
        # the hands and where each seat's taken cards start are worked out once: every move
        # of the table asks for them again for each card.
        self._hand_rects: dict[tuple[int, int], QRectF] = {}
        self._taken_origins: dict[tuple[int, float, float], tuple[float, float, int]] = {}

    def _usual_height(self, row: float) -> int:
        """The viewer's card height: a share of the table, and 13 cards and a pile in a row."""
        fitting = row / (1 + 12 * MIN_STEP + self.pile_width)
        ch = min(
            self.height * self.card_share,
            self.width * 0.15 / CARD_ASPECT,
            fitting / CARD_ASPECT,
        )
        return max(72, int(ch) // 4 * 4)

    def _large_height(self, row: float, usual: int) -> int:
        """Low vision's card height: ``LARGE_CARDS`` times the usual where the row holds it
        (its corners in sight, beside a pile of the usual size), and never below the usual.
        Stacked, the row is the fan's alone, and the raised cards stay below the sides'."""
        pile = self.pile_width * usual * CARD_ASPECT
        fitting = (row - pile) / (1 + 12 * MIN_STEP) / CARD_ASPECT
        fan = self._fan_room() / (1 + 12 * MIN_STEP) / CARD_ASPECT
        ch = min(usual * LARGE_CARDS, fitting, fan, self.height * LARGE_SHARE)
        if self.stacked:
            room = self.width - self.stack_width(usual) - 3 * self.margin
            below = self.height - 2 * self.margin - self._sides_bottom(usual)
            ch = min(usual * LARGE_CARDS, room / (1 + 12 * MIN_STEP) / CARD_ASPECT, below / 1.2)
            ch = min(ch, self.height * LARGE_SHARE)
        return max(usual, int(ch) // 4 * 4)

    def stack_width(self, usual: float) -> float:
        """Stacked: the left column's width, the plate's or the taken cards' (their usual size)."""
        cw = 2 * round(usual * CARD_ASPECT / 2)
        return max(self.badge_size[0], self._stacked_pile_width() * cw)

    def _stacked_pile_width(self) -> float:
        """Stacked: how wide the viewer's taken cards spread, in card widths."""
        return self.pile_width

    def _sides_bottom(self, usual: float) -> float:
        """Stacked: how low the side seats come (their closer hands, their plates beside)."""
        return self._side_top(RIGHT, usual) + self._side_span(CLOSE_STEP, usual)

    def _side_top(self, side: int, usual: float | None = None) -> float:
        """Stacked, a side hand's top: the left's where thirteen usual backs start, or higher
        if the table's buttons below need it (the corner above gives way); the right's as
        high, or below the top seat's taken cards (under its plate, two rows)."""
        usual = self.usual_h if usual is None else usual
        m, plate = self.margin, self.badge_size[1]
        top = round(self.height * 0.45) - self._side_span(SIDE_STEP, usual) / 2
        floor = self.height - m - plate - self._pile_height(usual)
        left = min(top, floor - 2 * m - AIDS_ROOM - self._side_span(CLOSE_STEP, usual))
        if side == LEFT:
            return left
        return max(left, 3 * m + plate + usual * TAKEN_SCALE * 1.55)

    def _pile_height(self, usual: float) -> float:
        """Stacked: the viewer's taken cards' height above their plate, margin and all."""
        return self.margin + usual * TAKEN_SCALE * (1 + self._own_rows_up())

    def _side_span(self, step: float, usual: float | None = None) -> float:
        """How long a side hand of thirteen backs is, each ``step`` of a back's width on."""
        usual = self.usual_h if usual is None else usual
        w = 2 * round(usual * CARD_ASPECT / 2) * OPPONENT_SCALE
        return w + 12 * w * step

    def _fit_large_trick(self) -> None:
        """Low vision's trick at four seats: between the top hand and the viewer's raised
        cards, its middle halfway, its cards as large as that room allows."""
        m = self.margin
        top = 2 * m + self.card_h * self.opponent_scale
        if self.stacked:  # below the corner, which ends above the left hand
            top = max(top, self.side_y[LEFT] - self._side_span(CLOSE_STEP) / 2)
        bottom = self.height - 2 * m - self.card_h * 1.2
        self.center_y = round((top + bottom) / 2)
        self.trick_scale = min(1.0, (bottom - top) / (self.card_h * (1 + 2 * TRICK_REACH)))
        if self.stacked:  # the side seats' plates and taken cards come up beside the trick
            beside = max(self._pile_width(), self.badge_size[0])  # their plates and piles
            inner = 2 * m + self.usual_h * OPPONENT_SCALE + beside + m
            across = (self.center_x - inner) / (self.card_w * 1.3)  # half the trick: 1.3 cards
            self.trick_scale = min(self.trick_scale, across)

    def place(self, seat: int) -> int:
        """Where ``seat`` sits (0 at the bottom, then round the table)."""
        return place_of(seat, self.viewer, self.seats)

    @property
    def card_w(self) -> float:
        """Full card width."""
        return float(self.card_size.width())

    @property
    def card_h(self) -> float:
        """Full card height."""
        return float(self.card_size.height())

    # ------------------------------------------------------------------- hands

    def hand_spots(self, side: int, count: int) -> list[Spot]:
        """Each card of a hand of ``count`` cards, left to right (top to bottom on the sides)."""
        if side == BOTTOM:
            return self._bottom_spots(count)
        scale = self.opponent_scale
        close = self.stacked and side != TOP
        step = self.card_w * scale * (CLOSE_STEP if close else SIDE_STEP)
        offsets = [(i - (count - 1) / 2) * step for i in range(count)]
        edge = self.margin + self.card_h * scale / 2
        if side == TOP:
            return [Spot(self.center_x + d, edge, 0, i, scale) for i, d in enumerate(offsets)]
        mid = self.side_y[side]
        x = edge if side == LEFT else self.width - edge
        rotation = 90.0 if side == LEFT else -90.0
        return [Spot(x, mid + d, rotation, i, scale) for i, d in enumerate(offsets)]

    def _bottom_spots(self, count: int) -> list[Spot]:
        """The player's fan: centred, between the name plate on the left and the taken cards
        on the right; where they leave too little room in the middle, moved off centre."""
        cw, m = self.card_w, self.margin
        lo = 2 * m + self.badge_size[0] + cw / 2  # the first card's centre at the least
        hi = self.width - 2 * m - self._pile_width() - cw / 2  # the last card's at the most
        if self.stacked:  # the taken cards above the plate: the row is the fan's
            lo = 2 * m + self.stack_width(self.usual_h) + cw / 2
            hi = self.width - m - cw / 2
        gaps = max(count - 1, 1)
        step = min(cw * MAX_STEP, (min(self._fan_room() - cw, hi - lo)) / gaps)
        span = (count - 1) * step
        middle = min(max(self.center_x, lo + span / 2), hi - span / 2)
        half = (count - 1) / 2
        y = self.height - self.margin - self.card_h / 2
        spots = []
        for i in range(count):
            arc = ((i - half) / half) ** 2 if half else 0.0
            x = round(middle + (i - half) * step)
            spots.append(Spot(x, round(y + arc * self.card_h * 0.05), 0.0, 10 + i))
        return spots

    def _fan_room(self) -> float:
        """How wide the viewer's fan may be: six tenths of the table, two margins less each side
        for low vision's taller cards (the boxes of six and eight seats come down beside)."""
        if self.stacked:
            return self.width - self.stack_width(self.usual_h) - 3 * self.margin
        boxes = self.large and self.seats > TableLayout.seats
        return self.width * 0.6 - (4 * self.margin if boxes else 0)

    def raise_spot(self, spot: Spot) -> Spot:
        """A selected card of the human's hand stands up out of the fan."""
        return spot._replace(y=spot.y - round(self.card_h * 0.2))

    def hand_rect(self, side: int, count: int) -> QRectF:
        """The area a hand of ``count`` cards covers."""
        key = (side, max(count, 1))
        rect = self._hand_rects.get(key)
        if rect is None:
            rect = self._hand_rects[key] = self._hand_area(side, key[1])
        return QRectF(rect)  # a copy: the caller may move it

    def _hand_area(self, side: int, count: int) -> QRectF:
        rect = QRectF()
        for spot in self.hand_spots(side, count):
            w, h = self.card_w * spot.scale, self.card_h * spot.scale
            if spot.rotation:
                w, h = h, w
            rect = rect.united(QRectF(spot.x - w / 2, spot.y - h / 2, w, h))
        return rect

    # ----------------------------------------------------------- trick, taken

    def trick_spot(self, side: int, order: int) -> Spot:
        """The card played from ``side`` into the trick, ``order`` 0.. in the trick."""
        w, h = self.card_w * self.trick_scale, self.card_h * self.trick_scale
        dx = (0.0, w * 0.8, 0.0, -w * 0.8)[side]
        dy = (h * TRICK_REACH, 0.0, -h * TRICK_REACH, 0.0)[side]
        x, y = self.center_x + round(dx), self.center_y + round(dy)
        return Spot(x, y, 0.0, 200 + order, self.trick_scale)

    def deck_spot(self, side: int, index: int = 0) -> Spot:
        """Where the deck sits before the deal: in front of the dealer on ``side``, inside
        their hand, turned like their cards; card ``index`` of the stack sits a little higher.
        """
        hand = self.hand_rect(side, 13)
        # from the hand's inner edge to the deck's centre (the whole stack clear of the hand)
        reach = 2 * self.margin + self.card_h * self.deck_scale / 2
        lift = index * DECK_STEP
        x: float
        y: float
        if side == BOTTOM:
            x, y, rotation = self.center_x, hand.top() - reach, 0.0
        elif side == TOP:  # the stack rises toward this hand: its top card stays clear
            x, y, rotation = self.center_x, hand.bottom() + reach + 51 * DECK_STEP, 0.0
        elif side == LEFT:
            x, y, rotation = hand.right() + reach, self._deck_y(LEFT), 90.0
        else:
            x, y, rotation = hand.left() - reach, self._deck_y(RIGHT), -90.0
        return Spot(round(x), round(y) - lift, rotation, 100 + index, self.deck_scale)

    def _deck_y(self, side: int) -> float:
        """The deck's middle before a side hand: the hand's, or above its plate, which a short
        hand (stacked) brings up beside the middle."""
        plate = self.badge_rect(side).top() - self.margin - self.card_w * self.deck_scale / 2
        return min(self.side_y[side], plate)

    def taken_spot(self, side: int, index: int, point_card: bool, count: int = 0) -> Spot:
        """Taken cards: a face-down stack, and the point cards fanned face up beside it
        (``count``: how many point cards).

        A long fan goes on in a second row half a card away; the row nearer the table's edge
        lies under the other, so every card's corner (rank and suit) stays in sight. Past
        fourteen (the house rules' J♦ and 7♣) the rows are longer, their cards closer.
        """
        scale = self.taken_scale
        w, h = self.card_w * scale, self.card_h * scale
        ox, oy, direction = self._taken_origin(side, w, h)
        if not point_card:
            return Spot(ox, oy - min(index, 6) * 0.6, 0.0, 300 + index, scale)
        per_row = max(TAKEN_ROW, -(-count // 2))
        row, column = divmod(index, per_row)
        x = ox + direction * (w * 0.95 + column * self._taken_step(side, w, ox, per_row))
        upward = side != TOP
        y = oy + (-1 if upward else 1) * row * h * 0.55
        # A fan to the left lies under itself, so each card's left corner is never covered.
        z = 340 + direction * column + (-20 * row if upward else 20 * row)
        return Spot(x, y, 0.0, z, scale)

    def _taken_step(self, side: int, w: float, ox: float, per_row: int) -> float:
        """The step between a row's point cards: a row of ``TAKEN_ROW`` as wide as ever, a
        longer one no wider; the top seat's short of the right hand (at 800 pixels the
        second row's last card lay over it)."""
        reach = (TAKEN_ROW - 1) * TAKEN_STEP * w  # from the first card's centre to the last's
        if side == TOP:
            right = self.hand_rect(RIGHT, 13).left() - self.margin - w / 2
            reach = min(reach, right - ox - w * 0.95)
        return min(w * TAKEN_STEP, reach / (per_row - 1))

    def _taken_origin(self, side: int, w: float, h: float) -> tuple[float, float, int]:
        key = (side, w, h)
        origin = self._taken_origins.get(key)
        if origin is None:
            origin = self._taken_origins[key] = self._taken_start(side, w, h)
        return origin

    def _taken_start(self, side: int, w: float, h: float) -> tuple[float, float, int]:
        m = self.margin
        if side == BOTTOM and self.stacked:  # above the plate, a second row going up
            return m + w / 2, self.badge_rect(BOTTOM).top() - m - h / 2, 1
        if side == BOTTOM:
            right = self.hand_rect(BOTTOM, 13).right()
            return right + m + w / 2, self.height - m - h / 2, 1
        if side == TOP:  # under the name plate, fanned toward the edge
            badge = self.badge_rect(TOP)
            return badge.left() + w / 2, badge.bottom() + m + h / 2, 1
        # Beside the hand, just above the name plate; a second row goes up.
        hand, badge = self.hand_rect(side, 13), self.badge_rect(side)
        y = badge.top() - m - h / 2
        if side == LEFT:
            return hand.right() + m + w / 2, y, 1
        return hand.left() - m - w / 2, y, -1

    def _pile_width(self) -> float:
        """How wide a seat's taken cards may spread: the stack and a row of point cards."""
        return self.card_w * self.pile_width * self.taken_scale / TAKEN_SCALE

    # --------------------------------------------------------------- plates

    def badge_rect(self, side: int) -> QRectF:
        """The name plate of the seat on ``side``: the side seats' beside their hands."""
        bw, bh = self.badge_size
        m = self.margin
        if side == BOTTOM:
            return QRectF(m, self.height - m - bh, bw, bh)
        if side == TOP:
            right = self.hand_rect(TOP, 13).right()
            return QRectF(right + 2 * m, m, bw, bh)
        hand = self.hand_rect(side, 13)
        x = hand.right() + m if side == LEFT else hand.left() - m - bw
        return QRectF(x, hand.bottom() - bh, bw, bh)

    def info_rect(self) -> QRectF:
        """The corner that says which hand this is, the pass, and whether hearts are broken."""
        m = self.margin
        right = self.hand_rect(TOP, 13).left() - m
        bottom = self.hand_rect(LEFT, 13).top() - m
        return QRectF(m, m, max(right - m, 120.0), bottom - m)

    def aids_rect(self) -> QRectF:
        """Above the player's plate, below the left hand and its plate: the aids' buttons."""
        m = self.margin
        plate = self.stack_floor()
        top = max(self.hand_rect(LEFT, 13).bottom(), self.badge_rect(LEFT).bottom()) + m
        if self.stacked:  # just above the taken cards
            top = max(top, plate.top() - m - self.aids_room())
        return QRectF(plate.left(), top, plate.width(), max(plate.top() - m - top, 40.0))

    def stack_floor(self) -> QRectF:
        """What the table's buttons sit on: the viewer's plate, or stacked their taken cards
        above it (as wide as the plate, as high as two rows of them or three round the oval)."""
        plate = self.badge_rect(BOTTOM)
        if not self.stacked:
            return plate
        top = plate.top() - self._pile_height(self.usual_h)  # taken cards: their usual size
        return QRectF(plate.left(), top, plate.width(), plate.top() - top)

    def _own_rows_up(self) -> float:
        """How far the viewer's taken cards' rows reach above the first, in their heights."""
        return 0.55

    def trick_areas(self) -> list[QRectF]:
        """What the trick covers, to be kept clear of the rest: at four seats its rectangle."""
        return [self.trick_rect()]

    def aids_room(self) -> float:
        """The height the table's buttons want: three, or a fifth of a low table."""
        return min(AIDS_ROOM, self.height * 0.2)

    def seat_areas(self, place: int) -> list[QRectF]:
        """Another seat's hand, plate and each of its taken cards (a cappotto's)."""
        areas = [self.hand_rect(place, 13), self.badge_rect(place)]
        w, h = self.card_w * self.taken_scale, self.card_h * self.taken_scale
        for index in range(MOST_POINT_CARDS):
            x, y, _, _, _ = self.taken_spot(place, index, True, MOST_POINT_CARDS)
            areas.append(QRectF(x - w / 2, y - h / 2, w, h))
        return areas

    def trick_rect(self) -> QRectF:
        """The area a whole trick covers: each seat's card in its place."""
        rect = QRectF()
        for side in range(self.seats):
            spot = self.trick_spot(side, 0)
            w, h = self.card_w * spot.scale, self.card_h * spot.scale
            rect = rect.united(QRectF(spot.x - w / 2, spot.y - h / 2, w, h))
        return rect

    def hand_over_rect(self) -> QRectF:
        """Below the trick, over the viewer's hand: where the hot-seat hand-over's box goes.
        It hides the hands (they are face down behind it), not the public trick."""
        top = self.trick_rect().bottom() + self.margin
        return QRectF(0.0, top, self.width, max(self.height - top, 0.0))

    def prompt_rect(self) -> QRectF:
        """The middle of the table, for the passing prompt and its button."""
        w = min(self.width * 0.5, 560.0)
        h = self.card_h * 0.95
        # Between the top hand and the side plates, where that is higher than the middle:
        # on a narrow table the prompt reaches across to the side plates (at 640 pixels it
        # covered them); stacked they come up level with the middle.
        plates = min(self.badge_rect(LEFT).top(), self.badge_rect(RIGHT).top())
        y = round((self.hand_rect(TOP, 13).bottom() + plates) / 2)
        if not self.stacked:
            y = min(y, self.center_y)
        return QRectF(self.center_x - w / 2, y - h / 2, w, h)
