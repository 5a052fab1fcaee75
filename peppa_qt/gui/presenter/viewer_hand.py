"""The viewer's hand as the player sees it: its suits in the order they chose, and which of
its sprites show a given card (the engine speaks of cards, the hand holds sprites: with two
decks, two sprites of one card).

``ViewerHand`` owns the suit order (a setting). It is handed the scene, whose hand at the
bottom it reads.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.cards import CARD_COUNT, SUIT_LETTERS, SUIT_SIZE
from ..table.card_pixmaps import card_of, is_hidden
from ..table.scene import TableScene

#: Suits left to right in the viewer's hand until the settings say otherwise: clubs, diamonds,
#: spades, hearts (colours alternate). The letters are the card notation's (C D H S).
DEFAULT_SUIT_ORDER = "CDSH"


def display_key(card: int, order: str = DEFAULT_SUIT_ORDER) -> tuple[int, int]:
    """Sort key of the viewer's hand: by the suit's place in ``order``, then by rank."""
    face = card % CARD_COUNT  # (the second copy of a card with two decks sorts as the first)
    return order.index(SUIT_LETTERS[face // SUIT_SIZE]), face % SUIT_SIZE


class ViewerHand:
    """The order of the viewer's hand, and its sprites by card."""

    def __init__(self, scene: TableScene) -> None:
        self._scene = scene
        #: Suits left to right in the viewer's hand (a setting).
        self.suit_order = DEFAULT_SUIT_ORDER

    def sort_key(self, card: int) -> tuple[int, int]:
        """Where ``card`` goes in the viewer's hand: by suit in the chosen order, then rank."""
        return display_key(card, self.suit_order)

    def set_suit_order(self, order: str) -> bool:
        """Sort by ``order`` ("CDSH"…) from now on; whether that changed anything."""
        changed = order != self.suit_order
        self.suit_order = order
        return changed

    def sprites(self, cards: Sequence[int]) -> list[int]:
        """The sprites of the viewer's hand showing ``cards`` (each once; a card not there
        is left out)."""
        left = list(self._scene.hands[self._scene.viewer])
        out = []
        for card in cards:
            sprite = next((s for s in left if card_of(s) == card and not is_hidden(s)), None)
            if sprite is not None:
                left.remove(sprite)
                out.append(sprite)
        return out
