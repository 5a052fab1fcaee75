#!/usr/bin/env python3
"""Long games cost linear time: checking, replaying, viewing and resuming a game of N hands.

    python benchmarks/long_game.py [--hands 1000,4000,9999] [--resume] [--runs 3]
                                   [--against OTHER_CHECKOUT]

For each length, a game of that many hands (and one under way) is played with random legal
cards, written as a record, then read and replayed as ``peppa-qt check`` does; the seat to
move is then viewed, as a computer player is before each card, and the public table made, as
the window's is after each card. It prints the time per hand of each
step; in linear time the figures per hand stay level as the game grows (the last column is
the ratio to the shortest game's).

With ``--resume``, the game is resumed as the player finds it at start: written as the
autosave of one human (the seat to move) against three normal computers, then, in a fresh
process each time (offscreen), the window opens, goes on with the autosave and asks the human
for a card. It prints the medians of ``--runs`` starts: the autosave read and replayed, the
time from the start of the resume to the first prompt, the autosave the resume writes, and
the worst autosave on the window's thread until a trick after it. ``--against`` resumes
another checkout's game in the same runs, the two in turn (each with this interpreter).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from peppa_qt.engine import (
    Match,
    Phase,
    RuleSet,
    read_record,
    record_of,
    replay,
    summary,
    write_record,
)
from peppa_qt.engine.cards import cards_of
from peppa_qt.engine.public import table_of
from peppa_qt.engine.view import view_of

if TYPE_CHECKING:
    from PySide6.QtCore import QCoreApplication


def long_game(hands: int, seed: int = 1) -> Match:
    """A game of ``hands`` hands played and one more under way (cards chosen at random among
    the legal ones): the position of a long game resumed mid-hand."""
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": hands + 1}})
    match = Match(rules, seed, track_undo=False)
    rng = random.Random(seed)
    for index in range(hands + 1):
        hand = match.start_hand()
        if hand.phase is Phase.PASSING:
            for seat in range(4):
                match.pass_cards(seat, rng.sample(cards_of(hand.hands[seat]), 3))
        moves = 52 if index < hands else 21
        for _ in range(moves):
            match.play(rng.choice(cards_of(hand.legal_mask())))
    return match


def measure(hands: int) -> tuple[float, float, float]:
    """Seconds: check per hand, one view of the seat to move, one public table."""
    text = write_record(record_of(long_game(hands)))
    start = time.perf_counter()
    match = replay(read_record(text), track_undo=False)
    summary(match)
    check = time.perf_counter() - start
    hand = match.current
    assert hand is not None and hand.to_move is not None
    seat = hand.to_move
    start = time.perf_counter()
    for _ in range(50):
        view_of(match, seat)
    views = (time.perf_counter() - start) / 50
    start = time.perf_counter()
    for _ in range(50):
        table_of(match)
    tables = (time.perf_counter() - start) / 50
    return check / hands, views, tables


#: This checkout; the children of ``--resume`` run this very file.
ROOT = Path(__file__).resolve().parent.parent
#: How long a child may take to resume and play a trick, at most (seconds).
CHILD_TIMEOUT = 600


def resume_in_window(hands: int) -> dict[str, object]:
    """In this process (a child): the autosave of ``hands`` hands resumed by the window, to
    the human's first prompt and one trick further; seconds and milliseconds."""
    import tempfile

    from PySide6.QtWidgets import QApplication

    from peppa_qt import native
    from peppa_qt.app import build_window
    from peppa_qt.controller import session as sessions
    from peppa_qt.gui.presenter.modes import Mode
    from peppa_qt.gui.window.main_window import MainWindow
    from peppa_qt.storage import Profile

    app = QApplication.instance() or QApplication([])
    reads: list[float] = []
    saves: list[float] = []
    places: list[float] = []
    _time_calls(Profile, "load_autosave", reads)
    # The window writes its place to the settings when an autosave is told and the window
    # has moved (after a resize, the first time): the window's, not the autosave's: left out.
    _time_calls(MainWindow, "_on_session_autosaved", places)
    _time_calls(sessions.GameSession, "autosave", saves, places)
    with tempfile.TemporaryDirectory(prefix="peppa-long-") as folder:
        seat = _autosave_long_game(Path(folder), hands)
        window = build_window(False, None, profile_dir=Path(folder))
        window.resize(1280, 800)
        window.show()
        _run_until(app, lambda: False, 0.5)  # shown, painted, settled
        start = time.perf_counter()
        window.start_or_resume()
        _run_until(app, lambda: window.presenter.mode is Mode.PLAYING, CHILD_TIMEOUT)
        prompt = time.perf_counter() - start
        assert window.presenter.mode is Mode.PLAYING, "no prompt"
        resumed, session = len(saves), window.session
        session.set_ai_pause(0)
        hand = session.controller.hand
        assert hand is not None
        session.submit_play(seat, min(c for c in range(52) if hand.legal_mask() >> c & 1))
        _run_until(app, lambda: len(saves) > resumed, 60)  # the trick taken, and autosaved
        window.close()
        _wait_for_the_writer()
    return {
        "build": native.describe(),
        "code": str(Path(native.__file__).resolve().parent.parent),
        "read": reads[0],
        "prompt": prompt,
        "resume_save": saves[0] * 1e3,
        "worst_save": max(saves) * 1e3,
    }


