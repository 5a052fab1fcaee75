"""What a seat knows legally, derived from its PlayerView alone (card counting for the AI).

>>> from peppa_qt.engine import Match, RuleSet, view_of
>>> match = Match(RuleSet.preset("peppa"), seed=1)
>>> _ = match.start_hand()
>>> know = knowledge_of(view_of(match, 0))
>>> know.unseen.bit_count(), know.queen_at in (-1, 0)
(39, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import CLUBS, DIAMONDS, HEARTS, SPADES, mask_of
from ..engine.hand import Phase
from ..engine.rules import RuleSet
from ..engine.trick import tricks_of
from ..engine.view import PlayerView
from .moon import alarming
from .table import QS_BIT, policy_rules

#: Void bits of the three suits other than hearts, for a seat at offset 0.
_ALL_BUT_HEARTS = (1 << CLUBS) | (1 << DIAMONDS) | (1 << SPADES)


@dataclass(frozen=True, slots=True)
class Knowledge:
    """A seat's legal knowledge of the hand in progress (masks are 52-bit card masks)."""

    seat: int
    hand: int
    #: Cards played this hand, the trick in progress included.
    gone: int
    #: Cards in the other three hands.
    unseen: int
    trick: tuple[int, ...]
    #: Bit ``4 * seat + suit`` is set when ``seat`` has shown out of ``suit``.
    voids: int
    #: Cards known to be in each seat's hand (its own hand; the cards it passed, until played).
    held: tuple[int, int, int, int]
    #: The seat known to hold the Q♠, or -1 (unknown, or already played).
    queen_at: int
    taken: tuple[int, int, int, int]
    #: Points each seat has taken this hand (card points only).
    points: tuple[int, int, int, int]
    #: The seat that has taken every point card so far, enough for a moon alarm, or -1.
    moon_runner: int
    hearts_broken: bool
    counts: tuple[int, int, int, int]

    def is_void(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` has shown out of ``suit``."""
        return bool(self.voids >> (4 * seat + suit) & 1)

    def may_hold(self, seat: int) -> int:
        """The cards ``seat`` may hold: unseen, outside its void suits, not known elsewhere."""
        if seat == self.seat:
            return self.hand
        mask = self.unseen
        for suit in range(4):
            if self.voids >> (4 * seat + suit) & 1:
                mask &= ~(0x1FFF << (13 * suit))
        for other in range(4):
            if other != seat:
                mask &= ~self.held[other]
        return mask | self.held[seat]


def knowledge_of(view: PlayerView) -> Knowledge:
    """Everything ``view``'s seat can legally deduce about the hand in progress."""
    rules = view.rules
    gone = mask_of(view.plays)
    unseen = rules.deck_mask & ~view.hand & ~gone
    voids = shown_voids(view)
    held = _held(view, gone)
    points = tuple(policy_rules(rules).mask_points(m) for m in view.taken)
    return Knowledge(
        seat=view.seat,
        hand=view.hand,
        gone=gone,
        unseen=unseen,
        trick=view.trick,
        voids=voids,
        held=held,
        queen_at=_queen_at(view, unseen, voids, held),
        taken=view.taken,
        points=(points[0], points[1], points[2], points[3]),
        moon_runner=moon_runner(rules, view.taken),
        hearts_broken=view.hearts_broken,
        counts=view.counts,
    )


def shown_voids(view: PlayerView) -> int:
    """Void bits (``4 * seat + suit``) from the plays: not following, or leading hearts early."""
    rules = view.rules
    if view.first_lead is None:
        return 0
    voids = 0
    broken = False
    for number, trick in enumerate(tricks_of(view.first_lead, view.plays, rules.direction)):
        led = trick.cards[0] // 13
        if led == HEARTS and rules.hearts_must_break and not broken:
            voids |= _ALL_BUT_HEARTS << (4 * trick.leader)  # nothing but hearts to lead
        for seat, card in trick.plays:
            if card // 13 != led:
                voids |= 1 << (4 * seat + led)
                if not number and rules.first_trick_clean and rules.moon_mask >> card & 1:
                    voids |= 1 << (4 * seat + DIAMONDS)  # points on trick 1: nothing else held
            broken = broken or rules.breaks_hearts(card)
    return voids


def _held(view: PlayerView, gone: int) -> tuple[int, int, int, int]:
    held = [0, 0, 0, 0]
    held[view.seat] = view.hand
    if (
        view.phase is not Phase.PASSING
        and view.passed is not None
        and view.pass_target != view.seat
    ):
        held[view.pass_target] = view.passed & ~gone
    return (held[0], held[1], held[2], held[3])


def _queen_at(view: PlayerView, unseen: int, voids: int, held: tuple[int, ...]) -> int:
    if view.hand & QS_BIT:
        return view.seat
    if not unseen & QS_BIT:
        return -1
    for seat in range(4):
        if held[seat] & QS_BIT:
            return seat
    # Whoever alone has not shown out of spades must hold it.
    could = [
        s
        for s in range(4)
        if s != view.seat and view.counts[s] and not voids >> (4 * s + SPADES) & 1
    ]
    return could[0] if len(could) == 1 else -1


def moon_runner(rules: RuleSet, taken: tuple[int, int, int, int]) -> int:
    """The seat holding every point card taken so far, once that is enough to worry, or -1."""
    folded = policy_rules(rules)
    collected = (taken[0] | taken[1] | taken[2] | taken[3]) & rules.moon_mask
    if not collected or not folded.moon_on:
        return -1
    owner = next((s for s in range(4) if taken[s] & collected == collected), -1)
    if owner < 0 or not alarming(folded, collected):
        return -1
    return owner
