"""Benchmarks that print figures (not timed tests): ``peppa-qt bench engine``."""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Iterator
from functools import partial

from .engine import HandState, Match, Phase, RuleSet, cards_of
from .engine.cardset import listed
from .engine.hand import HandResult

#: The tables measured: each preset at four seats, Belmont at six and eight.
TABLES = (("peppa", 4), ("torino", 4), ("hearts", 4), ("belmont", 6), ("belmont", 8))


def random_hand(rules: RuleSet, rng: random.Random) -> HandResult:
    """Deal, pass and play one complete hand with uniformly random legal choices."""
    match = Match(rules, rng.getrandbits(53), track_undo=False)
    hand = match.start_hand()
    if hand.phase is Phase.PASSING:
        for seat in range(rules.seats):
            hand.pass_cards(seat, rng.sample(listed(hand.hands[seat]), rules.pass_size))
    while hand.phase is Phase.PLAYING:
        hand.play(rng.choice(cards_of(hand.legal_mask())))
    assert hand.result is not None
    return hand.result


def _rate(step: Callable[[], object], seconds: float) -> float:
    """Calls of ``step`` per second over about ``seconds``."""
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(50):
            step()
        count += 50
        now = time.perf_counter()
        if now >= deadline:
            return count / (now - start)


def _positions(rules: RuleSet, rng: random.Random, count: int) -> list[Match]:
    """Mid-hand positions: a random number of random cards already played."""
    positions = []
    for _ in range(count):
        match = Match(rules, rng.getrandbits(53), track_undo=False)
        hand = match.start_hand()
        if hand.phase is Phase.PASSING:
            for seat in range(rules.seats):
                hand.pass_cards(seat, listed(hand.hands[seat])[: rules.pass_size])
        for _ in range(rng.randrange(rules.seats * rules.hand_size)):
            hand.play(rng.choice(cards_of(hand.legal_mask())))
        positions.append(match)
    return positions


def bench_engine(
    seconds: float = 3.0, seed: int = 1, tables: tuple[tuple[str, int], ...] = TABLES
) -> list[str]:
    """Random hands and legal-move generations per second, per table, one process."""
    lines = [f"{'rules':10} {'hands/s':>10} {'legal/s':>12}"]
    for preset, seats in tables:
        rules = RuleSet.preset(preset, seats=seats)
        name = preset if seats == rules.seats and preset != "belmont" else f"{preset}-{seats}"
        rng = random.Random(seed)
        hands = _rate(partial(random_hand, rules, rng), seconds)
        states = [m.current for m in _positions(rules, rng, 200) if m.current is not None]
        cycle = itertools.cycle(states)

        def legal(cycle: Iterator[HandState] = cycle) -> int:
            # worked out afresh (legal_mask keeps it per position), and the move list made
            return len(cards_of(next(cycle).work_out_legal()))

        lines.append(f"{name:10} {hands:10.0f} {_rate(legal, seconds / 2):12.0f}")
    return lines
