"""Undo and redo in the game loop: the human's last move taken back with every computer's
after it, and made again (the computers then answer as before: their choices follow from
their seed and the position). Only with a single human: with several, undoing would show
one human's cards to another.

``UndoRedo`` is mixed into ``GameController``, which owns the state named here.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import SignalInstance

from .history import MoveHistory
from .loop_parts import LoopParts


class UndoRedo(LoopParts):
    """What Undo and Redo would do now, and doing it."""

    history: MoveHistory
    _asked: set[int]
    moves_taken_back: SignalInstance
    history_changed: SignalInstance
    table_redrawn: SignalInstance

    # What the game loop provides.
    @property
    def covered(self) -> bool:
        """Whether the viewer's cards are off the screen."""
        raise NotImplementedError

    def humans(self) -> list[int]:
        """The seats the window answers for."""
        raise NotImplementedError

    def submit_play(self, seat: int, card: int) -> bool:
        """A human's card."""
        raise NotImplementedError

    def submit_pass(self, seat: int, cards: Sequence[int]) -> bool:
        """A human's cards to pass."""
        raise NotImplementedError

    def _stop_thinking(self) -> None:
        raise NotImplementedError

    # Undo and redo.
    def can_undo(self) -> bool:
        """Whether the viewer's last pass or card of this hand can be taken back.

        Only with a single human: with several, undoing would show one human's cards to
        another. Not once the game is over: it has been ranked and counted.
        """
        hand, match = self.hand, self.match
        if len(self.humans()) != 1 or hand is None or not hand.can_undo():
            return False
        if match is not None and match.is_over:
            return False
        return self.history.has_human_move()

    def undo_subject(self) -> tuple[int, ...] | None:
        """The cards of the move Undo would take back: a card played, or the cards passed."""
        hand = self.hand
        if not self.can_undo() or hand is None:
            return None
        return self.history.undo_subject(hand)

    def redo_subject(self) -> tuple[int, ...] | None:
        """The cards of the move Redo would make again: now, or once its human is asked
        (the computers still play the moves before it)."""
        move = self.history.ahead()
        if move is None or self.hand is None or self.covered:
            return None
        return move[1]

    def can_redo(self) -> bool:
        """Whether a move taken back can be made again now (its human is asked for it)."""
        hand = self.hand
        if hand is None or self.covered:
            return False
        return self.history.can_make_now(hand, self._asked)

    def redo(self) -> bool:
        """Make the last move taken back again (the computers then answer as before).

        Asked for again while the computers still play the moves before the next one (Redo
        pressed twice), it is made as soon as its human is asked.
        """
        if not self.can_redo():
            if self.redo_subject() is None:
                return False
            self.history.wanted += 1
            self.history_changed.emit()  # Redo now names the move after it, if any
            return True
        seat, cards = self.history.redo[-1]
        if len(cards) == 1:
            return self.submit_play(seat, cards[0])
        return self.submit_pass(seat, cards)

    def undo(self) -> bool:
        """Take back the human's last pass or card of this hand, and every move after it.

        The computers then decide again from the same position, as they did before (their
        choices follow from their seed and the position). False if there is nothing to undo.
        """
        match = self.match
        subject = self.undo_subject()
        if match is None or subject is None:
            return False
        self._stop_thinking()
        self.history.take_back(match.undo, subject)
        self._asked.clear()
        self.moves_taken_back.emit()
        self.history_changed.emit()
        self._queue(self.table_redrawn, self._hand_index())
        return True
