"""What one seat may know: its cards, its pass, the public play, the scores. Never other hands."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .hand import HandState, Phase
from .match import Match
from .rules import PassDirection, RuleSet
from .trick import seat_of_play


@dataclass(frozen=True)
class PlayerView:
    """A seat's knowledge of the game; the only thing a computer player receives."""

    rules: RuleSet
    seat: int
    hand_index: int
    dealer: int
    pass_direction: PassDirection
    phase: Phase
    #: The seat's cards now (mask); during passing, before the exchange.
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
    #: Cards taken by each seat this hand (public: they were played face up).
    taken: tuple[int, int, int, int]
    hearts_broken: bool
    to_move: int | None
    #: The cards the seat may play now, if it is to play.
    legal: int
    #: How many cards each seat holds.
    counts: tuple[int, int, int, int]
    #: Running totals before this hand (team totals when playing in teams).
    totals: tuple[int, int, int, int]
    #: Points of every finished hand of the game.
    history: tuple[tuple[int, int, int, int], ...]

    @property
    def trick(self) -> tuple[int, ...]:
        """The cards of the trick in progress."""
        start = len(self.plays) - len(self.plays) % 4
        return self.plays[start:]

    @property
    def leader(self) -> int | None:
        """The seat that led the trick in progress (or is about to lead)."""
        if self.first_lead is None:
            return None
        tricks = len(self.plays) // 4
        return self.trick_winners[tricks - 1] if tricks else self.first_lead

    def seat_of_play(self, index: int) -> int:
        """The seat that played ``plays[index]``."""
        assert self.first_lead is not None
        return seat_of_play(self.first_lead, self.trick_winners, index, self.rules.direction)

    @property
    def pass_target(self) -> int:
        """The seat this seat passes to."""
        return (self.seat + self.pass_direction.offset) % 4

    @property
    def pass_source(self) -> int:
        """The seat this seat receives from."""
        return (self.seat - self.pass_direction.offset) % 4


def view_of(match: Match, seat: int) -> PlayerView:
    """The view of the current hand of ``match`` from ``seat``."""
    hand = match.current
    if hand is None:
        raise ValueError("no hand has been dealt")
    history = match.history_before()
    before = match.totals_before()
    totals = (before[0], before[1], before[2], before[3])
    return hand_view(hand, seat, len(match.hands) - 1, history, totals)


def totals_of(rules: RuleSet, history: Sequence[Sequence[int]]) -> tuple[int, int, int, int]:
    """The game totals after the hands of ``history`` (team totals when playing in teams)."""
    totals = [sum(points[s] for points in history) for s in range(4)]
    return _four(rules.team_totals(totals))


def hand_view(
    hand: HandState,
    seat: int,
    hand_index: int = 0,
    history: tuple[tuple[int, int, int, int], ...] = (),
    totals: tuple[int, int, int, int] = (0, 0, 0, 0),
) -> PlayerView:
    """The view of one hand from ``seat``."""
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
        taken=_four(hand.taken),
        hearts_broken=hand.hearts_broken,
        to_move=hand.to_move,
        legal=hand.legal_mask() if hand.to_move == seat else 0,
        counts=_four([m.bit_count() for m in hand.hands]),
        totals=totals,
        history=history,
    )


def _four(values: list[int]) -> tuple[int, int, int, int]:
    return (values[0], values[1], values[2], values[3])
