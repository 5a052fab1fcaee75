"""Expert level: the hard level's search, stronger in every part the time budget allows.

- more sampled deals, spread over every core (a small pool of worker processes);
- deals weighted by how likely the opponents' plays so far were under the normal policy
  (policy-based inference: a deal in which they would have played otherwise counts less);
- the last tricks solved exactly in each deal (endgame.py) instead of played out.

The deals are fixed by the seed and the view, so the decision is reproducible; the time cap
and cancellation only cut the search short on a slow or closing machine.
"""

from __future__ import annotations

import atexit
import math
import os
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import wait as wait_futures
from multiprocessing import get_context

from ..engine.cards import cards_of
from ..engine.hand import HandState
from ..engine.view import PlayerView, world_from_view
from . import register
from .endgame import solvable, solve
from .normal import world_policy
from .sampling import known_cards, sample_hands, shown_voids
from .search import SearchPlayer, playout, utility

#: Chance that a player does not play what the normal policy would (inference model).
SURPRISE = 0.35
#: Likelihoods are raised to this power. Untempered, mid-hand weights collapse onto a few deals
#: (effective sample size 2–30 of 200, measured); at 0.25 it stays about 100–180 of 200.
TEMPER = 0.25
#: Deals per worker task: small enough that cancelling stops the search within ~0.1 s.
CHUNK = 12

_POOL: ProcessPoolExecutor | None = None


def likelihood(view: PlayerView, hands: list[int]) -> float:
    """How likely the other seats' plays of this hand were, if they held ``hands`` (tempered)."""
    holdings = list(hands)
    for index, card in enumerate(view.plays):
        holdings[view.seat_of_play(index)] |= 1 << card
    world = HandState.in_play(view.rules, view.dealer, view.pass_direction, holdings)
    log_weight = 0.0
    for index, card in enumerate(view.plays):
        if view.seat_of_play(index) != view.seat:
            choices = world.legal_mask().bit_count()
            if choices > 1:
                expected = world_policy(world)
                chance = 1 - SURPRISE if expected == card else SURPRISE / (choices - 1)
                log_weight += math.log(chance)
        world.play_unchecked(card)
    return math.exp(TEMPER * log_weight)


def evaluate_chunk(view: PlayerView, seed: int, worlds: int) -> dict[int, tuple[float, float]]:
    """Weighted utility sums (and weight totals) of each legal card over ``worlds`` deals."""
    rng = random.Random(seed)
    legal = cards_of(view.legal)
    sums: dict[int, tuple[float, float]] = dict.fromkeys(legal, (0.0, 0.0))
    voids, known = shown_voids(view), known_cards(view)
    for _ in range(worlds):
        hands = sample_hands(view, rng, voids, known)
        weight = likelihood(view, hands)
        base = world_from_view(view, hands)
        values = solve(base) if solvable(base) else _playouts(base, legal, view.seat)
        for card, value in values.items():
            total, weights = sums[card]
            sums[card] = (total + weight * value, weights + weight)
    return sums


def _playouts(base: HandState, legal: Sequence[int], seat: int) -> dict[int, float]:
    values = {}
    for card in legal:
        world = base.copy()
        world.play_unchecked(card)
        playout(world, world_policy)
        assert world.result is not None
        values[card] = utility(base.rules, world.result.points, seat)
    return values


def _pool() -> ProcessPoolExecutor | None:
    global _POOL  # noqa: PLW0603  (one pool per process, started on first use)
    cores = os.cpu_count() or 1
    if _POOL is None and cores > 1:
        try:
            _POOL = ProcessPoolExecutor(cores, mp_context=get_context("spawn"))
        except OSError:
            return None
        atexit.register(shutdown_pool)
    return _POOL


def shutdown_pool() -> None:
    """Stop the worker processes (at exit, or when the app closes)."""
    global _POOL  # noqa: PLW0603
    if _POOL is not None:
        _POOL.shutdown(wait=False, cancel_futures=True)
        _POOL = None


class ExpertPlayer(SearchPlayer):
    """Inference-weighted Monte Carlo with exact endgames, on every core."""

    level = "expert"
    worlds = 720
    seconds = 1.3

    def __init__(self, seed: int = 0, *, parallel: bool = True) -> None:
        super().__init__(seed)
        self.parallel = parallel

    def search(self, view: PlayerView, legal: Sequence[int]) -> dict[int, float]:
        """Weighted mean utility of each legal card over the sampled deals."""
        rng = self.rng(view)
        seeds = [rng.getrandbits(64) for _ in range(self.worlds // CHUNK)]
        sums = self._run(view, seeds)
        return {c: (t / w if w else 0.0) for c, (t, w) in sums.items()}

    def _run(self, view: PlayerView, seeds: list[int]) -> dict[int, tuple[float, float]]:
        pool = _pool() if self.parallel else None
        deadline = time.perf_counter() + self.seconds
        if pool is None:
            parts = []
            for seed in seeds:
                parts.append(evaluate_chunk(view, seed, CHUNK))
                if self.cancelled or time.perf_counter() > deadline:
                    break
            return _merge(parts)
        futures = [pool.submit(evaluate_chunk, view, seed, CHUNK) for seed in seeds]
        return _merge(_collect(futures, deadline, lambda: self.cancelled))


def _collect(
    futures: list[Future[dict[int, tuple[float, float]]]],
    deadline: float,
    cancelled: Callable[[], bool],
) -> list[dict[int, tuple[float, float]]]:
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
