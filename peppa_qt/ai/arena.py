"""The arena: computer players against each other on seeded deals, seats rotated so luck cancels.

Every deal (or game) is played once per rotation of the players round the table: N times at
a table of N (4, or 6 and 8 in Belmont); in rotation ``r`` the ``i``-th listed player sits at
seat ``(i + r) % N``. The same seed gives the same deals in every rotation.

Deal (or game) ``index`` of a run with seed ``S`` is the engine's match of seed
``match_seed(S, index)``: a public scheme, so whoever knows the seed knows every seat's
cards. A program at an ``ext:`` seat could try the likely seeds against its own hand: an arena
with such seats deals from a secret seed of 128 bits unless one is given (``arena_seed``).
"""

from __future__ import annotations

import contextlib
import math
import os
import random
import secrets
import shlex
import shutil
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from functools import partial
from multiprocessing import get_context
from multiprocessing.util import Finalize
from pathlib import Path
from typing import Any

from ..engine.cards import Card
from ..engine.deals import deal_from_secret
from ..engine.errors import IllegalMove, Reason
from ..engine.hand import HandState, Phase
from ..engine.match import Match
from ..engine.record import record_of
from ..engine.rules import RuleSet
from ..engine.view import view_of
from ..jsontext import quoted
from . import make_player
from .arena_journal import append, journal_header, journal_seed, naming, read_journal
from .base import Player
from .protocol import BotError, ExternalBot, Request

#: External programs by listed player (started once per arena run and worker): one process
#: per ``ext:`` seat, even for two seats of the same command, which must not share one
#: program (partners' cards in one process, or two players' hands).
_BOTS: dict[tuple[int, str], ExternalBot] = {}
#: The listed players whose program timed out, misbehaved or died in this process: the
#: normal level plays them for the rest of the run, without asking them again.
_FAILED: set[tuple[int, str]] = set()
#: How long an external bot may think over one decision (seconds).
REPLY_TIMEOUT = 30.0
#: The seed of a run given none, without external programs: such runs repeat as they are.
DEFAULT_SEED = 0
#: The bits of the secret seed of a run with external programs given none.
SECRET_SEED_BITS = 128
#: The most characters of an ``ext:`` seat's command a report quotes.
COMMAND_SHOWN = 60


@dataclass
class PlayerStats:
    """What one listed player did over the arena run."""

    name: str
    points: list[int] = field(default_factory=list)
    wins: int = 0
    moons: int = 0
    times: list[float] = field(default_factory=list)
    #: Per deal (or game index): this player's points per hand minus the mean of the N − 1
    #: others', averaged over the N rotations. Every player meets the same cards in every
    #: seat, so the luck of the deal cancels within a deal: the paired reading of the run.
    margins: list[float] = field(default_factory=list)
    #: Why an external bot lost its seat in this game (the run reports it once).
    dropped: str = ""

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
    """Each listed player's margin over one deal played in its N rotations.

    In every rotation a player's points per hand are set against the mean of the N − 1
    others' in that game; the rotations put everyone in every seat, so the difference
    compares players holding the same cards. The N margins always add up to zero.
    """
    seats = len(rotations[0])
    margins = [0.0] * seats
    for game in rotations:
        total = sum(stats.per_hand for stats in game)
        for i, stats in enumerate(game):
            others = (total - stats.per_hand) / (seats - 1)
            margins[i] += (stats.per_hand - others) / len(rotations)
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

    def __init__(self, spec: str, seed: int, index: int) -> None:
        self.spec = spec
        self.seed = seed
        self.key = (index, spec)  # its place in the list of players: its own program
        self.player: Player | None = None
        self.bot: ExternalBot | None = None
        self.dropped = ""
        command = spec[4:] if spec.startswith("ext:") else None
        if command is None or self.key in _FAILED:
            self.player = make_player("normal" if command else spec, seed)
            return
        try:
            if self.key not in _BOTS:
                _BOTS[self.key] = ExternalBot(command, REPLY_TIMEOUT)
            self.bot = _BOTS[self.key]
        except BotError as error:
            self.replace_with_normal(str(error))

    def send(self, match: Match, seat: int, deadline: float) -> Request | None:
        """Ask an external bot for its decision at ``seat`` without waiting for it; None for
        an in-process player, or a bot that could not be asked (it lost its seat)."""
        if self.bot is None:
            return None
        try:
            return self.bot.send(seat, record_of(match).seen_from(seat), deadline)
        except BotError as error:
            self.replace_with_normal(str(error))
            return None

    def choose(
        self, match: Match, seat: int, sent: Request | None = None
    ) -> tuple[list[Card], float]:
        """The cards this player passes or plays at ``seat`` now, and the seconds it took
        (for an external bot already ``sent`` the request, its reply to it)."""
        if self.player is not None:
            start = time.perf_counter()
            cards = list(self.player.decide(view_of(match, seat)).cards)
            return cards, time.perf_counter() - start
        assert self.bot is not None
        if sent is None:
            sent = self.bot.send(seat, record_of(match).seen_from(seat))
        return self.bot.receive(sent)

    def replace_with_normal(self, why: str) -> None:
        """An external bot misbehaved: the normal level takes the seat for the rest of the run
        at once (the program is ended without waiting for it)."""
        self.dropped = (
            f"{shortened(self.spec, COMMAND_SHOWN)} {why}; the normal level takes its seat"
        )
        _FAILED.add(self.key)
        bot = _BOTS.pop(self.key, None)
        if bot is not None:
            bot.kill()
        self.bot = None
        self.player = make_player("normal", self.seed)


