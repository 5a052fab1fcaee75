"""The playout policy on raw masks: the normal level's play, without a PlayerView."""

from __future__ import annotations

import random
from types import ModuleType

from peppa_qt.ai.knowledge import knowledge_of
from peppa_qt.ai.normal import NormalPlayer, world_policy
from peppa_qt.ai.passing import rank_passes
from peppa_qt.ai.policy import policy_play, policy_rules
from peppa_qt.engine import Phase, cards_of
from peppa_qt.engine.cardset import covers, listed, set_of, size


def test_the_policy_on_masks_plays_what_the_normal_level_plays(aikit: ModuleType) -> None:
    rng = random.Random("policy")
    player = NormalPlayer(8)
    for rules in aikit.all_rules()[::2]:
        _, view = aikit.random_position(rules, rng)
        if view.to_move is None:
            continue
        know = knowledge_of(view)
        salt = player.rng(view).getrandbits(16)
        card = policy_play(
            policy_rules(rules),
            view.seat,
            view.hand,
            view.legal,
            view.trick,
            know.gone,
            view.taken,
            know.voids,
            view.totals,
            know.queen_at,
            salt,
        )
        assert player.decide(view).cards == (card,)


def test_world_policy_plays_whole_hands_legally(aikit: ModuleType) -> None:
    rng = random.Random("world")
    for rules in aikit.all_rules()[::5]:
        hand = aikit.random_hand(rules, rng)
        if hand.phase is Phase.PASSING:
            for seat in range(4):
                hand.pass_cards(seat, cards_of(hand.hands[seat])[-3:])
        while hand.phase is Phase.PLAYING:
            hand.play(world_policy(hand))  # play() refuses an illegal card


def test_the_pass_shortlist_offers_distinct_three_card_passes(aikit: ModuleType) -> None:
    rng = random.Random("shortlist")
    for rules in aikit.all_rules()[::11]:
        hand = aikit.random_hand(rules, rng).deal[0]
        ranked = rank_passes(policy_rules(rules), hand, 1)
        masks = [mask for _, mask in ranked]
        assert len(set(masks)) == len(masks) >= 10
        assert all(m.bit_count() == 3 and m & ~hand == 0 for m in masks)
        assert [score for score, _ in ranked] == sorted((s for s, _ in ranked), reverse=True)


def test_in_belmont_the_policy_on_masks_plays_what_the_normal_level_plays(
    aikit: ModuleType,
) -> None:
    rng = random.Random("belmont-policy")
    player = NormalPlayer(8)
    compared = 0
    for rules in aikit.belmont_rules() * 4:
        _, view = aikit.random_position(rules, rng)
        if view.to_move is None:
            continue
        know = knowledge_of(view)
        salt = player.rng(view).getrandbits(16)
        card = policy_play(
            policy_rules(rules),
            view.seat,
            view.hand,
            view.legal,
            view.trick,
            know.gone,
            view.taken,
            know.voids,
            view.totals,
            know.queen_at,
            salt,
        )
        assert player.decide(view).cards == (card,)
        compared += 1
    assert compared > 20


def test_world_policy_plays_whole_belmont_hands_legally(aikit: ModuleType) -> None:
    rng = random.Random("belmont-world")
    for rules in aikit.belmont_rules():
        hand = aikit.random_hand(rules, rng)
        if hand.phase is Phase.PASSING:
            for seat in range(rules.seats):
                hand.pass_cards(seat, listed(hand.hands[seat])[-3:])
        while hand.phase is Phase.PLAYING:
            hand.play(world_policy(hand))  # play() refuses an illegal card
        assert set_of(hand.plays) == rules.deck_mask


def test_the_belmont_pass_shortlist_offers_three_cards_held_as_often(aikit: ModuleType) -> None:
    rng = random.Random("belmont-shortlist")
    twice = 0
    for rules in aikit.belmont_rules() * 2:
        hand = aikit.random_hand(rules, rng).deal[0]
        ranked = rank_passes(policy_rules(rules), hand, rules.seats - 1)
        masks = [mask for _, mask in ranked]
        assert len(set(masks)) == len(masks) >= 10
        assert all(size(m) == 3 and covers(hand, m) for m in masks)
        twice += any(m >> 52 for m in masks)  # both copies of a card offered together
    assert twice
