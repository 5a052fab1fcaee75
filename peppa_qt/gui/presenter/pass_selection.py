"""The cards the viewer has chosen to pass, and what the passing panel says about them."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject

from ...engine import TableState
from .. import texts

#: Cards passed until a rule set says otherwise (every rule set passes three).
PASS_SIZE = 3


class PassSelection(QObject):
    """The chosen cards (sprites of the viewer's hand), in the order they were chosen."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.cards: list[int] = []
        #: How many cards the pass takes (the rule set's).
        self.size = PASS_SIZE

    def full(self) -> bool:
        """Whether every card of the pass is chosen."""
        return len(self.cards) == self.size

    def clear(self) -> None:
        """Nothing chosen."""
        self.cards = []

    def restore(self, chosen: Sequence[int], hand: Sequence[int], size: int) -> None:
        """The cards chosen before (a resumed game, the last human's turn) that are in hand."""
        self.size = size
        self.cards = [c for c in chosen if c in hand][:size]

    def toggle(self, card: int) -> bool:
        """Choose ``card`` or put it back; False (nothing changes) when the pass is full."""
        if card in self.cards:
            self.cards.remove(card)
        elif not self.full():
            self.cards.append(card)
        else:
            return False
        return True

    def prompt(self, table: TableState, viewer: int, names: Sequence[str]) -> str:
        """'Pass three cards to Bruno →': who gets them, and which way."""
        direction = table.pass_direction
        target = table.rules.receiver(viewer, direction)
        return self.tr("Pass three cards to {name} {arrow}").format(
            name=names[target], arrow=texts.direction_arrow(direction)
        )

    def full_words(self) -> str:
        """Why a fourth card is not taken, and what to do instead."""
        return self.tr("Three cards chosen: press Space on one (or click it) to put it back.")
