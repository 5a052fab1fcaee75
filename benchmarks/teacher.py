#!/usr/bin/env python3
"""Hands where one seat always follows the hint: how the coach grades those choices, and the
seat's points against the expert's own play at that seat on the same deals (issue 38).

    nice -n 5 python benchmarks/teacher.py [--hands N] [--seed S] [--minutes M] [--first F]
        [--worlds W]
    nice -n 5 python benchmarks/teacher.py --timing N [--seed S]

N hands (200 by default) taken in turn from the tables (Peppa, Torino, Hearts, Belmont at six
and eight): hand n is the hand n // 5 % 4 of its game (the earlier ones played quickly by the
easy level, so every pass of the cycle and a game's history are met), the hinted seat moving
round the table, the others every level in turn (the search levels on the search
processes). The hint and the review at the coach's full budget (ai/review.py DEFAULT_BUDGET;
``--worlds`` lowers its deals per play and per pass). Then the same deals with the expert at
the hinted seat, the others the same players from the same seeds. Prints per table the
decisions by grade, every hinted choice graded below good or not the review's best (there
should be none: the test is tests/ai/test_teacher.py, on a few of these hands), and the
points per hand of the hint and of the expert with the paired difference's standard error.
``--minutes``: stop starting hands after M minutes and say how many were played; ``--first``:
go on from that hand (the same hands as a whole run's).

``--timing N``: the time the hint takes at N Peppa positions of one seat (its passes and
plays, in hands played by the normal level), worked out alone in this process and spread over
the search processes as the window does (controller/hinter.py), and the expert's decision at
the same positions; mean and p95 of each, wall clock, in turn at each position. Then the
wait of a player who asks for the hint 0.5 s or 1 s after their turn came, once the hint is
worked out ahead (a player who has asked for one in the game: the spread search starts as the
turn comes), which is the spread time less that delay.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from peppa_qt import native
from peppa_qt.ai import LEVELS, make_player
from peppa_qt.ai.expert import ExpertPlayer, search_pool, shutdown_pool
from peppa_qt.ai.review import DEFAULT_BUDGET, Grade, ReviewBudget, review_hand
from peppa_qt.ai.teacher import coach_hint
from peppa_qt.engine import Match, Phase, RuleSet, view_of
from peppa_qt.engine.view import PlayerView

TABLES = [("peppa", 4), ("torino", 4), ("hearts", 4), ("belmont", 6), ("belmont", 8)]
Chooser = Callable[[PlayerView], tuple[int, ...]]
#: When a player asks for a hint worked out ahead, after their turn came (s).
ASKED_AFTER = (0.5, 1.0)


def play_hand(match: Match, choose: Chooser) -> None:
    """One hand of ``match`` played out, every seat's cards chosen by ``choose``."""
    hand = match.start_hand()
    if hand.phase is Phase.PASSING:  # every seat chooses before any pass is made
        chosen = [choose(view_of(match, s)) for s in range(match.rules.seats)]
        for s, cards in enumerate(chosen):
            match.pass_cards(s, cards)
    while hand.to_move is not None:
        match.play(choose(view_of(match, hand.to_move))[0])


def play(rules: RuleSet, seed: int, before: int, seat: int, choose: Chooser) -> Match | None:
    """A game whose hand ``before`` (after as many easy ones) ``seat`` plays by ``choose``,
    the others every level in turn round the table (None: the easy hands ended the game)."""
    match = Match(rules, seed, track_undo=False)
    quick = [make_player("easy", seed + s) for s in range(rules.seats)]
    for _ in range(before):
        play_hand(match, lambda v: tuple(quick[v.seat].decide(v).cards))
        if match.is_over:
            return None
    players = [make_player(LEVELS[(s + seed) % len(LEVELS)], seed + s) for s in range(rules.seats)]

    def decide(view: PlayerView) -> tuple[int, ...]:
        if view.seat == seat:
            return choose(view)
        return tuple(players[view.seat].decide(view).cards)

    play_hand(match, decide)
    return match


def expert_chooser(seed: int) -> Chooser:
    """The expert's choices, as a chooser."""
    player = ExpertPlayer(seed)
    return lambda view: tuple(player.decide(view).cards)


