"""Rule set D, Belmont (RULES.md): six or eight seats, two decks, on staged hands.

Every rule is played out on a deal built for it: the decks, the pass cycle with across
= s + N/2, the dealer moving clockwise, the 2♣ lead with two 2♣, the first-trick rule (K♠ and
A♠ allowed), hearts broken, the later of two identical cards winning, the moon (every point
card), the end and the ties for N seats. ``test_belmont_properties.py`` plays random games.
"""

from __future__ import annotations

import random
from collections import Counter
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
from peppa_qt.engine.cardset import listed, set_of
from peppa_qt.engine.scoring import score_hand
from peppa_qt.engine.trick import Trick

SEATS = (6, 8)


def belmont(seats: int, **options: object) -> RuleSet:
    return RuleSet.preset("belmont", options, seats=seats)


def refused(kit: ModuleType, hand: HandState, card: str, reason: Reason) -> IllegalMove:
    """Playing ``card`` is refused for ``reason``, naming the seat and card, changing nothing."""
    before = kit.hand_snapshot(hand)
    with pytest.raises(IllegalMove) as caught:
        hand.play(Card.parse(card))
    assert caught.value.reason is reason, caught.value.message
    assert caught.value.card == Card.parse(card)
    assert caught.value.seat == before["to_move"]
    assert kit.hand_snapshot(hand) == before
    return caught.value


def legal(kit: ModuleType, hand: HandState) -> set[str]:
    return kit.names(hand.legal_mask())


# ------------------------------------------------------------------ the decks


@pytest.mark.parametrize("seats", SEATS)
def test_the_deck_holds_each_card_as_often_as_rule_set_d_says(kit: ModuleType, seats: int) -> None:
    rules = belmont(seats)
    deck = kit.texts(rules.deck_mask)
    twice = {s for s in "CDHS"} if seats == 8 else {"D", "H"}
    assert deck == Counter({c: 2 if c[1] in twice else 1 for c in kit.FULL_DECK})
    assert rules.deck_size == sum(deck.values()) == {6: 78, 8: 104}[seats]
    assert rules.hand_size == 13 and rules.pass_size == 3
    points = {
        c: rules.card_points[Card.parse(c)]
        for c in kit.FULL_DECK
        if rules.card_points[Card.parse(c)]
    }
    assert points == {"QS": 13, "KS": 10, "AS": 7} | {r + "H": 1 for r in kit.RANKS}
    assert rules.hand_total == {6: 56, 8: 86}[seats]
    moon = kit.texts(rules.moon_mask)  # every point card, every copy
    assert moon == Counter(c for c in deck.elements() if c in points)
    assert rules.moon_value == rules.hand_total


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("jack_of_diamonds", 10),
        ("jack_of_diamonds", -10),
        ("seven_of_clubs", 7),
        ("deck", 36),
        ("teams", True),
    ],
)
@pytest.mark.parametrize("seats", SEATS)
def test_the_house_rules_of_four_seats_are_refused(seats: int, option: str, value: object) -> None:
    with pytest.raises(ValueError, match=option):
        belmont(seats, **{option: value})


@pytest.mark.parametrize("seats", [2, 4, 5, 7, 9, 12])
def test_belmont_is_for_six_or_eight(seats: int) -> None:
    with pytest.raises(ValueError, match="6 or 8"):
        RuleSet.preset("belmont", seats=seats)


# ------------------------------------------------------------- passing, dealing


