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

from dataclasses import dataclass, replace
from typing import Any

from ..engine import GameRecord, HandState, Match, Phase, PlayerView, TableState, view_of
from ..engine.public import table_of
from ..engine.record import record_from_dict, replay
from ..engine.rules import PassDirection
from ..engine.seat_record import match_seen_from
from ..engine.trick import seat_of_play
from ..table.events import (
    CardPlayed,
    CardsPassed,
    Event,
    GameOver,
    HandDealt,
    HandResumed,
    HandScored,
    PassChosen,
    TrickWon,
)

#: Where in the game an event leaves it: the hand's index, the cards played in it (None:
#: all the record has), and whether its passes are made (None: as the record has them).
Position = tuple[int, int | None, bool | None]


@dataclass(frozen=True)
class Moment:
    """What the seat's screen may show after a view: the public table and its own view."""

    table: TableState
    view: PlayerView
    #: The seat is to pass or play now.
    to_act: bool


@dataclass(frozen=True)
class Step:
    """One event of a hosted game and the game as it leaves it (as a local loop tells an
    event with its match just changed): a screen shows each in turn."""

    event: Event
    match: Match
    #: Whether the seat knows who is to play: before the hand's first card it knows only
    #: that it does not lead itself (the record tells the leader alone; a screen shows
    #: nobody to play rather than the stand-in's guess).
    lead_known: bool = True


