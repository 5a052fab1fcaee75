"""What happened at the table, told by the game loop as plain values (no Qt).

The loop tells each event at the moment it happens: while a listener handles it, the game
stands exactly as the event left it (a screen takes its snapshot then). Seats learn nothing
from events: they are asked, with their own view (``seats.Request``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import HandResult


@dataclass(frozen=True)
class HandDealt:
    """A hand was dealt (its index in the game)."""

    index: int


@dataclass(frozen=True)
class HandResumed:
    """A game read back goes on: its last hand (``index``) stands as it was saved."""

    index: int


@dataclass(frozen=True)
class PassingBegan:
    """The seats are asked for their passes (every seat at once)."""


@dataclass(frozen=True)
class PassChosen:
    """``seat`` has chosen the cards it passes (which ones stays hidden)."""

    seat: int


@dataclass(frozen=True)
class CardsPassed:
    """Every seat has passed: the cards changed hands (hand ``index``)."""

    index: int


@dataclass(frozen=True)
class TurnBegan:
    """``seat`` is to play, and the table is ready for its card."""

    seat: int


@dataclass(frozen=True)
class CardPlayed:
    """``seat`` played ``card``."""

    seat: int
    card: int


@dataclass(frozen=True)
class TrickWon:
    """``winner`` took the trick of ``cards`` (in the order played)."""

    winner: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class HandScored:
    """Hand ``index`` is over with ``result``."""

    index: int
    result: HandResult


@dataclass(frozen=True)
class GameOver:
    """The game is over: every seat, best first."""

    ranking: tuple[int, ...]


@dataclass(frozen=True)
class MovesTakenBack:
    """``count`` moves of the hand in play were taken back (undo)."""

    count: int


Event = (
    HandDealt
    | HandResumed
    | PassingBegan
    | PassChosen
    | CardsPassed
    | TurnBegan
    | CardPlayed
    | TrickWon
    | HandScored
    | GameOver
    | MovesTakenBack
)
