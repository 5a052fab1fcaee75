"""Statistics per player name, rule set and table size (``stats.json``), updated when a game
ends.

A Belmont game (six or eight seats) is a kind of game of its own: points per hand and wins are
not comparable across table sizes, so a player has one record for Belmont at six and another at
eight, beside their four-seat ones (docs/decisions.md). Version 2 of the file says each entry's
table size (``"seats"``); a file of four-seat games only is still written as version 1, byte
for byte as before, so an earlier Peppa goes on reading it.

An entry may also hold the coach's figures (``"coach"``), one per game in which the player had
hands reviewed: only reviewed hands have a loss, so a game without a review has none (not a
zero). The field is left out while empty, and an earlier Peppa ignores it: no new version,
which that Peppa would refuse, setting the whole file aside.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from ..engine import Match
from ..engine.record import DEFAULT_SEATS
from ..engine.rules import PRESET_SEATS, PRESETS
from . import jsonfields as jf
from .problems import FormatError

FORMAT: Final = "peppa-stats"
#: Version 2 gives each entry its table size; version 1 (and 0, before versions) knew only
#: four-seat games.
VERSION: Final = 2
#: The version a file of four-seat entries only is written as (an earlier Peppa reads it).
FOUR_SEAT_VERSION: Final = 1
#: How many games' points per hand each record keeps, for the chart.
HISTORY: Final = 100


@dataclass(frozen=True)
class CoachGame:
    """The coach's figures of one game: the hands of it reviewed and the points lost in them."""

    #: Which game of the record's it was (1 for its first; ``PlayerStats.games`` counts them).
    game: int
    hands: int
    lost: float

    @property
    def per_hand(self) -> float:
        """Points lost per reviewed hand."""
        return self.lost / self.hands


@dataclass(frozen=True)
class PlayerStats:
    """One player's record under one rule set at one table size. Fewer points is better."""

    name: str
    rules: str
    games: int = 0
    wins: int = 0
    hands: int = 0
    points: int = 0
    moons: int = 0
    #: The lowest and highest final total (team totals when playing in teams).
    best: int | None = None
    worst: int | None = None
    #: Points per hand in each game, oldest first (the last ``HISTORY`` games).
    history: tuple[float, ...] = ()
    #: Moves taken back and hints asked for, over all the games counted.
    undos: int = 0
    hints: int = 0
    #: The table: 4, or 6 and 8 for Belmont.
    seats: int = DEFAULT_SEATS
    #: The coach's figures of each game with hands reviewed, oldest first (the last
    #: ``HISTORY`` of them).
    coach: tuple[CoachGame, ...] = ()

    @property
    def points_per_hand(self) -> float | None:
        """Mean points per hand, None before the first hand."""
        return self.points / self.hands if self.hands else None

    @property
    def key(self) -> tuple[str, str, int]:
        """Who, under which rules, at how many seats."""
        return (self.name, self.rules, self.seats)


@dataclass(frozen=True)
class Statistics:
    """Every player's record, in the order they first played."""

    entries: tuple[PlayerStats, ...] = ()

    def get(self, name: str, rules: str, seats: int | None = None) -> PlayerStats | None:
        """The record of ``name`` under ``rules`` at ``seats`` (None: the rule set's first
        table size, four, or six for Belmont), if they have played."""
        key = (name, rules, first_size(rules) if seats is None else seats)
        return next((e for e in self.entries if e.key == key), None)

    def with_game(
        self,
        names: Sequence[str],
        match: Match,
        aids: Sequence[tuple[int, int]] | None = None,
        coach: Mapping[int, tuple[int, float]] | None = None,
    ) -> Statistics:
        """These statistics with a finished game added for every seat (and the undos and hints
        each used in it; none if not given; ``coach``: per seat with hands reviewed, how
        many and the points lost in them)."""
        if not match.is_over:
            return self
        entries = {e.key: e for e in self.entries}
        rules, seats = match.rules.name, match.rules.seats
        for seat, name in enumerate(names):
            old = entries.get((name, rules, seats), PlayerStats(name, rules, seats=seats))
            undos, hints = aids[seat] if aids is not None else (0, 0)
            added = _add_game(old, seat, match)
            entries[old.key] = replace(added, undos=old.undos + undos, hints=old.hints + hints)
            if coach is not None and seat in coach:
                entries[old.key] = _with_coach(entries[old.key], added.games, *coach[seat])
        return Statistics(tuple(entries.values()))

    def with_coach(
        self, key: tuple[str, str, int], game: int, hands: int, lost: float
    ) -> Statistics:
        """These statistics with the coach's figures of game number ``game`` of the record
        ``key`` set (a hand reviewed after the game was counted); unchanged without it."""
        if not any(e.key == key and e.games >= game for e in self.entries):
            return self
        entries = tuple(
            _with_coach(e, game, hands, lost) if e.key == key else e for e in self.entries
        )
        return Statistics(entries)


def _with_coach(entry: PlayerStats, game: int, hands: int, lost: float) -> PlayerStats:
    """``entry`` with game ``game``'s coach figures in place of any it had."""
    kept = [c for c in entry.coach if c.game != game]
    if hands > 0:
        kept.append(CoachGame(game, hands, round(lost, 2)))
    kept.sort(key=lambda c: c.game)
    return replace(entry, coach=tuple(kept[-HISTORY:]))


