"""Computer players (pure Python, no Qt): they receive only a PlayerView."""

from .base import LEVELS, Decision, Player

__all__ = ["LEVELS", "Decision", "Player"]
