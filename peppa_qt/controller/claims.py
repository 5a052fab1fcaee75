"""Finish the hand: when the rest of it is decided, the human may have it played out at once.

Whether it is decided is worked out from the human's own view (``view_settled_points``: every
deal of the cards they cannot see, every legal play-out), so being offered the claim tells
nothing of a hidden card. The check runs in a process of its own (ai/processes.py): at
Belmont's eight seats it once took 17 s (now at most a quarter of a second in the endings
benchmarks/claim.py meets), and in a thread of the window's process it holds the
interpreter's lock meanwhile, the table stalling. Where no process can be started it runs in
a worker thread.
"""

from __future__ import annotations

import contextlib
from concurrent.futures import BrokenExecutor, Executor, Future, ThreadPoolExecutor
from dataclasses import replace
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from ..ai.processes import LazyPool
from ..engine import Phase, PlayerView, view_of
from ..engine.claim import Points, view_settled_points
from .game_controller import GameController

#: The pause between the cards of a hand being finished (instead of the usual one).
FINISH_PAUSE_MS: Final = 120
#: The game (the controller's epoch), the hand, the cards played in it, and the seat to play:
#: a check's answer belongs to this one position. Without the game, an answer for the game
#: just left was offered in the new one when it reached the same hand, trick and seat.
Position = tuple[int, int, int, int]

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

_PROCESS = LazyPool(lambda: 1)


def _claim_process() -> ProcessPoolExecutor | None:
    """The claim checks' process, started with the first check (None: there is none).

    Its own, not the search levels' (expert.search_pool): a check that is no longer needed
    still runs to its end, and there it would take a core from the computers' next search,
    whose time cap would then cut its deals.
    """
    return _PROCESS.get()


class _Relay(QObject):
    """Lives in the GUI thread: the worker's answer arrives through it, queued."""

    checked = Signal(object, object)  # position, Points or None


class ClaimWatcher(QObject):
    """Offers "Finish the hand" to the only human when their view shows the rest decided,
    and plays it out (their cards too) with a short pause between cards."""

    #: Whether "Finish the hand" is offered now.
    changed = Signal(bool)

    def __init__(self, controller: GameController, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        #: Finish a decided hand without asking (a setting).
        self.automatic = False
        self._relay = _Relay(self)
        # Queued even from this thread: a check answered at once (its future already done when
        # its callback is added) came back inside the human_to_move it was asked in, and the
        # hand was finished for the human before the table had been told it was their turn.
        self._relay.checked.connect(self._on_checked, Qt.ConnectionType.QueuedConnection)
        self._executor: ThreadPoolExecutor | None = None
        self._asked: Position | None = None
        self._running: Future[Points | None] | None = None  # the check in the process
        self._offer: tuple[Position, Points] | None = None
        self._finishing = False
        self._pause: int | None = None  # the pause to go back to after finishing
        self._turn: Position | None = None  # the position the human was last asked to play in
        c = controller
        c.human_to_move.connect(self._on_human_to_move)
        c.card_played.connect(self._withdraw)
        for signal in (c.moves_taken_back, c.game_started, c.hand_dealt, c.hand_scored):
            signal.connect(self._reset)

    @property
    def offered(self) -> bool:
        """Whether the hand may be finished now."""
        return self._offer is not None and self._offer[0] == self._position()

    @property
    def finishing(self) -> bool:
        """The hand is being played out."""
        return self._finishing

    def points(self) -> Points | None:
        """The points the hand will give, when it may be finished now."""
        return self._offer[1] if self._offer is not None and self.offered else None

    def finish(self) -> bool:
        """Play the rest of the hand out, quickly (False: it is not decided, or not yet known)."""
        if not self.offered:
            return False
        self._finishing = True
        pace = self.controller.pace
        self._pause = pace.ai_pause_ms
        self.controller.pace = replace(pace, ai_pause_ms=min(pace.ai_pause_ms, FINISH_PAUSE_MS))
        self._set_offer(None)
        self._play_for_human()
        return True

    def shutdown(self) -> None:
        """No more checks (the window closes): the worker is let go."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    # ------------------------------------------------------------------ internals

    def _position(self) -> Position | None:
        match, hand = self.controller.match, self.controller.hand
        if match is None or hand is None or hand.phase is not Phase.PLAYING:
            return None
        seat = hand.to_move
        if seat is None:
            return None
        return self.controller.epoch, len(match.hands), len(hand.plays), seat

    def _on_human_to_move(self, seat: int, legal: object) -> None:
        self._turn = self._position()  # the human is asked: a card may be given for them now
        if self._finishing:
            QTimer.singleShot(0, self._play_for_human)
            return
        c = self.controller
        position = self._position()
        if len(c.humans()) != 1 or c.match is None or position is None or position[3] != seat:
            return
        if self._offer is not None and self._offer[0] == position:
            self.changed.emit(True)
            return
        if self._asked == position:
            return
        self._asked = position
        view = view_of(c.match, seat)  # the human's own view: nothing hidden goes in
        job = self._check(view)
        job.add_done_callback(lambda done: self._answered(position, done))

    def _check(self, view: PlayerView) -> Future[Points | None]:
        """The check of ``view`` started in the claim process, or in this watcher's thread."""
        if self._running is not None and not self._running.done():
            # An earlier position's check is still at work (at eight seats one took 17 s):
            # its answer is no longer wanted, and this one would wait behind it.
            _PROCESS.abandon()
        self._running = None
        executor: Executor | None = _claim_process()
        if executor is not None:
            try:
                self._running = executor.submit(view_settled_points, view)
                return self._running
            except BrokenExecutor:  # the process died (killed?): a new one next time
                _PROCESS.shutdown()
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="peppa-claim")
        return self._executor.submit(view_settled_points, view)

    def _answered(self, position: Position, job: Future[Points | None]) -> None:
        """In the worker thread: hand the answer over to the GUI thread."""
        if job.cancelled():
            return
        result = job.result() if job.exception() is None else None
        with contextlib.suppress(RuntimeError):  # the session is gone: nobody to tell
            self._relay.checked.emit(position, result)

    def _on_checked(self, position: Position, points: Points | None) -> None:
        if self._asked == position:
            self._asked = None
        if points is None or position != self._position() or self._finishing:
            return
        self._set_offer((position, points))
        if self.automatic:
            self.finish()

    def _play_for_human(self) -> None:
        """While finishing: the human's lowest legal card (any gives the same points)."""
        c = self.controller
        hand = c.hand
        if not self._finishing or hand is None or hand.phase is not Phase.PLAYING:
            return
        seat = hand.to_move
        if seat is None or not c.is_human(seat):  # a computer's turn: it plays by itself
            return
        if self._turn != self._position():  # played already (a forced card), or not yet asked
            return
        legal = hand.legal_mask()
        c.submit_play(seat, (legal & -legal).bit_length() - 1)

    def _set_offer(self, offer: tuple[Position, Points] | None) -> None:
        was = self._offer is not None
        self._offer = offer
        if was or offer is not None:
            self.changed.emit(offer is not None)

    def _withdraw(self, *_: object) -> None:
        self._set_offer(None)

    def _reset(self, *_: object) -> None:
        self._stop_finishing()
        self._asked = None
        self._set_offer(None)

    def _stop_finishing(self) -> None:
        if self._finishing and self._pause is not None:
            self.controller.pace = replace(self.controller.pace, ai_pause_ms=self._pause)
        self._finishing = False
        self._pause = None
