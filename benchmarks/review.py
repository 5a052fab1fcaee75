#!/usr/bin/env python3
"""The coach's review: its CPU time per hand, and how it grades players of known strength.

    python benchmarks/review.py play --level LEVEL [--others LEVEL] --hands N [--table peppa]
        [--seed S] OUT
    python benchmarks/review.py review RECORD [--seats 0,1,2,3] [--hands N] [--json OUT]

``play`` writes a game record of N hands (of a game of many more) in which seat 0 is played by
LEVEL and the other seats by ``--others`` (the normal level unless told; ``--others same``: every
seat plays LEVEL); the expert searches with its time cap lifted, so its cards hang on its seed
and view alone, as the pins' do. ``review`` reviews the seats named (seat 0 unless told) in
each hand of a record with the coach's own budget and prints, per seat-hand, the CPU time and
the grades, and at the end the share of decisions marked (inaccuracy or worse, of the
decisions that had a choice), the mean points lost per hand and the distribution of the
losses. ``--json`` writes every decision's loss and standard error, so other thresholds can
be tried without searching again.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from peppa_qt.ai import make_player
from peppa_qt.ai.expert import ExpertPlayer
from peppa_qt.ai.review import Grade, review_hand
from peppa_qt.engine import Match, Phase, RuleSet, read_record, record_of, replay
from peppa_qt.engine.record import PlayerInfo, write_record
from peppa_qt.self_test import play_hand


def rules_of(table: str, hands: int) -> RuleSet:
    """A preset's rules (``belmont-6``, ``belmont-8`` at a size) for a game of ``hands``."""
    preset, _, seats = table.partition("-")
    options = {"end": {"mode": "hands", "count": hands}}
    return RuleSet.preset(preset, options, seats=int(seats) if seats else None)


def play(level: str, others: str, hands: int, *, table: str, seed: int, out: Path) -> None:
    """Write a record of ``hands`` hands: seat 0 plays ``level``, the others ``others``."""
    others = level if others == "same" else others
    ExpertPlayer.seconds = 1e9  # the deals alone decide, not the machine's load
    # A game far longer than the hands played: no hand is its last, so every seat plays
    # for points alone, as the coach grades (a last hand is played for the game too).
    rules = rules_of(table, 10_000)
    match = Match(rules, seed, track_undo=False)
    levels = [level if s == 0 else others for s in range(rules.seats)]
    players = [make_player(levels[s], seed + s) for s in range(rules.seats)]
    for player in players:
        if isinstance(player, ExpertPlayer):
            player.parallel = False
    names = tuple(PlayerInfo(f"{name} {s}", "ai", name) for s, name in enumerate(levels))
    while len(match.hands) < hands:
        play_hand(match, players)
        # Written after every hand: a run stopped early keeps the hands played.
        out.write_text(write_record(record_of(match, names)), encoding="utf-8")
        print(f"hand {len(match.hands)} played", file=sys.stderr, flush=True)


def review(path: Path, seats: list[int], count: int | None, json_out: Path | None) -> None:
    """Review ``seats`` in the record's hands; print the figures."""
    match = replay(read_record(path.read_bytes()), track_undo=False)
    indexes = [i for i, h in enumerate(match.hands) if h.phase is Phase.SCORED][:count]
    rows, times, lost = [], [], []
    for index, seat in ((i, s) for i in indexes for s in seats):
        start = time.process_time()
        result = review_hand(match, index, seat)
        times.append(time.process_time() - start)
        lost.append(result.lost)
        for d in result.decisions:
            rows.append(
                {"hand": index, "seat": seat, "kind": d.position.kind, "trick": d.position.trick,
                 "forced": d.forced, "loss": d.loss, "error": d.error, "grade": d.grade.value}
            )  # fmt: skip
        marks = ", ".join(f"{g.value} {result.count(g)}" for g in Grade if g is not Grade.GOOD)
        choices = sum(1 for d in result.decisions if not d.forced)
        print(
            f"hand {index} seat {seat}: {times[-1]:.1f} s CPU, choices {choices}, {marks},"
            f" lost {result.lost:.2f}",
            flush=True,
        )
    chosen = [r for r in rows if not r["forced"]]
    marked = [r for r in chosen if r["grade"] != Grade.GOOD.value]
    losses = sorted(r["loss"] for r in chosen)
    print(f"seat-hands {len(lost)}, decisions with a choice {len(chosen)}, marked {len(marked)}")
    counts = ", ".join(f"{g.value} {sum(r['grade'] == g.value for r in marked)}" for g in Grade)
    print(f"share marked {len(marked) / max(1, len(chosen)):.3f} ({counts})")
    print(f"mean points lost per seat-hand {statistics.fmean(lost) if lost else 0:.2f}")
    print(f"CPU per seat-hand: median {statistics.median(times):.1f} s, max {max(times):.1f} s")
    for q in (0.5, 0.75, 0.9, 0.95, 0.99):
        print(f"loss at {q:.0%}: {losses[min(len(losses) - 1, int(q * len(losses)))]:.2f}")
    if json_out is not None:
        json_out.write_text(json.dumps({"times": times, "decisions": rows}), encoding="utf-8")


def main() -> None:
    """Run the command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    playing = commands.add_parser("play")
    playing.add_argument("out", type=Path)
    playing.add_argument("--level", default="expert")
    playing.add_argument("--others", default="normal", help="the other seats' level, or same")
    playing.add_argument("--hands", type=int, default=10)
    playing.add_argument("--table", default="peppa")
    playing.add_argument("--seed", type=int, default=1)
    reviewing = commands.add_parser("review")
    reviewing.add_argument("record", type=Path)
    reviewing.add_argument("--seats", default="0", help="the seats reviewed: 0,1,2,3")
    reviewing.add_argument("--hands", type=int)
    reviewing.add_argument("--json", type=Path)
    args = parser.parse_args()
    if args.command == "play":
        play(args.level, args.others, args.hands, table=args.table, seed=args.seed, out=args.out)
    else:
        seats = [int(s) for s in args.seats.split(",")]
        review(args.record, seats, args.hands, args.json)


if __name__ == "__main__":
    main()
