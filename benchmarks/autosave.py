#!/usr/bin/env python3
"""An autosave's cost as a game grows: the window autosaves after every pass and trick.

    python benchmarks/autosave.py [--hands 100,1000,4000,9999] [--saves 13]

For each length, a game of that many hands (and one under way) is played with random legal
cards, resumed in a session as the window resumes one, and autosaved after each of the next
cards, as the window does after each trick. It prints the median and the worst autosave (ms)
and the autosave file's size; in time independent of the game's length the figures stay level
as the game grows (the last column is the ratio of the medians to the shortest game's).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QCoreApplication

sys.path.insert(0, str(Path(__file__).resolve().parent))
from long_game import long_game

from peppa_qt.controller import GameSession, Pace, Preferences
from peppa_qt.engine import record_of
from peppa_qt.engine.cards import cards_of
from peppa_qt.storage import Locations, Profile
from peppa_qt.storage.saves import SavedGame, default_seeds


def measure(hands: int, saves: int) -> tuple[float, float, int]:
    """Milliseconds (median, worst) of an autosave after each of ``saves`` cards; bytes."""
    with tempfile.TemporaryDirectory() as base:
        profile = Profile(Locations.under(Path(base)))
        match = long_game(hands)
        record = record_of(match)
        assert profile.save_autosave(SavedGame(record, default_seeds(record, 1))) is None
        opened, problem = profile.load_autosave()
        assert opened is not None and problem is None
        session = GameSession(profile, Preferences(profile), Pace.instant())
        session.resume(opened, counted=False)
        live = session.controller.match
        assert live is not None and live.current is not None
        rng = random.Random(hands)
        times = []
        for _ in range(saves):
            live.play(rng.choice(cards_of(live.current.legal_mask())))  # as a card is played
            start = time.perf_counter()
            session.autosave()
            times.append(time.perf_counter() - start)
        size = profile.where.autosave_file.stat().st_size
        session.controller.shutdown()
    return statistics.median(times) * 1e3, max(times) * 1e3, size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", default="100,1000,4000,9999", help="game lengths, commas")
    parser.add_argument("--saves", type=int, default=13, help="autosaves per length")
    args = parser.parse_args()
    app = QCoreApplication.instance() or QCoreApplication([])
    print(f"{'hands':>6} {'median ms':>10} {'worst ms':>9} {'file kB':>8} {'ratio':>6}")
    first = None
    for hands in (int(n) for n in args.hands.split(",")):
        median, worst, size = measure(hands, args.saves)
        first = first or median
        print(f"{hands:6d} {median:10.2f} {worst:9.2f} {size / 1024:8.0f} {median / first:6.2f}")
    del app


if __name__ == "__main__":
    main()
