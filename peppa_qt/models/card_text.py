"""Cards as short display text: ``Q♠``, ``10♥`` (the same in every language)."""

from __future__ import annotations

from collections.abc import Iterable

SUIT_SYMBOLS = ("♣", "♦", "♥", "♠")
RANK_TEXT = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def card_label(card: int) -> str:
    """``Q♠`` for the queen of spades."""
    return RANK_TEXT[card % 13] + SUIT_SYMBOLS[card // 13]


#: The ink of each suit's text as the cards print it (None: the text's own colour), with two
#: colours and with four (clubs green, diamonds blue), as ``tools/gen_cards.py`` draws them.
TWO_COLOUR_INK = (None, "#c0262d", "#c0262d", None)
FOUR_COLOUR_INK = ("#1a7a35", "#1553c0", "#c0262d", None)


def suit_ink(card: int, four_colour: bool) -> str | None:
    """The colour ``card``'s label is written in (None: the text's own)."""
    return (FOUR_COLOUR_INK if four_colour else TWO_COLOUR_INK)[card // 13]


def cards_label(cards: Iterable[int]) -> str:
    """Cards separated by spaces."""
    return " ".join(card_label(c) for c in cards)
