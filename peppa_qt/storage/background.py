"""A thread that writes files, so that the window's does not wait for the disk.

The autosave comes after every pass and trick; a long game's is megabytes (1.6 MB at hand
4,000), and its write and sync to the disk held the window's thread each time. The text is
made where the game is (it is cheap: the finished hands' lines are kept) and handed to the
writer, which writes it in a thread of its own.

Each write is whole (``files.write_atomic``: a temporary file synced, then renamed over the
old one), so a kill at any moment leaves the file as it was written last, or the time before,
never a part of one. A file's texts are written in the order they were asked for: one asked
while another is being written waits for it, and takes the place of any text of that file
still waiting (never written, as the newer one says all it did), so a file never goes back to
an older text. Reads of the program's own files wait for the writes asked before them
(``flush``), as does the end of the program (the writer's thread is not a daemon).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Final

from . import files
from .problems import FileKind, Problem

log = logging.getLogger(__name__)
#: Told, in the writer's thread, what became of a write: None when written, else the problem.
Outcome = Callable[[Problem | None], None]
#: The name of the writer's thread (it comes and goes: started by a write, ended when idle).
THREAD_NAME: Final = "peppa-writer"


class BackgroundWriter:
    """Writes files in a thread of its own, whole, and each file's texts in order."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._idle = threading.Condition(self._lock)
        #: The texts waiting, the newest of each file, in the order asked.
        self._waiting: dict[Path, tuple[str, FileKind, Outcome]] = {}
        self._busy = False  # a thread is writing, or about to

    def write(self, path: Path, text: str, kind: FileKind, done: Outcome) -> None:
        """Write ``text`` to ``path`` once the writes asked before are done; ``done`` is then
        told how it went, in the writer's thread (it must be quick and thread-safe). A text of
        ``path`` still waiting is dropped for this one, and its ``done`` never told."""
        with self._lock:
            self._waiting.pop(path, None)  # re-inserted: its place is now after the others
            self._waiting[path] = (text, kind, done)
            if not self._busy:
                self._busy = True
                threading.Thread(target=self._run, name=THREAD_NAME).start()

    def busy(self) -> bool:
        """Whether a write is waiting or under way (its ``done`` not yet told)."""
        with self._lock:
            return self._busy

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every write asked for is done (``done`` told); False if ``timeout``
        seconds went by first."""
        with self._lock:
            return self._idle.wait_for(lambda: not self._busy, timeout)

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._waiting:
                    self._busy = False
                    self._idle.notify_all()
                    return
                path = next(iter(self._waiting))
                text, kind, done = self._waiting.pop(path)
            problem = files.save_text(path, text, kind)  # never raises: a problem is returned
            try:
                done(problem)
            except Exception:  # a bug of the caller's must not stop the writes after it
                log.exception("while telling how the write of %s went", path)


#: The program's writer: one thread at a time writes every file handed to it.
WRITER: Final = BackgroundWriter()
