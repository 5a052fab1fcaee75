"""The hot-seat hand-over as the table tells it: the computer is handed to the next human.

``HandOverTurn`` owns the seat the computer is being handed to while the hand-over screen is
up (none once that human has asked to see their cards). It is handed the session (the cards
shown), the narration that says whose turn it is, and the players' names as shown; the
window shows and hides the screen on its ``hand_over_changed``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from .narration import Narration

if TYPE_CHECKING:
    from ...controller import GameSession


class HandOverTurn(QObject):
    """Whose turn the hand-over screen announces, if it is up."""

    #: The computer is to be handed to the player of this name (hot-seat); hidden with False.
    hand_over_changed = Signal(bool, str)

    def __init__(
        self,
        session: GameSession,
        narration: Narration,
        names: Callable[[], Sequence[str]],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._session = session
        self._narration = narration
        self._names = names
        #: The seat the computer is being handed to (the hand-over screen is up), if any.
        self.seat: int | None = None

    def hand_over(self, seat: int) -> None:
        """The screen up, naming the human ``seat`` is handed to; their turn said."""
        self.seat = seat
        self.hand_over_changed.emit(True, self._names()[seat])
        self._narration.whose_turn(lambda: self._names()[seat])

    def show_cards(self) -> None:
        """That human wants to see their cards: the screen goes, the cards are shown."""
        self.seat = None
        self.hand_over_changed.emit(False, "")
        self._session.show_cards()

    def new_game(self) -> None:
        """The last game's screen goes (a new game hands over anew)."""
        if self.seat is not None:
            self.seat = None
            self.hand_over_changed.emit(False, "")
