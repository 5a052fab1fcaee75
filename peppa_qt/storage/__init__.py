"""The player's files: settings, saved games, the autosave and statistics. Plain JSON, no Qt.

The names below are imported when first used (PEP 562): the window's first frame needs only
the paths and a peek at the settings (``appearance``), not the engine the parsers import.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

if TYPE_CHECKING:
    from .paths import Locations, RealHomeRefusedError, locations, set_base_dir
    from .problems import FileKind, FormatError, Problem, ProblemKind
    from .profile import OpenedGame, Profile
    from .saves import SavedGame, default_seeds
    from .settings import SeatDefault, Settings
    from .statistics import CoachGame, PlayerStats, Statistics

#: Each public name and the module that defines it.
_HOMES = {
    "CoachGame": "statistics",
    "FileKind": "problems",
    "FormatError": "problems",
    "Locations": "paths",
    "OpenedGame": "profile",
    "PlayerStats": "statistics",
    "Problem": "problems",
    "ProblemKind": "problems",
    "Profile": "profile",
    "RealHomeRefusedError": "paths",
    "SavedGame": "saves",
    "SeatDefault": "settings",
    "Settings": "settings",
    "Statistics": "statistics",
    "default_seeds": "saves",
    "locations": "paths",
    "set_base_dir": "paths",
}

__all__ = [
    "CoachGame",
    "FileKind",
    "FormatError",
    "Locations",
    "OpenedGame",
    "PlayerStats",
    "Problem",
    "ProblemKind",
    "Profile",
    "RealHomeRefusedError",
    "SavedGame",
    "SeatDefault",
    "Settings",
    "Statistics",
    "default_seeds",
    "locations",
    "set_base_dir",
]


__getattr__, __dir__ = lazy_names(__name__, _HOMES, globals())
