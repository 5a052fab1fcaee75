"""The expert's evaluation kept deal by deal, so the coach can put a standard error on it.

``evaluate_chunk`` and ``evaluate_passes`` (expert.py) sum each choice's utility over their
deals, which is all a player needs. The coach (review.py) also needs to know how far a mean
can be trusted, and how far the difference of two means can: both come from the values of
each deal. The functions here draw the same deals in the same order and compute the same
values (a test holds their sums equal to the expert's), only they keep every deal's value.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.cards import cards_of
from ..engine.hand import HandState
from ..engine.view import PlayerView
from .endgame import solvable, solve
from .expert import likelihood, playouts
from .expert_search import after_passes, pass_worlds
from .normal import world_policy
from .sampling import barred_cards, known_cards, sample_hands
from .search import Stakes, equivalent_cards, playout


@dataclass(frozen=True)
class Samples:
    """Each choice's value in every sampled deal, and each deal's weight (the same deals
    for every choice: two choices are compared deal by deal)."""

    weights: tuple[float, ...]
    #: Per choice (a card, or a pass as a card set), its value in each deal.
    values: dict[int, tuple[float, ...]]

    def mean(self, choice: int) -> float:
        """The weighted mean value of ``choice``."""
        return _weighted(self.weights, self.values[choice])[0]

    def error(self, choice: int) -> float:
        """The standard error of ``choice``'s mean."""
        return _weighted(self.weights, self.values[choice])[1]

    def difference(self, better: int, worse: int) -> tuple[float, float]:
        """How much ``better`` is worth more than ``worse``, and the standard error of that
        difference: paired, deal by deal, so the luck of a deal shared by both cancels."""
        gaps = [b - w for b, w in zip(self.values[better], self.values[worse], strict=True)]
        return _weighted(self.weights, gaps)

    @staticmethod
    def joined(parts: Sequence[Samples]) -> Samples:
        """The deals of several parts, one after the other (every part has the same choices)."""
        weights = tuple(w for part in parts for w in part.weights)
        choices = parts[0].values if parts else {}
        values = {c: tuple(v for part in parts for v in part.values[c]) for c in choices}
        return Samples(weights, values)


def _weighted(weights: Sequence[float], values: Sequence[float]) -> tuple[float, float]:
    """The weighted mean of ``values`` and its standard error (the ratio estimator's, with
    n / (n − 1) so that equal weights give the usual standard error of a mean)."""
    total = sum(weights)
    count = len(values)
    if not count or total <= 0:
        return 0.0, 0.0
    mean = sum(w * v for w, v in zip(weights, values, strict=True)) / total
    if count < 2:  # noqa: PLR2004  (one deal: no spread to measure)
        return mean, 0.0
    spread = sum((w * (v - mean)) ** 2 for w, v in zip(weights, values, strict=True))
    return mean, math.sqrt(spread * count / (count - 1)) / total


def play_samples(view: PlayerView, seed: int, worlds: int, stakes: Stakes) -> Samples:
    """Each legal card's value in ``worlds`` deals, as ``evaluate_chunk`` finds them."""
    rng = random.Random(seed)
    legal = cards_of(view.legal)
    classes = equivalent_cards(view, legal)
    searched = sorted(set(classes.values()))
    voids, known = barred_cards(view), known_cards(view)
    weights: list[float] = []
    values: dict[int, list[float]] = {card: [] for card in legal}
    for _ in range(worlds):
        hands = sample_hands(view, rng, voids, known)
        weights.append(likelihood(view, hands))
        base = HandState.from_view(view, hands)
        if solvable(base):
            found = solve(base, stakes)
        else:
            tried = playouts(base, searched, view.seat, stakes)
            found = {card: tried[classes[card]] for card in legal}
        for card in legal:
            values[card].append(found[card])
    return Samples(tuple(weights), {card: tuple(v) for card, v in values.items()})


def pass_samples(
    view: PlayerView, candidates: Sequence[int], seed: int, worlds: int, stakes: Stakes
) -> Samples:
    """Each candidate pass's value in ``worlds`` deals, as ``evaluate_passes`` finds them."""
    values: dict[int, list[float]] = {mask: [] for mask in candidates}
    for hands, passes in pass_worlds(view, seed, worlds):
        for mine in candidates:
            passes[view.seat] = mine
            values[mine].append(played_out(view, hands, passes, stakes))
    return Samples((1.0,) * worlds, {mask: tuple(v) for mask, v in values.items()})


def played_out(
    view: PlayerView, hands: Sequence[int], passes: Sequence[int], stakes: Stakes
) -> float:
    """The value for the view's seat of the deal ``hands`` after ``passes``, played out by
    the normal level's policy at every seat."""
    rules, direction = view.rules, view.pass_direction
    holdings = after_passes(rules, direction, hands, passes)
    world = HandState.in_play(rules, view.dealer, direction, holdings)
    playout(world, world_policy)
    assert world.result is not None
    return stakes.value(world.result.points, view.seat)
