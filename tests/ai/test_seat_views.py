"""Belmont: the view a bot rebuilds from a record seen from its seat is the engine's own view.

The four-seat version is tests/engine/test_seat_record.py; this one plays six- and eight-seat
games with two decks, where a hand may hold a card twice and, at eight, two seats a 2♣.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from peppa_qt.engine import (
    Match,
    Phase,
    PlayerView,
    RecordError,
    RuleSet,
    cards_of,
    record_of,
    view_of,
)
from peppa_qt.engine.cardset import copies, listed
from peppa_qt.engine.errors import Reason
from peppa_qt.engine.record import record_from_dict, record_to_dict
from peppa_qt.engine.seat_record import view_from_seat_record


def _seen(match: Match, seat: int) -> PlayerView:
    """The record of ``match`` seen from ``seat``, through JSON as a bot receives it."""
    document = record_to_dict(record_of(match).seen_from(seat))
    return view_from_seat_record(record_from_dict(document, hidden=True), seat)


def _check_every_seat(match: Match) -> None:
    hand = match.current
    assert hand is not None
    for seat in range(match.rules.seats):
        view = view_of(match, seat)
        rebuilt = _seen(match, seat)
        lead_hidden = not hand.plays and hand.phase is Phase.PLAYING and seat != hand.first_lead
        if lead_hidden:  # nobody has led and another seat leads: the record does not tell
            assert rebuilt == replace(view, first_lead=None, to_move=None, legal=0)
        else:
            assert rebuilt == view, (seat, len(hand.plays))


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("seats", [6, 8])
def test_the_rebuilt_view_is_the_engines_view_at_every_step(seats: int, seed: int) -> None:
    rng = random.Random(f"belmont-views-{seats}-{seed}")
    cycle = rng.choice([["left", "right", "across", "hold"], ["across"], ["hold"]])
    rules = RuleSet.preset(
        "belmont", {"pass_cycle": cycle, "end": {"mode": "hands", "count": 2}}, seats=seats
    )
    match = Match(rules, seed)
    while not match.is_over:
        hand = match.start_hand()
        while hand.phase is Phase.PASSING:
            _check_every_seat(match)
            waiting = [s for s in range(seats) if hand.passes[s] is None]
            seat = rng.choice(waiting)
            match.pass_cards(seat, rng.sample(listed(hand.hands[seat]), rules.pass_size))
        while hand.phase is Phase.PLAYING:
            if rng.random() < 0.4 or not hand.plays:  # every seat, at a good share of the steps
                _check_every_seat(match)
            match.play(rng.choice(cards_of(hand.legal_mask())))


def test_a_seat_that_leads_with_one_of_two_clubs_is_told_it_leads() -> None:
    """At eight, a seat holding one 2♣ cannot tell whether a seat nearer the dealer holds the
    other; the record seen from it says it leads, as the table shows whose turn it is."""
    rules = RuleSet.preset("belmont", {"pass_cycle": ["hold"]}, seats=8)
    for seed in range(200):
        match = Match(rules, seed)
        hand = match.start_hand()
        leader = hand.first_lead
        if copies(hand.hands[leader], 0) == 1 and leader != rules.next_seat(hand.dealer):
            break
    else:
        raise AssertionError("no deal with a leader holding one 2♣ away from the dealer")
    document = record_to_dict(record_of(match).seen_from(leader))
    assert document["hands"][0]["lead"] == leader
    view = view_from_seat_record(record_from_dict(document, hidden=True), leader)
    assert view.to_move == leader and [str(c) for c in cards_of(view.legal)] == ["2C"]
    for other in range(8):  # the others are told nothing before the first card
        if other != leader:
            assert "lead" not in record_to_dict(record_of(match).seen_from(other))["hands"][0]


@pytest.mark.parametrize(("preset", "seats"), [("hearts", 4), ("belmont", 6), ("belmont", 8)])
@pytest.mark.parametrize("direction", ["right", "across"])
def test_a_seat_that_passed_its_lowest_club_sees_the_hand_before_the_lead(
    preset: str, seats: int, direction: str
) -> None:
    """Before the first card, the seat that gave its 2♣ away is shown the hand (it is not its
    turn), not refused for a 2♣ the rebuilt hand had given to two seats."""
    rules = RuleSet.preset(preset, {"pass_cycle": [direction]}, seats=seats)
    for seed in range(100):
        match = Match(rules, seed)
        hand = match.start_hand()
        holder = next(s for s in range(seats) if hand.hands[s] & 1)
        if copies(hand.hands[holder], 0) == copies(rules.deck_mask, 0):
            break
    clubs = [c for c in listed(hand.hands[holder]) if c == 0]  # every 2♣ goes
    given = clubs + [c for c in listed(hand.hands[holder]) if c != 0][: 3 - len(clubs)]
    for seat in range(seats):
        match.pass_cards(seat, given if seat == holder else listed(hand.hands[seat])[:3])
    assert hand.first_lead != holder
    view = _seen(match, holder)
    assert view == replace(view_of(match, holder), first_lead=None, to_move=None, legal=0)


def test_a_record_whose_lead_passed_over_a_seat_playing_a_two_of_clubs_is_refused() -> None:
    """At eight, a seat nearer the dealer than the leader would have led with its 2♣: a
    record seen from a third seat that has such a seat play one later is no game."""
    rules = RuleSet.preset("belmont", {"pass_cycle": ["hold"]}, seats=8)
    refused = 0
    for seed in range(60):
        match = Match(rules, seed)
        hand = match.start_hand()
        while hand.phase is Phase.PLAYING:
            match.play(cards_of(hand.legal_mask())[-1])
        lead = hand.first_lead
        passed_over = rules.next_seat(hand.dealer)
        plays = [str(c) for c in hand.plays]
        by = [hand.seat_of_play(i) for i in range(len(plays))]
        second = next((i for i in range(1, len(plays)) if plays[i] == "2C"), None)
        if lead == passed_over or second is None:
            continue
        # The passed-over seat's first club after the first trick changes places with the 2♣.
        mine = next(
            (i for i in range(8, len(plays)) if by[i] == passed_over and plays[i][1] == "C"), None
        )
        viewer = next(s for s in range(8) if s not in (lead, passed_over, by[second]))
        if mine is None or mine < second:
            continue
        plays[second], plays[mine] = plays[mine], plays[second]
        document = record_to_dict(record_of(match).seen_from(viewer))
        document["hands"][0]["play"] = " ".join(plays)
        with pytest.raises(RecordError) as caught:
            view_from_seat_record(record_from_dict(document, hidden=True), viewer)
        assert caught.value.reason is Reason.WRONG_LEAD  # not a card "held" by the wrong seat
        assert f"seat {passed_over} holds a 2C: it leads" in caught.value.describe()
        refused += 1
    assert refused >= 3, refused
