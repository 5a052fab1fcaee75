"""Six or eight seats round an oval: the viewer at the bottom, as at four, the others in boxes.

The viewer's place is the four-seat table's bottom row (their plate, their fan, their taken
cards). Every other seat has a *box* on the oval round the middle: its name plate, and under
it its face-down fan and its taken point cards side by side. The boxes go round from the
viewer's right (lower right, upper right, the top row, upper left, lower left), and the
trick lies in the middle, each card on the line from the middle toward its player, so a
player sees at a glance who played which card. The places are fixed shares of the table, so
the table scales; every box and the trick are checked clear of one another at every size
players use (tests/gui/test_layout.py).

``table_layout`` is the one way in for a table of any size: four seats by side (``layout``),
six and eight round the oval.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from PySide6.QtCore import QRectF

from .card_pixmaps import CARD_ASPECT
from .layout import (
    BOTTOM,
    DECK_STEP,
    TAKEN_SCALE,
    Spot,
    TableLayout,
    round_the_table,
)

#: The point cards the viewer has taken: rows of this many, each card a step of a share of
#: its width (the corner, rank and suit, stays in sight), the rows a share of its height apart.
OWN_ROW, OWN_STEP, OWN_ROW_GAP = 11, 0.3, 0.45
#: Stacked above the plate (low vision on a narrow table), longer rows: two at the most.
STACKED_ROW = 13
#: A box's fan of backs: each card a share of its width from the one before.
FAN_STEP = 0.16
#: A box's taken point cards: one row, two when there are more than this many.
BOX_ROW = 12
#: The trick's cards, as a share of the viewer's cards (at most).
TRICK_SCALE = 0.72
#: A box's width in its fan cards' widths: the fan (2.9), and the point cards beside it.
BOX_IN_CARDS = 6.2
#: Point cards a box's row shows at a step that keeps each corner in sight (of a card).
POINT_STEP = 0.42
#: How far the corner boxes of the top row sit below the one in the middle (of a box's
#: height): the row curves like the oval.
CORNER_DROP = 0.3
#: Low vision's corner, at the least (which hand, the pass, hearts broken): as the oval's.
INFO_ROOM = 60.0
#: A box's fan cards this high at the least, that eight seats' three go down each side.
LEAST_FAN = 30
#: Each side holds at least two boxes (six seats); eight seats' third goes to the top row's
#: corner on a low table.
SIDE_BOXES = 2


def table_layout(
    seats: int, viewer: int, width: float, height: float, *, large: bool = False
) -> TableLayout:
    """The places of a table of ``seats`` drawn for ``viewer`` at ``width`` × ``height``
    (``large``: low vision's larger cards; on a narrow table the viewer's taken cards go
    above their plate, where that makes them larger and all lies clear)."""
    layout = _made(seats, viewer, width, height, large=large)
    if large:
        stacked = _made(seats, viewer, width, height, large=True, stacked=True)
        if stacked.card_h > layout.card_h and stack_clear(stacked):
            return stacked
    return layout


def stack_clear(layout: TableLayout) -> bool:
    """Whether, stacked, the left column (buttons, taken cards, plate), the fan raised, the
    trick, the corner and every other seat's parts lie clear of one another (else the row
    is kept)."""
    m = layout.margin
    aids = layout.aids_rect()
    room = layout.stack_floor().top() - m - aids.top()
    if layout.info_rect().height() < INFO_ROOM or room < layout.aids_room() - m:
        return False
    column = QRectF(m, aids.top(), layout.stack_width(layout.usual_h), layout.height)
    fan = layout.hand_rect(BOTTOM, 13).adjusted(0, -layout.card_h * 0.2, 0, 0)
    owners = [[column], [fan], layout.trick_areas(), [layout.info_rect()]]
    owners += [layout.seat_areas(place) for place in range(1, layout.seats)]
    pairs = combinations(owners, 2)
    return not any(a.intersects(b) for mine, theirs in pairs for a in mine for b in theirs)


def _made(
    seats: int, viewer: int, width: float, height: float, *, large: bool, stacked: bool = False
) -> TableLayout:
    if seats == TableLayout.seats:
        return TableLayout(width, height, viewer, large=large, stacked=stacked)
    return OvalLayout(width, height, viewer, seats, large=large, stacked=stacked)


class OvalLayout(TableLayout):
    """The places of a table of six or eight, by place (0 the viewer, then round)."""

    pile_width = TAKEN_SCALE * (0.95 + (OWN_ROW - 1) * OWN_STEP + 1)
    card_share = 0.185

    def __init__(
        self,
        width: float,
        height: float,
        viewer: int = 0,
        seats: int = 8,
        *,
        large: bool = False,
        stacked: bool = False,
    ) -> None:
        self.seats = seats  # before the sizes: the boxes depend on it
        super().__init__(width, height, viewer, large=large, stacked=stacked)
        m = self.margin
        self.plate_h = float(min(max(round(self.height * 0.075), 40), 56))
        self.box_w = max(self.width * 0.2, 170.0)
        # The box holds its fan of thirteen and, beside it, its point cards (up to 13 a row,
        # each corner in sight): some six fan cards' widths.
        fitting = (self.box_w - m) / BOX_IN_CARDS / CARD_ASPECT
        # Of the usual card: in low vision the others' cards keep their size.
        fan_h = min(max(round(self.usual_h * 0.5) // 2 * 2, 40), 96, int(fitting) // 2 * 2)
        fan_h = self._side_fan(fan_h)
        #: The scale of a box's cards (its fan and its point cards), of the viewer's card.
        self.box_scale = fan_h / self.card_h
        self.box_h = self.plate_h + m / 2 + fan_h
        #: The trick's cards, of the viewer's card (smaller where the middle is small).
        self.trick_scale = TRICK_SCALE
        self._top_places: list[int] = []
        self._boxes = self._place_boxes()
        self._trick_radii = self._fit_trick()

    # ------------------------------------------------------------------ the boxes

    def _side_fan(self, fan_h: int) -> int:
        """Eight seats on a low table: the boxes' fans lower, down to ``LEAST_FAN``, where
        that lets three boxes go down each side below the corner (at 640×500 the top row's
        corner box took the corner's room, and the corner lay over it)."""
        per_side = self.seats // 2 - 1
        if per_side <= SIDE_BOXES:
            return fan_h
        m = self.margin
        box_h = (self.aids_top() - (per_side + 1) * m) / (per_side + 0.85)
        fits = int(box_h - self.plate_h - m / 2) // 2 * 2
        return fan_h if fits < LEAST_FAN else min(fan_h, fits)

    def _place_boxes(self) -> dict[int, QRectF]:
        """Each other place's box: round from the lower right to the lower left.

        The seat across sits alone at the top; the others go down the two sides (two each at
        six, three at eight). Where three do not fit down a side (a low table), the eight's
        top row takes two more, at its corners.
        """
        m, bw, bh = self.margin, self.box_w, self.box_h
        right = self.width - m - bw / 2
        top = m + bh / 2
        across = self.seats // 2
        centres: dict[int, tuple[float, float]] = {across: (self.center_x, top)}
        per_side = across - 1
        upper = top + bh * 0.85  # below the information corner
        lowest = self.aids_top() - m - bh / 2
        spacing = min((lowest - upper) / (per_side - 1), bh * 1.5)
        if spacing >= bh + m or per_side <= SIDE_BOXES:
            spacing = max(spacing, bh + m)
            order = [(right, upper + spacing * (per_side - 1 - i)) for i in range(per_side)]
            self._top_places = [across]
        else:
            order = self._with_corners(right, top, lowest)
            self._top_places = [across - 1, across, across + 1]
        for place, centre in enumerate(order, start=1):
            centres[place] = centre
            centres[self.seats - place] = (2 * self.center_x - centre[0], centre[1])
        return {
            place: QRectF(round(x - bw / 2), round(y - bh / 2), round(bw), round(bh))
            for place, (x, y) in centres.items()
        }

    def _with_corners(self, right: float, top: float, lowest: float) -> list[tuple[float, float]]:
        """Two boxes down each side and one at each corner of the top row (from the right):
        the upper box below the corner box where they would meet."""
        m, bw, bh = self.margin, self.box_w, self.box_h
        reach = max(bw + m, (right - self.center_x) * 0.55)
        corner_y = top + bh * CORNER_DROP
        corners_meet = self.center_x + reach + bw / 2 + m > right - bw / 2
        upper = corner_y + bh + m if corners_meet else top + bh * 0.85
        lower = max(upper + bh + m, min(lowest, upper + bh * 1.5))
        return [(right, lower), (right, upper), (self.center_x + reach, corner_y)]

    def box_rect(self, place: int) -> QRectF:
        """The box of the seat at ``place`` (not the viewer's): plate, fan, point cards."""
        return QRectF(self._boxes[place])

    def aids_top(self) -> float:
        """The top of the table's buttons, above the viewer's plate (room for three), or
        stacked above their taken cards."""
        floor = self.stack_floor()
        return floor.top() - self.margin - self.aids_room()

    def _sides_bottom(self, usual: float) -> float:
        """Stacked: the lower boxes end above the table's buttons."""
        return self.aids_top() - self.margin

    def _own_row(self) -> int:
        """How many of the viewer's point cards a row holds."""
        return STACKED_ROW if self.stacked else OWN_ROW

    def _own_rows_up(self) -> float:
        """The viewer's point cards of two decks: three rows, or two stacked."""
        rows = -(-2 * 13 // self._own_row())
        return (rows - 1) * OWN_ROW_GAP

    def _stacked_pile_width(self) -> float:
        """Stacked: the stack and a row of ``STACKED_ROW`` point cards."""
        return TAKEN_SCALE * (0.95 + (STACKED_ROW - 1) * OWN_STEP + 1)

    def seat_areas(self, place: int) -> list[QRectF]:
        """The box of the seat at ``place``: plate, fan, point cards."""
        return [self.box_rect(place)]

    def trick_areas(self) -> list[QRectF]:
        """Each card of the trick: round the oval their common rectangle's corners are
        empty, and low vision's column of buttons and taken cards may reach into one."""
        rects = []
        for place in range(self.seats):
            x, y, _, _, scale = self.trick_spot(place, 0)
            w, h = self.card_w * scale, self.card_h * scale
            rects.append(QRectF(x - w / 2, y - h / 2, w, h))
        return rects

    def badge_rect(self, side: int) -> QRectF:
        """A seat's name plate: the viewer's as at four seats, the others' atop their box."""
        if side == BOTTOM:
            return super().badge_rect(BOTTOM)
        box = self._boxes[side]
        return QRectF(box.left(), box.top(), box.width(), self.plate_h)

    # ------------------------------------------------------------------- hands

    def hand_spots(self, side: int, count: int) -> list[Spot]:
        """A hand's cards left to right: the viewer's fan, or a box's backs under its plate."""
        if side == BOTTOM:
            return self._bottom_spots(count)
        box, scale = self._boxes[side], self.box_scale
        w, h = self.card_w * scale, self.card_h * scale
        step = w * FAN_STEP
        x0 = box.left() + w / 2
        y = box.bottom() - h / 2
        return [Spot(round(x0 + i * step), round(y), 0.0, i, scale) for i in range(count)]

    def _fan_width(self) -> float:
        """A box's fan of thirteen backs."""
        w = self.card_w * self.box_scale
        return w + 12 * w * FAN_STEP

    # ------------------------------------------------------------ trick, taken

    def _fit_trick(self) -> tuple[float, float]:
        """The oval the trick's cards lie on: within the middle of the table (between the
        boxes and the viewer's raised cards), its cards as large as they may be while no
        two neighbours meet."""
        m = self.margin
        top_row = self._top_row()
        sides = [b for p, b in self._boxes.items() if p not in top_row]
        left = max(b.right() for b in sides if b.center().x() < self.center_x) + m
        right = min(b.left() for b in sides if b.center().x() > self.center_x) - m
        top = max(self._boxes[p].bottom() for p in top_row) + m
        bottom = self.hand_rect(BOTTOM, 13).top() - self.card_h * 0.2 - m
        self.center_y = round((top + bottom) / 2)
        directions = round_the_table(self.seats)
        scale = TRICK_SCALE
        while True:
            w, h = self.card_w * scale, self.card_h * scale
            rx = min(min(self.center_x - left, right - self.center_x) - w / 2, w * 4.0)
            ry = min((bottom - top) / 2 - h / 2, h * 1.6)
            smallest = TRICK_SCALE / 2 * self.usual_h / self.card_h  # of the usual card
            apart = neighbours_apart(directions, rx, ry, w, h)
            if scale < smallest or (apart and self._clear_of_column(directions, rx, ry, w, h)):
                self.trick_scale = scale
                return rx, ry
            scale *= 0.95

    def _clear_of_column(
        self, directions: Sequence[tuple[float, float]], rx: float, ry: float, w: float, h: float
    ) -> bool:
        """Stacked: whether each card of the trick lies clear of the buttons and the taken
        cards above the viewer's plate (with a margin; the ring's empty corner may reach
        over them)."""
        if not self.stacked:
            return True
        m = self.margin
        right = 2 * m + self.stack_width(self.usual_h)
        top = self.aids_rect().top() - m
        return all(
            self.center_x + dx * rx - w / 2 >= right or self.center_y + dy * ry + h / 2 <= top
            for dx, dy in directions
        )

    def trick_spot(self, side: int, order: int) -> Spot:
        """The card played from ``side``: on the line from the middle toward its player."""
        dx, dy = round_the_table(self.seats)[side]
        rx, ry = self._trick_radii
        x, y = self.center_x + dx * rx, self.center_y + dy * ry
        return Spot(round(x), round(y), 0.0, 200 + order, self.trick_scale)

    def deck_spot(self, side: int, index: int = 0) -> Spot:
        """The deck before the deal: between the middle and the dealer's place."""
        dx, dy = round_the_table(self.seats)[side]
        rx, ry = self._trick_radii
        x, y = self.center_x + dx * rx * 0.6, self.center_y + dy * ry * 0.6
        scale = self.deck_scale * 0.8
        return Spot(round(x), round(y - index * DECK_STEP / 2), 0.0, 100 + index, scale)

    def taken_spot(self, side: int, index: int, point_card: bool, count: int = 0) -> Spot:
        """Taken cards: a stack, and the point cards face up beside it (the viewer's in
        rows of their own, a box's in one row or two, closer as there are more)."""
        if side == BOTTOM:
            return self._own_taken(index, point_card, count)
        box, scale = self._boxes[side], self.box_scale * 0.8
        w, h = self.card_w * scale, self.card_h * scale
        x0 = box.left() + self._fan_width() + self.margin + w / 2
        y = box.bottom() - h / 2
        if not point_card:
            return Spot(round(x0), round(y - min(index, 6) * 0.6), 0.0, 300 + index, scale)
        rows = 2 if count > BOX_ROW else 1
        per_row = -(-max(count, 1) // rows)
        row, column = divmod(index, per_row)
        room = box.right() - (x0 + w * 0.95) - w / 2  # from the first card's centre to the last's
        step = min(w * POINT_STEP, room / max(per_row - 1, 1))
        x = x0 + w * 0.95 + column * step
        return Spot(round(x), round(y - row * h * 0.3), 0.0, 340 + column - 20 * row, scale)

    def _own_taken(self, index: int, point_card: bool, count: int) -> Spot:
        """The viewer's: rows of their own, as many as two decks' hearts make; Belmont's
        point spades too make the rows longer, their cards closer (the aids stay clear)."""
        scale = self.taken_scale
        w, h = self.card_w * scale, self.card_h * scale
        m = self.margin
        ox = self.hand_rect(BOTTOM, 13).right() + m + w / 2
        oy = self.height - m - h / 2
        if self.stacked:  # above the plate, rows going up
            ox, oy = m + w / 2, self.badge_rect(BOTTOM).top() - m - h / 2
        if not point_card:
            return Spot(ox, oy - min(index, 6) * 0.6, 0.0, 300 + index, scale)
        rows = -(-2 * 13 // self._own_row())
        per_row = max(self._own_row(), -(-count // rows))
        step = OWN_STEP * (self._own_row() - 1) / (per_row - 1)
        row, column = divmod(index, per_row)
        x = ox + w * 0.95 + column * w * step
        return Spot(x, oy - row * h * OWN_ROW_GAP, 0.0, 340 + column - 20 * row, scale)

    # ----------------------------------------------------------------- corners

    def info_rect(self) -> QRectF:
        """The top left corner: left of the top row's boxes, above the left column's."""
        m = self.margin
        top_row = [self._boxes[p] for p in self._top_row()]
        right = min(b.left() for b in top_row if b.center().x() < self.center_x + 1) - m
        column = [self._boxes[p] for p in range(self.seats // 2 + 1, self.seats)]
        column = [b for b in column if b not in top_row]
        bottom = min(b.top() for b in column) - m
        return QRectF(m, m, max(right - m, 60.0), max(bottom - m, 40.0))

    def _top_row(self) -> list[int]:
        """The places of the top row: the one across, and its corners where they are."""
        return list(self._top_places)

    def aids_rect(self) -> QRectF:
        """Above the viewer's plate, below the lower left box: the aids' buttons."""
        m = self.margin
        plate = self.stack_floor()
        box = self._boxes[self.seats - 1]
        top = box.bottom() + m
        if self.stacked:  # just above the taken cards: the trick may come down beside
            top = max(top, plate.top() - m - self.aids_room())
        return QRectF(plate.left(), top, plate.width(), max(plate.top() - m - top, 40.0))

    def prompt_rect(self) -> QRectF:
        """The middle of the table, for the passing prompt and its button."""
        w = min(self.width * 0.45, 520.0)
        h = self.card_h * 0.95
        return QRectF(self.center_x - w / 2, self.center_y - h / 2, w, h)


def neighbours_apart(
    directions: Sequence[tuple[float, float]], rx: float, ry: float, w: float, h: float
) -> bool:
    """Whether cards ``w`` × ``h`` on the oval ``rx``, ``ry`` at these directions stay clear
    of one another (a small gap between): neighbours, and on a flat oval the cards either
    side of one (eight seats' lower and upper right, low vision's large cards)."""
    points = [(dx * rx, dy * ry) for dx, dy in directions]
    for (x1, y1), (x2, y2) in combinations(points, 2):
        if abs(x1 - x2) < w * 1.05 and abs(y1 - y2) < h * 1.05:
            return False
    return True


def box_card_size(layout: OvalLayout) -> tuple[float, float]:
    """A box's fan card, width and height (for tests and the last-trick view)."""
    return layout.card_w * layout.box_scale, layout.card_w * layout.box_scale / CARD_ASPECT
