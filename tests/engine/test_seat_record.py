"""A seat's view rebuilt from a record seen from that seat is the view the engine gives it."""

from __future__ import annotations

import random
from dataclasses import replace
from types import ModuleType
from typing import Any

import pytest

from peppa_qt.engine import (
    Match,
    PassDirection,
    Phase,
    PlayerView,
    RecordError,
    RuleSet,
    cards_of,
    record_of,
    view_of,
)
from peppa_qt.engine.cards import TWO_OF_CLUBS as CLUB
from peppa_qt.engine.cardset import copies
from peppa_qt.engine.errors import Reason
from peppa_qt.engine.record import record_from_dict, record_to_dict
from peppa_qt.engine.seat_record import view_from_seat_record


def _seen(match: Match, seat: int) -> PlayerView:
    """The record of ``match`` seen from ``seat``, through JSON as a bot receives it."""
    document = record_to_dict(record_of(match).seen_from(seat))
    return view_from_seat_record(record_from_dict(document, hidden=True), seat)


@pytest.mark.parametrize("seed", range(60))
def test_the_rebuilt_view_is_the_engines_view_at_every_step(kit: ModuleType, seed: int) -> None:
    rng = random.Random(seed)
    preset = ("peppa", "torino", "hearts")[seed % 3]
    options = kit.random_options(preset, rng)
    options["end"] = {"mode": "hands", "count": 3}
    total = rng.randrange(1, 3 * 60)
    match = kit.random_game(preset, seed, actions=total, **options)
    for seat in range(4):
        view = view_of(match, seat)
        rebuilt = _seen(match, seat)
        hand = match.current
        assert hand is not None
        lead_hidden = (
            hand.rules.lead_lowest_club
            and not hand.plays
            and hand.phase is Phase.PLAYING
            and not view.hand >> hand.rules.lowest_club & 1
        )
        if lead_hidden:  # nobody has led yet and the 2♣ is elsewhere: the record cannot tell
            assert rebuilt == replace(view, first_lead=None, to_move=None, legal=0)
        else:
            assert rebuilt == view


def _hearts_record(seat: int) -> tuple[Match, dict[str, Any]]:
    match = Match(RuleSet.preset("hearts", {"pass_cycle": ["hold"]}), 8)
    hand = match.start_hand()
    for _ in range(5):
        hand.play(cards_of(hand.legal_mask())[0])
    return match, record_to_dict(record_of(match).seen_from(seat))


def test_another_seat_playing_a_card_the_seat_holds_is_refused() -> None:
    match, document = _hearts_record(0)
    hand = match.current
    assert hand is not None
    mine = cards_of(hand.hands[0])
    plays = document["hands"][0]["play"].split()
    first_other = next(i for i in range(len(plays)) if hand.seat_of_play(i) != 0)
    plays[first_other] = str(mine[-1])
    document["hands"][0]["play"] = " ".join(plays)
    with pytest.raises(RecordError) as caught:
        view_from_seat_record(record_from_dict(document, hidden=True), 0)
    assert caught.value.reason is Reason.CARD_NOT_HELD
    assert "held by seat 0" in caught.value.describe()


def test_a_received_card_the_seat_was_dealt_is_refused() -> None:
    match = Match(RuleSet.preset("peppa"), 2)
    hand = match.start_hand()
    for seat in range(4):
        hand.pass_cards(seat, cards_of(hand.hands[seat])[:3])
    document = record_to_dict(record_of(match).seen_from(0))
    own = document["hands"][0]["deal"][0].split()
    document["hands"][0]["pass"][3] = " ".join(own[-3:])  # "received" from West: our own cards
    with pytest.raises(RecordError) as caught:
        view_from_seat_record(record_from_dict(document, hidden=True), 0)
    assert caught.value.reason is Reason.DUPLICATE_CARD


def test_a_wrong_lead_is_refused() -> None:
    match, document = _hearts_record(1)
    hand = match.current
    assert hand is not None
    document["hands"][0]["lead"] = (hand.first_lead + 1) % 4
    with pytest.raises(RecordError) as caught:
        view_from_seat_record(record_from_dict(document, hidden=True), 1)
    assert caught.value.reason is Reason.WRONG_LEAD


def _deal_keeping(match: Match, seat: int, seed: int) -> list[int]:
    """Another deal: ``seat``'s cards as in ``match``'s first hand, the rest shuffled."""
    hand = match.hands[0]
    rng = random.Random(seed)
    rest = [c for s in range(4) if s != seat for c in cards_of(hand.deal[s])]
    rng.shuffle(rest)
    size = match.rules.hand_size
    deal, start = [], 0
    for s in range(4):
        if s == seat:
            deal.append(hand.deal[s])
        else:
            deal.append(sum(1 << c for c in rest[start : start + size]))
            start += size
    return deal


