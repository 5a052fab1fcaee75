"""Computer players (pure Python, no Qt): they receive only a PlayerView."""

from __future__ import annotations

from collections.abc import Callable

from .base import LEVELS, Decision, Player

_FACTORIES: dict[str, Callable[[int], Player]] = {}


def register(level: str, factory: Callable[[int], Player]) -> None:
    """Make ``level`` available to make_player (each level module registers itself)."""
    _FACTORIES[level] = factory


def available_levels() -> list[str]:
    """The levels that exist, weakest first."""
    _load_levels()
    return [level for level in LEVELS if level in _FACTORIES]


def make_player(level: str, seed: int = 0) -> Player:
    """A computer player of ``level`` whose choices are fixed by ``seed``."""
    _load_levels()
    try:
        factory = _FACTORIES[level]
    except KeyError:
        raise ValueError(f"unknown computer level {level!r}") from None
    return factory(seed)


def _load_levels() -> None:
    import importlib

    for level in LEVELS:
        if level not in _FACTORIES:
            try:
                importlib.import_module(f"{__name__}.{level}")
            except ModuleNotFoundError as error:
                if error.name != f"{__name__}.{level}":
                    raise


__all__ = ["LEVELS", "Decision", "Player", "available_levels", "make_player", "register"]
