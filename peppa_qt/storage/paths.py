"""Where Peppa keeps its files: the one module that asks platformdirs (DESIGN.md).

A base-directory override (``--profile-dir``, the tests' fixture) moves every file under one
folder. While pytest runs, asking for the real locations without an override is refused, so a
test can never read or damage the player's own settings and saved games (as qutebrowser does).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import platformdirs

APP_NAME: Final = "peppa-qt"
SETTINGS_FILE: Final = "settings.json"
STATS_FILE: Final = "stats.json"
SAVES_DIR: Final = "saves"
AUTOSAVE_FILE: Final = "autosave.json"
LOG_FILE: Final = "peppa-qt.log"
#: The extension of saved games (a game record with the app's fields).
SAVE_SUFFIX: Final = ".peppa"

_override: Path | None = None


class RealHomeRefusedError(RuntimeError):
    """A test asked for the player's real folders without a base-directory override."""


@dataclass(frozen=True)
class Locations:
    """The folders of one profile; every file path is derived from these two."""

    config_dir: Path
    data_dir: Path
    #: Where the log of unexpected errors goes (None: a ``log`` folder in ``data_dir``).
    log_dir: Path | None = None

    @classmethod
    def under(cls, base: Path) -> Locations:
        """Every file below ``base`` (the override of ``--profile-dir`` and of the tests)."""
        return cls(base / "config", base / "data")

    @property
    def log_file(self) -> Path:
        """The log of errors the program did not expect (a bug of ours, told to the player)."""
        return (self.log_dir or self.data_dir / "log") / LOG_FILE

    @property
    def settings_file(self) -> Path:
        """The preferences."""
        return self.config_dir / SETTINGS_FILE

    @property
    def stats_file(self) -> Path:
        """The statistics of every player and rule set."""
        return self.data_dir / STATS_FILE

    @property
    def saves_dir(self) -> Path:
        """Saved games, and the autosave."""
        return self.data_dir / SAVES_DIR

    @property
    def autosave_file(self) -> Path:
        """The game in progress, written after every pass and trick and on quitting."""
        return self.saves_dir / AUTOSAVE_FILE


def set_base_dir(base: Path | None) -> None:
    """Put every file under ``base`` from now on (None: back to the platform's folders)."""
    global _override  # noqa: PLW0603  (one process-wide choice, like qutebrowser's --basedir)
    _override = None if base is None else Path(base)


def base_dir() -> Path | None:
    """The override in force, if any."""
    return _override


def locations(base: Path | None = None) -> Locations:
    """The folders to use: ``base``, else the override, else the platform's user folders."""
    chosen = base if base is not None else _override
    if chosen is not None:
        return Locations.under(Path(chosen))
    if "PYTEST_CURRENT_TEST" in os.environ:
        raise RealHomeRefusedError("tests must set a base directory before touching user files")
    return Locations(
        Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
        Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
        Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)),
    )
