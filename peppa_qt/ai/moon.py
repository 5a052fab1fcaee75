"""Cappotto / shooting the moon: when to go for it, how to play it, and how to stop somebody else.

A moon hand needs every point card, so the test is about losers: cards that may lose a trick
to an outstanding higher card once our sure winners have drawn the others' cards of the suit.
The longest outstanding holding is taken as the others' share of the outstanding cards plus one
(a third plus one at four seats).
"""

from __future__ import annotations

from ..engine.cards import HEARTS, HEARTS_MASK, SPADES, SUIT_MASKS
from .hints import Hint
from .table import (
    QS_BIT,
    PolicyRules,
    Table,
    above,
    bottom,
    costliest,
    top,
    top_danger,
    union,
)

Choice = tuple[int, Hint]
#: Point cards one seat must have taken alone before the others fear a moon.
ALARM_CARDS = 2


def moon_losers(hand: int, unseen: int, others_count: int) -> tuple[int, int]:
    """(losers, heart losers): tricks ``hand`` may lose against the ``unseen`` cards, held by
    ``others_count`` other seats."""
    losers = hearts = 0
    for suit, suit_mask in enumerate(SUIT_MASKS):
        mine = hand & suit_mask
        others = unseen & suit_mask
        if not mine or not others:
            continue
        tops = (mine & above(top(others))).bit_count()
        rest = mine.bit_count() - tops
        outstanding = others.bit_count()
        # the likely longest holding
        longest = min(outstanding, (outstanding + others_count - 1) // others_count + 1)
        if rest and tops < longest:
            lost = min(rest, longest - tops)
            losers += lost
            if suit == HEARTS:
                hearts += lost
    return losers, hearts


def wants_moon(hand: int, unseen: int, others_count: int) -> bool:
    """Whether the hand is strong enough to take every point card from here (``unseen``,
    the different cards the ``others_count`` other seats hold)."""
    spades = SUIT_MASKS[SPADES]
    if unseen & QS_BIT and not hand & spades & above(top(unseen & spades)):
        return False  # someone else's Q♠ could win a spade trick: no spade control
    losers, heart_losers = moon_losers(hand, unseen, others_count)
    # One side-suit loser is a fair bet: the trick it loses may well carry no point
    # (measured against the normal and easy levels).
    return not heart_losers and losers <= 1


def moon_state(t: Table) -> None:
    """Set ``t.shoot`` (the mover goes for the moon) and ``t.threat`` (a rival seat does)."""
    pr = t.pr
    taken = t.taken
    collected = union(taken, pr.copies) & pr.moon_mask
    if not collected:
        t.shoot = wants_moon(t.hand, t.unseen, pr.seats - 1)
        return
    owner = next((s for s in range(pr.seats) if taken[s] & collected == collected), -1)
    if owner < 0:
        return  # points are split: nobody can make it any more
    if owner == t.seat:
        t.shoot = wants_moon(t.hand, t.unseen, pr.seats - 1)
    elif owner != t.partner and alarming(pr, collected):
        t.threat = owner


def alarming(pr: PolicyRules, collected: int) -> bool:
    """Whether the point cards one seat alone has taken are enough to fear a moon."""
    return collected.bit_count() >= ALARM_CARDS and pr.mask_points(collected) >= pr.moon_alarm


# --------------------------------------------------------------------------- shooting


def shoot_lead(t: Table) -> Choice:
    """Lead a sure winner, hearts first (to draw them), else the top of the longest suit."""
    legal = t.legal
    for suit in (HEARTS, SPADES, 1, 0):
        mine = legal & SUIT_MASKS[suit]
        others = t.unseen & SUIT_MASKS[suit]
        if mine and others and top(mine) > top(others):
            return top(mine), Hint.SHOOT_MOON
    longest = max(range(len(SUIT_MASKS)), key=lambda s: ((legal & SUIT_MASKS[s]).bit_count(), s))
    return top(legal & SUIT_MASKS[longest]), Hint.SHOOT_MOON


def shoot_follow(t: Table, over: int) -> Choice:
    """Win with the cheapest sure winner, else the highest card; duck only when hopeless."""
    if not over:
        return bottom(t.legal), Hint.SHOOT_MOON
    if t.last:
        return bottom(over), Hint.SHOOT_MOON
    others = t.unseen & SUIT_MASKS[t.led]
    sure = over & above(top(others)) if others else over
    return (bottom(sure) if sure else top(over)), Hint.SHOOT_MOON


def shoot_discard(t: Table) -> Choice:
    """Throw the lowest card that carries no points, from the suit with the fewest winners."""
    pool = t.legal & ~t.pr.moon_mask & ~t.pr.plus_mask or t.legal
    best = -1
    best_rank = 99
    for suit_mask in SUIT_MASKS:
        mine = pool & suit_mask
        if mine:
            card = bottom(mine)
            if card % 13 < best_rank:
                best, best_rank = card, card % 13
    return best, Hint.SHOOT_MOON


# --------------------------------------------------------------------------- stopping


def stop_lead(t: Table) -> Choice | None:
    """Cash the top heart if nobody can beat it: one point taken ends the threat."""
    mine = t.legal & HEARTS_MASK
    others = t.unseen & HEARTS_MASK
    if mine and (not others or top(mine) > top(others)):
        return top(mine), Hint.STOP_MOON
    return None


def stop_follow(t: Table, over: int) -> Choice | None:
    """Overtake the would-be shooter once it has played and is winning."""
    if t.threat in t.after or t.winner != t.threat or not over:
        return None
    if t.value <= 0 and t.led != HEARTS and t.can_beat(top(over)):
        return None  # a clean trick we might not even keep: not worth a high card
    safe = over & ~QS_BIT or over
    return (bottom(safe) if t.last else top(safe)), Hint.STOP_MOON


def stop_discard(t: Table, pool: int) -> Choice | None:
    """Feed no points to the shooter; give them to anybody else instead."""
    pr = t.pr
    if t.threat in t.after or t.winner == t.threat:
        safe = pool & ~pr.plus_mask
        if safe:
            return top_danger(t, safe), Hint.DENY_MOON
        return None
    points = pool & pr.plus_mask
    if points:
        return costliest(pr, points), Hint.STOP_MOON
    return None
