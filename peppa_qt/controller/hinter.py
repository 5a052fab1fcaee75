"""The hint worked out away from the window's thread: it is the coach's search, seconds long.

The hint (ai/teacher.py) searches the position as the coach will review it, with the coach's
budget: about as long as the expert thinks about a card. Its chunks of deals are spread over
the computers' search processes, one per core (``ai.expert.search_pool``; the coach's own
process where there is no pool), asked from a worker thread, and the answer comes
back through a queued signal tagged with the position it answers: a hint that arrives after
the player moved on, or was asked again elsewhere, is dropped.

A hint may be worked out ahead (``shown=False``): once a player has asked for one in a game,
each of their decisions is searched as it comes up, while they think and the cores are idle,
and kept; asking then shows it at once. The player moving on drops it (``drop_unless``), which
frees the processes for the computers.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures import wait as wait_futures
from concurrent.futures.process import BrokenProcessPool as BrokenExecutor
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from ..ai.processes import POLL
from ..engine import Phase
from .review import StoppedError, in_coach_process

if TYPE_CHECKING:
    from ..ai.review import Mapper, ReviewBudget
    from ..ai.review_values import Samples
    from ..engine.view import PlayerView
    from .game_controller import GameController


def human_decision(c: GameController) -> tuple[int, Phase, int, int] | None:
    """Which decision the human to act is at: hand, phase, cards played, seat (None: no
    human is to act). A hint answers one decision and is shown for that one only."""
    hand = c.hand
    if c.match is None or hand is None or not c.is_human(c.viewer) or c.covered:
        return None
    passing = hand.phase is Phase.PASSING and hand.passes[c.viewer] is None
    if not passing and hand.to_move != c.viewer:
        return None
    return (len(c.match.hands), hand.phase, len(hand.plays), c.viewer)


def _spread_hint(
    view: PlayerView, budget: ReviewBudget, stop: threading.Event
) -> tuple[object, ...] | None:
    """The hint worked out over the search processes; None where there are none, or one
    died (``StoppedError`` once ``stop`` is set)."""
    from ..ai.expert import search_pool  # (not at start: the expert loads when first needed)
    from ..ai.teacher import coach_hint

    pool = search_pool()
    if pool is None:
        return None
    try:
        return coach_hint(view, budget, _spread(pool, stop))
    except BrokenExecutor:
        return None


def _spread(pool: ProcessPoolExecutor, stop: threading.Event) -> Mapper:
    """The search's chunks spread over the computers' search processes (one per core: the
    hint is asked at a human's turn, while no computer searches), in the seeds' order, so
    the answer is the one the coach finds alone; ``StoppedError`` once ``stop`` is set."""

    def spread(chunk: Callable[[int], Samples], seeds: Sequence[int]) -> list[Samples]:
        futures = [pool.submit(chunk, seed) for seed in seeds]
        try:
            results = []
            for future in futures:
                while not wait_futures([future], timeout=POLL).done:
                    if stop.is_set():
                        raise StoppedError
                results.append(future.result())
            return results
        finally:
            for future in futures:
                future.cancel()  # (those not started: a hint dropped frees the processes)

    return spread


class _Relay(QObject):
    """Lives in the GUI thread; the worker emits through it."""

    done = Signal(int, object)  # job, (cards, reason) or the exception raised


class Hinter(QObject):
    """Works out one hint at a time in its own thread."""

    #: (the position asked for, the cards, the reason code)
    hinted = Signal(object, object, object)
    #: A hint could not be made (the error, for the log).
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._relay = _Relay(self)
        self._relay.done.connect(self._on_relay_done)
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="peppa-hint")
        self._job = 0
        self._asked: object | None = None
        #: Whether the hint under way is to be shown (False: worked out ahead, kept).
        self._shown = False
        #: The last hint worked out: its position and view (an undo can bring a position's
        #: tag back with other cards played), (cards, reason).
        self._kept: tuple[object, PlayerView, tuple[object, ...]] | None = None
        self._view: PlayerView | None = None
        self._stop = threading.Event()

    @property
    def asked(self) -> object | None:
        """The position whose hint is under way (None: none is)."""
        return self._asked

    def request(
        self, position: object, view: PlayerView, budget: ReviewBudget, *, shown: bool = True
    ) -> None:
        """Work out the hint for ``view`` (``position`` tags the answer); one under way for
        the same position goes on, one worked out already is shown at once. ``shown``
        False: worked out ahead, kept until asked for."""
        if self._kept is not None and self._kept[:2] == (position, view):
            if shown:  # (queued: the asker shows "looking…" first, then the hint replaces it)
                QTimer.singleShot(0, self, lambda: self._show_kept(position))
            return
        if self._asked == position:
            self._shown = self._shown or shown
            return
        self.cancel()
        self._job += 1
        self._asked = position
        self._shown, self._view = shown, view
        self._stop = threading.Event()
        self._executor.submit(self._work, self._job, self._stop, view, budget)

    def drop_unless(self, position: object) -> None:
        """Drop the hint under way unless it is for ``position`` (the player moved on)."""
        if self._asked is not None and self._asked != position:
            self.cancel()

    def cancel(self) -> None:
        """Drop the hint under way (its result, if it comes, is ignored)."""
        self._stop.set()
        self._asked = None

    def forget(self) -> None:
        """Drop the hint under way and the one kept (another game)."""
        self.cancel()
        self._kept = None

    def shutdown(self) -> None:
        """Stop the worker (the window closes)."""
        self.cancel()
        self._executor.shutdown(wait=False, cancel_futures=True)

    def _work(
        self, job: int, stop: threading.Event, view: PlayerView, budget: ReviewBudget
    ) -> None:
        """In the worker thread."""
        from ..ai.teacher import coach_hint

        result: tuple[object, ...] | Exception
        try:
            spread = _spread_hint(view, budget, stop)
            # No search processes, or one died: in the coach's process.
            result = spread or in_coach_process(coach_hint, (view, budget), stop)
        except StoppedError:
            return
        except Exception as error:  # a failed hint must not kill the worker thread
            result = error
        with contextlib.suppress(RuntimeError):  # the window closed meanwhile
            self._relay.done.emit(job, result)

    def _on_relay_done(self, job: int, result: object) -> None:
        if job != self._job or self._asked is None:
            return
        position, self._asked = self._asked, None
        if isinstance(result, Exception):
            if self._shown:
                self.failed.emit(str(result))
            return
        assert isinstance(result, tuple)
        assert self._view is not None
        self._kept = (position, self._view, result)
        if self._shown:
            self.hinted.emit(position, *result)

    def _show_kept(self, position: object) -> None:
        if self._kept is not None and self._kept[0] == position:
            self.hinted.emit(position, *self._kept[2])
