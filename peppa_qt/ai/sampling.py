"""Deals of the hidden cards consistent with what a seat has seen (for Monte-Carlo search)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from ..engine.cards import SUIT_MASKS
from ..engine.cardset import add, listed, minus, plus, set_of, size
from ..engine.rules import PassDirection
from ..engine.view import PlayerView
from . import knowledge

ATTEMPTS = 30
T = TypeVar("T")

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


def barred_cards(view: PlayerView) -> list[int]:
    """Per seat, the cards (a card mask) it cannot hold: the suits it has shown out of, and
    the lowest club where the first lead passed it over.

    Where the lowest club leads and the deck has two (Belmont's eight), of two holders the
    one nearer the dealer leads (RULES.md, rule set D): every seat before the first leader
    held none after passing, so holds none now. (With one such club it is already placed.)
    """
    barred = shown_voids(view)
    rules = view.rules
    if rules.lead_lowest_club and view.first_lead is not None:
        club = 1 << rules.lowest_club
        step = 1
        while (seat := rules.next_seat(view.dealer, step)) != view.first_lead:
            barred[seat] |= club
            step += 1
    return barred


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

    ``voids`` are the cards each seat cannot hold (``barred_cards`` when not given). Each
    card goes to a seat as likely as the cards that seat still needs, times the
    ``prior`` chance that it holds the card, if a prior is given.
    When the voids cannot all be respected (they always can in a real game, but a sample may
    paint itself into a corner) a few fresh attempts are made, then one that gives each card
    only to a seat that leaves the rest a place (slower, and so kept for the tight spots of
    six and eight seats, where many seats are void late in a hand); only constraints that no
    deal meets are dropped.
    """
    voids = barred_cards(view) if voids is None else voids
    known = known_cards(view) if known is None else known
    for _ in range(ATTEMPTS):
        hands = _attempt(view, rng, voids, known, prior)
        if hands is not None:
            return hands
    hands = _placed(view, rng, voids, known, prior)
    if hands is None:
        hands = _attempt(view, rng, [0] * view.rules.seats, known, prior)
    assert hands is not None
    return hands


class _Start:
    """A deal before the unseen cards are given: the seat's hand and the known cards placed,
    what each seat still needs, the cards left (the most constrained first, ties at random)."""

    def __init__(
        self, view: PlayerView, rng: random.Random, voids: Sequence[int], known: Sequence[int]
    ) -> None:
        seat = view.seat
        seats = range(view.rules.seats)
        self.hands = [0] * len(seats)
        self.hands[seat] = view.hand
        self.need = list(view.counts)
        self.need[seat] = 0
        placed = plus(view.hand, played_mask(view))
        for s in seats:
            if s != seat:
                self.hands[s] = known[s]
                self.need[s] -= size(known[s])
                placed = plus(placed, known[s])
        pool = listed(minus(view.rules.deck_mask, placed))
        shuffle(rng, pool)
        self.others = others = [s for s in seats if s != seat]
        # The most constrained cards first, so voids rarely leave a card with nowhere to go.
        pool.sort(key=lambda c: sum(1 for s in others if voids[s] >> c & 1))
        pool.reverse()
        self.pool = pool


def _attempt(
    view: PlayerView,
    rng: random.Random,
    voids: Sequence[int],
    known: Sequence[int],
    prior: Prior | None,
) -> list[int] | None:
    deal = _Start(view, rng, voids, known)
    hands, need, others = deal.hands, deal.need, deal.others
    for card in deal.pool:
        choices = [s for s in others if need[s] > 0 and not voids[s] >> card & 1]
        if not choices:
            return None
        chosen = _choose(rng, choices, need, card, prior)
        hands[chosen] = add(hands[chosen], card)
        need[chosen] -= 1
    return hands


def _placed(
    view: PlayerView,
    rng: random.Random,
    voids: Sequence[int],
    known: Sequence[int],
    prior: Prior | None,
) -> list[int] | None:
    """A deal drawn as ``_attempt`` draws it, but each card given only to a seat that leaves
    every card after it a place; None when no deal meets the constraints."""
    deal = _Start(view, rng, voids, known)
    hands, need, others = deal.hands, deal.need, deal.others
    # Each card's group: the seats that may take it, as bits (bit i: others[i]).
    group = {
        c: sum(1 << i for i, s in enumerate(others) if not voids[s] >> c & 1) for c in deal.pool
    }
    left: dict[int, int] = {}  # cards still to place, by group
    for card in deal.pool:
        left[group[card]] = left.get(group[card], 0) + 1
    if not _fits(left, [need[s] for s in others]):
        return None
    for card in deal.pool:
        left[group[card]] -= 1
        choices = [s for i, s in enumerate(others) if group[card] >> i & 1 and need[s] > 0]
        while True:
            if not choices:
                return None  # cannot be: the cards fitted before this one
            chosen = _choose(rng, choices, need, card, prior)
            need[chosen] -= 1
            if _fits(left, [need[s] for s in others]):
                break
            need[chosen] += 1
            choices.remove(chosen)  # the cards after it could not all be placed
        hands[chosen] = add(hands[chosen], card)
    return hands


def _choose(
    rng: random.Random, choices: list[int], need: Sequence[int], card: int, prior: Prior | None
) -> int:
    """A seat of ``choices`` for ``card``: as likely as the cards it still needs, times the
    prior's chance that it holds the card."""
    if prior is None:
        weights = [float(need[s]) for s in choices]
    else:
        weights = [need[s] * (prior[s][card] + PRIOR_FLOOR) for s in choices]
    return choices[0] if len(choices) == 1 else choices[weighted_index(rng, weights)]


# random.Random's shuffle and choices are Python code: called for every card of every sampled
# deal, they took a compiled search back into the interpreter each time. These draw the same
# numbers from the generator and give the same results (tests/ai/test_sampling.py compares).


def shuffle(rng: random.Random, items: list[T]) -> None:
    """``rng.shuffle(items)``: the same order, from the same draws of the generator."""
    for i in range(len(items) - 1, 0, -1):
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` (n > 0), drawn as ``random.Random`` draws it (by getrandbits)."""
    bits = n.bit_length()
    r = rng.getrandbits(bits)
    while r >= n:
        r = rng.getrandbits(bits)
    return r


def weighted_index(rng: random.Random, weights: Sequence[float]) -> int:
    """The index ``rng.choices(range(len(weights)), weights)[0]`` picks (weights not all 0)."""
    last = len(weights) - 1
    total = 0.0
    cumulative = []
    for weight in weights:
        total += weight
        cumulative.append(total)
    point = rng.random() * total
    index = 0
    while index < last and cumulative[index] <= point:  # bisect_right over [0, last)
        index += 1
    return index


def _fits(left: dict[int, int], room: Sequence[int]) -> bool:
    """Whether cards in groups (the seats that may take them, as bits, and how many) can all
    be placed within each seat's room: Hall's condition, over every union of groups."""
    groups = [(seats, count) for seats, count in left.items() if count]
    for pick in range(1, 1 << len(groups)):
        cards = reach = 0
        for k, (seats, count) in enumerate(groups):
            if pick >> k & 1:
                cards += count
                reach |= seats
        if cards > sum(r for i, r in enumerate(room) if reach >> i & 1):
            return False
    return True
