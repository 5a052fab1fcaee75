"""What one seat can know of the cards it cannot see, and every deal of them that fits.

A seat knows its own cards, every card played, the three it passed (they sit with the seat it
passed them to until played) and, from the rules, what each play proves (``forbidden_by_plays``,
the one place these facts are worked out; the computer players read them too): a seat that did
not follow suit holds none of it; a heart led before hearts were broken (where they must be)
means its leader held nothing else; a heart or the Q♠ played on a clean first trick means the
seat could play nothing else; and where the lowest club must lead, the first leader held one
(before the first card, it still does) and the seats before it in the turn after the dealer
held none (with two 2♣, the nearer holder leads). Hands only shrink, so each fact still holds
of the cards held now; the cards passed stay with the seat they went to until it plays them.

With two decks the unseen cards are a card set with copies (``cardset.py``); a deal places
each copy, and two deals that differ only by which copy went where are one deal.

>>> from peppa_qt.engine import Match, RuleSet, cards_of, view_of
>>> match = Match(RuleSet.preset("peppa", {"deck": 36}), seed=3)
>>> hand = match.start_hand()
>>> for seat in range(4):
...     hand.pass_cards(seat, cards_of(hand.hands[seat])[-3:])
>>> count_deals(unseen_of(view_of(match, 0)))   # 27 cards, 3 of them known to be East's
6544057520
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb

from .cards import HEARTS_MASK, SUIT_MASKS
from .cardset import COPY_SHIFT, FACES, minus, plus, set_of, size
from .hand import Phase
from .rules import PassDirection, RuleSet
from .trick import tricks_of
from .view import PlayerView

#: The suits (bit ``suit``) a seat has shown it holds none of, per seat: ``voids_of``.
SUITS = range(len(SUIT_MASKS))


@dataclass(frozen=True)
class Unseen:
    """What a seat knows of the other hands: how many cards each holds, which cards it may
    hold (``allowed``, 52-bit masks of cards) and which it must (``required``, card sets);
    ``hand`` is the seat's own, ``cards`` the card set of the others' cards."""

    seat: int
    hand: int
    cards: int
    counts: tuple[int, ...]
    allowed: tuple[int, ...]
    required: tuple[int, ...]


def forbidden_by_plays(rules: RuleSet, first_lead: int, plays: Sequence[int]) -> list[int]:
    """Per seat, the cards (a 52-bit mask) its plays prove it does not hold now."""
    forbidden = [0] * rules.seats
    broken = False
    for number, trick in enumerate(tricks_of(first_lead, plays, rules.direction, rules.seats)):
        led = SUIT_MASKS[trick.cards[0] // 13]
        for position, (seat, card) in enumerate(trick.plays):
            bit = 1 << card
            if position == 0:
                if _opened_hearts(rules, number, broken, bit):
                    forbidden[seat] |= FACES & ~HEARTS_MASK
            else:
                forbidden[seat] |= _not_held_after(rules, number, led, bit)
            broken = broken or rules.breaks_hearts(card)
    return forbidden


def voids_of(forbidden: Sequence[int]) -> int:
    """The void bits (``4 * seat + suit``) of per-seat forbidden cards: a seat is void in a
    suit once every card of it is forbidden."""
    voids = 0
    for seat, cards in enumerate(forbidden):
        for suit in SUITS:
            if cards & SUIT_MASKS[suit] == SUIT_MASKS[suit]:
                voids |= 1 << (4 * seat + suit)
    return voids


def unseen_of(view: PlayerView) -> Unseen:
    """The constraints ``view``'s seat knows on the other hands (while cards are played)."""
    if view.phase is not Phase.PLAYING or view.first_lead is None:
        raise ValueError("the hidden cards are only worked out while cards are being played")
    rules = view.rules
    gone = set_of(view.plays)
    cards = minus(minus(rules.deck_mask, view.hand), gone)
    forbidden = forbidden_by_plays(rules, view.first_lead, view.plays)
    required = [0] * rules.seats
    if view.passed is not None and view.pass_direction is not PassDirection.HOLD:
        # The seat passed to holds what it was passed but what it has played since: with two
        # decks another seat may play a copy of a passed card, and the passed one stays put.
        target = view.pass_target
        played = set_of(c for i, c in enumerate(view.plays) if view.seat_of_play(i) == target)
        required[target] = plus(required[target], minus(view.passed, played))
    if rules.lead_lowest_club:
        _before_the_lead(rules, view.dealer, view.first_lead, forbidden)
        if not view.plays and view.first_lead != view.seat:
            required[view.first_lead] |= 1 << rules.lowest_club & cards
    allowed = [
        0 if s == view.seat else cards & FACES & ~forbidden[s] | required[s] & FACES
        for s in range(rules.seats)
    ]
    required[view.seat] = 0
    return Unseen(
        seat=view.seat,
        hand=view.hand,
        cards=cards,
        counts=tuple(0 if s == view.seat else view.counts[s] for s in range(rules.seats)),
        allowed=tuple(allowed),
        required=tuple(required),
    )


