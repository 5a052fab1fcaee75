"""The normal level's rule of thumb for a seat, and why: the words the coach and the hint
(``teacher.py``) borrow when its card is worth the search's best."""

from __future__ import annotations

from ..engine.cards import Card
from ..engine.view import PlayerView
from .hints import Hint
from .normal import NormalPlayer


def suggest(view: PlayerView) -> tuple[tuple[Card, ...], Hint]:
    """The normal level's choice for the view's seat: the cards and the reason code."""
    if view.to_move is not None and view.to_move != view.seat:
        raise ValueError("it is not this seat's turn")
    decision = NormalPlayer(0).decide(view)
    return decision.cards, Hint(decision.reason)
