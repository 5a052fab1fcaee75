"""The window onto the table: felt, resizing, the keyboard, and panels floating over the felt."""

from __future__ import annotations

import random
from collections.abc import Callable

from PySide6.QtCore import QEvent, QPoint, QRect, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QImage,
    QKeyEvent,
    QPainter,
    QPixmap,
    QRadialGradient,
    QResizeEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from ..panels.base import Panel
from .layout import TableLayout
from .plates import FELT_CENTRE, FELT_EDGE, plate_colours
from .scene import TableScene

#: The room a panel over the felt keeps from the table's top and bottom edges.
PANEL_MARGIN = 8
#: Table colours the player can choose: (centre, edge) of the felt's gradient.
FELTS = {
    "green": (FELT_CENTRE, FELT_EDGE),
    "blue": (QColor("#2b5f8a"), QColor("#10263d")),
    "red": (QColor("#8a2f37"), QColor("#3a1014")),
    "grey": (QColor("#5b6166"), QColor("#23272a")),
}
#: High contrast's table: near black, plain.
PLAIN_FELT = (QColor("#111411"), QColor("#111411"))
KEYS = {
    Qt.Key.Key_Left: "left",
    Qt.Key.Key_Right: "right",
    Qt.Key.Key_Home: "first",
    Qt.Key.Key_End: "last",
    Qt.Key.Key_Space: "select",
    Qt.Key.Key_Return: "activate",
    Qt.Key.Key_Enter: "activate",
    # A suit's cards, in the notation's order (as "Your cards by suit" reads them): the
    # suits' letters are taken (C, H, S ask the table, give a hint).
    Qt.Key.Key_1: "suit 0",
    Qt.Key.Key_2: "suit 1",
    Qt.Key.Key_3: "suit 2",
    Qt.Key.Key_4: "suit 3",
}
#: Keys that are only held with others: pressed alone they do not sweep a waiting trick.
MODIFIER_KEYS = frozenset(
    (Qt.Key.Key_Shift, Qt.Key.Key_Control, Qt.Key.Key_Alt, Qt.Key.Key_Meta, Qt.Key.Key_AltGr)
)

Anchor = Callable[[TableLayout], QRectF]


