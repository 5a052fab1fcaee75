"""What a game record (format ``peppa-record``, version 1) holds: its players, its hands
and what one seat of it knows (``GameRecord.seen_from``).

``record_read.py`` reads one and checks its shape, ``record.py`` replays it through the
engine (every rule), ``record_write.py`` writes one; ``record.py`` offers them all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Final

from .cards import Card
from .cardset import minus, plus, set_of
from .errors import Reason, RecordError
from .legal import first_leader
from .rules import PassDirection, RuleSet

FORMAT: Final = "peppa-record"
VERSION: Final = 1
#: The table a record describes when it does not list its players.
DEFAULT_SEATS: Final = 4


@dataclass(frozen=True)
class PlayerInfo:
    """Who sits at a seat."""

    name: str
    kind: str = "human"
    level: str | None = None


@dataclass(frozen=True)
class HandRecord:
    """One hand as written: ``None`` marks what is unknown (hidden, or not happened yet)."""

    dealer: int
    deal: tuple[tuple[Card, ...] | None, ...]
    passes: tuple[tuple[Card, ...] | None, ...] | None = None
    lead: int | None = None
    play: tuple[Card, ...] = ()


@dataclass(frozen=True)
class GameRecord:
    """A whole game, finished or in progress, as one document."""

    rules: RuleSet
    players: tuple[PlayerInfo, ...]
    seed: int | None
    hands: tuple[HandRecord, ...] = ()
    #: Top-level fields of other writers (the app's saved-game fields), kept as they are.
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False)
    #: Whether the document said who plays (without "players", four humans are assumed).
    players_named: bool = field(default=True, compare=False)

    @property
    def seats(self) -> int:
        """How many sit at the table."""
        return self.rules.seats

    def seen_from(self, seat: int) -> GameRecord:
        """The record as seat ``seat`` knows it: other deals and passes hidden.

        The seed goes too: every deal follows from it, so a seat given the seed would know
        every hand. What is left is the same whatever the hidden cards are.
        """
        hands = tuple(hand_seen_from(self.rules, i, h, seat) for i, h in enumerate(self.hands))
        return replace(self, seed=None, hands=hands, extra={})


def hand_seen_from(rules: RuleSet, index: int, hand: HandRecord, seat: int) -> HandRecord:
    """Hand ``index`` of a record as seat ``seat`` knows it (``GameRecord.seen_from``)."""
    deal = tuple(cards if s == seat else None for s, cards in enumerate(hand.deal))
    if hand.passes is None:
        return replace(hand, deal=deal, lead=_lead_told(rules, index, hand, seat))
    exchanged = all(p is not None for p in hand.passes)
    giver = rules.giver(seat, rules.pass_direction(index))
    passes = tuple(
        cards if s == seat or (s == giver and exchanged) else None
        for s, cards in enumerate(hand.passes)
    )
    return replace(hand, deal=deal, passes=passes, lead=_lead_told(rules, index, hand, seat))


def _lead_told(rules: RuleSet, index: int, hand: HandRecord, seat: int) -> int | None:
    """The hand's ``lead`` as seat ``seat`` knows it: written once the first card is played,
    and before that told to the seat whose turn it is to lead (the table shows whose turn
    it is; with two lowest clubs, Belmont's eight, the seat cannot always work it out)."""
    if hand.lead is not None or hand.play:
        return hand.lead
    direction = rules.pass_direction(index)
    if any(cards is None for cards in hand.deal) or (
        direction is not PassDirection.HOLD
        and (hand.passes is None or any(cards is None for cards in hand.passes))
    ):
        return None  # passing goes on, or the record does not show every hand
    try:
        held = [set_of(cards or ()) for cards in hand.deal]
        if direction is not PassDirection.HOLD:
            given = [set_of(cards or ()) for cards in hand.passes or ()]
            held = [
                plus(minus(held[s], given[s]), given[rules.giver(s, direction)])
                for s in range(rules.seats)
            ]
        leader = first_leader(rules, hand.dealer, held)
    except ValueError:  # a deal the replay would refuse: nothing to tell
        return None
    return seat if leader == seat else None


def default_players(seats: int) -> tuple[PlayerInfo, ...]:
    """Players named "Player 1" … for a table of ``seats``."""
    return tuple(PlayerInfo(f"Player {s + 1}") for s in range(seats))


def bad_field(message: str, hand: int | None = None, seat: int | None = None) -> RecordError:
    """The error of a record's field that is wrong (``Reason.BAD_FIELD``)."""
    return RecordError(Reason.BAD_FIELD, message, hand=hand, seat=seat)
