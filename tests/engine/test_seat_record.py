"""A seat's view rebuilt from a record seen from that seat is the view the engine gives it."""

from __future__ import annotations

import random
from dataclasses import replace
from types import ModuleType
from typing import Any

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
