"""Where the game loop's callbacks run, and when: the one thing a host lends the loop.

The loop runs on one thread, the host's (the window's thread, a server's event loop, a test).
Everything it does is a call made there: a seat answering from a worker thread posts its
answer with ``call_soon``, and the pause before a computer's card is a ``call_later``. The
window lends a Qt scheduler (controller/qt_scheduler.py); a test or a headless run uses
``ManualScheduler``, whose clock moves only when nothing else is left to do.
"""

from __future__ import annotations

import heapq
import itertools
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Protocol


class Timer(Protocol):
    """A call planned for later, which may be called off."""

    def cancel(self) -> None:
        """Do not make the call (nothing if it was made already)."""


class Scheduler(Protocol):
    """Runs calls on the loop's thread."""

    def call_soon(self, call: Callable[[], None]) -> None:
        """Run ``call`` on the loop's thread, after the call in progress (from any thread)."""

    def call_later(self, seconds: float, call: Callable[[], None]) -> Timer:
        """Run ``call`` on the loop's thread in ``seconds`` (called from the loop's thread)."""

    def now(self) -> float:
        """The scheduler's clock, in seconds."""


class _Planned:
    """A call in the manual scheduler's plan."""

    def __init__(self, call: Callable[[], None]) -> None:
        self.call: Callable[[], None] | None = call

    def cancel(self) -> None:
        """Do not make the call."""
        self.call = None


class ManualScheduler:
    """A scheduler run by hand (``run_until``), with a clock of its own.

    Calls posted from any thread run in order on the thread that runs the scheduler; the
    clock jumps to the next planned call whenever nothing is ready to run and no worker is
    ``busy`` (by default none is: a planned call may then come before a worker's answer,
    as on a fast machine), so a pause costs a test no real time.
    """

    def __init__(self) -> None:
        self._ready: deque[Callable[[], None]] = deque()
        self._plan: list[tuple[float, int, _Planned]] = []
        self._order = itertools.count()
        self._clock = 0.0
        self._posted = threading.Condition()
        #: Workers still to answer (a computer thinking): the clock waits for them.
        self.busy: Callable[[], bool] = lambda: False

    def call_soon(self, call: Callable[[], None]) -> None:
        """Run ``call`` at the next turn of ``run_until`` (thread-safe)."""
        with self._posted:
            self._ready.append(call)
            self._posted.notify()

    def call_later(self, seconds: float, call: Callable[[], None]) -> Timer:
        """Run ``call`` once the clock has moved ``seconds`` on."""
        planned = _Planned(call)
        heapq.heappush(self._plan, (self._clock + max(0.0, seconds), next(self._order), planned))
        return planned

    def now(self) -> float:
        """The scheduler's own clock (seconds since it was made, as it has jumped)."""
        return self._clock

    def run_until(self, done: Callable[[], bool], timeout: float = 60.0) -> bool:
        """Run calls until ``done()`` (True), or until ``timeout`` real seconds have passed
        with nothing to run but a worker to wait for (False)."""
        give_up = time.monotonic() + timeout
        while not done():
            call = self._next(give_up)
            if call is None:
                return done()
            call()
        return True

    def _next(self, give_up: float) -> Callable[[], None] | None:
        """The next call: a posted one; else, with no worker busy, the next planned one (the
        clock jumps to it); else the next one a worker posts (None: none came in time)."""
        while True:
            with self._posted:
                if self._ready:
                    return self._ready.popleft()
                if not self._plan or self.busy():
                    left = give_up - time.monotonic()
                    if left <= 0:
                        return None
                    self._posted.wait(min(left, 0.05))
                    continue
            at, _, planned = heapq.heappop(self._plan)
            self._clock = max(self._clock, at)
            if planned.call is not None:
                return planned.call
