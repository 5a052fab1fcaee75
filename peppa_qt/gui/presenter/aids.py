"""The aids of the moment, each in sight until the player's next action: a hint's outlines,
the last trick shown again, a refused move's note; and whether a hint or the last trick may
be asked for now (the aids bar's buttons follow).

``TableAids`` owns what is shown and takes it away at the next action. It is handed the scene
it outlines and notes on, the narration that words them, the players' names, the sprites of
the viewer's hand that show cards, how a hinted pass is chosen, and what to say once a
refusal's words are gone (the prompt of the moment).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from ...engine import TableState
from .. import texts
from ..table.scene import TableScene
from .modes import Mode
from .narration import Narration
from .sheets import trick_points, twin_win

if TYPE_CHECKING:
    from ...ai.hints import Reason

#: The players' names by seat.
Names = Callable[[], Sequence[str]]
#: The sprites of the viewer's hand that show these cards (each once).
Sprites = Callable[[Sequence[int]], list[int]]


class TableAids(QObject):
    """A hint, the last trick and a refusal's note, shown until the next action."""

    #: title, (side, card) in play order, the winner's side, who led and took it
    last_trick_shown = Signal(str, object, int, str)
    last_trick_hidden = Signal()
    aids_changed = Signal(bool, bool)  # a hint may be asked for; a last trick may be shown

    def __init__(
        self,
        scene: TableScene,
        narration: Narration,
        *,
        names: Names,
        given_names: Names,
        sprites: Sprites,
        choose: Callable[[list[int]], None],
        prompt: Callable[[], None],
        parent: QObject | None = None,
    ) -> None:
        """``names`` as shown, ``given_names`` as set (the default human's untranslated: the
        player called "You" is spoken to); ``choose`` makes these sprites the pass chosen;
        ``prompt`` says what the player is asked now."""
        super().__init__(parent)
        self._scene = scene
        self._narration = narration
        self._names = names
        self._given_names = given_names
        self._sprites = sprites
        self._choose = choose
        self._prompt = prompt
        self._hinting = False  # a hint is shown (its cards outlined)
        self._showing_last = False  # the last trick is shown again
        self._refused = False  # a refusal's words are on the status line and above the hand
        #: A hint that came before the table showed the player's turn (H pressed while the
        #: last computer's card flew): shown when the turn is (``turn_shown``).
        self._early: tuple[Sequence[int], Reason] | None = None

    def offer(self, mode: Mode, table: TableState | None) -> None:
        """Whether the hint and the last trick can be asked for now (the buttons follow)."""
        taken = table is not None and any(t.complete for t in table.tricks)
        self.aids_changed.emit(mode is not Mode.IDLE, taken)

    def next_action(self) -> None:
        """The player does something: what was shown for the moment before goes."""
        self.hide_last_trick()
        if self._hinting:
            self._hinting = False
            self._scene.set_hinted(())
        if self._refused:
            self._refused = False
            self._scene.hide_note()
            self._prompt()

    # ------------------------------------------------------------------ the hint

    def show_hint(self, mode: Mode, cards: Sequence[int], reason: Reason) -> None:
        """The suggested cards raised and outlined (the pass's three chosen, the card to
        play under the ring), the reason in words on the status line. One that comes
        before the table shows the player's turn waits for it."""
        if mode is Mode.IDLE:
            self._early = (cards, reason)
            return
        self.next_action()
        scene = self._scene
        if mode is Mode.PASSING:
            self._choose(self._sprites(cards))
        elif mode is Mode.PLAYING and cards:
            first = self._sprites(cards[:1])
            scene.set_focus(first[0] if first else None)
            scene.set_selection(first)
        else:
            return
        scene.set_hinted(self._sprites(cards))
        self._hinting = True
        self._narration.hint(cards, reason)

    def turn_shown(self, mode: Mode) -> None:
        """The table shows the player's turn (``mode``): a hint that came early shows now."""
        early, self._early = self._early, None
        if early is not None:
            self.show_hint(mode, *early)

    def forget_early(self) -> None:
        """The hint that came early is for a moment gone (an undo, another hand)."""
        self._early = None

    # ------------------------------------------------------------- a refused move

    def refused(self, words: str) -> None:
        """Why a move was refused, above the hand (the status line says it already)."""
        self._scene.show_note(words)
        self._refused = True

    def drop_refusal(self) -> None:
        """Nothing is asked any more: a refusal's note goes, and no prompt follows it."""
        self._scene.hide_note()
        self._refused = False

    # ------------------------------------------------------------- the last trick

    def show_last_trick(self, table: TableState | None) -> bool:
        """The trick before this one, shown again with who led and who took it (False when
        none has been taken yet in this hand); asked for again while it shows, it goes."""
        done = [t for t in table.tricks if t.complete] if table is not None else []
        if table is None or not done:
            return False
        if self._showing_last:  # (L's shortcut reaches the window before the panel's keys)
            self.hide_last_trick()
            return True
        self.next_action()
        trick, names = done[-1], self._names()
        leader, winner = trick.leader, trick.winner
        assert winner is not None
        given = self._given_names()  # the player called "You" is spoken to, not of
        narration = self._narration
        line, points = narration.last_trick(
            (names[leader], names[winner]),
            leader == winner,
            (given[leader] == texts.DEFAULT_HUMAN, given[winner] == texts.DEFAULT_HUMAN),
            trick_points(table.rules, len(done) - 1, trick.cards),
        )
        twin = twin_win(trick.cards, trick.winning_position)
        if twin is not None:
            line = f"{line}\n{narration.twin_words(twin)}"
        self._showing_last = True
        plays = [(self._scene.side(seat), card) for seat, card in trick.plays]
        title, said = narration.trick_title(len(done)), f"{line}\n{points}"
        self.last_trick_shown.emit(title, plays, self._scene.side(winner), said)
        return True

    def hide_last_trick(self) -> None:
        """Put the last trick away again."""
        if self._showing_last:
            self._showing_last = False
            self.last_trick_hidden.emit()
