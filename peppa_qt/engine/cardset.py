"""Card sets: a hand, a player's takings or a deck, where each card may be there twice.

Belmont is played with two decks (RULES.md, rule set D), so a hand may hold two Q♠ and a trick
may hold both. A card set is one int made of two 52-bit halves: bit ``c`` (``c`` a card's
index, ``cards.py``) says the set holds card ``c`` at least once, bit ``52 + c`` that it holds
it twice. A set of distinct cards, which is every set of a four-seat game, is then exactly the
52-bit mask it always was, and the plain bit operations stay right on it; the functions below
are the ones that stay right with copies: ``plus`` (the multiset sum), ``minus`` (what is left
of one set once another is taken out), ``add``/``remove`` one copy, ``size``.

The set is always kept *canonical*: a card's second bit is set only with its first, so
``faces(s)`` (the low half) is the set of different cards held, ``twice(s)`` those held twice,
and inclusion, intersection and equality are the plain bit ones (``s & t == t``, ``s & t``).

``CardSet`` wraps the int in a value type with a set-like API (as python-chess's ``SquareSet``
wraps its bitboard): the engine's and the players' inner loops use the int functions, the
controller and the window pass ``CardSet`` values.

>>> hand = CardSet.parse("QS 2C QS AH")
>>> str(hand), len(hand), hand.count(Card.parse("QS"))
('2C AH QS QS', 4, 2)
>>> str(hand - CardSet.parse("QS")), str(hand.faces())
('2C AH QS', '2C AH QS')
>>> Card.parse("QS") in hand, Card.parse("KS") in hand
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

from .cards import CARDS, SUIT_MASKS, Card, CardError, cards_of

#: Where the second copies start.
COPY_SHIFT: Final = 52
#: The low half: the different cards of a set.
FACES: Final = (1 << COPY_SHIFT) - 1
#: The most copies of one card a set may hold (two decks).
MOST_COPIES: Final = 2
#: Each suit's cards, first and second copies.
SUIT_SETS: Final = tuple(m | m << COPY_SHIFT for m in SUIT_MASKS)


class CardSetError(ValueError):
    """A card set that cannot be: three copies of a card, or a second copy without a first."""


# ----------------------------------------------------------------- the int functions


def faces(cards: int) -> int:
    """The different cards of a set (a 52-bit mask)."""
    return cards & FACES


def twice(cards: int) -> int:
    """The cards the set holds twice (a 52-bit mask)."""
    return cards >> COPY_SHIFT


def size(cards: int) -> int:
    """How many cards the set holds, copies counted."""
    return cards.bit_count()


def copies(cards: int, card: int) -> int:
    """How many copies of ``card`` the set holds (0, 1 or 2)."""
    return (cards >> card & 1) + (cards >> (COPY_SHIFT + card) & 1)


def add(cards: int, card: int) -> int:
    """The set with one more copy of ``card`` (the caller knows it holds fewer than two)."""
    bit = 1 << card
    return cards | bit << COPY_SHIFT if cards & bit else cards | bit


def remove(cards: int, card: int) -> int:
    """The set with one copy of ``card`` fewer (the caller knows it holds one)."""
    second = 1 << (COPY_SHIFT + card)
    return cards ^ second if cards & second else cards ^ (1 << card)


def plus(one: int, other: int) -> int:
    """The multiset sum: every card of both (the caller knows no card ends up three times)."""
    low_one, low_other = one & FACES, other & FACES
    high = one >> COPY_SHIFT | other >> COPY_SHIFT | low_one & low_other
    return low_one | low_other | high << COPY_SHIFT


def minus(one: int, other: int) -> int:
    """What is left of ``one`` once the cards of ``other`` are taken out (none below zero)."""
    low_one, high_one = one & FACES, one >> COPY_SHIFT
    low_other, high_other = other & FACES, other >> COPY_SHIFT
    low = low_one & ~low_other | high_one & ~high_other
    return low | (high_one & ~low_other) << COPY_SHIFT


def covers(one: int, other: int) -> bool:
    """Whether ``one`` holds every card of ``other``, as many times."""
    return one & other == other


def overflow(one: int, other: int) -> int:
    """The cards that ``plus(one, other)`` would hold three or four times (a 52-bit mask)."""
    low_one, low_other = one & FACES, other & FACES
    high_one, high_other = one >> COPY_SHIFT, other >> COPY_SHIFT
    return high_one & low_other | high_other & low_one


def set_of(cards: Iterable[int]) -> int:
    """The set of some cards, copies counted (CardSetError on a third copy)."""
    out = 0
    for card in cards:
        bit = 1 << card
        if not out & bit:
            out |= bit
        elif out & bit << COPY_SHIFT:
            raise CardSetError(f"{CARDS[card]} three times")
        else:
            out |= bit << COPY_SHIFT
    return out


def listed(cards: int) -> list[Card]:
    """The cards of a set, clubs first and low to high in each suit, a copy after its twin."""
    if not cards >> COPY_SHIFT:
        return cards_of(cards)
    out: list[Card] = []
    second = cards >> COPY_SHIFT
    for card in cards_of(cards & FACES):
        out.append(card)
        if second >> card & 1:
            out.append(card)
    return out


def check(cards: int) -> int:
    """``cards`` if it is a canonical set, else CardSetError."""
    if cards < 0 or cards >> (2 * COPY_SHIFT):
        raise CardSetError("not a card set")
    if cards >> COPY_SHIFT & ~cards:
        raise CardSetError("a second copy of a card the set does not hold once")
    return cards


# ---------------------------------------------------------------------- the value type


class CardSet:
    """An immutable set of cards where a card may be there twice; iterates low to high.

    ``+`` adds the cards of two sets, ``-`` takes cards out, ``&`` keeps what both hold,
    ``<=`` is inclusion, ``in`` asks for a card, ``len`` counts copies.
    """

    __slots__ = ("_mask",)

    def __init__(self, mask: int = 0) -> None:
        self._mask = check(mask)

    @classmethod
    def of(cls, cards: Iterable[int]) -> CardSet:
        """The set of some cards, copies counted."""
        return cls(set_of(cards))

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Read space-separated cards (``"QS QS 2C"``); CardError or CardSetError if not."""
        if not isinstance(text, str):
            raise CardError(f"not a text of cards: {text!r}")
        return cls.of(Card.parse(word) for word in text.split())

    @property
    def mask(self) -> int:
        """The set as its int (see the module's docstring)."""
        return self._mask

    def faces(self) -> CardSet:
        """The different cards, each once."""
        return CardSet(self._mask & FACES)

    def count(self, card: int) -> int:
        """How many copies of ``card`` the set holds."""
        return copies(self._mask, card)

    def suit(self, suit: int) -> CardSet:
        """The cards of one suit (0 clubs … 3 spades)."""
        return CardSet(self._mask & SUIT_SETS[suit])

    def lowest(self) -> Card:
        """The lowest card (ValueError on an empty set)."""
        if not self._mask:
            raise ValueError("an empty card set has no lowest card")
        low = self._mask & FACES
        return CARDS[(low & -low).bit_length() - 1]

    def highest(self) -> Card:
        """The highest card (ValueError on an empty set)."""
        if not self._mask:
            raise ValueError("an empty card set has no highest card")
        return CARDS[(self._mask & FACES).bit_length() - 1]

    def __iter__(self) -> Iterator[Card]:
        return iter(listed(self._mask))

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __bool__(self) -> bool:
        return bool(self._mask)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < COPY_SHIFT and bool(self._mask >> card & 1)

    def __add__(self, other: CardSet) -> CardSet:
        extra = overflow(self._mask, other._mask)
        if extra:
            raise CardSetError(f"{CARDS[(extra & -extra).bit_length() - 1]} three times")
        return CardSet(plus(self._mask, other._mask))

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(minus(self._mask, other._mask))

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self._mask & other._mask)

    def __le__(self, other: CardSet) -> bool:
        return covers(other._mask, self._mask)

    def __ge__(self, other: CardSet) -> bool:
        return covers(self._mask, other._mask)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other._mask == self._mask

    def __hash__(self) -> int:
        return hash((CardSet, self._mask))

    def __str__(self) -> str:
        return " ".join(str(card) for card in listed(self._mask))

    def __repr__(self) -> str:
        return f"CardSet.parse('{self}')" if self._mask else "CardSet()"


EMPTY: Final = CardSet()