def shortened(text: str, most: int) -> str:
    """``text``, or its first ``most`` − 1 characters and "…" when it is longer than ``most``."""
    return text if len(text) <= most else text[: most - 1] + "…"


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
    *,
    sent: Request | None = None,
) -> list[Card]:
    """Ask (or, ``sent``, wait for), time and check one decision; an external bot's fault
    costs it the seat."""
    while True:
        try:
            cards, seconds = seat_player.choose(match, seat, sent)
        except BotError as error:
            seat_player.replace_with_normal(str(error))
            sent = None
            continue
        stats.times.append(seconds)
        try:
            check(cards)
            return cards
        except IllegalMove as error:
            if seat_player.bot is None:
                raise
            seat_player.replace_with_normal(f"made an illegal move ({error})")
            sent = None


def _passes(
    match: Match, players: list[Seat], by_seat: dict[int, int], stats: list[PlayerStats]
) -> dict[int, list[Card]]:
    """Every seat's pass. Passes are simultaneous: every external bot is asked first, all
    with one deadline, and the in-process players decide while the programs think, so
    silent programs cost one timeout together, not one each."""
    seats = range(match.rules.seats)
    deadline = time.monotonic() + REPLY_TIMEOUT
    sent = {seat: players[by_seat[seat]].send(match, seat, deadline) for seat in seats}
    choices = {}
    for seat in sorted(seats, key=lambda s: sent[s] is not None):  # the programs' last
        i = by_seat[seat]
        check = partial(_check_pass, match, seat)
        choices[seat] = _decide(players[i], match, seat, stats[i], check, sent=sent[seat])
    return choices


def match_seed(seed: int, index: int) -> int:
    """The engine's seed for deal or game ``index`` of an arena run of ``seed``."""
    return random.Random(f"arena:{seed}:{index}").getrandbits(53)


def dealt(rules: RuleSet, seed: int, index: int, hand: int, programs: bool) -> list[int] | None:
    """The cards of hand ``hand`` of deal or game ``index``: with outside ``programs`` at
    the table, drawn from the whole seed (each seat's cards say no more of the others' than
    the seed would); else None: the engine deals them from the game's deal numbers, a public
    scheme (a run's deals can be looked up and replayed by number)."""
    return deal_from_secret(rules, f"arena:{seed}:{index}:{hand}") if programs else None


def play_task(
    rules: RuleSet, specs: Sequence[str], seed: int, index: int, rotation: int
) -> list[PlayerStats]:
    """Play deal or game ``index`` with the players rotated by ``rotation``."""
    match = Match(rules, match_seed(seed, index), track_undo=False)
    programs = has_programs(specs)
    seats = range(rules.seats)
    seat_of = [(i + rotation) % rules.seats for i in seats]
    players = [Seat(spec, seed, i) for i, spec in enumerate(specs)]
    by_seat = {seat_of[i]: i for i in seats}
    stats = [PlayerStats(spec) for spec in specs]
    while not match.is_over:
        hand = match.start_hand(dealt(rules, seed, index, len(match.hands), programs))
        if hand.phase is Phase.PASSING:
            choices = _passes(match, players, by_seat, stats)
            for seat in seats:
                match.pass_cards(seat, choices[seat])
        while hand.to_move is not None:
            i = by_seat[hand.to_move]
            _decide(players[i], match, hand.to_move, stats[i], partial(_play, match, hand.to_move))
        _record_hand(hand, by_seat, stats)
    for seat in match.winners():
        stats[by_seat[seat]].wins += 1
    for player, figures in zip(players, stats, strict=True):
        figures.dropped = player.dropped
    return stats


def _record_hand(hand: HandState, by_seat: dict[int, int], stats: list[PlayerStats]) -> None:
    result = hand.result
    assert result is not None
    for seat in range(len(result.points)):
        stats[by_seat[seat]].points.append(result.points[seat])
    if result.moon is not None:
        stats[by_seat[result.moon]].moons += 1


def _task(args: tuple[RuleSet, tuple[str, ...], int, int, int]) -> list[PlayerStats]:
    return play_task(*args)