def points(match: Match, seat: int) -> int:
    """The seat's points in the match's last hand."""
    result = match.hands[-1].result
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
    for delay in ASKED_AFTER:
        times[f"ahead, asked at {delay} s"] = [max(0.0, t - delay) for t in times["spread"]]
    for name, values in times.items():
        p95 = statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]
        print(f"  {name:7} mean {statistics.fmean(values):.3f} s  p95 {p95:.3f} s")
    shutdown_pool()


@dataclass
class Tally:
    """One table's figures."""

    grades: Counter[Grade] = field(default_factory=Counter)
    off: int = 0
    hinted: list[int] = field(default_factory=list)
    expert: list[int] = field(default_factory=list)

    def row(self, name: str) -> str:
        """The table's line."""
        counts = " ".join(f"{g.value}={self.grades[g]}" for g in Grade)
        gaps = [h - e for h, e in zip(self.hinted, self.expert, strict=True)]
        error = statistics.stdev(gaps) / len(gaps) ** 0.5 if len(gaps) > 1 else float("nan")
        return (
            f"{name:10} {len(self.hinted):>5} {sum(self.grades.values()):>9} {counts:46}"
            f" {self.off:>8}  {statistics.fmean(self.hinted):6.2f} /"
            f" {statistics.fmean(self.expert):6.2f}  {statistics.fmean(gaps):+6.2f} ± {error:.2f}"
        )


def one_hand(n: int, seed: int, budget: ReviewBudget, tally: Tally) -> None:
    """Hand ``n`` of the run: played by the hint and reviewed, then by the expert."""
    preset, seats = TABLES[n % len(TABLES)]
    rules = RuleSet.preset(preset, seats=seats)
    rotation = n // len(TABLES)
    before, seat, hand_seed = rotation % 4, rotation % seats, seed + n
    match = play(rules, hand_seed, before, seat, lambda v: tuple(coach_hint(v, budget)[0]))
    if match is None:
        print(f"  hand {n} ({preset}-{seats}, seed {hand_seed}): the easy hands ended the game")
        return
    for decision in review_hand(match, before, seat, budget).decisions:
        tally.grades[decision.grade] += 1
        if decision.best != decision.chosen or decision.grade is not Grade.GOOD:
            tally.off += 1
            print(f"  hand {n} ({preset}-{seats}, seed {hand_seed}, seat {seat}):", decision)
    tally.hinted.append(points(match, seat))
    expert = play(rules, hand_seed, before, seat, expert_chooser(hand_seed + seat))
    assert expert is not None  # (the same easy hands)
    tally.expert.append(points(expert, seat))


def main() -> None:
    """Play, review and print."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--first", type=int, default=0, help="start at this hand (a run cut short)")
    parser.add_argument("--minutes", type=float, default=0.0)
    parser.add_argument("--worlds", type=int, default=0, help="the review's deals (0: its own)")
    parser.add_argument("--timing", type=int, default=0, metavar="N")
    args = parser.parse_args()
    if args.timing:
        timing(args.timing, args.seed)
        return
    budget = DEFAULT_BUDGET
    if args.worlds:
        budget = replace(budget, worlds=args.worlds, pass_worlds=args.worlds)
    print(f"build: {native.describe()}; review budget {budget}", flush=True)
    tallies = {f"{p}-{s}": Tally() for p, s in TABLES}
    start, played = time.perf_counter(), 0
    for n in range(args.first, args.hands):
        if args.minutes and time.perf_counter() - start > args.minutes * 60:
            break
        preset, seats = TABLES[n % len(TABLES)]
        one_hand(n, args.seed, budget, tallies[f"{preset}-{seats}"])
        played += 1
    minutes = (time.perf_counter() - start) / 60
    print(f"hands {args.first} to {args.first + played - 1} of {args.hands} in {minutes:.1f} min")
    print(
        f"{'table':10} {'hands':>5} {'decisions':>9} {'grades':46} {'not good':>8}",
        " points/hand: hint / expert  hint-expert",
    )
    everything = Tally()
    for name, tally in tallies.items():
        if tally.hinted:
            print(tally.row(name))
            everything.grades.update(tally.grades)
            everything.off += tally.off
            everything.hinted += tally.hinted
            everything.expert += tally.expert
    if everything.hinted:
        print(everything.row("all"))
    shutdown_pool()


if __name__ == "__main__":
    main()
