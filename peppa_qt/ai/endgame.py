"""Exact play of the last tricks of a fully known (sampled) hand: max-n search.

Each seat picks the card that maximises its own value of the finished hand (search.Stakes);
with three tricks left at four seats the tree has at most a few thousand leaves; a table of
six or eight is solved over its last two tricks, which it reaches in as few.
"""

from __future__ import annotations

from ..engine.cards import cards_of
from ..engine.hand import HandState, Phase
from ..engine.rules import MoonMode
from .search import Stakes

#: Solve exactly when at most this many tricks remain (four seats; more seats: fewer).
EXACT_TRICKS = 3
#: The most leaves an exact search may have at the start: k cards left each for N seats
#: make (k!)^N of them at most.
_LEAVES = 20_000


def exact_tricks(seats: int) -> int:
    """How many last tricks are solved exactly at a table of ``seats``: 3 at four, 2 at six
    and eight (three tricks at eight would be 1.7 million leaves)."""
    tricks, leaves = 0, 1
    while tricks < EXACT_TRICKS and leaves * (tricks + 1) ** seats <= _LEAVES:
        tricks += 1
        leaves *= tricks**seats
    return tricks


def solvable(world: HandState) -> bool:
    """Whether ``world`` is solved exactly: few tricks left, and no moon still possible.

    While one seat may yet take every moon card, the exact search misjudges the moon: in it
    the other seats see every card and always find the stopper, so a seat going for the moon
    gives up a moon it would have made against real players (and ends up with 25–35 points).
    Measured on the hard level's search in Peppa (165 deals, each played with and without
    the exact endgame, same cards and seats): solving those endgames too lost 3 moons that
    the played-out search made, 1.0 relative point a deal in all.
    """
    seats = world.rules.seats
    left = seats * world.rules.hand_size - len(world.plays)
    return left <= seats * exact_tricks(seats) and not moon_possible(world)


def moon_possible(world: HandState) -> bool:
    """Whether one seat can still take every moon card (no two seats have taken one)."""
    rules = world.rules
    if rules.moon is MoonMode.OFF:
        return False
    takers = sum(1 for taken in world.taken if taken & rules.moon_mask)
    return takers < 2  # noqa: PLR2004  (two seats with a moon card: nobody can have them all)


def outcome(world: HandState, stakes: Stakes) -> tuple[float, ...]:
    """The values of every seat when every seat plays perfectly from ``world``."""
    if world.phase is not Phase.PLAYING:
        assert world.result is not None
        points = world.result.points
        return tuple(stakes.value(points, seat) for seat in range(world.rules.seats))
    seat = world.to_move
    assert seat is not None
    best: tuple[float, ...] | None = None
    legal = world.legal_mask()
    while legal:  # low card first, as cards_of lists them (uncompiled, a list at every node)
        low = legal & -legal
        legal ^= low
        card = low.bit_length() - 1
        child = world.copy()
        child.play_unchecked(card)
        values = outcome(child, stakes)
        if best is None or values[seat] > best[seat]:
            best = values
    assert best is not None
    return best


def solve(world: HandState, stakes: Stakes) -> dict[int, float]:
    """The exact value, for the seat to move, of each of its legal cards."""
    seat = world.to_move
    assert seat is not None
    values: dict[int, float] = {}
    for card in cards_of(world.legal_mask()):
        child = world.copy()
        child.play_unchecked(card)
        values[card] = outcome(child, stakes)[seat]
    return values
