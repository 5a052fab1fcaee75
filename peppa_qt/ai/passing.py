"""Choosing three cards to pass: a danger score per card, then the best set with voids in mind.

``rank_passes`` also serves the search levels as a shortlist of sensible passes.
"""

from __future__ import annotations

from itertools import combinations

from ..engine.cards import CARD_COUNT, FULL_DECK, HEARTS, SPADES, SUIT_MASKS
from ..engine.cardset import FACES, SUIT_SETS, listed, minus, set_of
from .hints import Hint
from .moon import wants_moon
from .table import BELOW_QUEEN, HIGH_SPADES, QS, QS_BIT, SAFE_GUARDS, PolicyRules, held_in

PassChoice = tuple[int, Hint]
#: How many of the most dangerous cards the combinations are drawn from.
SHORTLIST = 7
#: Worth of emptying a suit by passing its 1, 2 or 3 cards.
VOID_BONUS = (0, 20, 14, 8)
_VOID_HINTS = (Hint.VOID_CLUBS, Hint.VOID_DIAMONDS, Hint.VOID_HEARTS, Hint.VOID_SPADES)
#: The jack's rank: hearts below it let a hand duck heart tricks.
JACK = 11
#: Hearts that hide the high ones, and a suit long enough to duck under its high cards.
LONG_HEARTS = 6
LONG_SUIT = 5
#: The ranks a hint does not call high: 2 to 8 of every suit, and 2 to 10 of hearts.
_BELOW_NINE = sum(0x7F << (13 * s) for s in range(4))
_BELOW_JACK = 0x1FF << (13 * HEARTS)


def card_danger(pr: PolicyRules, hand: int, card: int, offset: int) -> int:
    """How much ``card`` hurts in ``hand`` (high: pass it); ``offset`` is the pass offset."""
    suit = card // 13
    rank = card % 13 + 2
    points = pr.points[card]
    if suit == SPADES:
        danger = _spade_danger(hand, card, rank, receiver_after(pr, offset))
        if points > 0 and card != QS:  # Belmont's K♠ and A♠ carry points of their own
            danger = max(danger, 25 + 4 * points)
        return danger
    if points < 0:
        return -100  # the J♦ bonus card: keep it
    if suit == HEARTS:
        if rank < JACK:
            return rank - 14  # low hearts let us duck heart tricks
        danger = 25 + (rank - 10) * 6 + points * 3
        return danger // 2 if (hand & SUIT_SETS[HEARTS]).bit_count() >= LONG_HEARTS else danger
    danger = (rank - 8) * 4
    if (hand & SUIT_SETS[suit]).bit_count() >= LONG_SUIT:
        danger -= 6  # a long suit lets us duck under its high cards for a while
    return danger + (10 + 4 * points if points > 0 else 0)


def receiver_after(pr: PolicyRules, offset: int) -> bool:
    """Whether the receiver plays after us in a trick we do not lead (next seat, or across)."""
    return offset == pr.seats // 2 or offset == pr.direction % pr.seats


def _spade_danger(hand: int, card: int, rank: int, after: bool) -> int:
    guards = held_in(hand, BELOW_QUEEN)
    if card == QS:
        return 100 if guards < SAFE_GUARDS else -30
    if not (1 << card) & HIGH_SPADES:
        return -30 - (12 - rank)  # spades under the queen guard against it: never pass them
    if guards >= SAFE_GUARDS:
        return 2 + rank - 13
    if hand & QS_BIT:
        # The Q♠ goes too: pass both or neither, or the receiver drops it on our K♠/A♠.
        return (70 if after else 35) + (rank - 13) * 5
    return 65 + (rank - 13) * 5


