"""A computer at a seat: its player thinks in a worker thread, and answers for itself.

The worker is a ``concurrent.futures`` thread shared by the computers of a table
(``Thinkers``: one decision at a time, as the search levels spread their own work over
processes). Its answer comes back to the loop's thread through the scheduler. A decision that
failed or broke the rules is replaced by a safe legal one, so a broken player never stops
the game.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor, wait

from ..ai.base import Decision, Player
from ..engine.cardset import covers, listed, set_of
from .clock import Scheduler
from .seats import Request, Seat

log = logging.getLogger(__name__)


class Thinkers:
    """One worker thread in which the computers of a table decide, one decision at a time."""

    def __init__(self) -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="peppa-think")
        self._jobs: set[Future[None]] = set()

    def submit(self, job: Callable[[], None]) -> Future[None]:
        """Run ``job`` in the worker, after the ones before it."""
        future = self._executor.submit(job)
        self._jobs.add(future)
        future.add_done_callback(self._jobs.discard)
        return future

    def busy(self) -> bool:
        """Whether a decision is under way or waiting."""
        return bool(self._jobs)

    def stop(self, timeout: float = 3.0) -> bool:
        """Drop the jobs not started, wait for the one running (its player cancelled by
        now); False if it is still running after ``timeout`` seconds."""
        for job in list(self._jobs):
            job.cancel()
        _, running = wait(list(self._jobs), timeout=timeout)
        self._executor.shutdown(wait=False)  # its thread ends once idle
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="peppa-think")
        return not running


class ComputerSeat(Seat):
    """A computer player at a seat: asked ahead, paced, and never answering illegally."""

    asks_ahead = True
    paced = True

    def __init__(self, player: Player, thinkers: Thinkers, scheduler: Scheduler) -> None:
        self.player = player
        self._thinkers = thinkers
        self._scheduler = scheduler
        self._jobs: dict[Request, Future[None]] = {}

    def ask(self, request: Request) -> None:
        """Think about ``request`` in the worker; the answer comes on the loop's thread."""
        job = self._thinkers.submit(lambda: self._think(request))
        self._jobs[request] = job
        job.add_done_callback(lambda _: self._jobs.pop(request, None))

    def withdraw(self, request: Request) -> None:
        """Stop thinking about ``request``: dropped if not started, else cancelled."""
        job = self._jobs.pop(request, None)
        if job is not None and not job.cancel():
            self.player.cancel()

    def close(self) -> None:
        """The game is over or left: the player stops for good (its processes too)."""
        self.player.retire()

    def _think(self, request: Request) -> None:
        """In the worker thread: decide, and post the decision to the loop's thread."""
        result: Decision | Exception
        try:
            result = self.player.decide(request.view)
        except Exception as error:  # a broken player must not kill the worker thread
            result = error
        self._scheduler.call_soon(lambda: self._decided(request, result))

    def _decided(self, request: Request, result: Decision | Exception) -> None:
        if not request.open:
            return  # withdrawn meanwhile: the game has moved on
        refusal = request.answer(checked(request, result))
        if refusal is not None:  # the checked fallback is legal: this is a bug of ours
            log.error("seat %d: the loop refused a checked decision: %s", request.seat, refusal)


def checked(request: Request, result: object) -> tuple[int, ...]:
    """The player's cards, or a safe legal choice if it failed or broke the rules."""
    view = request.view
    # A pass: cards of the hand (two copies of a card may go); a play: one legal card.
    allowed = view.hand if request.passing else view.legal
    size = view.rules.pass_size if request.passing else 1
    if isinstance(result, Decision) and _fits(result.cards, allowed, size):
        return tuple(result.cards)
    cards = listed(allowed)
    fallback = tuple(cards[-size:]) if request.passing else (cards[0],)
    log.warning("seat %d: computer player failed (%r); playing %s", view.seat, result, fallback)
    return fallback


def _fits(cards: Sequence[int], allowed: int, size: int) -> bool:
    """Whether ``cards`` are ``size`` cards that ``allowed`` (a card set) holds, copies counted."""
    try:
        return len(cards) == size and covers(allowed, set_of(cards))
    except (TypeError, ValueError):  # a third copy (CardSetError), or not cards at all
        return False
