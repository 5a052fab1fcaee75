"""Property tests of rule set D (Belmont, six and eight seats, two decks): random games and
positions checked step by step against the reference model (``conftest.Ref``), which reads
RULES.md on card texts with copies counted.

What every game checks (``conftest.Checker``): each hand deals the 78 / 104 cards exactly
once; after passing each seat holds 13 and each seat received what its giver passed (left,
right, across = s + N/2, hold); the dealer moves clockwise; the first lead is a 2♣, of two
holders the one nearer the dealer's left; every legal-card set is the reference model's
(first-trick rule, hearts broken, follow suit); each trick goes to the highest card of the
suit led, of two identical ones the later; the points are the model's, sum to 56 / 86 except
on a moon, and a moon gives 0 / 56 / 86 (or −56 / −86); the end and the ranking with the ties
of set A for N seats. Illegal passes and plays are tried on the way: each is refused naming
the rule the model names, and the state is unchanged.
"""

from __future__ import annotations

import random
from collections import Counter
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from peppa_qt.engine import (
    HandState,
    Match,
    PassDirection,
    Phase,
    RuleSet,
    read_record,
    record_of,
    replay,
    summary,
    write_record,
)
from peppa_qt.engine.cardset import listed, set_of
from peppa_qt.engine.deals import deal_from_number
from peppa_qt.engine.scoring import score_hand

SEATS = (6, 8)

seats_of_belmont = st.sampled_from(SEATS)
belmont_options = st.fixed_dictionaries(
    {},
    optional={
        "moon": st.sampled_from(["give", "subtract", "off"]),
        "queen_breaks_hearts": st.booleans(),
        "pass_cycle": st.lists(
            st.sampled_from(["left", "right", "across", "hold"]), min_size=1, max_size=4
        ),
        "end_when": st.sampled_from(["reach", "exceed"]),
        "end": st.sampled_from(
            [
                {"mode": "points", "limit": 100},
                {"mode": "points", "limit": 50},
                {"mode": "hands", "count": 1},
                {"mode": "hands", "count": 2},
            ]
        ),
    },
)


def round_trip_equal(kit: ModuleType, match: Match) -> Match:
    """Write, read and replay ``match``; the replayed game must be the same state."""
    again = replay(read_record(write_record(record_of(match))))
    assert kit.match_snapshot(again) == kit.match_snapshot(match)
    assert summary(again) == summary(match)
    return again


# ---------------------------------------------------------------- random games


@settings(max_examples=40)
@given(st.integers(0, 2**32), seats_of_belmont, belmont_options, st.integers(-1, 7))
def test_any_belmont_hand_keeps_every_invariant(
    kit: ModuleType, seed: int, seats: int, options: dict[str, Any], greedy: int
) -> None:
    """One or two hands of any seed and options, every step against the model, with illegal
    passes and plays tried often."""
    options = {**options, "end": {"mode": "hands", "count": 1 + seed % 2}}
    checker = kit.Checker(
        "belmont",
        options,
        seed,
        probe=0.2,
        greedy=greedy % seats if greedy >= 0 else None,
        seats=seats,
    )
    match = checker.game()
    assert match.is_over
    round_trip_equal(kit, match)


@pytest.mark.slow
@pytest.mark.parametrize("seats", SEATS)
def test_random_belmont_games_keep_every_invariant(kit: ModuleType, seats: int) -> None:
    """Whole games to 100 under the default rules, through ``Match``, for many seeds."""
    hands = seed = 0
    while hands < 600:
        match = kit.Checker("belmont", {}, seed=seed, probe=0.02, seats=seats).game()
        assert match.is_over and max(match.totals()) >= 100
        round_trip_equal(kit, match)
        hands += len(match.hands)
        seed += 1


@pytest.mark.slow
@pytest.mark.parametrize("seats", SEATS)
def test_random_belmont_options_keep_every_invariant(kit: ModuleType, seats: int) -> None:
    """Random mixes of set C's options, a greedy seat now and then."""
    rng = random.Random(f"belmont-options-{seats}")
    hands = 0
    for seed in range(60):
        options = kit.random_options("belmont", rng)
        greedy = rng.choice([None, *range(seats)])
        checker = kit.Checker("belmont", options, seed=seed, probe=0.05, greedy=greedy, seats=seats)
        match = checker.game(max_hands=12)
        hands += len(match.hands)
        if seed % 4 == 0:
            round_trip_equal(kit, match)
    assert hands >= 200


