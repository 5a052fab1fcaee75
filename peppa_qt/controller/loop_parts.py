"""What the game loop (game_controller.GameController) gives the parts it is made of.

ComputerTurns, UndoRedo and HumanTurns are mixins of the controller; each uses a few of the
loop's own members. Those shared by several are declared once here and defined by the loop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance

    from ..engine import HandState, Match


class LoopParts:
    """The members of the game loop its parts use (defined by GameController)."""

    @property
    def match(self) -> Match | None:
        """The game being played."""
        raise NotImplementedError

    @property
    def hand(self) -> HandState | None:
        """The hand being played."""
        raise NotImplementedError

    def is_human(self, seat: int) -> bool:
        """Whether the window answers for ``seat``."""
        raise NotImplementedError

    def _queue(self, signal: SignalInstance, *args: object) -> None:
        raise NotImplementedError

    def _hand_index(self) -> int:
        raise NotImplementedError
