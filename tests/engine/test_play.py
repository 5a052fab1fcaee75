"""Table geometry, turn order, passing and the rules of play (RULES.md)."""

from __future__ import annotations

from types import ModuleType

import pytest

from peppa_qt.engine import (
    Card,
    HandState,
    IllegalMove,
    Match,
    PassDirection,
    Phase,
    Reason,
    RuleSet,
    cards_of,
)

# Hearts, South (0) holds the 2♣; clockwise order 0, 3, 2, 1. West (3) has no club but a heart,
# the A♠ and diamonds; North (2) has no club and nothing but points; East (1) has clubs.
HEARTS_FIRST_TRICK = {
    0: "2C 3C KD AD 2S 3S 4S 5S 6S 7S 8S 9S TS",
    3: "2H AS 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
    2: "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS",
}

# Hearts: East (1) ends up with nothing but hearts before they are broken. Trick 1 is all clubs
# (West wins with the A♣), trick 2 all spades (East wins with the A♠).
HEARTS_ONLY_HEARTS = {
    0: "2C 5C 6C 7C 2S 2D 3D 4D 5D 6D 7D 8D 9D",
    1: "3C AS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
    2: "4C 8C 9C TC JC QC KC 3S TD JD QD KD AD",
}


def round_robin(kit: ModuleType) -> list[int]:
    """Card i of suit k goes to seat (i + k) % 4: everyone holds every suit; 2♣ is South's."""
    holdings = [0, 0, 0, 0]
    for k, suit in enumerate(kit.SUITS):
        for i, rank in enumerate(kit.RANKS):
            holdings[(i + k) % 4] |= kit.mask(rank + suit)
    return holdings


def refused(kit: ModuleType, hand: HandState, card: str, reason: Reason) -> None:
    """Playing ``card`` is refused for ``reason`` and changes nothing."""
    before = kit.hand_snapshot(hand)
    with pytest.raises(IllegalMove) as caught:
        hand.play(Card.parse(card))
    assert caught.value.reason is reason
    assert caught.value.card == Card.parse(card)
    assert caught.value.seat == before["to_move"]
    assert kit.hand_snapshot(hand) == before


# ---------------------------------------------------------------- geometry


@pytest.mark.parametrize(
    ("preset", "dealer", "order"),
    [
        ("peppa", 1, [2, 3, 0, 1]),
        ("torino", 3, [0, 1, 2, 3]),
        ("peppa", 3, [0, 1, 2, 3]),
    ],
)
def test_italian_sets_play_counterclockwise_from_the_dealers_right(
    kit: ModuleType, preset: str, dealer: int, order: list[int]
) -> None:
    rules = RuleSet.preset(preset)
    hand = kit.staged_hand(rules, round_robin(kit), dealer=dealer)
    seats = []
    for _ in range(4):
        seats.append(hand.to_move)
        hand.play(kit.lowest_legal(hand))
    assert seats == order
    assert hand.first_lead == (dealer + 1) % 4


def test_hearts_plays_clockwise_from_the_two_of_clubs(kit: ModuleType) -> None:
    rules = RuleSet.preset("hearts")
    holdings = round_robin(kit)
    holdings = holdings[2:] + holdings[:2]  # now North (2) holds the 2♣
    hand = kit.staged_hand(rules, holdings, dealer=0)
    seats = []
    for _ in range(4):
        seats.append(hand.to_move)
        hand.play(kit.lowest_legal(hand))
    assert seats == [2, 1, 0, 3]
    assert str(Card(hand.plays[0])) == "2C"


@pytest.mark.parametrize(("preset", "step"), [("peppa", 1), ("torino", 1), ("hearts", -1)])
def test_the_deal_moves_one_seat_in_the_turn_direction(
    kit: ModuleType, preset: str, step: int
) -> None:
    match = kit.random_game(preset, 11, end={"mode": "hands", "count": 6})
    dealers = [h.dealer for h in match.hands]
    first = match.first_dealer
    assert dealers == [(first + step * i) % 4 for i in range(6)]


