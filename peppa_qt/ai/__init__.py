"""Computer players (pure Python, no Qt): they receive only a PlayerView."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable

from .base import LEVELS, Decision, Player

_FACTORIES: dict[str, Callable[[int], Player]] = {}


def register(level: str, factory: Callable[[int], Player]) -> None:
    """Make ``level`` available to make_player (each level module registers itself)."""
    _FACTORIES[level] = factory


def available_levels() -> list[str]:
    """The levels that exist, weakest first (found, not imported: the window asks at start)."""
    return [level for level in LEVELS if level in _FACTORIES or _level_module_exists(level)]


def make_player(level: str, seed: int = 0) -> Player:
    """A computer player of ``level`` whose choices are fixed by ``seed``."""
    if level in LEVELS:
        _load_level(level)
    try:
        factory = _FACTORIES[level]
    except KeyError:
        raise ValueError(f"unknown computer level {level!r}") from None
    return factory(seed)


def _level_module_exists(level: str) -> bool:
    return importlib.util.find_spec(f"{__name__}.{level}") is not None


def _load_level(level: str) -> None:
    """Import the module of ``level`` (it registers itself), if this build has one."""
    if level not in _FACTORIES:
        try:
            importlib.import_module(f"{__name__}.{level}")
        except ModuleNotFoundError as error:
            if error.name != f"{__name__}.{level}":
                raise


__all__ = ["LEVELS", "Decision", "Player", "available_levels", "make_player", "register"]
