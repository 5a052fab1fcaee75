"""The table's mouse: a click on a card of the viewer's hand, a card dragged onto the table,
a click on a taken pile, and any press (a trick waiting is swept at once).

``SceneMouse`` is mixed into ``TableScene`` ahead of ``QGraphicsScene``, so that its mouse
handlers are the scene's; the scene owns the state named here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractAnimation, QPointF, SignalInstance
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSceneMouseEvent

from .layout import BOTTOM, Spot, TableLayout

if TYPE_CHECKING:
    from ..engine.cardset import CardSet
    from .card_item import CardItem

    _Base = QGraphicsScene
else:
    _Base = object

#: How far (pixels) a pressed card must move before it is dragged rather than clicked.
DRAG_START = 8.0


class SceneMouse(_Base):
    """Turns presses, drags and releases on the table into the scene's signals."""

    card_clicked: SignalInstance
    touched: SignalInstance
    pile_clicked: SignalInstance
    layout: TableLayout
    seats: int
    viewer: int
    hands: list[list[int]]
    taken: list[list[int]]
    playable: CardSet | None
    interactive: bool
    _items: dict[int, CardItem]
    _batch: QAbstractAnimation | None
    _press: tuple[int, QPointF] | None
    _dragging: bool

    # What the scene provides.
    def sweep_now(self) -> bool:
        """A full trick waiting goes at once."""
        raise NotImplementedError

    def _targets(self) -> dict[int, tuple[Spot, bool]]:
        raise NotImplementedError

    def _settle_own(self) -> None:
        raise NotImplementedError

    def _card_at(self, pos: QPointF) -> int | None:
        from .card_item import CardItem

        for item in self.items(pos):
            if isinstance(item, CardItem) and item.card in self.hands[self.viewer]:
                return item.card
        return None

    def _pile_at(self, pos: QPointF) -> int | None:
        """The seat whose taken cards lie at ``pos``, if any."""
        from .card_item import CardItem

        for item in self.items(pos):
            if isinstance(item, CardItem):
                return next((s for s in range(self.seats) if item.card in self.taken[s]), None)
        return None

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        self.sweep_now()  # a full trick waiting goes at once
        self.touched.emit()
        pile = self._pile_at(event.scenePos())
        if pile is not None:
            self.pile_clicked.emit(pile)
        card = self._card_at(event.scenePos()) if self.interactive else None
        self._press = None if card is None else (card, event.scenePos())
        self._dragging = False
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if self._press is None or self.playable is None or self._batch is not None:
            return
        card, start = self._press
        delta = event.scenePos() - start
        if not self._dragging and delta.manhattanLength() < DRAG_START:
            return
        self._dragging = True
        spot = self._targets()[card][0]
        item = self._items[card]
        item.setZValue(900)
        item.setPos(spot.x + delta.x(), spot.y + delta.y())

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        press, self._press = self._press, None
        if press is None:
            return
        card = press[0]
        if not self._dragging:
            if self._card_at(event.scenePos()) == card:
                self.card_clicked.emit(card)
            return
        self._dragging = False
        top = self.layout.hand_rect(BOTTOM, len(self.hands[self.viewer])).top()
        if event.scenePos().y() < top - self.layout.card_h * 0.25:
            self.card_clicked.emit(card)
        # Refused, or not dropped on the table: back home. A card taken as the play leaves the
        # table out of play (``set_playable``) and stays where it was dropped until it flies
        # to the trick (the controller tells it a moment later).
        if card in self.hands[self.viewer] and self.interactive:
            self._settle_own()
