"""Lines of numbers hand by hand (the running totals) or game by game, drawn with QPainter."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QWidget

#: One colour a seat, eight for Belmont's largest table (the first four the four-seat table's).
SEAT_COLOURS = (
    QColor("#f5c542"),
    QColor("#6ec6ff"),
    QColor("#ff8a80"),
    QColor("#c5a3ff"),
    QColor("#7ee081"),
    QColor("#4dd0c8"),  # teal: an orange here was too like the first seat's gold
    QColor("#f48fcb"),
    QColor("#e6e6e6"),
)
#: The mark on each hand's point of a line, one a seat: with six or eight lines colour alone
#: would not tell them apart (nor to a player who does not see the colours).
MARKERS = ("circle", "square", "triangle", "diamond", "circle", "square", "triangle", "diamond")
#: Legend entries on one row; more go on a second.
LEGEND_ROW = 4
GRID = QColor(255, 255, 255, 40)
AXIS_TEXT = QColor("#b9d3c4")


BACKGROUND = QColor(10, 32, 22, 236)
#: How far apart (pixels) the lines of tied seats are drawn.
TIE_SPREAD = 2.4
#: How far the outermost of tied lines lies from their figure, at most: four lines' spread
#: (the hands' numbers below clear it); more tied lines are drawn closer together.
FOUR_SPREAD = 1.5 * TIE_SPREAD
#: A line's mark: its radius, and how far its tallest shape (the diamond) reaches from its point.
MARK_RADIUS = 2.8
MARK_REACH = 1.3 * MARK_RADIUS
#: The hands' numbers start this far under the plot: clear of the lowest of tied marks at 0
#: (a "1" under the marks of the players who took nothing in the first hand was hidden).
NUMBERS_GAP = math.ceil(FOUR_SPREAD + MARK_REACH) + 1
NUMBERS_HEIGHT = 14
#: The room a hand's number takes under its column, and the least room between two numbers.
NUMBER_WIDTH = 28
NUMBER_GAP = 4
LEGEND_LINE = 18


class ScoreChart(QWidget):
    """One line per player: the total after each hand (or a figure per game); a limit dashed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._names: list[str] = []
        self._progress: list[Sequence[float]] = []
        #: Worked out from ``_progress`` when first drawn (None: not yet): the sheet gives
        #: every row again after each hand, thousands of them in a long game.
        self._scale: tuple[int, int] | None = None
        self._offsets: list[list[float]] | None = None
        self._limit: int | None = None
        self._from_zero = True
        self._colours: tuple[QColor, ...] = SEAT_COLOURS
        self._columns: tuple[int, ...] | None = None
        self.setMinimumSize(320, 170)

    def set_data(
        self,
        names: Sequence[str],
        progress: Sequence[Sequence[float]],
        limit: int | None,
        *,
        from_zero: bool = True,
        colours: Sequence[QColor] | None = None,
        columns: Sequence[int] | None = None,
    ) -> None:
        """The players' names, their figures after each hand (or game), and the limit if any.

        ``from_zero``: the lines start at 0 before the first hand (running totals do); else
        each figure stands in the middle of its column. ``colours``: one per line (the seats'
        colours at the table by default). ``columns``: the number written under each column
        (1, 2, 3… by default; the games a figure is of, when some games have none). The rows
        are kept as given, not copied: they must not change (the score sheet's are tuples).
        """
        self._colours = tuple(colours) if colours else SEAT_COLOURS
        self._columns = tuple(columns) if columns is not None else None
        self._names = list(names)
        self._progress = list(progress)
        self._limit = limit
        self._scale = self._offsets = None
        self._from_zero = from_zero
        self.update()

    def series(self) -> list[list[float]]:
        """Each line's figures, in order (for tests and accessibility)."""
        return [[row[i] for row in self._progress] for i in range(len(self._names))]

    def column_numbers(self) -> list[int]:
        """The number under each column, in order."""
        count = len(self._progress)
        return list(self._columns[:count]) if self._columns else list(range(1, count + 1))

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(460, 220)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(BACKGROUND)  # the light texts need their dark ground anywhere
        painter.drawRoundedRect(QRectF(self.rect()), 8, 8)
        painter.setFont(_number_font(self.font()))
        plot = self._plot()
        low, high = self._range()
        self._draw_grid(painter, plot, low, high)
        for seat in range(len(self._names)):
            self._draw_line(painter, seat)
        self._draw_legend(painter, self.legend_rect())
        painter.end()

    def _legend_rows(self) -> int:
        return 1 if len(self._names) <= LEGEND_ROW else 2

    def _plot(self) -> QRectF:
        """The lines' area: the widget less the figures on the left, the hands' numbers and
        the legend below."""
        below = NUMBERS_GAP + NUMBERS_HEIGHT + 2 + LEGEND_LINE * self._legend_rows()
        return QRectF(self.rect()).adjusted(34, 8, -10, -below)

    def legend_rect(self) -> QRectF:
        """Where the names and their lines' samples are drawn: the widget's last rows."""
        plot = self._plot()
        height = LEGEND_LINE * self._legend_rows()
        return QRectF(plot.left(), self.height() - 2 - height, plot.width(), height)

    def numbered_columns(self) -> list[int]:
        """The columns (1, 2, 3…) a number is written under: each while the numbers fit side
        by side; in a long game every 2nd, 5th, 10th… (hundreds ran into each other)."""
        numbers = self.column_numbers()
        if not numbers:
            return []
        widest = QFontMetricsF(_number_font(self.font())).horizontalAdvance(str(max(numbers)))
        every = _every(min(widest + NUMBER_GAP, NUMBER_WIDTH), self._column_width())
        return list(range(every, len(numbers) + 1, every))

    def number_rects(self) -> list[QRectF]:
        """Where each number is drawn under its column (``numbered_columns``), in order."""
        plot, (low, high) = self._plot(), self._range()
        top = plot.bottom() + NUMBERS_GAP
        rects = []
        for hand in self.numbered_columns():
            x = self._point(plot, low, high, hand, 0).x()
            rects.append(QRectF(x - NUMBER_WIDTH / 2, top, NUMBER_WIDTH, NUMBERS_HEIGHT))
        return rects

    def marked_columns(self) -> list[int]:
        """The columns (1, 2, 3…) whose points bear their lines' marks: each while the marks
        stand apart; in a long game every 2nd, 5th, 10th… (a smear of marks told nothing)."""
        every = _every(2 * MARK_REACH + 1, self._column_width())
        return list(range(every, len(self._progress) + 1, every))

    def mark_rects(self, seat: int) -> list[QRectF]:
        """The box round each mark on ``seat``'s line, in order."""
        return [
            QRectF(p.x() - MARK_REACH, p.y() - MARK_REACH, 2 * MARK_REACH, 2 * MARK_REACH)
            for p in self._marks(self.line_points(seat))
        ]

    def _marks(self, points: list[QPointF]) -> list[QPointF]:
        """The points of a line (``line_points``) that bear a mark."""
        first = 0 if self._from_zero else 1  # the line's start at 0 bears none
        return [points[column - first] for column in self.marked_columns()]

    def _column_width(self) -> float:
        return self._plot().width() / max(len(self._progress), 1)

    def line_points(self, seat: int) -> list[QPointF]:
        """Where ``seat``'s line goes through, in the widget (its start at 0 first, when the
        lines start from zero)."""
        plot, (low, high) = self._plot(), self._range()
        points = [self._point(plot, low, high, 0, 0)] if self._from_zero else []
        if self._offsets is None:
            self._offsets = [tie_offsets(row) for row in self._progress]
        # As _point works each out, inline: thousands of points in a long game.
        left, width, bottom, height = plot.left(), plot.width(), plot.bottom(), plot.height()
        count, span = max(len(self._progress), 1), high - low
        shift = 1 if self._from_zero else 0.5  # the first figure's column
        points += [
            QPointF(
                left + width * (hand + shift) / count,
                bottom - height * (row[seat] - low) / span + offsets[seat],
            )
            for hand, (row, offsets) in enumerate(zip(self._progress, self._offsets, strict=True))
        ]
        return points

    def _range(self) -> tuple[int, int]:
        if self._scale is None:
            values = [v for row in self._progress for v in row] + [0]
            if self._limit is not None:
                values.append(self._limit)
            low, high = math.floor(min(values)), math.ceil(max(values))
            high = max(high, low + 10)
            # Up to the next figure the grid writes: the highest line had no number beside it
            # (a 39 above the grid's 30).
            step = _nice_step((high - low) / 4)
            self._scale = low, math.ceil(high / step) * step
        return self._scale

    def _point(self, plot: QRectF, low: int, high: int, hand: int, value: float) -> QPointF:
        count = max(len(self._progress), 1)
        column = hand if self._from_zero else hand - 0.5  # figures of their own: centred
        x = plot.left() + plot.width() * column / count
        y = plot.bottom() - plot.height() * (value - low) / (high - low)
        return QPointF(x, y)

    def grid_values(self) -> list[int]:
        """The figures written beside the grid's lines, lowest first."""
        low, high = self._range()
        step = _nice_step((high - low) / 4)
        return [v for v in range((low // step) * step, high + 1, step) if v >= low]

    def value_y(self, value: float) -> float:
        """Where a figure lies, up the widget."""
        low, high = self._range()
        return self._point(self._plot(), low, high, 0, value).y()

    def _draw_grid(self, painter: QPainter, plot: QRectF, low: int, high: int) -> None:
        for value in self.grid_values():
            y = self._point(plot, low, high, 0, value).y()
            painter.setPen(QPen(GRID, 1))
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            painter.setPen(AXIS_TEXT)
            label = QRectF(0, y - 8, plot.left() - 6, 16)
            painter.drawText(label, Qt.AlignmentFlag.AlignRight, str(value))
        if self._limit is not None:
            y = self._point(plot, low, high, 0, self._limit).y()
            painter.setPen(QPen(QColor(255, 120, 120, 170), 1.5, Qt.PenStyle.DashLine))
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
        painter.setPen(AXIS_TEXT)
        numbers = self.column_numbers()
        for rect, column in zip(self.number_rects(), self.numbered_columns(), strict=True):
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(numbers[column - 1]))

    def _draw_line(self, painter: QPainter, seat: int) -> None:
        points = self.line_points(seat)
        colour = self._colours[seat % len(self._colours)]
        painter.setPen(QPen(colour, 2.2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPolyline(QPolygonF(points))
        painter.setBrush(colour)
        for point in self._marks(points):
            _draw_marker(painter, point, MARKERS[seat % len(MARKERS)], MARK_RADIUS)

    def _draw_legend(self, painter: QPainter, rect: QRectF) -> None:
        if not self._names:
            return
        per_row = min(len(self._names), LEGEND_ROW)
        rows = -(-len(self._names) // per_row)
        width, height = rect.width() / per_row, rect.height() / rows
        for seat, name in enumerate(self._names):
            row, column = divmod(seat, per_row)
            cell = QRectF(rect.left() + column * width, rect.top() + row * height, width, height)
            colour = self._colours[seat % len(self._colours)]
            painter.setPen(QPen(colour, 3))
            y = cell.center().y()
            painter.drawLine(QPointF(cell.left(), y), QPointF(cell.left() + 14, y))
            painter.setPen(QPen(colour, 1))
            painter.setBrush(colour)
            _draw_marker(painter, QPointF(cell.left() + 7, y), MARKERS[seat % len(MARKERS)], 3.2)
            painter.setPen(AXIS_TEXT)
            text = painter.fontMetrics().elidedText(
                name, Qt.TextElideMode.ElideRight, round(width - 22)
            )
            painter.drawText(cell.adjusted(19, 0, 0, 0), Qt.AlignmentFlag.AlignVCenter, text)


def _draw_marker(painter: QPainter, at: QPointF, shape: str, r: float) -> None:
    """A line's mark at one point: a circle, a square, a triangle or a diamond."""
    x, y = at.x(), at.y()
    if shape == "square":
        painter.drawRect(QRectF(x - r * 0.9, y - r * 0.9, r * 1.8, r * 1.8))
    elif shape == "triangle":
        corners = [QPointF(x, y - r * 1.2), QPointF(x + r * 1.1, y + r * 0.8)]
        painter.drawPolygon(QPolygonF([*corners, QPointF(x - r * 1.1, y + r * 0.8)]))
    elif shape == "diamond":
        corners = [QPointF(x, y - r * 1.3), QPointF(x + r * 1.1, y), QPointF(x, y + r * 1.3)]
        painter.drawPolygon(QPolygonF([*corners, QPointF(x - r * 1.1, y)]))
    else:
        painter.drawEllipse(at, r, r)


def tie_offsets(figures: Sequence[float]) -> list[float]:
    """How far (pixels, down) each seat's point is drawn from its figure: tied figures side
    by side, not one line over another (one player would seem to have none); a figure nobody
    shares right on it. Seats in order from the top; a tie of many closer together, so the
    outermost stays within ``FOUR_SPREAD`` (eight lines, each 2.4 apart, put the lowest some
    8 pixels under the 0 it stood for)."""
    offsets = [0.0] * len(figures)
    distinct = set(figures)
    if len(distinct) == len(figures):  # no tie (most hands of a long game): none moved
        return offsets
    for figure in distinct:
        tied = [seat for seat, value in enumerate(figures) if value == figure]
        if len(tied) == 1:
            continue
        step = min(TIE_SPREAD, 2 * FOUR_SPREAD / (len(tied) - 1))
        for order, seat in enumerate(tied):
            offsets[seat] = (order - (len(tied) - 1) / 2) * step
    return offsets


def _number_font(font: QFont) -> QFont:
    """The chart's figures' font: the widget's, 11 pixels high."""
    small = QFont(font)
    small.setPixelSize(11)
    return small


def _every(room: float, column: float) -> int:
    """Every how many columns of ``column`` pixels one thing of ``room`` pixels is drawn:
    each column while it fits, else every 2nd, 5th, 10th… (each, on a chart not laid out)"""
    return 1 if column >= room or column <= 0 else _nice_step(room / column)


def _nice_step(raw: float) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if step >= raw:
            return step
    return 1000 * (int(raw) // 1000 + 1)
