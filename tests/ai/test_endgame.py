"""The exact endgame (ai/endgame.py): the values of a plain max-n search, at a bounded cost.

The expert solves the last three tricks of every deal it samples at four seats (two at six
and eight). Searched as a plain max-n tree, a hand copied at every node, its eleventh card
took 2.1 s on average where no other card took 0.9 s (issue 36). The search now leaves out
the cards worth exactly the next lower one and plays on the cards themselves; a deal drawn
twice for one decision is searched once. None of it may change a value.
"""

from __future__ import annotations

import random
from types import ModuleType

import pytest

from peppa_qt import native
from peppa_qt.ai import endgame, expert_search
from peppa_qt.ai.endgame import exact_tricks, solve
from peppa_qt.ai.expert_search import evaluate_chunk
from peppa_qt.ai.normal import world_policy
from peppa_qt.ai.sampling import barred_cards, known_cards, sample_hands
from peppa_qt.ai.search import Stakes
from peppa_qt.engine import HandState, Phase, RuleSet, cards_of
from peppa_qt.engine.cards import CARDS
from peppa_qt.engine.cardset import listed
from peppa_qt.engine.trick import trick_winner
from peppa_qt.engine.view import PlayerView, hand_view

#: Counting calls needs the module's own functions looked up at each call: a compiled
#: module calls another's directly (CI runs tests/ai in both builds).
PURE_ONLY = pytest.mark.skipif(native.compiled(), reason="counts calls of the pure build")


def _max_n(world: HandState, stakes: Stakes) -> tuple[float, ...]:
    """Every seat's value by a full max-n search: every legal card, lowest first, the
    first of equals kept (the solver as it was before issue 36, the oracle here)."""
    if world.phase is not Phase.PLAYING:
        assert world.result is not None
        return tuple(stakes.value(world.result.points, s) for s in range(world.rules.seats))
    seat = world.to_move
    assert seat is not None
    best: tuple[float, ...] | None = None
    for card in cards_of(world.legal_mask()):
        child = world.copy()
        child.play_unchecked(card)
        values = _max_n(child, stakes)
        if best is None or values[seat] > best[seat]:
            best = values
    assert best is not None
    return best


def _endgame(
    aikit: ModuleType, rules: RuleSet, rng: random.Random, early: int = 0
) -> tuple[HandState, Stakes]:
    """A random hand played at random to ``early`` cards before its exact endgame begins
    (0: just where it begins), and the stakes of a random game score."""
    hand = aikit.random_hand(rules, rng)
    if hand.phase is Phase.PASSING:
        for seat in range(rules.seats):
            hand.pass_cards(seat, rng.sample(listed(hand.hands[seat]), 3))
    left = rules.seats * exact_tricks(rules.seats) + early
    while rules.seats * rules.hand_size - len(hand.plays) > left:
        hand.play(CARDS[rng.choice(cards_of(hand.legal_mask()))])
    assert hand.to_move is not None
    totals = aikit.random_totals(rng, rules)
    return hand, Stakes.of(hand_view(hand, hand.to_move, 3, totals=totals))


def test_every_card_is_valued_as_a_full_max_n_search_values_it(aikit: ModuleType) -> None:
    """At every rule combination and Belmont table, from the first card of the exact
    endgame to its last tricks: the same value for every legal card, to the last digit."""
    rng = random.Random("endgame oracle")
    rules_sets = aikit.all_rules()[::4] + aikit.belmont_rules()
    for rules in rules_sets:
        for _ in range(2):
            world, stakes = _endgame(aikit, rules, rng, early=-rng.randrange(rules.seats * 2))
            seat = world.to_move
            assert seat is not None
            expected = {}
            for card in cards_of(world.legal_mask()):
                child = world.copy()
                child.play_unchecked(card)
                expected[card] = _max_n(child, stakes)[seat]
            assert solve(world.copy(), stakes) == expected, rules.name


@PURE_ONLY
def test_three_tricks_left_take_a_bounded_number_of_tricks_to_solve(
    aikit: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Forty four-seat endgames at their first card, and the tricks the solver plays to
    the end (each trick taken asks for its winner): the full tree took 838 a solve, the
    search without the cards worth the one below them 212."""
    taken = [0]

    def counted(leader: int, cards: list[int], direction: int, seats: int) -> int:
        taken[0] += 1
        return trick_winner(leader, cards, direction, seats)

    monkeypatch.setattr("peppa_qt.engine.hand.trick_winner", counted)  # a HandState's tricks
    monkeypatch.setattr(endgame, "trick_winner", counted, raising=False)
    rng = random.Random("endgame work")
    for index in range(40):
        rules = RuleSet.preset(("peppa", "torino", "hearts")[index % 3])
        world, stakes = _endgame(aikit, rules, rng)
        solve(world, stakes)
    assert taken[0] / 40 < 300


def _late_view(aikit: ModuleType) -> PlayerView:
    """A Hearts hand played by the normal policy to its last three tricks, as the seat to
    move sees it: few cards unseen, so the deals drawn repeat."""
    rules = RuleSet.preset("hearts", {"pass_cycle": ["hold"], "moon": "off"})
    world = aikit.random_hand(rules, random.Random("late view 1"))
    while len(world.plays) < 40:
        world.play(CARDS[world_policy(world)])
    assert world.to_move is not None
    assert endgame.solvable(world)  # every deal drawn is solved (no moon to make)
    return hand_view(world, world.to_move)


@PURE_ONLY
def test_a_deal_drawn_again_for_the_same_decision_is_not_searched_again(
    aikit: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = _late_view(aikit)
    seeds, worlds = (11, 12), 12
    drawn = set()
    for seed in seeds:  # the deals the two tasks draw, as they draw them
        rng = random.Random(seed)
        voids, known = barred_cards(view), known_cards(view)
        drawn |= {tuple(sample_hands(view, rng, voids, known)) for _ in range(worlds)}
    assert len(drawn) < len(seeds) * worlds  # some deals come twice
    solved: list[int] = []

    def counted(world: HandState, stakes: Stakes) -> dict[int, float]:
        solved.append(1)
        return solve(world, stakes)

    monkeypatch.setattr(expert_search, "solve", counted)
    monkeypatch.setattr(expert_search, "_DEALS", expert_search.DealValues())
    found = [evaluate_chunk(view, seed, worlds) for seed in seeds]
    assert len(solved) == len(drawn)
    # The same sums, to the last digit, as with every deal searched afresh.
    monkeypatch.setattr(expert_search, "_DEALS", _NoMemory())
    assert [evaluate_chunk(view, seed, worlds) for seed in seeds] == found
    assert len(solved) == len(drawn) + len(seeds) * worlds


class _Forgetful(dict[tuple[int, ...], tuple[float, dict[int, float]]]):
    """A table of deals that keeps none."""

    def __setitem__(self, key: tuple[int, ...], value: tuple[float, dict[int, float]]) -> None:
        """Keep nothing."""


class _NoMemory:
    """In place of ``expert_search._DEALS``: every deal is searched as if never seen."""

    def of(self, _view: PlayerView) -> _Forgetful:
        """A table that keeps nothing."""
        return _Forgetful()