def test_first_dealer_is_random_but_fixed_by_the_seed() -> None:
    rules = RuleSet.preset("peppa")
    dealers = {Match(rules, seed).first_dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert Match(rules, 1234).first_dealer == Match(rules, 1234).first_dealer


# ----------------------------------------------------------------- passing


def pass_first_three(hand: HandState) -> list[int]:
    """Every seat passes its three lowest cards; returns the passes."""
    passes = []
    for seat in range(4):
        chosen = cards_of(hand.hands[seat])[:3]
        hand.pass_cards(seat, chosen)
        passes.append(sum(1 << c for c in chosen))
    return passes


@pytest.mark.parametrize("preset", ["peppa", "torino"])
def test_italian_sets_pass_three_to_the_right_every_hand(kit: ModuleType, preset: str) -> None:
    match = Match(RuleSet.preset(preset), 3)
    for _ in range(3):
        hand = match.start_hand()
        assert hand.pass_direction is PassDirection.RIGHT
        passes = pass_first_three(hand)
        for seat in range(4):
            right = (seat + 1) % 4
            assert hand.hands[right] & passes[seat] == passes[seat]
            assert hand.hands[seat] & passes[seat] == 0
            assert hand.received(right) == passes[seat]
        kit.finish(hand)


@pytest.mark.parametrize(
    ("cycle", "offsets"),
    [
        (None, [-1, 1, 2, None, -1]),  # Hearts default: left, right, across, hold
        (["left", "across", "right", "hold"], [-1, 2, 1, None, -1]),
    ],
)
def test_hearts_pass_cycle(
    kit: ModuleType, cycle: list[str] | None, offsets: list[int | None]
) -> None:
    options = {} if cycle is None else {"pass_cycle": cycle}
    match = Match(RuleSet.preset("hearts", options), 8)
    for offset in offsets:
        hand = match.start_hand()
        if offset is None:
            assert hand.pass_direction is PassDirection.HOLD
            assert hand.phase is Phase.PLAYING
            assert hand.hands == list(hand.deal)
            error = kit.assert_refused(
                match, lambda h=hand: h.pass_cards(0, cards_of(h.hands[0])[:3])
            )
            assert error.reason is Reason.NO_PASS_THIS_HAND
            assert hand.received(0) is None
        else:
            passes = pass_first_three(hand)
            for seat in range(4):
                receiver = (seat + offset) % 4
                assert hand.hands[receiver] & passes[seat] == passes[seat]
                assert hand.received(receiver) == passes[seat]
        kit.finish(hand)


def test_passing_is_simultaneous(kit: ModuleType) -> None:
    match = Match(RuleSet.preset("peppa"), 21)
    hand = match.start_hand()
    dealt = list(hand.deal)
    for seat in (2, 0, 3):
        hand.pass_cards(seat, cards_of(hand.hands[seat])[-3:])
        assert hand.hands == dealt  # nobody's hand changes before all four have passed
        assert hand.phase is Phase.PASSING and hand.to_move is None
        assert all(hand.received(s) is None for s in range(4))
        kit.assert_refused(match, lambda: hand.play(cards_of(hand.hands[1])[0]), Reason.WRONG_PHASE)
    hand.pass_cards(1, cards_of(hand.hands[1])[-3:])
    assert hand.phase is Phase.PLAYING
    assert hand.hands != dealt
    assert [m.bit_count() for m in hand.hands] == [13, 13, 13, 13]


def test_pass_refusals(kit: ModuleType) -> None:
    match = Match(RuleSet.preset("peppa"), 4)
    hand = match.start_hand()
    mine = cards_of(hand.hands[0])
    other = cards_of(hand.hands[1])[0]

    def attempt(chosen: list[int], reason: Reason) -> None:
        error = kit.assert_refused(match, lambda: hand.pass_cards(0, chosen), reason)
        assert error.seat == 0

    attempt(mine[:2], Reason.WRONG_PASS_SIZE)
    attempt(mine[:4], Reason.WRONG_PASS_SIZE)
    attempt([mine[0], mine[0], mine[1]], Reason.WRONG_PASS_SIZE)
    attempt([mine[0], mine[1], other], Reason.CARD_NOT_HELD)
    assert (
        kit.assert_refused(match, lambda: hand.pass_cards(0, [mine[0], mine[1], other])).card
        == other
    )
    hand.pass_cards(0, mine[:3])
    attempt(mine[3:6], Reason.ALREADY_PASSED)
    for seat in (1, 2, 3):
        hand.pass_cards(seat, cards_of(hand.hands[seat])[:3])
    attempt(cards_of(hand.hands[0])[:3], Reason.WRONG_PHASE)


def test_pass_refusals_say_what_they_said_before_two_decks(kit: ModuleType) -> None:
    """A card chosen twice is a pass of the wrong size even beside a card not held, and of
    cards not held the lowest is named, as the four-seat game always said."""
    match = Match(RuleSet.preset("peppa"), 4)
    hand = match.start_hand()
    mine = cards_of(hand.hands[0])
    others = sorted(cards_of(hand.hands[1])[:2], reverse=True)
    error = kit.assert_refused(match, lambda: hand.pass_cards(0, [others[0], mine[0], mine[0]]))
    assert error.reason is Reason.WRONG_PASS_SIZE
    assert error.message == "must pass exactly 3 different cards, not 3"
    error = kit.assert_refused(match, lambda: hand.pass_cards(0, [*others, mine[0]]))
    assert error.reason is Reason.CARD_NOT_HELD and error.card == others[1]
    assert kit.assert_refused(match, lambda: hand.pass_cards(0, mine[:2])).message == (
        "must pass exactly 3 different cards, not 2"
    )


# ------------------------------------------------------------- play rules


def test_peppa_leader_may_lead_a_heart_and_points_fall_on_trick_one(kit: ModuleType) -> None:
    rules = RuleSet.preset("peppa")
    # West (3) leads, holding all hearts; South spades, East clubs, North diamonds.
    holdings = kit.holdings_from_tricks(rules, 3, kit.leader_takes_all(rules, "HSCD"))
    hand = kit.staged_hand(rules, holdings, dealer=2)
    assert hand.to_move == 3
    assert hand.legal_mask() == holdings[3]
    kit.play(hand, "AH QS 2C 2D")
    assert hand.trick_winners == [3]
    assert hand.taken[3] == kit.mask("AH QS 2C 2D")


def test_follow_suit_and_an_off_suit_ace_never_wins(kit: ModuleType) -> None:
    rules = RuleSet.preset("peppa")
    seats = {
        0: "2C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D",
        1: "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2H",
        2: "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    }
    hand = kit.staged_hand(rules, kit.deal_of(rules, seats), dealer=3)
    kit.play(hand, "2C AD AS")
    assert hand.legal_mask() == kit.mask("3C")
    refused(kit, hand, "AH", Reason.MUST_FOLLOW_SUIT)
    refused(kit, hand, "KS", Reason.CARD_NOT_HELD)
    kit.play(hand, "3C")
    assert hand.trick_winners == [3]  # the 3♣ beats the two aces of other suits
    assert hand.to_move == hand.leader == 3  # the winner leads the next trick
    assert hand.taken[3] == kit.mask("2C AD AS 3C")
    kit.play(hand, "AH")
    assert hand.legal_mask() == hand.hands[0]  # South has no heart: any card
    kit.play(hand, "2D")
    assert hand.legal_mask() == kit.mask("2H")  # East must follow with its only heart
    refused(kit, hand, "KD", Reason.MUST_FOLLOW_SUIT)
    kit.play(hand, "2H")
    assert hand.legal_mask() == hand.hands[2]


def test_hearts_two_of_clubs_must_lead(kit: ModuleType) -> None:
    rules = RuleSet.preset("hearts")
    hand = kit.staged_hand(rules, kit.deal_of(rules, HEARTS_FIRST_TRICK), dealer=1)
    assert hand.to_move == 0
    assert hand.legal_mask() == kit.mask("2C")
    refused(kit, hand, "3C", Reason.MUST_LEAD_LOWEST_CLUB)
    refused(kit, hand, "AD", Reason.MUST_LEAD_LOWEST_CLUB)


def test_hearts_no_points_on_the_first_trick_unless_nothing_else(kit: ModuleType) -> None:
    rules = RuleSet.preset("hearts")
    hand = kit.staged_hand(rules, kit.deal_of(rules, HEARTS_FIRST_TRICK), dealer=1)
    kit.play(hand, "2C")
    assert hand.to_move == 3
    assert hand.legal_mask() == kit.mask("AS 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD")
    refused(kit, hand, "2H", Reason.NO_POINTS_ON_FIRST_TRICK)
    kit.play(hand, "2D")
    assert hand.legal_mask() == hand.hands[2]  # North holds nothing but points
    kit.play(hand, "QS")
    refused(kit, hand, "KS", Reason.MUST_FOLLOW_SUIT)
    kit.play(hand, "AC")
    assert hand.taken[1] == kit.mask("2C 2D QS AC")
    assert not hand.hearts_broken  # the Q♠ does not break hearts


def test_hearts_no_queen_of_spades_on_the_first_trick(kit: ModuleType) -> None:
    rules = RuleSet.preset("hearts")
    seats = {
        0: "2C 3C KD AD 2S 3S 4S 5S 6S 7S 8S 9S TS",
        3: "QS AS 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
        2: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    }
    hand = kit.staged_hand(rules, kit.deal_of(rules, seats), dealer=1)
    kit.play(hand, "2C")
    refused(kit, hand, "QS", Reason.NO_POINTS_ON_FIRST_TRICK)
    kit.play(hand, "AS 2H")  # North has only hearts: a heart is allowed
    assert hand.hearts_broken


def test_hearts_may_not_be_led_before_broken(kit: ModuleType) -> None:
    rules = RuleSet.preset("hearts")
    hand = kit.staged_hand(rules, kit.deal_of(rules, HEARTS_ONLY_HEARTS), dealer=2)
    kit.play(hand, "2C AC 4C 3C")
    assert hand.to_move == 3
    refused(kit, hand, "KH", Reason.HEARTS_NOT_BROKEN)
    assert hand.legal_mask() == hand.hands[3] & ~kit.mask("KH AH")


def test_hearts_leader_with_only_hearts_may_lead_one(kit: ModuleType) -> None:
    rules = RuleSet.preset("hearts")
    hand = kit.staged_hand(rules, kit.deal_of(rules, HEARTS_ONLY_HEARTS), dealer=2)
    kit.play(hand, "2C AC 4C 3C KS 3S AS 2S")
    assert hand.to_move == 1 and not hand.hearts_broken
    assert hand.legal_mask() == hand.hands[1]
    kit.play(hand, "2H")
    assert hand.hearts_broken


@pytest.mark.parametrize("queen_breaks", [False, True])
def test_queen_of_spades_breaks_hearts_only_with_the_option(
    kit: ModuleType, queen_breaks: bool
) -> None:
    rules = RuleSet.preset("hearts", {"queen_breaks_hearts": queen_breaks})
    hand = kit.staged_hand(rules, round_robin(kit), dealer=1)
    # Trick 1: clubs, West's 5♣ wins. Trick 2: spades, East drops the Q♠ under North's K♠.
    kit.play(hand, "2C 5C 4C 3C TS KS QS 3S")
    assert hand.to_move == 2
    assert hand.hearts_broken is queen_breaks
    north_hearts = kit.mask("2H 6H TH")
    assert hand.hands[2] & north_hearts == north_hearts
    if queen_breaks:
        assert hand.legal_mask() == hand.hands[2]
        kit.play(hand, "2H")
    else:
        refused(kit, hand, "2H", Reason.HEARTS_NOT_BROKEN)


def test_hearts_break_after_a_discard(kit: ModuleType) -> None:
    rules = RuleSet.preset("hearts")
    hand = kit.staged_hand(rules, kit.deal_of(rules, HEARTS_FIRST_TRICK), dealer=1)
    kit.play(hand, "2C 2D 3H AC")  # North discards a heart on trick 1 (nothing else)
    assert hand.hearts_broken
    kit.play(hand, "JS 2S AS QS")  # West wins with the A♠
    assert hand.to_move == 3
    assert hand.legal_mask() == hand.hands[3]  # the 2♥ may now be led
    kit.play(hand, "2H")


def test_play_refused_after_the_hand_and_during_passing(kit: ModuleType) -> None:
    match = Match(RuleSet.preset("peppa"), 2)
    hand = match.start_hand()
    kit.assert_refused(match, lambda: hand.play(cards_of(hand.hands[0])[0]), Reason.WRONG_PHASE)
    kit.finish(hand)
    assert hand.phase is Phase.SCORED and hand.legal_mask() == 0
    kit.assert_refused(match, lambda: hand.play(0), Reason.WRONG_PHASE)
    kit.assert_refused(match, lambda: hand.pass_cards(0, [0, 1, 2]), Reason.WRONG_PHASE)


def test_thirteen_tricks_and_each_card_once(kit: ModuleType) -> None:
    for preset in ("peppa", "torino", "hearts"):
        match = kit.random_game(preset, 99, end={"mode": "hands", "count": 4})
        for hand in match.hands:
            assert len(hand.plays) == 52 and len(set(hand.plays)) == 52
            assert len(hand.trick_winners) == 13
            assert all(m == 0 for m in hand.hands)


def test_numbers_that_are_not_cards_are_refused_as_illegal_moves() -> None:
    from peppa_qt.engine import IllegalMove, Match, Phase, RuleSet

    match = Match(RuleSet.preset("peppa"), 1)
    hand = match.start_hand()
    for bad in (-1, 52, 99):
        with pytest.raises(IllegalMove):
            hand.pass_cards(0, [bad, 0, 1])
    with pytest.raises(IllegalMove):
        hand.pass_cards(-1, [0, 1, 2])
    assert hand.passes == [None, None, None, None]
    for seat in range(4):
        hand.pass_cards(seat, [c for c in range(52) if hand.hands[seat] >> c & 1][:3])
    assert hand.phase is Phase.PLAYING
    before = list(hand.hands)
    for bad in (-1, 52):
        with pytest.raises(IllegalMove):
            hand.play(bad)
    assert hand.hands == before and hand.plays == []
