"""Asking the humans in the game loop: the table turned to the one to act, the last one's
cards covered, and the hand-over (hot-seat) before their cards show.

``HumanTurns`` is mixed into ``GameController``, which owns the state named here (after
``UndoRedo``, whose ``can_redo`` and ``redo`` these stubs stand for).
"""

from __future__ import annotations

from PySide6.QtCore import SignalInstance

from ..engine import CardSet, HandState, Phase
from .history import MoveHistory
from .loop_parts import LoopParts
from .published import Published
from .seating import Seating
from .step import Step


class HumanTurns(LoopParts):
    """A human asked for their pass or card, the table first drawn for them."""

    history: MoveHistory
    _seating: Seating
    _step: Step
    _asked: set[int]
    _handing_over: int | None
    _published: Published | None
    viewer_changed: SignalInstance
    table_redrawn: SignalInstance
    hand_over: SignalInstance
    cards_covered: SignalInstance
    human_to_pass: SignalInstance
    human_to_move: SignalInstance
    turn_changed: SignalInstance
    history_changed: SignalInstance

    # What the game loop provides.
    def can_redo(self) -> bool:
        """Whether a move taken back can be made again."""
        raise NotImplementedError

    def redo(self) -> bool:
        """Make the move taken back again."""
        raise NotImplementedError

    def _ready(self) -> None:
        raise NotImplementedError

    def _publish(self, moment: Published | None) -> None:
        raise NotImplementedError

    def _snapshot(self) -> Published | None:
        raise NotImplementedError

    # Asking a human.
    def uncover(self) -> bool:
        """The human handed the computer asks to see their cards: draw them, then ask them."""
        if self._handing_over is None or self.match is None:
            return False
        self._handing_over = None
        self._seating.covered = False
        self._ready()
        self._queue(self.table_redrawn, self._hand_index())
        return True

    def _ask_human(self, seat: int) -> None:
        """Ask ``seat`` if the table is drawn for it and its cards are shown.

        Else first draw the table for ``seat`` (``viewer_changed``), or, with the cards still
        covered, ask for the computer to be handed over (``hand_over``; ``uncover`` goes on).
        """
        seating = self._seating
        if seating.turning_to(seat):  # the cards of the human before leave the screen first
            self._cover(seating.viewer)
        if seat != seating.viewer:
            seating.viewer = seat
            self._queue(self.viewer_changed, seat)
            self._queue(self.table_redrawn, self._hand_index())
            return
        if seating.covered:
            self._step = Step.HANDING_OVER
            if self._handing_over != seat:
                self._handing_over = seat
                self._publish(self._snapshot())
                self.hand_over.emit(seat, self._published)
            return
        self._asked.add(seat)
        self._publish(self._snapshot())
        hand = self.hand
        assert hand is not None
        if hand.phase is Phase.PASSING:
            self.human_to_pass.emit(seat, self._published)
        else:
            self.turn_changed.emit(seat)
            self.human_to_move.emit(seat, CardSet(hand.legal_mask()), self._published)
        if self.history.wanted and self.can_redo():
            self.history.wanted -= 1
            self.redo()
        self.history_changed.emit()

    def _cover(self, seat: int) -> None:
        """``seat``'s cards leave the screen now: published without them, then told."""
        if self._published is not None:
            self._published = self._published.covered()
        self.cards_covered.emit(seat)

    def _cover_after(self, seat: int, hand: HandState) -> None:
        """``seat`` has acted: if another human acts next, its cards leave the screen now."""
        if self.is_human(seat) and self._seating.acted(seat, hand):
            self._cover(seat)
