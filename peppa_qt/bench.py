"""Benchmarks that print figures (not timed tests): ``peppa-qt bench engine``."""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Iterator
from functools import partial

from .engine import HandState, Match, Phase, RuleSet, cards_of
from .engine.hand import HandResult


def random_hand(rules: RuleSet, rng: random.Random) -> HandResult:
    """Deal, pass and play one complete hand with uniformly random legal choices."""
    match = Match(rules, rng.getrandbits(53), track_undo=False)
    hand = match.start_hand()
    if hand.phase is Phase.PASSING:
        for seat in range(4):
            hand.pass_cards(seat, rng.sample(cards_of(hand.hands[seat]), 3))
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
            for seat in range(4):
                hand.pass_cards(seat, cards_of(hand.hands[seat])[:3])
        for _ in range(rng.randrange(4 * rules.hand_size)):
            hand.play(rng.choice(cards_of(hand.legal_mask())))
        positions.append(match)
    return positions


def bench_engine(seconds: float = 3.0, seed: int = 1) -> list[str]:
    """Random hands and legal-move generations per second, per rule set, one process."""
    lines = [f"{'rules':8} {'hands/s':>10} {'legal/s':>12}"]
    for preset in ("peppa", "torino", "hearts"):
        rules = RuleSet.preset(preset)
        rng = random.Random(seed)
        hands = _rate(partial(random_hand, rules, rng), seconds)
        states = [m.current for m in _positions(rules, rng, 200) if m.current is not None]
        cycle = itertools.cycle(states)

        def legal(cycle: Iterator[HandState] = cycle) -> int:
            return len(cards_of(next(cycle).legal_mask()))  # the move list, not just the mask

        lines.append(f"{preset:8} {hands:10.0f} {_rate(legal, seconds / 2):12.0f}")
    return lines
