"""Benchmarks that print figures (not timed tests): ``peppa-qt bench engine``.

Each run says which build it measured (peppa_qt/native.py); ``--compare`` measures the
compiled build and the pure one, in fresh processes of each in turn, in one run. The rates
are per second of the process's CPU time.
"""

from __future__ import annotations

import itertools
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from functools import partial

from . import native
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
    """Calls of ``step`` per second over about ``seconds``, of this process's CPU time (which
    other work on the machine sways less than the clock)."""
    count = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        for _ in range(50):
            step()
        count += 50
        now = time.process_time()
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
    lines = [f"build: {native.describe()}", f"{'rules':10} {'hands/s':>10} {'legal/s':>12}"]
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


def _measured(pure: bool, seconds: float) -> tuple[str, list[list[str]]]:
    """The build and the rows of ``bench_engine`` run in a new process of that build."""
    env = {**os.environ}
    env.pop(native.PURE_VARIABLE, None)
    if pure:
        env[native.PURE_VARIABLE] = "1"
    command = [sys.executable, "-m", "peppa_qt", "bench", "engine", "--seconds", str(seconds)]
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    first, _, *rows = done.stdout.splitlines()
    return first.removeprefix("build: "), [row.split() for row in rows]


def _medians(runs: list[list[list[str]]]) -> list[tuple[str, float, float]]:
    """Per table, the median hands/s and legal/s over the runs of one build."""
    return [
        (
            rows[0][0],
            statistics.median(float(r[1]) for r in rows),
            statistics.median(float(r[2]) for r in rows),
        )
        for rows in zip(*runs, strict=True)
    ]


def compare_engine(seconds: float = 3.0, rounds: int = 3) -> list[str]:
    """``bench_engine`` of the compiled build and of the pure one, side by side: ``rounds``
    fresh processes of each in turn, so that the machine's load falls on both alike; the
    medians."""
    if getattr(sys, "frozen", False):
        return ["a built app carries only its compiled build: nothing to compare with"]
    runs: dict[bool, list[list[list[str]]]] = {False: [], True: []}
    builds = {}
    for _ in range(rounds):
        for pure in (False, True):
            builds[pure], rows = _measured(pure, seconds / rounds)
            if not builds[False].startswith("compiled"):
                return [f"no compiled build to compare: {builds[False]}"]
            runs[pure].append(rows)
    fast, slow = _medians(runs[False]), _medians(runs[True])
    lines = [
        f"compiled: {builds[False]}; pure: {builds[True]}"
        f" ({rounds} processes of each in turn, medians)",
        f"{'rules':10} {'hands/s':>9} {'pure':>7} {'ratio':>6} {'legal/s':>10} {'pure':>9}"
        f" {'ratio':>6}",
    ]
    for (name, hands, legal), (_, pure_hands, pure_legal) in zip(fast, slow, strict=True):
        lines.append(
            f"{name:10} {hands:9.0f} {pure_hands:7.0f} {hands / pure_hands:5.2f}x"
            f" {legal:10.0f} {pure_legal:9.0f} {legal / pure_legal:5.2f}x"
        )
    return lines
