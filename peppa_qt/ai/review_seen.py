"""A seat's decisions in a hand of a game it played elsewhere, from what it saw alone.

At a table hosted on another device a seat never receives the other hands (DESIGN.md): its
game is a record seen from it. ``review.positions`` rebuilds a hand from its whole deal; here
each decision is rebuilt from the record cut just before it, the way the bot protocol's
reader rebuilds a view (``seat_record.match_seen_from``): the seat's view is exact, the other
hands are stand-ins that only hindsight would read (and a review of such a game has none).
"""

from __future__ import annotations

from dataclasses import replace

from ..engine import GameRecord, HandState, PlayerView, view_of
from ..engine.record_data import HandRecord
from ..engine.seat_record import match_seen_from
from .review import Position


def positions_seen(record: GameRecord, hand_index: int, seat: int) -> list[Position]:
    """Every decision ``seat`` took in hand ``hand_index`` (a finished hand) of ``record``,
    a record seen from ``seat``."""
    data = record.hands[hand_index]
    earlier = record.hands[:hand_index]

    def at(cut: HandRecord) -> tuple[PlayerView, HandState]:
        match = match_seen_from(replace(record, hands=(*earlier, cut)), seat)
        assert match.current is not None
        return view_of(match, seat), match.current.copy()

    found: list[Position] = []
    own = data.passes[seat] if data.passes is not None else None
    if own is not None:  # the pass, chosen from the cards as dealt
        view, hand = at(replace(data, passes=None, lead=None, play=()))
        found.append(Position(view, own, hand))
    for number, card in enumerate(data.play):
        # (Before the first card a seat that does not lead cannot tell who does: its rebuilt
        # hand gives the lead to another seat, never to itself.)
        view, hand = at(replace(data, play=data.play[:number]))
        if view.to_move == seat:
            found.append(Position(view, (card,), hand))
    return found
