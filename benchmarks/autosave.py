#!/usr/bin/env python3
"""An autosave's cost as a game grows: the window autosaves after every pass and trick.

    python benchmarks/autosave.py [--hands 100,1000,4000,9999] [--saves 13]

For each length, a game of that many hands (and one under way) is played with random legal
cards, resumed in a session as the window resumes one, and autosaved after each of the next
cards, as the window does after each trick. It prints the time the session's ``autosave``
takes on the calling thread (the window's): the one the resume itself writes, then the median
and the worst of the others, and the autosave file's size. A long game's autosave (256 KiB or
more) is written by the writer's thread: that time is not the window's, and not counted. In
time independent of the game's length the figures stay level as the game grows. Run with
``PYTHONPATH=OTHER_CHECKOUT`` it measures that checkout's code.
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


def measure(hands: int, saves: int) -> tuple[float, float, float, int]:
    """Milliseconds of the autosave the resume itself writes, then the median and the worst
    of one after each of ``saves`` cards; the file's bytes."""
    with tempfile.TemporaryDirectory() as base:
        profile = Profile(Locations.under(Path(base)))
        match = long_game(hands)
        record = record_of(match)
        assert profile.save_autosave(SavedGame(record, default_seeds(record, 1))) is None
        opened, problem = profile.load_autosave()
        assert opened is not None and problem is None
        session = GameSession(profile, Preferences(profile), Pace.instant())
        times: list[float] = []
        autosave = session.autosave

        def timed() -> None:  # each autosave, the resume's own first
            start = time.perf_counter()
            autosave()
            times.append(time.perf_counter() - start)

        session.autosave = timed  # type: ignore[method-assign]
        session.resume(opened, counted=False)
        live = session.controller.match
        assert live is not None and live.current is not None and len(times) == 1
        rng = random.Random(hands)
        for _ in range(saves):
            live.play(rng.choice(cards_of(live.current.legal_mask())))  # as a card is played
            session.autosave()
        _wait_for_the_writer()  # a long game's autosaves: written in the writer's thread
        size = profile.where.autosave_file.stat().st_size
        session.controller.shutdown()
    after = times[1:]
    return times[0] * 1e3, statistics.median(after) * 1e3, max(after) * 1e3, size


def _wait_for_the_writer() -> None:
    """Wait for the writer's thread to write what it was handed (a checkout without one,
    run for a comparison, has written it all already)."""
    try:
        from peppa_qt.storage.background import WRITER
    except ImportError:
        return
    assert WRITER.flush(timeout=60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", default="100,1000,4000,9999", help="game lengths, commas")
    parser.add_argument("--saves", type=int, default=13, help="autosaves per length")
    args = parser.parse_args()
    app = QCoreApplication.instance() or QCoreApplication([])
    print(f"{'hands':>6} {'resume ms':>10} {'median ms':>10} {'worst ms':>9} {'file kB':>8}")
    for hands in (int(n) for n in args.hands.split(",")):
        resumed, median, worst, size = measure(hands, args.saves)
        print(f"{hands:6d} {resumed:10.2f} {median:10.2f} {worst:9.2f} {size / 1024:8.0f}")
    del app


if __name__ == "__main__":
    main()
