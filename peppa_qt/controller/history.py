"""Who made each move of the hand in play, and the human's moves taken back: undo and redo.

The engine keeps the moves themselves (``HandState.undo``); this keeps who made them, so that
Undo takes back the human's last move and every computer's after it, and Redo makes the
human's moves again one by one (the computers then answer as before: their choices follow from
their seed and the position).
"""

from __future__ import annotations

from collections.abc import Callable, Set

from ..engine import HandState, PassDirection, Phase
from ..engine.cardset import listed

#: A seat and the cards of one of its moves: one card played, or the cards passed.
Move = tuple[int, tuple[int, ...]]


class MoveHistory:
    """The seats of the hand's moves in the engine's order, and the moves to make again."""

    def __init__(self, is_human: Callable[[int], bool]) -> None:
        self._is_human = is_human
        #: Who made each pass and play of the current hand, in the engine's order.
        self.actions: list[int] = []
        #: The human's moves taken back, the latest last (redo).
        self.redo: list[Move] = []
        #: Redos asked for while the computers still played: made as their human is asked.
        self.wanted = 0

    def restart(self, actions: list[int] | None = None) -> None:
        """A new hand (or one resumed with these moves made): nothing to redo."""
        self.actions = list(actions or [])
        self.redo = []
        self.wanted = 0

    def made(self, seat: int) -> None:
        """``seat`` has passed or played."""
        self.actions.append(seat)

    def made_again(self, seat: int, cards: tuple[int, ...]) -> None:
        """A human's move: the one taken back last (Redo goes on) or another (Redo ends)."""
        if self.redo and self.redo[-1] == (seat, cards):
            self.redo.pop()
        else:
            self.redo.clear()
            self.wanted = 0

    def has_human_move(self) -> bool:
        """Whether a human made one of the hand's moves (Undo has something to take back)."""
        return any(self._is_human(seat) for seat in self.actions)

    def undo_subject(self, hand: HandState) -> tuple[int, ...] | None:
        """The cards of the human's last move: a card played, or the cards passed."""
        passing = hand.pass_direction is not PassDirection.HOLD
        passes = sum(p is not None for p in hand.passes) if passing else 0
        for index in range(len(self.actions) - 1, -1, -1):
            seat = self.actions[index]
            if not self._is_human(seat):
                continue
            if index >= passes:  # a play (the passes come first in the hand's order)
                return (hand.plays[index - passes],)
            mask = hand.passes[seat]
            return tuple(listed(mask)) if mask is not None else None
        return None

    def take_back(self, subject: tuple[int, ...]) -> int:
        """Forget the moves down to the human's last (kept for redo, its cards being
        ``subject``): how many moves the game must take back."""
        self.wanted = 0  # taken back further: the redos asked for are not wanted now
        count = 0
        while self.actions:
            seat = self.actions.pop()
            count += 1
            if self._is_human(seat):
                self.redo.append((seat, tuple(sorted(subject))))
                break
        return count

    def ahead(self) -> Move | None:
        """The move Redo would make next (after the ones already asked for)."""
        ahead = len(self.redo) - self.wanted
        return self.redo[ahead - 1] if ahead > 0 else None

    def can_make_now(self, hand: HandState, asked: Set[int]) -> bool:
        """Whether the last move taken back is its human's to make now (they are asked)."""
        if not self.redo:
            return False
        seat = self.redo[-1][0]
        if seat not in asked:
            return False
        if hand.phase is Phase.PASSING:
            return hand.passes[seat] is None
        return hand.phase is Phase.PLAYING and hand.to_move == seat


def actions_of(hand: HandState) -> list[int]:
    """Who made the passes and plays of ``hand``, in the order a replay applied them."""
    passes = [s for s, cards in enumerate(hand.passes) if cards is not None]
    plays = [hand.seat_of_play(i) for i in range(len(hand.plays))]
    return passes + plays
