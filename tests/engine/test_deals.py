"""Deal numbers: a number gives exactly its four hands, a game's hands take their numbers one-way
from its seed, the fingerprint commits to the number, and a replayed deal has the same cards."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from peppa_qt.engine import Match, Phase, RuleSet, cards_of, format_cards, table_of
from peppa_qt.engine.deals import (
    LAST_DEAL_NUMBER,
    DealNumberError,
    NumberedDeal,
    deal_fingerprint,
    deal_from_number,
    deal_key,
    deal_number,
    fingerprint_matches,
    fingerprint_of,
    format_deal_number,
    parse_deal_number,
    rotate_deal,
)

numbers = st.integers(1, LAST_DEAL_NUMBER)


@given(numbers, st.sampled_from([52, 36]))
def test_a_number_gives_a_whole_deck_in_four_equal_hands_and_always_the_same(
    number: int, deck: int
) -> None:
    rules = RuleSet.preset("peppa", {"deck": deck})
    hands = deal_from_number(rules, number)
    assert [h.bit_count() for h in hands] == [rules.hand_size] * 4
    assert hands[0] | hands[1] | hands[2] | hands[3] == rules.deck_mask
    assert sum(hands) == rules.deck_mask  # disjoint
    assert deal_from_number(rules, number) == hands


def test_the_scheme_is_fixed_so_another_program_can_check_a_deal() -> None:
    """Version 1 of the scheme (docs/decisions.md): these values must never change."""
    rules = RuleSet.preset("hearts")
    assert format_cards(cards_of(deal_from_number(rules, 1)[0])) == (
        "8C AC 2D 3D 7D 2H 4H 5H 7H JH AH 6S QS"
    )
    assert format_deal_number(deal_number(7, 0)) == "9717-1623-1514"
    assert deal_key(7, 0) == "XJ4T-Y3M4-8FTY-S3KS"
    assert deal_fingerprint(7, 0) == "Z07DX-HPWCZ"
    assert fingerprint_matches(971716231514, deal_key(7, 0), deal_fingerprint(7, 0))


def test_neighbouring_numbers_and_hands_give_unrelated_deals() -> None:
    rules = RuleSet.preset("hearts")
    first, second = deal_from_number(rules, 1000), deal_from_number(rules, 1001)
    shared = sum((a & b).bit_count() for a, b in zip(first, second, strict=True))
    assert shared < 26  # about 13 by chance, 52 if the deals were alike
    numbers_of_a_game = {deal_number(42, i) for i in range(200)}
    assert len(numbers_of_a_game) == 200
    assert deal_number(42, 0) != deal_number(43, 0)


def test_text_forms_read_back_and_mistakes_are_named() -> None:
    assert format_deal_number(1) == "0000-0000-0001"
    assert parse_deal_number("1234-5678-9012") == 123456789012
    assert parse_deal_number(" 1234 5678 9012\n") == 123456789012
    for text, problem in (
        ("", "empty"),
        ("  - ", "empty"),
        ("1234-5678-901x", "characters"),
        ("١٢٣٤٥٦٧٨٩٠١٢", "characters"),  # Arabic-Indic digits: isdigit, not ASCII
        ("1234-5678-901", "length"),
        ("0000-0000-0000", "zero"),
    ):
        with pytest.raises(DealNumberError) as refused:
            parse_deal_number(text)
        assert refused.value.problem == problem
    for bad in (0, LAST_DEAL_NUMBER + 1, -5):
        with pytest.raises(ValueError):
            NumberedDeal(bad)
    with pytest.raises(TypeError):
        NumberedDeal(True)


@given(numbers, st.integers(0, 3))
def test_the_fingerprint_matches_its_number_only_with_its_key(number: int, index: int) -> None:
    key = deal_key(99, index)
    shown = fingerprint_of(number, key)
    assert len(shown) == 11 and shown[5] == "-"
    assert fingerprint_matches(number, key, shown.lower())
    other = number + 1 if number < LAST_DEAL_NUMBER else number - 1
    assert not fingerprint_matches(other, key, shown)
    assert not fingerprint_matches(number, deal_key(99, index + 1), shown)


def test_turning_the_seats_gives_each_seat_a_neighbours_cards() -> None:
    rules = RuleSet.preset("peppa")
    hands = deal_from_number(rules, 5)
    turned = NumberedDeal(5, 1).masks(rules)
    assert turned == rotate_deal(hands, 1) == [hands[3], hands[0], hands[1], hands[2]]
    assert NumberedDeal(5, 5).turned(4) == NumberedDeal(5, 1).turned(4) == NumberedDeal(5, 1)


def test_a_game_deals_each_hand_from_its_number_and_tells_it_only_when_scored() -> None:
    rules = RuleSet.preset("hearts")
    match = Match(rules, seed=123)
    hand = match.start_hand()
    assert list(hand.deal) == deal_from_number(rules, deal_number(123, 0))
    table = table_of(match)
    assert table.fingerprint == deal_fingerprint(123, 0)
    assert table.deal_number is None and table.deal_key is None
    rng = random.Random(1)
    for seat in range(4):
        hand.pass_cards(seat, rng.sample(cards_of(hand.hands[seat]), 3))
    while hand.phase is Phase.PLAYING:
        hand.play(rng.choice(cards_of(hand.legal_mask())))
        if hand.phase is Phase.PLAYING:
            assert table_of(match).deal_number is None
    scored = table_of(match)
    assert scored.deal_number == deal_number(123, 0) == match.deal_number(0)
    assert scored.deal_key is not None and scored.fingerprint is not None
    assert fingerprint_matches(scored.deal_number, scored.deal_key, scored.fingerprint)


def test_a_game_from_a_deal_number_deals_it_first_and_a_replay_gives_the_same_hands() -> None:
    rules = RuleSet.preset("peppa")
    original = Match(rules, seed=8)
    original.start_hand()
    number = original.deal_number(0)
    assert number is not None
    again = Match(rules, seed=9, dealer=original.hands[0].dealer, deal_numbers={0: number})
    assert again.start_hand().deal == original.hands[0].deal
    assert again.deal_number(0) == number and again.given_deals() == {0: NumberedDeal(number)}
    turned = Match(rules, seed=10, deal_numbers={0: NumberedDeal(number, 2)})
    assert list(turned.start_hand().deal) == rotate_deal(list(original.hands[0].deal), 2)
    assert original.given_deals() == {}


def test_a_hand_not_dealt_from_a_number_has_none_and_a_false_claim_is_refused() -> None:
    rules = RuleSet.preset("hearts")
    match = Match(rules, seed=3)
    deal = deal_from_number(rules, 77)
    match.start_hand(rotate_deal(deal, 1))
    assert match.deal_number(0) is None and match.deal_fingerprint(0) is None
    with pytest.raises(ValueError):
        match.adopt_numbered(0, NumberedDeal(77))
    match.adopt_numbered(0, NumberedDeal(77, 1))
    assert match.deal_number(0) == 77
