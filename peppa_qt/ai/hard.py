"""Hard level: flat Monte Carlo over deals consistent with what the seat has seen.

Every legal card is tried in each sampled deal and the hand is played out by the normal
level's fast policy; the card with the best mean relative utility is played. The number of
deals is fixed (so the same view and seed give the same move); the time cap only guards
slow machines. Passing uses the normal level's judgement.
"""

from __future__ import annotations

from ..engine.cards import CARDS, cards_of
from ..engine.view import PlayerView
from . import register
from .base import Decision, Player
from .normal import NormalPlayer, world_policy
from .search import Budget, best_card, evaluate_plays


class HardPlayer(Player):
    """Monte-Carlo search with the normal policy in the playouts."""

    level = "hard"
    budget = Budget(worlds=160, seconds=0.45)

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._normal = NormalPlayer(seed)

    def choose_pass(self, view: PlayerView) -> Decision:
        """Pass as the normal level does (its danger scores and void making)."""
        return self._normal.choose_pass(view)

    def choose_play(self, view: PlayerView) -> Decision:
        """The legal card with the best mean utility over the sampled deals."""
        legal = cards_of(view.legal)
        if len(legal) == 1:
            return Decision((legal[0],), "only_card")
        scores = evaluate_plays(
            view, world_policy, self._worlds(len(legal)), self.rng(view), lambda: self.cancelled
        )
        return Decision((CARDS[best_card(scores)],), "search")

    def _worlds(self, choices: int) -> Budget:
        # Fewer choices, more deals: the number of playouts per decision stays about even.
        worlds = max(self.budget.worlds // 2, self.budget.worlds * 4 // max(choices, 4))
        return Budget(worlds, self.budget.seconds)


register("hard", HardPlayer)
