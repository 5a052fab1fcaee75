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

import atexit
import math
import os
import random
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import wait as wait_futures
from dataclasses import replace
from multiprocessing import current_process, get_context, parent_process
from multiprocessing.connection import wait as wait_connections
from typing import TypeVar

from ..engine.cards import cards_of
from ..engine.cardset import add, listed, minus, plus, set_of
from ..engine.hand import HandState
from ..engine.view import PlayerView
from . import register
from .base import Decision
from .endgame import solvable, solve
from .hints import Hint
from .normal import expect_pass, world_policy
from .passing import choose_pass, moon_pass, pass_hint, rank_passes
from .sampling import barred_cards, known_cards, sample_hands
from .search import Policy, SearchPlayer, Stakes, equivalent_cards, playout, table_deals
from .table import policy_rules

T = TypeVar("T")

#: The opponent model of the inference: a player plays the normal policy's card with chance
#: LEAD (FOLLOW, DISCARD) more than a uniform pick among its k legal cards would give it.
#: Fitted to the search levels' own play (40 hands of four hard players per rule set): they
#: play the normal policy's card in 36–42% of their leads (chance alone: 18–21%), 43–45% of
#: their follows (35%) and 24–30% of their discards (27%, so a discard tells next to nothing).
#: The model they replace (the normal policy's card with chance 0.65 at every play) made
#: hard's search worse in Peppa: +2.2 relative points a deal (scripts/ai_parts.py, 165 deals).
LEAD, FOLLOW, DISCARD = 0.25, 0.13, 0.02
#: Likelihoods are raised to this power: the plays of one hand are not independent evidence.
TEMPER = 0.25
#: Deals per worker task: small enough that cancelling stops the search within ~0.1 s.
CHUNK = 12

_POOL: ProcessPoolExecutor | None = None


def likelihood(view: PlayerView, hands: list[int]) -> float:
    """How likely the other seats' plays of this hand were, if they held ``hands`` (tempered).

    Each play's chance is taken relative to a uniform pick among the legal cards, so only
    the normal policy's prediction tells deals apart, not how many cards a seat could play.
    """
    holdings = list(hands)
    for index, card in enumerate(view.plays):
        seat = view.seat_of_play(index)
        holdings[seat] = add(holdings[seat], card)
    # The hand at its first card, led by the seat that led it (not worked out again from the
    # holdings: a deal drawn without every constraint could have another seat lead, and the
    # plays would then be replayed by the wrong seats).
    start = replace(
        view,
        plays=(),
        trick_winners=(),
        taken=(0,) * view.rules.seats,
        hearts_broken=False,
        to_move=view.first_lead,
    )
    world = HandState.from_view(start, holdings)
    log_weight = 0.0
    for index, card in enumerate(view.plays):
        if view.seat_of_play(index) != view.seat:
            choices = world.legal_mask().bit_count()
            if choices > 1:
                trick = world.trick
                if not trick:
                    lean = LEAD
                elif card // 13 == trick[0] // 13:
                    lean = FOLLOW
                else:
                    lean = DISCARD
                chance = 1 - lean + (lean * choices if world_policy(world) == card else 0)
                log_weight += math.log(chance)  # times k: the uniform part counts alike
        world.play_unchecked(card)
    return math.exp(TEMPER * log_weight)


def evaluate_chunk(view: PlayerView, seed: int, worlds: int) -> dict[int, tuple[float, float]]:
    """Weighted utility sums (and weight totals) of each legal card over ``worlds`` deals."""
    rng = random.Random(seed)
    legal = cards_of(view.legal)
    classes = equivalent_cards(view, legal)
    searched = sorted(set(classes.values()))
    sums: dict[int, tuple[float, float]] = dict.fromkeys(legal, (0.0, 0.0))
    voids, known = barred_cards(view), known_cards(view)
    stakes = Stakes.of(view)
    for _ in range(worlds):
        hands = sample_hands(view, rng, voids, known)
        weight = likelihood(view, hands)
        base = HandState.from_view(view, hands)
        if solvable(base):
            values = solve(base, stakes)
        else:
            found = playouts(base, searched, view.seat, stakes)
            values = {card: found[classes[card]] for card in legal}
        for card, value in values.items():
            total, weights = sums[card]
            sums[card] = (total + weight * value, weights + weight)
    return sums


