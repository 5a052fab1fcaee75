"""The deals of the cards one seat cannot see that are consistent with what it has seen.

A seat knows its own cards, every card played, the three it passed (they sit with the seat it
passed them to until played) and, from the rules, what each play proves: a seat that did not
follow suit holds none of it; a heart led before hearts were broken (where they must be) means
its leader held nothing else; a heart or the Q♠ discarded on a clean first trick means nothing
but such cards was held; and before the first card, the first leader holds the lowest club
where it must lead. Hands only shrink, so each fact still holds of the cards held now.

>>> from peppa_qt.engine import Match, RuleSet, cards_of, view_of
>>> match = Match(RuleSet.preset("peppa", {"deck": 36}), seed=3)
>>> hand = match.start_hand()
>>> for seat in range(4):
...     hand.pass_cards(seat, cards_of(hand.hands[seat])[-3:])
>>> count_deals(unseen_of(view_of(match, 0)))   # 27 cards, 3 of them known to be East's
6544057520
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from math import comb

from .cards import HEARTS_MASK, SUIT_MASKS, mask_of
from .hand import Phase
from .rules import PassDirection, RuleSet
from .trick import tricks_of
from .view import PlayerView

Four = tuple[int, int, int, int]


@dataclass(frozen=True)
class Unseen:
    """What a seat knows of the other hands: how many cards each holds, which it may hold
    and which it must; ``hand`` is the seat's own."""

    seat: int
    hand: int
    #: The cards in the other three hands.
    cards: int
    counts: Four
    allowed: Four
    required: Four


def unseen_of(view: PlayerView) -> Unseen:
    """The constraints ``view``'s seat knows on the other hands (while cards are played)."""
    if view.phase is not Phase.PLAYING or view.first_lead is None:
        raise ValueError("the hidden cards are only worked out while cards are being played")
    rules = view.rules
    gone = mask_of(view.plays)
    cards = rules.deck_mask & ~view.hand & ~gone
    forbidden = _forbidden(view)
    required = [0, 0, 0, 0]
    if view.passed is not None and view.pass_direction is not PassDirection.HOLD:
        required[view.pass_target] |= view.passed & ~gone
    if rules.lead_lowest_club and not view.plays:
        required[view.first_lead] |= 1 << rules.lowest_club & cards
    allowed = [0 if s == view.seat else cards & ~forbidden[s] | required[s] for s in range(4)]
    required[view.seat] = 0
    return Unseen(
        seat=view.seat,
        hand=view.hand,
        cards=cards,
        counts=_four([0 if s == view.seat else view.counts[s] for s in range(4)]),
        allowed=_four(allowed),
        required=_four(required),
    )


