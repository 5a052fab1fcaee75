"""Deal numbers: a number gives exactly its hands (four, or Belmont's six or eight with two
decks), a game's hands take their numbers one-way from its seed, the fingerprint commits to the
number, and a replayed deal has the same cards."""

from __future__ import annotations

import hashlib
import itertools
import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from peppa_qt.engine import CardSet, Match, Phase, RuleSet, cards_of, format_cards, table_of
from peppa_qt.engine.deals import (
    LAST_DEAL_NUMBER,
    LAST_LONG_DEAL,
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
    written_without_check,
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
    assert format_deal_number(deal_number(7, 0)) == "9717-1623-1514-81"
    # a number shown before check digits reads as the same number, so deals the same hands
    assert parse_deal_number("9717-1623-1514") == deal_number(7, 0) == 971716231514
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
    assert format_deal_number(1) == "0000-0000-0001-95"
    assert parse_deal_number("0000-0000-0001-95") == 1
    assert parse_deal_number(format_deal_number(123456789012)) == 123456789012
    assert parse_deal_number(" 1234 5678 9012\n") == 123456789012  # before check digits
    assert written_without_check("1234-5678-9012")
    assert not written_without_check(format_deal_number(123456789012))
    for text, problem in (
        ("", "empty"),
        ("  - ", "empty"),
        ("1234-5678-901x", "characters"),
        ("١٢٣٤٥٦٧٨٩٠١٢", "characters"),  # Arabic-Indic digits: isdigit, not ASCII
        ("1234-5678-901", "length"),
        ("0000-0000-0001-9", "length"),  # a check digit left out
        ("0000-0000-0001-59", "check"),
        ("0000-0000-0000", "zero"),
        ("0000-0000-0000-98", "zero"),  # its check digits match
    ):
        with pytest.raises(DealNumberError) as refused:
            parse_deal_number(text)
        assert refused.value.problem == problem
    for bad in (0, LAST_LONG_DEAL + 1, -5):  # (past LAST_DEAL_NUMBER: a networked table's)
        with pytest.raises(ValueError):
            NumberedDeal(bad)
    with pytest.raises(TypeError):
        NumberedDeal(True)


def _typos(text: str) -> Iterator[str]:
    """``text`` with each single digit changed, and each two of its digits swapped."""
    digits = [k for k, c in enumerate(text) if c.isdigit()]
    for k in digits:
        for other in "0123456789".replace(text[k], ""):
            yield text[:k] + other + text[k + 1 :]
    for k, after in itertools.combinations(digits, 2):
        if text[k] != text[after]:
            swapped = list(text)
            swapped[k], swapped[after] = text[after], text[k]
            yield "".join(swapped)


@given(numbers)
def test_a_digit_mistyped_or_two_swapped_is_refused_as_a_typo(number: int) -> None:
    """Every single-digit change and every swap of two digits (neighbours, across a dash, or
    apart) of a number as shown: none deals another deal."""
    shown = format_deal_number(number)
    assert parse_deal_number(shown) == number
    for typo in _typos(shown):
        with pytest.raises(DealNumberError) as refused:
            parse_deal_number(typo)
        assert refused.value.problem in {"check", "zero"}, typo


@given(numbers, st.integers(0, 13))
def test_a_digit_left_out_or_added_is_refused(number: int, place: int) -> None:
    digits = format_deal_number(number).replace("-", "")
    for typo in (digits[:place] + digits[place + 1 :], digits[:place] + "5" + digits[place:]):
        with pytest.raises(DealNumberError) as refused:
            parse_deal_number(typo)
        assert refused.value.problem == "length"


@given(numbers)
def test_a_number_written_before_check_digits_still_deals_its_deal(number: int) -> None:
    """Twelve digits, as the summary showed them before: the same number, the same hands."""
    old = f"{number:012d}"
    old = f"{old[:4]}-{old[4:8]}-{old[8:]}"
    assert parse_deal_number(old) == parse_deal_number(format_deal_number(number)) == number
    assert written_without_check(old)


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


# ------------------------------------------------ scheme version 2: N seats, two decks

#: Four-seat deals as the code before two decks dealt them (commit 5aa4049): scheme version 1
#: is version 2 at four seats, and these must never change.
VERSION_1 = [
    (
        "hearts",
        {},
        1,
        0,
        [
            "8C AC 2D 3D 7D 2H 4H 5H 7H JH AH 6S QS",
            "3C 5C 6C 7C TC JC KC 4D KD 8H TH 5S TS",
            "4C QC TD JD AD 3H 9H QH KH 2S 4S 9S JS",
            "2C 9C 5D 6D 8D 9D QD 6H 3S 7S 8S KS AS",
        ],
    ),
    (
        "peppa",
        {},
        123456789012,
        0,
        [
            "4C 6C JC QC 6D 9D JD 2H 4H 6H 5S 7S QS",
            "2C 9C TC 2D 3D AD 3H 5H JH QH KH AH 9S",
            "3C 7C 4D 5D 8D QD 8H 9H TH 6S TS JS AS",
            "5C 8C KC AC 7D TD KD 7H 2S 3S 4S 8S KS",
        ],
    ),
    (
        "torino",
        {"deck": 36},
        42,
        0,
        [
            "QC AC 7D TD 8H 9H 8S QS KS",
            "JC 6D 9D AD 6H TH AH 9S TS",
            "7C 8C KC 8D JD QD 7H JH KH",
            "6C 9C TC KD QH 6S 7S JS AS",
        ],
    ),
    (
        "hearts",
        {},
        LAST_DEAL_NUMBER,
        3,
        [
            "7C JC 5D 6D 7D 3H 8H QH KH 3S 5S JS QS",
            "TC AC 4D TD QD AD 2H 4H 9H 2S 6S 7S 8S",
            "3C 4C 9C QC 3D KD 5H 6H 7H TH JH 9S KS",
            "2C 5C 6C 8C KC 2D 8D 9D JD AH 4S TS AS",
        ],
    ),
    (
        "peppa",
        {},
        777,
        5,
        [
            "3C QC 4D 6D 7D JD KD TH JH 2S 7S 9S TS",
            "5C 9C JC 2D 5D 8D 9D QD 7H 8H KH 4S AS",
            "2C 4C 7C KC AC TD AD 3H 4H 6H 9H QH QS",
            "6C 8C TC 3D 2H 5H AH 3S 5S 6S 8S JS KS",
        ],
    ),
]


@pytest.mark.parametrize(("preset", "options", "number", "turn", "hands"), VERSION_1)
def test_a_version_1_number_deals_the_four_hands_it_always_dealt(
    preset: str, options: dict[str, int], number: int, turn: int, hands: list[str]
) -> None:
    rules = RuleSet.preset(preset, options)
    dealt = NumberedDeal(number, turn).turned(4).masks(rules)
    assert [format_cards(cards_of(h)) for h in dealt] == hands
    assert NumberedDeal(number, turn).masks(rules) == dealt


def scheme_version_2(number: int, seats: int) -> list[Counter[str]]:
    """docs/decisions.md's scheme version 2, step by step on card texts: the deck in index
    order with each card's twin right after it (six seats: hearts and diamonds twice), a
    Fisher–Yates shuffle from the last place down on SHA-256(peppa-deal:N:B)'s 32-bit words,
    unusable words skipped, 13 places per seat."""
    twice = {4: "", 6: "DH", 8: "CDHS"}[seats]
    deck = []
    for suit in "CDHS":
        for rank in "23456789TJQKA":
            deck += [rank + suit] * (2 if suit in twice else 1)

    def words() -> Iterator[int]:
        for block in itertools.count():
            digest = hashlib.sha256(f"peppa-deal:{number}:{block}".encode()).digest()
            yield from (int.from_bytes(digest[k : k + 4], "big") for k in range(0, 32, 4))

    stream = words()
    for place in range(len(deck) - 1, 0, -1):
        word = next(stream)
        while word >= 2**32 - 2**32 % (place + 1):
            word = next(stream)
        other = word % (place + 1)
        deck[place], deck[other] = deck[other], deck[place]
    return [Counter(deck[s * 13 : s * 13 + 13]) for s in range(seats)]


def texts_of(hand: int) -> Counter[str]:
    return Counter(str(card) for card in CardSet(hand))


@settings(max_examples=60)
@given(numbers, st.sampled_from([4, 6, 8]))
def test_version_2_deals_as_the_decisions_page_says(number: int, seats: int) -> None:
    preset = "belmont" if seats > 4 else "hearts"
    rules = RuleSet.preset(preset, seats=seats if seats > 4 else None)
    hands = deal_from_number(rules, number)
    assert [texts_of(h) for h in hands] == scheme_version_2(number, seats)


@given(numbers, st.sampled_from([6, 8]))
def test_a_belmont_number_deals_the_whole_deck_fixed_by_the_number(number: int, seats: int) -> None:
    rules = RuleSet.preset("belmont", seats=seats)
    hands = deal_from_number(rules, number)
    assert len(hands) == seats and all(len(CardSet(h)) == 13 for h in hands)
    together = sum((texts_of(h) for h in hands), Counter())
    assert together == texts_of(rules.deck_mask)  # each card as often as the deck has it
    assert deal_from_number(rules, number) == hands
    other = number + 1 if number < LAST_DEAL_NUMBER else number - 1
    assert deal_from_number(rules, other) != hands


@pytest.mark.parametrize("seats", [6, 8])
def test_the_scheme_is_fixed_at_six_and_eight_seats(seats: int) -> None:
    """Version 2's values (docs/decisions.md): these must never change either."""
    hands = [str(CardSet(h)) for h in deal_from_number(RuleSet.preset("belmont", seats=seats), 1)]
    assert hands == PINNED_VERSION_2[seats]


@pytest.mark.parametrize("seats", [6, 8])
@pytest.mark.parametrize("turn", [0, 1, 3, 5, 7, 11, -1])
def test_a_belmont_deal_turns_with_its_number(seats: int, turn: int) -> None:
    rules = RuleSet.preset("belmont", seats=seats)
    hands = deal_from_number(rules, 31)
    turned = NumberedDeal(31, turn).masks(rules)
    assert turned == [hands[(s - turn) % seats] for s in range(seats)]
    normal = NumberedDeal(31, turn).turned(seats)
    assert 0 <= normal.turn < seats and normal.masks(rules) == turned
    match = Match(rules, seed=2, deal_numbers={0: NumberedDeal(31, turn)})
    assert list(match.start_hand().deal) == turned
    assert match.numbered_deal(0) == normal and match.deal_number(0) == 31
    assert match.given_deals() == {0: normal}


@pytest.mark.parametrize("seats", [6, 8])
def test_a_belmont_game_deals_from_its_seeds_numbers(seats: int) -> None:
    rules = RuleSet.preset("belmont", {"pass_cycle": ["hold"]}, seats=seats)
    match = Match(rules, seed=123)
    for index in range(3):
        hand = match.start_hand()
        assert list(hand.deal) == deal_from_number(rules, deal_number(123, index))
        assert match.deal_fingerprint(index) == deal_fingerprint(123, index)
        rng = random.Random(index)
        while hand.phase is Phase.PLAYING:
            hand.play(rng.choice(cards_of(hand.legal_mask())))
    again = Match(rules, seed=9, deal_numbers={0: deal_number(123, 1)})
    assert again.start_hand().deal == match.hands[1].deal
    with pytest.raises(ValueError):
        match.adopt_numbered(0, NumberedDeal(deal_number(123, 0), 1))


#: Deal number 1 under scheme version 2, each seat's cards low to high, a copy after its twin.
PINNED_VERSION_2 = {
    6: [
        "8C AC 3D 5D 8D 8D 9D AD 3H 8H 9H AH 7S",
        "2C TC QC 2D 9D QD KD 4H 7H TH 6S 9S TS",
        "2D 5D JD 2H 3H 6H 6H QH AH 2S 3S JS AS",
        "3C 9C JC KC 4D 6D TD JD 5H 8H TH JH QH",
        "4C 5C 3D 7D TD KD AD 2H 9H KH 4S QS KS",
        "6C 7C 4D 6D 7D QD 4H 5H 7H JH KH 5S 8S",
    ],
    8: [
        "6C 2D JD QD TH TH QH KH 6S 8S 9S JS AS",
        "3C 7C 8C 8C 9C QC 4D AD 4H 6H 6H 8H 7S",
        "5C 9C JC KC 5D 5D KD 5H 8H 9H JH 4S QS",
        "2C 4C 6C TC 8D 2H 3H JH 2S 3S 6S QS KS",
        "3C 4C 5C 3D 7D 8D 9D TD KH 9S JS KS AS",
        "7C QC AC 6D TD KD AD 4H 5H QH 4S 7S 8S",
        "2C KC AC 2D 3D 4D 6D 9D 3H AH 2S 5S TS",
        "TC JC 7D JD QD 2H 7H 7H 9H AH 3S 5S TS",
    ],
}


@settings(max_examples=50, deadline=None)
@given(st.binary(min_size=16, max_size=16), st.sampled_from([("hearts", 4), ("belmont", 8)]))
def test_a_networked_tables_hand_key_is_a_long_deal_number_that_deals_it_again(
    key_bytes: bytes, table: tuple[str, int]
) -> None:
    """A hosted table's hand is drawn from a 128-bit key, told once the hand is over: as a
    long deal number it reads back from its text and deals the same cards."""
    from peppa_qt.engine.deals import deal_from_secret, is_long, long_deal_number

    preset, seats = table
    rules = RuleSet.preset(preset, seats=seats)
    key = key_bytes.hex()
    number = long_deal_number(key)
    assert is_long(number) and not is_long(LAST_DEAL_NUMBER)
    text = format_deal_number(number)
    assert len(text) == 39 and text.replace("-", "") == key
    assert parse_deal_number(text) == number == parse_deal_number(text.upper())
    assert deal_from_number(rules, number) == deal_from_secret(rules, key)
    assert NumberedDeal(number, 1).masks(rules) == rotate_deal(deal_from_secret(rules, key), 1)


def test_a_short_key_or_one_with_other_letters_is_no_deal_number() -> None:
    from peppa_qt.engine.deals import long_deal_number

    for text in ("abc", "g" * 32, "0" * 31):
        with pytest.raises(ValueError):
            long_deal_number(text)
    with pytest.raises(DealNumberError):
        parse_deal_number("0123-4567-89ab-cdef-0123-4567-89ab-cde")  # 31 digits
