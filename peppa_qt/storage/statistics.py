"""Statistics per player name and rule set (``stats.json``), updated when a game ends."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from ..engine import Match
from ..engine.rules import PRESETS
from . import jsonfields as jf
from .problems import FormatError

FORMAT: Final = "peppa-stats"
VERSION: Final = 1
#: How many games' points per hand each record keeps, for the chart.
HISTORY: Final = 100


@dataclass(frozen=True)
class PlayerStats:
    """One player's record under one rule set. Fewer points is better, as in the game."""

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

    @property
    def points_per_hand(self) -> float | None:
        """Mean points per hand, None before the first hand."""
        return self.points / self.hands if self.hands else None

    @property
    def key(self) -> tuple[str, str]:
        """Who and under which rules."""
        return (self.name, self.rules)


@dataclass(frozen=True)
class Statistics:
    """Every player's record, in the order they first played."""

    entries: tuple[PlayerStats, ...] = ()

    def get(self, name: str, rules: str) -> PlayerStats | None:
        """The record of ``name`` under ``rules``, if they have played."""
        return next((e for e in self.entries if e.key == (name, rules)), None)

    def with_game(
        self,
        names: Sequence[str],
        match: Match,
        aids: Sequence[tuple[int, int]] = ((0, 0),) * 4,
    ) -> Statistics:
        """These statistics with a finished game added for all four seats (and the undos and
        hints each used in it)."""
        if not match.is_over:
            return self
        entries = {e.key: e for e in self.entries}
        for seat, name in enumerate(names):
            old = entries.get((name, match.rules.name), PlayerStats(name, match.rules.name))
            undos, hints = aids[seat]
            added = _add_game(old, seat, match)
            entries[old.key] = replace(added, undos=old.undos + undos, hints=old.hints + hints)
        return Statistics(tuple(entries.values()))


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


def statistics_to_json(stats: Statistics) -> str:
    """The statistics file's text."""
    players = [
        {
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
        for e in stats.entries
    ]
    return jf.dumps({"format": FORMAT, "version": VERSION, "players": players})


def statistics_from_json(text: str) -> Statistics:
    """Parse a statistics file; FormatError for anything else."""
    data, version = jf.document(jf.parse_json(text), FORMAT, VERSION)
    if version != VERSION:
        raise FormatError(f"statistics version {version} is unknown")
    entries = {}
    for item in jf.object_list(data, "players"):
        entry = _entry(item)
        entries[entry.key] = entry
    return Statistics(tuple(entries.values()))


def _entry(item: dict[str, Any]) -> PlayerStats:
    name = item.get("name")
    if not isinstance(name, str) or not name:
        raise FormatError("every statistics entry needs a player's name")
    points = item.get("points", 0)
    if not jf.is_int(points):  # may be below zero: moons and the −10 jack subtract
        raise FormatError('"points" must be a whole number')
    entry = PlayerStats(
        name=name,
        rules=jf.choice(item, "rules", "peppa", PRESETS),
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
    )
    if entry.wins > entry.games or entry.moons > entry.hands:
        raise FormatError(f"the statistics of {name} do not add up")
    return entry


def _history(value: object) -> tuple[float, ...]:
    """Points per hand of each game (absent in files written before the chart: none)."""
    numbers = value if isinstance(value, list) else None
    if numbers is None or not all(
        isinstance(v, int | float) and not isinstance(v, bool) and abs(v) < 1000 for v in numbers
    ):
        raise FormatError('"history" must be a list of numbers')
    return tuple(float(v) for v in numbers[-HISTORY:])
