"""Reading and writing one file safely: atomic writes, and damaged files set aside, not lost."""

from __future__ import annotations

import contextlib
import logging
import os
import stat
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar

from ..safe_read import read_regular_file
from .problems import NOWHERE, FileKind, FormatError, Problem, ProblemKind

log = logging.getLogger(__name__)
T = TypeVar("T")
#: How many damaged copies of one file we keep before giving up on setting it aside.
MAX_CORRUPT_COPIES = 100


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """What reading a file gave: its value (None if missing or unreadable) and any problem."""

    value: T | None
    problem: Problem | None = None


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` by ``text`` all at once; raises OSError and then leaves the old file.

    A crash or a power cut at any moment leaves either the old file or the new one, whole:
    the text goes to a temporary file in the same folder (same file system, so the rename is
    atomic), is flushed and synced to the disk, and only then renamed over the old file.
    """
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(path.parent)


#: A temporary file this old was left by a write that never finished (a crash, a kill): a
#: write takes milliseconds, and another running copy of Peppa writes only its newest ones.
STALE_AFTER_SECONDS = 600.0


def sweep_temporaries(folder: Path, now: float | None = None) -> int:
    """Remove the stale temporary files of ``write_atomic`` in ``folder``; how many went.

    Only names ``write_atomic`` makes (``.NAME.XXXX.tmp``), only regular files, only those
    untouched for ``STALE_AFTER_SECONDS``. A folder that cannot be read is left alone.
    """
    now = time.time() if now is None else now
    swept = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not (entry.name.startswith(".") and entry.name.endswith(".tmp")):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_AFTER_SECONDS:
                os.unlink(entry.path)
                swept += 1
        except OSError as error:
            log.info("could not sweep %s: %s", entry.path, error)
    return swept


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); Windows cannot open folders, nor needs to."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def save_text(path: Path, text: str, kind: FileKind) -> Problem | None:
    """Write ``text`` atomically; a failure is returned as a Problem (the old file is intact)."""
    try:
        write_atomic(path, text)
    except OSError as error:
        log.warning("could not write %s: %s", path, error)
        return Problem(ProblemKind.NOT_SAVED, kind, path, os_detail(error), errno=error.errno)
    except Exception as error:  # e.g. text that cannot be encoded: told, never a silent stop
        log.exception("could not write %s", path)
        return Problem(ProblemKind.NOT_SAVED, kind, path, repr(error)[:200])
    return None


def os_detail(error: OSError) -> str:
    """The system's own words for an OSError ("No space left on device")."""
    return error.strerror or str(error)


def load(
    path: Path, kind: FileKind, parse: Callable[[str], T], *, set_aside_damaged: bool
) -> Loaded[T]:
    """Read and parse ``path``; never raises. A missing file of ours is no problem (first run).

    With ``set_aside_damaged`` (the files the program owns), a file that cannot be understood
    is renamed ``*.corrupt`` so that the next write cannot overwrite it.
    """
    try:
        data = read_regular_file(path)
    except FileNotFoundError:
        missing = None if set_aside_damaged else Problem(ProblemKind.NOT_FOUND, kind, path)
        return Loaded(None, missing)
    except OSError as error:
        unreadable = Problem(
            ProblemKind.UNREADABLE, kind, path, os_detail(error), errno=error.errno
        )
        return Loaded(None, unreadable)
    reason, place, seats = "", NOWHERE, 4
    try:
        return Loaded(parse(decode(data)))
    except FormatError as error:
        problem_kind = ProblemKind.NEWER if error.newer else ProblemKind.DAMAGED
        detail, reason, place, seats = error.message, error.reason, error.place, error.seats
    except Exception as error:  # a bug of ours must not cost the player the program
        log.exception("unexpected error reading %s", path)
        problem_kind, detail = ProblemKind.DAMAGED, repr(error)
    kept_as = set_aside(path) if set_aside_damaged else None
    problem = Problem(
        problem_kind, kind, path, detail, kept_as, reason=reason, place=place, seats=seats
    )
    return Loaded(None, problem)


def decode(data: bytes) -> str:
    """The text of a file (UTF-8, a byte-order mark tolerated); FormatError otherwise."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise FormatError(f"not UTF-8 text (byte {error.start})") from None


def set_aside(path: Path) -> Path | None:
    """Rename a damaged file ``NAME.corrupt`` (``NAME.2.corrupt``…, never over an earlier one).

    Returns the new path, or None if the file could not be moved (it is then left alone).
    """
    for number in range(1, MAX_CORRUPT_COPIES + 1):
        suffix = ".corrupt" if number == 1 else f".{number}.corrupt"
        target = path.with_name(path.name + suffix)
        try:
            _move_without_replacing(path, target)
        except FileExistsError:
            continue
        except OSError as error:
            log.warning("could not set %s aside: %s", path, error)
            return None
        return target
    return None


def _move_without_replacing(source: Path, target: Path) -> None:
    # A hard link fails if the target exists, so no earlier copy can be lost to a race;
    # where links are not supported (FAT, some shares) check first, then rename.
    try:
        os.link(source, target)
    except FileExistsError:
        raise
    except OSError:
        if target.exists():
            raise FileExistsError(target) from None
        os.rename(source, target)
        return
    os.unlink(source)
