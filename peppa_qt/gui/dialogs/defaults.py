"""The game the window offers first: Peppa to 100, one human against three computers."""

from __future__ import annotations

from dataclasses import replace

from ...controller.setup import GameSetup, SeatSetup, default_level, usable_level
from ...engine import RecordError, RuleSet
from ...engine.rules import PRESET_SEATS
from ...storage import SeatDefault, Settings
from ..texts import DEFAULT_HUMAN

DEFAULT_OPPONENTS = ("Bruno", "Carla", "Dario")
#: The computer players' names at the seats a table of six or eight adds.
MORE_OPPONENTS = ("Elena", "Fabio", "Gina", "Ugo")
#: The tables the window seats: four (every rule set), six and eight (Belmont).
TABLE_SIZES = tuple(sorted({size for sizes in PRESET_SEATS.values() for size in sizes}))


def default_setup(levels: list[str], *, demo: bool = False) -> GameSetup:
    """Peppa to 100 points, one human against three computer players."""
    level = default_level(levels) or "normal"
    first = SeatSetup("Ada", level) if demo else SeatSetup(DEFAULT_HUMAN)
    others = tuple(SeatSetup(name, level) for name in DEFAULT_OPPONENTS)
    return GameSetup(RuleSet.preset("peppa"), (first, others[0], others[1], others[2]))


def setup_from_settings(settings: Settings, levels: list[str]) -> GameSetup:
    """The game the player chose to be offered first (the built-in one until they choose).

    Without players of the table's size, the built-in players sit there (and the computers
    the names a larger table adds)."""
    fallback = default_setup(levels)
    rules = _rules_of(settings, fallback.rules)
    if len(settings.players) != rules.seats:
        more = fallback.seats[1]
        extra = tuple(SeatSetup(name, more.level) for name in MORE_OPPONENTS)
        return replace(fallback, rules=rules, seats=(fallback.seats + extra)[: rules.seats])
    seats = tuple(
        SeatSetup(p.name, None if p.level is None else usable_level(p.level, levels))
        for p in settings.players
    )
    return GameSetup(rules, seats)


def settings_with_setup(settings: Settings, setup: GameSetup) -> Settings:
    """``settings`` remembering ``setup`` as the game to offer first."""
    players = tuple(SeatDefault(s.name, s.level) for s in setup.seats)
    rules = setup.rules
    options = rules.describe_options()
    return replace(
        settings, rule_set=rules.name, rule_options=options, players=players, seats=rules.seats
    )


def _rules_of(settings: Settings, fallback: RuleSet) -> RuleSet:
    try:
        return RuleSet.preset(settings.rule_set, settings.rule_options, seats=settings.seats)
    except RecordError:  # checked when the settings were read; kept safe all the same
        return fallback
