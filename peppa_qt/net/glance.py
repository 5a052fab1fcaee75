"""The table at a glance for one seat: what a browser's page draws, worked out by the host.

A view's ``record`` is the whole game seen from the seat, which a program replays with the
rules (``client.py`` does, with the engine). A page in a phone's browser has no engine: the
host adds to each of its views this small summary (``"glance"``, asked for in its
``hello``; other clients ignore it, docs/decisions.md). It is made only from what the seat
may see: the seat's ``PlayerView`` (its own hand, its own pass and the one it received, the
cards played) and the public table state (points, totals, the ranking): never another
seat's card that is not on the table.
"""

from __future__ import annotations

from typing import Any

from ..engine import Match, Phase
from ..engine.cards import CARDS, cards_of
from ..engine.cardset import listed
from ..engine.public import TableState, table_of
from ..engine.scoring import set_points
from ..engine.view import PlayerView, view_of


def glance(match: Match, seat: int) -> dict[str, Any] | None:
    """Seat ``seat``'s table at a glance (None before the first deal)."""
    if match.current is None:
        return None
    view = view_of(match, seat)
    table = table_of(match)
    rules = match.rules
    return {
        "hand_index": table.hand_index,
        "phase": table.phase.value,
        "hand": _names(listed(view.hand)),
        "pass": _pass(view),
        "to_move": table.to_move,
        "legal": _names(cards_of(view.legal)) if view.to_move == seat else [],
        **_tricks(table),
        "taken": [set_points(rules.card_points, cards.mask) for cards in table.taken],
        "counts": list(table.counts),
        "hearts_broken": table.hearts_broken,
        "totals": list(table.totals),
        "result": _result(table),
        "ranking": list(table.ranking),
        "winners": list(table.winners),
        "rules": rules.name,
        "end": {"mode": rules.end_mode.value, "value": rules.end_value},
    }


def _names(cards: list[Any]) -> list[str]:
    return [str(CARDS[card]) for card in cards]


def _pass(view: PlayerView) -> dict[str, Any]:
    """The pass of this hand as the seat knows it: where, and its own cards both ways."""
    direction = view.pass_direction
    holding = direction.value == "hold"
    return {
        "direction": direction.value,
        "size": view.rules.pass_size,
        "to": None if holding else view.pass_target,
        "from": None if holding else view.pass_source,
        "given": None if view.passed is None else _names(listed(view.passed)),
        "received": None if view.received is None else _names(listed(view.received)),
    }


def _tricks(table: TableState) -> dict[str, Any]:
    """The trick in play (seat and card, in order) and the last one taken, with its winner."""
    if table.phase is Phase.PASSING or table.first_lead is None:
        return {"trick": [], "leader": None, "last_trick": None}
    seats = table.rules.seats
    plays = table.plays
    start = len(plays) - len(plays) % seats
    trick = [[table.seat_of_play(i), str(CARDS[plays[i]])] for i in range(start, len(plays))]
    last = None
    if start:
        done = range(start - seats, start)
        last = {
            "cards": [[table.seat_of_play(i), str(CARDS[plays[i]])] for i in done],
            "winner": table.trick_winners[start // seats - 1],
        }
    tricks = start // seats
    leader = table.trick_winners[tricks - 1] if tricks else table.first_lead
    return {"trick": trick, "leader": leader, "last_trick": last}


def _result(table: TableState) -> dict[str, Any] | None:
    result = table.result
    if result is None:
        return None
    return {"points": list(result.points), "moon": result.moon}
