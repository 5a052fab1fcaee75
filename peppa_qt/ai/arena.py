"""The arena: computer players against each other on seeded deals, seats rotated so luck cancels.

Every deal (or game) is played four times; in rotation ``r`` the ``i``-th listed player sits
at seat ``(i + r) % 4``. The same seed gives the same deals in every rotation.
"""

from __future__ import annotations

import contextlib
import json
import math
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from functools import partial
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from ..engine.cards import Card
from ..engine.errors import IllegalMove, Reason
from ..engine.hand import HandState, Phase
from ..engine.match import Match
from ..engine.record import record_of
from ..engine.rules import RuleSet
from ..engine.view import view_of
from . import make_player
from .base import Player
from .protocol import BotError, ExternalBot

#: External programs, one per command and process (started once per arena run and worker).
_BOTS: dict[str, ExternalBot] = {}


@dataclass
class PlayerStats:
    """What one listed player did over the arena run."""

    name: str
    points: list[int] = field(default_factory=list)
    wins: int = 0
    moons: int = 0
    times: list[float] = field(default_factory=list)
    #: Per deal (or game index): this player's points per hand minus the mean of the other
    #: three's, averaged over the four rotations. Every player meets the same cards in every
    #: seat, so the luck of the deal cancels within a deal: the paired reading of the run.
    margins: list[float] = field(default_factory=list)

    def merge(self, other: PlayerStats) -> None:
        """Add another run's figures."""
        self.points += other.points
        self.wins += other.wins
        self.moons += other.moons
        self.times += other.times
        self.margins += other.margins

    @property
    def per_hand(self) -> float:
        """Mean points per hand (0 before any hand)."""
        return sum(self.points) / len(self.points) if self.points else 0.0

    def summary(self) -> dict[str, Any]:
        """The figures DESIGN.md's ``--json`` prints for this player."""
        mean, low, high = mean_ci95(self.points)
        times = sorted(self.times)
        margin, margin_low, margin_high = mean_ci95(self.margins)
        return {
            "player": self.name,
            "points_per_hand": round(mean, 3),
            "ci95": [round(low, 3), round(high, 3)],
            "wins": self.wins,
            "moons": self.moons,
            "decision_ms_mean": round(1000 * sum(times) / len(times), 3) if times else 0.0,
            "decision_ms_p95": round(1000 * percentile(times, 0.95), 3) if times else 0.0,
            "vs_others": round(margin, 3),
            "vs_others_ci95": [round(margin_low, 3), round(margin_high, 3)],
        }


def deal_margins(rotations: Sequence[Sequence[PlayerStats]]) -> list[float]:
    """Each listed player's margin over one deal played in its four rotations.

    In every rotation a player's points per hand are set against the mean of the other
    three's in that game; the four rotations put everyone in every seat, so the difference
    compares players holding the same cards. The four margins always add up to zero.
    """
    margins = [0.0] * 4
    for game in rotations:
        total = sum(stats.per_hand for stats in game)
        for i, stats in enumerate(game):
            margins[i] += (stats.per_hand - (total - stats.per_hand) / 3) / len(rotations)
    return margins


