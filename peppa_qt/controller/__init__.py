"""The game below the window (no widgets): the game loop, and the session that owns it.

``GameController`` runs the game loop between the engine, the computer players and a screen;
``GameSession`` owns it with the autosave, statistics, saving and opening, undo and hints;
``Preferences`` holds the player's settings and says when they change.

The names below are imported when first used (PEP 562): the window's first frame needs only
``Preferences``, not the engine and the computer players the game loop imports.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

if TYPE_CHECKING:
    from .game_controller import GameController, PlayerFactory
    from .preferences import Preferences
    from .published import Published
    from .session import GameSession
    from .setup import GameSetup, Pace, Refusal, SeatSetup

_HOMES = {
    "GameController": "game_controller",
    "GameSession": "session",
    "GameSetup": "setup",
    "Pace": "setup",
    "PlayerFactory": "game_controller",
    "Preferences": "preferences",
    "Published": "published",
    "Refusal": "setup",
    "SeatSetup": "setup",
}

__all__ = [
    "GameController",
    "GameSession",
    "GameSetup",
    "Pace",
    "PlayerFactory",
    "Preferences",
    "Published",
    "Refusal",
    "SeatSetup",
]


__getattr__, __dir__ = lazy_names(__name__, _HOMES, globals())
