"""The rules of a trick and of breaking hearts are decided in one place each."""

from __future__ import annotations

import random
from dataclasses import replace
from types import ModuleType

import pytest

from peppa_qt.ai.knowledge import shown_voids
from peppa_qt.ai.table import Table, policy_rules
from peppa_qt.engine import Card, Match, RuleSet, cards_of, record_of, view_of
from peppa_qt.engine.cards import HEARTS
from peppa_qt.engine.seat_record import view_from_seat_record
from peppa_qt.engine.trick import Trick, seat_of_play, trick_winner, tricks_of


def test_a_trick_names_its_seats_and_its_winner() -> None:
    cards = tuple(Card.parse(c) for c in ("5D", "KD", "AS", "9D"))
    counter = Trick(leader=2, cards=cards, direction=1, seats=4)
    assert counter.seats_in_order == (2, 3, 0, 1)
    assert counter.winner == 3  # K♦, the highest diamond; the A♠ does not follow
    clockwise = Trick(leader=2, cards=cards, direction=-1, seats=4)
    assert clockwise.seats_in_order == (2, 1, 0, 3) and clockwise.winner == 1
    assert Trick(2, cards[:2], 1, 4).winner is None and Trick(2, cards[:2], 1, 4).to_play == 0


@pytest.mark.parametrize("preset", ["peppa", "hearts"])
def test_tricks_and_seats_follow_the_engine_over_whole_hands(kit: ModuleType, preset: str) -> None:
    for seed in range(20):
        match = kit.random_game(preset, seed, end={"mode": "hands", "count": 1})
        hand = match.current
        tricks = tricks_of(hand.first_lead, hand.plays, hand.rules.direction, 4)
        assert [t.winner for t in tricks] == hand.trick_winners
        seats = [s for t in tricks for s in t.seats_in_order]
        assert seats == [hand.seat_of_play(i) for i in range(len(hand.plays))]
        assert seats == [
            seat_of_play(hand.first_lead, hand.trick_winners, i, hand.rules.direction, 4)
            for i in range(len(hand.plays))
        ]


def _heart_state_everywhere(rules: RuleSet, seed: int) -> int:
    """Play a random hand; after each card the engine, a seat's record and the AI agree.

    Returns how often a seat led a heart while hearts were not broken (the AI then knows it
    holds nothing else).
    """
    rng = random.Random(seed)
    match = Match(rules, seed)
    hand = match.start_hand()
    for seat in range(4):
        hand.pass_cards(seat, rng.sample(cards_of(hand.hands[seat]), 3))
    broken = False
    early_heart_leads = 0
    while hand.to_move is not None:
        card = rng.choice(cards_of(hand.legal_mask()))
        leader = hand.to_move
        if not hand.trick and card // 13 == HEARTS and not broken and hand.plays:
            early_heart_leads += 1
            hand.play(card)
            voids = shown_voids(view_of(match, (leader + 1) % 4))
            assert all(voids >> (4 * leader + suit) & 1 for suit in (0, 1, 3))
        else:
            hand.play(card)
        broken = broken or rules.breaks_hearts(card)
        assert hand.hearts_broken == broken
        seat = hand.to_move if hand.to_move is not None else 0
        seen = view_from_seat_record(record_of(match).seen_from(seat), seat)
        assert seen.hearts_broken == broken
    return early_heart_leads


def test_one_rule_decides_when_hearts_are_broken() -> None:
    """Changing the rule set's breakers changes the engine, the seat records and the AI alike."""
    early = 0
    for seed in range(30):
        rules = RuleSet.preset("hearts", {"queen_breaks_hearts": seed % 2 == 1})
        early += _heart_state_everywhere(rules, seed)
        # A made-up rule (only the A♥ breaks hearts) reaches every place that asks.
        early += _heart_state_everywhere(replace(rules, heart_breakers=1 << Card.parse("AH")), seed)
    assert early > 0


@pytest.mark.parametrize("preset", ["peppa", "torino", "hearts"])
def test_the_ais_reading_of_a_trick_in_progress_is_the_engines(preset: str) -> None:
    """The policy keeps its own quick reading of the trick; it must match the rules."""
    rules = RuleSet.preset(preset)
    folded = policy_rules(rules)
    rng = random.Random(preset)
    deck = cards_of(rules.deck_mask)
    for _ in range(2000):
        cards = rng.sample(deck, 4)
        played = rng.randint(1, 3)
        trick, rest = cards[:played], cards[played:]
        leader = rng.randrange(4)
        seat = (leader + played * rules.direction) % 4
        hand = (1 << rest[0]) | (1 << rng.choice([c for c in deck if c not in cards]))
        table = Table(folded, seat, hand, hand, trick, 0, (0, 0, 0, 0), 0, None, -1, 0)
        # Complete the trick with cards that cannot win: the winner so far takes it.
        led = trick[0] // 13
        losers = [c for c in deck if c // 13 != led and c not in trick][: 4 - played]
        assert table.winner == trick_winner(leader, trick + losers, rules.direction, 4)
        assert table.value == sum(rules.card_points[c] for c in trick)
