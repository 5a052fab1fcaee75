"""The coach's reviews worked out away from the window's thread, so the window never waits.

A review searches every decision of a seat again (ai/review.py): seconds of work. It runs
on a copy of the game replayed from its record, never on the live match, so the next hand
can be dealt and played meanwhile. A worker thread finds the decisions and hands each to
the coach's own worker process to be searched (ai/processes.py: a search in a thread of the
window's process would hold the interpreter's lock, and the animations would stall); where
no process can be started it searches them itself. Results come back through queued
signals, tagged with the job they answer: a review asked for again, or dropped, is ignored
when it arrives late. Finished reviews are kept for the session, so a hand reviewed once
opens again at once.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import BrokenExecutor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures import wait as wait_futures
from functools import partial
from multiprocessing import parent_process
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QObject, Signal

from ..ai.processes import LazyPool

if TYPE_CHECKING:  # the coach and the engine are loaded when a review is first asked for:
    # the first frame and the first deal wait for neither (tests/gui/test_first_frame.py)
    from ..ai.review import DecisionReview, HandReview, Position, ReviewBudget
    from ..engine import GameRecord, HandState, Match

T = TypeVar("T")

#: How often (seconds) the worker looks whether the review it waits for was dropped.
_POLL = 0.05
_PROCESS = LazyPool(lambda: 1)
#: How far the coach's process steps back once it reviews ahead (``os.nice``: on Linux's
#: scheduler a process 10 steps nicer gets about a tenth of a core a busy one wants).
AHEAD_NICENESS = 10
#: Whether this process has stepped back (one list per process: set in the coach's).
_NICED: list[bool] = []


def _coach_process() -> ProcessPoolExecutor | None:
    """The coach's worker process, started with the first review (None: there is none)."""
    return _PROCESS.get()


class StoppedError(Exception):
    """The review or hint was dropped: the worker ends it at the next step."""


class _Relay(QObject):
    """Lives in the GUI thread; the worker emits through it."""

    progressed = Signal(int, int, int)  # job, decisions done, decisions in all
    done = Signal(int, object)  # job, HandReview or the exception raised


