"""Deals of the hidden cards consistent with what a seat has seen (for Monte-Carlo search)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine.cards import SUIT_MASKS
from ..engine.cardset import add, listed, minus, plus, set_of, size
from ..engine.rules import PassDirection
from ..engine.view import PlayerView
from . import knowledge

ATTEMPTS = 30
#: Added to each chance of a location prior, so no seat is ever ruled out by it.
PRIOR_FLOOR = 0.02

#: Per seat and card, the chance that the seat holds the card (scripts/ai_parts.py makes
#: one from the pass a seat received: location_prior).
Prior = Sequence[Sequence[float]]


def played_mask(view: PlayerView) -> int:
    """Every card played this hand (a card set)."""
    return set_of(view.plays)


def shown_voids(view: PlayerView) -> list[int]:
    """Per seat, the suits (as a card mask) it has shown it no longer holds."""
    bits = knowledge.shown_voids(view)
    return [
        sum(mask for suit, mask in enumerate(SUIT_MASKS) if bits >> (4 * seat + suit) & 1)
        for seat in range(view.rules.seats)
    ]


def known_cards(view: PlayerView) -> list[int]:
    """Cards the seat knows another seat holds: its own pass, until that seat plays them."""
    known = [0] * view.rules.seats
    exchanged = view.pass_direction is not PassDirection.HOLD and view.received is not None
    if exchanged and view.passed is not None:
        target = view.pass_target
        known[target] = minus(view.passed, knowledge.played_by(view, target))
    return known


def sample_hands(
    view: PlayerView,
    rng: random.Random,
    voids: Sequence[int] | None = None,
    known: Sequence[int] | None = None,
    prior: Prior | None = None,
) -> list[int]:
    """One deal of the unseen cards to the other seats, respecting counts, voids and known cards.

    Each card goes to a seat as likely as the cards that seat still needs, times the
    ``prior`` chance that it holds the card, if a prior is given.
    When the voids cannot all be respected (they always can in a real game, but a sample may
    paint itself into a corner) a few fresh attempts are made, then the voids are dropped.
    """
    voids = shown_voids(view) if voids is None else voids
    known = known_cards(view) if known is None else known
    for _ in range(ATTEMPTS):
        hands = _attempt(view, rng, voids, known, prior)
        if hands is not None:
            return hands
    hands = _attempt(view, rng, [0] * view.rules.seats, known, prior)
    assert hands is not None
    return hands


def _attempt(
    view: PlayerView,
    rng: random.Random,
    voids: Sequence[int],
    known: Sequence[int],
    prior: Prior | None,
) -> list[int] | None:
    seat = view.seat
    seats = range(view.rules.seats)
    hands = [0] * len(seats)
    hands[seat] = view.hand
    need = list(view.counts)
    need[seat] = 0
    placed = plus(view.hand, played_mask(view))
    for s in seats:
        if s != seat:
            hands[s] = known[s]
            need[s] -= size(known[s])
            placed = plus(placed, known[s])
    pool = listed(minus(view.rules.deck_mask, placed))
    rng.shuffle(pool)
    others = [s for s in seats if s != seat]
    # The most constrained cards first, so voids rarely leave a card with nowhere to go.
    pool.sort(key=lambda c: sum(1 for s in others if voids[s] >> c & 1))
    pool.reverse()
    for card in pool:
        choices = [s for s in others if need[s] > 0 and not voids[s] >> card & 1]
        if not choices:
            return None
        if prior is None:
            weights = [float(need[s]) for s in choices]
        else:
            weights = [need[s] * (prior[s][card] + PRIOR_FLOOR) for s in choices]
        chosen = choices[0] if len(choices) == 1 else rng.choices(choices, weights)[0]
        hands[chosen] = add(hands[chosen], card)
        need[chosen] -= 1
    return hands
