"""Cards as short display text: ``Q♠``, ``10♥`` (the same in every language)."""

from __future__ import annotations

from collections.abc import Iterable

SUIT_SYMBOLS = ("♣", "♦", "♥", "♠")
RANK_TEXT = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def card_label(card: int) -> str:
    """``Q♠`` for the queen of spades."""
    return RANK_TEXT[card % 13] + SUIT_SYMBOLS[card // 13]


def is_red(card: int) -> bool:
    """Diamonds and hearts."""
    return card // 13 in (1, 2)


def cards_label(cards: Iterable[int]) -> str:
    """Cards separated by spaces."""
    return " ".join(card_label(c) for c in cards)
