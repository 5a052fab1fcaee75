#!/usr/bin/env python3
"""The window's timer while the computers think: does anything of theirs stall the table?

    QT_QPA_PLATFORM=offscreen python benchmarks/table_gaps.py LEVEL [SEATS]

The computers of one level (easy, normal, hard, expert) play one hand at every seat of a
table of SEATS (4: Hearts; 6 or 8: Belmont) in the real window at normal speed, offscreen,
while a 10 ms timer ticks. Printed: the longest gaps between its ticks (ms, and when, in
seconds from the start) and how many exceed 50 and 100 ms, for the whole hand and for the
hand after its first 3 s (when the window shows and the first deal's cards are laid out,
which stall the timer whatever the computers do). A gap is time the window's thread did not
get to run: a search holding the interpreter's lock shows here (see ai/processes.py).
"""

from __future__ import annotations

import sys
import tempfile
import time
from itertools import pairwise
from pathlib import Path

#: The first seconds: the window shows and the first hand is dealt.
START = 3.0
#: Give up after this long (a hand at normal speed takes 70-80 s at four seats).
LIMIT = 200.0


def main() -> None:
    """Play the hand and print the timer's gaps."""
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    from peppa_qt import native
    from peppa_qt.app import build_window
    from peppa_qt.controller import GameSetup, SeatSetup
    from peppa_qt.engine import Phase, RuleSet

    level = sys.argv[1]
    seats = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    print(f"# {' '.join(sys.argv)}: {native.describe()}; load {_load()}")
    window = build_window(True, None, speed="normal", profile_dir=Path(tempfile.mkdtemp()))
    window.resize(1280, 800)
    window.show()
    rules = RuleSet.preset("hearts") if seats == 4 else RuleSet.preset("belmont", seats=seats)
    players = tuple(SeatSetup(f"P{seat + 1}", level) for seat in range(seats))
    window.start_game(GameSetup(rules, players, seed=11))
    ticks = [time.perf_counter()]
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start(10)
    loop = QEventLoop()

    def check() -> None:
        match = window.controller.match
        over = match is not None and bool(match.hands) and match.hands[0].phase is Phase.SCORED
        if over or time.perf_counter() - ticks[0] > LIMIT:
            loop.quit()

    watch = QTimer()
    watch.timeout.connect(check)
    watch.start(50)
    loop.exec()
    gaps = sorted(((b - a, a - ticks[0]) for a, b in pairwise(ticks)), reverse=True)
    print(f"hand {ticks[-1] - ticks[0]:.1f} s, {len(ticks)} ticks")
    _report("whole hand", gaps)
    _report(f"after {START:.0f} s", [(g, t) for g, t in gaps if t > START])
    window.close()
    del app


def _report(what: str, gaps: list[tuple[float, float]]) -> None:
    over = [sum(g > bound for g, _ in gaps) for bound in (0.05, 0.1)]
    top = ", ".join(f"{g * 1000:.0f} ms @{t:.1f}" for g, t in gaps[:4])
    print(f"{what}: >50 ms {over[0]}, >100 ms {over[1]}; top {top}")


def _load() -> str:
    """The load averages (1, 5, 15 min), where the system tells them."""
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


if __name__ == "__main__":  # the search processes are spawned: they import this module
    main()
