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
from dataclasses import dataclass, field
from typing import Final

from ..engine.cards import QUEEN_OF_SPADES, cards_of
from ..engine.cardset import COPY_SHIFT
from ..engine.hand import HandState
from ..engine.scoring import set_points
from ..engine.view import PlayerView
from .endgame import solvable, solve
from .expert import likelihood
from .expert_search import after_passes, pass_worlds
from .normal import world_policy
from .sampling import barred_cards, known_cards, sample_hands
from .search import Stakes, equivalent_cards, playout

#: What one deal played out after a choice came to, for the seat (the coach's reasons,
#: ``search_reasons.py``): whether it won the trick of the decision, the points of that trick
#: it took, the points it took in the later tricks, whether it took the Q♠ (0 or 1), and the
#: moon (0: nobody took every point card, 1: the seat did, 2: another seat did). A pass has
#: no trick of its own: its facts are 0, 0, the hand's points, the queen, the moon.
Facts = tuple[int, int, int, int, int]
#: The Q♠, either copy (two decks at eight seats).
_QUEENS: Final = 1 << int(QUEEN_OF_SPADES) | 1 << (int(QUEEN_OF_SPADES) + COPY_SHIFT)


@dataclass(frozen=True)
class Samples:
    """Each choice's value in every sampled deal, and each deal's weight (the same deals
    for every choice: two choices are compared deal by deal)."""

    weights: tuple[float, ...]
    #: Per choice (a card, or a pass as a card set), its value in each deal.
    values: dict[int, tuple[float, ...]]
    #: Per choice, what each deal came to (``Facts``; empty where not recorded).
    facts: dict[int, tuple[Facts, ...]] = field(default_factory=dict)

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
        facts = parts[0].facts if parts else {}
        known = {c: tuple(f for part in parts for f in part.facts[c]) for c in facts}
        return Samples(weights, values, known)


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
    facts: dict[int, list[Facts]] = {card: [] for card in legal}
    for _ in range(worlds):
        hands = sample_hands(view, rng, voids, known)
        weights.append(likelihood(view, hands))
        base = HandState.from_view(view, hands)
        exact = solve(base, stakes) if solvable(base) else None
        tried = {card: _played(base, card, view, stakes) for card in searched}
        for card in legal:
            value, outcome = tried[classes[card]]
            values[card].append(value if exact is None else exact[card])
            facts[card].append(outcome)
    return Samples(
        tuple(weights),
        {card: tuple(v) for card, v in values.items()},
        {card: tuple(f) for card, f in facts.items()},
    )


def _played(base: HandState, card: int, view: PlayerView, stakes: Stakes) -> tuple[float, Facts]:
    """``card`` played in ``base`` and the hand played out by the normal level's policy (as
    ``expert_search.playouts``): the value for the view's seat, and what the deal came to.
    (Where the deal is solved exactly the value is the solver's, the facts still these.)"""
    world = base.copy()
    world.play_unchecked(card)
    playout(world, world_policy)
    assert world.result is not None
    value = stakes.value(world.result.points, view.seat)
    return value, outcome_facts(world, view, len(view.plays) // view.rules.seats)


def outcome_facts(world: HandState, view: PlayerView, trick: int | None) -> Facts:
    """What the finished ``world`` came to for the view's seat (``Facts``); ``trick``: the
    index of the decision's trick (None for a pass)."""
    rules, seat, result = world.rules, view.seat, world.result
    assert result is not None
    values = rules.card_points
    total = set_points(values, result.taken[seat]) - set_points(values, view.taken[seat])
    won = now = 0
    if trick is not None and world.trick_winners[trick] == seat:
        seats = rules.seats
        won = 1
        now = sum(values[int(c) % COPY_SHIFT] for c in world.plays[trick * seats :][:seats])
    queens = result.taken[seat] & _QUEENS & ~view.taken[seat]  # (not one taken before)
    queen = 1 if values[QUEEN_OF_SPADES] > 0 and queens else 0
    moon = 0 if result.moon is None else 1 if result.moon == seat else 2
    return won, now, total - now, queen, moon


def pass_samples(
    view: PlayerView, candidates: Sequence[int], seed: int, worlds: int, stakes: Stakes
) -> Samples:
    """Each candidate pass's value in ``worlds`` deals, as ``evaluate_passes`` finds them."""
    values: dict[int, list[float]] = {mask: [] for mask in candidates}
    facts: dict[int, list[Facts]] = {mask: [] for mask in candidates}
    for hands, passes in pass_worlds(view, seed, worlds):
        for mine in candidates:
            passes[view.seat] = mine
            world = _passed_and_played(view, hands, passes)
            assert world.result is not None
            values[mine].append(stakes.value(world.result.points, view.seat))
            facts[mine].append(outcome_facts(world, view, None))
    return Samples(
        (1.0,) * worlds,
        {mask: tuple(v) for mask, v in values.items()},
        {mask: tuple(f) for mask, f in facts.items()},
    )


def played_out(
    view: PlayerView, hands: Sequence[int], passes: Sequence[int], stakes: Stakes
) -> float:
    """The value for the view's seat of the deal ``hands`` after ``passes``, played out by
    the normal level's policy at every seat."""
    world = _passed_and_played(view, hands, passes)
    assert world.result is not None
    return stakes.value(world.result.points, view.seat)


def _passed_and_played(view: PlayerView, hands: Sequence[int], passes: Sequence[int]) -> HandState:
    """The deal ``hands`` after ``passes``, played out by the normal level's policy."""
    rules, direction = view.rules, view.pass_direction
    holdings = after_passes(rules, direction, hands, passes)
    world = HandState.in_play(rules, view.dealer, direction, holdings)
    playout(world, world_policy)
    return world
