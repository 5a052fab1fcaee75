"""The window lends the game loop its event loop: calls posted from workers, timers, a clock.

``QtScheduler`` is the ``table.clock.Scheduler`` of the window's thread. A call posted from a
worker thread (a computer's answer) travels through a queued signal, so it runs on the
window's thread; a planned call is a precise single-shot timer (a coarse one may fire up to
5 % early, and a computer's pause is kept whole).
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable

from PySide6.QtCore import QElapsedTimer, QObject, Qt, QTimer, Signal


class _Planned:
    """A call planned on a timer; ``cancel`` stops the timer."""

    def __init__(self, timer: QTimer) -> None:
        self._timer = timer

    def cancel(self) -> None:
        """Do not make the call."""
        with contextlib.suppress(RuntimeError):  # made already: the timer is gone
            self._timer.stop()
            self._timer.deleteLater()


class QtScheduler(QObject):
    """Runs the game loop's calls on the thread this object lives in (the window's)."""

    _posted = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._posted.connect(self._run, Qt.ConnectionType.QueuedConnection)
        self._clock = QElapsedTimer()
        self._clock.start()

    def call_soon(self, call: Callable[[], None]) -> None:
        """Run ``call`` on this object's thread once the event loop turns (any thread)."""
        with contextlib.suppress(RuntimeError):  # the window closed meanwhile: nobody to run it
            self._posted.emit(call)

    def call_later(self, seconds: float, call: Callable[[], None]) -> _Planned:
        """Run ``call`` in ``seconds`` (rounded up to the millisecond: never early)."""
        timer = QTimer(self)
        timer.setSingleShot(True)
        timer.setTimerType(Qt.TimerType.PreciseTimer)
        timer.timeout.connect(call)
        timer.timeout.connect(timer.deleteLater)
        timer.start(max(0, math.ceil(seconds * 1000)))
        return _Planned(timer)

    def now(self) -> float:
        """Seconds since this scheduler was made (a monotonic clock)."""
        return self._clock.nsecsElapsed() / 1e9

    def _run(self, call: Callable[[], None]) -> None:
        call()
