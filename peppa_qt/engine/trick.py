"""A trick: who led it, its cards in play order, who takes it. These rules live here only.

A trick has one card per seat (4, 6 or 8). The highest card of the suit led takes it; with two
decks two identical cards may tie for highest, and then the one played later takes it
(RULES.md, rule set D: "the second one played wins").

>>> trick = Trick(leader=3, cards=(12, 11, 25, 8), direction=1, seats=4)  # A♣ K♣ A♦ T♣ by West
>>> trick.seats_in_order, trick.winner
((3, 0, 1, 2), 3)
>>> [t.leader for t in tricks_of(0, (0, 1, 2, 3, 4), 1, 4)]
[0, 3]
>>> Trick(leader=0, cards=(50, 50, 2, 3, 4, 5), direction=-1, seats=6).winner   # two Q♠
5
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

#: For a trick of n cards, the positions after the lead (a tuple to loop over is quicker
#: than a range: the playouts take a trick's winner millions of times).
_AFTER_LEAD = tuple(tuple(range(1, n)) for n in range(9))


def winner_position(cards: Sequence[int]) -> int:
    """Position in a full trick of the highest card of the suit led (the later of two ties)."""
    best = cards[0]
    suit = best // 13
    position = 0
    for i in _AFTER_LEAD[len(cards)]:
        card = cards[i]
        if card // 13 == suit and card >= best:
            best, position = card, i
    return position


def trick_winner(leader: int, cards: Sequence[int], direction: int, seats: int) -> int:
    """The seat that takes a full trick led by ``leader`` (turns go ``direction``, ±1)."""
    return (leader + winner_position(cards) * direction) % seats


def seat_of_play(
    first_lead: int, trick_winners: Sequence[int], index: int, direction: int, seats: int
) -> int:
    """The seat that played the ``index``-th card of a hand."""
    trick, position = divmod(index, seats)
    leader = trick_winners[trick - 1] if trick else first_lead
    return (leader + position * direction) % seats


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick, finished or in progress."""

    leader: int
    cards: tuple[int, ...]
    #: +1 when turns go counterclockwise (s → s+1), −1 clockwise (the rule set's direction).
    direction: int
    #: How many sit at the table (one card each).
    seats: int

    @property
    def seats_in_order(self) -> tuple[int, ...]:
        """The seat of each card, in play order."""
        return tuple(
            (self.leader + k * self.direction) % self.seats for k in range(len(self.cards))
        )

    @property
    def plays(self) -> tuple[tuple[int, int], ...]:
        """(seat, card) pairs in play order."""
        return tuple(zip(self.seats_in_order, self.cards, strict=True))

    @property
    def complete(self) -> bool:
        """Whether every seat's card is in."""
        return len(self.cards) == self.seats

    @property
    def winner(self) -> int | None:
        """The seat that takes the trick (None while it is in progress)."""
        if not self.complete:
            return None
        return trick_winner(self.leader, self.cards, self.direction, self.seats)

    @property
    def winning_position(self) -> int | None:
        """Which card (its place in play order) takes the trick (None while in progress)."""
        return winner_position(self.cards) if self.complete else None

    @property
    def to_play(self) -> int | None:
        """The seat to play the next card (None once the trick is complete)."""
        if self.complete:
            return None
        return (self.leader + len(self.cards) * self.direction) % self.seats


def tricks_of(first_lead: int, plays: Sequence[int], direction: int, seats: int) -> list[Trick]:
    """A hand's plays cut into tricks, each led by the winner of the one before."""
    tricks = []
    leader = first_lead
    for start in range(0, len(plays), seats):
        trick = Trick(leader, tuple(plays[start : start + seats]), direction, seats)
        tricks.append(trick)
        leader = trick.winner if trick.winner is not None else leader
    return tricks