class TableView(QGraphicsView):
    """Shows the scene 1:1 (no scaling: cards stay crisp) and keeps it the viewport's size."""

    key_pressed = Signal(str)  # "left", "right", "first", "last", "select", "activate", "suit 0"…

    def __init__(self, scene: TableScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        # Qt's own viewport would be a plain QWidget too, but a C++-made widget reaching Python
        # makes PySide look through every widget class to wrap it (~15 ms at start).
        self.setViewport(QWidget())
        self.table = scene
        self._overlays: list[tuple[QWidget, Anchor]] = []
        #: Overlays that keep clear of the corner's lines and the plates along the top edge,
        #: and fit between the plates at the sides, whenever the table has the room.
        self._clear_of_plates: list[QWidget] = []
        self._covers: list[QWidget] = []
        self._grain = _felt_grain()
        self._felt = FELTS["green"]
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
            | QPainter.RenderHint.TextAntialiasing
        )
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(640, 400)

    def set_felt(self, name: str, *, plain: bool = False) -> None:
        """Colour the felt (``FELTS``: green, blue, red, grey); ``plain``: high contrast's
        dark table, one colour without grain, whatever the colour chosen."""
        felt = PLAIN_FELT if plain else FELTS.get(name, FELTS["green"])
        if felt == self._felt:  # the settings are applied again after the first frame
            return
        self._felt = felt
        self.table.set_plate_colours(plate_colours(*felt))  # the plates take the felt's
        self.resetCachedContent()
        self.viewport().update()

    def add_overlay(
        self, widget: QWidget, anchor: Anchor, *, clear_of_plates: bool = False
    ) -> None:
        """Float ``widget`` over the felt, centred on the rectangle ``anchor`` gives; with
        ``clear_of_plates``, lowered where it would cover the corner (the deal's fingerprint)
        or a plate along the top edge, and narrowed to pass between the plates at the sides,
        as far as the table has the room."""
        widget.setParent(self)
        self._overlays.append((widget, anchor))
        if clear_of_plates:
            self._clear_of_plates.append(widget)
        self.place_overlays()

    def add_cover(self, widget: QWidget) -> None:
        """Lay ``widget`` over the whole table (a veil that takes every click while shown)."""
        widget.setParent(self)
        self._covers.append(widget)
        self.place_overlays()

    def place_overlays(self) -> None:
        """Centre each floating panel on its place for the current size; covers fill it."""
        for cover in self._covers:
            cover.setGeometry(self.rect())
        for widget, anchor in self._overlays:
            if widget.isHidden():
                continue
            clear = widget in self._clear_of_plates
            between = self._between_side_plates() if clear else (0, self.width())
            if isinstance(widget, Panel):  # no larger than the table, where it can give way
                widget.fit_width(between[1] - between[0], self.width())
                widget.fit_to(self.height() - 2 * PANEL_MARGIN)
            layout = widget.layout()
            if layout is not None:  # a text just changed: its size, not the one Qt has kept
                layout.activate()
            widget.adjustSize()
            centre = anchor(self.table.layout).center()
            size = widget.size()
            x = round(centre.x() - size.width() / 2)
            y = round(centre.y() - size.height() / 2)
            if clear:
                y = self._below_top(y, size.height())
                if size.width() <= between[1] - between[0]:
                    x = round((between[0] + between[1] - size.width()) / 2)
            x = max(0, min(x, self.width() - size.width()))
            y = max(0, min(y, self.height() - size.height()))
            widget.move(QPoint(x, y))

    def _between_side_plates(self) -> tuple[int, int]:
        """The felt between the plates at the table's sides (neither along the top edge nor
        the bottom seat's), a margin from each: a panel this narrow leaves them in sight."""
        layout = self.table.layout
        left, right = 0, self.width()
        middle = self.width() / 2
        for side in range(layout.seats):
            plate = self.mapFromScene(layout.badge_rect(side)).boundingRect()
            if plate.top() <= layout.margin or plate.bottom() >= self.height() - layout.margin:
                continue  # along the top or bottom edge
            if plate.center().x() < middle:
                left = max(left, plate.right() + PANEL_MARGIN)
            else:
                right = min(right, plate.left() - PANEL_MARGIN)
        return left, max(left, right)

    def _below_top(self, y: int, height: int) -> int:
        """``y``, or lower: below the corner's lines and the top edge's plates (at 1024×640
        with the score sheet open the end-of-hand panel rose over the fingerprint and the
        top seat's plate), but not past the table's bottom margin; where the panel is
        taller than the room below them, it stays where it was."""
        layout = self.table.layout
        top = self.mapFromScene(self.table.info.text_rect()).boundingRect().bottom()
        for side in range(layout.seats):
            plate = layout.badge_rect(side)
            if plate.top() <= layout.margin:  # along the top edge
                top = max(top, self.mapFromScene(plate).boundingRect().bottom())
        top += PANEL_MARGIN
        if top + height > self.height() - PANEL_MARGIN:
            return y
        return max(y, top)

    def card_position(self, card: int) -> QPoint:
        """Where to click on ``card`` in viewport coordinates (the middle of its visible part)."""
        item = self.table.item(card)
        rect = item.card_rect()
        visible = rect.adjusted(0, 0, -rect.width() * 0.7, 0)
        hand = self.table.hands[self.table.viewer]
        if hand and card == hand[-1]:
            visible = rect
        return self.mapFromScene(item.mapToScene(visible.center()))

    # ------------------------------------------------------------------ Qt

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._fit_table()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.DevicePixelRatioChange:  # moved to another screen
            self._fit_table()
        handled = super().event(event)
        if event.type() == QEvent.Type.LanguageChange:
            # Qt has passed the change on to the panels by now: each has its new words, but
            # keeps the size of its old ones until it is placed again (a longer Italian word
            # would be cut).
            self.place_overlays()
        return handled

    def _fit_table(self) -> None:
        size = self.viewport().size()
        self.table.resize_table(size.width(), size.height(), self.devicePixelRatioF())
        self.resetCachedContent()
        self.place_overlays()

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:  # noqa: N802
        rect = QRectF(rect)
        area = self.sceneRect()
        gradient = QRadialGradient(area.center(), max(area.width(), area.height()) * 0.7)
        gradient.setColorAt(0.0, self._felt[0])
        gradient.setColorAt(1.0, self._felt[1])
        painter.fillRect(rect, QBrush(gradient))
        if self._felt == PLAIN_FELT:
            return
        painter.setOpacity(0.07)
        painter.drawTiledPixmap(rect, self._grain, rect.topLeft())
        painter.setOpacity(1.0)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if Qt.Key(event.key()) not in MODIFIER_KEYS and self.table.sweep_now():
            event.accept()  # the key said "go on": a full trick waiting was swept
            return
        action = KEYS.get(Qt.Key(event.key()))
        if action is None:
            super().keyPressEvent(event)
            return
        self.key_pressed.emit(action)
        event.accept()


def _felt_grain() -> QPixmap:
    """A small tile of noise that makes the felt look woven rather than flat."""
    size = 96
    data = random.Random(7).randbytes(size * size)
    image = QImage(data, size, size, size, QImage.Format.Format_Grayscale8)
    return QPixmap.fromImage(image.copy())
