"""Every level answers every position of every rule set with a legal pass or play."""

from __future__ import annotations

import random
from types import ModuleType

import pytest

from peppa_qt.ai import make_player
from peppa_qt.ai.advice import suggest
from peppa_qt.ai.base import Player
from peppa_qt.ai.hints import Hint
from peppa_qt.engine import HandState, Phase
from peppa_qt.engine.cardset import covers, set_of
from peppa_qt.engine.view import hand_view

LEVELS = ("easy", "normal")


@pytest.mark.parametrize("level", LEVELS)
def test_random_positions_of_every_rule_combination_get_legal_answers(
    level: str, aikit: ModuleType
) -> None:
    rng = random.Random(level)
    player = make_player(level, seed=5)
    checked = 0
    for rules in aikit.all_rules():
        for _ in range(10):
            hand, view = aikit.random_position(rules, rng)
            decision = player.decide(view)
            assert decision.reason in set(Hint)
            if view.to_move is None:
                assert len(set(decision.cards)) == 3
                assert all(view.hand >> c & 1 for c in decision.cards)
                hand.pass_cards(view.seat, decision.cards)
            else:
                assert len(decision.cards) == 1
                hand.play(decision.cards[0])  # raises IllegalMove if the card is not legal
            checked += 1
    assert checked == 10 * len(aikit.COMBOS)


@pytest.mark.parametrize("level", LEVELS)
def test_whole_hands_between_computer_players_finish_under_every_rule_combination(
    level: str, aikit: ModuleType
) -> None:
    rng = random.Random(f"whole-{level}")
    for i, rules in enumerate(aikit.all_rules()):
        players = [make_player(level if s % 2 == i % 2 else "normal", seed=s) for s in range(4)]
        hand = aikit.random_hand(rules, rng)
        totals = aikit.random_totals(rng, rules)
        _play_out(hand, players, totals)
        assert hand.phase is Phase.SCORED


def _play_out(hand: HandState, players: list[Player], totals: tuple[int, ...]) -> None:
    if hand.phase is Phase.PASSING:
        for seat in range(hand.rules.seats):
            hand.pass_cards(seat, players[seat].decide(hand_view(hand, seat)).cards)
    while hand.to_move is not None:
        mover = hand.to_move
        hand.play(players[mover].decide(hand_view(hand, mover, totals=totals)).cards[0])


def test_hints_suggest_a_legal_move_with_a_known_reason(aikit: ModuleType) -> None:
    rng = random.Random("hints")
    for rules in aikit.all_rules()[::3]:
        hand, view = aikit.random_position(rules, rng)
        cards, reason = suggest(view)
        assert reason in set(Hint)
        if view.to_move is None:
            hand.pass_cards(view.seat, cards)
        else:
            hand.play(cards[0])


# --------------------------------------------------------------------------- Belmont


@pytest.mark.parametrize("level", LEVELS)
def test_random_belmont_positions_get_legal_answers(level: str, aikit: ModuleType) -> None:
    rng = random.Random(f"belmont-{level}")
    player = make_player(level, seed=5)
    for rules in aikit.belmont_rules() * 8:
        hand, view = aikit.random_position(rules, rng)
        decision = player.decide(view)
        assert decision.reason in set(Hint)
        if view.to_move is None:
            assert len(decision.cards) == 3
            assert covers(view.hand, set_of(decision.cards))  # a card twice only if held twice
            hand.pass_cards(view.seat, decision.cards)
        else:
            assert len(decision.cards) == 1
            hand.play(decision.cards[0])  # raises IllegalMove if the card is not legal


@pytest.mark.parametrize("level", LEVELS)
def test_whole_belmont_hands_at_six_and_eight_finish_with_every_card_dealt_once(
    level: str, aikit: ModuleType
) -> None:
    rng = random.Random(f"belmont-whole-{level}")
    for i, rules in enumerate(aikit.belmont_rules()):
        seats = rules.seats
        players = [make_player(level if s % 2 == i % 2 else "normal", seed=s) for s in range(seats)]
        hand = aikit.random_hand(rules, rng)
        _play_out(hand, players, aikit.random_totals(rng, rules))
        assert hand.phase is Phase.SCORED and hand.result is not None
        assert set_of(hand.plays) == rules.deck_mask
        if hand.result.moon is None:
            assert sum(hand.result.points) == rules.hand_total  # 56 at six, 86 at eight


def test_hints_in_belmont_suggest_a_legal_move(aikit: ModuleType) -> None:
    rng = random.Random("belmont-hints")
    for rules in aikit.belmont_rules() * 4:
        hand, view = aikit.random_position(rules, rng)
        cards, reason = suggest(view)
        assert reason in set(Hint)
        if view.to_move is None:
            hand.pass_cards(view.seat, cards)
        else:
            hand.play(cards[0])
