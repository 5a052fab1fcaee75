"""What follows a scored hand: its summary, the game's final ranking, and the next hand,
dealt once the player has read the summary (or by itself after a while: the demo).

``HandEnd`` owns the final ranking (made when the game is over, shown once the player goes
on from the last hand's summary, whichever comes first) and the timer that goes on by
itself. It is handed the session (the aids each seat used, the next hand), the score sheet
(each seat's progress), the players' names, the hand's sort order, and the table shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from ...engine import HandResult, TableState
from ...models import ScoreSheetModel
from ..panels.summaries import GameSummary, HandSummary, SortKey

if TYPE_CHECKING:
    from ...controller import GameSession


class HandEnd(QObject):
    """The hand's summary, then the next hand or the game's ranking."""

    hand_summary_ready = Signal(object)  # HandSummary
    game_finished = Signal(object)  # GameSummary
    panels_cleared = Signal()  # the summary is put away

    def __init__(
        self,
        session: GameSession,
        scores: ScoreSheetModel,
        *,
        names: Callable[[], Sequence[str]],
        sort_key: SortKey,
        shown: Callable[[], TableState | None],
        parent: QObject | None = None,
    ) -> None:
        """``names`` as set (the panels word them in the language in use); ``shown`` is the
        table at the moment the screen shows, if any."""
        super().__init__(parent)
        self._session = session
        self._scores = scores
        self._names = names
        self._sort_key = sort_key
        self._shown = shown
        #: Continue after a hand's summary by itself after this many ms (demo); None waits.
        self.auto_continue_ms: int | None = None
        self._final: GameSummary | None = None
        self._final_wanted = False  # the player went on from the last hand before the ranking
        self._continue = QTimer(self)
        self._continue.setSingleShot(True)
        self._continue.timeout.connect(self.continue_after_hand)

    def new_game(self) -> None:
        """No ranking, nothing waited for."""
        self._final = None
        self._final_wanted = False
        self._continue.stop()

    def hand_scored(self, table: TableState, index: int, result: HandResult) -> None:
        """Hand ``index`` scored: its summary, and the next hand by itself in the demo."""
        names = tuple(self._names())
        self.hand_summary_ready.emit(HandSummary.of(table, index, result, names, self._sort_key))
        if self.auto_continue_ms is not None:
            self._continue.start(self.auto_continue_ms)

    def game_over(self, table: TableState, ranking: list[int]) -> None:
        """The final ranking, shown now if the player has already gone on from the last hand."""
        names = tuple(self._names())
        aids = [self._session.aids_used(seat) for seat in range(len(names))]
        progress = self._scores.progress()
        self._final = GameSummary.of(table, ranking, names, progress, aids)
        if self._final_wanted:
            self.game_finished.emit(self._final)

    def stop_auto_continue(self) -> None:
        """Wait for the player after each hand's summary from now on (even the one shown)."""
        self.auto_continue_ms = None
        self._continue.stop()

    def continue_after_hand(self) -> None:
        """The player has read the hand's summary: next hand, or the final ranking."""
        self._continue.stop()
        self.panels_cleared.emit()
        table = self._shown()
        if self._final is not None:
            self.game_finished.emit(self._final)
        elif table is not None and table.over:
            self._final_wanted = True  # the ranking is on its way
        else:
            self._session.next_hand()
