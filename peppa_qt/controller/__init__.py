"""The game loop between the engine, the computer players and the window (no GUI imports)."""

from .game_controller import GameController, PlayerFactory
from .setup import GameSetup, Pace, Refusal, SeatSetup

__all__ = ["GameController", "GameSetup", "Pace", "PlayerFactory", "Refusal", "SeatSetup"]
