"""The game the window offers first: Peppa to 100, one human against three computers."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ..controller import GameSetup, SeatSetup
from ..engine import RuleSet

DEFAULT_OPPONENTS = ("Bruno", "Carla", "Dario")


def default_level(levels: list[str]) -> str | None:
    """Normal, or the strongest available level below it."""
    for level in ("normal", "easy"):
        if level in levels:
            return level
    return levels[0] if levels else None


def default_setup(levels: list[str], *, demo: bool = False) -> GameSetup:
    """Peppa to 100 points, one human against three computer players."""
    level = default_level(levels) or "normal"
    you = QCoreApplication.translate("NewGameDialog", "You")
    first = SeatSetup("Ada", level) if demo else SeatSetup(you)
    others = tuple(SeatSetup(name, level) for name in DEFAULT_OPPONENTS)
    return GameSetup(RuleSet.preset("peppa"), (first, others[0], others[1], others[2]))