def _before_the_lead(rules: RuleSet, dealer: int, first_lead: int, forbidden: list[int]) -> None:
    """The seats that play before the first leader in the turn after the dealer held no
    lowest club: of two holders (Belmont's eight) the nearer the dealer's left leads."""
    seat = rules.next_seat(dealer)
    while seat != first_lead:
        forbidden[seat] |= 1 << rules.lowest_club
        seat = rules.next_seat(seat)


def _opened_hearts(rules: RuleSet, trick_number: int, broken: bool, bit: int) -> bool:
    """Whether a lead of ``bit`` proves its leader held hearts only."""
    if trick_number == 0 and rules.lead_lowest_club:
        return False
    return rules.hearts_must_break and not broken and bool(bit & HEARTS_MASK)


def _not_held_after(rules: RuleSet, trick_number: int, led: int, bit: int) -> int:
    """The cards a seat cannot hold after playing ``bit`` on a trick led in suit ``led``."""
    out = 0 if bit & led else led
    banned = rules.first_trick_banned
    if trick_number == 0 and rules.first_trick_clean and bit & banned:
        # A banned card on the clean first trick: the seat had no other card it could play.
        out |= led & ~banned if bit & led else FACES & ~banned
    return out


# ------------------------------------------------------------------- counting

#: The free cards of one group: the seats (indices among the others) that may hold them,
#: the cards of which one copy is free, and those of which two are.
Group = tuple[tuple[int, ...], list[int], list[int]]


def _groups(unseen: Unseen) -> tuple[list[Group], list[int], list[int]]:
    """The free cards grouped by the seats that may hold them, what each other seat still
    needs, and the other seats (a group's seat indices point into that list)."""
    others = [s for s in range(len(unseen.counts)) if s != unseen.seat]
    placed = 0
    for cards in unseen.required:
        placed = plus(placed, cards)
    free = minus(unseen.cards, placed)
    by_seats: dict[tuple[int, ...], tuple[list[int], list[int]]] = {}
    rest = free & FACES
    while rest:
        low = rest & -rest
        rest ^= low
        card = low.bit_length() - 1
        seats = tuple(i for i, s in enumerate(others) if unseen.allowed[s] & low)
        singles, doubles = by_seats.setdefault(seats, ([], []))
        (doubles if free >> (COPY_SHIFT + card) & 1 else singles).append(card)
    needs = [unseen.counts[s] - size(unseen.required[s]) for s in others]
    groups = [(seats, singles, doubles) for seats, (singles, doubles) in by_seats.items()]
    return sorted(groups), needs, others


def _group_size(group: Group) -> int:
    return len(group[1]) + 2 * len(group[2])


def _splits(group: Group, needs: Sequence[int]) -> dict[tuple[int, ...], int]:
    """Each way to share a group's cards among its seats, none over its need: per split (the
    count each of the others gets), how many deals of the cards give it."""
    seats, singles, doubles = group
    out: dict[tuple[int, ...], int] = {}
    for split in _sizes(seats, _group_size(group), needs):
        ways = _ways(seats, split, len(singles), len(doubles))
        if ways:
            out[tuple(split)] = ways
    return out


def _ways(seats: tuple[int, ...], split: list[int], singles: int, doubles: int) -> int:
    """How many deals of ``singles`` different cards and ``doubles`` cards with two copies
    give the seats the counts of ``split``.

    A closed form, not a walk over the cards (at eight seats that walk took seconds): in the
    generating function each single card is ``p1 = x1 + … + xk`` and each double is
    ``(p1² + p2) / 2`` with ``p2 = x1² + … + xk²`` (its copies to two seats, or both to one,
    each once), and the coefficient of the counts in ``p1^L p2^m`` is a sum of multinomials.
    """
    counts = [split[s] for s in seats]
    total = 0
    for paired in range(doubles + 1):  # the p2 factors chosen from the doubles' (p1² + p2)
        rest = singles + 2 * (doubles - paired)
        total += comb(doubles, paired) * _coefficient(counts, 0, paired, rest)
    return total >> doubles  # the doubles' halves: the sum is exactly divisible


