"""Painted plates on the felt: each seat's name plate, and the hand's information corner."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject

if TYPE_CHECKING:
    from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

#: The felt the table opens on (green), its centre and edge: the view's first.
FELT_CENTRE = QColor("#2e7a4c")
FELT_EDGE = QColor("#123a24")


def plate_colours(centre: QColor, edge: QColor) -> tuple[QColor, QColor]:
    """A plate's colours on a felt of these colours: its dark edge, lifted on its turn."""
    quiet = QColor(edge.darker(160))
    quiet.setAlpha(150)
    active = QColor(centre.darker(190))
    active.setAlpha(215)
    return quiet, active


#: The plates on the first felt: tinted as on any other (fixed colours of their own came
#: back two or three levels off once the felt was changed and changed back).
PLATE, PLATE_ACTIVE = plate_colours(FELT_CENTRE, FELT_EDGE)


GOLD = QColor("#f5c542")
TEXT = QColor("#f3f1e8")
MUTED = QColor("#b9d3c4")
#: High contrast's plates: black, white text (no greys), yellow for what is lit.
STRONG_PLATE = QColor(0, 0, 0, 240)
TEXT_STRONG = QColor("#ffffff")
STRONG_GOLD = QColor("#ffe100")


#: The smallest pixel size a plate's text shrinks to before it is cut.
SMALLEST_TEXT = 9


@dataclass(frozen=True)
class BadgeState:
    """What a name plate shows; every text arrives already translated."""

    name: str = ""
    score_text: str = ""
    hand_text: str = ""
    dealer: bool = False
    #: The letter on the dealer's chip ("D"), and its tooltip.
    dealer_letter: str = "D"
    dealer_tip: str = ""
    active: bool = False
    ready: bool = False