def _add_game(old: PlayerStats, seat: int, match: Match) -> PlayerStats:
    results = match.results()
    total = match.totals()[seat]
    own = sum(r.points[seat] for r in results)
    return replace(
        old,
        games=old.games + 1,
        wins=old.wins + (seat in match.winners()),
        hands=old.hands + len(results),
        points=old.points + own,
        moons=old.moons + sum(r.moon == seat for r in results),
        best=total if old.best is None else min(old.best, total),
        worst=total if old.worst is None else max(old.worst, total),
        history=(*old.history, round(own / len(results), 2) if results else 0.0)[-HISTORY:],
    )


def first_size(rules: str) -> int:
    """The table size an entry of ``rules`` is for when its file does not say (a file of
    version 1 knew only four-seat games)."""
    return PRESET_SEATS.get(rules, (DEFAULT_SEATS,))[0]


def statistics_to_json(stats: Statistics) -> str:
    """The statistics file's text: version 1 while every entry is of four seats."""
    four_only = all(e.seats == DEFAULT_SEATS for e in stats.entries)
    players = [_entry_fields(e, with_seats=not four_only) for e in stats.entries]
    version = FOUR_SEAT_VERSION if four_only else VERSION
    return jf.dumps({"format": FORMAT, "version": version, "players": players})


def _entry_fields(e: PlayerStats, *, with_seats: bool) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "name": e.name,
        "rules": e.rules,
        "games": e.games,
        "wins": e.wins,
        "hands": e.hands,
        "points": e.points,
        "moons": e.moons,
        "best": e.best,
        "worst": e.worst,
        "history": list(e.history),
        "undos": e.undos,
        "hints": e.hints,
    }
    if with_seats:
        fields["seats"] = e.seats
    if e.coach:
        fields["coach"] = [{"game": c.game, "hands": c.hands, "lost": c.lost} for c in e.coach]
    return fields


def statistics_from_json(text: str) -> Statistics:
    """Parse a statistics file; FormatError for anything else."""
    data, version = jf.document(jf.parse_json(text), FORMAT, VERSION)
    if version < FOUR_SEAT_VERSION:
        raise FormatError(f"statistics version {version} is unknown")
    entries = {}
    for item in jf.object_list(data, "players"):
        entry = _entry(item, knows_seats=version >= VERSION)
        entries[entry.key] = entry
    return Statistics(tuple(entries.values()))


def _entry(item: dict[str, Any], *, knows_seats: bool) -> PlayerStats:
    name = item.get("name")
    if not isinstance(name, str) or not name:
        raise FormatError("every statistics entry needs a player's name")
    points = item.get("points", 0)
    if not jf.is_int(points):  # may be below zero: moons and the −10 jack subtract
        raise FormatError('"points" must be a whole number')
    rules = jf.choice(item, "rules", "peppa", PRESETS)
    entry = PlayerStats(
        name=name,
        rules=rules,
        games=jf.count(item, "games"),
        wins=jf.count(item, "wins"),
        hands=jf.count(item, "hands"),
        points=points,
        moons=jf.count(item, "moons"),
        best=jf.optional_int(item, "best"),
        worst=jf.optional_int(item, "worst"),
        history=_history(item.get("history", [])),
        undos=jf.count(item, "undos"),  # absent before aids were counted: 0
        hints=jf.count(item, "hints"),
        # Version 1 knew four-seat games only: a "seats" there was never ours, and is ignored.
        seats=_seats(item, rules) if knows_seats else first_size(rules),
        coach=_coach(item.get("coach", [])),
    )
    coached = sum(c.hands for c in entry.coach)
    if entry.wins > entry.games or entry.moons > entry.hands or coached > entry.hands:
        raise FormatError(f"the statistics of {name} do not add up")
    if entry.coach and entry.coach[-1].game > entry.games:
        raise FormatError(f"the coach's figures of {name} name a game not played")
    return entry


def _seats(item: dict[str, Any], rules: str) -> int:
    """The entry's table size: one its rule set is played at (absent: the first)."""
    seats = item.get("seats", first_size(rules))
    if not jf.is_int(seats) or seats not in PRESET_SEATS.get(rules, ()):
        raise FormatError(f'"seats" must be a table size {rules} is played at')
    return seats


#: No hand scores a player this many points or more (Belmont's moon is 86, a team's twice
#: Torino's 42 with every house card): a history that says so is not one.
MOST_HAND_POINTS = 1000


def _history(value: object) -> tuple[float, ...]:
    """Points per hand of each game (absent in files written before the chart: none)."""
    numbers = value if isinstance(value, list) else None
    if numbers is None or not all(
        isinstance(v, int | float) and not isinstance(v, bool) and abs(v) < MOST_HAND_POINTS
        for v in numbers
    ):
        raise FormatError('"history" must be a list of numbers')
    return tuple(float(v) for v in numbers[-HISTORY:])


def _coach(value: object) -> tuple[CoachGame, ...]:
    """The coach's figures per game (absent in files written before the coach: none)."""
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise FormatError('"coach" must be a list of objects')
    games = []
    for item in value:
        lost = item.get("lost")
        if not isinstance(lost, int | float) or isinstance(lost, bool):
            raise FormatError('a coach\'s "lost" must be a number')
        if not 0 <= lost < MOST_HAND_POINTS * jf.count(item, "hands"):
            raise FormatError("a coach's \"lost\" must be some of its hands' points")
        game = CoachGame(jf.count(item, "game"), jf.count(item, "hands"), float(lost))
        if game.game < 1 or game.hands < 1:
            raise FormatError("a coach's figures need a game and a hand reviewed")
        games.append(game)
    if [g.game for g in games] != sorted({g.game for g in games}):
        raise FormatError("the coach's games must be in order, each once")
    return tuple(games[-HISTORY:])
