"""Between the game and the table: draws what happened, turns clicks into intents.

It draws from the moment each signal of the controller carries (``Published``: the public
table and the viewer's own view), never from the live game: the hidden hands are not within
its reach. Its parts each own one concern: the viewer's hand's order and sprites
(``ViewerHand``), the cards on the table (``TableDrawing``), the plates (``SeatPlates``), the
pass being chosen (``PassSelection``), the keyboard's ring (``KeyboardFocus``), what the table
says and sounds (``Narration``), the score sheet and the tricks taken (``TableSheets``), the
aids shown until the next action (``TableAids``), what follows a scored hand (``HandEnd``),
the hot-seat hand-over (``HandOverTurn``), the cards received in the exchange
(``ReceivedCards``), and the clicks and keys that become intents (``TableInput``). Each is
handed what it needs and none reaches back in here. This class holds the input mode and the
moment shown, and wires the parts to the controller, the scene and the panels.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from ...controller import GameController, Published, Refusal
from ...engine import CardSet, HandResult, PassDirection, Phase, PlayerView, TableState
from ...models import ScoreSheetModel, TrickListModel
from .. import texts
from ..table.accessible import TableAccessibility
from ..table.card_pixmaps import card_of
from ..table.scene import TableScene
from ..table.view import TableView
from .aids import TableAids
from .drawing import TableDrawing
from .hand_end import HandEnd
from .hand_over_turn import HandOverTurn
from .input import TableInput
from .keyboard_focus import KeyboardFocus
from .modes import Mode
from .narration import Narration
from .pass_selection import PassSelection
from .received_cards import ReceivedCards
from .seat_plates import SeatPlates
from .sheets import TableSheets, scored, twin_win
from .spoken_table import SpokenTable
from .viewer_hand import ViewerHand

if TYPE_CHECKING:
    from ...ai.hints import Reason
    from ...controller import GameSession

#: The modes by the names the tests and the window use.
IDLE, PASSING, PLAYING = Mode.IDLE, Mode.PASSING, Mode.PLAYING


class TablePresenter(QObject):
    """Keeps the table in step with the game; the human's choices go back as intents."""

    status_changed = Signal(str)
    #: (shown, prompt, confirm enabled) for the passing panel
    passing_changed = Signal(bool, str, bool)
    #: The computer is to be handed to the player of this name (hot-seat); hidden with False.
    hand_over_changed = Signal(bool, str)  # told by ``HandOverTurn``
    hand_summary_ready = Signal(object)  # HandSummary
    game_finished = Signal(object)  # GameSummary
    #: title, (side, card) in play order, the winner's side, who led and took it
    last_trick_shown = Signal(str, object, int, str)
    last_trick_hidden = Signal()
    aids_changed = Signal(bool, bool)  # a hint may be asked for; a last trick may be shown
    sound_wanted = Signal(str)  # a sound effect's name (played if the player wants sounds)
    panels_cleared = Signal()
    #: A sentence for a screen reader, and whether it is to be said at once (assertive).
    announced = Signal(str, bool)

    def __init__(
        self,
        controller: GameController,
        intents: GameSession,
        view: TableView,
        scores: ScoreSheetModel,
        tricks: TrickListModel,
        *,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.intents = intents
        self.scene: TableScene = view.table
        self.scores = scores
        self.tricks = tricks
        #: Play the human's card by itself when it is the only legal one (a setting).
        self.auto_play = False
        self.mode = Mode.IDLE
        #: The moment the table shows: published with the controller's last signal.
        self.shown: Published | None = None
        self.hand = ViewerHand(self.scene)
        self.drawing = TableDrawing(self.scene, self.hand.sort_key)
        self.plates = SeatPlates(self.scene, self)
        self.selection = PassSelection(self)
        self.focus = KeyboardFocus(self.scene)
        self.narration = Narration(
            self.status_changed.emit, self.sound_wanted.emit, self, announce=self.announced.emit
        )
        self.sheets = TableSheets(scores, tricks)
        self.aids = TableAids(
            self.scene,
            self.narration,
            names=self.names,
            given_names=controller.names,
            sprites=self.hand.sprites,
            choose=self._choose_to_pass,
            prompt=self._say_prompt,
            parent=self,
        )
        self.ending = HandEnd(
            intents,
            scores,
            names=controller.names,
            sort_key=self.hand.sort_key,
            shown=self._table_shown,
            parent=self,
        )
        self.handing_over = HandOverTurn(intents, self.narration, self.names, self)
        self.received = ReceivedCards(
            self.scene,
            self.narration,
            names=self.names,
            is_human=controller.is_human,
            sort_key=self.hand.sort_key,
            sprites=self.hand.sprites,
        )
        self.input = TableInput(
            self.focus,
            self,
            self.aids.next_action,
            no_suit=self.narration.no_suit,
            at_end=lambda last, playing: self.narration.announce(
                self.speech.hand_end(last, playing)
            ),
        )
        self.speech = SpokenTable(
            self.scene,
            mode=lambda: self.mode,
            playable=self.input.playable,
            names=self.names,
            table=self._table_shown,
            parent=self,
        )
        #: The table as a screen reader sees it; it says what ``announced`` tells.
        self.accessible = TableAccessibility(view, self.speech)
        self.announced.connect(self.accessible.announce)
        self.scene.hand_marked.connect(self.accessible.hand_changed)
        self._connect(view)

    def _connect(self, view: TableView) -> None:
        c = self.controller
        c.game_started.connect(self._on_controller_game_started)
        c.names_changed.connect(self._on_controller_names_changed)
        c.hand_dealt.connect(self._on_controller_hand_dealt)
        c.hand_resumed.connect(self._on_controller_hand_resumed)
        c.table_redrawn.connect(self._on_controller_table_redrawn)
        c.viewer_changed.connect(self._on_controller_viewer_changed)
        c.moves_taken_back.connect(self._on_controller_moves_taken_back)
        c.cards_covered.connect(self._on_controller_cards_covered)
        c.hand_over.connect(self._on_controller_hand_over)
        c.human_to_pass.connect(self._on_controller_human_to_pass)
        c.seat_passed.connect(self.plates.show_ready)
        c.cards_passed.connect(self._on_controller_cards_passed)
        c.turn_changed.connect(self.plates.show_turn)
        c.human_to_move.connect(self._on_controller_human_to_move)
        c.card_played.connect(self._on_controller_card_played)
        c.trick_taken.connect(self._on_controller_trick_taken)
        c.hand_scored.connect(self._on_controller_hand_scored)
        c.game_over.connect(self._on_controller_game_over)
        c.move_refused.connect(self._on_controller_move_refused)
        self.scene.card_clicked.connect(self.input.click)
        self.scene.touched.connect(self.aids.next_action)
        self.scene.animations_finished.connect(c.animations_done)
        view.key_pressed.connect(self.input.press)
        self.aids.last_trick_shown.connect(self.last_trick_shown)
        self.aids.last_trick_hidden.connect(self.last_trick_hidden)
        self.aids.aids_changed.connect(self.aids_changed)
        self.ending.hand_summary_ready.connect(self.hand_summary_ready)
        self.ending.game_finished.connect(self.game_finished)
        self.ending.panels_cleared.connect(self.panels_cleared)
        self.handing_over.hand_over_changed.connect(self.hand_over_changed)

    # ------------------------------------------------------- what may be shown

    def _show(self, moment: Published | None) -> None:
        """The table shows ``moment`` from now on (None: the one it shows stays)."""
        if moment is not None:
            self.shown = moment

    @property
    def table(self) -> TableState:
        """The public state of the moment the table shows."""
        shown = self.shown or self.controller.published
        assert shown is not None
        return shown.table

    def _table_shown(self) -> TableState | None:
        """The public state of the moment the table shows, if it shows one yet."""
        return self.shown.table if self.shown is not None else None

    @property
    def view(self) -> PlayerView | None:
        """The viewer's own view at that moment (None while their cards are covered)."""
        return self.shown.view if self.shown is not None else None

    @property
    def selected(self) -> list[int]:
        """The cards chosen to pass, in the order they were chosen."""
        return self.selection.cards

    def names(self) -> list[str]:
        """The players' names as shown (the default human's in the language in use)."""
        return [texts.player_name(name) for name in self.controller.names()]

    @property
    def viewer(self) -> int:
        """The seat the table is drawn for."""
        return self.scene.viewer

    def set_suit_order(self, order: str) -> None:
        """Sort the viewer's hand by ``order`` ("CDSH"…) at once; only the picture changes."""
        if self.hand.set_suit_order(order):
            self.drawing.resort()

    # ------------------------------------------------------------ game and hand

    def _on_controller_game_started(self) -> None:
        names = self.names()
        self.shown = None
        self.ending.new_game()
        self.sheets.new_game(names)
        self._set_mode(Mode.IDLE)
        self.panels_cleared.emit()
        self.handing_over.new_game()
        setup = self.controller.setup
        self.scene.set_seats(setup.rules.seats if setup is not None else len(names))
        self.scene.set_viewer(self.controller.viewer)
        self.plates.new_game(names, [0] * len(names))
        if self.controller.remote is not None and self.controller.hand is None:
            # A table hosted on the network deals once its players are there: until then
            # it is empty (the last game's cards are not this one's).
            self.scene.reset(())
            self.status_changed.emit(self.tr("Waiting for the players to sit down…"))

    def _on_controller_names_changed(self) -> None:
        shown = self.shown
        self.plates.retranslate(self.names(), shown.table if shown is not None else None)

    def _said_waiting(self) -> None:
        """A networked table's first deal: "waiting for the players" is said no more (a
        table screen with nobody of its own has no prompt to replace it)."""
        if self.controller.remote is not None and not self.controller.humans():
            self.status_changed.emit("")

    def _on_controller_hand_dealt(self, index: int, moment: Published) -> None:
        self._show(moment)
        self.aids.forget_early()
        self._said_waiting()
        table = self.table
        self.narration.new_hand()
        self.narration.dealing()
        self.scene.set_viewer(self.controller.viewer)
        self.received.new_hand()
        self.drawing.deal(table, self.view)
        self.sheets.new_hand()
        self.panels_cleared.emit()
        self.plates.new_hand(table)
        if table.pass_direction is PassDirection.HOLD:
            self.narration.no_passing()

    def _on_controller_hand_resumed(self, index: int, moment: Published) -> None:
        """A saved game goes on: the sheet, the tricks and every card as they stood."""
        self._show(moment)
        self._said_waiting()
        table = self.table
        # A hand scored in an earlier run is shown scored again, silently (no moon again).
        self.narration.silence_score(index if scored(table) else None)
        self.sheets.hands_before(table)
        self._redraw()

    def _on_controller_table_redrawn(self, index: int, moment: Published) -> None:
        self._show(moment)
        self._redraw()

    def redraw_after_error(self) -> None:
        """A bug of ours broke off the showing of an event: the score sheet, the table and a
        scored hand's summary drawn again from what was published with it. The redrawn table
        reports its (empty) animation done, which lets a game waiting for it go on."""
        self._show(self.controller.published)
        if self.shown is None:
            return
        table = self.table
        self.sheets.hands_before(table, self.names())
        self._redraw()
        if scored(table):  # its row again, and the summary that lets the game go on
            self.narration.silence_score(table.hand_index)
            self._on_controller_hand_scored(table.hand_index, table.results[-1], self.shown)

    def _on_controller_viewer_changed(self, seat: int) -> None:
        """Another human is to act: nothing of the last one's may stay in sight."""
        self._set_mode(Mode.IDLE)
        self.selection.clear()
        self.scene.set_viewer(seat)
        self.scene.show_still()  # the drawing itself comes with table_redrawn

    def _on_controller_moves_taken_back(self) -> None:
        self._set_mode(Mode.IDLE)
        self.selection.clear()
        self.aids.forget_early()

    def _redraw(self) -> None:
        """Every card where the published state puts it, the plates and the tricks too."""
        table, view = self.table, self.view
        self.narration.new_hand(table.hearts_broken)
        self._set_mode(Mode.IDLE)
        self.scene.set_viewer(self.controller.viewer)
        self.sheets.tricks_so_far(table)
        raised = self.drawing.redraw(table, view)
        self.panels_cleared.emit()
        self.plates.redrawn(table)
        if raised:
            self.narration.waiting_for_passes()
        elif view is not None and table.phase is Phase.PLAYING:
            self.received.redrawn(view)

    # ------------------------------------------------------------- hot-seat

    def _on_controller_cards_covered(self, seat: int) -> None:
        """A human has acted and another is next: their cards turn face down at once."""
        self._show(self.controller.published)
        self._set_mode(Mode.IDLE)
        self.selection.clear()
        self.scene.cover(seat)
        self.narration.forget_received()
        self.narration.say(None)

    def _on_controller_hand_over(self, seat: int, moment: Published | None = None) -> None:
        self._show(moment)
        self._set_mode(Mode.IDLE)
        self.handing_over.hand_over(seat)

    def show_cards(self) -> None:
        """The human handed the computer wants to see their cards."""
        self.handing_over.show_cards()

    # -------------------------------------------------------------- passing

    def _on_controller_human_to_pass(self, seat: int, moment: Published | None = None) -> None:
        self._show(moment)
        self.scene.set_viewer(seat)
        chosen = self.hand.sprites(self.intents.pass_choice(seat))
        self.selection.restore(chosen, self.scene.hands[seat], self.table.rules.pass_size)
        self.scene.set_selection(self.selected)
        self._set_mode(Mode.PASSING)
        self.scene.set_playable(None, interactive=True)
        self._emit_passing()
        self._say_prompt()  # a resumed game may bring three cards chosen back
        self.aids.turn_shown(Mode.PASSING)

    def _emit_passing(self) -> None:
        prompt = self.selection.prompt(self.table, self.viewer, self.names())
        self.passing_changed.emit(self.mode is Mode.PASSING, prompt, self.selection.full())
        self.intents.note_selection(self.viewer, [card_of(c) for c in self.selected])

    def _choose_to_pass(self, chosen: list[int]) -> None:
        """These cards (the hint's) are the pass chosen, in place of any chosen before."""
        self.selection.restore(chosen, chosen, self.selection.size)
        self.scene.set_selection(self.selected)
        self._emit_passing()

    def toggle_selected(self, card: int) -> None:
        """Choose or put back a card to pass (a fourth is refused, saying how to change)."""
        self.aids.next_action()
        if not self.selection.toggle(card):
            self.narration.say(self.selection.full_words)
            self.aids.refused(self.selection.full_words())
            return
        self.scene.set_selection(self.selected)
        self._emit_passing()
        self._say_prompt()

    def confirm_pass(self) -> None:
        """Pass the chosen cards."""
        if self.mode is not Mode.PASSING:
            return
        if self.intents.submit_pass(self.viewer, [card_of(c) for c in self.selected]):
            self._set_mode(Mode.IDLE)
            self.narration.waiting_for_passes()

    def _on_controller_cards_passed(self, index: int, moment: Published) -> None:
        self._show(moment)
        received = self.drawing.exchange(self.table, self.view)
        self.plates.nobody_ready()
        self.received.exchanged(self.table, self.view, received)

    # ---------------------------------------------------------------- playing

    def _on_controller_human_to_move(
        self, seat: int, legal: CardSet, moment: Published | None = None
    ) -> None:
        self._show(moment)
        self.input.may_play(legal)
        self._set_mode(Mode.PLAYING)
        self.scene.set_playable(legal, interactive=True)
        self.narration.your_turn()
        self.aids.turn_shown(Mode.PLAYING)
        if self.auto_play and len(legal) == 1:
            self.play_card(legal.lowest())

    def redo(self) -> bool:
        """Make the last move taken back again: the hand takes no input until it is done.
        Asked for while the computers play, it is made at the player's turn."""
        if self.mode is Mode.IDLE:
            return self.intents.redo()
        if not self.intents.redo():
            return False
        if self.mode is Mode.PASSING:
            self.selection.clear()
            self.narration.waiting_for_passes()
        self._set_mode(Mode.IDLE)
        return True

    def play_card(self, card: int) -> None:
        """Try to play ``card``; a refusal comes back through the controller.

        Once the card is accepted the hand takes no more input: a card dropped on the table
        stays there until it flies to the trick.
        """
        if self.mode is Mode.PLAYING and self.intents.submit_play(self.viewer, card_of(card)):
            self._set_mode(Mode.IDLE)

    def _on_controller_card_played(self, seat: int, card: int, moment: Published) -> None:
        self._show(moment)
        table = self.table
        # The ring goes to whoever plays next (the trick's winner, once it is complete).
        self.plates.show_turn(-1 if table.to_move is None else table.to_move)
        if seat == self.viewer:
            self.scene.raised.clear()
            self._set_mode(Mode.IDLE)
            self.scene.set_playable(None, interactive=False)
            self.narration.say(None)
        self.scene.play(seat, card)
        self.plates.show_info(table)
        self.narration.card_played(table, card_of(card), self._speaker(seat))
        if not table.tricks[-1].complete:  # else told once the trick is taken
            self._computer_turn(table)

    def _on_controller_trick_taken(
        self, winner: int, cards: Sequence[int], moment: Published
    ) -> None:
        self._show(moment)
        table = self.table
        trick = table.tricks[-1]
        self.sheets.trick_taken(table, winner)
        self.aids.offer(self.mode, table)
        points = sum(table.rules.card_points[c] for c in trick.cards)
        self.narration.trick_taken(trick.cards, self._speaker(winner), points)
        twin = twin_win(trick.cards, trick.winning_position)
        if twin is not None:  # two equal cards: the later one takes it, and is ringed
            self.narration.twin_won(twin)
        self.scene.take_trick(winner, twin is not None)
        self.plates.show_points_taken(winner, table.rules)
        self._computer_turn(table)

    def _computer_turn(self, table: TableState) -> None:
        """A computer is to play: told to a screen reader (in the detailed verbosity)."""
        seat = table.to_move
        if seat is not None and seat != self.viewer and not self.controller.is_human(seat):
            self.narration.computer_turn(self.names()[seat])

    def _on_controller_move_refused(self, refusal: Refusal) -> None:
        """Why, on the status line and above the hand, until the player's next action."""
        self.aids.refused(self.narration.refusal(refusal))

    # ------------------------------------------------- the aids and the hand's end

    def show_hint(self, cards: Sequence[int], reason: Reason) -> None:
        """The suggested cards raised and outlined (the pass's three chosen, the card to
        play under the ring), the reason in words on the status line."""
        self.aids.show_hint(self.mode, cards, reason)

    def show_last_trick(self) -> bool:
        """The trick before this one, shown again with who led and who took it (False when
        none has been taken yet in this hand)."""
        return self.aids.show_last_trick(self._table_shown())

    def hide_last_trick(self) -> None:
        """Put the last trick away again."""
        self.aids.hide_last_trick()

    def _on_controller_hand_scored(self, index: int, result: HandResult, moment: Published) -> None:
        self._show(moment)
        table = self.table
        if index != self.narration.silent_score:
            self.narration.hand_points(self.names(), result)
        self.narration.hand_scored(index, result)
        self.sheets.hand_scored(table, result)
        self.plates.show_totals(table.totals)
        self.plates.show_hand_points(result)
        self.plates.show_turn(-1)
        self.ending.hand_scored(table, index, result)
        self.scene.show_still()

    def _on_controller_game_over(self, ranking: list[int], moment: Published) -> None:
        self._show(moment)
        self.scene.show_still()
        self.ending.game_over(self.table, ranking)

    @property
    def auto_continue_ms(self) -> int | None:
        """Continue after a hand's summary by itself after this many ms (demo); None waits."""
        return self.ending.auto_continue_ms

    @auto_continue_ms.setter
    def auto_continue_ms(self, ms: int | None) -> None:
        self.ending.auto_continue_ms = ms

    def stop_auto_continue(self) -> None:
        """Wait for the player after each hand's summary from now on (even the one shown)."""
        self.ending.stop_auto_continue()

    def continue_after_hand(self) -> None:
        """The player has read the hand's summary: next hand, or the final ranking."""
        self.ending.continue_after_hand()

    def retranslate(self) -> None:
        """The language changed: every text of the table again, in the new one."""
        shown = self.shown
        self.plates.retranslate(self.names(), shown.table if shown is not None else None)
        if shown is None:
            return
        if self.mode is Mode.PASSING:
            self._emit_passing()
        self.narration.say_again()
        if self.controller.covered and self.handing_over.seat is not None:
            self._on_controller_hand_over(self.handing_over.seat)

    def _speaker(self, seat: int) -> tuple[str, bool]:
        """A seat's name as shown, and whether it is the player called "You"."""
        given = self.controller.names()
        you = seat < len(given) and given[seat] == texts.DEFAULT_HUMAN
        return self.names()[seat], you

    def _say_prompt(self) -> None:
        self.narration.prompt(self.mode, self.selection.full())

    def _set_mode(self, mode: Mode) -> None:
        self.mode = mode
        self.aids.offer(mode, self._table_shown())
        if mode is not Mode.PASSING:
            self.passing_changed.emit(False, "", False)
        if mode is Mode.IDLE:
            self.scene.set_playable(None, interactive=False)
            self.scene.set_focus(None)
            self.aids.drop_refusal()
