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

from ..engine.cards import QUEEN_OF_SPADES, SPADES, SUIT_MASKS
from ..engine.cardset import FACES, copies, minus, set_of
from ..engine.hand import Phase
from ..engine.hidden import forbidden_by_plays, voids_of
from ..engine.rules import RuleSet
from ..engine.view import PlayerView
from .moon import alarming
from .table import QS_BIT, policy_rules, union


@dataclass(frozen=True, slots=True)
class Knowledge:
    """A seat's legal knowledge of the hand in progress (card sets; ``unseen`` a 52-bit mask)."""

    seat: int
    hand: int
    #: Cards played this hand, the trick in progress included.
    gone: int
    #: The different cards in the other hands.
    unseen: int
    #: The others' cards as a card set (copies counted).
    outstanding: int
    trick: tuple[int, ...]
    #: Bit ``4 * seat + suit`` is set when ``seat`` has shown out of ``suit``.
    voids: int
    #: Cards known to be in each seat's hand (its own hand; the cards it passed, until played).
    held: tuple[int, ...]
    #: The seat known to hold the Q♠ still out, or -1 (unknown, or none out).
    queen_at: int
    taken: tuple[int, ...]
    #: Points each seat has taken this hand (card points only).
    points: tuple[int, ...]
    #: The seat that has taken every point card so far, enough for a moon alarm, or -1.
    moon_runner: int
    hearts_broken: bool
    counts: tuple[int, ...]

    def is_void(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` has shown out of ``suit``."""
        return bool(self.voids >> (4 * seat + suit) & 1)

    def may_hold(self, seat: int) -> int:
        """The different cards ``seat`` may hold: unseen, outside its void suits, and (with
        one deck) not known elsewhere."""
        if seat == self.seat:
            return self.hand & FACES
        rest = self.outstanding
        for other, cards in enumerate(self.held):
            if other not in (seat, self.seat):
                rest = minus(rest, cards)
        mask = rest & FACES
        for suit, suit_mask in enumerate(SUIT_MASKS):
            if self.voids >> (4 * seat + suit) & 1:
                mask &= ~suit_mask
        return mask | self.held[seat] & FACES


def knowledge_of(view: PlayerView) -> Knowledge:
    """Everything ``view``'s seat can legally deduce about the hand in progress."""
    rules = view.rules
    gone = set_of(view.plays)
    outstanding = minus(minus(rules.deck_mask, view.hand), gone)
    unseen = outstanding & FACES
    voids = shown_voids(view)
    held = _held(view)
    points = tuple(policy_rules(rules).mask_points(m) for m in view.taken)
    return Knowledge(
        seat=view.seat,
        hand=view.hand,
        gone=gone,
        unseen=unseen,
        outstanding=outstanding,
        trick=view.trick,
        voids=voids,
        held=held,
        queen_at=_queen_at(view, outstanding, voids, held),
        taken=view.taken,
        points=points,
        moon_runner=moon_runner(rules, view.taken),
        hearts_broken=view.hearts_broken,
        counts=view.counts,
    )


def shown_voids(view: PlayerView) -> int:
    """Void bits (``4 * seat + suit``) from the plays (``engine.hidden`` works out what each
    play proves: not following, leading hearts early, points on a clean first trick)."""
    if view.first_lead is None:
        return 0
    return voids_of(forbidden_by_plays(view.rules, view.first_lead, view.plays))


def played_by(view: PlayerView, seat: int) -> int:
    """The cards ``seat`` has played this hand (a card set)."""
    return set_of(card for i, card in enumerate(view.plays) if view.seat_of_play(i) == seat)


def _held(view: PlayerView) -> tuple[int, ...]:
    """Per seat, the cards it is known to hold: the seat's own hand, and the cards it passed
    that their receiver has not played yet."""
    held = [0] * view.rules.seats
    held[view.seat] = view.hand
    target = view.pass_target
    if view.phase is not Phase.PASSING and view.passed is not None and target != view.seat:
        held[target] = minus(view.passed, played_by(view, target))
    return tuple(held)


def _queen_at(view: PlayerView, outstanding: int, voids: int, held: tuple[int, ...]) -> int:
    if not outstanding & QS_BIT:
        return view.seat if view.hand & QS_BIT else -1
    out = copies(outstanding, QUEEN_OF_SPADES)
    for seat, cards in enumerate(held):
        if seat != view.seat and copies(cards, QUEEN_OF_SPADES) == out:
            return seat  # every Q♠ still out is one this seat passed there
    if out > 1:
        return -1  # two decks, both out, not both passed: no one seat holds "the" Q♠
    # Whoever alone has not shown out of spades must hold it.
    could = [
        s
        for s in range(view.rules.seats)
        if s != view.seat and view.counts[s] and not voids >> (4 * s + SPADES) & 1
    ]
    return could[0] if len(could) == 1 else -1


def moon_runner(rules: RuleSet, taken: tuple[int, ...]) -> int:
    """The seat holding every point card taken so far, once that is enough to worry, or -1."""
    folded = policy_rules(rules)
    collected = union(taken, folded.copies) & rules.moon_mask
    if not collected or not folded.moon_on:
        return -1
    owner = next((s for s in range(rules.seats) if taken[s] & collected == collected), -1)
    if owner < 0 or not alarming(folded, collected):
        return -1
    return owner
