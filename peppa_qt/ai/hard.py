"""Hard level: flat Monte Carlo over deals consistent with what the seat has seen.

Every legal card is tried in each sampled deal and the hand is played out by the normal
level's fast policy; the card with the best mean relative utility is played. The number of
deals is fixed (so the same view and seed give the same move), fewer at the longer tables of
Belmont (``search.table_deals``); the time cap only guards slow machines. Passing uses the
normal level's judgement.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.view import PlayerView
from . import register
from .normal import world_policy
from .search import Budget, SearchPlayer, evaluate_plays, table_deals


class HardPlayer(SearchPlayer):
    """Monte-Carlo search with the normal policy in the playouts."""

    level = "hard"
    #: The cap is far above a decision's time on a loaded two-core machine (0.45 s cut
    #: searches there, so the load chose the card): the deals decide (issue 28).
    budget = Budget(worlds=160, seconds=10.0)

    def search(self, view: PlayerView, legal: Sequence[int]) -> dict[int, float]:
        """Mean utility of each legal card over the sampled deals."""
        budget = self._worlds(view, len(legal))
        return evaluate_plays(view, world_policy, budget, self.rng(view), lambda: self.cancelled)

    def _worlds(self, view: PlayerView, choices: int) -> Budget:
        # Fewer choices, more deals: the number of playouts per decision stays about even;
        # a table of six or eight, whose playouts are longer, searches fewer.
        worlds = max(self.budget.worlds // 2, self.budget.worlds * 4 // max(choices, 4))
        return Budget(table_deals(view.rules, worlds), self.budget.seconds)


register("hard", HardPlayer)
