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

from .background import WRITER, Outcome
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
        """The game that was being played, if any: the newest autosave that can be read.

        An autosave that cannot be read is left as it is, and the autosave is written beside
        it under a new name (``autosave-2.json``…): so there may be several. Such a file is
        told of only while no other autosave can be read (it was told when first met).
        """
        WRITER.flush()  # the autosave asked for last, not the one before
        newest: tuple[int, OpenedGame] | None = None
        problems: list[Problem] = []
        for path in self._autosave_paths():
            opened, problem = self._load_own(path, FileKind.AUTOSAVE, _opened)
            problems += [problem] if problem is not None else []
            when = _modified(path)
            if opened is not None and (newest is None or when > newest[0]):
                newest = (when, opened)
        if newest is not None:
            problems = [p for p in problems if p.kind not in _LEFT_IN_PLACE or p.kept_as]
        return (newest[1] if newest else None), (problems[0] if problems else None)

    def save_autosave(
        self,
        game: SavedGame,
        hand_lines: Sequence[str] | None = None,
        done: Outcome | None = None,
    ) -> Problem | None:
        """Write the game in progress (``hand_lines``: its hands, already written), beside
        an autosave that could not be read if need be, never over it.

        With ``done``, the writer's thread writes it (``background``: a long game's write and
        sync held the window's thread for up to half a second, and even a short game's sync
        took 80 ms on a busy disk), and how it went is told to ``done`` there; without, it is
        written at once and what went wrong returned. Either way the autosaves are written in
        the order asked.
        """
        from .saves import saved_game_to_json

        text = saved_game_to_json(game, hand_lines)
        path = self._autosave_target()
        if done is not None and path not in self._untouchable:
            WRITER.write(path, text, FileKind.AUTOSAVE, done)
            return None
        WRITER.flush()  # a long game's autosave still being written goes first
        problem = self._save(path, text, FileKind.AUTOSAVE)
        if done is None:
            return problem
        done(problem)
        return None

    def _autosave_paths(self) -> list[Path]:
        """The autosave, then those written beside one that could not be read, in order."""
        primary = self.where.autosave_file
        try:
            names = [p.name for p in primary.parent.iterdir()]
        except OSError:
            names = []
        numbers = sorted(_autosave_number(primary, name) for name in names)
        return [primary] + [_numbered(primary, n) for n in numbers if n > 1]

    def _autosave_target(self) -> Path:
        """Where the autosave goes: its own name, or the first beside it that is not an
        unreadable file kept as it is."""
        primary = self.where.autosave_file
        number = 1
        while (path := _numbered(primary, number)) in self._untouchable:
            number += 1
        return path

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


def _numbered(primary: Path, number: int) -> Path:
    """``autosave.json`` for 1, ``autosave-2.json`` for 2…"""
    return primary if number == 1 else primary.with_name(f"{primary.stem}-{number}{primary.suffix}")


#: The most digits the number of an autosave written beside another may have.
AUTOSAVE_DIGITS = 5


def _autosave_number(primary: Path, name: str) -> int:
    """The number of an autosave named ``name`` (``autosave-7.json``: 7), 0 if none."""
    stem, suffix = primary.stem + "-", primary.suffix
    digits = name[len(stem) : len(name) - len(suffix)]
    fits = name.startswith(stem) and name.endswith(suffix) and digits.isdigit()
    return int(digits) if fits and digits[0] != "0" and len(digits) <= AUTOSAVE_DIGITS else 0


def _modified(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0


def _opened(text: str) -> OpenedGame:
    from .saves import parse_saved_game

    saved, match = parse_saved_game(text)
    return OpenedGame(saved, match)