@pytest.mark.parametrize("seats", SEATS)
def test_the_pass_cycle_is_left_right_across_hold(kit: ModuleType, seats: int) -> None:
    """Left gives to s − 1, right to s + 1, across to s + N/2; the fourth hand holds."""
    rules = belmont(seats, end={"mode": "hands", "count": 5})
    match = Match(rules, 3)
    receivers = {
        "left": lambda s: (s - 1) % seats,
        "right": lambda s: (s + 1) % seats,
        "across": lambda s: (s + seats // 2) % seats,
    }
    for name in ("left", "right", "across", "hold", "left"):
        hand = match.start_hand()
        assert hand.pass_direction is PassDirection(name)
        if name == "hold":
            assert hand.phase is Phase.PLAYING
            with pytest.raises(IllegalMove) as caught:
                hand.pass_cards(0, listed(hand.hands[0])[:3])
            assert caught.value.reason is Reason.NO_PASS_THIS_HAND
        else:
            given = [listed(hand.hands[s])[-3:] for s in range(seats)]
            for seat in range(seats):
                hand.pass_cards(seat, given[seat])
            for seat in range(seats):
                receiver = receivers[name](seat)
                assert kit.texts(hand.received(receiver) or 0) == Counter(
                    str(c) for c in given[seat]
                )
                kept = kit.texts(hand.deal[receiver]) - Counter(str(c) for c in given[receiver])
                assert kit.texts(hand.hands[receiver]) == kept + Counter(
                    str(c) for c in given[seat]
                )
        assert all(kit.texts(h).total() == 13 for h in hand.hands)
        kit.finish(hand, seed=len(match.hands))


@pytest.mark.parametrize("seats", SEATS)
def test_the_deal_moves_clockwise(kit: ModuleType, seats: int) -> None:
    match = Match(belmont(seats, end={"mode": "hands", "count": seats + 2}), 11)
    while not match.is_over:
        kit.finish(match.start_hand(), seed=len(match.hands))
    first = match.first_dealer
    assert [h.dealer for h in match.hands] == [(first - k) % seats for k in range(seats + 2)]


@pytest.mark.parametrize("seats", SEATS)
def test_passing_two_copies_and_the_refusals_with_copies(kit: ModuleType, seats: int) -> None:
    """Two Q♥ held may be passed together; two passed out of one held, a third copy, or a card
    the deck holds once passed twice are refused naming the rule, and nothing changes."""
    rules = belmont(seats, pass_cycle=["left"])
    deal = kit.deal_of(
        rules,
        {0: "QH QH KH 2D 2D 3D 4D 5D 6D 7D 8D 9D TD", 1: "AH 2H 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC"},
    )
    match = Match(rules, 1, dealer=0)
    hand = match.start_hand(deal)
    single = "KC" if seats == 6 else None  # the six seats' deck has one K♣
    cases = [
        (0, "QH QH QH", Reason.WRONG_PASS_SIZE),  # a third copy: no deck has it
        (1, "AH AH 2H", Reason.CARD_NOT_HELD),  # two A♥ out of one
        (0, "KH KH QH", Reason.CARD_NOT_HELD),
        (0, "QH QH", Reason.WRONG_PASS_SIZE),
        (0, "QH QH KH 2D", Reason.WRONG_PASS_SIZE),
        (1, "2C 2C AH", Reason.CARD_NOT_HELD if seats == 8 else Reason.WRONG_PASS_SIZE),
    ]
    if single:
        cases.append((1, f"{single} {single} AH", Reason.WRONG_PASS_SIZE))
    for seat, text, reason in cases:
        cards = kit.parse_cards(text)
        error = kit.assert_refused(
            match, lambda seat=seat, cards=cards: hand.pass_cards(seat, cards), reason
        )
        assert error.seat == seat
        if reason is Reason.CARD_NOT_HELD:
            assert error.card is not None and str(Card(error.card)) in text
    hand.pass_cards(0, kit.parse_cards("QH QH KH"))
    assert kit.texts(hand.passes[0] or 0) == Counter({"QH": 2, "KH": 1})


# ----------------------------------------------------------------- the first lead


def eight_with_two_of_clubs(holders: tuple[int, ...]) -> list[int]:
    """An eight-seat deal where ``holders`` hold the two 2♣ (a seat twice: both)."""
    rules = belmont(8)
    two = Card.parse("2C")
    rest = [c for c in listed(rules.deck_mask) if c != two]
    hands: list[list[int]] = [[] for _ in range(8)]
    for seat in holders:
        hands[seat].append(two)
    for seat in range(8):
        while len(hands[seat]) < 13:
            hands[seat].append(rest.pop())
    return [set_of(h) for h in hands]


@pytest.mark.parametrize(
    ("dealer", "holders", "leader"),
    [
        (0, (3, 6), 6),  # dealer−1 = 7 has none, dealer−2 = 6 has one
        (0, (7, 1), 7),  # dealer−1 first
        (0, (1, 0), 1),  # the dealer plays last in the turn: seat 1 comes before it
        (5, (6, 4), 4),
        (5, (6, 3), 3),
        (2, (2, 5), 5),
        (4, (2, 2), 2),  # one seat holds both: it leads
        (4, (3, 3), 3),
    ],
)
def test_of_two_holders_of_the_two_of_clubs_the_one_nearer_the_dealers_left_leads(
    kit: ModuleType, dealer: int, holders: tuple[int, ...], leader: int
) -> None:
    hand = HandState(belmont(8), dealer, eight_with_two_of_clubs(holders), PassDirection.HOLD)
    assert hand.first_lead == hand.to_move == leader
    assert legal(kit, hand) == {"2C"}
    other = next(c for c in cards_of(hand.hands[leader]) if str(c) != "2C")
    refused(kit, hand, str(other), Reason.MUST_LEAD_LOWEST_CLUB)


def test_the_other_two_of_clubs_is_an_ordinary_card_and_as_the_later_it_takes_the_trick(
    kit: ModuleType,
) -> None:
    """Eight seats, dealer 0 (turn 7, 6 … 0): seat 7 leads its 2♣; seat 4 holds the other 2♣
    and the high clubs, nobody else a club. Seat 4 may follow with its 2♣, and as the later
    of the two it takes trick 1."""
    rules = belmont(8)
    deal = kit.deal_of(
        rules,
        {
            7: "2C 3C 3C 4C 4C 5C 5C 6C 6C 7C 7C 8C 8C",
            4: "2C 9C 9C TC TC JC JC QC QC KC KC AC AC",
        },
    )
    hand = HandState(rules, 0, deal, PassDirection.HOLD)
    assert hand.to_move == 7
    hand.play(Card.parse("2C"))
    while hand.to_move != 4:
        assert not any(c[1] == "C" for c in legal(kit, hand))
        hand.play(kit.lowest_legal(hand))
    assert legal(kit, hand) == kit.names(hand.hands[4])
    hand.play(Card.parse("2C"))
    while len(hand.plays) < 8:
        hand.play(kit.lowest_legal(hand))
    assert hand.trick_winners == [4]
    assert kit.texts(hand.taken[4])["2C"] == 2


def test_of_two_identical_highest_cards_the_later_takes_the_trick(kit: ModuleType) -> None:
    """Eight seats, dealer 0 (turn 7, 6 … 0): seat 7 leads the 2♣, seat 5 plays an A♣ and
    seat 2 the other A♣; every other seat has no club. Seat 2 takes the trick."""
    rules = belmont(8)
    deal = kit.deal_of(
        rules,
        {
            7: "2C 2C 3C 3C 4C 4C 5C 5C 6C 6C 7C 7C 8C",
            5: "AC 8C 9C 9C TC TC JC JC QC QC KC KC 2S",
            2: "AC 3S 4S 5S 6S 7S 8S 9S TS JS 3S 4S 5S",
        },
    )
    hand = HandState(rules, 0, deal, PassDirection.HOLD)
    assert hand.to_move == 7
    for seat in (7, 6, 5, 4, 3, 2, 1, 0):
        assert hand.to_move == seat
        if seat == 7:
            hand.play(Card.parse("2C"))
        elif seat in (5, 2):
            hand.play(Card.parse("AC"))
        else:
            assert not any(c[1] == "C" for c in legal(kit, hand))
            hand.play(kit.lowest_legal(hand))
    assert hand.trick_winners == [2]
    assert kit.texts(hand.taken[2])["AC"] == 2


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        ("AD KD AD 2D 3D 4D", 2),  # two A♦: the later
        ("AD AD KD 2D 3D 4D", 1),
        ("5D 5D 5H 5H 2D 4D", 1),  # two 5♦ lead and follow: the later; hearts never win
        ("QH 2H AS KS QH KD", 4),  # hearts led: the second Q♥ beats the first
        ("7D 7D 7D", None),  # not a trick of six
    ],
)
def test_a_trick_of_six_is_won_by_the_later_of_two_identical_highest_cards(
    cards: str, winner: int | None
) -> None:
    played = tuple(Card.parse(c) for c in cards.split())
    trick = Trick(leader=0, cards=played, direction=1, seats=6)
    assert trick.winning_position == winner
    counter = Trick(leader=3, cards=played, direction=-1, seats=6)
    assert counter.winner == (None if winner is None else (3 - winner) % 6)


