"""What everyone at the table sees: the public state of a game, without a single hidden card.

The window draws from this and from one seat's ``PlayerView``; a computer player gets the
view alone. Neither holds another seat's hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cardset import CardSet, size
from .hand import HandResult, Phase
from .match import Match, Tie
from .rules import PassDirection, RuleSet
from .trick import Trick, seat_of_play, tricks_of


@dataclass(frozen=True)
class TableState:
    """The public state of the game at one moment (the hand in play or the last one scored)."""

    rules: RuleSet
    #: The hand's index in the game (0-based).
    hand_index: int
    dealer: int
    pass_direction: PassDirection
    phase: Phase
    #: Who led trick 1 (None while passing).
    first_lead: int | None
    #: Every card played this hand, in order.
    plays: tuple[int, ...]
    trick_winners: tuple[int, ...]
    #: The cards each seat has taken this hand (they were played face up); one per seat.
    taken: tuple[CardSet, ...]
    hearts_broken: bool
    to_move: int | None
    #: How many cards each seat holds.
    counts: tuple[int, ...]
    #: During passing, which seats have chosen their three cards (which ones stays hidden).
    passed: tuple[bool, ...]
    #: Every scored hand of the game, this one included once it is scored.
    results: tuple[HandResult, ...]
    over: bool
    #: Every seat, best first, and the winners (both empty until the game is over).
    ranking: tuple[int, ...]
    winners: tuple[int, ...]
    #: The deal's fingerprint (deals.py): it commits to the cards without telling them.
    fingerprint: str | None = None
    #: Once the hand is scored (never before: it gives every card), its deal number and the
    #: key that matches it to the fingerprint. None for a hand not dealt from a number.
    deal_number: int | None = None
    deal_key: str | None = None
    #: A hand dealt from a number the players chose (a replay, a game from a deal number):
    #: that number, which they knew before the cards were dealt; None for a game's own deal.
    replay_of: int | None = None
    #: Once the game is over, each tie its ranking breaks and why (public: tricks are).
    ties: tuple[Tie, ...] = ()

    @property
    def seats(self) -> int:
        """How many sit at the table."""
        return self.rules.seats

    @property
    def trick(self) -> tuple[int, ...]:
        """The cards of the trick in progress."""
        return self.plays[len(self.plays) - len(self.plays) % self.rules.seats :]

    @property
    def tricks(self) -> list[Trick]:
        """Every trick of the hand so far, the one in progress last."""
        if self.first_lead is None:
            return []
        return tricks_of(self.first_lead, self.plays, self.rules.direction, self.rules.seats)

    def seat_of_play(self, index: int) -> int:
        """The seat that played ``plays[index]``."""
        assert self.first_lead is not None
        rules = self.rules
        return seat_of_play(
            self.first_lead, self.trick_winners, index, rules.direction, rules.seats
        )

    @property
    def result(self) -> HandResult | None:
        """This hand's result, once it is scored."""
        return self.results[-1] if self.phase is Phase.SCORED and self.results else None

    @property
    def totals(self) -> tuple[int, ...]:
        """The game totals after every scored hand (team totals when playing in teams)."""
        return totals_after(self.rules, self.results)


def totals_after(rules: RuleSet, results: tuple[HandResult, ...]) -> tuple[int, ...]:
    """The game totals after ``results`` (team totals when playing in teams)."""
    return rules.totals_of(r.points for r in results)


def table_of(match: Match) -> TableState:
    """The public state of ``match``'s current hand (ValueError before the first deal)."""
    hand = match.current
    if hand is None:
        raise ValueError("no hand has been dealt")
    passing = hand.phase is Phase.PASSING
    over = match.is_over
    index = len(match.hands) - 1
    scored = hand.phase is Phase.SCORED

    return TableState(
        rules=match.rules,
        hand_index=index,
        dealer=hand.dealer,
        pass_direction=hand.pass_direction,
        phase=hand.phase,
        first_lead=None if passing else hand.first_lead,
        plays=tuple(hand.plays),
        trick_winners=tuple(hand.trick_winners),
        taken=tuple(CardSet(t) for t in hand.taken),
        hearts_broken=hand.hearts_broken,
        to_move=hand.to_move,
        counts=tuple(size(m) for m in hand.hands),
        passed=tuple(passing and p is not None for p in hand.passes),
        results=match.scored(),
        over=over,
        ranking=tuple(match.ranking()) if over else (),
        winners=tuple(match.winners()) if over else (),
        fingerprint=match.deal_fingerprint(index),
        deal_number=match.deal_number(index) if scored else None,
        deal_key=match.deal_key(index) if scored else None,
        replay_of=match.replayed_number(index),
        ties=tuple(match.ties()) if over else (),
    )