class Reviewer(QObject):
    """Works out one review at a time in its own thread; keeps those finished."""

    #: (hand index, seat, decisions done, decisions in all)
    progressed = Signal(int, int, int, int)
    #: A review is ready (a HandReview).
    reviewed = Signal(object)
    #: A review could not be made (the error, for the log; the window says it in words).
    failed = Signal(int, int, str)

    def __init__(self, budget: ReviewBudget | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.budget = budget
        self._relay = _Relay(self)
        self._relay.progressed.connect(self._on_relay_progressed)
        self._relay.done.connect(self._on_relay_done)
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="peppa-review")
        self._job = 0
        self._asked: tuple[int, int] | None = None
        self._stop = threading.Event()
        self._cache: dict[tuple[int, int], HandReview] = {}
        #: Each decision reviewed so far (``review.decision_key``), by a review asked for or
        #: ahead of it while the hand was played (``prepare``): the worker's alone but for
        #: ``forget``'s clear.
        self._decided: dict[tuple[object, ...], DecisionReview] = {}
        #: Bumped when a review is asked for or the game changes: the reviews ahead queued
        #: before then stop (the one searched meanwhile is kept).
        self._ahead = 0
        self._ahead_jobs: list[Future[None]] = []

    def cached(self, hand: int, seat: int) -> HandReview | None:
        """The review of ``seat`` in ``hand`` if it is done already."""
        return self._cache.get((hand, seat))

    def kept(self) -> list[HandReview]:
        """The reviews done, in the order of their hands and seats."""
        return [self._cache[key] for key in sorted(self._cache)]

    def keep(self, review: HandReview) -> None:
        """Keep a review made before (read back from a saved game)."""
        self._cache[(review.hand, review.seat)] = review

    def kept_json(self) -> tuple[dict[str, Any], ...]:
        """The reviews done as JSON, for the saved game (cheap when there are none: the
        autosave runs after every trick)."""
        if not self._cache:
            return ()
        from ..ai.review_json import hand_to_dict

        return tuple({"seat": r.seat, **hand_to_dict(r)} for r in self.kept())

    def keep_json(self, match: Match, reviews: Sequence[dict[str, Any]]) -> None:
        """Keep the reviews a saved game kept, each checked against its game (one that does
        not fit, from another version or damaged, is left to be worked out again)."""
        if not reviews:
            return
        from ..ai.review_json import hand_from_dict

        for data in reviews:
            seat = data.get("seat")
            if not isinstance(seat, int) or not 0 <= seat < match.rules.seats:
                continue
            try:
                self.keep(hand_from_dict(match, seat, data))
            except ValueError:
                continue

    def forget(self) -> None:
        """A new game: drop the reviews kept and the one under way."""
        self.cancel()
        self._ahead += 1
        self._cache.clear()
        self._decided.clear()

    def prepare(self, match: Match, hand: int, seat: int) -> None:
        """Review ahead ``seat``'s decisions of ``hand`` taken so far (a hand in play: each
        decision is final once taken), so that the review asked at the hand's end is ready
        at once or soon. Nothing is told: a review not asked for is no review."""
        from ..engine import Phase

        live = match.hands[hand]
        if live.phase is Phase.PASSING and any(p is None for p in live.passes):
            return  # the pass is a decision once the exchange is done
        copy = live.copy()  # here in the GUI thread: the live hand goes on meanwhile
        history = tuple(r.points for r in match.results()[:hand])
        job = self._executor.submit(self._work_ahead, self._ahead, copy, hand, history, seat)
        self._ahead_jobs = [j for j in self._ahead_jobs if not j.done()] + [job]

    def working_ahead(self) -> bool:
        """Whether decisions are being reviewed ahead (``prepare``) now."""
        return any(not job.done() for job in self._ahead_jobs)

    def request(
        self,
        match: Match,
        hand: int,
        seat: int,
        *,
        hindsight: bool = True,
        seen: GameRecord | None = None,
    ) -> None:
        """Review ``seat`` in ``hand`` of ``match`` (a finished hand): ``reviewed`` at once
        when it is kept, otherwise once the worker is done. Without ``hindsight`` (a game
        at a networked table: the other hands are not the player's to see) no choice is
        compared with what every card known would have done. ``seen``: the game is known
        only as a record seen from ``seat`` (a table joined): the decisions come from it."""
        kept = self._cache.get((hand, seat))
        if kept is not None:
            self.reviewed.emit(kept)
            return
        if self._asked == (hand, seat):
            return  # under way already
        from ..engine import record_of, replay

        self.cancel()
        self._ahead += 1  # what was queued ahead waits: this one is asked for
        self._job += 1
        self._asked = (hand, seat)
        self._stop = threading.Event()
        # A copy, made here in the GUI thread: the live match goes on while the worker reads.
        # A game hosted elsewhere is a new copy at each view, never changed after (and its
        # stand-ins for the hidden cards would not replay as a record).
        copy = replay(record_of(match), track_undo=False) if hindsight else match
        found = None
        if seen is not None:
            from ..ai.review_seen import positions_seen

            found = positions_seen(seen, hand, seat)
        work = partial(self._work, hindsight=hindsight, found=found)
        self._executor.submit(work, self._job, self._stop, copy, hand, seat)

    def cancel(self) -> None:
        """Drop the review under way (its result, if it comes, is ignored)."""
        self._stop.set()
        self._asked = None

    def shutdown(self) -> None:
        """Stop the worker (the window closes)."""
        self.cancel()
        self._executor.shutdown(wait=False, cancel_futures=True)

    def _work(
        self,
        job: int,
        stop: threading.Event,
        match: Match,
        hand: int,
        seat: int,
        *,
        hindsight: bool = True,
        found: list[Position] | None = None,
    ) -> None:
        """In the worker thread (``found``: the decisions, when the game is known only as
        the seat saw it)."""
        from ..ai import review

        budget = self.budget or review.DEFAULT_BUDGET
        result: HandReview | Exception
        try:
            if found is None:
                found = review.positions(match, hand, seat)
            decisions = []
            for index, position in enumerate(found):
                decisions.append(self._decision(position, budget, stop, hindsight))
                with contextlib.suppress(RuntimeError):  # the window closed meanwhile
                    self._relay.progressed.emit(job, index + 1, len(found))
            result = review.HandReview(hand, seat, tuple(decisions))
        except StoppedError:
            return
        except Exception as error:  # a failed review must not kill the worker thread
            result = error
        with contextlib.suppress(RuntimeError):
            self._relay.done.emit(job, result)

    def _decision(
        self, position: Position, budget: ReviewBudget, stop: threading.Event, hindsight: bool
    ) -> DecisionReview:
        """One decision's review: the one made ahead, or searched now and kept."""
        from ..ai.review import decision_key

        if not hindsight:  # a networked table's: its worlds hold stand-ins, never kept
            return _searched(position, budget, stop, hindsight)
        key = decision_key(position)
        found = self._decided.get(key)
        if found is None:
            found = self._decided[key] = _searched(position, budget, stop)
        return found

    def _work_ahead(
        self,
        ahead: int,
        hand_state: HandState,
        hand: int,
        history: tuple[tuple[int, ...], ...],
        seat: int,
    ) -> None:
        """In the worker thread: the decisions not yet reviewed, until a review is asked
        for (the one under way is finished and kept: a review of this hand would want it)."""
        from ..ai import review

        budget = self.budget or review.DEFAULT_BUDGET
        never = threading.Event()
        try:
            for position in review.positions_so_far(hand_state, hand, history, seat):
                if ahead != self._ahead:
                    return
                key = review.decision_key(position)
                if key not in self._decided:
                    self._decided[key] = in_coach_process(_behind, (position, budget), never)
        except Exception:  # ahead of time: the review asked for meets it again and says it
            return

    def _on_relay_progressed(self, job: int, done: int, total: int) -> None:
        if job == self._job and self._asked is not None:
            self.progressed.emit(*self._asked, done, total)

    def _on_relay_done(self, job: int, result: object) -> None:
        if job != self._job or self._asked is None:
            return
        hand, seat = self._asked
        self._asked = None
        if isinstance(result, Exception):
            self.failed.emit(hand, seat, str(result))
        else:
            self._cache[(hand, seat)] = result  # type: ignore[assignment]
            self.reviewed.emit(result)


