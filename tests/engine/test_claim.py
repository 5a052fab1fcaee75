"""The claim check: ``settled_points`` says a hand is decided exactly when every legal play-out
gives the same points, and ``view_settled_points`` only when that holds for every deal a seat
cannot tell apart from the real one."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import islice
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
    cards_of,
    mask_of,
    view_of,
)
from peppa_qt.engine.claim import (
    _proof_without_deal,
    _too_costly,
    settled_points,
    view_settled_points,
)
from peppa_qt.engine.hidden import count_deals, deals_of, unseen_of
from peppa_qt.engine.view import PlayerView, hand_view

Points = tuple[int, int, int, int]
PRESETS = ("peppa", "torino", "hearts")


class DifferError(Exception):
    pass


class TooLongError(Exception):
    pass


def brute_force(hand: HandState, budget: int | None = None) -> Points | None:
    """Every legal play-out, one by one: the points if they are all the same, else None.

    A position seen before (the whole state: hands, trick, who moves, cards taken, hearts
    broken) is not played out again; everything else is. With a ``budget`` of positions,
    TooLongError says it would take longer.
    """
    seen: list[Points] = []
    visited: set[tuple[Any, ...]] = set()

    def walk(state: HandState) -> None:
        if budget is not None and len(visited) > budget:
            raise TooLongError
        if state.phase is Phase.SCORED:
            assert state.result is not None
            if not seen:
                seen.append(state.result.points)
            elif state.result.points != seen[0]:
                raise DifferError
            return
        key = (*state.hands, *state.trick, state.to_move, *state.taken, state.hearts_broken)
        if key in visited:
            return
        visited.add(key)
        for card in cards_of(state.legal_mask()):
            state.play(card)
            walk(state)
            state.undo()

    try:
        walk(hand.copy(track_undo=True))
    except DifferError:
        return None
    return seen[0]


def random_playout(hand: HandState, rng: random.Random) -> Points:
    """The points of one random legal play-out."""
    state = hand.copy()
    while state.phase is Phase.PLAYING:
        state.play(rng.choice(cards_of(state.legal_mask())))
    assert state.result is not None
    return state.result.points


Policy = Callable[[HandState, list[int], random.Random], int]


def any_card(hand: HandState, legal: list[int], rng: random.Random) -> int:
    return rng.choice(legal)


def greedy_seat(seat: int) -> Policy:
    """``seat`` plays high, the others low (mostly): one seat collects points, moons happen."""

    def choose(hand: HandState, legal: list[int], rng: random.Random) -> int:
        if rng.random() < 0.25:
            return rng.choice(legal)
        order = sorted(legal, key=lambda c: c % 13)
        return order[-1] if hand.to_move == seat else order[0]

    return choose


def dump_points(hand: HandState, legal: list[int], rng: random.Random) -> int:
    """Point cards first, the highest of them: the points leave the hand early."""
    rules = hand.rules
    scoring = [c for c in legal if rules.card_points[c]]
    if scoring and rng.random() < 0.9:
        return max(scoring, key=lambda c: rules.card_points[c])
    return rng.choice(legal)


def ending(  # noqa: PLR0917
    kit: ModuleType,
    rng: random.Random,
    preset: str,
    tricks_left: int,
    policy: Policy = any_card,
    options: dict[str, Any] | None = None,
) -> HandState:
    """A hand of random rules played (after a random pass) until ``tricks_left`` tricks are
    left, plus 0 to 3 cards of the next trick."""
    rules = RuleSet.preset(preset, kit.random_options(preset, rng) if options is None else options)
    match = Match(rules, rng.randrange(10**9))
    hand = match.start_hand()
    for seat in range(4):
        if hand.phase is Phase.PASSING:
            hand.pass_cards(seat, rng.sample(cards_of(hand.hands[seat]), 3))
    tricks_left = min(tricks_left, rules.hand_size)
    target = 4 * (rules.hand_size - tricks_left) + rng.randrange(4)
    while len(hand.plays) < target:
        hand.play(policy(hand, cards_of(hand.legal_mask()), rng))
    return hand


def random_policy(rng: random.Random) -> Policy:
    return rng.choice([any_card, any_card, dump_points, greedy_seat(rng.randrange(4))])


# ------------------------------------------------------------------ full knowledge


@pytest.mark.parametrize("preset", PRESETS)
def test_settled_points_is_the_exhaustive_search_on_short_endings(
    kit: ModuleType, preset: str
) -> None:
    rng = random.Random(f"claim-{preset}")
    yes = no = 0
    features: set[str] = set()
    for _ in range(800):
        hand = ending(kit, rng, preset, rng.randint(1, 4), random_policy(rng))
        expected = brute_force(hand)
        assert settled_points(hand) == expected, (hand.rules.options, hand.plays)
        if expected is None:
            no += 1
            continue
        yes += 1
        features |= _features(hand, rng)
    assert yes > 150 and no > 150
    wanted = {"36 cards", "teams", "moon", "jack of diamonds"}
    if preset == "torino":
        wanted.add("no-card bonus")
    assert wanted <= features


def _features(hand: HandState, rng: random.Random) -> set[str]:
    """What a settled hand's result involves (so the comparison is known to cover it)."""
    rules = hand.rules
    state = hand.copy()
    while state.phase is Phase.PLAYING:
        state.play(rng.choice(cards_of(state.legal_mask())))
    assert state.result is not None
    found = set()
    if rules.deck_size == 36:
        found.add("36 cards")
    if rules.teams:
        found.add("teams")
    if state.result.moon is not None:
        found.add("moon")
    if rules.jack_of_diamonds:
        found.add("jack of diamonds")
    if rules.no_card_bonus and not all(state.result.taken):
        found.add("no-card bonus")
    return found


