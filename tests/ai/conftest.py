"""Helpers for the AI tests: every rule combination, random positions and staged hands.

Tests reach them through the ``aikit`` fixture (a conftest is not importable by name).
"""

from __future__ import annotations

import itertools
import random
import sys
from collections.abc import Mapping
from types import ModuleType
from typing import Any

import pytest

from peppa_qt.engine import (
    HandState,
    PassDirection,
    Phase,
    RuleSet,
    cards_of,
    mask_of,  # noqa: F401  (tests reach it as aikit.mask_of)
)
from peppa_qt.engine.cards import CARDS, Card, parse_cards
from peppa_qt.engine.cardset import add, copies, listed, minus, plus, set_of, size
from peppa_qt.engine.trick import winner_position
from peppa_qt.engine.view import PlayerView, hand_view

SUITS = "CDHS"

#: Every preset with every combination of the options that change how cards are worth or played.
COMBOS: list[tuple[str, dict[str, Any]]] = [
    (preset, {"teams": t, "deck": d, "jack_of_diamonds": j, "seven_of_clubs": s, "moon": m})
    for preset in ("peppa", "torino", "hearts")
    for t, d, j, s, m in itertools.product(
        (False, True), (52, 36), (0, 10, -10), (0, 7), ("give", "subtract", "off")
    )
]
#: Pass cycles on top of the presets' own (hold hands, and Peppa's pass right every hand).
CYCLES = (["right"], ["left", "right", "across", "hold"], ["left", "across", "right", "hold"])


#: Belmont's tables: six and eight seats, with the options rule set D keeps (RULES.md).
BELMONT_COMBOS: list[tuple[int, dict[str, Any]]] = [
    (seats, {"moon": m, "queen_breaks_hearts": q})
    for seats in (6, 8)
    for m, q in itertools.product(("give", "subtract", "off"), (False, True))
]


def belmont_rules() -> list[RuleSet]:
    """One Belmont rule set per combination, at six and eight seats; pass cycles and end
    rules vary along the list."""
    out = []
    for i, (seats, options) in enumerate(BELMONT_COMBOS):
        extra: dict[str, Any] = {"pass_cycle": CYCLES[i % 3]}
        if i % 5 == 0:
            extra["end"] = {"mode": "points", "limit": 50}
        out.append(RuleSet.preset("belmont", {**options, **extra}, seats=seats))
    return out


def all_rules() -> list[RuleSet]:
    """One rule set per combination; pass cycles and end rules vary along the list."""
    out = []
    for i, (preset, options) in enumerate(COMBOS):
        extra: dict[str, Any] = {"pass_cycle": CYCLES[i % 3]}
        if i % 5 == 0:
            extra["end"] = {"mode": "points", "limit": 50}
        out.append(RuleSet.preset(preset, {**options, **extra}))
    return out


def deal(rules: RuleSet, rng: random.Random) -> list[int]:
    """A random deal of the rules' deck (card sets: Belmont's copies are dealt as cards)."""
    deck = listed(rules.deck_mask)
    rng.shuffle(deck)
    size_ = rules.hand_size
    return [set_of(deck[s * size_ : (s + 1) * size_]) for s in range(rules.seats)]


def random_totals(rng: random.Random, rules: RuleSet) -> tuple[int, ...]:
    """Game totals before the hand, sometimes close to the end."""
    top = rules.end_value + 10 if rng.random() < 0.5 else 30
    values = [rng.randrange(-20, top) for _ in range(rules.seats)]
    if rules.teams:
        values = [values[s % 2] for s in range(rules.seats)]
    return tuple(values)


def random_hand(rules: RuleSet, rng: random.Random) -> HandState:
    """A fresh hand with a random deal, dealer and pass direction."""
    direction = rng.choice(rules.pass_cycle)
    dealer = rng.randrange(rules.seats)
    return HandState(rules, dealer, deal(rules, rng), direction, track_undo=False)


def random_position(rules: RuleSet, rng: random.Random) -> tuple[HandState, PlayerView]:
    """A random moment of a hand (passing or playing) and the view of the seat to act."""
    hand = random_hand(rules, rng)
    totals = random_totals(rng, rules)
    index = rng.randrange(8)
    if hand.phase is Phase.PASSING and rng.random() < 0.25:
        return hand, hand_view(hand, rng.randrange(rules.seats), index, totals=totals)
    if hand.phase is Phase.PASSING:
        for seat in range(rules.seats):
            hand.pass_cards(seat, rng.sample(listed(hand.hands[seat]), 3))
    for _ in range(rng.randrange(rules.seats * rules.hand_size)):
        hand.play(rng.choice(cards_of(hand.legal_mask())))
    assert hand.to_move is not None
    return hand, hand_view(hand, hand.to_move, index, totals=totals)


