#!/usr/bin/env python3
"""Memory over an evening of play: the demo through the real window, speed off.

    QT_QPA_PLATFORM=offscreen python benchmarks/memory.py [--hands 20,500]

The demo (four computer players of the default level, Peppa to 100, game after game) plays
in the real window, offscreen, with no animations, no thinking pause and no wait on the
summaries. After each number of hands it prints the process's resident memory (VmRSS of
/proc/self/status), the objects the garbage collector tracks, the live objects of the
player, view and job classes, and the window's threads, scene items and timers. In a window
that frees what it is done with, the figures stay level from the first sample to the last
(the last column: growth per hand between the first and last samples).
"""

from __future__ import annotations

import argparse
import gc
import os
import shlex
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from peppa_qt.ai.base import Player
from peppa_qt.app import build_window
from peppa_qt.gui.window import game as window_game
from peppa_qt.gui.window.main_window import MainWindow

#: Classes counted by name besides the players (every subclass of ai.base.Player).
WATCHED = ("PlayerView", "_ThinkJob", "HandState", "Match")


def rss_mb() -> float:
    """The resident set size of this process in MB (VmRSS)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _player_classes() -> set[str]:
    names: set[str] = set()
    todo = [Player]
    while todo:
        cls = todo.pop()
        names.add(cls.__name__)
        todo.extend(cls.__subclasses__())
    return names


#: The live objects of every type at each sample (the types that grew are printed).
TYPES: dict[int, Counter[str]] = {}


def sample(window: MainWindow, hands: int) -> dict[str, float]:
    """Every figure, after a full collection."""
    gc.collect()
    objects = gc.get_objects()
    players = _player_classes()
    counts = Counter(type(o).__name__ for o in objects)
    TYPES[hands] = counts
    figures: dict[str, float] = {"RSS MB": rss_mb(), "gc objects": len(objects)}
    figures["players"] = sum(n for name, n in counts.items() if name in players)
    for name in WATCHED:
        figures[name] = counts[name]
    figures["threads"] = threading.active_count()
    figures["scene items"] = len(window.scene.items())
    figures["timers"] = len(window.findChildren(QTimer))
    return figures


def run(checkpoints: list[int], size: tuple[int, int]) -> dict[int, dict[str, float]]:
    """Play the demo to the last checkpoint; the figures at each."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    window_game.DEMO_SUMMARY_MS = 1  # the summaries go on at once
    samples: dict[int, dict[str, float]] = {}
    with tempfile.TemporaryDirectory(prefix="peppa-memory-") as profile:
        window = build_window(True, None, speed="off", profile_dir=Path(profile))
        window.resize(*size)
        window.show()
        window.session.set_ai_pause(0)
        window.scene.trick_hold = 0
        hands = 0

        def on_hand_completed(index: int) -> None:
            nonlocal hands
            hands += 1
            if hands in checkpoints:
                samples[hands] = sample(window, hands)
                print(f"  {hands} hands, {time.perf_counter() - started:.0f} s", file=sys.stderr)
            if hands >= checkpoints[-1]:
                QTimer.singleShot(0, window.close)
                QTimer.singleShot(0, app.quit)

        window.session.hand_completed.connect(on_hand_completed)
        started = time.perf_counter()
        window.start_game()
        app.exec()
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", default="20,500", help="when to measure, commas")
    parser.add_argument("--size", default="1280x800", help="the window's size")
    args = parser.parse_args()
    checkpoints = sorted(int(n) for n in args.hands.split(","))
    width, height = (int(n) for n in args.size.split("x"))
    print("command:", shlex.join([sys.executable, *sys.argv]))
    samples = run(checkpoints, (width, height))
    first, last = checkpoints[0], checkpoints[-1]
    header = "".join(f"{f'after {n} hands':>16}" for n in checkpoints)
    print(f"{'':14}{header}{'per hand':>12}")
    for name in samples[first]:
        values = "".join(f"{samples[n][name]:16.1f}" for n in checkpoints)
        slope = (samples[last][name] - samples[first][name]) / max(1, last - first)
        print(f"{name:14}{values}{slope:12.3f}")
    grown = (TYPES[last] - TYPES[first]).most_common(6)
    print(f"tracked objects grown most from {first} to {last} hands:", grown or "none")


if __name__ == "__main__":
    main()
