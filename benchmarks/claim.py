"""How long the claim check takes from one seat's view (the window runs it in a process of its own).

    .venv/bin/python benchmarks/claim.py [--positions 150] [--seed 1] [--tables four,belmont-8]
    .venv/bin/python benchmarks/claim.py --base COMMIT [...]

(the tables: four, belmont-6, belmont-8; all three when not given)

Random endings of 1 to 4 tricks left, the view of the seat to move, as the window asks it at a
human's turn: four seats (Peppa, Torino and Hearts in turn) and Belmont at six and eight seats
(two decks). A hand is dealt, passed at random and played at random, every other one with the
point cards played first wherever they may be, so that more hands end decided (the decided
ones cost most: every deal is searched to the end). Printed per table and number of tricks
left: the process CPU time of ``view_settled_points`` (median, p95, max) and how often it said
the hand is decided.

With ``--base COMMIT`` that commit's package is taken out of git and checks the same
positions, the two sides in turn, one fresh process a row each, so that the machine's load
falls on both alike; the answers of the two sides are compared position by position. Both
sides then run pure Python (the exported package has no compiled build): the ratio is the
method's, not the build's.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

from peppa_qt.engine import HandState, Match, Phase, RuleSet, cards_of
from peppa_qt.engine.cardset import listed
from peppa_qt.engine.claim import view_settled_points
from peppa_qt.engine.view import hand_view

ROOT = Path(__file__).resolve().parent.parent
TABLES = ("four", "belmont-6", "belmont-8")
FOUR = ("peppa", "torino", "hearts")


def ending(rng: random.Random, table: str, tricks_left: int, dump: bool) -> HandState:
    """A hand with ``tricks_left`` tricks left and 0 to N−1 cards of the next one played
    (with ``dump``, the point cards first wherever they may be played)."""
    if table == "four":
        rules = RuleSet.preset(rng.choice(FOUR))
    else:
        rules = RuleSet.preset("belmont", seats=int(table.split("-")[1]))
    match = Match(rules, rng.randrange(10**9), track_undo=False)
    hand = match.start_hand()
    seats = rules.seats
    for seat in range(seats):
        if hand.phase is Phase.PASSING:
            hand.pass_cards(seat, rng.sample(listed(hand.hands[seat]), rules.pass_size))
    target = seats * (rules.hand_size - tricks_left) + rng.randrange(seats)
    while len(hand.plays) < target:
        legal = cards_of(hand.legal_mask())
        points = [c for c in legal if rules.card_points[c]]
        hand.play(
            max(points, key=lambda c: rules.card_points[c])
            if dump and points
            else rng.choice(legal)
        )
    return hand


def check_row(table: str, tricks_left: int, positions: int, seed: int) -> dict[str, list[object]]:
    """One row in this process: each position's CPU time (ms) and the check's answer."""
    rng = random.Random(f"{seed}-{table}-{tricks_left}")
    times: list[object] = []
    answers: list[object] = []
    for number in range(positions):
        hand = ending(rng, table, tricks_left, dump=number % 2 == 1)
        assert hand.to_move is not None
        view = hand_view(hand, hand.to_move)
        start = time.process_time()
        answer = view_settled_points(view)
        times.append((time.process_time() - start) * 1000)
        answers.append(list(answer) if answer is not None else None)
    return {"times": times, "answers": answers}


def export(revision: str, into: Path) -> Path:
    """The package of ``revision``, written under ``into``."""
    archive = subprocess.run(
        ["git", "archive", revision, "peppa_qt"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def in_process(
    tree: Path, row: tuple[str, int], positions: int, seed: int
) -> dict[str, list[object]]:
    """A row checked by a fresh process of the package in ``tree``, pure Python."""
    table, tricks = row
    env = {"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "PEPPA_PURE": "1"}
    done = subprocess.run(
        [sys.executable, __file__, "--row", table, str(tricks), str(positions), str(seed)],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    parsed: dict[str, list[object]] = json.loads(done.stdout)
    return parsed


def figures(times: list[object]) -> str:
    """Median, p95 and max of some times in ms."""
    ordered = sorted(float(t) for t in times)  # type: ignore[arg-type]
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return f"{statistics.median(ordered):>8.1f} {p95:>8.1f} {ordered[-1]:>8.1f}"


def decided(answers: list[object]) -> str:
    """The share of positions said decided."""
    return f"{sum(a is not None for a in answers) / len(answers):>4.0%}"


#: The header of a block of ``figures``.
HEAD = f"{'median':>8} {'p95':>8} {'max':>8}"


def measure_here(rows: list[tuple[str, int]], positions: int, seed: int) -> None:
    """Each row checked in this process, in the build it runs."""
    import peppa_qt.native

    print(f"# build: {peppa_qt.native.describe()}")
    print(f"{'table':10} {'tricks':>6}  {HEAD} {'yes':>4}")
    for table, tricks in rows:
        row = check_row(table, tricks, positions, seed)
        print(f"{table:10} {tricks:>6}  {figures(row['times'])} {decided(row['answers'])}")


def compare(rows: list[tuple[str, int]], revision: str, positions: int, seed: int) -> None:
    """Each row checked by ``revision`` and by this checkout, in turn, in fresh processes."""
    print(f"# base {revision} against this checkout, both pure Python, sides in turn")
    print(f"{'':17}  {'base':^26}  {'now':^26}")
    print(f"{'table':10} {'tricks':>6}  {HEAD}  {HEAD} {'yes':>4} {'same answers':>12}")
    with tempfile.TemporaryDirectory() as folder:
        base = export(revision, Path(folder))
        for table, tricks in rows:
            before = in_process(base, (table, tricks), positions, seed)
            after = in_process(ROOT, (table, tricks), positions, seed)
            same = sum(a == b for a, b in zip(before["answers"], after["answers"], strict=True))
            print(
                f"{table:10} {tricks:>6}  {figures(before['times'])}  {figures(after['times'])}"
                f" {decided(after['answers'])} {same:>8}/{len(before['answers'])}",
                flush=True,
            )


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=150, help="per table and tricks left")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tables", default=",".join(TABLES))
    parser.add_argument("--base", help="a commit whose check measures the same positions")
    parser.add_argument("--row", nargs=4, help=argparse.SUPPRESS)  # a side's process
    args = parser.parse_args()
    if args.row:
        table, tricks, positions, seed = args.row
        print(json.dumps(check_row(table, int(tricks), int(positions), int(seed))))
        return
    rows = [(t, n) for t in args.tables.split(",") for n in (1, 2, 3, 4)]
    print(f"# {' '.join([sys.executable, *sys.argv])}")
    print(f"# load average {os.getloadavg()[0]:.1f} at the start; process CPU time per check, ms")
    if args.base:
        compare(rows, args.base, args.positions, args.seed)
    else:
        measure_here(rows, args.positions, args.seed)
    print(f"# load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
