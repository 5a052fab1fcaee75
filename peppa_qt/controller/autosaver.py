"""The autosave of the game in play, written without holding the window's thread.

The autosave comes after every pass and trick. Its finished hands' lines are written once
(``engine.record.HandLines``; a game read back takes them from its file), and a long game's
text is written by the storage's writer thread (``storage.background``): the outcome of each
write is told here, in this object's thread, in the order written (``written``). Nothing of
Qt runs in the writer's thread: it leaves outcomes in a queue, read on a timer while it works.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QObject, QTimer, Signal

from ..engine.record import HandLines
from ..storage.background import WRITER

if TYPE_CHECKING:
    from ..engine import Match
    from ..storage import Problem, Profile, SavedGame

#: How often the outcomes of the writer's work are looked for while it works.
POLL_MS: Final = 25


class Autosaver(QObject):
    """Writes a game's autosave to ``profile``, and tells how each write went."""

    #: A write is done: None when the autosave was written, else its Problem.
    written = Signal(object)

    def __init__(self, profile: Profile, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.profile = profile
        self._lines = HandLines()
        #: Outcomes the writer's thread has left (a deque: appending is thread-safe).
        self._outcomes: deque[Problem | None] = deque()
        self._poll = QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self._tell)

    def adopt(self, match: Match, lines: Sequence[str]) -> None:
        """``match`` was read back from a file holding these lines of its first hands, as
        the autosave writes them: they are not written again (``HandLines.adopt``)."""
        self._lines.adopt(match, lines)

    def save(self, game: SavedGame, match: Match) -> None:
        """Write ``game`` (``match``'s, its record without hands: they come from the lines
        kept); how it went comes as ``written``, at once for a short game."""
        self.profile.save_autosave(game, self._lines.pieces(match), self._outcomes.append)
        self._tell()

    def _tell(self) -> None:
        working = WRITER.busy()  # asked first: an outcome is left before the writer idles
        while self._outcomes:
            self.written.emit(self._outcomes.popleft())
        if working and not self._poll.isActive():
            self._poll.start()
        elif not working:
            self._poll.stop()
