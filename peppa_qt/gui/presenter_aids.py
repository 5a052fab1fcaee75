"""The table's aids and the end of each hand: a hint, the last trick shown again, the
hand's summary and the game's ranking, going on by itself after a hand (the demo).

``PresenterAids`` is mixed into ``TablePresenter``, which owns the state named here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer, SignalInstance

from ..engine import HandResult, RuleSet, TableState
from ..models import ScoreSheetModel
from . import texts
from .modes import Mode
from .narration import Narration
from .pass_selection import PassSelection
from .seat_plates import SeatPlates
from .summaries import GameSummary, HandSummary
from .table_scene import TableScene

if TYPE_CHECKING:
    from ..ai.hints import Hint
    from ..controller import GameController, GameSession, Published


class PresenterAids:
    """Hints, the last trick, and what follows a scored hand."""

    controller: GameController
    intents: GameSession
    scene: TableScene
    scores: ScoreSheetModel
    mode: Mode
    shown: Published | None
    selection: PassSelection
    plates: SeatPlates
    narration: Narration
    auto_continue_ms: int | None
    last_trick_shown: SignalInstance
    last_trick_hidden: SignalInstance
    aids_changed: SignalInstance
    hand_summary_ready: SignalInstance
    game_finished: SignalInstance
    panels_cleared: SignalInstance
    _hinting: bool
    _showing_last: bool
    _refused: bool
    _final: GameSummary | None
    _final_wanted: bool
    _continue: QTimer

    # What the presenter provides.
    @property
    def table(self) -> TableState:
        """The public state of the moment the table shows."""
        raise NotImplementedError

    @property
    def viewer(self) -> int:
        """The seat the table is drawn for."""
        raise NotImplementedError

    @property
    def selected(self) -> list[int]:
        """The cards chosen to pass."""
        raise NotImplementedError

    def names(self) -> list[str]:
        """The players' names as shown."""
        raise NotImplementedError

    def sort_key(self, card: int) -> tuple[int, int]:
        """Where ``card`` goes in the viewer's hand."""
        raise NotImplementedError

    def _sprites(self, cards: Sequence[int]) -> list[int]:
        raise NotImplementedError

    def _emit_passing(self) -> None:
        raise NotImplementedError

    def _say_prompt(self) -> None:
        raise NotImplementedError

    def _show(self, moment: Published | None) -> None:
        raise NotImplementedError

    # -------------------------------------------------------------- the aids

    def show_hint(self, cards: Sequence[int], reason: Hint) -> None:
        """The suggested cards raised and outlined (the pass's three chosen, the card to
        play under the ring), the reason in words on the status line."""
        self._next_action()
        if self.mode is Mode.PASSING:
            chosen = self._sprites(cards)
            self.selection.restore(chosen, chosen, self.selection.size)
            self.scene.set_selection(self.selected)
            self._emit_passing()
        elif self.mode is Mode.PLAYING and cards:
            first = self._sprites(cards[:1])
            self.scene.set_focus(first[0] if first else None)
            self.scene.set_selection(first)
        else:
            return
        self.scene.set_hinted(self._sprites(cards))
        self._hinting = True
        self.narration.hint(cards, reason)

    def show_last_trick(self) -> bool:
        """The trick before this one, shown again with who led and who took it (False when
        none has been taken yet in this hand)."""
        table = self.shown.table if self.shown is not None else None
        done = [t for t in table.tricks if t.complete] if table is not None else []
        if table is None or not done:
            return False
        self._next_action()
        trick, names = done[-1], self.names()
        assert trick.winner is not None
        raw = self.controller.names()  # the player called "You" is spoken to, not of
        line, points = self.narration.last_trick(
            (names[trick.leader], names[trick.winner]),
            trick.leader == trick.winner,
            (raw[trick.leader] == texts.DEFAULT_HUMAN, raw[trick.winner] == texts.DEFAULT_HUMAN),
            trick_points(table.rules, len(done) - 1, trick.cards),
        )
        twin = twin_win(trick.cards, trick.winning_position)
        if twin is not None:
            line = f"{line}\n{self.narration.twin_words(twin)}"
        self._showing_last = True
        title = self.narration.trick_title(len(done))
        plays = [(self.scene.side(seat), card) for seat, card in trick.plays]
        winner = self.scene.side(trick.winner)
        self.last_trick_shown.emit(title, plays, winner, f"{line}\n{points}")
        return True

    def _emit_aids(self) -> None:
        """Whether the hint and the last trick can be asked for now (the buttons follow)."""
        table = self.shown.table if self.shown is not None else None
        taken = table is not None and any(t.complete for t in table.tricks)
        self.aids_changed.emit(self.mode is not Mode.IDLE, taken)

    def hide_last_trick(self) -> None:
        """Put the last trick away again."""
        if self._showing_last:
            self._showing_last = False
            self.last_trick_hidden.emit()

    def _next_action(self) -> None:
        """The player does something: a refusal's words belong to the moment before."""
        self.hide_last_trick()
        if self._hinting:
            self._hinting = False
            self.scene.set_hinted(())
        if self._refused:
            self._refused = False
            self.scene.hide_note()
            self._say_prompt()

    # ------------------------------------------------------- hands and games end

    def _on_controller_hand_scored(self, index: int, result: HandResult, moment: Published) -> None:
        self._show(moment)
        table = self.table
        self.narration.hand_scored(index, result)
        self.scores.add_hand(result.points, table.totals, result.moon)
        self.plates.show_totals(table.totals)
        self.plates.show_hand_points(result)
        self.plates.show_turn(-1)
        names = tuple(self.controller.names())  # the panels show them in the language in use
        self.hand_summary_ready.emit(HandSummary.of(table, index, result, names, self.sort_key))
        self.scene.show_still()
        if self.auto_continue_ms is not None:
            self._continue.start(self.auto_continue_ms)

    def _on_controller_game_over(self, ranking: list[int], moment: Published) -> None:
        self._show(moment)
        names = tuple(self.controller.names())
        aids = [self.intents.aids_used(seat) for seat in range(len(names))]
        progress = self.scores.progress()
        self._final = GameSummary.of(self.table, ranking, names, progress, aids)
        self.scene.show_still()
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
        table = self.shown.table if self.shown is not None else None
        if self._final is not None:
            self.game_finished.emit(self._final)
        elif table is not None and table.over:
            self._final_wanted = True  # the ranking is on its way
        else:
            self.intents.next_hand()


def twin_win(cards: Sequence[int], position: int | None) -> int | None:
    """The card that took the trick, if the trick holds it twice (the later copy won)."""
    if position is None:
        return None
    card = cards[position]
    return card if cards.count(card) > 1 else None


def trick_points(rules: RuleSet, index: int, cards: Sequence[int]) -> int:
    """The points a trick carries (the last one of a 36-card deal one more)."""
    last = rules.last_trick_points if index == rules.hand_size - 1 else 0
    return sum(rules.card_points[c] for c in cards) + last