# ---------------------------------------------------------------- the first trick

#: Six seats, dealer 0 (turn 5, 4, 3, 2, 1, 0): seat 5 leads the 2♣; seat 4 has no club but
#: K♠, A♠, Q♠ and hearts; seat 3 nothing but hearts; seats 1 and 2 diamonds (and hearts).
SIX_FIRST_TRICK = {
    5: "2C 2S 3S 4S 5S 6S 7S 8S 9S TS JS 2D 2D",
    4: "KS AS QS 2H 2H 3H 3H 4H 4H 5H 5H 6H 6H",
    3: "7H 7H 8H 8H 9H 9H TH TH JH JH QH QH KH",
}


def test_on_the_first_trick_the_king_and_ace_of_spades_may_fall_but_not_the_queen(
    kit: ModuleType,
) -> None:
    rules = belmont(6)
    hand = HandState(rules, 0, kit.deal_of(rules, SIX_FIRST_TRICK), PassDirection.HOLD)
    assert hand.to_move == 5
    hand.play(Card.parse("2C"))
    assert hand.to_move == 4
    assert legal(kit, hand) == {"KS", "AS"}
    error = refused(kit, hand, "QS", Reason.NO_POINTS_ON_FIRST_TRICK)
    assert "first trick" in error.message
    refused(kit, hand, "2H", Reason.NO_POINTS_ON_FIRST_TRICK)
    hand.play(Card.parse("AS"))
    assert hand.to_move == 3  # nothing but hearts: a heart may fall
    assert legal(kit, hand) == {r + "H" for r in "789TJQK"}
    hand.play(Card.parse("KH"))
    assert hand.hearts_broken
    for seat in (2, 1):  # diamonds and hearts, no club: the diamonds only
        assert hand.to_move == seat
        held = kit.names(hand.hands[seat])
        assert legal(kit, hand) == {c for c in held if c[1] == "D"}
        for heart in sorted(c for c in held if c[1] == "H")[:1]:
            refused(kit, hand, heart, Reason.NO_POINTS_ON_FIRST_TRICK)
        hand.play(kit.lowest_legal(hand))
    assert hand.to_move == 0
    refused(kit, hand, "3D", Reason.MUST_FOLLOW_SUIT)
    hand.play(kit.lowest_legal(hand))
    assert hand.trick_winners == [0]
    assert kit.texts(hand.taken[0]) >= Counter(["AS", "KH", "2C"])