def _autosave_long_game(folder: Path, hands: int) -> int:
    """The autosave of a long game in a profile under ``folder``: one human, the seat to move
    (returned), and three normal computers."""
    from peppa_qt.engine import PlayerInfo, record_of
    from peppa_qt.storage import Locations, Profile
    from peppa_qt.storage.saves import SavedGame, default_seeds

    match = long_game(hands)
    hand = match.current
    assert hand is not None and hand.to_move is not None
    seat = hand.to_move
    players = tuple(
        PlayerInfo("You") if s == seat else PlayerInfo(f"Player {s + 1}", "ai", "normal")
        for s in range(match.rules.seats)
    )
    record = record_of(match, players)
    game = SavedGame(record, default_seeds(record, 1))
    assert Profile(Locations.under(folder)).save_autosave(game) is None
    return seat


def _run_until(app: QCoreApplication, done: Callable[[], bool], seconds: float) -> None:
    """Run the window's events until ``done()`` or ``seconds`` have gone by."""
    from PySide6.QtCore import QEventLoop

    end = time.perf_counter() + seconds
    while not done() and time.perf_counter() < end:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 5)


def _wait_for_the_writer() -> None:
    """Let the writer's thread finish the autosave it was handed (a checkout without one has
    written it already)."""
    try:
        from peppa_qt.storage.background import WRITER
    except ImportError:
        return
    WRITER.flush(timeout=60)


def _time_calls(owner: type, name: str, into: list[float], less: Sequence[float] = ()) -> None:
    """Time every call of ``owner.name`` into ``into`` (seconds), less the time of the calls
    timed into ``less`` meanwhile."""
    real = getattr(owner, name)

    def timed(*args: object, **kwargs: object) -> object:
        start, before = time.perf_counter(), sum(less)
        try:
            return real(*args, **kwargs)
        finally:
            into.append(time.perf_counter() - start - (sum(less) - before))

    setattr(owner, name, timed)


def resume_child(hands: int, root: Path) -> dict[str, object]:
    """A fresh process resuming a game of ``hands`` hands with ``root``'s code (first on its
    path: before the checkout installed in the interpreter's environment)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(root)}
    command = [sys.executable, __file__, "--child", str(hands)]
    done = subprocess.run(
        command, env=env, capture_output=True, text=True, timeout=CHILD_TIMEOUT, check=False
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode or not lines:
        raise RuntimeError(f"{root}: {done.stderr[-2000:]}")
    result: dict[str, object] = json.loads(lines[-1])
    assert result["code"] == str(root), f"{root} resumed {result['code']}'s code"
    return result


def compare_resumes(lengths: list[int], roots: list[Path], runs: int) -> None:
    """The medians of ``runs`` resumes per length and checkout, the checkouts in turn."""
    print(
        f"\n{'hands':>6}  {'checkout':<12} {'read s':>7} {'prompt s':>9} "
        f"{'resume save ms':>15} {'worst save ms':>14}  build"
    )
    for hands in lengths:
        results: dict[Path, list[dict[str, object]]] = {root: [] for root in roots}
        for _ in range(runs):
            for root in roots:
                results[root].append(resume_child(hands, root))
        for root, measured in results.items():

            def median(key: str, measured: list[dict[str, object]] = measured) -> float:
                return statistics.median(float(m[key]) for m in measured)  # type: ignore[arg-type]

            name = "this" if root == ROOT else root.name
            print(
                f"{hands:6d}  {name:<12} {median('read'):7.2f} {median('prompt'):9.2f} "
                f"{median('resume_save'):15.1f} {median('worst_save'):14.1f}  "
                f"{measured[0]['build']}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", default="1000,4000,9999", help="game lengths, commas")
    parser.add_argument("--resume", action="store_true", help="resume each in the window")
    parser.add_argument("--runs", type=int, default=3, help="resumes per length and checkout")
    parser.add_argument("--against", type=Path, help="another checkout, resumed in turn")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)  # its code: PYTHONPATH
    args = parser.parse_args()
    if args.child is not None:
        print(json.dumps(resume_in_window(args.child)))
        return
    lengths = [int(n) for n in args.hands.split(",")]
    print(
        f"{'hands':>6} {'check ms/hand':>14} {'view µs/move':>13} "
        f"{'table µs/move':>14} {'ratio':>6}"
    )
    first = None
    for hands in lengths:
        check, view, table = measure(hands)
        first = first or check
        print(
            f"{hands:6d} {check * 1e3:14.3f} {view * 1e6:13.1f} {table * 1e6:14.1f} "
            f"{check / first:6.2f}"
        )
    if args.resume or args.against:
        roots = [ROOT] + ([args.against.resolve()] if args.against else [])
        compare_resumes(lengths, roots, args.runs)


if __name__ == "__main__":
    main()