def _coefficient(counts: list[int], index: int, paired: int, rest: int) -> int:
    """The coefficient of ``x^counts[index:]`` in ``p2^paired p1^rest``: each seat takes
    some of the ``paired`` squares and the rest of its count from the ``rest`` plain factors."""
    if index == len(counts):
        return int(not paired and not rest)
    total = 0
    for squares in range(min(paired, counts[index] // 2) + 1):
        plain = counts[index] - 2 * squares
        if plain <= rest:
            ways = comb(paired, squares) * comb(rest, plain)
            total += ways * _coefficient(counts, index + 1, paired - squares, rest - plain)
    return total


def _placements(seats: int, count: int) -> list[tuple[int, ...]]:
    """The ways to put ``count`` identical copies among ``seats`` seats."""
    if seats == 1:
        return [(count,)]
    return [(k, *rest) for k in range(count + 1) for rest in _placements(seats - 1, count - k)]


def _sizes(seats: tuple[int, ...], size_: int, needs: Sequence[int]) -> Iterator[list[int]]:
    """Each way to split ``size_`` cards among ``seats`` (indices into the others) as counts,
    at most each one's need (the counts first: the cards are only chosen for a split that can
    be filled)."""
    if not seats:  # cards no seat may hold: no deal at all
        return
    if len(seats) == 1:
        if size_ <= needs[seats[0]]:
            split = [0] * len(needs)
            split[seats[0]] = size_
            yield split
        return
    first, rest = seats[0], seats[1:]
    room = sum(needs[s] for s in rest)
    for taken in range(max(0, size_ - room), min(size_, needs[first]) + 1):
        for split in _sizes(rest, size_ - taken, needs):
            split[first] = taken
            yield split


class _Counter:
    """How many ways the groups from one index on fill the needs left, memoised."""

    def __init__(self, groups: list[Group]) -> None:
        self.groups = groups
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def ways(self, index: int, needs: tuple[int, ...]) -> int:
        """The deals of groups ``index``… that give each seat exactly its need."""
        if index == len(self.groups):
            return 0 if any(needs) else 1
        key = (index, needs)
        known = self.memo.get(key)
        if known is not None:
            return known
        total = 0
        for split, count in _splits(self.groups[index], needs).items():
            rest = tuple(n - k for n, k in zip(needs, split, strict=True))
            total += count * self.ways(index + 1, rest)
        self.memo[key] = total
        return total


def count_deals(unseen: Unseen) -> int:
    """How many deals of the unseen cards are consistent with what the seat knows."""
    groups, needs, _ = _groups(unseen)
    if any(n < 0 for n in needs) or sum(needs) != sum(_group_size(g) for g in groups):
        return 0
    return _Counter(groups).ways(0, tuple(needs))


def deals_of(unseen: Unseen) -> Iterator[list[int]]:
    """Every consistent deal, as card sets in seat order (the seat's own hand included)."""
    groups, needs, others = _groups(unseen)
    if any(n < 0 for n in needs) or sum(needs) != sum(_group_size(g) for g in groups):
        return
    counter = _Counter(groups)
    start = [0] * len(unseen.counts)
    start[unseen.seat] = unseen.hand
    for s in others:
        start[s] = unseen.required[s]
    yield from _fill(groups, counter, 0, tuple(needs), start, others)


def _fill(  # noqa: PLR0917  (recursive, positional like the search)
    groups: list[Group],
    counter: _Counter,
    index: int,
    needs: tuple[int, ...],
    hands: list[int],
    others: list[int],
) -> Iterator[list[int]]:
    if index == len(groups):
        yield hands[:]
        return
    group = groups[index]
    for split in _splits(group, needs):
        rest = tuple(n - k for n, k in zip(needs, split, strict=True))
        if not counter.ways(index + 1, rest):
            continue  # the groups after this one could not fill what is left: not one deal
        for share in _shares(group, list(split)):
            before = [hands[others[i]] for i in group[0]]
            for i in group[0]:
                hands[others[i]] = plus(hands[others[i]], share[i])
            yield from _fill(groups, counter, index + 1, rest, hands, others)
            for i, held in zip(group[0], before, strict=True):
                hands[others[i]] = held


def _shares(group: Group, sizes: list[int]) -> Iterator[dict[int, int]]:
    """Each way to hand a group's cards out to its seats, ``sizes`` cards each (card sets per
    seat index); two copies of a card are placed as a count, so no deal comes twice."""
    seats, singles, doubles = group
    if not doubles:
        yield from _single_shares(seats, singles, sizes)
        return
    card, rest = doubles[0], (seats, singles, doubles[1:])
    for given in _placements(len(seats), 2):
        if any(g > sizes[s] for g, s in zip(given, seats, strict=True)):
            continue
        left = sizes[:]
        for g, s in zip(given, seats, strict=True):
            left[s] -= g
        for tail in _shares(rest, left):
            for g, s in zip(given, seats, strict=True):
                if g:
                    tail[s] = plus(tail.get(s, 0), set_of([card] * g))
            yield tail


def _single_shares(
    seats: tuple[int, ...], cards: list[int], sizes: list[int]
) -> Iterator[dict[int, int]]:
    """Each way to hand different ``cards`` out to ``seats``, ``sizes`` each."""
    if len(seats) == 1:
        if len(cards) == sizes[seats[0]]:
            yield {seats[0]: set_of(cards)}
        return
    first, rest = seats[0], seats[1:]
    for chosen in combinations(cards, sizes[first]):
        left = [c for c in cards if c not in chosen]
        for tail in _single_shares(rest, left, sizes):
            tail[first] = set_of(chosen)
            yield tail
