"""Tables kept on disk, so that a server stopped or killed goes on where it was.

Each table is one JSON document (``HostedTable.snapshot``: format ``peppa-table``, version 1)
in the server's state folder, written atomically after every change (``storage.files``). At
start the server reads them back; its players come back with their tokens. A document that
cannot be read, or whose game the engine refuses, is reported, set aside (``*.corrupt``)
and never stops the server. The documents hold every deal and the tables' secrets: the folder
is the host's alone (made 0700).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ..engine.errors import RecordError
from ..engine.record import record_from_dict, replay
from ..storage.files import set_aside, write_atomic
from .hosted import SNAPSHOT_FORMAT, SNAPSHOT_VERSION, HostedTable, Restored
from .messages import CODE_LENGTH, CODE_LETTERS, MAX_NAME, Refusal, SeatSpec, seat_spec

log = logging.getLogger("peppa.serve")

_HEX64 = re.compile(r"[0-9a-f]{64}")
#: The largest table document read (a long game's record; far beyond any real one).
MAX_DOCUMENT = 64 * 1024 * 1024


class TableStore:
    """A folder of saved tables."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)

    def save(self, table: HostedTable) -> None:
        """Write the table as it stands now (a failed write is logged: play goes on)."""
        try:
            write_atomic(self._path(table.code), json.dumps(table.snapshot()))
        except OSError as error:
            log.error("table %s could not be saved: %s", table.code, error)

    def forget(self, code: str) -> None:
        """The table is let go: its file goes."""
        self._path(code).unlink(missing_ok=True)

    def saved(self) -> Iterator[tuple[dict[str, Any], Restored]]:
        """Each saved table that can be taken up again: its document and its state. The
        others are set aside and said in the log."""
        for path in sorted(self.folder.glob("*.json")):
            try:
                if path.stat().st_size > MAX_DOCUMENT:
                    raise ValueError("too large")
                document = json.loads(path.read_text(encoding="utf-8"))
                yield document, restored_state(document)
            except (OSError, ValueError, RecordError, Refusal, KeyError, TypeError) as error:
                kept = set_aside(path)
                log.error("saved table %s cannot be read (%s): kept as %s", path.name, error, kept)

    def _path(self, code: str) -> Path:
        return self.folder / f"{code}.json"


def restored_state(document: object) -> Restored:
    """The state a table document holds, checked; raises ValueError (or RecordError,
    Refusal) if anything is wrong with it."""
    if not isinstance(document, dict):
        raise ValueError("not a JSON object")
    if document.get("format") != SNAPSHOT_FORMAT or document.get("version") != SNAPSHOT_VERSION:
        raise ValueError("not a table of this version")
    code, secret = document.get("code"), document.get("secret")
    if not isinstance(code, str) or len(code) != CODE_LENGTH or set(code) - set(CODE_LETTERS):
        raise ValueError("no table code")
    if not isinstance(secret, str) or not _HEX64.fullmatch(secret):
        raise ValueError("no secret")
    record = record_from_dict(document.get("record"))
    match = replay(record, track_undo=False)
    seats = document.get("seats")
    if not isinstance(seats, list) or len(seats) != record.rules.seats:
        raise ValueError("the seats do not match the game")
    specs = [seat_spec(item, local=True) for item in seats]
    humans = {s for s, spec in enumerate(specs) if spec.kind == "human"}
    tokens = _seat_map(document.get("tokens"), humans, lambda v: bool(_HEX64.fullmatch(v)))
    names = _seat_map(document.get("names"), humans, lambda v: 0 < len(v) <= MAX_NAME)
    seat_names = tuple(player.name for player in record.players)
    started = document.get("started")
    if not isinstance(started, bool):
        raise ValueError("no started flag")
    return Restored(match, secret, tokens, names, started, seat_names)


def specs_of(document: dict[str, Any]) -> list[SeatSpec]:
    """The seats of a table document already checked by ``restored_state``."""
    return [seat_spec(item, local=True) for item in document["seats"]]


def _seat_map(value: object, seats: set[int], good: Callable[[str], bool]) -> dict[int, str]:
    if not isinstance(value, dict):
        raise ValueError("a seats' map is an object")
    out: dict[int, str] = {}
    for key, item in value.items():
        if not (isinstance(key, str) and key.isdigit() and int(key) in seats):
            raise ValueError(f"seat {key!r} is not a player's")
        if not isinstance(item, str) or not good(item):
            raise ValueError(f"seat {key}'s entry is wrong")
        out[int(key)] = item
    return out
