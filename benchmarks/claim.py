"""How long the claim check takes from one seat's view (the window runs it in a worker thread).

    python benchmarks/claim.py [--positions 300] [--seed 1]

Random endings of 1 to 4 tricks left (after random play), the seat to move's view: the time of
``view_settled_points`` per number of tricks left (median, p95, max) and how often it said yes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from peppa_qt.engine import Match, Phase, RuleSet, cards_of
from peppa_qt.engine.claim import view_settled_points
from peppa_qt.engine.view import hand_view


def ending(rng: random.Random, preset: str, tricks_left: int) -> Match:
    match = Match(RuleSet.preset(preset), rng.randrange(10**9), track_undo=False)
    hand = match.start_hand()
    for seat in range(4):
        if hand.phase is Phase.PASSING:
            hand.pass_cards(seat, rng.sample(cards_of(hand.hands[seat]), 3))
    target = 4 * (hand.rules.hand_size - tricks_left) + rng.randrange(4)
    while len(hand.plays) < target:
        hand.play(rng.choice(cards_of(hand.legal_mask())))
    return match


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300, help="per number of tricks left")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"# {' '.join([sys.executable, *sys.argv])}")
    print("tricks left  median ms  p95 ms  max ms  decided")
    for tricks in (1, 2, 3, 4):
        times, yes = [], 0
        for _ in range(args.positions):
            match = ending(rng, rng.choice(("peppa", "torino", "hearts")), tricks)
            hand = match.current
            assert hand is not None and hand.to_move is not None
            view = hand_view(hand, hand.to_move)
            start = time.perf_counter()
            yes += view_settled_points(view) is not None
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        print(
            f"{tricks:>11}  {statistics.median(times):>9.1f}  {p95:>6.1f}  {times[-1]:>6.1f}"
            f"  {yes / len(times):>7.0%}"
        )


if __name__ == "__main__":
    main()