class Mirror:
    """One seat's copy of a hosted game, fed with the host's views.

    ``seat`` None: the whole game, every card (the hosting window's own copy of its table,
    fed with the host's records in the same process, never over the network).
    """

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.match: Match | None = None
        #: The newest view's record (seen from the seat; the whole game for ``seat`` None).
        self.record: GameRecord | None = None
        #: The seats whose pass of the hand in play was told (PassChosen).
        self._passes_told: set[int] = set()

    def feed(self, message: dict[str, Any]) -> tuple[list[Event], Moment]:
        """The events since the last view, in order, and the moment this view shows (the
        first view's events are the whole game so far: a screen that joins late draws its
        moment instead).
        Raises RecordError (or KeyError, TypeError, ValueError) if it cannot be read."""
        _, match, passed = self._read(message)
        events = [event for event, _ in self._between(match, passed)]
        self.match = match
        seat = 0 if self.seat is None else self.seat
        moment = Moment(table_of(match), view_of(match, seat), bool(message.get("to_act")))
        return events, moment

    def steps(self, message: dict[str, Any]) -> list[Step]:
        """The events since the last view, each with the game as it leaves it. The first
        view tells where the game stands (``HandResumed``, then the score and the game's
        end if they are shown), as a saved game resumes: a screen draws it as it stands.
        Raises RecordError (or KeyError, TypeError, ValueError) if it cannot be read."""
        record, match, passed = self._read(message)
        if self.match is None and _just_dealt(match):
            # The game's first hand, nothing played yet: dealt as at home, not "resumed".
            self._passes_told = set()
            self.match = None
            steps = [Step(HandDealt(0), match, self._lead_known(record, 0, None))]
            for seat, done in enumerate(passed):
                if done:
                    self._passes_told.add(seat)
                    steps.append(Step(PassChosen(seat), match))
            self.match = match
            return steps
        if self.match is None:
            known = self._lead_known(record, len(record.hands) - 1, None)
            steps = [Step(HandResumed(len(match.hands) - 1), match, known)]
            hand = match.current
            if hand is not None and hand.result is not None:
                steps.append(Step(HandScored(len(match.hands) - 1, hand.result), match))
                if match.is_over:
                    steps.append(Step(GameOver(tuple(match.ranking())), match))
            self._passes_told = {s for s, done in enumerate(passed) if done}
            self.match = match
            return steps
        moments: dict[Position, Match] = {}
        steps = []
        for event, position in self._between(match, passed):
            if position not in moments:
                moments[position] = self._at(record, match, position)
            known = self._lead_known(record, position[0], position[1])
            steps.append(Step(event, moments[position], known))
        self.match = match
        return steps

    def _lead_known(self, record: GameRecord, index: int, plays: int | None) -> bool:
        """Whether the seat can tell who plays next in hand ``index`` after ``plays`` cards."""
        hand = record.hands[index]
        played = len(hand.play) if plays is None else min(plays, len(hand.play))
        return self.seat is None or played > 0 or hand.lead is not None

    def _read(self, message: dict[str, Any]) -> tuple[GameRecord, Match, list[bool]]:
        hidden = self.seat is not None
        record = record_from_dict(message["record"], hidden=hidden)
        if self.seat is None:
            match = replay(record, track_undo=False)
        else:
            match = match_seen_from(record, self.seat)
        passed = [bool(p) for p in message.get("passed") or []]
        self.record = record
        return record, match, passed

    def _at(self, record: GameRecord, after: Match, position: Position) -> Match:
        """The game of ``record`` at ``position`` (``after`` where that is its end)."""
        index, plays, passes = position
        hand = record.hands[index]
        if plays is not None:
            hand = replace(hand, play=hand.play[:plays])
        if passes is False and hand.passes is not None:
            hand = replace(hand, passes=None, lead=None)
        if hand == record.hands[index] and index == len(record.hands) - 1:
            return after
        cut = replace(record, hands=(*record.hands[:index], hand))
        if self.seat is None:
            return replay(cut, track_undo=False)
        return match_seen_from(cut, self.seat)

    def _between(self, after: Match, passed: list[bool]) -> list[tuple[Event, Position]]:
        """What happened from the last view's game to ``after`` (the same game, further on),
        each event with where it leaves the game."""
        before = self.match
        events: list[tuple[Event, Position]] = []
        start = 0 if before is None else len(before.hands) - 1
        for index in range(start, len(after.hands)):
            old = before.hands[index] if before is not None and index < len(before.hands) else None
            new = after.hands[index]
            if old is None:
                events.append((HandDealt(index), (index, 0, False)))
                self._passes_told = set()
            if new.pass_direction is not PassDirection.HOLD and (
                old is None or old.phase is Phase.PASSING
            ):
                exchanged = new.phase is not Phase.PASSING
                events += self._passes(index, new.rules.seats, exchanged, passed)
            events += _plays(index, old, new)
            if new.result is not None and (old is None or old.result is None):
                events.append((HandScored(index, new.result), (index, None, None)))
        if after.is_over and (before is None or not before.is_over):
            last = len(after.hands) - 1
            events.append((GameOver(tuple(after.ranking())), (last, None, None)))
        return events

    def _passes(
        self, index: int, seats: int, exchanged: bool, passed: list[bool]
    ) -> list[tuple[Event, Position]]:
        """The passes chosen since the last view (all of them once exchanged), then the
        exchange."""
        chosen = range(seats) if exchanged else [s for s, done in enumerate(passed) if done]
        # Each pass is told with the passes as the view has them (a local loop tells the last
        # one with the exchange made too).
        passing: Position = (index, 0, None)
        events: list[tuple[Event, Position]] = []
        for seat in chosen:
            if seat not in self._passes_told:
                self._passes_told.add(seat)
                events.append((PassChosen(seat), passing))
        if exchanged:
            events.append((CardsPassed(index), (index, 0, None)))
        return events


def _just_dealt(match: Match) -> bool:
    """Whether ``match`` is at its first hand with nothing played (passes may be chosen)."""
    hand = match.current
    return (
        len(match.hands) == 1
        and hand is not None
        and not hand.plays
        and (hand.phase is Phase.PASSING or hand.pass_direction is PassDirection.HOLD)
    )


def _plays(index: int, old: HandState | None, new: HandState) -> list[tuple[Event, Position]]:
    """Each card played from ``old`` to ``new`` (hand ``index``), and each trick won."""
    events: list[tuple[Event, Position]] = []
    seats = new.rules.seats
    played = len(old.plays) if old is not None else 0
    for number in range(played, len(new.plays)):
        player = seat_of_play(new.first_lead, new.trick_winners, number, new.rules.direction, seats)
        position: Position = (index, number + 1, None)
        events.append((CardPlayed(player, new.plays[number]), position))
        if number % seats == seats - 1:  # the trick's last card
            trick = number // seats
            lead = number - seats + 1
            won = TrickWon(new.trick_winners[trick], tuple(new.plays[lead : number + 1]))
            events.append((won, position))
    return events