def test_the_brute_force_itself_agrees_with_a_plain_count_of_play_outs(kit: ModuleType) -> None:
    """Its memo only skips whole positions seen before: every distinct result is still met."""
    rng = random.Random(11)
    for _ in range(150):
        hand = ending(kit, rng, rng.choice(PRESETS), rng.randint(1, 3), random_policy(rng))
        results: set[Points] = set()

        def every(state: HandState, results: set[Points] = results) -> None:
            if state.phase is Phase.SCORED:
                assert state.result is not None
                results.add(state.result.points)
                return
            for card in cards_of(state.legal_mask()):
                state.play(card)
                every(state, results)
                state.undo()

        every(hand.copy(track_undo=True))
        assert brute_force(hand) == (next(iter(results)) if len(results) == 1 else None)


def claim_positions(kit: ModuleType, rng: random.Random, preset: str) -> HandState:
    """A long ending likely to be settled: the seat on lead holds the top cards, or the point
    cards were dumped early, or one seat has been collecting."""
    kind = rng.randrange(3)
    if kind == 0:
        return sweep_hand(rng, RuleSet.preset(preset, kit.random_options(preset, rng)))
    policy = dump_points if kind == 1 else greedy_seat(rng.randrange(4))
    return ending(kit, rng, preset, rng.randint(5, 13), policy)