def rank_passes(pr: PolicyRules, hand: int, offset: int, salt: int = 0) -> list[tuple[int, int]]:
    """Candidate passes as (score, card set of three cards), best first."""
    cards = listed(hand)  # a card held twice is there twice: both copies may go
    danger: dict[int, int] = {c: card_danger(pr, hand, c, offset) for c in set(cards)}
    order = sorted(cards, key=lambda c: (-danger[c], (c + salt) % CARD_COUNT))
    size = pr.rules.pass_size
    sets = {set_of(trio) for trio in combinations(order[:SHORTLIST], size)}
    for suit in range(len(SUIT_MASKS)):
        if suit == HEARTS:
            continue
        mine = [c for c in order if c // 13 == suit]
        if 1 <= len(mine) <= size:
            fill = [c for c in order if c // 13 != suit][: size - len(mine)]
            sets.add(set_of(mine + fill))
    scored = [(_set_score(hand, danger, mask), mask) for mask in sets]
    shuffle = (salt * 0x9E3779B97F4A7C15) & FULL_DECK  # equal scores: a seeded order
    scored.sort(key=lambda pair: (-pair[0], pair[1] ^ shuffle))
    return scored


def _set_score(hand: int, danger: dict[int, int], mask: int) -> int:
    score = sum(danger[card] for card in listed(mask))
    kept = minus(hand, mask)
    for suit in (0, 1, SPADES):
        suit_set = SUIT_SETS[suit]
        if hand & suit_set and not kept & suit_set:
            score += VOID_BONUS[(hand & suit_set).bit_count()]
    return score


def choose_pass(pr: PolicyRules, hand: int, offset: int, salt: int = 0) -> PassChoice:
    """The three cards the normal level passes (as a card set) and why.

    In teams the pass across goes to the partner, and the same danger scores serve: keeping
    a short-guarded Q♠ rather than passing it to the partner was measured worse for the team
    (+0.89 points a hand over 10,000 Hearts hands passed across).
    """
    moon = moon_pass(pr, hand)
    if moon:
        return moon, Hint.PASS_FOR_MOON
    mask = rank_passes(pr, hand, offset, salt)[0][1]
    return mask, pass_hint(pr, hand, mask)


def pass_hint(pr: PolicyRules, hand: int, mask: int) -> Hint:
    """The main reason behind a pass."""
    if mask & QS_BIT:
        return Hint.PASS_QUEEN
    if mask & HIGH_SPADES:
        return Hint.PASS_HIGH_SPADES
    kept = minus(hand, mask)
    for suit, suit_set in enumerate(SUIT_SETS):
        if hand & suit_set and not kept & suit_set:
            return _VOID_HINTS[suit]
    hearts = mask & SUIT_MASKS[HEARTS]
    if hearts & pr.plus_mask and not hearts & _BELOW_JACK:
        return Hint.PASS_HIGH_HEARTS
    if mask & pr.plus_mask:
        return Hint.PASS_POINT_CARD
    if not mask & _BELOW_NINE:
        return Hint.PASS_HIGH_CARDS
    return Hint.PASS_LIKELY_WINNERS  # a hand without high cards passes its likeliest winners


def moon_pass(pr: PolicyRules, hand: int) -> int:
    """Three low cards to pass when the hand can take every point card without them, else 0."""
    if not pr.moon_on:
        return 0
    # The three lowest cards outside hearts are the likeliest losers; but the K♠ and A♠ stay
    # with our Q♠: given away, one of them can win the Q♠ and break the moon.
    guards = HIGH_SPADES if hand & QS_BIT else 0
    ranked = sorted(
        (c for c in listed(hand) if c // 13 != HEARTS and c != QS),
        key=lambda c: (guards >> c & 1, c % 13),
    )
    size = pr.rules.pass_size
    if len(ranked) < size:
        return 0
    mask = set_of(ranked[:size])
    keep = minus(hand, mask)
    unseen = minus(pr.deck_mask, keep) & FACES
    if not keep & SUIT_MASKS[HEARTS] or not wants_moon(keep & FACES, unseen, pr.seats - 1):
        return 0
    return mask
