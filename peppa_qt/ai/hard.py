"""Hard level: flat Monte Carlo over deals consistent with what the seat has seen.

Every legal card is tried in each sampled deal and the hand is played out by the normal
level's fast policy; the card with the best mean relative utility is played. The number of
deals is fixed (so the same view and seed give the same move), fewer at the longer tables of
Belmont (``search.table_deals``); the time cap only guards slow machines. Passing uses the
normal level's judgement.

The search runs in one of the search processes (expert.search_pool), not in the caller's
thread: in a thread of the window's process it held the interpreter's lock so long that the
animations stalled (processes.py). It gets the same generator, deals and time cap there, so
it plays the same cards; where no process may be started (an arena's worker) it runs here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from concurrent.futures import BrokenExecutor

from ..engine.view import PlayerView
from . import register
from .expert import ready, search_pool, shutdown_pool
from .normal import world_policy
from .processes import waited, warm
from .search import Budget, SearchPlayer, evaluate_plays, table_deals


class HardPlayer(SearchPlayer):
    """Monte-Carlo search with the normal policy in the playouts."""

    level = "hard"
    #: The cap is far above a decision's time on a loaded two-core machine (0.45 s cut
    #: searches there, so the load chose the card): the deals decide (issue 28).
    budget = Budget(worlds=160, seconds=10.0)

    def __init__(self, seed: int = 0, *, parallel: bool = True) -> None:
        super().__init__(seed)
        #: Search in a search process (False: in the caller's thread, as an arena's worker).
        self.parallel = parallel

    def warm_up(self) -> None:
        """Start a search process now (a game begins), so the first search does not wait."""
        pool = search_pool() if self.parallel else None
        if pool is not None:
            warm(pool, 1, ready)

    def search(self, view: PlayerView, legal: Sequence[int]) -> dict[int, float]:
        """Mean utility of each legal card over the sampled deals."""
        budget = self._worlds(view, len(legal))
        rng = self.rng(view)
        pool = search_pool() if self.parallel else None
        if pool is not None:
            try:
                task = pool.submit(searched, view, budget.worlds, budget.seconds, rng)
                found = waited(task, lambda: self.cancelled)
            except BrokenExecutor:  # a process died (killed?): search here, a new pool next
                shutdown_pool()
            else:
                return {} if found is None else found  # None: cancelled
        return evaluate_plays(view, world_policy, budget, rng, lambda: self.cancelled)

    def _worlds(self, view: PlayerView, choices: int) -> Budget:
        # Fewer choices, more deals: the number of playouts per decision stays about even;
        # a table of six or eight, whose playouts are longer, searches fewer.
        worlds = max(self.budget.worlds // 2, self.budget.worlds * 4 // max(choices, 4))
        return Budget(table_deals(view.rules, worlds), self.budget.seconds)


def searched(view: PlayerView, worlds: int, seconds: float, rng: random.Random) -> dict[int, float]:
    """In a search process: the hard level's search of ``view`` (uncancelled: its time cap
    ends it; a cancelled caller no longer waits for it). The budget comes as numbers: the
    compiled ``Budget``, a frozen dataclass, cannot be unpickled."""
    return evaluate_plays(view, world_policy, Budget(worlds, seconds), rng)


register("hard", HardPlayer)