def six_unbroken(last_of_seat_two: str) -> dict[int, str]:
    """Six seats, dealer 0: trick 1 all clubs but seat 1's spade, seat 2 wins it with the A♣
    and then holds hearts and ``last_of_seat_two``."""
    return {
        5: "2C 3C 4C 2D 2D 3D 3D 4D 4D 5D 5D 6D 6D",
        4: "5C 6C 7C 7D 7D 8D 8D 9D 9D TD TD JD JD",
        3: "8C 9C TC QD QD KD KD AD AD 2S 3S 4S 5S",
        2: "AC 2H 2H 3H 3H 4H 4H 5H 5H 6H 6H 7H " + last_of_seat_two,
    }


@pytest.mark.parametrize(("last", "only_hearts"), [("6S", False), ("7H", True)])
def test_hearts_are_led_only_once_broken_or_by_a_hand_of_hearts(
    kit: ModuleType, last: str, only_hearts: bool
) -> None:
    rules = belmont(6)
    hand = HandState(rules, 0, kit.deal_of(rules, six_unbroken(last)), PassDirection.HOLD)
    while len(hand.plays) < 6:
        seat = hand.to_move
        hand.play(Card.parse("AC") if seat == 2 else kit.lowest_legal(hand))
    assert hand.trick_winners == [2] and not hand.hearts_broken
    if only_hearts:
        assert legal(kit, hand) == kit.names(hand.hands[2])
        hand.play(Card.parse("2H"))
        assert hand.hearts_broken
    else:
        assert legal(kit, hand) == {"6S"}
        error = refused(kit, hand, "2H", Reason.HEARTS_NOT_BROKEN)
        assert "broken" in error.message


