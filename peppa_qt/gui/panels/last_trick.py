"""The last trick, shown again on request (L, or a click on a taken pile): its cards as they
lay (four in a cross, six or eight round an oval), who led and who took it, until the next
click or key."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QVBoxLayout, QWidget

from ..table.card_pixmaps import CARD_ASPECT, CardPixmapCache
from ..table.layout import BOTTOM, LEFT, RIGHT, TOP, round_the_table
from ..table.layout_oval import neighbours_apart
from .base import Panel, panel_label

#: The winner's card is ringed in the table's gold.
GOLD = QColor("#f5c542")
#: A trick of four lies in a cross, a card on each side of the screen.
CROSS = len((BOTTOM, RIGHT, TOP, LEFT))
#: The cards of a trick of six or eight, as a share of the cross's (more cards, less room).
ROUND_SCALE = 0.72


class TrickCross(QWidget):
    """Four cards in a cross, each on its player's side of the table (drawn for the viewer)."""

    def __init__(self, cache: CardPixmapCache, height: int = 92) -> None:
        super().__init__()
        self._cache = cache
        self._size = QSize(2 * round(height * CARD_ASPECT / 2), height)
        #: (side of the screen, card) in play order, and the side that took the trick.
        self.cards: list[tuple[int, int]] = []
        self.winner_side: int | None = None

    @property
    def seats(self) -> int:
        """How many cards the trick holds: one a seat."""
        return max(len(self.cards), CROSS)

    def card_size(self) -> QSize:
        """A card's size: smaller round a table of six or eight."""
        if self.seats == CROSS:
            return self._size
        h = round(self._size.height() * ROUND_SCALE)
        return QSize(2 * round(h * CARD_ASPECT / 2), h)

    def _radii(self) -> tuple[float, float]:
        """The oval of a trick of six or eight: as small as keeps neighbours apart."""
        size = self.card_size()
        w, h = size.width(), size.height()
        rx, ry = w * 1.2, h * 1.1
        directions = round_the_table(self.seats)
        while not neighbours_apart(directions, rx, ry, w, h) and rx < w * 5:
            rx, ry = rx + w * 0.1, ry + h * 0.04
        return rx, ry

    def sizeHint(self) -> QSize:  # noqa: N802
        w, h = self._size.width(), self._size.height()
        if self.seats == CROSS:
            return QSize(round(w * 3.3), round(h * 2.2))
        size = self.card_size()
        rx, ry = self._radii()
        return QSize(round(2 * rx + size.width() + 8), round(2 * ry + size.height() + 8))

    def spot(self, side: int) -> QRectF:
        """Where the card played from ``side`` (a place round the table) lies."""
        size = self.card_size()
        w, h = size.width(), size.height()
        cx, cy = self.width() / 2, self.height() / 2
        if self.seats == CROSS:
            dx = {BOTTOM: 0.0, RIGHT: w * 1.1, TOP: 0.0, LEFT: -w * 1.1}[side]
            dy = {BOTTOM: h * 0.58, RIGHT: 0.0, TOP: -h * 0.58, LEFT: 0.0}[side]
        else:
            (ux, uy), (rx, ry) = round_the_table(self.seats)[side], self._radii()
            dx, dy = ux * rx, uy * ry
        return QRectF(cx + dx - w / 2, cy + dy - h / 2, w, h)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        ratio = self.devicePixelRatioF()
        for side, card in self.cards:  # in play order: the later ones lie on top
            rect = self.spot(side)
            face = self._cache.face(card, self.card_size(), ratio)
            painter.drawPixmap(rect.topLeft(), face)
            if side == self.winner_side:
                painter.setPen(QPen(GOLD, 3))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(rect.adjusted(-2, -2, 2, 2), 6, 6)
        painter.end()


class LastTrickPanel(Panel):
    """The trick before this one; any click or key puts it away (``dismissed``)."""

    dismissed = Signal()

    def __init__(self, cache: CardPixmapCache, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = panel_label(name="title")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.cross = TrickCross(cache)
        self.line = panel_label(name="muted")
        self.line.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.line.setWordWrap(True)
        box = QVBoxLayout(self)
        box.setContentsMargins(18, 12, 18, 14)
        box.addWidget(self.title)
        box.addWidget(self.cross, 0, Qt.AlignmentFlag.AlignHCenter)
        box.addWidget(self.line)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def show_trick(
        self,
        title: str,
        plays: Sequence[tuple[int, int]],
        winner_side: int,
        line: str,
        *,
        heard: str = "",
    ) -> None:
        """``plays``: (side, card) in play order; ``line``: who led and who took it;
        ``heard``: the trick in words, what a screen reader says of the panel."""
        self.title.setText(title)
        self.setAccessibleName(title)
        self.setAccessibleDescription(heard or line)
        self.cross.cards = list(plays)
        self.cross.winner_side = winner_side
        self.cross.updateGeometry()  # six or eight cards take more room than four
        self.cross.update()
        self.line.setText(line)
        self.show()
        self.raise_()
        self.setFocus()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        self.dismissed.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        self.dismissed.emit()
