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
from collections import deque
from collections.abc import Callable
from errno import ELOOP, ENXIO
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QWidget

from ... import __version__
from ...safe_read import NOT_REGULAR, UnsafeFileError
from ...storage.files import write_atomic

#: The log is started again (the old one kept as ``.1``) past this size.
MAX_LOG_BYTES = 1024 * 1024
#: The player is told of a new error at most this often (seconds); every one is logged.
TELL_EVERY = 60.0
#: The game is set going again after an error at most this many times in this many seconds.
MAX_RECOVERIES, RECOVERY_WINDOW = 3, 10.0


class CrashReporter(QObject):
    """Installs itself as ``sys.excepthook`` and ``threading.excepthook`` until ``uninstall``.

    An error breaks off the slot it happened in, and what that slot was to do is not done: a
    card not drawn, and the game waiting for its animation for ever. After each error
    ``recover`` (the window's) draws the game again and sets it going, from the event loop
    once the slots of the signal that failed have run. An error that comes back every time
    is not looped on: after ``MAX_RECOVERIES`` within ``RECOVERY_WINDOW`` seconds the player
    is told the game cannot go on, and how to go on from its autosave.
    """

    #: The text of an error to tell: emitted from any thread, received in the window's.
    _caught = Signal(str)

    def __init__(
        self,
        log_file: Path,
        window: QWidget,
        tell: Callable[[QWidget, str], None] | None = None,
        *,
        recover: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(window)
        self.log_file = log_file
        self._window = window
        self._tell = tell
        self._recover = recover
        self._told_at: float | None = None
        self._recovered: deque[float] = deque(maxlen=MAX_RECOVERIES)
        self._given_up = False
        self._previous = (sys.excepthook, threading.excepthook)
        self._lock = threading.Lock()
        # Queued even from the window's thread: the signal that failed has its other slots
        # to run first, and the recovery must not run inside the one that raised.
        self._caught.connect(self._on_caught, Qt.ConnectionType.QueuedConnection)

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
        if not self._went_on(now):
            if not self._given_up:
                self._given_up = True
                self._say(
                    self.tr(
                        "Something keeps going wrong inside Peppa, and the game cannot go on."
                        " Start Peppa again: your game goes on from where it was last"
                        " autosaved. The details are in {path}."
                    )
                )
            return
        if self._told_at is not None and now - self._told_at < TELL_EVERY:
            return
        self._told_at = now
        self._say(
            self.tr(
                "Something went wrong inside Peppa. The game goes on; the details are in {path}."
            )
        )

    def _went_on(self, now: float) -> bool:
        """Set the game going again (False: errors keep coming, or the recovery failed)."""
        if self._given_up:
            return False
        if self._recover is None:
            return True
        recent = self._recovered
        if len(recent) == MAX_RECOVERIES and now - recent[0] < RECOVERY_WINDOW:
            return False
        recent.append(now)
        try:
            self._recover()
        except Exception as error:  # logged here: through the hook it would come round again
            text = "".join(traceback.format_exception(error))
            print(text, file=sys.stderr, end="")
            self._write(text)
            return False
        return True

    def _say(self, message: str) -> None:
        message = message.format(path=self.log_file)
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
