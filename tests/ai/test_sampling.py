"""Sampled deals of the unseen cards: what a seat knows is kept, a location prior is followed."""

from __future__ import annotations

import random
from types import ModuleType

from peppa_qt.ai.passing import choose_pass
from peppa_qt.ai.sampling import sample_hands, shown_voids
from peppa_qt.ai.table import policy_rules
from peppa_qt.engine import HandState, PassDirection, RuleSet
from peppa_qt.engine.cards import cards_of, mask_of
from peppa_qt.engine.view import hand_view


def passed_normally(
    rules: RuleSet, rng: random.Random, direction: PassDirection, aikit: ModuleType
) -> HandState:
    """A fresh hand whose four seats passed as the normal level does."""
    hand = HandState(rules, rng.randrange(4), aikit.deal(rules, rng), direction, track_undo=False)
    pr = policy_rules(rules)
    choices = [
        choose_pass(pr, hand.hands[s], rules.pass_offset(direction), rng.getrandbits(32))[0]
        for s in range(4)
    ]
    for seat, mask in enumerate(choices):
        hand.pass_cards(seat, cards_of(mask))
    return hand


def test_deals_drawn_with_a_prior_follow_it_and_keep_to_what_is_known(
    aikit: ModuleType,
) -> None:
    rules = RuleSet.preset("peppa")
    rng = random.Random("drawn")
    hand = passed_normally(rules, rng, PassDirection.RIGHT, aikit)
    for _ in range(9):  # two tricks and a card: voids may show
        hand.play(cards_of(hand.legal_mask())[-1])
    assert hand.to_move is not None
    view = hand_view(hand, hand.to_move)
    assert view.received is not None and view.passed is not None
    # A made-up prior: three unseen cards lie with the next seat, the rest elsewhere.
    favoured = (view.seat + 1) % 4
    voids = shown_voids(view)
    unseen = rules.deck_mask & ~view.hand & ~mask_of(view.plays) & ~view.passed
    chosen = mask_of(cards_of(unseen & ~voids[favoured])[-3:])
    prior = [[0.0 if chosen >> c & 1 else 1.0 for c in range(52)] for _ in range(4)]
    prior[favoured] = [1.0 if chosen >> c & 1 else 0.0 for c in range(52)]
    following = 0
    for _ in range(200):
        hands = sample_hands(view, rng, prior=prior)
        assert hands[view.seat] == view.hand
        for s in range(4):
            assert hands[s].bit_count() == view.counts[s]
            assert not hands[s] & voids[s]
        assert hands[view.pass_target] & view.passed == view.passed & ~mask_of(view.plays)
        following += hands[favoured] & chosen == chosen
    plain = sum(sample_hands(view, rng)[favoured] & chosen == chosen for _ in range(200))
    assert following > 150 and plain < 50, (following, plain)
