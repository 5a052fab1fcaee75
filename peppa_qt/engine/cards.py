"""Cards as small ints and hands as 52-bit masks.

A card's index is ``suit * 13 + (rank - 2)`` with suits ordered clubs, diamonds,
hearts, spades, so within a suit a higher bit is a higher card.

>>> Card.parse("QS")
Card.parse('QS')
>>> str(Card.parse("th"))
'TH'
>>> format_cards(cards_of(mask_of(parse_cards("AH 2C QS"))))
'2C AH QS'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

from ..jsontext import quoted

SUIT_LETTERS: Final = "CDHS"
RANK_LETTERS: Final = "23456789TJQKA"
CLUBS: Final = 0
DIAMONDS: Final = 1
HEARTS: Final = 2
SPADES: Final = 3
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
#: Cards of one deck, and of one suit (a card's index is ``suit * SUIT_SIZE + rank - 2``).
CARD_COUNT: Final = 52
SUIT_SIZE: Final = 13
#: The 36-card deck's size (ranks 6..A: the ``deck`` option's other value).
SHORT_DECK_SIZE: Final = 36


class CardError(ValueError):
    """A text that is not a card in our notation."""


class Card(int):
    """One card: an int 0..51 that prints as ``QS``, ``TH`` …"""

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``<rank><suit>`` (``2..9 T J Q K A`` and ``C D H S``, any case)."""
        if not isinstance(text, str) or len(text) != 2:  # noqa: PLR2004  (rank, suit)
            raise CardError(f"not a card: {quoted(text)}")
        rank = RANK_LETTERS.find(text[0].upper())
        suit = SUIT_LETTERS.find(text[1].upper())
        if rank < 0 or suit < 0:
            raise CardError(f"not a card: {quoted(text)}")
        return CARDS[suit * 13 + rank]

    @classmethod
    def of(cls, rank: int, suit: int) -> Card:
        """The card of ``rank`` (2..14, ace high) and ``suit`` (0..3)."""
        return CARDS[suit * 13 + rank - 2]

    @property
    def suit(self) -> int:
        """0 clubs, 1 diamonds, 2 hearts, 3 spades."""
        return self // 13

    @property
    def rank(self) -> int:
        """2..14, where 11 is the jack and 14 the ace."""
        return self % 13 + 2

    @property
    def mask(self) -> int:
        """The one-bit mask of this card."""
        return 1 << self

    def __str__(self) -> str:
        return RANK_LETTERS[self % 13] + SUIT_LETTERS[self // 13]

    def __repr__(self) -> str:
        return f"Card.parse('{self}')"


CARDS: Final[tuple[Card, ...]] = tuple(int.__new__(Card, i) for i in range(52))

SUIT_MASKS: Final = tuple(0x1FFF << (13 * s) for s in range(4))
CLUBS_MASK: Final = SUIT_MASKS[CLUBS]
DIAMONDS_MASK: Final = SUIT_MASKS[DIAMONDS]
HEARTS_MASK: Final = SUIT_MASKS[HEARTS]
SPADES_MASK: Final = SUIT_MASKS[SPADES]
FULL_DECK: Final = (1 << 52) - 1
#: The 36-card deck keeps ranks 6..A of every suit.
SHORT_DECK: Final = sum(0x1FF0 << (13 * s) for s in range(4))

QUEEN_OF_SPADES: Final = Card.parse("QS")
TWO_OF_CLUBS: Final = Card.parse("2C")
SIX_OF_CLUBS: Final = Card.parse("6C")
JACK_OF_DIAMONDS: Final = Card.parse("JD")
SEVEN_OF_CLUBS: Final = Card.parse("7C")
TEN_OF_HEARTS: Final = Card.parse("TH")


def iter_cards(mask: int) -> Iterator[Card]:
    """The cards of a mask, lowest index first."""
    while mask:
        low = mask & -mask
        yield CARDS[low.bit_length() - 1]
        mask ^= low


#: Suit-sized pieces of masks already split into cards (at most 4 × 8192 entries).
_PIECES: dict[int, tuple[Card, ...]] = {}


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask as a list, clubs first and low to high in each suit."""
    out: list[Card] = []
    for suit_mask in SUIT_MASKS:
        piece = mask & suit_mask
        if piece:
            cards = _PIECES.get(piece)
            if cards is None:
                cards = _PIECES[piece] = tuple(iter_cards(piece))
            out += cards
    return out


def mask_of(cards: Iterable[int]) -> int:
    """The mask of some cards (duplicates collapse)."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def parse_cards(text: str) -> list[Card]:
    """Read space-separated cards, e.g. ``"QS AH KH"``."""
    return [Card.parse(word) for word in text.split()]


def format_cards(cards: Iterable[int]) -> str:
    """Write cards space-separated in the given order."""
    return " ".join(str(CARDS[c]) for c in cards)


def highest(mask: int) -> Card:
    """The highest-index card of a non-empty mask."""
    return CARDS[mask.bit_length() - 1]


def lowest(mask: int) -> Card:
    """The lowest-index card of a non-empty mask."""
    return CARDS[(mask & -mask).bit_length() - 1]
