"""Expert level: the hard level's search, stronger in every part the time budget allows.

- more sampled deals (fewer at Belmont's longer tables, as the hard level's), spread over
  every core (a small pool of worker processes; inside a
  worker process of another pool, such as the arena's with ``--jobs 2``, on that one core);
- deals weighted by how likely the opponents' plays so far were under the normal policy
  (policy-based inference: a deal in which they would have played otherwise counts less);
- the last tricks solved exactly in each deal (endgame.py) instead of played out, once nobody
  can make the moon any more;
- cards that are worth exactly the same (touching cards of a suit) searched once;
- the pass chosen by playing out the normal level's best candidate passes in sampled deals,
  with the other seats passing as the normal level would.

The deals are fixed by the seed and the view, so the decision is reproducible; the time cap
and cancellation only cut the search short on a slow or closing machine.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import wait as wait_futures
from typing import TypeVar

from ..engine.cardset import listed
from ..engine.view import PlayerView
from . import register
from .base import Decision
from .expert_search import (  # the search itself, compiled where it can be (native.py)
    CHUNK,
    DISCARD,
    FOLLOW,
    LEAD,
    TEMPER,
    evaluate_chunk,
    evaluate_passes,
    likelihood,
    playouts,
)
from .hints import Hint
from .normal import expect_pass
from .passing import moon_pass, pass_hint, rank_passes
from .processes import LazyPool, warm
from .search import SearchPlayer, equivalent_cards, table_deals
from .table import policy_rules

__all__ = [
    "CHUNK",
    "DISCARD",
    "FOLLOW",
    "LEAD",
    "TEMPER",
    "ExpertPlayer",
    "evaluate_chunk",
    "evaluate_passes",
    "likelihood",
    "playouts",
    "search_pool",
    "shutdown_pool",
]

T = TypeVar("T")

_SEARCH = LazyPool(lambda: os.cpu_count() or 1)


def search_pool() -> ProcessPoolExecutor | None:
    """The search processes of this process (started on first use), or None: search here.

    One per core, shared by the expert and the hard level: the window asks one computer at
    a time, so their searches never overlap (the coach, which reviews while a hand is
    played, has a process of its own).
    """
    return _SEARCH.get() if (os.cpu_count() or 1) > 1 else None


def shutdown_pool() -> None:
    """Stop the worker processes (at exit, or when the app closes)."""
    _SEARCH.shutdown()


class ExpertPlayer(SearchPlayer):
    """Inference-weighted Monte Carlo with exact endgames, on every core."""

    level = "expert"
    worlds = 720
    #: A safety net for a machine far slower than a loaded two-core one: at 1.3 s, the
    #: load cut the search at a different point each time, and so chose the cards.
    seconds = 20.0
    #: Candidate passes compared, and the deals each is played out in.
    pass_candidates = 8
    pass_worlds = 480

    def __init__(self, seed: int = 0, *, parallel: bool = True) -> None:
        super().__init__(seed)
        self.parallel = parallel

    def warm_up(self) -> None:
        """Start the search processes now (a game begins), so its first search has them."""
        pool = search_pool() if self.parallel else None
        if pool is not None:
            warm(pool, os.cpu_count() or 1, ready)

    def choose_pass(self, view: PlayerView) -> Decision:
        """The normal level's best candidate passes, compared by playing them out."""
        expect_pass(view)
        rng = self.rng(view)
        pr = policy_rules(view.rules)
        offset = view.rules.pass_offset(view.pass_direction)
        candidates = [mask for _, mask in rank_passes(pr, view.hand, offset, rng.getrandbits(32))]
        candidates = candidates[: self.pass_candidates]
        moon = moon_pass(pr, view.hand)
        if moon and moon not in candidates:
            candidates.append(moon)
        seeds = [rng.getrandbits(64) for _ in range(_chunks(view, self.pass_worlds))]
        tasks = [(evaluate_passes, (view, candidates, seed, CHUNK)) for seed in seeds]
        parts = self._run(tasks)
        if not parts:  # cancelled before any deal was played out
            return self._normal.choose_pass(view)
        totals = [sum(part[i] for part in parts) for i in range(len(candidates))]
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        mask = candidates[best]
        hint = Hint.PASS_FOR_MOON if mask == moon else pass_hint(pr, view.hand, mask)
        return Decision(tuple(listed(mask)), hint)

    def search(self, view: PlayerView, legal: Sequence[int]) -> dict[int, float]:
        """Weighted mean utility of each legal card over the sampled deals."""
        rng = self.rng(view)
        seeds = [rng.getrandbits(64) for _ in range(_chunks(view, self._worlds(view, legal)))]
        sums = _merge(self._run([(evaluate_chunk, (view, seed, CHUNK)) for seed in seeds]))
        return {c: (t / w if w else 0.0) for c, (t, w) in sums.items()}

    def _worlds(self, view: PlayerView, legal: Sequence[int]) -> int:
        """Deals to search: all of them for up to four distinct choices, fewer for more.

        The playouts per decision stay about even, and the time cap rarely decides.
        """
        choices = len(set(equivalent_cards(view, legal).values()))
        return max(self.worlds // 2, self.worlds * 4 // max(choices, 4))

    def _run(self, tasks: Sequence[tuple[Callable[..., T], tuple[object, ...]]]) -> list[T]:
        """The results of the tasks finished before the deadline or a cancel, in order."""
        pool = search_pool() if self.parallel else None
        seconds = self.seconds
        if self.parallel and pool is None:
            # The cap is set for the deals shared out over every core. Searched on one (in an
            # arena worker, as many of which run as cores are given), they get the time of
            # all: the same deals are searched, so the arena's expert plays the same cards
            # whatever its --jobs, unless the machine is too slow for either.
            seconds *= os.cpu_count() or 1
        deadline = time.perf_counter() + seconds
        if pool is None:
            results = []
            for function, args in tasks:
                results.append(function(*args))
                if self.cancelled or time.perf_counter() > deadline:
                    break
            return results
        futures = [pool.submit(function, *args) for function, args in tasks]
        return _collect(futures, deadline, lambda: self.cancelled)


def ready() -> None:
    """In a search process: nothing; unpickled, it has loaded this module and the search."""


def _chunks(view: PlayerView, worlds: int) -> int:
    """How many tasks of CHUNK deals search ``worlds`` four-seat deals at the view's table
    (fewer deals at six and eight seats, whose playouts are longer; at least one task)."""
    return max(1, table_deals(view.rules, worlds) // CHUNK)


def _collect(futures: list[Future[T]], deadline: float, cancelled: Callable[[], bool]) -> list[T]:
    """The finished results in submission order, waiting until done, deadline or cancel."""
    pending = set(futures)
    while pending and not cancelled() and time.perf_counter() < deadline:
        _, pending = wait_futures(pending, timeout=0.05)
    for future in pending:
        future.cancel()
    return [f.result() for f in futures if f.done() and not f.cancelled()]


def _merge(parts: list[dict[int, tuple[float, float]]]) -> dict[int, tuple[float, float]]:
    merged: dict[int, tuple[float, float]] = {}
    for part in parts:
        for card, (total, weight) in part.items():
            old_total, old_weight = merged.get(card, (0.0, 0.0))
            merged[card] = (old_total + total, old_weight + weight)
    return merged


register("expert", ExpertPlayer)
