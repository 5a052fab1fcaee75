"""The player's settings behind one small object that says when they change.

The file is read when the settings are first needed (after the window's first frame: the
parser imports the engine), and written when asked. Every change, from a menu, the settings
dialog or a new game's choice, goes through ``update`` and is announced by ``changed``.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:
    from ..storage import Problem, Profile, Settings


class Preferences(QObject):
    """The settings of one profile; ``changed`` carries the new ``Settings``."""

    changed = Signal(object)

    def __init__(self, profile: Profile, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.profile = profile
        self._settings: Settings | None = None
        #: A problem met reading the file, until someone takes it to tell the player.
        self._problem: Problem | None = None

    @property
    def loaded(self) -> bool:
        """Whether the file has been read yet."""
        return self._settings is not None

    @property
    def settings(self) -> Settings:
        """The settings (the file is read the first time they are needed)."""
        if self._settings is None:
            settings, self._problem = self.profile.load_settings()
            self._settings = settings
        return self._settings

    def take_problem(self) -> Problem | None:
        """The problem met reading the file, if any (given once)."""
        self.settings  # noqa: B018  (read the file if it has not been read)
        problem, self._problem = self._problem, None
        return problem

    def update(self, settings: Settings) -> bool:
        """Use ``settings`` from now on; ``changed`` tells everyone who shows them.

        False (and nothing said) if they are the settings already in use.
        """
        before = self.settings  # the file first: a damaged one is set aside, not overwritten
        self._settings = settings
        if settings == before:
            return False
        self.changed.emit(settings)
        return True

    def save(self) -> Problem | None:
        """Write the settings (the previous file stays if that fails)."""
        return self.profile.save_settings(self.settings)

    def remember_recent(self, path: Path) -> Problem | None:
        """Put ``path`` first in Open recent, and save."""
        self.update(self.settings.with_recent(str(path)))
        return self.save()

    def forget_recent(self, path: Path) -> Problem | None:
        """Take ``path`` out of Open recent (it could not be opened), and save."""
        if str(path) not in self.settings.recent_files:
            return None
        self.update(self.settings.without_recent(str(path)))
        return self.save()

    def remember_window(self, geometry: str, state: str) -> None:
        """The window's geometry and docks, as base64 text (saved with the settings)."""
        self.update(replace(self.settings, window_geometry=geometry, window_state=state))
