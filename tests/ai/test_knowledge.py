"""Card counting: what a seat can deduce from its view, and nothing more."""

from __future__ import annotations

import random
from types import ModuleType

from peppa_qt.ai.knowledge import knowledge_of
from peppa_qt.engine import HandState, PassDirection, RuleSet, cards_of, mask_of
from peppa_qt.engine.cards import CLUBS, DIAMONDS, HEARTS, SPADES
from peppa_qt.engine.cardset import FACES, plus, set_of
from peppa_qt.engine.view import hand_view

PEPPA = RuleSet.preset("peppa")
HEARTS_RULES = RuleSet.preset("hearts")


def test_unseen_cards_are_the_deck_minus_own_hand_and_plays(aikit: ModuleType) -> None:
    rng = random.Random(4)
    for rules in aikit.all_rules()[::7]:
        hand, view = aikit.random_position(rules, rng)
        know = knowledge_of(view)
        others = sum(hand.hands[s] for s in range(4) if s != view.seat)
        assert know.unseen == others
        assert know.gone == mask_of(view.plays)


def test_a_seat_that_did_not_follow_suit_is_known_void(aikit: ModuleType) -> None:
    view = aikit.staged(PEPPA, {0: "2C 3C", 2: "AS"}, "2C 5C AS", leader=0, voids={2: "C"})
    know = knowledge_of(view)
    assert know.is_void(2, CLUBS)
    assert not know.is_void(1, CLUBS) and not know.is_void(2, DIAMONDS)
    assert not know.may_hold(2) & aikit.mask("4C 6C KC")


def test_a_heart_led_before_hearts_are_broken_shows_a_hand_of_only_hearts(
    aikit: ModuleType,
) -> None:
    # Hearts rules, clockwise: 0 leads 2C, 3, 2, 1 follow; 1 wins and may lead hearts only if
    # it holds nothing else.
    plays = "2C 3C 4C AC 2H"
    hands = {1: "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"}
    view = aikit.staged(HEARTS_RULES, hands, plays, leader=0)
    know = knowledge_of(view)
    assert all(know.is_void(1, suit) for suit in (CLUBS, DIAMONDS, SPADES))
    assert not know.is_void(1, HEARTS)


def test_the_passed_queen_is_known_at_the_receiver_until_played(aikit: ModuleType) -> None:
    holdings = aikit._fill(PEPPA, {0: aikit.mask("QS KS AS 2C 3C 4C 5C 6C 7C 8C 9C TC JC")}, {})
    hand = HandState(PEPPA, 3, holdings, PassDirection.RIGHT)
    hand.pass_cards(0, aikit.parse_cards("QS KS AS"))
    for seat in (1, 2, 3):
        hand.pass_cards(seat, cards_of(hand.hands[seat])[:3])
    know = knowledge_of(hand_view(hand, 0))
    assert know.queen_at == 1
    assert know.held[1] == aikit.mask("QS KS AS")
    assert know.may_hold(2) & aikit.mask("QS KS AS") == 0


def test_the_queen_is_with_the_only_seat_that_still_has_spades(aikit: ModuleType) -> None:
    hands = {0: "2S 3C 4C", 1: "3S QS", 2: "2H", 3: "3H"}
    plays = "2S 3S 2H 3H"
    view = aikit.staged(PEPPA, hands, plays, leader=0, voids={2: "S", 3: "S"}, seat=0)
    assert knowledge_of(view).queen_at == 1


def test_points_and_the_moon_alarm_follow_the_cards_taken(aikit: ModuleType) -> None:
    hands = {0: "3S 4H 7H", 1: "AS AH KH", 2: "QS 2H 5H", 3: "2S 3H 6H"}
    plays = "AS QS 2S 3S AH 2H 3H 4H"
    know = knowledge_of(aikit.staged(PEPPA, hands, plays, leader=1))
    assert know.points == (0, 13 + 5 + 1 + 1 + 1, 0, 0)
    assert know.moon_runner == -1  # 21 of 36 points: not yet alarming
    plays += " KH 5H 6H 7H"
    assert knowledge_of(aikit.staged(PEPPA, hands, plays, leader=1)).moon_runner == 1
    calm = PEPPA.with_options(moon="off")
    assert knowledge_of(aikit.staged(calm, hands, plays, leader=1)).moon_runner == -1


def test_points_discarded_on_the_first_hearts_trick_show_a_hand_of_points(
    aikit: ModuleType,
) -> None:
    # Hearts rules: 0 leads 2C; 3 has no club and discards a heart, allowed only with nothing
    # but hearts and the Q♠ in hand.
    view = aikit.staged(HEARTS_RULES, {3: "2H"}, "2C 2H", leader=0, voids={3: "CDS"})
    know = knowledge_of(view)
    assert know.is_void(3, CLUBS) and know.is_void(3, DIAMONDS)
    assert not know.is_void(3, SPADES)  # it may still hold the Q♠


# --------------------------------------------------------------------------- Belmont


def test_in_belmont_unseen_and_outstanding_are_the_other_hands_with_copies(
    aikit: ModuleType,
) -> None:
    rng = random.Random("belmont-knowledge")
    for rules in aikit.belmont_rules() * 2:
        hand, view = aikit.random_position(rules, rng)
        know = knowledge_of(view)
        others = 0
        for s in range(rules.seats):
            if s != view.seat:
                others = plus(others, hand.hands[s])
        assert know.outstanding == others  # copies counted
        assert know.unseen == others & FACES
        assert know.gone == set_of(view.plays)


def test_at_eight_the_queen_is_placed_only_when_one_copy_is_out(aikit: ModuleType) -> None:
    eight = RuleSet.preset("belmont", {"pass_cycle": ["left"]}, seats=8)
    mine = "QS QS KS 2C 3C 4C 5C 6C 7C 8C 9C TC JC"
    holdings = aikit._fill(eight, {0: aikit.mask(mine)}, {})
    for given, expected in (("QS KS 2C", 7), ("QS QS KS", 7), ("KS 2C 3C", 0)):
        hand = HandState(eight, 3, holdings, PassDirection.LEFT)
        hand.pass_cards(0, aikit.parse_cards(given))
        for seat in range(1, 8):
            hand.pass_cards(seat, cards_of(hand.hands[seat])[:3])
        know = knowledge_of(hand_view(hand, 0))
        assert know.queen_at == expected, given  # seat 7 has ours; we hold both, or one each
        assert know.held[7] == aikit.mask(given)
    both_out = aikit._fill(eight, {1: aikit.mask("QS QS")}, {})
    hand = HandState(eight, 3, both_out, PassDirection.HOLD)
    assert knowledge_of(hand_view(hand, 0)).queen_at == -1


def test_a_heart_led_after_the_queen_broke_hearts_proves_nothing(aikit: ModuleType) -> None:
    # Belmont, six seats: seat 5 takes the first trick, then the Q♠ falls on a diamond and
    # seat 5 leads a heart. Where the Q♠ breaks hearts that is allowed with other suits.
    plays = "2C AC 3C 4C 5C 6C AD 2D 3D QS 4D 5D 7H"
    for breaks, hearts_only in ((True, False), (False, True)):
        rules = RuleSet.preset("belmont", {"queen_breaks_hearts": breaks}, seats=6)
        hands = {5: "AC AD 7H" if breaks else "AC AD 7H 8H 9H TH JH QH KH AH 2H 3H 4H"}
        voids = {2: "D"}
        view = aikit.staged(rules, hands, plays, leader=0, voids=voids, seat=0)
        know = knowledge_of(view)
        assert know.is_void(5, CLUBS) is hearts_only and know.is_void(5, SPADES) is hearts_only