def _searched(
    position: Position, budget: ReviewBudget, stop: threading.Event, hindsight: bool = True
) -> DecisionReview:
    """One decision reviewed in the coach's process (here if it has none or it broke);
    ``StoppedError`` as soon as the review is dropped."""
    from ..ai.review import review_position

    return in_coach_process(review_position, (position, budget, hindsight), stop)


def _behind(position: Position, budget: ReviewBudget) -> DecisionReview:
    """A decision reviewed ahead of time, in the coach's process, which from then on gives
    way to the computers' searches (the player waits for those; a review only when asked).
    Never the window's own process (where there is no coach's process it runs here)."""
    if hasattr(os, "nice") and not _NICED and parent_process() is not None:
        with contextlib.suppress(OSError):
            os.nice(AHEAD_NICENESS)
        _NICED.append(True)
    from ..ai.review import review_position

    return review_position(position, budget)


def in_coach_process(
    function: Callable[..., T], args: tuple[object, ...], stop: threading.Event
) -> T:
    """``function(*args)`` in the coach's process (here if it has none or it broke), from a
    worker thread; ``StoppedError`` as soon as ``stop`` is set. The review and the hint
    (controller/hinter.py) take turns in that one process."""
    if stop.is_set():
        raise StoppedError
    process = _coach_process()
    if process is not None:
        try:
            future: Future[T] = process.submit(function, *args)
            while not wait_futures([future], timeout=_POLL).done:
                if stop.is_set():
                    future.cancel()  # if it has not started; its result is not waited for
                    raise StoppedError
            return future.result()
        except BrokenExecutor:  # the process died (killed?): this one here, a new one next
            _PROCESS.shutdown()
    return function(*args)
