"""The engine's speed now against an earlier commit's, side by side in one run.

    .venv/bin/python benchmarks/engine_compare.py --base 5aa4049 [--rounds 5] [--seconds 2]

The earlier commit's package is taken out of git into a temporary folder; then, round after
round, a fresh process of each side measures random complete hands per second and legal-move
generations per second (``peppa_qt.bench``'s hands and positions, fixed counts, process CPU
time: less swayed by other work than the clock) on the four-seat rule sets, the two sides in
turn so that the machine's load falls on both alike. Printed: each side's median per rule
set and the ratio now / base. The six- and eight-seat tables are measured for the current side
only (the base has none).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOUR = ("peppa", "torino", "hearts")

_PROBE = """
import itertools, json, random, sys, time
from peppa_qt.bench import random_hand, _positions
from peppa_qt.engine import RuleSet, cards_of
want = json.loads(sys.argv[1])
hands_count, legal_count = int(sys.argv[2]), int(sys.argv[3])
rows = {}
for preset, seats in want:
    try:
        rules = RuleSet.preset(preset, seats=seats)
    except TypeError:  # the code before six and eight seats
        rules = RuleSet.preset(preset)
    name = preset if preset != "belmont" else f"{preset}-{seats}"
    rng = random.Random(1)
    start = time.process_time()
    for _ in range(hands_count):
        random_hand(rules, rng)
    hands = hands_count / (time.process_time() - start)
    states = [m.current for m in _positions(rules, rng, 200)]
    fresh = getattr(states[0], "work_out_legal", None) is not None  # legal_mask keeps its own
    cycle = itertools.cycle(states)
    start = time.process_time()
    if fresh:
        for _ in range(legal_count):
            len(cards_of(next(cycle).work_out_legal()))
    else:
        for _ in range(legal_count):
            len(cards_of(next(cycle).legal_mask()))
    legal = legal_count / (time.process_time() - start)
    rows[name] = (hands, legal)
print(json.dumps(rows))
"""


def export(revision: str, into: Path) -> Path:
    """The package of ``revision``, written under ``into``."""
    archive = subprocess.run(
        ["git", "archive", revision, "peppa_qt"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def measure(tree: Path, tables: list[tuple[str, int]], hands: int) -> dict[str, list[float]]:
    """One fresh process's figures for ``tables`` with the package in ``tree``."""
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(tables), str(hands), str(hands * 200)],
        cwd=tree,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    parsed: dict[str, list[float]] = json.loads(done.stdout)
    return parsed


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the commit to compare with")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--hands", type=int, default=2000, help="hands per figure")
    args = parser.parse_args()
    four = [(name, 4) for name in FOUR]
    wide = [("belmont", 6), ("belmont", 8)]
    runs: dict[str, dict[str, list[list[float]]]] = {"base": {}, "now": {}}
    with tempfile.TemporaryDirectory() as folder:
        base = export(args.base, Path(folder))
        for _ in range(args.rounds):
            for side, tree, tables in (("base", base, four), ("now", ROOT, four + wide)):
                for name, figures in measure(tree, tables, args.hands).items():
                    runs[side].setdefault(name, []).append(figures)
    print(f"command: {' '.join(sys.argv)}")
    print(f"{args.rounds} rounds of {args.hands} hands and {args.hands * 200} legal-move")
    print("generations a figure, sides in turn, process CPU time; medians")
    print(
        f"{'rules':10} {'hands/s base':>13} {'now':>9} {'ratio':>6}   "
        f"{'legal/s base':>13} {'now':>10} {'ratio':>6}"
    )
    for name in [*FOUR, "belmont-6", "belmont-8"]:
        now = runs["now"].get(name)
        if now is None:
            continue
        hands_now = statistics.median(r[0] for r in now)
        legal_now = statistics.median(r[1] for r in now)
        before = runs["base"].get(name)
        if before is None:
            print(f"{name:10} {'':>13} {hands_now:9.0f} {'':>6}   {'':>13} {legal_now:10.0f}")
            continue
        hands_base = statistics.median(r[0] for r in before)
        legal_base = statistics.median(r[1] for r in before)
        print(
            f"{name:10} {hands_base:13.0f} {hands_now:9.0f} {hands_now / hands_base:6.2f}   "
            f"{legal_base:13.0f} {legal_now:10.0f} {legal_now / legal_base:6.2f}"
        )


if __name__ == "__main__":
    main()