def mask(text: str) -> int:
    """``"QS AH"`` → mask (a card set: ``"QS QS"`` is two queens)."""
    return set_of(parse_cards(text))


def card(text: str) -> Card:
    """``"QS"`` → the card."""
    return Card.parse(text)


def staged(
    rules: RuleSet,
    hands: Mapping[int, str],
    plays: str = "",
    *,
    leader: int = 0,
    voids: Mapping[int, str] | None = None,
    totals: tuple[int, ...] | None = None,
    seat: int | None = None,
) -> PlayerView:
    """The view of ``seat`` (default: the seat to move) after ``plays``, from partial hands.

    ``hands`` are holdings after passing; the cards of ``plays`` go to the seats that play them.
    Cards not named in either are spread over the seats with room, keeping each seat out
    of the suits listed for it in ``voids`` (letters, e.g. ``{1: "C"}``). Peppa and Torino let
    ``leader`` lead the first trick; under Hearts rules whoever gets the lowest club leads
    (in Belmont the dealer sits just before ``leader``, so a second 2♣ elsewhere leads not).
    """
    given = {s: mask(t) for s, t in hands.items()}
    played = parse_cards(plays) if plays else []
    times: dict[tuple[int, int], int] = {}
    for who, c in _players_of(rules, played, leader):
        times[who, c] = times.get((who, c), 0) + 1
        given[who] = _at_least(given.get(who, 0), c, times[who, c])
    if rules.lead_lowest_club:
        given[leader] = _at_least(given.get(leader, 0), rules.lowest_club, 1)
    holdings = _fill(rules, given, voids or {})
    # Four seats: the dealer the four-seat tests were written with.
    dealer = (leader - 1) % 4 if rules.seats == 4 else rules.next_seat(leader, -1)
    hand = HandState.in_play(rules, dealer, PassDirection.HOLD, holdings, played)
    assert hand.to_move is not None, "the staged hand is over"
    if totals is None:
        totals = (0,) * rules.seats
    return hand_view(hand, hand.to_move if seat is None else seat, totals=totals)


def _at_least(held: int, c: int, count: int) -> int:
    """``held`` with at least ``count`` copies of card ``c``."""
    while copies(held, c) < count:
        held = add(held, c)
    return held


def _players_of(rules: RuleSet, plays: list[Card], leader: int) -> list[tuple[int, Card]]:
    """Who plays each card, trick winners worked out from the cards themselves."""
    out = []
    seats = rules.seats
    for start in range(0, len(plays), seats):
        trick = plays[start : start + seats]
        out += [((leader + i * rules.direction) % seats, c) for i, c in enumerate(trick)]
        if len(trick) == seats:
            leader = (leader + winner_position(trick) * rules.direction) % seats
    return out


def _fill(rules: RuleSet, given: Mapping[int, int], voids: Mapping[int, str]) -> list[int]:
    seats = range(rules.seats)
    holdings = [given.get(s, 0) for s in seats]
    taken = 0
    for held in holdings:
        taken = plus(taken, held)
    rest = listed(minus(rules.deck_mask, taken))
    # Suits that more seats refuse go first, while the seats that take them still have room.
    rest.sort(key=lambda c: -sum(SUITS[c // 13] in v for v in voids.values()))
    size_ = rules.hand_size
    for c in rest:
        allowed = [
            s for s in seats if size(holdings[s]) < size_ and SUITS[c // 13] not in voids.get(s, "")
        ]
        assert allowed, f"no seat can take {CARDS[c]}"
        seat = max(allowed, key=lambda s: (size_ - size(holdings[s]), -s))
        holdings[seat] = add(holdings[seat], c)
    return holdings


def names(cards: tuple[int, ...] | list[int]) -> set[str]:
    """Cards as a set of texts."""
    return {str(CARDS[c]) for c in cards}


@pytest.fixture(scope="session")
def aikit() -> ModuleType:
    """This module: rule combinations, random positions, staged hands."""
    return _THIS_MODULE


#: Captured at import: when the fixture runs, ``sys.modules[__name__]`` ("conftest") may
#: already be another directory's conftest.
_THIS_MODULE = sys.modules[__name__]