def mean_ci95(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its 95% confidence interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(variance / n)
    return mean, mean - half, mean + half


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of already sorted values (nearest rank)."""
    index = min(len(sorted_values) - 1, max(0, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[index]


class Seat:
    """One listed player in one game: an in-process Player or an external program."""

    def __init__(self, spec: str, seed: int) -> None:
        self.spec = spec
        self.seed = seed
        self.player: Player | None = None
        self.bot: ExternalBot | None = None
        if spec.startswith("ext:"):
            command = spec[4:]
            if command not in _BOTS:
                _BOTS[command] = ExternalBot(command)
            self.bot = _BOTS[command]
        else:
            self.player = make_player(spec, seed)

    def choose(self, match: Match, seat: int) -> list[Card]:
        """The cards this player passes or plays at ``seat`` now."""
        if self.player is not None:
            return list(self.player.decide(view_of(match, seat)).cards)
        assert self.bot is not None
        return self.bot.ask(seat, record_of(match).seen_from(seat))

    def replace_with_normal(self, why: str) -> None:
        """An external bot misbehaved: report it and let the normal level take the seat."""
        print(f"arena: {self.spec} {why}; the normal level takes its seat", file=sys.stderr)
        self.bot = None
        self.player = make_player("normal", self.seed)


def _play(match: Match, seat: int, cards: list[Card]) -> None:
    if len(cards) != 1:
        raise IllegalMove(Reason.CARD_NOT_HELD, "a play is exactly one card", seat=seat)
    match.play(cards[0])


def _check_pass(match: Match, seat: int, cards: list[Card]) -> None:
    """Passes are simultaneous: each is checked when chosen, and all applied at the end."""
    refusal = match.why_illegal_pass(seat, cards)
    if refusal is not None:
        raise refusal


def _decide(
    seat_player: Seat,
    match: Match,
    seat: int,
    stats: PlayerStats,
    check: Callable[[list[Card]], None],
) -> list[Card]:
    """Ask, time and check one decision; an external bot's fault costs it the seat."""
    while True:
        start = time.perf_counter()
        try:
            cards = seat_player.choose(match, seat)
        except BotError as error:
            seat_player.replace_with_normal(str(error))
            continue
        stats.times.append(time.perf_counter() - start)
        try:
            check(cards)
            return cards
        except IllegalMove as error:
            if seat_player.bot is None:
                raise
            seat_player.replace_with_normal(f"made an illegal move ({error})")


def play_task(
    rules: RuleSet, specs: Sequence[str], seed: int, index: int, rotation: int
) -> list[PlayerStats]:
    """Play deal or game ``index`` with the players rotated by ``rotation``."""
    match_seed = random.Random(f"arena:{seed}:{index}").getrandbits(53)
    match = Match(rules, match_seed, track_undo=False)
    seat_of = [(i + rotation) % 4 for i in range(4)]
    players = [Seat(spec, seed) for spec in specs]
    by_seat = {seat_of[i]: i for i in range(4)}
    stats = [PlayerStats(spec) for spec in specs]
    while not match.is_over:
        hand = match.start_hand()
        if hand.phase is Phase.PASSING:
            choices = {}
            for seat in range(4):
                i = by_seat[seat]
                check = partial(_check_pass, match, seat)
                choices[seat] = _decide(players[i], match, seat, stats[i], check)
            for seat in range(4):
                match.pass_cards(seat, choices[seat])
        while hand.to_move is not None:
            i = by_seat[hand.to_move]
            _decide(players[i], match, hand.to_move, stats[i], partial(_play, match, hand.to_move))
        _record_hand(hand, by_seat, stats)
    for seat in match.winners():
        stats[by_seat[seat]].wins += 1
    return stats


def _record_hand(hand: HandState, by_seat: dict[int, int], stats: list[PlayerStats]) -> None:
    result = hand.result
    assert result is not None
    for seat in range(4):
        stats[by_seat[seat]].points.append(result.points[seat])
    if result.moon is not None:
        stats[by_seat[result.moon]].moons += 1


def _task(args: tuple[RuleSet, tuple[str, ...], int, int, int]) -> list[PlayerStats]:
    return play_task(*args)


def run_arena(
    rules: RuleSet,
    specs: Sequence[str],
    count: int,
    seed: int = 0,
    jobs: int = 1,
    *,
    progress: Callable[[list[PlayerStats], int], None] | None = None,
    journal: Path | None = None,
) -> list[PlayerStats]:
    """Play ``count`` deals or games (as ``rules`` end them) in every rotation.

    ``progress`` is called with the totals so far after each deal or game has been played in
    all four rotations (deals finish in order, so the interim figures stay balanced).
    With a ``journal`` file every finished game is appended to it, and a run started again
    with the same file skips the games already there: long runs survive an interruption.
    """
    if len(specs) != 4:
        raise ValueError("the arena needs four players")
    tasks = [(rules, tuple(specs), seed, i, r) for i in range(count) for r in range(4)]
    totals = [PlayerStats(spec) for spec in specs]
    done = 0
    deal: list[list[PlayerStats]] = []  # the rotations of the deal being played

    def add(result: list[PlayerStats]) -> None:
        nonlocal done
        done += 1
        for total, part in zip(totals, result, strict=True):
            total.merge(part)
        deal.append(result)
        if done % 4 == 0:  # results come in task order: a deal's four rotations in a row
            for total, margin in zip(totals, deal_margins(deal), strict=True):
                total.margins.append(margin)
            deal.clear()
            if progress is not None:
                progress(totals, done // 4)

    header = {"journal": 1, "rules": repr(rules), "players": list(specs), "seed": seed}
    finished = _read_journal(journal, header) if journal is not None else None
    for result in (finished or [])[: len(tasks)]:
        add(result)
    todo = tasks[len(finished or []) :]
    with contextlib.ExitStack() as stack:
        out = None
        if journal is not None:
            out = stack.enter_context(journal.open("a", encoding="utf-8"))
            if finished is None:  # a new journal (a file with a header is never given another)
                out.write(json.dumps(header) + "\n")
        results: Iterator[list[PlayerStats]]
        if jobs > 1 and todo:
            pool = stack.enter_context(get_context("spawn").Pool(jobs))
            results = pool.imap(_task, todo, chunksize=max(1, min(4, len(todo) // (jobs * 8))))
        else:
            results = map(_task, todo)
        for result in results:
            if out is not None:
                out.write(json.dumps([_journal_row(stats) for stats in result]) + "\n")
                out.flush()
            add(result)
    return totals


def _journal_row(stats: PlayerStats) -> dict[str, Any]:
    row = asdict(stats)
    del row["margins"]  # a deal's, not a game's: worked out again when the journal is read
    return row


def _read_journal(path: Path, header: dict[str, Any]) -> list[list[PlayerStats]] | None:
    """The games of an earlier run of the same arena, or None if ``path`` has no header yet.

    A line torn by an interruption, and all after it, is cut off the file (truncated at
    that line's first byte, so the lines before it are never rewritten), and the file is
    left ending in a newline for the next game.
    """
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    expected = json.dumps(header).encode()
    if not data.strip() or (b"\n" not in data and expected.startswith(data)):
        _cut(path, 0)  # empty, or the header itself was torn: nothing was played yet
        return None
    lines = data.split(b"\n")
    try:
        if json.loads(lines[0]) != header:
            raise ValueError(f"{path} is the journal of another arena run")
        results: list[list[PlayerStats]] = []
        offset = len(lines[0]) + 1
        for line in lines[1:]:
            if not line:
                offset += 1
                continue
            try:
                rows = json.loads(line)
                if not isinstance(rows, list):
                    raise TypeError("a game is a list of players")
                results.append([PlayerStats(**row) for row in rows])
            except (json.JSONDecodeError, UnicodeDecodeError):
                _cut(path, offset)
                return results
            offset += len(line) + 1
    except (json.JSONDecodeError, UnicodeDecodeError, TypeError, AttributeError) as error:
        raise ValueError(f"{path} is not an arena journal ({error})") from None
    if not data.endswith(b"\n"):
        with path.open("ab") as out:
            out.write(b"\n")
    return results


def _cut(path: Path, size: int) -> None:
    with path.open("r+b") as file:
        file.truncate(size)


def format_table(stats: Sequence[PlayerStats], games: int, hands: int) -> str:
    """The human-readable arena report."""
    lines = [
        f"{games} games, {hands} hands; every player sat in every hand",
        f"{'player':20} {'pts/hand':>8} {'95% CI':>16} {'vs others, same cards':>23} "
        f"{'wins':>5} {'moons':>5} {'ms mean':>8} {'ms p95':>8}",
    ]
    for s in stats:
        d = s.summary()
        low, high = d["ci95"]
        ci = f"[{low:.2f}, {high:.2f}]"
        m_low, m_high = d["vs_others_ci95"]
        margin = f"{d['vs_others']:+.2f} [{m_low:+.2f}, {m_high:+.2f}]"
        lines.append(
            f"{d['player'][:20]:20} {d['points_per_hand']:8.3f} {ci:>16} {margin:>23} "
            f"{d['wins']:5d} {d['moons']:5d} {d['decision_ms_mean']:8.2f} "
            f"{d['decision_ms_p95']:8.2f}"
        )
    return "\n".join(lines)


def close_bots() -> None:
    """End the external programs of this process."""
    for bot in _BOTS.values():
        bot.close()
    _BOTS.clear()