@pytest.mark.parametrize("breaks", [False, True])
def test_the_queen_of_spades_breaks_hearts_only_with_the_option(
    kit: ModuleType, breaks: bool
) -> None:
    """Six seats, dealer 0: trick 1 all clubs, seat 2 wins it with the A♣ and leads a spade;
    seat 1 must follow with its only spade, the Q♠; seat 0 then leads with hearts in hand."""
    rules = belmont(6, queen_breaks_hearts=breaks)
    seats = {
        5: "2C 3C 2D 2D 3D 3D 4D 4D 5D 5D 6D 6D 7D",
        4: "4C 5C 7D 8D 8D 9D 9D TD TD JD JD QD QD",
        3: "6C 7C KD KD AD AD 2H 2H 3H 3H 4H 4H 5H",
        2: "AC 8C 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS",
        1: "9C TC QS 5H 6H 6H 7H 7H 8H 8H 9H 9H TH",
    }
    hand = HandState(rules, 0, kit.deal_of(rules, seats), PassDirection.HOLD)
    while len(hand.plays) < 6:
        hand.play(Card.parse("AC") if hand.to_move == 2 else kit.lowest_legal(hand))
    assert hand.trick_winners == [2] and not hand.hearts_broken
    hand.play(Card.parse("2S"))
    assert legal(kit, hand) == {"QS"}
    hand.play(Card.parse("QS"))
    assert hand.hearts_broken is breaks
    while len(hand.plays) < 12:
        hand.play(kit.lowest_legal(hand))
    assert hand.trick_winners == [2, 0]  # seat 0's only spade, the A♠
    hearts = {c for c in kit.names(hand.hands[0]) if c[1] == "H"}
    assert bool(legal(kit, hand) & hearts) is breaks


# ---------------------------------------------------------------------- the moon


