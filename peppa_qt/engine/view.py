"""What one seat may know: its cards, its pass, the public play, the scores. Never other hands."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cardset import CardSet, size
from .hand import HandState, Phase
from .match import Match
from .rules import PassDirection, RuleSet
from .trick import seat_of_play


@dataclass(frozen=True)
class PlayerView:
    """A seat's knowledge of the game; the only thing a computer player receives.

    Card fields are ints as the engine keeps them (``cardset.py``: card sets for the hand,
    the pass and the takings, a 52-bit mask for ``legal``), for the players' inner loops;
    ``cards`` and ``playable`` give the two a window shows as ``CardSet`` values.
    """

    rules: RuleSet
    seat: int
    hand_index: int
    dealer: int
    pass_direction: PassDirection
    phase: Phase
    #: The seat's cards now (a card set); during passing, before the exchange.
    hand: int
    #: The cards dealt to the seat before passing.
    dealt: int
    #: The three cards this seat chose to pass (once chosen).
    passed: int | None
    #: The three cards it received (once the exchange happened).
    received: int | None
    #: Who leads trick 1 (known once passing is over).
    first_lead: int | None
    #: Every card played this hand, in order.
    plays: tuple[int, ...]
    #: Winners of the finished tricks of this hand.
    trick_winners: tuple[int, ...]
    #: Cards taken by each seat this hand (public: they were played face up); one per seat.
    taken: tuple[int, ...]
    hearts_broken: bool
    to_move: int | None
    #: The cards (a 52-bit mask) the seat may play now, if it is to play.
    legal: int
    #: How many cards each seat holds.
    counts: tuple[int, ...]
    #: Running totals before this hand (team totals when playing in teams).
    totals: tuple[int, ...]
    #: Points of every finished hand of the game.
    history: tuple[tuple[int, ...], ...]

    @property
    def seats(self) -> int:
        """How many sit at the table."""
        return self.rules.seats

    @property
    def cards(self) -> CardSet:
        """The seat's cards now, as a value."""
        return CardSet(self.hand)

    @property
    def playable(self) -> CardSet:
        """The cards the seat may play now (empty when it is not to play)."""
        return CardSet(self.legal)

    @property
    def trick(self) -> tuple[int, ...]:
        """The cards of the trick in progress."""
        start = len(self.plays) - len(self.plays) % self.rules.seats
        return self.plays[start:]

    @property
    def leader(self) -> int | None:
        """The seat that led the trick in progress (or is about to lead)."""
        if self.first_lead is None:
            return None
        tricks = len(self.plays) // self.rules.seats
        return self.trick_winners[tricks - 1] if tricks else self.first_lead

    def seat_of_play(self, index: int) -> int:
        """The seat that played ``plays[index]``."""
        assert self.first_lead is not None
        rules = self.rules
        return seat_of_play(
            self.first_lead, self.trick_winners, index, rules.direction, rules.seats
        )

    @property
    def pass_target(self) -> int:
        """The seat this seat passes to."""
        return self.rules.receiver(self.seat, self.pass_direction)

    @property
    def pass_source(self) -> int:
        """The seat this seat receives from."""
        return self.rules.giver(self.seat, self.pass_direction)


def view_of(match: Match, seat: int) -> PlayerView:
    """The view of the current hand of ``match`` from ``seat``."""
    hand = match.current
    if hand is None:
        raise ValueError("no hand has been dealt")
    history = match.history_before()
    totals = tuple(match.totals_before())
    return hand_view(hand, seat, len(match.hands) - 1, history, totals)


def totals_of(rules: RuleSet, history: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The game totals after the hands of ``history`` (team totals when playing in teams)."""
    return rules.totals_of(history)


def hand_view(
    hand: HandState,
    seat: int,
    hand_index: int = 0,
    history: tuple[tuple[int, ...], ...] = (),
    totals: tuple[int, ...] | None = None,
) -> PlayerView:
    """The view of one hand from ``seat`` (``totals`` none before the first hand's end)."""
    playing = hand.phase is not Phase.PASSING
    return PlayerView(
        rules=hand.rules,
        seat=seat,
        hand_index=hand_index,
        dealer=hand.dealer,
        pass_direction=hand.pass_direction,
        phase=hand.phase,
        hand=hand.hands[seat],
        dealt=hand.deal[seat],
        passed=hand.passes[seat] if hand.pass_direction is not PassDirection.HOLD else None,
        received=hand.received(seat),
        first_lead=hand.first_lead if playing else None,
        plays=tuple(hand.plays),
        trick_winners=tuple(hand.trick_winners),
        taken=tuple(hand.taken),
        hearts_broken=hand.hearts_broken,
        to_move=hand.to_move,
        legal=hand.legal_mask() if hand.to_move == seat else 0,
        counts=tuple(size(m) for m in hand.hands),
        totals=(0,) * hand.rules.seats if totals is None else totals,
        history=history,
    )
