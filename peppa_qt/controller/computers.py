"""The computer players' part of the game loop: they think in the worker thread (the next
to play starts while the table still shows the card before), their decisions are checked,
and a card waits out the pause the speed gives before it is played.

``ComputerTurns`` is mixed into ``GameController``, which owns the state named here.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from PySide6.QtCore import QElapsedTimer, QTimer

from ..ai.base import Decision, Player
from ..engine import Phase, view_of
from ..engine.cardset import covers, listed, set_of
from .loop_parts import LoopParts
from .setup import Pace
from .worker import ThinkPool

log = logging.getLogger(__name__)


class ComputerTurns(LoopParts):
    """Asks the computer players and plays what they decide, each in its turn."""

    pace: Pace
    _pool: ThinkPool
    _players: dict[int, Player]
    #: Bumped whenever the position asked about goes away: a later answer is dropped.
    _epoch: int
    _asked: set[int]
    #: The computer to play whose decision for this position is under way or waiting.
    _thinking: int | None
    _delayed: tuple[int, Decision] | None
    _delay: QTimer
    _clock: QElapsedTimer

    # What the game loop provides.
    def _apply_pass(self, seat: int, cards: Sequence[int]) -> None:
        raise NotImplementedError

    def _play(self, card: int) -> None:
        raise NotImplementedError

    # The computers' turns.
    def _think(self, seat: int) -> None:
        assert self.match is not None
        self._pool.submit(self._epoch, seat, self._players[seat], view_of(self.match, seat))

    def _think_ahead(self) -> None:
        """A computer to play next starts thinking now, while the table shows the card before.

        Its position is known once the card before is played; its turn still comes (and its
        pause starts) only when the table is done (``_ask_play``).
        """
        hand = self.hand
        seat = hand.to_move if hand is not None and hand.phase is Phase.PLAYING else None
        if seat is not None and not self.is_human(seat):
            self._thinking = seat
            self._think(seat)

    def _on_relay_decided(self, epoch: int, seat: int, result: object) -> None:
        hand = self.hand
        if epoch != self._epoch or hand is None:
            return
        if hand.phase is Phase.PLAYING and (seat != self._thinking or seat != hand.to_move):
            return  # not the position it was asked about
        decision = self._checked(seat, result)
        if hand.phase is Phase.PASSING:
            self._apply_pass(seat, decision.cards)
            return
        self._delayed = (seat, decision)
        if seat in self._asked:  # its turn has come: else _ask_play shows it
            self._show_when_paused()

    def _show_when_paused(self) -> None:
        """Play the decision waiting once the pause since the turn began has passed."""
        if self._delayed is not None:
            wait = self.pace.ai_pause_ms - self._clock.elapsed()
            self._delay.start(max(0, int(wait)))

    def _apply_delayed(self) -> None:
        if self._delayed is None:
            return
        seat, decision = self._delayed
        self._delayed = None
        hand = self.hand
        if hand is not None and hand.phase is Phase.PLAYING and hand.to_move == seat:
            self._play(decision.cards[0])

    def _checked(self, seat: int, result: object) -> Decision:
        """The player's decision, or a safe legal one if it failed or broke the rules."""
        hand = self.hand
        assert hand is not None
        passing = hand.phase is Phase.PASSING
        # A pass: cards of the hand (two copies of a card may go); a play: one legal card.
        allowed = hand.hands[seat] if passing else hand.legal_mask()
        size = hand.rules.pass_size if passing else 1
        if isinstance(result, Decision) and _fits(result.cards, allowed, size):
            return result
        cards = listed(allowed)
        fallback = tuple(cards[-size:]) if passing else (cards[0],)
        log.warning("seat %d: computer player failed (%r); playing %s", seat, result, fallback)
        return Decision(fallback, "fallback")

    def _forget_decisions(self) -> None:
        """Every decision under way or waiting to be shown is out of date (players stay)."""
        self._epoch += 1
        self._pool.clear()
        for player in self._players.values():
            player.cancel()
        self._delay.stop()
        self._thinking = None
        self._delayed = None


def _fits(cards: Sequence[int], allowed: int, size: int) -> bool:
    """Whether ``cards`` are ``size`` cards that ``allowed`` (a card set) holds, copies counted."""
    try:
        return len(cards) == size and covers(allowed, set_of(cards))
    except (TypeError, ValueError):  # a third copy (CardSetError), or not cards at all
        return False
