"""Undo and redo: the human's last move taken back with every computer's after it, and made
again (the computers then answer as before: their choices follow from their seed and the
position). Only with a single human: with several, undoing would show one human's cards to
another.

``UndoRedo`` is a part of the game session. It keeps who made each move of the hand
(``MoveHistory``) from the game loop's events as they happen, takes moves back through the
table (``Table.take_back``) and makes a move again as the human would, through the table's
intents.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, Qt, Signal, SignalInstance

from ..engine.cardset import listed
from ..table import CardPlayed, Event, HandDealt, HandResumed, PassChosen
from .history import MoveHistory, actions_of

if TYPE_CHECKING:
    from ..engine import HandState, Match


class Table(Protocol):
    """What undo and redo need of the game loop's host (``GameController``)."""

    event_told: SignalInstance
    human_to_pass: SignalInstance
    human_to_move: SignalInstance

    @property
    def match(self) -> Match | None:
        """The game in play."""

    @property
    def hand(self) -> HandState | None:
        """The hand in play."""

    @property
    def covered(self) -> bool:
        """Whether the viewer's cards are off the screen."""

    def is_human(self, seat: int) -> bool:
        """Whether a human at this window plays ``seat``."""

    def humans(self) -> list[int]:
        """The seats humans at this window play."""

    def prompted(self) -> frozenset[int]:
        """The humans asked on screen now."""

    def submit_pass(self, seat: int, cards: Sequence[int]) -> bool:
        """A human's cards to pass."""

    def submit_play(self, seat: int, card: int) -> bool:
        """A human's card."""

    def take_back(self, count: int) -> None:
        """Take back the hand's last ``count`` moves."""


class UndoRedo(QObject):
    """What Undo and Redo would do now, and doing it."""

    #: What Undo and Redo would do may have changed.
    changed = Signal()

    def __init__(self, table: Table, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._table = table
        self.history = MoveHistory(table.is_human)
        table.event_told.connect(self._on_table_event)
        # Queued: a redo waiting for its human is made once the table has asked them (every
        # receiver of the question has had it), not in the middle of the asking.
        for asked in (table.human_to_pass, table.human_to_move):
            asked.connect(self._on_table_human_asked, Qt.ConnectionType.QueuedConnection)

    def can_undo(self) -> bool:
        """Whether the viewer's last pass or card of this hand can be taken back.

        Only with a single human: with several, undoing would show one human's cards to
        another. Not once the game is over: it has been ranked and counted.
        """
        hand, match = self._table.hand, self._table.match
        if len(self._table.humans()) != 1 or hand is None or not hand.can_undo():
            return False
        if match is not None and match.is_over:
            return False
        return self.history.has_human_move()

    def undo_subject(self) -> tuple[int, ...] | None:
        """The cards of the move Undo would take back: a card played, or the cards passed."""
        hand = self._table.hand
        if not self.can_undo() or hand is None:
            return None
        return self.history.undo_subject(hand)

    def redo_subject(self) -> tuple[int, ...] | None:
        """The cards of the move Redo would make again: now, or once its human is asked
        (the computers still play the moves before it)."""
        move = self.history.ahead()
        if move is None or self._table.hand is None or self._table.covered:
            return None
        return move[1]

    def can_redo(self) -> bool:
        """Whether a move taken back can be made again now (its human is asked for it)."""
        hand = self._table.hand
        if hand is None or self._table.covered:
            return False
        return self.history.can_make_now(hand, self._table.prompted())

    def redo(self) -> bool:
        """Make the last move taken back again (the computers then answer as before).

        Asked for again while the computers still play the moves before the next one (Redo
        pressed twice), it is made as soon as its human is asked.
        """
        if not self.can_redo():
            if self.redo_subject() is None:
                return False
            self.history.wanted += 1
            self.changed.emit()  # Redo now names the move after it, if any
            return True
        seat, cards = self.history.redo[-1]
        if len(cards) == 1:
            return self._table.submit_play(seat, cards[0])
        return self._table.submit_pass(seat, cards)

    def undo(self) -> bool:
        """Take back the human's last pass or card of this hand, and every move after it.

        The computers then decide again from the same position, as they did before (their
        choices follow from their seed and the position). False if there is nothing to undo.
        """
        subject = self.undo_subject()
        if self._table.match is None or subject is None:
            return False
        self._table.take_back(self.history.take_back(subject))
        self.changed.emit()
        return True

    def _on_table_event(self, event: Event) -> None:
        """Who made each move, as it is made (a human's move may be the one taken back)."""
        hand = self._table.hand
        if hand is None:
            return
        if isinstance(event, HandDealt):
            self.history.restart()
        elif isinstance(event, HandResumed):
            self.history.restart(actions_of(hand))
        elif isinstance(event, PassChosen | CardPlayed):
            self._made(event, hand)
        else:
            return
        self.changed.emit()

    def _made(self, event: PassChosen | CardPlayed, hand: HandState) -> None:
        seat = event.seat
        if self._table.is_human(seat):
            if isinstance(event, CardPlayed):
                cards: tuple[int, ...] = (event.card,)
            else:
                passed = hand.passes[seat]
                cards = tuple(listed(passed)) if passed is not None else ()
            self.history.made_again(seat, cards)
        self.history.made(seat)

    def _on_table_human_asked(self, *_: object) -> None:
        if self.history.wanted and self.can_redo():
            self.history.wanted -= 1
            self.redo()
        self.changed.emit()
