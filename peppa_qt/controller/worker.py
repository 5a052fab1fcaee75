"""Computer players think in a worker thread; the answer comes back as a queued signal."""

from __future__ import annotations

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from ..ai.base import Decision, Player
from ..engine import PlayerView


class ThinkRelay(QObject):
    """Lives in the GUI thread; a worker emits through it, so receivers run in the GUI thread."""

    #: (game epoch, seat, Decision or the exception the player raised)
    decided = Signal(int, int, object)


class _ThinkJob(QRunnable):
    def __init__(
        self, relay: ThinkRelay, epoch: int, seat: int, player: Player, view: PlayerView
    ) -> None:
        super().__init__()
        self._relay = relay
        self._epoch = epoch
        self._seat = seat
        self._player = player
        self._view = view

    def run(self) -> None:
        result: Decision | Exception
        try:
            result = self._player.decide(self._view)
        except Exception as error:  # a broken player must not kill the worker thread
            result = error
        self._relay.decided.emit(self._epoch, self._seat, result)


class ThinkPool:
    """One worker thread that runs the computer players' decisions one at a time."""

    def __init__(self, relay: ThinkRelay) -> None:
        self._relay = relay
        self._pool = QThreadPool()
        self._pool.setMaxThreadCount(1)

    def submit(self, epoch: int, seat: int, player: Player, view: PlayerView) -> None:
        """Start thinking; the decision arrives through the relay's ``decided`` signal."""
        self._pool.start(_ThinkJob(self._relay, epoch, seat, player, view))

    def clear(self) -> None:
        """Drop the jobs that have not started."""
        self._pool.clear()

    def stop(self, players: list[Player], timeout_ms: int = 3000) -> bool:
        """Drop queued jobs, cancel the thinking one and wait for it; False on timeout."""
        self._pool.clear()
        for player in players:
            player.retire()  # also stops a decision that has not quite started yet
        return bool(self._pool.waitForDone(timeout_ms))
