"""Computer players think in a worker thread; the answer comes back as a queued signal.

The worker is a ``concurrent.futures`` thread, not a ``QThreadPool``: a Python ``QRunnable``
handed to Qt is never freed by PySide6 (each job kept its player and its view alive, 17 jobs a
hand), while a future is dropped as soon as it is done.
"""

from __future__ import annotations

import contextlib
from concurrent.futures import Future, ThreadPoolExecutor, wait

from PySide6.QtCore import QObject, Signal

from ..ai.base import Decision, Player
from ..engine import PlayerView


class ThinkRelay(QObject):
    """Lives in the GUI thread; a worker emits through it, so receivers run in the GUI thread."""

    #: (game epoch, seat, Decision or the exception the player raised)
    decided = Signal(int, int, object)


def _think(relay: ThinkRelay, epoch: int, seat: int, player: Player, view: PlayerView) -> None:
    result: Decision | Exception
    try:
        result = player.decide(view)
    except Exception as error:  # a broken player must not kill the worker thread
        result = error
    with contextlib.suppress(RuntimeError):  # the window closed meanwhile: nobody to tell
        relay.decided.emit(epoch, seat, result)


class ThinkPool:
    """One worker thread that runs the computer players' decisions one at a time."""

    def __init__(self, relay: ThinkRelay) -> None:
        self._relay = relay
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="peppa-think")
        self._jobs: set[Future[None]] = set()

    def submit(self, epoch: int, seat: int, player: Player, view: PlayerView) -> None:
        """Start thinking; the decision arrives through the relay's ``decided`` signal."""
        job = self._executor.submit(_think, self._relay, epoch, seat, player, view)
        self._jobs.add(job)
        job.add_done_callback(self._jobs.discard)

    def clear(self) -> None:
        """Drop the jobs that have not started."""
        for job in list(self._jobs):
            job.cancel()

    def stop(self, players: list[Player], timeout_ms: int = 3000) -> bool:
        """Drop queued jobs, cancel the thinking one and wait for it; False on timeout."""
        self.clear()
        for player in players:
            player.retire()  # also stops a decision that has not quite started yet
        _, running = wait(list(self._jobs), timeout=timeout_ms / 1000)
        self._executor.shutdown(wait=False)  # its thread ends once idle; a new one if needed
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="peppa-think")
        return not running
