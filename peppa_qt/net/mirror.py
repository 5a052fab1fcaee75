"""A hosted game as one client sees it: each ``view`` turned into the table's moments and
events, as a local game's loop tells them (no Qt).

The host sends a seat the whole game seen from it after every change (DESIGN.md); several
changes may come in one view (a busy host, a client that fell behind). ``Mirror`` rebuilds
the game from each view (``seat_record.match_seen_from``: the other seats' unseen cards are
stand-ins, never shown), and compares it with the one before, so that what happened in
between is told card by card, in the game's order, as ``table/events.py`` events: the deal,
each pass chosen, the exchange, each card, each trick won, the score, the game's end. A
screen drawn from a mirror draws from the public table (``public.table_of``) and the seat's
own view, as a local game's screen does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import HandState, Match, Phase, PlayerView, TableState, view_of
from ..engine.public import table_of
from ..engine.record import record_from_dict
from ..engine.rules import PassDirection
from ..engine.seat_record import match_seen_from
from ..engine.trick import seat_of_play
from ..table.events import (
    CardPlayed,
    CardsPassed,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    PassChosen,
    TrickWon,
)


@dataclass(frozen=True)
class Moment:
    """What the seat's screen may show after a view: the public table and its own view."""

    table: TableState
    view: PlayerView
    #: The seat is to pass or play now.
    to_act: bool


class Mirror:
    """One seat's copy of a hosted game, fed with the host's views."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.match: Match | None = None
        #: The seats whose pass of the hand in play was told (PassChosen).
        self._passes_told: set[int] = set()

    def feed(self, message: dict[str, Any]) -> tuple[list[Event], Moment]:
        """The events since the last view, in order, and the moment this view shows (the
        first view's events are the whole game so far: a screen that joins late draws its
        moment instead).
        Raises RecordError (or KeyError, TypeError, ValueError) if it cannot be read."""
        record = record_from_dict(message["record"], hidden=True)
        match = match_seen_from(record, self.seat)
        passed = [bool(p) for p in message.get("passed") or []]
        events = self._between(match, passed)
        self.match = match
        moment = Moment(table_of(match), view_of(match, self.seat), bool(message.get("to_act")))
        return events, moment

    def _between(self, after: Match, passed: list[bool]) -> list[Event]:
        """What happened from the last view's game to ``after`` (the same game, further on)."""
        before = self.match
        events: list[Event] = []
        start = 0 if before is None else len(before.hands) - 1
        for index in range(start, len(after.hands)):
            old = before.hands[index] if before is not None and index < len(before.hands) else None
            new = after.hands[index]
            if old is None:
                events.append(HandDealt(index))
                self._passes_told = set()
            if new.pass_direction is not PassDirection.HOLD and (
                old is None or old.phase is Phase.PASSING
            ):
                exchanged = new.phase is not Phase.PASSING
                events += self._passes(index, new.rules.seats, exchanged, passed)
            events += _plays(old, new)
            if new.result is not None and (old is None or old.result is None):
                events.append(HandScored(index, new.result))
        if after.is_over and (before is None or not before.is_over):
            events.append(GameOver(tuple(after.ranking())))
        return events

    def _passes(self, index: int, seats: int, exchanged: bool, passed: list[bool]) -> list[Event]:
        """The passes chosen since the last view (all of them once exchanged), then the
        exchange."""
        chosen = range(seats) if exchanged else [s for s, done in enumerate(passed) if done]
        events: list[Event] = []
        for seat in chosen:
            if seat not in self._passes_told:
                self._passes_told.add(seat)
                events.append(PassChosen(seat))
        if exchanged:
            events.append(CardsPassed(index))
        return events


def _plays(old: HandState | None, new: HandState) -> list[Event]:
    """Each card played from ``old`` to ``new`` (the same hand), and each trick won."""
    events: list[Event] = []
    seats = new.rules.seats
    played = len(old.plays) if old is not None else 0
    for number in range(played, len(new.plays)):
        player = seat_of_play(new.first_lead, new.trick_winners, number, new.rules.direction, seats)
        events.append(CardPlayed(player, new.plays[number]))
        if number % seats == seats - 1:  # the trick's last card
            trick = number // seats
            lead = number - seats + 1
            events.append(TrickWon(new.trick_winners[trick], tuple(new.plays[lead : number + 1])))
    return events