@pytest.mark.parametrize("seats", SEATS)
def test_belmont_games_in_progress_round_trip(kit: ModuleType, seats: int) -> None:
    rng = random.Random(f"belmont-progress-{seats}")
    phases = set()
    hand_actions = seats + 13 * seats  # a pass per seat, then 13 tricks (the first hands pass)
    for seed in range(40):
        # Stopped anywhere, or at the end of hand 1 or hand 2 (a scored hand, none dealt yet).
        stop = rng.randrange(0, 300) if seed % 4 else hand_actions * (1 + seed % 8 // 4)
        checker = kit.Checker("belmont", {}, seed=seed, stop_after=stop, seats=seats)
        match = checker.game()
        again = round_trip_equal(kit, match)
        hand = match.current
        if hand is None:
            continue
        phases.add(hand.phase)
        expected = hand.to_move if hand.phase is Phase.PLAYING else None
        assert summary(again)["to_move"] == expected
    assert phases == {Phase.PASSING, Phase.PLAYING, Phase.SCORED}


@pytest.mark.parametrize("seats", SEATS)
def test_undo_back_to_the_deal_in_random_belmont_games(kit: ModuleType, seats: int) -> None:
    for seed in range(3):
        match = Match(
            RuleSet.preset("belmont", {"end": {"mode": "hands", "count": 2}}, seats=seats), seed
        )
        rng = random.Random(seed)
        states = []
        while not match.is_over:
            hand = match.start_hand()
            while hand.phase is not Phase.SCORED:
                states.append(kit.match_snapshot(match))
                if hand.phase is Phase.PASSING:
                    seat = next(s for s in range(seats) if hand.passes[s] is None)
                    hand.pass_cards(seat, rng.sample(listed(hand.hands[seat]), 3))
                else:
                    hand.play(rng.choice(kit.cards_of(hand.legal_mask())))
        for state in reversed(states):
            match.undo()
            assert kit.match_snapshot(match) == state


# ------------------------------------------------------------------- the deal


@settings(max_examples=200)
@given(st.integers(1, 10**12 - 1), st.integers(0, 7))
def test_the_first_lead_is_the_two_of_clubs_nearest_the_dealers_left(
    kit: ModuleType, number: int, dealer: int
) -> None:
    """Any eight-seat deal (two 2♣, one holder or two) and any dealer: the model's leader."""
    rules = RuleSet.preset("belmont", seats=8)
    deal = deal_from_number(rules, number)
    hand = HandState(rules, dealer, deal, PassDirection.HOLD)
    ref = kit.Ref("belmont", {}, 8)
    assert hand.first_lead == ref.first_leader(dealer, [kit.texts(d) for d in deal])
    assert kit.names(hand.legal_mask()) == {"2C"}


# ------------------------------------------------------------------- scoring


@st.composite
def takings(draw: st.DrawFn) -> tuple[RuleSet, list[int], int]:
    """Any way the deck may end up taken (not only those play can give), a seat taking every
    point card half of the time; and who took the last trick."""
    seats = draw(seats_of_belmont)
    rules = RuleSet.preset(
        "belmont", {"moon": draw(st.sampled_from(["give", "subtract", "off"]))}, seats=seats
    )
    cards = listed(rules.deck_mask)
    owners = draw(st.lists(st.integers(0, seats - 1), min_size=len(cards), max_size=len(cards)))
    shooter = draw(st.none() | st.integers(0, seats - 1))
    if shooter is not None:
        owners = [
            shooter if rules.card_points[c] else o for c, o in zip(cards, owners, strict=True)
        ]
    taken = [set_of(c for c, o in zip(cards, owners, strict=True) if o == s) for s in range(seats)]
    return rules, taken, draw(st.integers(0, seats - 1))


@settings(max_examples=300)
@given(takings())
def test_points_are_the_models_and_a_moon_is_every_point_card(
    kit: ModuleType, case: tuple[RuleSet, list[int], int]
) -> None:
    rules, taken, last = case
    seats = rules.seats
    ref = kit.Ref("belmont", {"moon": rules.moon.value}, seats)
    texts = [kit.texts(t) for t in taken]
    result = score_hand(rules, taken, last)
    assert list(result.points) == ref.score(texts, last)
    total = {6: 56, 8: 86}[seats]
    everything = Counter(c for c in kit.texts(rules.deck_mask).elements() if ref.card_points(c))
    shooter = next((s for s in range(seats) if texts[s] >= everything), None)
    if shooter is None or rules.moon.value == "off":
        assert result.moon is None and sum(result.points) == total
    elif rules.moon.value == "give":
        assert result.moon == shooter
        assert list(result.points) == [0 if s == shooter else total for s in range(seats)]
    else:
        assert result.moon == shooter
        assert list(result.points) == [-total if s == shooter else 0 for s in range(seats)]
