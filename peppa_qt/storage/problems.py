"""What went wrong with a file, as a value: the window words it for the player in one sentence.

Storage never raises at its callers for a bad file or a failed write: it returns a ``Problem``
(codes and paths, no user-facing sentence; the GUI translates, as it does for the engine).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine import RecordError

#: Where in a game record a rule was broken: hand, trick, seat (0-based) and card.
Place = tuple[int | None, int | None, int | None, str | None]
NOWHERE: Place = (None, None, None, None)


class FileKind(Enum):
    """Which of the player's files."""

    SETTINGS = "settings"
    STATISTICS = "statistics"
    AUTOSAVE = "autosave"
    SAVED_GAME = "saved_game"
    RECORD = "record"


class ProblemKind(Enum):
    """What happened to it."""

    #: Not something we understand: bad JSON, cut short, wrong types, an illegal game.
    DAMAGED = "damaged"
    #: Written by a newer version of Peppa.
    NEWER = "newer"
    #: The system refused to read it (permissions, a failing disk).
    UNREADABLE = "unreadable"
    #: A file the player chose is not there (any more).
    NOT_FOUND = "not_found"
    #: Writing failed (read-only folder, full disk): the previous file is intact.
    NOT_SAVED = "not_saved"
    #: A game record that names no players: it opens with the player at South and computers
    #: in the other seats (a notice, the game goes on).
    NO_PLAYERS = "no_players"


@dataclass(frozen=True)
class Problem:
    """A file that could not be read or written, and what was done about it."""

    kind: ProblemKind
    file: FileKind
    path: Path
    #: The technical detail, in English (a record's broken rule, the system's error).
    detail: str = ""
    #: Where the damaged file was moved (``*.corrupt``), when it was set aside.
    kept_as: Path | None = None
    #: For a game that breaks a rule: the engine's reason code and where (the window words
    #: them in the player's language; ``detail`` has them in English).
    reason: str = ""
    place: Place = NOWHERE
    #: The size of that game's table: its seats are named as the table names them.
    seats: int = 4
    #: For a failed read or write: the system's error number (``errno``).
    errno: int | None = None


class FormatError(ValueError):
    """A document that is not a valid file of its kind (raised by the parsers only)."""

    def __init__(
        self, message: str, *, newer: bool = False, record: RecordError | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        #: The file names a version newer than this program knows.
        self.newer = newer
        #: A game that breaks a rule: the engine's reason code, and where.
        self.reason = record.reason.value if record is not None else ""
        self.place: Place = (
            (record.hand, record.trick, record.seat, record.card) if record else NOWHERE
        )
        self.seats = record.seats if record is not None else 4
