"""Errors nobody expected (a bug of ours): written to the log file and told in one sentence.

Without this, an exception in a slot is printed to a terminal the player never sees and the
window goes on as if nothing happened, or stops answering without a word. The reporter
appends each traceback to the log (``Locations.log_file``, a megabyte at most: the older half
is kept as ``.1``; a regular file, as every profile file is), prints it to stderr as Python
would, and tells the player once a minute at most, naming the file, so that a bug report can
carry it.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import threading
import time
import traceback
from collections.abc import Callable
from errno import ELOOP, ENXIO
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from .. import __version__
from ..safe_read import NOT_REGULAR, UnsafeFileError
from ..storage.files import write_atomic

#: The log is started again (the old one kept as ``.1``) past this size.
MAX_LOG_BYTES = 1024 * 1024
#: The player is told of a new error at most this often (seconds); every one is logged.
TELL_EVERY = 60.0


class CrashReporter(QObject):
    """Installs itself as ``sys.excepthook`` and ``threading.excepthook`` until ``uninstall``."""

    #: The text of an error to tell: emitted from any thread, received in the window's.
    _caught = Signal(str)

    def __init__(
        self, log_file: Path, window: QWidget, tell: Callable[[QWidget, str], None] | None = None
    ) -> None:
        super().__init__(window)
        self.log_file = log_file
        self._window = window
        self._tell = tell
        self._told_at: float | None = None
        self._previous = (sys.excepthook, threading.excepthook)
        self._lock = threading.Lock()
        self._caught.connect(self._on_caught)

    def install(self) -> None:
        """From now on, an uncaught exception anywhere comes here."""
        sys.excepthook = self._hook
        threading.excepthook = self._thread_hook

    def uninstall(self) -> None:
        """Back to the hooks there were before ``install``."""
        sys.excepthook, threading.excepthook = self._previous

    def _hook(
        self,
        kind: type[BaseException],
        error: BaseException,
        trace: TracebackType | None,
    ) -> None:
        if issubclass(kind, KeyboardInterrupt):  # Ctrl+C in a terminal: as Python does
            sys.__excepthook__(kind, error, trace)
            return
        text = "".join(traceback.format_exception(kind, error, trace))
        print(text, file=sys.stderr, end="")
        self._write(text)
        with contextlib.suppress(RuntimeError):  # the window is gone: the log has it
            self._caught.emit(text)

    def _thread_hook(self, args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None:
            self._hook(args.exc_type, args.exc_value, args.exc_traceback)

    def _write(self, text: str) -> None:
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        entry = f"--- {stamp} Peppa {__version__}\n{text}".encode("utf-8", errors="replace")
        with self._lock:  # two threads' errors: both entries whole
            try:
                _append(self.log_file, entry)
            except OSError as error:  # no log then; stderr has the traceback
                print(
                    f"peppa-qt: could not write the log {self.log_file}: {error}", file=sys.stderr
                )

    def _on_caught(self, text: str) -> None:
        now = time.monotonic()
        if self._told_at is not None and now - self._told_at < TELL_EVERY:
            return
        self._told_at = now
        message = self.tr(
            "Something went wrong inside Peppa. The game goes on; the details are in {path}."
        ).format(path=self.log_file)
        if self._tell is not None:
            self._tell(self._window, message)
        else:
            from .notices import Notices

            Notices.inform(self._window, message)


def _append(log: Path, entry: bytes) -> None:
    """Add ``entry`` to the log, a regular file of ours, as every profile file is one.

    Never through a link (it would write into another file), never waiting on a pipe (the
    window would hang at its first error): anything but a regular file at the log's place is
    replaced by a new log, as a save replaces whatever was at its place. Past
    ``MAX_LOG_BYTES`` the log becomes ``.1`` (whatever was there replaced, not followed).
    """
    log.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        handle = _open_for_appending(log)
        if os.fstat(handle).st_size > MAX_LOG_BYTES:
            os.close(handle)
            os.replace(log, log.with_name(log.name + ".1"))
            handle = _open_for_appending(log)
    except OSError as error:
        if not isinstance(error, UnsafeFileError) and error.errno not in (ELOOP, ENXIO):
            raise
        write_atomic(log, entry.decode("utf-8"))  # a link, a pipe, a device: a new log there
        return
    with os.fdopen(handle, "ab") as stream:
        stream.write(entry)


def _open_for_appending(log: Path) -> int:
    """A handle to append to ``log``; ELOOP for a link, ENXIO for a pipe nobody reads,
    UnsafeFileError for anything else that is not a regular file (a pipe read, a device)."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0)
    flags |= getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    handle = os.open(log, flags, 0o600)
    if not stat.S_ISREG(os.fstat(handle).st_mode):
        os.close(handle)
        raise UnsafeFileError(NOT_REGULAR, "not a regular file (a folder, a device or a pipe)")
    return handle
