"""Reading a file that may not be what its name says: only regular files, only so much.

A FIFO named like a game record would block a read for ever, ``/dev/zero`` would fill the
memory, a 200 MB record would take minutes to build. Every file the program reads from the
player's disk (records, saved games, the autosave, settings, statistics, arena journals)
comes through ``read_regular_file``, which refuses them at once, in one sentence.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Final

#: A record of 10,000 hands is a few MB; nothing the program writes comes near this.
MAX_FILE_BYTES: Final = 16 * 1024 * 1024
#: ``UnsafeFileError.errno`` for a file that is not a regular file, and for one too large.
NOT_REGULAR: Final = -1
TOO_LARGE: Final = -2


def printable_name(path: Path | str) -> str:
    """A file's name for an error line: as it is, or quoted with escapes when it holds a
    character a terminal would act on (a newline, an escape sequence, a bidi control)."""
    text = str(path)
    return text if text.isprintable() else repr(text)


class UnsafeFileError(OSError):
    """A file refused before reading it whole; ``errno`` is NOT_REGULAR or TOO_LARGE."""


def read_regular_file(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of ``path``, a regular file of at most ``limit`` bytes (else UnsafeFileError).

    The file is opened without waiting (a FIFO does not block) and looked at through the
    open handle, so what is checked is what is read.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    handle = os.open(path, flags)
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise UnsafeFileError(NOT_REGULAR, "not a regular file (a folder, a device or a pipe)")
        if info.st_size > limit:
            raise UnsafeFileError(TOO_LARGE, f"larger than {limit // (1024 * 1024)} MB")
        chunks = []
        size = 0
        while size <= limit:
            chunk = os.read(handle, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:  # it grew while being read
            raise UnsafeFileError(TOO_LARGE, f"larger than {limit // (1024 * 1024)} MB")
        return b"".join(chunks)
    finally:
        os.close(handle)