#: Six seats: seat 2 holds every club (the 2♣ too): it leads every trick and wins it.
SIX_SHOOTER = {2: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"}
#: Eight seats, dealer 0 (turn 7, 6 … 0): seat 7 leads a 2♣, seat 0 plays last with an A♣
#: (the other A♣ is seat 6's, played before it or not at all) and then leads its spades,
#: both copies of 9♠ … A♠: nobody can beat them. Seat 0 takes every trick.
EIGHT_SHOOTER = {
    7: "2C 3C 3C 4C 4C 5C 5C 6C 6C 7C 7C 8C 8C",
    6: "AC 9C 9C TC TC JC JC QC QC KC KC 2D 2D",
    0: "AC AS AS KS KS QS QS JS JS TS TS 9S 9S",
}


def shooter_deal(seats: int) -> tuple[RuleSet, dict[int, str], int, int]:
    """A deal where one seat takes every trick however the others play: (rules, seats' cards,
    dealer, shooter)."""
    if seats == 6:
        return belmont(6), SIX_SHOOTER, 3, 2
    return belmont(8), EIGHT_SHOOTER, 0, 0


def played_out(hand: HandState, shooter: int, seed: int) -> None:
    """The shooter plays its highest legal card, every other seat a random legal card."""
    rng = random.Random(seed)
    while hand.phase is Phase.PLAYING:
        cards = cards_of(hand.legal_mask())
        hand.play(cards[-1] if hand.to_move == shooter else rng.choice(cards))


@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize("mode", ["give", "subtract", "off"])
def test_the_moon_is_every_point_card(kit: ModuleType, seats: int, mode: str) -> None:
    rules, given, dealer, shooter = shooter_deal(seats)
    rules = rules.with_options(moon=mode)
    total = {6: 56, 8: 86}[seats]
    expected = {
        "give": [0 if s == shooter else total for s in range(seats)],
        "subtract": [-total if s == shooter else 0 for s in range(seats)],
        "off": [total if s == shooter else 0 for s in range(seats)],
    }[mode]
    for seed in range(5):
        hand = HandState(rules, dealer, kit.deal_of(rules, given), PassDirection.HOLD)
        played_out(hand, shooter, seed)
        assert hand.trick_winners == [shooter] * 13
        assert hand.result is not None
        assert list(hand.result.points) == expected
        assert hand.result.moon == (None if mode == "off" else shooter)


@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize("spade", ["QS", "KS", "AS"])
def test_all_the_hearts_without_every_copy_of_a_point_spade_is_no_moon(
    kit: ModuleType, seats: int, spade: str
) -> None:
    """Taking every heart and all the spade points but one copy of Q♠, K♠ or A♠ is no moon."""
    rules = belmont(seats)
    deck = kit.texts(rules.deck_mask)
    shooter = deck - Counter({c: n for c, n in deck.items() if c[1] in "CD"}) - Counter([spade])
    other = deck - shooter
    taken = [kit.card_set(" ".join(shooter.elements())), kit.card_set(" ".join(other.elements()))]
    taken += [0] * (seats - 2)
    result = score_hand(rules, taken, 0)
    assert result.moon is None
    value = rules.card_points[Card.parse(spade)]
    assert list(result.points) == [rules.hand_total - value, value] + [0] * (seats - 2)


# ----------------------------------------------------------- the end, the ties


@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize(("when", "over"), [("reach", True), ("exceed", False)])
def test_the_game_ends_when_a_total_reaches_the_limit(
    kit: ModuleType, seats: int, when: str, over: bool
) -> None:
    rules, given, dealer, shooter = shooter_deal(seats)
    limit = rules.hand_total
    rules = rules.with_options(
        moon="off", end={"mode": "points", "limit": limit}, end_when=when, pass_cycle=["hold"]
    )
    match = Match(rules, 1, dealer=dealer)
    played_out(match.start_hand(kit.deal_of(rules, given)), shooter, 0)
    assert match.totals()[shooter] == limit
    assert match.is_over is over
    if over:  # the shooter is last; the others, tied on 0 without a trick, in turn order
        first = match.hands[0].first_lead
        order = [(first - k) % seats for k in range(seats)]
        assert match.ranking() == [*[s for s in order if s != shooter], shooter]
        assert match.winners() == match.ranking()[:1]
    else:
        assert match.winners() == []
        match.start_hand()


@pytest.mark.parametrize("seats", SEATS)
def test_a_moon_ranks_the_shooter_first_and_the_others_by_their_turn(
    kit: ModuleType, seats: int
) -> None:
    rules, given, dealer, shooter = shooter_deal(seats)
    rules = rules.with_options(end={"mode": "hands", "count": 1}, pass_cycle=["hold"])
    match = Match(rules, 1, dealer=dealer)
    played_out(match.start_hand(kit.deal_of(rules, given)), shooter, 1)
    assert match.is_over
    first = match.hands[0].first_lead
    order = [(first - k) % seats for k in range(seats)]
    assert match.ranking() == [shooter, *[s for s in order if s != shooter]]
    assert match.winners() == [shooter]


def test_tied_seats_that_took_tricks_rank_by_the_earlier_last_trick(kit: ModuleType) -> None:
    """Random one-hand eight-seat games: whenever two seats tie on points and both took a
    trick, the one whose last trick came first ranks higher."""
    seen = 0
    for seed in range(60):
        match = kit.random_game("belmont", seed, seats=8, end={"mode": "hands", "count": 1})
        hand = match.hands[0]
        last = {
            s: max(i for i, w in enumerate(hand.trick_winners) if w == s)
            for s in set(hand.trick_winners)
        }
        ranking = match.ranking()
        totals = match.totals()
        for a, trick_a in last.items():
            for b, trick_b in last.items():
                if a != b and totals[a] == totals[b] and trick_a < trick_b:
                    assert ranking.index(a) < ranking.index(b)
                    seen += 1
        no_trick = [s for s in range(8) if s not in last]
        for a in no_trick:  # a seat with no trick ranks ahead of a tied seat with one
            for b in last:
                if totals[a] == totals[b]:
                    assert ranking.index(a) < ranking.index(b)
    assert seen > 20