def evaluate_passes(
    view: PlayerView, candidates: Sequence[int], seed: int, worlds: int
) -> list[float]:
    """Utility sums of each candidate pass (a mask of three cards) over ``worlds`` deals.

    Each deal gives the unseen cards to the other seats at random; they pass as the normal
    level would (their choice does not depend on ours), and the hand is played out.
    """
    rng = random.Random(seed)
    rules, seat, direction = view.rules, view.seat, view.pass_direction
    offset = rules.pass_offset(direction)
    pr = policy_rules(rules)
    unseen = listed(minus(rules.deck_mask, view.hand))
    size = rules.hand_size
    seats = range(rules.seats)
    stakes = Stakes.of(view)
    sums = [0.0] * len(candidates)
    for _ in range(worlds):
        rng.shuffle(unseen)
        hands = [0] * len(seats)
        passes = [0] * len(seats)
        hands[seat] = view.hand
        others = [(seat + k) % len(seats) for k in range(1, len(seats))]
        for index, other in enumerate(others):
            hands[other] = set_of(unseen[index * size : (index + 1) * size])
            passes[other] = choose_pass(pr, hands[other], offset, rng.getrandbits(32))[0]
        for index, mine in enumerate(candidates):
            passes[seat] = mine
            holdings = [
                plus(minus(hands[s], passes[s]), passes[rules.giver(s, direction)]) for s in seats
            ]
            world = HandState.in_play(rules, view.dealer, view.pass_direction, holdings)
            playout(world, world_policy)
            assert world.result is not None
            sums[index] += stakes.value(world.result.points, seat)
    return sums


def playouts(
    base: HandState,
    legal: Sequence[int],
    seat: int,
    stakes: Stakes,
    policy: Policy = world_policy,
) -> dict[int, float]:
    """The value for ``seat`` of each card of ``legal`` played in ``base``, then played out."""
    values = {}
    for card in legal:
        world = base.copy()
        world.play_unchecked(card)
        playout(world, policy)
        assert world.result is not None
        values[card] = stakes.value(world.result.points, seat)
    return values


def _pool() -> ProcessPoolExecutor | None:
    """The worker pool of this process (started on first use), or None: search serially."""
    global _POOL  # noqa: PLW0603  (one pool per process, started on first use)
    if current_process().daemon:  # a pool's worker (the arena's) may start no processes
        return None
    cores = os.cpu_count() or 1
    if _POOL is None and cores > 1:
        try:
            _POOL = ProcessPoolExecutor(
                cores, mp_context=get_context("spawn"), initializer=_leave_with_parent
            )
        except OSError:
            return None
        atexit.register(shutdown_pool)
    return _POOL


def _leave_with_parent() -> None:
    """In a worker: exit as soon as the process that started the pool is gone.

    A pool is shut down when the app closes, but a crashed or killed app would otherwise
    leave its idle workers behind.
    """
    parent = parent_process()
    if parent is not None:
        sentinel = parent.sentinel

        def watch() -> None:
            wait_connections([sentinel])
            os._exit(0)

        threading.Thread(target=watch, name="leave-with-parent", daemon=True).start()


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
    #: Candidate passes compared, and the deals each is played out in.
    pass_candidates = 8
    pass_worlds = 480

    def __init__(self, seed: int = 0, *, parallel: bool = True) -> None:
        super().__init__(seed)
        self.parallel = parallel

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
        pool = _pool() if self.parallel else None
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
