"""A finished hand's score: points of the cards each seat took, the moon (cappotto), the
last trick's points and the bonus for taking no card (RULES.md scoring).

Compiled with ``hand.py`` (``native.COMPILED``): the search's playouts score every hand
they finish.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cardset import COPY_SHIFT
from .rules import MoonMode, RuleSet

__all__ = ["HandResult", "score_hand", "set_points"]


@dataclass(frozen=True)
class HandResult:
    """What a finished hand scored: points per seat (moon and −10 included), one per seat."""

    points: tuple[int, ...]
    #: The seat that made cappotto / shot the moon, if any.
    moon: int | None
    #: The cards each seat took, as card sets.
    taken: tuple[int, ...]


def set_points(values: Sequence[int], cards: int) -> int:
    """The points of a card set (each copy counted) with per-card ``values``."""
    total = 0
    while cards:
        low = cards & -cards
        total += values[(low.bit_length() - 1) % COPY_SHIFT]
        cards ^= low
    return total


def score_hand(rules: RuleSet, taken: Sequence[int], last_winner: int) -> HandResult:
    """Points of a finished hand from the cards each seat took (RULES.md scoring)."""
    values = rules.card_points
    seats = range(rules.seats)
    if rules.copies > 1:
        point_set = rules.point_mask | rules.point_mask << COPY_SHIFT
        points = [set_points(values, taken[seat] & point_set) for seat in seats]
    else:  # one deck: each card once (the playouts score a hand after every one)
        points = [0] * rules.seats
        for seat in seats:
            mask = taken[seat] & rules.point_mask
            while mask:
                low = mask & -mask
                points[seat] += values[low.bit_length() - 1]
                mask ^= low
    points[last_winner] += rules.last_trick_points
    moon = None
    moon_mask = rules.moon_mask
    if rules.moon is not MoonMode.OFF:
        moon = next((s for s in seats if taken[s] & moon_mask == moon_mask), None)
    if moon is not None:
        points[moon] -= rules.moon_value
        if rules.moon is MoonMode.SUBTRACT:
            points[moon] -= rules.moon_value
        else:
            for other in seats:
                if other != moon and other != rules.partner(moon):
                    points[other] += rules.moon_value
    if rules.no_card_bonus:
        for seat in seats:
            if not taken[seat]:
                points[seat] += rules.no_card_bonus
    return HandResult(tuple(points), moon, tuple(taken))