def _forbidden(view: PlayerView) -> list[int]:
    """Per seat, the cards its plays prove it does not hold."""
    rules = view.rules
    assert view.first_lead is not None
    forbidden = [0, 0, 0, 0]
    broken = False
    for number, trick in enumerate(tricks_of(view.first_lead, view.plays, rules.direction)):
        led = SUIT_MASKS[trick.cards[0] // 13]
        for position, (seat, card) in enumerate(trick.plays):
            bit = 1 << card
            if position == 0:
                if _opened_hearts(rules, number, broken, bit):
                    forbidden[seat] |= rules.deck_mask & ~HEARTS_MASK
            else:
                forbidden[seat] |= _not_held_after(rules, number, led, bit)
            broken = broken or rules.breaks_hearts(card)
    return forbidden


def _opened_hearts(rules: RuleSet, trick_number: int, broken: bool, bit: int) -> bool:
    """Whether a lead of ``bit`` proves its leader held hearts only."""
    if trick_number == 0 and rules.lead_lowest_club:
        return False
    return rules.hearts_must_break and not broken and bool(bit & HEARTS_MASK)


def _not_held_after(rules: RuleSet, trick_number: int, led: int, bit: int) -> int:
    """The cards a seat cannot hold after playing ``bit`` on a trick led in suit ``led``."""
    out = 0 if bit & led else led
    if trick_number == 0 and rules.first_trick_clean and bit & rules.moon_mask:
        # A point card on the clean first trick: the seat had no other card it could play.
        out |= led & ~rules.moon_mask if bit & led else rules.deck_mask & ~rules.moon_mask
    return out


def _four(values: list[int]) -> Four:
    return (values[0], values[1], values[2], values[3])


# ------------------------------------------------------------------- counting


def _groups(unseen: Unseen) -> tuple[list[tuple[tuple[int, ...], list[int]]], list[int]]:
    """The free cards grouped by the seats that may hold them, and what each seat still needs."""
    others = [s for s in range(4) if s != unseen.seat]
    placed = unseen.required[0] | unseen.required[1] | unseen.required[2] | unseen.required[3]
    by_seats: dict[tuple[int, ...], list[int]] = {}
    free = unseen.cards & ~placed
    while free:
        low = free & -free
        free ^= low
        seats = tuple(i for i, s in enumerate(others) if unseen.allowed[s] & low)
        by_seats.setdefault(seats, []).append(low.bit_length() - 1)
    needs = [unseen.counts[s] - unseen.required[s].bit_count() for s in others]
    return sorted(by_seats.items()), needs


def _completions(
    groups: list[tuple[tuple[int, ...], list[int]]],
) -> list[dict[tuple[int, int, int], int]]:
    """For each group index, the number of ways the groups from there on fill each need."""
    table: list[dict[tuple[int, int, int], int]] = [{} for _ in groups] + [{(0, 0, 0): 1}]
    for index in range(len(groups) - 1, -1, -1):
        seats, cards = groups[index]
        here = table[index]
        for need, ways in table[index + 1].items():
            for split, count in _splits(seats, len(cards)):
                key = (need[0] + split[0], need[1] + split[1], need[2] + split[2])
                here[key] = here.get(key, 0) + ways * count
    return table


def _splits(seats: tuple[int, ...], size: int) -> Iterator[tuple[tuple[int, int, int], int]]:
    """Each way to share ``size`` cards among ``seats`` (indices 0..2), with how many deals."""
    for split in _sizes(seats, size, [size, size, size]):
        count, left = 1, size
        for seat in seats:
            count *= comb(left, split[seat])
            left -= split[seat]
        yield (split[0], split[1], split[2]), count


def count_deals(unseen: Unseen) -> int:
    """How many deals of the unseen cards are consistent with what the seat knows."""
    groups, needs = _groups(unseen)
    if any(n < 0 for n in needs):
        return 0
    return _completions(groups)[0].get((needs[0], needs[1], needs[2]), 0)


def deals_of(unseen: Unseen) -> Iterator[list[int]]:
    """Every consistent deal, as four masks in seat order (the seat's own hand included)."""
    groups, needs = _groups(unseen)
    if any(n < 0 for n in needs):
        return
    table = _completions(groups)
    others = [s for s in range(4) if s != unseen.seat]
    start = [0, 0, 0, 0]
    start[unseen.seat] = unseen.hand
    for s in others:
        start[s] = unseen.required[s]
    yield from _fill(groups, table, 0, needs, start, others)


def _fill(  # noqa: PLR0917  (recursive, positional like the search)
    groups: list[tuple[tuple[int, ...], list[int]]],
    table: list[dict[tuple[int, int, int], int]],
    index: int,
    needs: list[int],
    hands: list[int],
    others: list[int],
) -> Iterator[list[int]]:
    if index == len(groups):
        yield hands[:]
        return
    seats, cards = groups[index]
    for sizes in _sizes(seats, len(cards), needs):
        rest = [needs[i] - sizes[i] for i in range(3)]
        if not table[index + 1].get((rest[0], rest[1], rest[2])):
            continue  # the groups after this one could not fill what is left: not one deal
        for share in _shares(seats, cards, sizes):
            for i in seats:
                hands[others[i]] |= share[i]
            yield from _fill(groups, table, index + 1, rest, hands, others)
            for i in seats:
                hands[others[i]] &= ~share[i]


def _sizes(seats: tuple[int, ...], size: int, needs: list[int]) -> Iterator[list[int]]:
    """Each way to split ``size`` cards among ``seats`` (indices 0..2) as counts, at most each
    one's need (the counts first: the cards are only chosen for a split that can be filled)."""
    if not seats:  # cards no seat may hold: no deal at all
        return
    if len(seats) == 1:
        if size <= needs[seats[0]]:
            split = [0, 0, 0]
            split[seats[0]] = size
            yield split
        return
    first, rest = seats[0], seats[1:]
    for taken in range(min(size, needs[first]) + 1):
        for split in _sizes(rest, size - taken, needs):
            split[first] = taken
            yield split


def _shares(seats: tuple[int, ...], cards: list[int], sizes: list[int]) -> Iterator[list[int]]:
    """Each way to hand ``cards`` out to ``seats`` (indices 0..2), ``sizes`` cards each."""
    if len(seats) == 1:
        share = [0, 0, 0]
        share[seats[0]] = mask_of(cards)
        yield share
        return
    first, rest = seats[0], seats[1:]
    for chosen in combinations(cards, sizes[first]):
        left = [c for c in cards if c not in chosen]
        for tail in _shares(rest, left, sizes):
            tail[first] = mask_of(chosen)
            yield tail
