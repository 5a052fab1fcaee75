"""Claims and hidden deals at six and eight seats with two decks.

``settled_points`` must be what every legal play-out gives (an exhaustive walk here), and the
deals a seat cannot tell apart (``count_deals``, ``deals_of``) must be exactly those a brute
force finds: every way to give the unseen cards, copies counted and a deal that differs only
by which copy went where counted once, kept when the hand replays legally from it, looks the
same from the seat (the engine's own ``hand_view``) and leaves the cards the seat passed with
the seat it passed them to. A view's claim must hold for every one of them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from functools import cache
from itertools import combinations_with_replacement, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_claim import ORACLE_LIMIT, check_deal_by_deal

from peppa_qt.engine import HandState, Match, PassDirection, Phase, RuleSet, cards_of
from peppa_qt.engine.cardset import listed, plus, set_of
from peppa_qt.engine.claim import _proof_without_deal, settled_points, view_settled_points
from peppa_qt.engine.hidden import Unseen, count_deals, deals_of, unseen_of
from peppa_qt.engine.view import hand_view

Points = tuple[int, ...]
Policy = Callable[[HandState, list[int], random.Random], int]
SEATS = (6, 8)


def any_card(hand: HandState, legal: list[int], rng: random.Random) -> int:
    return rng.choice(legal)


def keep_the_two_of_clubs(hand: HandState, legal: list[int], rng: random.Random) -> int:
    """A random card, a 2♣ only when nothing else may be played: a 2♣ stays hidden late."""
    others = [c for c in legal if str(c) != "2C"]
    return rng.choice(others or legal)


def dump_points(hand: HandState, legal: list[int], rng: random.Random) -> int:
    scoring = [c for c in legal if hand.rules.card_points[c]]
    return max(scoring, key=lambda c: hand.rules.card_points[c]) if scoring else rng.choice(legal)


POLICIES: tuple[Policy, ...] = (any_card, keep_the_two_of_clubs, dump_points)


def ending(rng: random.Random, seats: int, tricks_left: int, policy: Policy) -> HandState:
    """A Belmont hand (random options, a random pass) played until ``tricks_left`` tricks are
    left, and a few cards of the next trick."""
    options = {
        "moon": rng.choice(["give", "subtract", "off"]),
        "queen_breaks_hearts": rng.random() < 0.3,
    }
    rules = RuleSet.preset("belmont", options, seats=seats)
    hand = Match(rules, rng.randrange(10**9)).start_hand()
    for seat in range(seats):
        if hand.phase is Phase.PASSING:
            hand.pass_cards(seat, rng.sample(listed(hand.hands[seat]), 3))
    target = seats * (13 - tricks_left) + rng.randrange(seats)
    while len(hand.plays) < target:
        hand.play(policy(hand, cards_of(hand.legal_mask()), rng))
    return hand


def every_play_out(hand: HandState) -> Points | None:
    """Every legal play-out, one by one: the points if they are all the same, else None."""
    results: set[Points] = set()

    def walk(state: HandState) -> None:
        if state.phase is Phase.SCORED:
            assert state.result is not None
            results.add(state.result.points)
            return
        for card in cards_of(state.legal_mask()):
            state.play(card)
            walk(state)
            state.undo()
            if len(results) > 1:
                return

    walk(hand.copy(track_undo=True))
    return next(iter(results)) if len(results) == 1 else None


# ------------------------------------------------------------------ full knowledge


@pytest.mark.parametrize("seats", SEATS)
def test_settled_points_is_every_play_out_on_short_belmont_endings(seats: int) -> None:
    rng = random.Random(f"belmont-claim-{seats}")
    yes = no = twins = 0
    for _ in range(150):
        hand = ending(rng, seats, rng.randint(1, 2), rng.choice(POLICIES))
        expected = every_play_out(hand)
        assert settled_points(hand) == expected, (hand.rules.options, hand.plays)
        yes += expected is not None
        no += expected is None
        left = Counter(c for held in hand.hands for c in listed(held)) + Counter(hand.trick)
        twins += any(n == 2 for n in left.values())  # two identical cards still to fall
    assert yes > 30 and no > 20 and twins > 30


# ------------------------------------------------------------------------ one view


def multiset_choices(pool: Counter[int], size: int) -> Iterator[Counter[int]]:
    """Every sub-multiset of ``pool`` of ``size`` cards, each once."""
    cards = sorted(pool)

    def go(index: int, left: int) -> Iterator[Counter[int]]:
        if left == 0:
            yield Counter()
            return
        if index == len(cards):
            return
        card = cards[index]
        for take in range(min(pool[card], left), -1, -1):
            for rest in go(index + 1, left - take):
                if take:
                    rest[card] += take
                yield rest

    return go(0, size)


def candidate_deals(hand: HandState, seat: int) -> Iterator[list[int]]:
    """Every way to give the cards ``seat`` does not see to the other seats, each seat as
    many as it holds, copies counted once (card texts only: not hidden.py's reading)."""
    rules = hand.rules
    unseen = Counter(listed(rules.deck_mask)) - Counter(listed(hand.hands[seat]))
    unseen -= Counter(hand.plays)
    others = [s for s in range(rules.seats) if s != seat]
    counts = [len(listed(hand.hands[s])) for s in others]

    def go(index: int, pool: Counter[int]) -> Iterator[list[Counter[int]]]:
        if index == len(others):
            yield []
            return
        for share in multiset_choices(pool, counts[index]):
            for tail in go(index + 1, pool - share):
                yield [share, *tail]

    for shares in go(0, unseen):
        deal = [0] * rules.seats
        deal[seat] = hand.hands[seat]
        for other, share in zip(others, shares, strict=True):
            deal[other] = set_of(share.elements())
        yield deal


def rebuilt(hand: HandState, now: list[int]) -> HandState | None:
    """``hand`` replayed (and checked) with ``now`` as the cards held at this point."""
    start = now[:]
    for index, card in enumerate(hand.plays):
        seat = hand.seat_of_play(index)
        start[seat] = plus(start[seat], 1 << card)
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
    except ValueError:  # IllegalMove: a play these holdings make illegal
        return None


def holds_what_it_was_passed(hand: HandState, twin: HandState, seat: int) -> bool:
    """Whether, in ``twin``, the seat ``seat`` passed to held those cards once play began."""
    passed = hand.passes[seat]
    if passed is None or hand.pass_direction is PassDirection.HOLD:
        return True
    receiver = hand.rules.receiver(seat, hand.pass_direction)
    start = Counter(listed(twin.hands[receiver]))
    start += Counter(c for i, c in enumerate(hand.plays) if hand.seat_of_play(i) == receiver)
    return not Counter(listed(passed)) - start


def told_apart_by_nobody(hand: HandState, seat: int) -> set[tuple[int, ...]]:
    """The deals ``seat`` cannot tell from the real one, by brute force."""
    view = hand_view(hand, seat)
    found = set()
    for deal in candidate_deals(hand, seat):
        twin = rebuilt(hand, deal)
        if (
            twin is not None
            and hand_view(twin, seat) == view
            and holds_what_it_was_passed(hand, twin, seat)
        ):
            found.add(tuple(deal))
    return found


def few_candidates(hand: HandState, seat: int, most: int) -> bool:
    """Whether there are at most ``most`` candidate deals (counted, not listed)."""
    unseen = Counter(listed(hand.rules.deck_mask)) - Counter(listed(hand.hands[seat]))
    unseen -= Counter(hand.plays)
    cards = sorted(unseen)
    sizes = tuple(len(listed(h)) for s, h in enumerate(hand.hands) if s != seat)

    @cache
    def ways(index: int, room: tuple[int, ...]) -> int:
        if index == len(cards):
            return int(not any(room))
        total = 0
        for first in range(len(room)):  # the copies of one card: both to one seat, or split
            for second in range(first, len(room)) if unseen[cards[index]] == 2 else (None,):
                left = list(room)
                left[first] -= 1
                if second is not None:
                    left[second] -= 1
                if min(left) >= 0:
                    total += ways(index + 1, tuple(left))
        return total

    return ways(0, sizes) <= most


def hidden_twice(hand: HandState, seat: int) -> bool:
    """Whether both copies of some card are hidden from ``seat``."""
    seen = Counter(listed(hand.hands[seat])) + Counter(hand.plays)
    deck = Counter(listed(hand.rules.deck_mask))
    return any(n == 2 and not seen[c] for c, n in deck.items())


def view_cases(seats: int, wanted: int, most: int = 400) -> Iterator[tuple[HandState, int]]:
    """Endings of one or two tricks where a seat has few enough deals to try them all; half
    of them with both copies of a card hidden from the seat."""
    rng = random.Random(f"belmont-view-{seats}")
    single = double = 0
    while single + double < wanted:
        hand = ending(rng, seats, rng.randint(1, 2), rng.choice(POLICIES))
        seat = rng.randrange(seats)
        twice = hidden_twice(hand, seat)
        if (double if twice else single) >= wanted // 2 or not few_candidates(hand, seat, most):
            continue
        double += twice
        single += not twice
        yield hand, seat


@pytest.mark.parametrize("seats", SEATS)
def test_count_deals_and_deals_of_are_the_brute_force_with_copies(seats: int) -> None:
    twice = kept_club = 0
    for hand, seat in view_cases(seats, 24):
        expected = told_apart_by_nobody(hand, seat)
        assert tuple(hand.hands) in expected
        unseen = unseen_of(hand_view(hand, seat))
        deals = [tuple(d) for d in deals_of(unseen)]
        assert len(deals) == len(set(deals)), "a deal listed twice"
        assert set(deals) == expected, (hand.plays, seat)
        assert count_deals(unseen) == len(expected)
        twice += hidden_twice(hand, seat)
        kept_club += any(str(c) == "2C" for h in hand.hands for c in listed(h))
    assert twice == 12
    assert kept_club >= 3 or seats == 6  # six seats have one 2♣: it always leads


@st.composite
def constraints(draw: st.DrawFn) -> Unseen:
    """What a seat may know of the others' cards, drawn freely (not from a played hand): a few
    cards, some of them twice, which seats may hold each, and a few each must."""
    others = draw(st.integers(1, 4))
    seat = draw(st.integers(0, others))
    seats = [s for s in range(others + 1) if s != seat]
    faces = draw(st.lists(st.integers(0, 51), min_size=1, max_size=5, unique=True))
    twice = draw(st.lists(st.sampled_from(faces), max_size=3, unique=True))
    cards = set_of([*faces, *twice])
    copies = sorted([*faces, *twice])
    counts = [0] * (others + 1)
    for _ in copies:
        counts[draw(st.sampled_from(seats))] += 1
    allowed = [0] * (others + 1)
    required = [0] * (others + 1)
    for s in seats:
        allowed[s] = set_of(draw(st.lists(st.sampled_from(faces), unique=True)))
    for card in copies:
        s = draw(st.sampled_from(seats))
        room = counts[s] > required[s].bit_count() and required[s] >> 52 + card & 1 == 0
        if room and draw(st.integers(0, 5)) == 0:
            required[s] = plus(required[s], 1 << card)
            allowed[s] |= 1 << card
    return Unseen(seat, 0, cards, tuple(counts), tuple(allowed), tuple(required))


def deals_by_brute_force(unseen: Unseen) -> set[tuple[int, ...]]:
    """Every copy given to a seat that may hold it (the two copies of a card as a pair of
    seats, either order the same deal), kept when each seat has its count and what it must."""
    seats = [s for s in range(len(unseen.counts)) if s != unseen.seat]
    cards = Counter(listed(unseen.cards))
    options = []
    for card, count in sorted(cards.items()):
        holders = [s for s in seats if unseen.allowed[s] >> card & 1]
        options.append([(card, pair) for pair in combinations_with_replacement(holders, count)])
    found = set()
    for choice in product(*options):
        hands = [0] * len(unseen.counts)
        hands[unseen.seat] = unseen.hand
        for card, holders in choice:
            for s in holders:
                hands[s] = plus(hands[s], 1 << card)
        if all(
            hands[s].bit_count() == unseen.counts[s]
            and hands[s] & unseen.required[s] == unseen.required[s]
            for s in seats
        ):
            found.add(tuple(hands))
    return found


@settings(max_examples=300)
@given(constraints())
def test_count_deals_and_deals_of_are_every_deal_that_fits(unseen: Unseen) -> None:
    """Any constraints, with copies: the count (a closed form per group of cards) and the
    list are exactly the deals that fit."""
    expected = deals_by_brute_force(unseen)
    deals = [tuple(d) for d in deals_of(unseen)]
    assert len(deals) == len(set(deals))
    assert set(deals) == expected
    assert count_deals(unseen) == len(expected)


@pytest.mark.parametrize("seats", SEATS)
def test_a_view_claim_holds_for_every_deal_the_seat_cannot_tell_apart(seats: int) -> None:
    claims = 0
    for hand, seat in view_cases(seats, 24):
        answer = view_settled_points(hand_view(hand, seat))
        if answer is None:
            continue
        claims += 1
        for deal in told_apart_by_nobody(hand, seat):
            twin = rebuilt(hand, list(deal))
            assert twin is not None and settled_points(twin) == answer
    assert claims >= 5


@settings(max_examples=60)
@given(
    seats=st.sampled_from(SEATS),
    seed=st.integers(0, 2**32),
    tricks=st.integers(1, 4),
    policy=st.integers(0, len(POLICIES) - 1),
    mover=st.booleans(),
)
def test_the_view_check_says_what_searching_each_deal_alone_says(
    seats: int, seed: int, tricks: int, policy: int, mover: bool
) -> None:
    """As at four seats (test_claim.py's oracle), with two decks: copies in the deals, the
    shared search, the first differing play-out ending the check, the proofs without a deal."""
    rng = random.Random(seed)
    hand = ending(rng, seats, tricks, POLICIES[policy])
    seat = hand.to_move if mover else rng.randrange(seats)
    assert seat is not None
    view = hand_view(hand, seat)
    answer = view_settled_points(view, limit=ORACLE_LIMIT)
    assert answer == check_deal_by_deal(view, ORACLE_LIMIT)
    if answer is not None:
        assert settled_points(hand) == answer


@pytest.mark.parametrize("seats", SEATS)
def test_the_view_check_and_its_oracle_agree_on_decided_and_open_belmont_endings(
    seats: int,
) -> None:
    """The same on endings met until both answers are there, and twenty decided ones with
    several deals (each of them searched, against the first one's points)."""
    yes = no = several = 0
    for seed in range(3000):
        rng = random.Random(f"oracle-{seats}-{seed}")
        hand = ending(rng, seats, 1 + seed % 2, dump_points)
        assert hand.to_move is not None
        view = hand_view(hand, hand.to_move)
        answer = view_settled_points(view, limit=ORACLE_LIMIT)
        assert answer == check_deal_by_deal(view, ORACLE_LIMIT), seed
        unseen = unseen_of(view)
        yes += answer is not None
        no += answer is None
        if answer is not None and not _proof_without_deal(view, unseen.cards):
            several += count_deals(unseen) > 1
        if yes > 30 and no > 30 and several >= 20:
            break
    assert yes > 30 and no > 30 and several >= 20
