"""Errors nobody expected (a bug of ours): written to the log file and told in one sentence.

Without this, an exception in a slot is printed to a terminal the player never sees and the
window goes on as if nothing happened, or stops answering without a word. The reporter
appends each traceback to the log (``Locations.log_file``, a megabyte at most: the older half
is kept as ``.1``), prints it to stderr as Python would, and tells the player once a minute at
most, naming the file, so that a bug report can carry it.
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from .. import __version__

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
        try:
            self.log_file.parent.mkdir(parents=True, exist_ok=True)
            if self.log_file.exists() and self.log_file.stat().st_size > MAX_LOG_BYTES:
                self.log_file.replace(self.log_file.with_name(self.log_file.name + ".1"))
            with self.log_file.open("a", encoding="utf-8", errors="replace") as log:
                log.write(f"--- {stamp} Peppa {__version__}\n{text}")
        except OSError as error:  # no log then; stderr has the traceback
            print(f"peppa-qt: could not write the log {self.log_file}: {error}", file=sys.stderr)

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
