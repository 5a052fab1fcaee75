"""Lines of numbers hand by hand (the running totals) or game by game, drawn with QPainter."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QWidget

SEAT_COLOURS = (QColor("#f5c542"), QColor("#6ec6ff"), QColor("#ff8a80"), QColor("#c5a3ff"))
GRID = QColor(255, 255, 255, 40)
AXIS_TEXT = QColor("#b9d3c4")


BACKGROUND = QColor(10, 32, 22, 236)
#: How far apart (pixels) the lines of tied seats are drawn.
TIE_SPREAD = 2.4


class ScoreChart(QWidget):
    """One line per player: the total after each hand (or a figure per game); a limit dashed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._names: list[str] = []
        self._progress: list[tuple[float, ...]] = []
        self._limit: int | None = None
        self._from_zero = True
        self._colours: tuple[QColor, ...] = SEAT_COLOURS
        self.setMinimumSize(320, 170)

    def set_data(
        self,
        names: Sequence[str],
        progress: Sequence[Sequence[float]],
        limit: int | None,
        *,
        from_zero: bool = True,
        colours: Sequence[QColor] | None = None,
    ) -> None:
        """The players' names, their figures after each hand (or game), and the limit if any.

        ``from_zero``: the lines start at 0 before the first hand (running totals do); else
        each figure stands in the middle of its column. ``colours``: one per line (the seats'
        colours at the table by default).
        """
        self._colours = tuple(colours) if colours else SEAT_COLOURS
        self._names = list(names)
        self._progress = [tuple(p) for p in progress]
        self._limit = limit
        self._from_zero = from_zero
        self.update()

    def series(self) -> list[list[float]]:
        """Each line's figures, in order (for tests and accessibility)."""
        return [[row[i] for row in self._progress] for i in range(len(self._names))]

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(460, 220)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(BACKGROUND)  # the light texts need their dark ground anywhere
        painter.drawRoundedRect(QRectF(self.rect()), 8, 8)
        font = QFont(self.font())
        font.setPixelSize(11)
        painter.setFont(font)
        plot = QRectF(self.rect()).adjusted(34, 8, -10, -40)
        low, high = self._range()
        self._draw_grid(painter, plot, low, high)
        for seat in range(len(self._names)):
            self._draw_line(painter, plot, low, high, seat)
        self._draw_legend(painter, QRectF(plot.left(), plot.bottom() + 20, plot.width(), 18))
        painter.end()

    def _range(self) -> tuple[int, int]:
        values = [v for row in self._progress for v in row] + [0]
        if self._limit is not None:
            values.append(self._limit)
        low, high = math.floor(min(values)), math.ceil(max(values))
        return low, max(high, low + 10)

    def _point(self, plot: QRectF, low: int, high: int, hand: int, value: float) -> QPointF:
        count = max(len(self._progress), 1)
        column = hand if self._from_zero else hand - 0.5  # figures of their own: centred
        x = plot.left() + plot.width() * column / count
        y = plot.bottom() - plot.height() * (value - low) / (high - low)
        return QPointF(x, y)

    def _draw_grid(self, painter: QPainter, plot: QRectF, low: int, high: int) -> None:
        step = _nice_step((high - low) / 4)
        painter.setPen(QPen(GRID, 1))
        value = (low // step) * step
        while value <= high:
            y = self._point(plot, low, high, 0, value).y()
            if plot.top() - 1 <= y <= plot.bottom() + 1:
                painter.setPen(QPen(GRID, 1))
                painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
                painter.setPen(AXIS_TEXT)
                label = QRectF(0, y - 8, plot.left() - 6, 16)
                painter.drawText(label, Qt.AlignmentFlag.AlignRight, str(value))
            value += step
        if self._limit is not None:
            y = self._point(plot, low, high, 0, self._limit).y()
            painter.setPen(QPen(QColor(255, 120, 120, 170), 1.5, Qt.PenStyle.DashLine))
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
        painter.setPen(AXIS_TEXT)
        for hand in range(1, len(self._progress) + 1):
            x = self._point(plot, low, high, hand, 0).x()
            painter.drawText(
                QRectF(x - 12, plot.bottom() + 2, 24, 14), Qt.AlignmentFlag.AlignCenter, str(hand)
            )

    def _draw_line(self, painter: QPainter, plot: QRectF, low: int, high: int, seat: int) -> None:
        points = [self._point(plot, low, high, 0, 0)] if self._from_zero else []
        points += [
            self._point(plot, low, high, i + 1, row[seat]) for i, row in enumerate(self._progress)
        ]
        colour = self._colours[seat % len(self._colours)]
        # Each seat's line a little apart from the others': tied totals show side by side,
        # not one line over another (one player would seem to have none).
        shift = QPointF(0, (seat - 1.5) * TIE_SPREAD)
        points = [point + shift for point in points]
        painter.setPen(QPen(colour, 2.2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPolyline(QPolygonF(points))
        painter.setBrush(colour)
        for point in points[1:] if self._from_zero else points:
            painter.drawEllipse(point, 2.8, 2.8)

    def _draw_legend(self, painter: QPainter, rect: QRectF) -> None:
        if not self._names:
            return
        width = rect.width() / len(self._names)
        for seat, name in enumerate(self._names):
            cell = QRectF(rect.left() + seat * width, rect.top(), width, rect.height())
            painter.setPen(QPen(self._colours[seat % len(self._colours)], 3))
            y = cell.center().y()
            painter.drawLine(QPointF(cell.left(), y), QPointF(cell.left() + 14, y))
            painter.setPen(AXIS_TEXT)
            text = painter.fontMetrics().elidedText(
                name, Qt.TextElideMode.ElideRight, round(width - 22)
            )
            painter.drawText(cell.adjusted(19, 0, 0, 0), Qt.AlignmentFlag.AlignVCenter, text)


def _nice_step(raw: float) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if step >= raw:
            return step
    return 1000 * (int(raw) // 1000 + 1)