class SeatBadge(QGraphicsObject):
    """A seat's name, total and points taken this hand; ringed in gold on its turn."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat
        self.state = BadgeState()
        #: The plate's colours, quiet and on its turn: tinted like the felt (set_felt).
        self.colours = (PLATE, PLATE_ACTIVE)
        #: High contrast: black, white text and a white edge; on its turn a wide yellow one.
        self.strong = False
        self._rect = QRectF(0, 0, 180, 56)
        self.setZValue(50)

    def set_rect(self, rect: QRectF) -> None:
        """Move and size the plate."""
        self.prepareGeometryChange()
        self._rect = QRectF(0, 0, rect.width(), rect.height())
        self.setPos(rect.topLeft())

    def set_state(self, **changes: object) -> None:
        """Change some of what the plate shows."""
        state = replace(self.state, **changes)  # type: ignore[arg-type]
        if state != self.state:
            self.state = state
            self.setToolTip(state.dealer_tip if state.dealer else "")
            self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect.adjusted(-2, -2, 2, 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        state, rect = self.state, self._rect
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.strong:
            edge = QPen(STRONG_GOLD, 4.0) if state.active else QPen(TEXT_STRONG, 1.5)
            painter.setPen(edge)
            painter.setBrush(STRONG_PLATE)
            painter.drawRoundedRect(rect.adjusted(2, 2, -2, -2), 10, 10)
        else:
            painter.setPen(QPen(GOLD, 2.5) if state.active else Qt.PenStyle.NoPen)
            painter.setBrush(self.colours[1] if state.active else self.colours[0])
            painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 10, 10)
        inner = rect.adjusted(12, 6, -10, -6)
        half = inner.height() / 2
        chip = self._paint_chips(painter, inner, half)
        bold = QFont(painter.font())
        bold.setBold(True)
        bold.setPixelSize(max(12, round(half * 0.72)))
        text, muted, gold = (
            (TEXT_STRONG,) * 2 + (STRONG_GOLD,) if self.strong else (TEXT, MUTED, GOLD)
        )
        _draw_line(painter, bold, text, inner.adjusted(0, 0, -chip, -half), state.name)
        small = QFont(painter.font())
        small.setPixelSize(max(11, round(half * 0.62)))
        small.setBold(self.strong)
        lower = inner.adjusted(0, half, 0, 0)
        _draw_line(painter, small, muted, lower, state.score_text)
        _draw_line(painter, small, gold, lower, state.hand_text, align=Qt.AlignmentFlag.AlignRight)

    def _paint_chips(self, painter: QPainter, inner: QRectF, half: float) -> float:
        """The dealer chip and the 'ready' tick at the top right; returns the width used."""
        used = 0.0
        size = half * 0.9
        if self.state.dealer:
            chip = QRectF(inner.right() - size, inner.top() + 1, size, size)
            painter.setPen(QPen(QColor("#333"), 1))
            painter.setBrush(QColor("#fafafa"))
            painter.drawEllipse(chip)
            font = QFont(painter.font())
            font.setBold(True)
            font.setPixelSize(max(9, round(size * 0.62)))
            painter.setFont(font)
            painter.setPen(QColor("#b3261e"))
            painter.drawText(chip, Qt.AlignmentFlag.AlignCenter, self.state.dealer_letter)
            used += size + 6
        if self.state.ready:
            tick = QRectF(inner.right() - used - size, inner.top() + 1, size, size)
            painter.setPen(QPen(QColor("#7ee081"), 2.2))
            low = QPointF(tick.center().x(), tick.bottom() - size * 0.2)
            painter.drawLine(QPointF(tick.left() + size * 0.2, tick.center().y()), low)
            painter.drawLine(low, QPointF(tick.right() - size * 0.1, tick.top() + size * 0.2))
            used += size + 6
        return used


class InfoPlate(QGraphicsObject):
    """A few lines in the corner: the hand number, the pass, hearts broken or not."""

    def __init__(self) -> None:
        super().__init__()
        self._lines: list[tuple[str, QColor]] = []
        self._rect = QRectF(0, 0, 160, 60)
        #: High contrast: white bold lines on black.
        self.strong = False
        self.setZValue(40)

    def set_rect(self, rect: QRectF) -> None:
        """Move and size the corner."""
        self.prepareGeometryChange()
        self._rect = QRectF(0, 0, rect.width(), rect.height())
        self.setPos(rect.topLeft())

    def set_lines(self, lines: list[tuple[str, QColor]]) -> None:
        """The lines to show, each with its colour."""
        if lines != self._lines:
            self._lines = list(lines)
            self.update()

    def lines(self) -> list[str]:
        """The texts shown (for tests and accessibility)."""
        return [text for text, _ in self._lines]

    def text_rect(self) -> QRectF:
        """Where its lines are drawn, in the scene: what a panel over the table leaves in
        sight (the corner's room below them is felt)."""
        height = len(self._lines) * self._line_height()
        return QRectF(self.pos(), QSizeF(self._rect.width(), height))

    def _line_height(self) -> float:
        return min(self._rect.height() / max(1, len(self._lines)), 22.0)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if not self._lines:
            return
        font = self.font()
        line_h = self._line_height()
        if self.strong:
            painter.fillRect(self.text_rect().translated(-self.pos()), STRONG_PLATE)
        for i, (text, colour) in enumerate(self._lines):
            row = QRectF(0, i * line_h, self._rect.width(), line_h)
            _draw_line(painter, font, TEXT_STRONG if self.strong else colour, row, text)

    def font(self) -> QFont:
        """The lines' font: as large as the corner allows, smaller before any line is cut."""
        font = QFont()
        font.setBold(self.strong)
        size = max(11, round(self._line_height() * 0.7))
        font.setPixelSize(size)
        while size > SMALLEST_TEXT and self.cut_lines(font):
            size -= 1
            font.setPixelSize(size)
        return font

    def cut_lines(self, font: QFont | None = None) -> list[str]:
        """The lines too long for the corner in ``font`` (shown elided)."""
        metrics = QFontMetricsF(font or self.font())
        return [t for t, _ in self._lines if metrics.horizontalAdvance(t) > self._rect.width()]


def _draw_line(
    painter: QPainter,
    font: QFont,
    colour: QColor,
    rect: QRectF,
    text: str,
    *,
    align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft,
) -> None:
    """One line of text, elided to fit."""
    painter.setFont(font)
    painter.setPen(colour)
    elided = QFontMetricsF(font).elidedText(text, Qt.TextElideMode.ElideRight, rect.width())
    painter.drawText(rect, align | Qt.AlignmentFlag.AlignVCenter, elided)


class NotePlate(QGraphicsObject):
    """A short sentence shown for a moment where the player is looking: above their hand."""

    def __init__(self) -> None:
        super().__init__()
        self.text = ""
        self._rect = QRectF(0, 0, 300, 34)
        self.setZValue(950)  # above the cards, even one being dragged
        self.hide()

    def show_text(self, text: str, centre: QPointF, width: float) -> None:
        """Show ``text`` centred on ``centre``, at most ``width`` wide."""
        self.prepareGeometryChange()
        font = QFont()
        font.setPixelSize(15)
        font.setBold(True)
        wanted = QFontMetricsF(font).horizontalAdvance(text) + 36
        self.text = text
        self._rect = QRectF(0, 0, min(wanted, width), 34)
        self.setPos(centre.x() - self._rect.width() / 2, centre.y() - self._rect.height() / 2)
        self.show()
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect.adjusted(-2, -2, 2, 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(GOLD, 1.5))
        painter.setBrush(QColor(20, 12, 8, 225))
        painter.drawRoundedRect(self._rect.adjusted(1, 1, -1, -1), 12, 12)
        font = QFont(painter.font())
        font.setPixelSize(15)
        font.setBold(True)
        inner = self._rect.adjusted(14, 0, -14, 0)
        _draw_line(painter, font, TEXT, inner, self.text, align=Qt.AlignmentFlag.AlignHCenter)
