"""The coach's figures in the statistics: for each game counted, each human's reviewed hands
and the points lost in them.

A review is asked for by the player, often after the game's last hand, when the game has been
counted already; so the session remembers which record of the statistics each seat's game went
to, and a review finished later is added to that game's figures. A hand never reviewed has no
loss: it is left out, never counted as a zero.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..ai.review import HandReview
    from ..engine import Match
    from ..storage import Statistics


def coach_figures(reviews: Iterable[HandReview]) -> dict[int, tuple[int, float]]:
    """Per seat reviewed: how many hands, and the points the coach found lost in them."""
    figures: dict[int, tuple[int, float]] = {}
    for review in reviews:
        hands, lost = figures.get(review.seat, (0, 0.0))
        figures[review.seat] = (hands + 1, lost + review.lost)
    return figures


class CoachCount:
    """Which record, and which game of it, each seat of the game counted last went to."""

    def __init__(self) -> None:
        self._records: dict[int, tuple[tuple[str, str, int], int]] = {}

    def forget(self) -> None:
        """Another game is in play: reviews from now on are of a game not counted."""
        self._records.clear()

    def counts(self, seat: int) -> bool:
        """Whether ``seat``'s reviews go into a game already counted."""
        return seat in self._records

    def counted(
        self,
        stats: Statistics,
        names: Sequence[str],
        match: Match,
        aids: Sequence[tuple[int, int]],
        reviews: Iterable[HandReview],
    ) -> Statistics:
        """``stats`` with the finished game added, with the hands reviewed so far."""
        updated = stats.with_game(names, match, aids, coach_figures(reviews))
        rules, seats = match.rules.name, match.rules.seats
        for seat, name in enumerate(names):
            entry = updated.get(name, rules, seats)
            if entry is not None:
                self._records[seat] = (entry.key, entry.games)
        return updated

    def reviewed(self, stats: Statistics, seat: int, reviews: Iterable[HandReview]) -> Statistics:
        """``stats`` with ``seat``'s figures of the game counted made again from ``reviews``
        (every review of the game kept, one finished since among them)."""
        record = self._records.get(seat)
        if record is None:
            return stats
        hands, lost = coach_figures(r for r in reviews if r.seat == seat).get(seat, (0, 0.0))
        return stats.with_coach(record[0], record[1], hands, lost)