@pytest.mark.parametrize("seed", range(5))
def test_a_record_seen_from_a_seat_is_the_same_whatever_the_hidden_cards(seed: int) -> None:
    """No seed, nothing dealt elsewhere: a bot cannot rebuild the other hands from it."""
    rules = RuleSet.preset("hearts", {"pass_cycle": ["left"]})
    first = Match(rules, seed, dealer=2)
    first.start_hand()
    other = Match(rules, seed + 1000, dealer=2)  # another seed: other deals would follow
    other.start_hand(_deal_keeping(first, 1, seed))
    for match in (first, other):
        hand = match.current
        assert hand is not None
        hand.pass_cards(1, cards_of(hand.hands[1])[:3])
    seen = [record_to_dict(record_of(m).seen_from(1)) for m in (first, other)]
    assert seen[0] == seen[1]
    assert seen[0]["seed"] is None


def _lead_unseen(match: Match, seat: int) -> bool:
    """Whether ``seat`` cannot tell who leads: nobody has played and the seat is not sure to
    lead itself, which it is when it holds a lowest club and no seat before it in the turn
    after the dealer can hold one (it holds every copy, it passed the other one to a seat
    after it, or it is the first after the dealer). The seat that leads is told it is its
    turn: the record seen from it says so."""
    hand = match.current
    assert hand is not None
    rules = hand.rules
    if hand.plays or hand.phase is not Phase.PLAYING or not rules.lead_lowest_club:
        return False
    if hand.first_lead == seat:
        return False
    club = rules.lowest_club
    held = copies(hand.hands[seat], club)
    if not held:
        return True
    turn = [rules.next_seat(hand.dealer, k) for k in range(1, rules.seats + 1)]
    passed = hand.passes[seat]
    elsewhere = copies(rules.deck_mask, club) - held
    if passed is not None and hand.pass_direction is not PassDirection.HOLD:
        receiver = rules.receiver(seat, hand.pass_direction)
        if turn.index(receiver) > turn.index(seat):
            elsewhere -= copies(passed, club)
    return bool(elsewhere) and turn[0] != seat


@pytest.mark.parametrize("seats", [6, 8])
@pytest.mark.parametrize("seed", range(12))
def test_a_belmont_seats_rebuilt_view_is_the_engines_view(
    kit: ModuleType, seats: int, seed: int
) -> None:
    """Six and eight seats, two decks: what a bot rebuilds from the record seen from its seat
    (copies passed, received and played) is the view the engine gives that seat."""
    rng = random.Random(seed)
    options = {**kit.random_options("belmont", rng), "end": {"mode": "hands", "count": 2}}
    total = rng.choice([rng.randrange(0, 2 * 16 * seats), seats, seats + 1])  # the lead, too
    match = kit.random_game("belmont", seed, actions=total, seats=seats, **options)
    for seat in range(seats):
        view = view_of(match, seat)
        rebuilt = _seen(match, seat)
        if _lead_unseen(match, seat):
            assert rebuilt == replace(view, first_lead=None, to_move=None, legal=0)
        else:
            assert rebuilt == view


def test_eight_seats_a_lead_by_a_farther_holder_of_the_two_of_clubs_is_refused() -> None:
    """Seat 5 holds one 2♣ and plays after seat 6 in the turn (dealer 7: 6, 5, 4 …); a record
    saying seat 4 led is refused: seat 5 would have led before it."""
    rules = RuleSet.preset("belmont", {"pass_cycle": ["hold"]}, seats=8)
    for seed in range(200):
        match = Match(rules, seed, dealer=7)
        hand = match.start_hand()
        holders = [s for s in range(8) if copies(hand.hands[s], CLUB)]
        if holders == [4, 5]:
            break
    else:
        pytest.skip("no deal of 200 put the 2♣ with seats 4 and 5 only")
    assert hand.first_lead == 5
    hand.play(CLUB)
    document = record_to_dict(record_of(match).seen_from(5))
    document["hands"][0]["lead"] = 4
    with pytest.raises(RecordError) as caught:
        view_from_seat_record(record_from_dict(document, hidden=True), 5)
    assert caught.value.reason is Reason.WRONG_LEAD
    assert caught.value.describe() == "hand 1, seat 4: seat 5 leads this hand"


@pytest.mark.parametrize("direction", ["right", "across", "left"])
@pytest.mark.parametrize(("preset", "options"), [("hearts", {}), ("hearts", {"deck": 36})])
def test_a_seat_that_passed_the_lowest_club_gets_its_view_before_the_first_card(
    preset: str, options: dict[str, Any], direction: str
) -> None:
    """Four seats: South passes the 2♣ (6♣ with 36 cards); once the passes are made and before
    anyone plays, the record seen from South rebuilds into South's view (it crashed with a
    ValueError: the lowest club was given both to the seat it went to and to another)."""
    rules = RuleSet.preset(preset, {**options, "pass_cycle": [direction]})
    for seed in range(100):
        match = Match(rules, seed)
        hand = match.start_hand()
        if hand.hands[0] >> rules.lowest_club & 1:
            break
    else:
        pytest.skip("South never held the lowest club")
    mine = [c for c in cards_of(hand.hands[0]) if c != rules.lowest_club][:2]
    hand.pass_cards(0, [rules.lowest_club, *mine])
    for seat in (1, 2, 3):
        hand.pass_cards(seat, cards_of(hand.hands[seat])[:3])
    view = view_of(match, 0)
    assert view.first_lead == rules.receiver(0, PassDirection(direction))
    assert _seen(match, 0) == replace(view, first_lead=None, to_move=None, legal=0)
