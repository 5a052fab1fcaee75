"""A player view holds what one seat may know, and nothing that depends on hidden cards."""

from __future__ import annotations

import random
from dataclasses import fields
from types import ModuleType

import pytest

from peppa_qt.engine import Match, Phase, PlayerView, RuleSet, cards_of, view_of
from peppa_qt.engine.cards import SUIT_MASKS


def test_view_during_and_after_passing(kit: ModuleType) -> None:
    match = Match(RuleSet.preset("peppa"), 14)
    hand = match.start_hand()
    view = view_of(match, 0)
    assert view.seat == 0 and view.phase is Phase.PASSING
    assert view.hand == view.dealt == hand.deal[0]
    assert view.passed is None and view.received is None
    assert view.to_move is None and view.legal == 0 and view.first_lead is None
    assert view.pass_target == 1 and view.pass_source == 3
    mine = cards_of(hand.hands[0])[:3]
    hand.pass_cards(0, mine)
    assert view_of(match, 0).passed == sum(1 << c for c in mine)
    assert view_of(match, 0).hand == hand.deal[0]  # nothing moves before all four pass
    # Another seat choosing its cards is invisible to South.
    before = view_of(match, 0)
    hand.pass_cards(2, cards_of(hand.hands[2])[:3])
    assert view_of(match, 0) == before
    hand.pass_cards(1, cards_of(hand.hands[1])[:3])
    west = cards_of(hand.hands[3])[-3:]
    hand.pass_cards(3, west)
    view = view_of(match, 0)
    assert view.received == sum(1 << c for c in west)  # from the left: West
    assert view.hand == hand.hands[0] and view.hand & view.received == view.received
    assert view.phase is Phase.PLAYING and view.first_lead == hand.first_lead


def test_view_shows_the_public_play_and_only_the_seats_own_cards(kit: ModuleType) -> None:
    match = kit.random_game("hearts", 4, actions=4 + 22)
    hand = match.current
    for seat in range(4):
        view = view_of(match, seat)
        assert view.hand == hand.hands[seat]
        assert view.plays == tuple(hand.plays) and view.trick == tuple(hand.trick)
        assert view.trick_winners == tuple(hand.trick_winners)
        assert view.counts == tuple(m.bit_count() for m in hand.hands)
        assert view.leader == hand.leader
        assert [view.seat_of_play(i) for i in range(len(hand.plays))] == [
            hand.seat_of_play(i) for i in range(len(hand.plays))
        ]
        assert view.legal == (hand.legal_mask() if hand.to_move == seat else 0)
    # Nothing in a view names the other seats' cards or passes.
    assert {f.name for f in fields(PlayerView)}.isdisjoint({"hands", "deal", "passes"})


def test_view_totals_are_those_before_the_hand(kit: ModuleType) -> None:
    match = kit.random_game("torino", 2, actions=3 * 56 + 10)
    view = view_of(match, 1)
    assert view.hand_index == 3
    assert view.history == tuple(r.points for r in match.results())
    assert list(view.totals) == match.totals()
    finished = kit.random_game("torino", 2, end={"mode": "hands", "count": 2})
    last = view_of(finished, 1)
    assert last.phase is Phase.SCORED
    assert last.history == (finished.results()[0].points,)


def swap_hidden(kit: ModuleType, match: Match, rng: random.Random) -> list[int] | None:
    """The current deal with one same-suit pair of unseen cards swapped between East and North.

    Both cards must still be in their first owner's hand and not have been passed: then every
    play so far stays legal and every public fact stays the same.
    """
    hand = match.current
    passed = [p or 0 for p in hand.passes]
    free = [hand.deal[s] & hand.hands[s] & ~passed[s] for s in (1, 2)]
    pairs = [
        (a, b)
        for suit in SUIT_MASKS
        for a in cards_of(free[0] & suit)
        for b in cards_of(free[1] & suit)
        # the 2♣ decides who leads, the Q♠ can change a first-trick choice in Hearts
        if kit.names([a, b]).isdisjoint({"2C", "QS"})
    ]
    if not pairs:
        return None
    a, b = rng.choice(pairs)
    deal = list(hand.deal)
    deal[1] ^= 1 << a | 1 << b
    deal[2] ^= 1 << a | 1 << b
    return deal


@pytest.mark.parametrize("preset", ["peppa", "torino", "hearts"])
def test_views_do_not_depend_on_other_seats_hidden_cards(kit: ModuleType, preset: str) -> None:
    rng = random.Random(preset)
    compared = 0
    for seed in range(30):
        actions = 56 + rng.randrange(0, 56)  # somewhere in the second hand
        match = kit.random_game(preset, seed, actions=actions)
        deal = swap_hidden(kit, match, rng)
        if deal is None:
            continue
        twin = Match(match.rules, seed, dealer=match.first_dealer)
        for done in match.hands[:-1]:
            copy = twin.start_hand(done.deal)
            kit.replay_actions(copy, done)
        copy = twin.start_hand(deal)
        kit.replay_actions(copy, match.current)
        for seat in (0, 3):
            assert view_of(twin, seat) == view_of(match, seat)
        assert view_of(twin, 1) != view_of(match, 1)
        assert view_of(twin, 2) != view_of(match, 2)
        compared += 1
    assert compared >= 20
