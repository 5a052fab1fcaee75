#!/usr/bin/env python3
"""Hands where one seat always follows the hint: how the coach grades those choices, and the
seat's points against the expert's own play at that seat on the same deals.

    nice -n 5 python benchmarks/teacher.py [--hands N] [--seed S]
    nice -n 5 python benchmarks/teacher.py --timing N [--seed S]

N hands per table (Peppa, Torino, Hearts, Belmont-6), the hinted seat moving round the table
from hand to hand, the others alternating easy and normal; the hint and the review at the
coach's full budget (ai/review.py DEFAULT_BUDGET). Then the same deals with the expert at
the hinted seat (the others as before, the same seeds). Prints per table the decisions by
grade, how many hinted choices were not the review's best, and the mean points per hand.

``--timing N``: the time the hint takes at N Peppa positions of one seat (its passes and
plays, in hands played by the normal level), worked out alone in this process and spread over
the search processes as the window does (controller/hinter.py), and the expert's decision at
the same positions; mean and p95 of each, wall clock, in turn at each position.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from collections.abc import Callable

from peppa_qt import native
from peppa_qt.ai import make_player
from peppa_qt.ai.expert import ExpertPlayer, search_pool, shutdown_pool
from peppa_qt.ai.review import Grade, review_hand
from peppa_qt.ai.teacher import coach_hint
from peppa_qt.engine import Match, Phase, RuleSet, view_of
from peppa_qt.engine.view import PlayerView

TABLES = [("peppa", 4), ("torino", 4), ("hearts", 4), ("belmont", 6)]
Chooser = Callable[[PlayerView], tuple[int, ...]]


def play(rules: RuleSet, seed: int, seat: int, choose: Chooser) -> Match:
    """One hand, ``seat`` played by ``choose``, the others easy and normal."""
    match = Match(rules, seed, track_undo=False)
    levels = ["easy", "normal"]
    players = [make_player(levels[s % 2], seed + s) for s in range(rules.seats)]

    def decide(s: int) -> tuple[int, ...]:
        view = view_of(match, s)
        return choose(view) if s == seat else tuple(players[s].decide(view).cards)

    hand = match.start_hand()
    if hand.phase is Phase.PASSING:
        chosen = {s: decide(s) for s in range(rules.seats)}
        for s, cards in chosen.items():
            match.pass_cards(s, cards)
    while hand.to_move is not None:
        match.play(decide(hand.to_move)[0])
    return match


def expert_chooser(seed: int) -> Chooser:
    """The expert's choices, as a chooser."""
    player = ExpertPlayer(seed)
    return lambda view: tuple(player.decide(view).cards)


def points(match: Match, seat: int) -> int:
    """The seat's points in the match's one hand."""
    result = match.hands[0].result
    assert result is not None
    return result.points[seat]


def timing(count: int, seed: int) -> None:
    """Print the hint's time alone and spread, and the expert's, at ``count`` positions."""
    pool = search_pool()
    assert pool is not None, "the search processes are needed (two cores or more)"
    rules = RuleSet.preset("peppa")
    views: list[PlayerView] = []
    normal = make_player("normal", seed)
    hand_seed = seed
    while len(views) < count:
        match = Match(rules, hand_seed, track_undo=False)
        hand = match.start_hand()
        if hand.phase is Phase.PASSING:
            views.append(view_of(match, 0))
            for s in range(rules.seats):
                match.pass_cards(s, normal.decide(view_of(match, s)).cards)
        while hand.to_move is not None and len(views) < count:
            if hand.to_move == 0 and len(hand.plays) % 8 == 0:
                views.append(view_of(match, 0))
            match.play(normal.decide(view_of(match, hand.to_move)).cards[0])
        hand_seed += 1
    expert = ExpertPlayer(seed)
    spread = pool.map
    times: dict[str, list[float]] = {"alone": [], "spread": [], "expert": []}
    for view in views:
        for name, work in (
            ("alone", coach_hint),
            ("spread", lambda v: coach_hint(v, None, spread)),
            ("expert", expert.decide),
        ):
            start = time.perf_counter()
            work(view)
            times[name].append(time.perf_counter() - start)
    print(f"{count} Peppa positions (build: {native.describe()})")
    for name, values in times.items():
        p95 = statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]
        print(f"  {name:7} mean {statistics.fmean(values):.3f} s  p95 {p95:.3f} s")
    shutdown_pool()


def main() -> None:
    """Play, review and print."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--timing", type=int, default=0, metavar="N")
    args = parser.parse_args()
    if args.timing:
        timing(args.timing, args.seed)
        return
    print(
        f"{'table':10} {'hands':>5} {'decisions':>9} {'grades':30} {'not best':>8}",
        "  points: hint / expert",
    )
    for preset, seats in TABLES:
        rules = (
            RuleSet.preset(preset, seats=seats) if preset == "belmont" else RuleSet.preset(preset)
        )
        grades: Counter[Grade] = Counter()
        off, hinted, expert = 0, [], []
        for n in range(args.hands):
            seed, seat = args.seed + n, n % seats
            match = play(rules, seed, seat, lambda v: tuple(coach_hint(v)[0]))
            for decision in review_hand(match, 0, seat).decisions:
                grades[decision.grade] += 1
                off += decision.best != decision.chosen
            hinted.append(points(match, seat))
            expert.append(points(play(rules, seed, seat, expert_chooser(seed + seat)), seat))
        counts = " ".join(f"{g.value}={grades[g]}" for g in Grade)
        print(
            f"{preset}-{seats:<3} {args.hands:>5} {sum(grades.values()):>9} {counts:30} {off:>8}"
            f"  {statistics.fmean(hinted):6.2f} / {statistics.fmean(expert):6.2f}",
            flush=True,
        )
    shutdown_pool()


if __name__ == "__main__":
    main()