def sweep_hand(rng: random.Random, rules: RuleSet) -> HandState:
    """The start of play where the dealer's right holds the top cards of the suits it has,
    half the time with one low card instead of a top one (the search must play that out)."""
    size = rules.hand_size
    deck = cards_of(rules.deck_mask)
    suits = [[c for c in deck if c // 13 == s] for s in range(4)]
    lengths = [0, 0, 0, 0]
    for _ in range(size):
        lengths[rng.choice([s for s in range(4) if lengths[s] < len(suits[s]) - 1])] += 1
    top = [c for s in range(4) for c in suits[s][len(suits[s]) - lengths[s] :]]
    if rng.random() < 0.5:
        top = [*top[1:], rng.choice([suit[0] for suit in suits])]
    rest = [c for c in deck if c not in top]
    rng.shuffle(rest)
    dealer = rng.randrange(4)
    holdings = [mask_of(rest[k * size : (k + 1) * size]) for k in range(3)]
    holdings.insert((dealer + 1) % 4, mask_of(top))
    return HandState.in_play(rules, dealer, rules.pass_direction(0), holdings)


@pytest.mark.parametrize("preset", PRESETS)
def test_long_endings_said_settled_are_settled(kit: ModuleType, preset: str) -> None:
    """5 to 13 tricks left: many random play-outs and play-outs that chase or dump points agree
    with the check; five tricks left, every play-out where it is affordable."""
    rng = random.Random(f"long-{preset}")
    checked = 0
    while checked < 30:
        hand = claim_positions(kit, rng, preset)
        points = settled_points(hand)
        if points is None:
            continue
        checked += 1
        assert {random_playout(hand, rng) for _ in range(100)} == {points}
        for policy in (dump_points, *(greedy_seat(s) for s in range(4))):
            assert play_out(hand, policy, rng) == points
    searched = 0
    while searched < 3:  # every play-out of five tricks costs up to 100,000 positions
        hand = ending(kit, rng, preset, 5, rng.choice([dump_points, greedy_seat(rng.randrange(4))]))
        points = settled_points(hand)
        if points is None:
            continue
        assert 4 * hand.tricks_per_hand - len(hand.plays) > 16
        try:
            assert brute_force(hand, budget=100_000) == points
            searched += 1
        except TooLongError:
            pass


def play_out(hand: HandState, policy: Policy, rng: random.Random) -> Points:
    """The points of the play-out ``policy`` chooses."""
    state = hand.copy()
    while state.phase is Phase.PLAYING:
        state.play(policy(state, cards_of(state.legal_mask()), rng))
    assert state.result is not None
    return state.result.points


def test_a_hand_still_passing_is_not_settled_and_a_scored_one_gives_its_result(
    kit: ModuleType,
) -> None:
    match = Match(RuleSet.preset("hearts"), 5)
    hand = match.start_hand()
    assert settled_points(hand) is None
    kit.finish(hand, seed=5)
    assert hand.result is not None
    assert settled_points(hand) == hand.result.points


# ------------------------------------------------------------------------ one view


def twin_of(hand: HandState, seat: int, rng: random.Random) -> HandState | None:
    """The same hand with two cards swapped between two other seats, if the plays stay legal
    and ``seat`` sees exactly the same (checked by the engine and the view, not by hidden.py).
    """
    others = [s for s in range(4) if s != seat and hand.hands[s]]
    if len(others) < 2:
        return None
    a, b = rng.sample(others, 2)
    known = 0  # cards whose place the seat knows: the ones it passed, the first lead's club
    passed = hand.passes[seat]
    if passed is not None and hand.pass_direction is not PassDirection.HOLD:
        known |= passed
    if hand.rules.lead_lowest_club and not hand.plays:
        known |= 1 << hand.rules.lowest_club
    free_a, free_b = cards_of(hand.hands[a] & ~known), cards_of(hand.hands[b] & ~known)
    if not free_a or not free_b:
        return None
    x, y = rng.choice(free_a), rng.choice(free_b)
    now = hand.hands[:]
    now[a] ^= 1 << x | 1 << y
    now[b] ^= 1 << x | 1 << y
    return rebuilt(hand, now)


def rebuilt(hand: HandState, now: list[int]) -> HandState | None:
    """``hand`` replayed (and checked) with ``now`` as the cards held at this point."""
    start = now[:]
    for index, card in enumerate(hand.plays):
        start[hand.seat_of_play(index)] |= 1 << card
    try:
        return HandState.in_play(
            hand.rules,
            hand.dealer,
            hand.pass_direction,
            start,
            hand.plays,
            deal=hand.deal,
            passes=hand.passes,
        )
    except ValueError:  # IllegalMove: a play the swapped cards make illegal
        return None


def test_view_yes_is_right_for_every_deal_the_seat_cannot_tell_apart(kit: ModuleType) -> None:
    rng = random.Random(21)
    yes = twins = 0
    for _ in range(500):
        preset = rng.choice(PRESETS)
        hand = ending(kit, rng, preset, rng.randint(1, 5), random_policy(rng))
        seat = hand.to_move if rng.random() < 0.6 else rng.randrange(4)
        assert seat is not None
        view = hand_view(hand, seat)
        answer = view_settled_points(view)
        if answer is not None:
            yes += 1
            assert settled_points(hand) == answer
        for _ in range(3):
            twin = twin_of(hand, seat, rng)
            if twin is None or hand_view(twin, seat) != view:
                continue
            twins += 1
            assert view_settled_points(hand_view(twin, seat)) == answer
            if answer is not None:
                assert settled_points(twin) == answer
    assert yes > 60 and twins > 300


def test_the_deals_considered_are_exactly_those_the_seat_cannot_tell_apart(
    kit: ModuleType,
) -> None:
    """Each listed deal replays legally with the same view; each swap that does is listed."""
    rng = random.Random(31)
    listed = 0
    for _ in range(150):
        hand = ending(kit, rng, rng.choice(PRESETS), rng.randint(1, 4), random_policy(rng))
        seat = rng.randrange(4)
        view = hand_view(hand, seat)
        unseen = unseen_of(view)
        count = count_deals(unseen)
        if count > 3000:
            continue
        deals = [tuple(d) for d in deals_of(unseen)]
        assert len(deals) == len(set(deals)) == count
        assert tuple(hand.hands) in deals
        for deal in rng.sample(deals, min(20, len(deals))):
            twin = rebuilt(hand, list(deal))
            assert twin is not None and hand_view(twin, seat) == view
        for _ in range(20):
            twin = twin_of(hand, seat, rng)
            if twin is not None and hand_view(twin, seat) == view:
                assert tuple(twin.hands) in deals
        listed += 1
    assert listed > 100


def test_views_claim_when_nothing_is_left_to_score_however_many_cards_are_hidden(
    kit: ModuleType,
) -> None:
    rng = random.Random(41)
    claimed = many = 0
    for _ in range(300):
        options = {"moon": rng.choice(["give", "subtract", "off"]), "teams": rng.random() < 0.3}
        preset = rng.choice(("peppa", "hearts"))
        hand = ending(kit, rng, preset, rng.randint(4, 12), dump_points, options)
        rest = hand.hands[0] | hand.hands[1] | hand.hands[2] | hand.hands[3] | mask_of(hand.trick)
        if rest & hand.rules.point_mask:
            continue
        view = hand_view(hand, rng.randrange(4))
        many += count_deals(unseen_of(view)) > 10**6
        assert view_settled_points(view) == settled_points(hand) == random_playout(hand, rng)
        claimed += 1
    assert claimed > 30 and many >= 5


def test_views_claim_when_the_seat_to_lead_holds_every_winner(kit: ModuleType) -> None:
    rng = random.Random(51)
    claimed = 0
    for _ in range(250):
        preset = rng.choice(PRESETS)
        rules = RuleSet.preset(preset, kit.random_options(preset, rng))
        hand = sweep_hand(rng, rules)
        while hand.phase is Phase.PLAYING and rng.random() < 0.7:  # a few tricks later
            hand.play(rng.choice(cards_of(hand.legal_mask())))
        seat = hand.to_move
        if seat is None or hand.trick:
            continue
        others = sum(hand.hands) & ~hand.hands[seat]
        if any(
            hand.hands[seat] & s and others & s > hand.hands[seat] & s & -(hand.hands[seat] & s)
            for s in (0x1FFF << 13 * k for k in range(4))
        ):
            continue  # not every card of the seat wins any more
        view = hand_view(hand, seat)
        assert view_settled_points(view, limit=0) == random_playout(hand, rng)
        claimed += 1
    assert claimed > 40


def test_too_many_deals_give_none_not_a_guess(kit: ModuleType) -> None:
    rng = random.Random(61)
    refused = 0
    for _ in range(400):
        hand = ending(kit, rng, rng.choice(PRESETS), rng.randint(2, 4), random_policy(rng))
        seat = hand.to_move
        assert seat is not None
        view = hand_view(hand, seat)
        answer = view_settled_points(view)
        count = count_deals(unseen_of(view))
        if answer is None or count < 2:
            continue
        limited = view_settled_points(view, limit=count - 1)
        assert limited in (None, answer)  # a proof that needs no deal may still answer
        refused += limited is None
    assert refused > 10


def test_a_view_before_play_or_after_the_hand_claims_nothing(kit: ModuleType) -> None:
    match = Match(RuleSet.preset("peppa"), 8)
    hand = match.start_hand()
    assert view_settled_points(view_of(match, 0)) is None
    kit.finish(hand, seed=8)
    assert view_settled_points(view_of(match, 0)) is None


# ------------------------------------------------------------- the check against its oracle


def check_deal_by_deal(view: PlayerView, limit: int) -> tuple[int, ...] | None:
    """The view's check as it was first written, kept as the oracle: each deal of the cards
    the seat cannot see made a hand of its own and searched alone by ``settled_points`` (every
    play-out); the same points from every deal, else None. None too past ``limit`` deals (the
    deals listed, not counted) or where the table is too big to count them, unless a proof
    needs no deal: then the first deal's points."""
    if view.phase is not Phase.PLAYING or view.first_lead is None:
        return None
    unseen = unseen_of(view)
    proved = _proof_without_deal(view, unseen.cards)
    if not proved and (
        _too_costly(view, unseen.cards) or len(list(islice(deals_of(unseen), limit + 1))) > limit
    ):
        return None
    answers = set()
    for deal in deals_of(unseen):
        answers.add(settled_points(HandState.from_view(view, deal)))
        if proved or len(answers) > 1:
            break
    return answers.pop() if len(answers) == 1 else None


#: Deals searched at most, by both (the oracle searches each alone: it is slow).
ORACLE_LIMIT = 300
POLICIES = ("any", "dump", "greedy")


def policy_named(name: str, rng: random.Random) -> Policy:
    if name == "greedy":
        return greedy_seat(rng.randrange(4))
    return dump_points if name == "dump" else any_card


def view_of_ending(
    kit: ModuleType, seed: int, tricks: int, policy: str, mover: bool
) -> tuple[HandState, PlayerView]:
    """An ending of random rules and its view from the seat to move (or from any seat)."""
    rng = random.Random(seed)
    preset = rng.choice(PRESETS)
    hand = ending(kit, rng, preset, tricks, policy_named(policy, rng))
    seat = hand.to_move if mover else rng.randrange(4)
    assert seat is not None
    return hand, hand_view(hand, seat)


@settings(max_examples=150)
@given(
    seed=st.integers(0, 2**32),
    tricks=st.integers(1, 4),
    policy=st.sampled_from(POLICIES),
    mover=st.booleans(),
)
def test_the_view_check_says_what_searching_each_deal_alone_says(
    kit: ModuleType, seed: int, tricks: int, policy: str, mover: bool
) -> None:
    """The check shares one search between the deals, stops at the first play-out that differs
    from the first deal's points and answers its proofs without a deal: the promise is the
    same as every deal searched alone."""
    hand, view = view_of_ending(kit, seed, tricks, policy, mover)
    answer = view_settled_points(view, limit=ORACLE_LIMIT)
    assert answer == check_deal_by_deal(view, ORACLE_LIMIT)
    if answer is not None:
        assert settled_points(hand) == answer


def test_the_view_check_and_its_oracle_agree_on_decided_and_open_endings(kit: ModuleType) -> None:
    """The same on a fixed sample, which holds both answers (so the comparison covers both)."""
    yes = no = 0
    for seed in range(120):
        _, view = view_of_ending(kit, seed, 1 + seed % 4, POLICIES[seed % 3], seed % 5 != 0)
        answer = view_settled_points(view, limit=ORACLE_LIMIT)
        assert answer == check_deal_by_deal(view, ORACLE_LIMIT), seed
        yes += answer is not None
        no += answer is None
    assert yes > 30 and no > 30
