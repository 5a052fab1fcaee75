"""The engine's speed now against an earlier commit's, side by side in one run.

    .venv/bin/python benchmarks/engine_compare.py --base 5aa4049 [--rounds 5] [--hands 2000]
    .venv/bin/python benchmarks/engine_compare.py --base 5aa4049 --instructions

The earlier commit's package is taken out of git into a temporary folder; then, round after
round, a fresh process of each side measures random complete hands per second and legal-move
generations per second (``peppa_qt.bench``'s hands and positions, fixed counts, process CPU
time: less swayed by other work than the clock) on the four-seat rule sets, the two sides in
turn so that the machine's load falls on both alike. Printed: each side's median per rule
set and the ratio now / base. The six- and eight-seat tables are measured for the current side
only (the base has none).

``--instructions`` counts instead, with valgrind's callgrind, the CPU instructions one random
hand and one legal-move generation take on each side (the difference between a short and a
long run, so start-up cancels): a count that other work on the machine does not change.
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


_COUNTED = """
import itertools, random, sys
from peppa_qt.bench import random_hand, _positions
from peppa_qt.engine import RuleSet, cards_of
rules = RuleSet.preset(sys.argv[1])
what, count = sys.argv[2], int(sys.argv[3])
rng = random.Random(7)
if what == "hands":
    for _ in range(count):
        random_hand(rules, rng)
else:
    states = [m.current for m in _positions(rules, rng, 100)]
    fresh = hasattr(states[0], "work_out_legal")
    cycle = itertools.cycle(states)
    for _ in range(count):
        state = next(cycle)
        len(cards_of(state.work_out_legal() if fresh else state.legal_mask()))
"""


def instructions(tree: Path, preset: str, what: str, count: int) -> int:
    """The instructions a run of ``count`` hands (or legal-move generations) takes."""
    with tempfile.NamedTemporaryFile(suffix=".out") as out:
        done = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out.name}",
                sys.executable,
                "-c",
                _COUNTED,
                preset,
                what,
                str(count),
            ],
            cwd=tree,
            # A fixed hash seed: the same count for the same code, run after run.
            env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"},
            capture_output=True,
            text=True,
            check=True,
        )
    line = next(x for x in done.stderr.splitlines() if "Collected" in x)
    return int(line.split(":")[-1].strip())


def count_instructions(base: Path) -> None:
    """Print the instructions per hand and per legal-move generation, and the ratios."""
    runs = {"hands": (200, 600), "legal": (20_000, 100_000)}  # long: start-up and caches cancel
    print(
        f"{'rules':10} {'per hand base':>14} {'now':>10} {'ratio':>6}   "
        f"{'per legal base':>15} {'now':>7} {'ratio':>6}   (callgrind instructions)"
    )
    for preset in FOUR:
        cells = []
        for what, (short, long) in runs.items():
            per = []
            for tree in (base, ROOT):
                extra = instructions(tree, preset, what, long) - instructions(
                    tree, preset, what, short
                )
                per.append(extra / (long - short))
            cells.append(per)
        (hb, hn), (lb, ln) = cells
        print(
            f"{preset:10} {hb:14.0f} {hn:10.0f} {hn / hb:6.3f}   "
            f"{lb:15.0f} {ln:7.0f} {ln / lb:6.3f}"
        )


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the commit to compare with")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--hands", type=int, default=2000, help="hands per figure")
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions with callgrind"
    )
    args = parser.parse_args()
    if args.instructions:
        with tempfile.TemporaryDirectory() as folder:
            print(f"command: {' '.join(sys.argv)}")
            count_instructions(export(args.base, Path(folder)))
        return
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