def run_arena(
    rules: RuleSet,
    specs: Sequence[str],
    count: int,
    seed: int | None = None,
    jobs: int = 1,
    *,
    progress: Callable[[list[PlayerStats], int], None] | None = None,
    journal: Path | None = None,
) -> list[PlayerStats]:
    """Play ``count`` deals or games (as ``rules`` end them) in every rotation.

    ``progress`` is called with the totals so far after each deal or game has been played in
    all its rotations (deals finish in order, so the interim figures stay balanced).
    With a ``journal`` file every finished game is appended to it, and a run started again
    with the same file skips the games already there: long runs survive an interruption.
    Without a ``seed``, the one ``arena_seed`` chooses (to know it, ask it first).
    """
    check_players(specs, rules.seats)
    if count < 0 or jobs < 1:
        raise ValueError("the arena needs a number of games and at least one job")
    seed = arena_seed(specs, seed, journal)
    rotations = rules.seats
    tasks = [(rules, tuple(specs), seed, i, r) for i in range(count) for r in range(rotations)]
    totals = [PlayerStats(spec) for spec in specs]
    done = 0
    deal: list[list[PlayerStats]] = []  # the rotations of the deal being played
    told: set[int] = set()  # the listed external bots already reported as replaced

    def add(result: list[PlayerStats]) -> None:
        nonlocal done
        done += 1
        for index, part in enumerate(result):
            if part.dropped and index not in told:
                told.add(index)
                print(f"arena: {part.dropped}", file=sys.stderr)
        for total, part in zip(totals, result, strict=True):
            total.merge(part)
        deal.append(result)
        if done % rotations == 0:  # results come in task order: a deal's rotations in a row
            for total, margin in zip(totals, deal_margins(deal), strict=True):
                total.margins.append(margin)
            deal.clear()
            if progress is not None:
                progress(totals, done // rotations)

    header = journal_header(repr(rules), specs, seed)
    rows = read_journal(journal, header) if journal is not None else None
    finished = None if rows is None else [[PlayerStats(**row) for row in game] for game in rows]
    for result in (finished or [])[: len(tasks)]:
        add(result)
    todo = tasks[len(finished or []) :]
    with contextlib.ExitStack() as stack:
        out = None
        if journal is not None:
            with naming(journal, "write"):
                out = stack.enter_context(journal.open("a", encoding="utf-8"))
            if finished is None:  # a new journal (a file with a header is never given another)
                append(out, journal, header)
        results: Iterator[list[PlayerStats]]
        jobs = min(jobs, len(todo), os.cpu_count() or 1)  # no more workers than work or cores
        pool = None
        if jobs > 1:
            pool = stack.enter_context(get_context("spawn").Pool(jobs, _start_worker))
            results = pool.imap(_task, todo, chunksize=max(1, min(4, len(todo) // (jobs * 8))))
        else:
            results = map(_task, todo)
        for result in results:
            if out is not None and journal is not None:
                append(out, journal, [_journal_row(stats) for stats in result])
            add(result)
        if pool is not None:  # the workers end as they should (leaving the pool would kill
            pool.close()  # them), each closing its external bots
            pool.join()
    return totals


def has_programs(specs: Sequence[str]) -> bool:
    """Whether an external program plays one of the listed players (an ``ext:`` seat)."""
    return any(spec.startswith("ext:") for spec in specs)


def arena_seed(specs: Sequence[str], given: int | None = None, journal: Path | None = None) -> int:
    """The seed a run deals from: the one ``given``; else the ``journal``'s, to resume its run;
    else, with an external program at the table, a secret one (a program that could guess
    the seed would work out every seat's cards from its own); else DEFAULT_SEED."""
    if given is not None:
        return given
    if journal is not None and (seed := journal_seed(journal)) is not None:
        return seed
    if has_programs(specs):
        return secrets.randbits(SECRET_SEED_BITS)
    return DEFAULT_SEED


def _start_worker() -> None:
    """In an arena worker: close this process's external bots when it ends."""
    Finalize(None, close_bots, exitpriority=10)


def check_players(specs: Sequence[str], seats: int = 4) -> None:
    """Refuse (ValueError) a list that is not ``seats`` computer levels or ``ext:COMMAND``
    seats."""
    if len(specs) != seats:
        raise ValueError(f"the arena needs {seats} players for these rules, not {len(specs)}")
    for spec in specs:
        if spec.startswith("ext:"):
            try:
                argv = shlex.split(spec[4:])
            except ValueError as error:
                raise ValueError(f"{quoted(spec)} is not a command ({error})") from None
            if not argv:
                raise ValueError("ext: needs a command, as in ext:./my-bot")
            if shutil.which(argv[0]) is None:
                raise ValueError(f"{quoted(spec)}: no program {quoted(argv[0])} to start")
        else:
            make_player(spec, 0)  # an unknown level is refused here, in one sentence


def _journal_row(stats: PlayerStats) -> dict[str, Any]:
    row = asdict(stats)
    del row["margins"]  # a deal's, not a game's: worked out again when the journal is read
    del row["dropped"]  # told when it happened
    return row


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
    """End the external programs of this process (all given their moment to end together)."""
    ExternalBot.close_all(_BOTS.values())
    _BOTS.clear()
    _FAILED.clear()
