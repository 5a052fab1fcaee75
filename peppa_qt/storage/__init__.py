"""The player's files: settings, saved games, the autosave and statistics. Plain JSON, no Qt."""

from .paths import Locations, RealHomeRefusedError, locations, set_base_dir
from .problems import FileKind, FormatError, Problem, ProblemKind
from .profile import OpenedGame, Profile
from .saves import SavedGame, default_seeds
from .settings import SeatDefault, Settings
from .statistics import PlayerStats, Statistics

__all__ = [
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
