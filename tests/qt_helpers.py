"""Helpers shared by the Qt tests (imported by name: tests/ is put on sys.path by conftest)."""

from __future__ import annotations

from collections.abc import Callable

from peppa_qt.controller import GameSetup, SeatSetup
from peppa_qt.engine import RuleSet
from peppa_qt.gui.window.main_window import MainWindow

WindowMaker = Callable[..., MainWindow]


def short_game(preset: str = "hearts", hands: int = 2, *, human: bool = True) -> GameSetup:
    """A game that ends after ``hands`` hands."""
    rules = RuleSet.preset(preset, {"end": {"mode": "hands", "count": hands}})
    first = SeatSetup("Anna") if human else SeatSetup("Ezio", "x")
    bots = (SeatSetup("Bruno", "x"), SeatSetup("Carla", "x"), SeatSetup("Dario", "x"))
    return GameSetup(rules, (first, *bots), seed=5)
