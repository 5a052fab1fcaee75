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

from peppa_qt.engine import HandState, PassDirection, Phase, RuleSet, cards_of, mask_of
from peppa_qt.engine.cards import CARDS, Card, parse_cards
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
    """A random deal of the rules' deck."""
    deck = cards_of(rules.deck_mask)
    rng.shuffle(deck)
    size = rules.hand_size
    return [mask_of(deck[s * size : (s + 1) * size]) for s in range(4)]


def random_totals(rng: random.Random, rules: RuleSet) -> tuple[int, int, int, int]:
    """Game totals before the hand, sometimes close to the end."""
    top = rules.end_value + 10 if rng.random() < 0.5 else 30
    values = [rng.randrange(-20, top) for _ in range(4)]
    if rules.teams:
        values = [values[s % 2] for s in range(4)]
    return (values[0], values[1], values[2], values[3])


def random_hand(rules: RuleSet, rng: random.Random) -> HandState:
    """A fresh hand with a random deal, dealer and pass direction."""
    direction = rng.choice(rules.pass_cycle)
    return HandState(rules, rng.randrange(4), deal(rules, rng), direction, track_undo=False)


def random_position(rules: RuleSet, rng: random.Random) -> tuple[HandState, PlayerView]:
    """A random moment of a hand (passing or playing) and the view of the seat to act."""
    hand = random_hand(rules, rng)
    totals = random_totals(rng, rules)
    index = rng.randrange(8)
    if hand.phase is Phase.PASSING and rng.random() < 0.25:
        return hand, hand_view(hand, rng.randrange(4), index, totals=totals)
    if hand.phase is Phase.PASSING:
        for seat in range(4):
            hand.pass_cards(seat, rng.sample(cards_of(hand.hands[seat]), 3))
    for _ in range(rng.randrange(4 * rules.hand_size)):
        hand.play(rng.choice(cards_of(hand.legal_mask())))
    assert hand.to_move is not None
    return hand, hand_view(hand, hand.to_move, index, totals=totals)


def mask(text: str) -> int:
    """``"QS AH"`` → mask."""
    return mask_of(parse_cards(text))


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
    totals: tuple[int, int, int, int] = (0, 0, 0, 0),
    seat: int | None = None,
) -> PlayerView:
    """The view of ``seat`` (default: the seat to move) after ``plays``, from partial hands.

    ``hands`` are holdings after passing; the cards of ``plays`` go to the seats that play them.
    Cards not named in either are spread over the seats with room, keeping each seat out
    of the suits listed for it in ``voids`` (letters, e.g. ``{1: "C"}``). Peppa and Torino let
    ``leader`` lead the first trick; under Hearts rules whoever gets the lowest club leads.
    """
    given = {s: mask(t) for s, t in hands.items()}
    played = parse_cards(plays) if plays else []
    for who, c in _players_of(rules, played, leader):
        given[who] = given.get(who, 0) | 1 << c
    if rules.lead_lowest_club:
        given[leader] = given.get(leader, 0) | 1 << rules.lowest_club
    holdings = _fill(rules, given, voids or {})
    dealer = (leader - 1) % 4
    hand = HandState.in_play(rules, dealer, PassDirection.HOLD, holdings, played)
    assert hand.to_move is not None, "the staged hand is over"
    return hand_view(hand, hand.to_move if seat is None else seat, totals=totals)


def _players_of(rules: RuleSet, plays: list[Card], leader: int) -> list[tuple[int, Card]]:
    """Who plays each card, trick winners worked out from the cards themselves."""
    out = []
    for start in range(0, len(plays), 4):
        trick = plays[start : start + 4]
        out += [((leader + i * rules.direction) % 4, c) for i, c in enumerate(trick)]
        if len(trick) == 4:
            best = max(c for c in trick if c.suit == trick[0].suit)
            leader = (leader + trick.index(best) * rules.direction) % 4
    return out


def _fill(rules: RuleSet, given: Mapping[int, int], voids: Mapping[int, str]) -> list[int]:
    holdings = [given.get(s, 0) for s in range(4)]
    rest = cards_of(rules.deck_mask & ~(holdings[0] | holdings[1] | holdings[2] | holdings[3]))
    # Suits that more seats refuse go first, while the seats that take them still have room.
    rest.sort(key=lambda c: -sum(SUITS[c // 13] in v for v in voids.values()))
    size = rules.hand_size
    for c in rest:
        allowed = [
            s
            for s in range(4)
            if holdings[s].bit_count() < size and SUITS[c // 13] not in voids.get(s, "")
        ]
        assert allowed, f"no seat can take {CARDS[c]}"
        seat = max(allowed, key=lambda s: (size - holdings[s].bit_count(), -s))
        holdings[seat] |= 1 << c
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
