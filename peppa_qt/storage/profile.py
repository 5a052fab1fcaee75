"""The player's files in one place: settings, statistics, the autosave and saved games.

Every method returns values and ``Problem``s, never raises for a bad file or a failed write.
The parsers (and the engine they check games with) are imported when a file is first read or
written: the window makes its ``Profile`` before its first frame, and reads the files after it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from .files import load, save_text, sweep_temporaries
from .paths import Locations
from .problems import FileKind, Problem, ProblemKind

if TYPE_CHECKING:
    from ..engine import GameRecord, Match
    from .saves import SavedGame
    from .settings import Settings
    from .statistics import Statistics

T = TypeVar("T")
#: Problems after which the file is still in its place, unread: it must not be overwritten.
_LEFT_IN_PLACE = (ProblemKind.DAMAGED, ProblemKind.NEWER, ProblemKind.UNREADABLE)


@dataclass(frozen=True)
class OpenedGame:
    """A saved game read and replayed: ready for the controller."""

    saved: SavedGame
    match: Match


class Profile:
    """One player's files under ``where``."""

    def __init__(self, where: Locations) -> None:
        self.where = where
        #: Files that could not be read nor set aside: writing would destroy them.
        self._untouchable: set[Path] = set()

    def sweep_temporaries(self) -> int:
        """Remove what writes cut short by a crash or a kill left behind; how many files."""
        where = self.where
        return sum(
            sweep_temporaries(folder)
            for folder in (where.config_dir, where.data_dir, where.saves_dir)
        )

    # --------------------------------------------------------------- settings

    def load_settings(self) -> tuple[Settings, Problem | None]:
        """The settings, or the defaults (with the problem) if the file is damaged."""
        from .settings import Settings, settings_from_json

        value, problem = self._load_own(
            self.where.settings_file, FileKind.SETTINGS, settings_from_json
        )
        return value or Settings(), problem

    def save_settings(self, settings: Settings) -> Problem | None:
        """Write the settings."""
        from .settings import settings_to_json

        return self._save(self.where.settings_file, settings_to_json(settings), FileKind.SETTINGS)

    # ------------------------------------------------------------- statistics

    def load_statistics(self) -> tuple[Statistics, Problem | None]:
        """The statistics, or none yet (with the problem) if the file is damaged."""
        from .statistics import Statistics, statistics_from_json

        path = self.where.stats_file
        value, problem = self._load_own(path, FileKind.STATISTICS, statistics_from_json)
        return value or Statistics(), problem

    def save_statistics(self, stats: Statistics) -> Problem | None:
        """Write the statistics."""
        from .statistics import statistics_to_json

        text = statistics_to_json(stats)
        return self._save(self.where.stats_file, text, FileKind.STATISTICS)

    # ---------------------------------------------------------------- games

    def load_autosave(self) -> tuple[OpenedGame | None, Problem | None]:
        """The game that was being played, if any."""
        path = self.where.autosave_file
        return self._load_own(path, FileKind.AUTOSAVE, _opened)

    def save_autosave(
        self, game: SavedGame, hand_lines: Sequence[str] | None = None
    ) -> Problem | None:
        """Write the game in progress (``hand_lines``: its hands, already written)."""
        from .saves import saved_game_to_json

        text = saved_game_to_json(game, hand_lines)
        return self._save(self.where.autosave_file, text, FileKind.AUTOSAVE)

    def open_game(
        self, path: Path, kind: FileKind = FileKind.SAVED_GAME
    ) -> tuple[OpenedGame | None, Problem | None]:
        """A saved game or a record the player chose.

        A damaged file in Peppa's own saves folder is set aside like the autosave; one the
        player picked anywhere else is theirs, so it is reported and left where it is.
        """
        own = path.resolve().parent == self.where.saves_dir.resolve()
        if own:
            return self._load_own(path, kind, _opened)
        loaded = load(path, kind, _opened, set_aside_damaged=False)
        return loaded.value, loaded.problem

    def save_game(self, path: Path, game: SavedGame) -> Problem | None:
        """Save a game where the player chose."""
        from .saves import saved_game_to_json

        return self._save(path, saved_game_to_json(game), FileKind.SAVED_GAME)

    def export_record(self, path: Path, record: GameRecord) -> Problem | None:
        """Write a plain game record, without the app's fields."""
        from .saves import record_to_json

        return self._save(path, record_to_json(record), FileKind.RECORD)

    # ---------------------------------------------------------------- helpers

    def _load_own(
        self, path: Path, kind: FileKind, parse: Callable[[str], T]
    ) -> tuple[T | None, Problem | None]:
        loaded = load(path, kind, parse, set_aside_damaged=True)
        problem = loaded.problem
        if problem is not None and problem.kind in _LEFT_IN_PLACE and problem.kept_as is None:
            self._untouchable.add(path)
        return loaded.value, problem

    def _save(self, path: Path, text: str, kind: FileKind) -> Problem | None:
        if path in self._untouchable:
            return Problem(
                ProblemKind.NOT_SAVED, kind, path, "the unreadable file is kept as it is"
            )
        return save_text(path, text, kind)


def _opened(text: str) -> OpenedGame:
    from .saves import parse_saved_game

    saved, match = parse_saved_game(text)
    return OpenedGame(saved, match)
