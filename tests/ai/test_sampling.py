"""Sampled deals of the unseen cards: what a seat knows is kept, a location prior is followed."""

from __future__ import annotations

import random
from types import ModuleType

from peppa_qt.ai.passing import choose_pass
from peppa_qt.ai.sampling import sample_hands, shown_voids, shuffle, weighted_index
from peppa_qt.ai.table import policy_rules
from peppa_qt.engine import HandState, PassDirection, RuleSet
from peppa_qt.engine.cards import cards_of, mask_of
from peppa_qt.engine.cardset import covers, listed, minus, plus, set_of, size
from peppa_qt.engine.view import PlayerView, hand_view


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


def _played_by(view: PlayerView, seat: int) -> int:
    return set_of(c for i, c in enumerate(view.plays) if view.seat_of_play(i) == seat)


def test_belmont_deals_keep_the_copies_counts_voids_and_passed_cards(aikit: ModuleType) -> None:
    rng = random.Random("belmont-samples")
    checked = 0
    for rules in aikit.belmont_rules() * 3:
        _, view = aikit.random_position(rules, rng)
        if view.to_move is None:
            continue
        voids = shown_voids(view)
        for _ in range(20):
            hands = sample_hands(view, rng)
            assert hands[view.seat] == view.hand
            everything = set_of(view.plays)
            for s in range(rules.seats):
                assert size(hands[s]) == view.counts[s]
                assert not hands[s] & voids[s]
                everything = plus(everything, hands[s])
            assert everything == rules.deck_mask  # each copy once: none lost, none made
            if view.passed is not None and view.pass_target != view.seat:
                kept = minus(view.passed, _played_by(view, view.pass_target))
                assert covers(hands[view.pass_target], kept)  # both copies, if both went
        checked += 1
    assert checked > 20


def test_at_eight_no_seat_the_lead_passed_over_is_dealt_the_other_two_of_clubs() -> None:
    """Of two 2♣ holders the one nearer the dealer leads: the seats before the leader hold
    none (and a deal that gave them one would be replayed with another leader)."""
    rules = RuleSet.preset("belmont", {"pass_cycle": ["hold"]}, seats=8)
    rng = random.Random("two-clubs")
    seen = 0
    for seed in range(60):
        hand = HandState(rules, seed % 8, deal_of(rules, random.Random(seed)), PassDirection.HOLD)
        for _ in range(rng.randrange(1, 8)):
            hand.play(rng.choice(cards_of(hand.legal_mask())))
        view = hand_view(hand, hand.to_move)
        if view.hand & 1 or set_of(view.plays) >> 52 & 1:
            continue  # the seat holds the other 2♣, or both were played: nothing to place
        passed_over = []
        step = 1
        while (seat := rules.next_seat(view.dealer, step)) != view.first_lead:
            passed_over.append(seat)
            step += 1
        if not passed_over:
            continue
        seen += 1
        for _ in range(30):
            hands = sample_hands(view, rng)
            assert not any(hands[s] & 1 for s in passed_over)
    assert seen >= 10, seen


def deal_of(rules: RuleSet, rng: random.Random) -> list[int]:
    """A random deal of the rules' deck, copies dealt as cards."""
    deck = listed(rules.deck_mask)
    rng.shuffle(deck)
    size_ = rules.hand_size
    return [set_of(deck[s * size_ : (s + 1) * size_]) for s in range(rules.seats)]


def test_the_compiled_draws_are_random_s_own() -> None:
    """shuffle and weighted_index give what random.Random's shuffle and choices give, from
    the same draws: the deals of every search, and so its cards, stay as they were."""
    for seed in range(400):
        theirs, ours = random.Random(seed), random.Random(seed)
        cards = list(range(seed % 53))
        mine = cards[:]
        theirs.shuffle(cards)
        shuffle(ours, mine)
        assert mine == cards
        weights = [float((seed + k) % 4) for k in range(1 + seed % 6)]
        weights[-1] += 1.0  # never all 0
        seats = list(range(len(weights)))
        assert seats[weighted_index(ours, weights)] == theirs.choices(seats, weights)[0]
        assert ours.getstate() == theirs.getstate()
