"""The table's pointer: a press that takes hold of a card of the viewer's hand, whether that
card has become a drag, and what lies under the mouse (a card of the hand, a taken pile).

``Pointer`` owns the press and the drag. The scene's mouse handlers (Qt calls them on the
scene) hand it what the table is at that moment, the viewer's hand or the piles, and act on
what it reports: a card chosen, a card let go.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtCore import QPointF

if TYPE_CHECKING:
    from PySide6.QtWidgets import QGraphicsScene

    from .card_item import CardItem
    from .motion import Targets

#: How far (pixels) a pressed card must move before it is dragged rather than clicked.
DRAG_START = 8.0
#: A dragged card's height while it follows the mouse: above every other card.
DRAG_Z = 900


class LetGo(NamedTuple):
    """A card held, let go: whether that chose it (a click on it, or a drop on the table)."""

    card: int
    chosen: bool
    dragged: bool


class Pointer:
    """A press on the table, the card of the hand it took hold of, and whether it is dragged."""

    def __init__(
        self,
        scene: QGraphicsScene,
        sprites: Mapping[int, CardItem],
        targets: Targets,
    ) -> None:
        """``scene`` says what lies under the mouse, ``targets`` where each card belongs."""
        self._scene = scene
        self._sprites = sprites
        self._targets = targets
        self._press: tuple[int, QPointF] | None = None
        self._dragging = False

    def card_at(self, pos: QPointF, hand: Collection[int]) -> int | None:
        """The card of ``hand`` at ``pos`` (the topmost), if any."""
        from .card_item import CardItem

        for item in self._scene.items(pos):
            if isinstance(item, CardItem) and item.card in hand:
                return item.card
        return None

    def pile_at(self, pos: QPointF, piles: Sequence[Collection[int]]) -> int | None:
        """The seat whose taken cards (``piles``, a seat's each) lie at ``pos``, if any."""
        from .card_item import CardItem

        for item in self._scene.items(pos):
            if isinstance(item, CardItem):  # the topmost card: a pile's, or none is
                return next((s for s, pile in enumerate(piles) if item.card in pile), None)
        return None

    def press(self, pos: QPointF, hand: Collection[int]) -> None:
        """A press at ``pos`` takes hold of the card of ``hand`` there (an empty hand: none)."""
        card = self.card_at(pos, hand) if hand else None
        self._press = None if card is None else (card, pos)
        self._dragging = False

    def drag(self, pos: QPointF) -> None:
        """The mouse moved to ``pos``: the card held follows it, once it has gone far enough."""
        if self._press is None:
            return
        card, start = self._press
        delta = pos - start
        if not self._dragging and delta.manhattanLength() < DRAG_START:
            return
        self._dragging = True
        spot = self._targets()[card][0]
        item = self._sprites[card]
        item.setZValue(DRAG_Z)
        item.setPos(spot.x + delta.x(), spot.y + delta.y())

    def release(self, pos: QPointF, hand: Collection[int], drop_line: float) -> LetGo | None:
        """The mouse let go at ``pos``: the card held, if any, and whether that chose it (a
        click on it, or a drag let go above ``drop_line``, a height on the table)."""
        press, self._press = self._press, None
        if press is None:
            return None
        card = press[0]
        if not self._dragging:
            return LetGo(card, self.card_at(pos, hand) == card, dragged=False)
        self._dragging = False
        return LetGo(card, pos.y() < drop_line, dragged=True)
