"""A trick: who led it, its cards in play order, who takes it. These rules live here only.

>>> trick = Trick(leader=3, cards=(12, 11, 25, 8), direction=1)   # A♣ K♣ A♦ T♣ led by West
>>> trick.seats, trick.winner
((3, 0, 1, 2), 3)
>>> [t.leader for t in tricks_of(0, (0, 1, 2, 3, 4), 1)]
[0, 3]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


def winner_position(cards: Sequence[int]) -> int:
    """Position (0..3) in a full trick of the highest card of the suit led."""
    best = cards[0]
    suit = best // 13
    position = 0
    for i in (1, 2, 3):
        card = cards[i]
        if card // 13 == suit and card > best:
            best, position = card, i
    return position


def trick_winner(leader: int, cards: Sequence[int], direction: int) -> int:
    """The seat that takes a full trick led by ``leader`` (turns go ``direction``, ±1)."""
    return (leader + winner_position(cards) * direction) % 4


def seat_of_play(first_lead: int, trick_winners: Sequence[int], index: int, direction: int) -> int:
    """The seat that played the ``index``-th card of a hand."""
    trick, position = divmod(index, 4)
    leader = trick_winners[trick - 1] if trick else first_lead
    return (leader + position * direction) % 4


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick, finished or in progress."""

    leader: int
    cards: tuple[int, ...]
    #: +1 when turns go counterclockwise (s → s+1), −1 clockwise (the rule set's direction).
    direction: int

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat of each card, in play order."""
        return tuple((self.leader + k * self.direction) % 4 for k in range(len(self.cards)))

    @property
    def plays(self) -> tuple[tuple[int, int], ...]:
        """(seat, card) pairs in play order."""
        return tuple(zip(self.seats, self.cards, strict=True))

    @property
    def complete(self) -> bool:
        """Whether all four cards are in."""
        return len(self.cards) == 4

    @property
    def winner(self) -> int | None:
        """The seat that takes the trick (None while it is in progress)."""
        return trick_winner(self.leader, self.cards, self.direction) if self.complete else None

    @property
    def to_play(self) -> int | None:
        """The seat to play the next card (None once the trick is complete)."""
        if self.complete:
            return None
        return (self.leader + len(self.cards) * self.direction) % 4


def tricks_of(first_lead: int, plays: Sequence[int], direction: int) -> list[Trick]:
    """A hand's plays cut into tricks, each led by the winner of the one before."""
    tricks = []
    leader = first_lead
    for start in range(0, len(plays), 4):
        trick = Trick(leader, tuple(plays[start : start + 4]), direction)
        tricks.append(trick)
        leader = trick.winner if trick.winner is not None else leader
    return tricks
