#!/usr/bin/env python3
"""How long the computer players take to choose a card, quiet and with the other core busy.

    python benchmarks/players.py [--levels easy,normal,hard,expert]
                                 [--presets peppa,torino,hearts,belmont-6,belmont-8]
                                 [--positions N] [--seed S] [--loads quiet,loaded]
    python benchmarks/players.py --by-card N [--levels hard,expert] [--presets ...] [--loads quiet]
    python benchmarks/players.py --table LEVEL [--hands N] [--loads ...]

Decision time: the positions are the plays of whole hands (every card of real games, each
position seen by the seat to move, forced cards included), played by the normal level from a
fixed seed; every level decides the same positions, and each time is one ``decide()`` call.
*Loaded* runs a second process keeping a core busy (``python -c 'while True: pass'``).
The columns: p50 and p95 of the decision times (wall) and of the CPU seconds they took
(this process's and the expert's worker processes', from /proc: what the machine's other
load does not change), and for the search levels the deals searched per decision (mean) and
how many of their searches the time cap cut short (``cut``): a cut search decides by the
machine's speed, not by its seed and position.

``--by-card N`` takes N positions for each card of the hand (the seat's 1st card to its last),
of those where the seat has a choice (a forced card costs nothing: the last card never has
one), and prints each card's mean, p95 and longest time and its mean CPU seconds, then the
ratio of each card's mean to the mean of all the others: a card that stands out does so in
one run, whatever the machine's other load.

``--table`` plays all-computer hands through the real controller with the table's animation
times at normal speed (a stand-in presenter that answers ``animations_done`` once the card's
flight or the trick's hold and sweep would have ended) and measures what a player sees: the
*wait* from the end of the animation before a computer's card (the card before landed, or the
trick left the table) to that card being played. The wait is at least the thinking pause.
The row *thought* is the part of it spent waiting for the decision: from the same moment to
the end of the thinking (0 when the decision was ready by then).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from peppa_qt import native
from peppa_qt.ai import make_player
from peppa_qt.ai.base import LEVELS, Decision, Player
from peppa_qt.engine import Match, Phase, PlayerView, RuleSet, view_of
from peppa_qt.engine.cardset import size

PRESETS = ("peppa", "torino", "hearts")


def rules_of(table: str) -> RuleSet:
    """A preset's rules, or Belmont's at a size: ``belmont-6``, ``belmont-8``."""
    preset, _, seats = table.partition("-")
    return RuleSet.preset(preset, seats=int(seats) if seats else None)


#: Positions per level and rule set in the default run (about five minutes on two cores).
DEFAULT_POSITIONS = {"easy": 60, "normal": 60, "hard": 40, "expert": 20}


def positions(preset: str, count: int, seed: int) -> list[PlayerView]:
    """``count`` play positions drawn from hands played by the normal level (fixed by seed)."""
    rules = rules_of(preset)
    match = Match(rules, seed, track_undo=False)
    players = [make_player("normal", seed * rules.seats + seat) for seat in range(rules.seats)]
    views: list[PlayerView] = []
    while len(views) < 3 * count and not match.is_over:
        hand = match.start_hand()
        if hand.phase is Phase.PASSING:
            for seat in range(rules.seats):
                match.pass_cards(seat, players[seat].decide(view_of(match, seat)).cards)
        while hand.phase is Phase.PLAYING:
            seat = hand.to_move
            assert seat is not None
            view = view_of(match, seat)
            views.append(view)
            match.play(players[seat].decide(view).cards[0])
    return random.Random(seed).sample(views, min(count, len(views)))


def positions_by_card(preset: str, per_card: int, seed: int) -> dict[int, list[PlayerView]]:
    """``per_card`` positions with a choice for each card number of the hand (1 = the seat's
    first card), from hands played by the normal level (fixed by seed)."""
    rules = rules_of(preset)
    match = Match(rules, seed, track_undo=False)
    players = [make_player("normal", seed * rules.seats + seat) for seat in range(rules.seats)]
    found: dict[int, list[PlayerView]] = {}
    while not match.is_over and min(map(len, found.values()), default=0) < 4 * per_card:
        hand = match.start_hand()
        if hand.phase is Phase.PASSING:
            for seat in range(rules.seats):
                match.pass_cards(seat, players[seat].decide(view_of(match, seat)).cards)
        while hand.phase is Phase.PLAYING:
            mover = hand.to_move
            assert mover is not None
            view = view_of(match, mover)
            if view.legal.bit_count() > 1:
                card = rules.hand_size - size(view.hand) + 1
                found.setdefault(card, []).append(view)
            match.play(players[mover].decide(view).cards[0])
    rng = random.Random(seed)
    return {
        card: rng.sample(views, min(per_card, len(views))) for card, views in sorted(found.items())
    }


@contextlib.contextmanager
def load(kind: str) -> Iterator[None]:
    """Nothing for ``quiet``; a process spinning on one core for ``loaded``."""
    if kind == "quiet":
        yield
        return
    spinner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        time.sleep(0.5)  # let it reach full speed
        yield
    finally:
        spinner.kill()
        spinner.wait()


class Probe:
    """Counts what the searches did: deals searched, and searches the time cap cut short.

    It wraps the two places where a search level stops (hard's ``evaluate_plays``, the
    expert's ``_collect``) for the benchmark's run; the players' code is not changed.
    """

    def __init__(self) -> None:
        self.deals: list[int] = []
        self.cut = 0
        #: CPU seconds per decision: this process's and the expert's worker processes'.
        self.cpu: list[float] = []

    @contextlib.contextmanager
    def watching(self) -> Iterator[None]:
        """Count while inside."""
        from peppa_qt.ai import expert as expert_module
        from peppa_qt.ai import hard as hard_module

        hard: Any = hard_module  # patched for the run, as a test's monkeypatch would
        expert: Any = expert_module
        plays, collect = hard.evaluate_plays, expert._collect

        def counted_plays(view: PlayerView, policy: Any, budget: Any, *rest: Any) -> Any:
            done = [0]
            cancelled = rest[1] if len(rest) > 1 else (lambda: False)

            def count() -> bool:  # asked once per deal searched
                done[0] += 1
                return bool(cancelled())

            found = plays(view, policy, budget, rest[0], count)
            self.deals.append(done[0])
            self.cut += done[0] < budget.worlds
            return found

        def counted_collect(futures: list[Any], *rest: Any) -> Any:
            found = collect(futures, *rest)
            self.deals.append(len(found) * expert.CHUNK)
            self.cut += len(found) < len(futures)
            return found

        hard.evaluate_plays, expert._collect = counted_plays, counted_collect
        try:
            yield
        finally:
            hard.evaluate_plays, expert._collect = plays, collect


def decision_times(
    level: str, views: list[PlayerView], seed: int, probe: Probe | None = None
) -> list[float]:
    """Seconds per decision of a ``level`` player for each view (CPU seconds into ``probe``)."""
    player = make_player(level, seed)
    player.decide(views[0])  # warm up: imports, an expert's worker processes
    times = []
    with probe.watching() if probe else contextlib.nullcontext():
        for view in views:
            cpu = _cpu_seconds()
            start = time.perf_counter()
            player.decide(view)
            times.append(time.perf_counter() - start)
            if probe:
                probe.cpu.append(_cpu_seconds() - cpu)
    return times


def _cpu_seconds() -> float:
    """CPU seconds used so far by this process and the expert's pool (Linux: /proc)."""
    from peppa_qt.ai import expert

    total = time.process_time()
    pool: Any = expert._SEARCH.pool
    for pid in getattr(pool, "_processes", None) or ():
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def percentile(values: list[float], share: int) -> float:
    """The ``share``th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, -(-len(ordered) * share // 100) - 1)]


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank)."""
    return percentile(values, 95)


def figures(values: list[float]) -> str:
    """Mean and p95 in ms."""
    return f"{statistics.fmean(values) * 1000:7.1f} {p95(values) * 1000:7.1f}"


def run_decisions(args: argparse.Namespace) -> None:
    """Print decision times per rule set and level, for each load."""
    loads = args.loads.split(",")
    head = "".join(
        f"  {kind + ' p50':>11} {'p95':>6} {'cpu50':>6} {'cpu95':>6} {'deals':>5} {'cut':>5}"
        for kind in loads
    )
    print(f"{native.describe()}; load average {os.getloadavg()[0]:.2f} at the start")
    print(f"{'rules':10} {'level':8} {'n':>4}{head}   (ms per decision)")
    for preset in args.presets.split(","):
        for level in args.levels.split(","):
            count = args.positions or DEFAULT_POSITIONS.get(level, 20)
            views = positions(preset, count, args.seed)
            cells = []
            for kind in loads:
                probe = Probe()
                with load(kind):
                    times = decision_times(level, views, args.seed, probe)
                deals = f"{statistics.fmean(probe.deals):5.0f}" if probe.deals else f"{'-':>5}"
                cut = f"{probe.cut}/{len(probe.deals)}" if probe.deals else "-"
                cells.append(
                    f"{percentile(times, 50) * 1000:6.0f} {p95(times) * 1000:6.0f} "
                    f"{percentile(probe.cpu, 50) * 1000:6.0f} {p95(probe.cpu) * 1000:6.0f} "
                    f"{deals} {cut:>5}"
                )
            print(f"{preset:10} {level:8} {len(views):4}" + "".join(f"  {c:>43}" for c in cells))
            sys.stdout.flush()
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


def run_by_card(args: argparse.Namespace) -> None:
    """Print each card number's decision times per rule set, level and load."""
    print(f"{native.describe()}; load average {os.getloadavg()[0]:.2f} at the start")
    for preset in args.presets.split(","):
        by_card = positions_by_card(preset, args.by_card, args.seed)
        views = [view for group in by_card.values() for view in group]
        for level in args.levels.split(","):
            for kind in args.loads.split(","):
                probe = Probe()
                with load(kind):
                    times = decision_times(level, views, args.seed, probe)
                print(f"\n{preset} {level} {kind}: ms per decision, by the seat's card number")
                print_by_card(
                    {card: len(group) for card, group in by_card.items()}, times, probe.cpu
                )
                sys.stdout.flush()
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


def print_by_card(counts: dict[int, int], times: list[float], cpu: list[float]) -> None:
    """One row per card number (``counts``: its decisions, in order): mean, p95, max, mean
    CPU, and the card's mean over the mean of every other decision of the run."""
    heads = ("mean", "p95", "max", "cpu", "/others")
    print(f"{'card':>4} {'n':>3}" + "".join(f" {head:>7}" for head in heads))
    start = 0
    for card, count in counts.items():
        mine = slice(start, start + count)
        start += count
        wall = times[mine]
        others = times[: mine.start] + times[mine.stop :]
        ratio = statistics.fmean(wall) / statistics.fmean(others)
        print(
            f"{card:4} {count:3} {figures(wall)} {max(wall) * 1000:7.1f} "
            f"{statistics.fmean(cpu[mine]) * 1000:7.1f} {ratio:7.2f}"
        )


def table_waits(preset: str, level: str, hands: int, seed: int) -> dict[str, list[float]]:
    """Seconds waited before each computer card: after a card (``card``), after a trick
    (``lead``), after the deal or the passing (``first``)."""
    from PySide6.QtCore import QCoreApplication, QTimer

    from peppa_qt.controller import GameController
    from peppa_qt.controller.setup import GameSetup, Pace, SeatSetup
    from peppa_qt.gui.table.motion import TRICK_SWEEP
    from peppa_qt.gui.table.scene import DEAL_FLIGHT, DEAL_STAGGER, PASS_FLIGHT, PLAY_FLIGHT
    from peppa_qt.gui.window.main_window import SPEEDS

    app = QCoreApplication.instance() or QCoreApplication([])
    make_player(level, seed).decide(positions(preset, 1, seed)[0])  # warm up
    _, pause, hold = SPEEDS["normal"]
    #: When each play decision was made (in the worker thread), by (hand, cards played before).
    ready: dict[tuple[int, int], float] = {}

    def timed(level: str, seed: int) -> Player:
        player = make_player(level, seed)
        decide = player.decide

        def decide_timed(view: PlayerView) -> Decision:
            decision = decide(view)
            if view.to_move is not None:
                ready[view.hand_index, len(view.plays)] = time.perf_counter()
            return decision

        player.decide = decide_timed  # type: ignore[method-assign]
        return player

    controller = GameController(Pace(ai_pause_ms=pause, auto_next_hand=True), timed)
    waits: dict[str, list[float]] = {"first": [], "card": [], "lead": [], "thought": []}
    state = {"done": 0.0, "after": "first", "hands": 0}

    def animate(ms: int, after: str) -> None:
        def done() -> None:
            state["done"], state["after"] = time.perf_counter(), after
            controller.animations_done()

        QTimer.singleShot(ms, done)

    def played(_seat: int, _card: int) -> None:
        waits[str(state["after"])].append(time.perf_counter() - float(state["done"]))
        # How long the table waited for the thinking itself, from the turn's start:
        assert controller.match is not None and controller.hand is not None
        where = (len(controller.match.hands) - 1, len(controller.hand.plays) - 1)
        waits["thought"].append(max(0.0, ready[where] - float(state["done"])))
        animate(PLAY_FLIGHT, "card")

    def scored(_index: int, _result: object) -> None:
        state["hands"] = int(state["hands"]) + 1
        if int(state["hands"]) >= hands:
            app.quit()
        else:
            animate(0, "first")

    controller.hand_dealt.connect(lambda _i: animate(DEAL_FLIGHT + 51 * DEAL_STAGGER, "first"))
    controller.cards_passed.connect(lambda _i: animate(PASS_FLIGHT, "first"))
    controller.card_played.connect(played)
    controller.trick_taken.connect(lambda _w, _c: animate(hold + TRICK_SWEEP, "lead"))
    controller.hand_scored.connect(scored)
    controller.game_over.connect(lambda _r: app.quit())
    seats = tuple(SeatSetup(f"{level} {seat}", level) for seat in range(4))
    controller.start(GameSetup(RuleSet.preset(preset), seats, seed))  # type: ignore[arg-type]
    app.exec()
    controller.shutdown()
    return waits


def run_table(args: argparse.Namespace) -> None:
    """Print the waits before computer cards at the table, for each load."""
    loads = args.loads.split(",")
    print(f"{'rules':8} {'level':8} {'kind':14} {'n':>4}  {'mean':>7} {'p95':>7}  (ms waited)")
    for preset in args.presets.split(","):
        for kind in loads:
            with load(kind):
                waits = table_waits(preset, args.table, args.hands, args.seed)
            waits["all"] = waits["first"] + waits["card"] + waits["lead"]
            for what, values in waits.items():
                if values:
                    print(
                        f"{preset:8} {args.table:8} {kind + '/' + what:14} {len(values):4}  "
                        f"{figures(values)}"
                    )
            sys.stdout.flush()


def main() -> None:
    """Parse the flags, run, and print the figures and the command that reruns them."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--positions", type=int, default=0, help="per level and rule set")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--loads", default="quiet,loaded", help="quiet, loaded or both")
    parser.add_argument("--by-card", type=int, default=0, metavar="N", help="N positions a card")
    parser.add_argument("--table", metavar="LEVEL", help="waits at the table instead")
    parser.add_argument("--hands", type=int, default=1, help="hands per rule set (--table)")
    args = parser.parse_args()
    start = time.perf_counter()
    if args.table:
        run_table(args)
    elif args.by_card:
        run_by_card(args)
    else:
        run_decisions(args)
    print(
        f"({time.perf_counter() - start:.0f} s) rerun: python benchmarks/players.py "
        + " ".join(sys.argv[1:])
    )


if __name__ == "__main__":
    main()
