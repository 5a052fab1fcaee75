"""What a new game is made of: the rules, who sits where, the seed, and the pace of play."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from ..engine import RuleSet
from ..engine.deals import NumberedDeal
from ..engine.errors import Reason
from ..table.pace import Pace

__all__ = [
    "ELSEWHERE",
    "NO_NAMES",
    "GameSetup",
    "Pace",
    "Refusal",
    "SeatSetup",
    "default_level",
    "names_at_table",
    "usable_level",
]

#: The names a screen shows before the first game (its table is drawn with four empty seats).
NO_NAMES: Final = ("", "", "", "")

#: The "level" of a person playing from another device at a hosted table (not this window's).
ELSEWHERE: Final = "elsewhere"


def default_level(levels: list[str]) -> str | None:
    """Normal, or the strongest available level below it."""
    for level in ("normal", "easy"):
        if level in levels:
            return level
    return levels[0] if levels else None


def usable_level(level: str, levels: list[str]) -> str:
    """``level`` if this build has it, else the default level (a file from another version)."""
    if level in levels or not levels:
        return level
    return default_level(levels) or level


@dataclass(frozen=True)
class SeatSetup:
    """Who sits at a seat: a name, and a computer level (None for a human)."""

    name: str
    level: str | None = None
    #: A computer player's seed; None derives it from the game's seed (a resumed game gives
    #: the saved one, so the player goes on choosing as it would have).
    seed: int | None = None

    @property
    def is_human(self) -> bool:
        """Whether the window answers for this seat."""
        return self.level is None


@dataclass(frozen=True)
class GameSetup:
    """Everything needed to start a game: one ``SeatSetup`` per seat of the rules' table."""

    rules: RuleSet
    seats: tuple[SeatSetup, ...]
    seed: int | None = None
    #: The first hand's cards from this deal number (New game from a deal number, Replay this
    #: deal); None: every hand from the seed.
    deal: NumberedDeal | None = None
    #: The first hand's dealer (None: from the seed).
    dealer: int | None = None

    def __post_init__(self) -> None:
        if len(self.seats) != self.rules.seats:
            seats, given = self.rules.seats, len(self.seats)
            raise ValueError(f"{self.rules.name} for {seats} seats given {given} players")

    def player_seed(self, seat: int, game_seed: int) -> int:
        """The seed of the computer player at ``seat``: its own, or one from the game's seed
        (the seed times the seats, plus the seat: ``storage.saves.default_seeds`` agrees)."""
        own = self.seats[seat].seed
        return game_seed * self.rules.seats + seat if own is None else own


@dataclass(frozen=True)
class Refusal:
    """Why the controller refused a human's pass or play; the window words it."""

    reason: Reason
    seat: int
    card: int | None = None
    #: The suit led in the trick in progress (0..3), when there is one.
    led_suit: int | None = None


def names_at_table(seats: tuple[SeatSetup, ...], extras: Mapping[str, Any]) -> list[str]:
    """Each seat's name at a networked table: an open seat's player's own once they have sat
    down (the host's ``names``), the name the host gave it until then."""
    told = extras.get("names")
    if not (isinstance(told, list) and len(told) == len(seats)):
        told = [None] * len(seats)
    connected, away = extras.get("connected") or [], extras.get("away") or []
    names = []
    for seat, spec in enumerate(seats):
        sat = (seat < len(connected) and connected[seat]) or (seat < len(away) and away[seat])
        own = told[seat]
        names.append(own if spec.level == ELSEWHERE and sat and isinstance(own, str) else spec.name)
    return names
