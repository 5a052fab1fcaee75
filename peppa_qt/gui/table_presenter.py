"""Between the game and the table: draws what happened, turns clicks into intents.

It draws from the moment each signal of the controller carries (``Published``: the public
table and the viewer's own view), never from the live game: the hidden hands are not within
its reach. Its parts each own one concern: the cards on the table (``TableDrawing``), the
plates (``SeatPlates``), the pass being chosen (``PassSelection``), the keyboard's ring
(``KeyboardFocus``), and what the table says and sounds (``Narration``); clicks and keys
become intents in ``PresenterInput``. This class holds the input mode and wires them to the
controller, the scene and the panels.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from ..controller import GameController, Published, Refusal
from ..engine import CardSet, PassDirection, Phase, PlayerView, TableState
from ..engine.cards import SUIT_LETTERS
from ..engine.cardset import listed, minus
from ..models import ScoreSheetModel, TrickListModel
from . import texts
from .card_pixmaps import card_of, is_hidden
from .keyboard_focus import KeyboardFocus
from .modes import Mode
from .narration import Narration
from .pass_selection import PassSelection
from .presenter_aids import PresenterAids, trick_points, twin_win
from .presenter_input import PresenterInput
from .seat_plates import SeatPlates
from .summaries import GameSummary, sheet_rows
from .table_drawing import TableDrawing
from .table_scene import TableScene
from .table_view import TableView

if TYPE_CHECKING:
    from ..controller import GameSession

#: Suits left to right in the viewer's hand until the settings say otherwise: clubs, diamonds,
#: spades, hearts (colours alternate). The letters are the card notation's (C D H S).
DEFAULT_SUIT_ORDER = "CDSH"
#: The modes by the names the tests and the window use.
IDLE, PASSING, PLAYING = Mode.IDLE, Mode.PASSING, Mode.PLAYING


def display_key(card: int, order: str = DEFAULT_SUIT_ORDER) -> tuple[int, int]:
    """Sort key of the viewer's hand: by the suit's place in ``order``, then by rank."""
    return order.index(SUIT_LETTERS[card % 52 // 13]), card % 13


class TablePresenter(QObject, PresenterAids, PresenterInput):
    """Keeps the table in step with the game; the human's choices go back as intents."""

    status_changed = Signal(str)
    #: (shown, prompt, confirm enabled) for the passing panel
    passing_changed = Signal(bool, str, bool)
    #: The computer is to be handed to the player of this name (hot-seat); hidden with False.
    hand_over_changed = Signal(bool, str)
    hand_summary_ready = Signal(object)  # HandSummary
    game_finished = Signal(object)  # GameSummary
    #: title, (side, card) in play order, the winner's side, who led and took it
    last_trick_shown = Signal(str, object, int, str)
    last_trick_hidden = Signal()
    aids_changed = Signal(bool, bool)  # a hint may be asked for; a last trick may be shown
    sound_wanted = Signal(str)  # a sound effect's name (played if the player wants sounds)
    panels_cleared = Signal()

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
        #: Continue after a hand's summary by itself after this many ms (demo); None waits.
        self.auto_continue_ms: int | None = None
        #: Play the human's card by itself when it is the only legal one (a setting).
        self.auto_play = False
        #: Suits left to right in the viewer's hand (a setting; see ``set_suit_order``).
        self.suit_order = DEFAULT_SUIT_ORDER
        self.mode = Mode.IDLE
        #: The moment the table shows: published with the controller's last signal.
        self.shown: Published | None = None
        self.drawing = TableDrawing(self.scene, self.sort_key)
        self.plates = SeatPlates(self.scene, self)
        self.selection = PassSelection(self)
        self.focus = KeyboardFocus(self.scene)
        self.narration = Narration(self.status_changed.emit, self.sound_wanted.emit, self)
        #: A refusal is being shown: the player's next action takes its words away.
        self._refused = False
        #: The seat the computer is being handed to (the hand-over screen is up), if any.
        self._handing_over: int | None = None
        #: The seats whose received cards have been ringed for them this hand.
        self._received_shown: set[int] = set()
        self._legal = 0
        self._hinting = False  # a hint is shown (its cards outlined) until the next action
        self._showing_last = False  # the last trick is shown again until the next action
        self._final: GameSummary | None = None
        self._final_wanted = False
        self._continue = QTimer(self)
        self._continue.setSingleShot(True)
        self._continue.timeout.connect(self.continue_after_hand)
        self._connect(view)

    def _connect(self, view: TableView) -> None:
        c = self.controller
        c.game_started.connect(self._on_controller_game_started)
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
        self.scene.card_clicked.connect(self._on_scene_card_clicked)
        self.scene.touched.connect(self._next_action)
        self.scene.animations_finished.connect(c.animations_done)
        view.key_pressed.connect(self._on_view_key_pressed)

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

    def _sprites(self, cards: Sequence[int]) -> list[int]:
        """The sprites of the viewer's hand showing ``cards`` (each once; a card not there
        is left out): the engine speaks of cards, the hand holds sprites (two decks: two
        sprites of one card)."""
        left = list(self.scene.hands[self.viewer])
        out = []
        for card in cards:
            sprite = next((s for s in left if card_of(s) == card and not is_hidden(s)), None)
            if sprite is not None:
                left.remove(sprite)
                out.append(sprite)
        return out

    def sort_key(self, card: int) -> tuple[int, int]:
        """Where ``card`` goes in the viewer's hand: by suit in the chosen order, then rank."""
        return display_key(card, self.suit_order)

    def set_suit_order(self, order: str) -> None:
        """Sort the viewer's hand by ``order`` ("CDSH"…) at once; only the picture changes."""
        if order != self.suit_order:
            self.suit_order = order
            self.drawing.resort()

    # ------------------------------------------------------------ game and hand

    def _on_controller_game_started(self) -> None:
        names = self.names()
        self.shown = None
        self._final = None
        self._final_wanted = False
        self._continue.stop()
        self.scores.reset(names)
        self.tricks.reset(names)
        self._set_mode(Mode.IDLE)
        self.panels_cleared.emit()
        if self._handing_over is not None:  # the last game's: a new one hands over anew
            self._handing_over = None
            self.hand_over_changed.emit(False, "")
        setup = self.controller.setup
        self.scene.set_seats(setup.rules.seats if setup is not None else len(names))
        self.scene.set_viewer(self.controller.viewer)
        self.plates.new_game(names, [0] * len(names))

    def _on_controller_hand_dealt(self, index: int, moment: Published) -> None:
        self._show(moment)
        table = self.table
        self.narration.new_hand()
        self.narration.dealing()
        self.scene.set_viewer(self.controller.viewer)
        self._received_shown.clear()
        self.narration.forget_received()
        self.drawing.deal(table, self.view)
        self.tricks.reset()
        self.panels_cleared.emit()
        self.plates.new_hand(table)
        if table.pass_direction is PassDirection.HOLD:
            self.narration.no_passing()

    def _on_controller_hand_resumed(self, index: int, moment: Published) -> None:
        """A saved game goes on: the sheet, the tricks and every card as they stood."""
        self._show(moment)
        table = self.table
        scored = table.phase is Phase.SCORED
        # A hand scored in an earlier run is shown scored again, silently (no moon again).
        self.narration.silence_score(index if scored else None)
        earlier = table.results[:-1] if scored else table.results
        for points, totals, moon in sheet_rows(earlier, table.rules):
            self.scores.add_hand(points, totals, moon)
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
        scored = table.phase is Phase.SCORED and bool(table.results)
        earlier = table.results[:-1] if scored else table.results
        self.scores.reset(self.names())
        for points, totals, moon in sheet_rows(earlier, table.rules):
            self.scores.add_hand(points, totals, moon)
        self._redraw()
        if scored:  # its row again, and the summary that lets the game go on
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

    def _redraw(self) -> None:
        """Every card where the published state puts it, the plates and the tricks too."""
        table, view = self.table, self.view
        self.narration.new_hand(table.hearts_broken)
        self._set_mode(Mode.IDLE)
        self.scene.set_viewer(self.controller.viewer)
        self.tricks.reset()
        for index, trick in enumerate(table.tricks):
            if trick.complete:
                assert trick.winner is not None
                points = trick_points(table.rules, index, trick.cards)
                self.tricks.add_trick(list(trick.plays), trick.winner, points)
        raised = self.drawing.redraw(table, view)
        self.panels_cleared.emit()
        self.plates.redrawn(table)
        if raised:
            self.narration.waiting_for_passes()
        elif view is not None and table.phase is Phase.PLAYING:
            self._ring_received(view)

    def _ring_received(self, view: PlayerView) -> None:
        """The first time a human's cards are shown after the exchange: the ones they got."""
        if view.seat in self._received_shown or view.received is None:
            return
        self._received_shown.add(view.seat)
        if view.hand.bit_count() < view.rules.hand_size:
            return  # they have played since (a game resumed): the rings went with their card
        received = self._sprites(listed(minus(view.received, minus(view.received, view.hand))))
        self.scene.set_received(received)
        if received and self.controller.is_human(view.seat):
            self.narration.received(received, self.names()[view.pass_source], self.sort_key)

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
        self._handing_over = seat
        self._set_mode(Mode.IDLE)
        self.hand_over_changed.emit(True, self.names()[seat])
        self.narration.whose_turn(lambda: self.names()[seat])

    def show_cards(self) -> None:
        """The human handed the computer wants to see their cards."""
        self._handing_over = None
        self.hand_over_changed.emit(False, "")
        self.intents.show_cards()

    # -------------------------------------------------------------- passing

    def _on_controller_human_to_pass(self, seat: int, moment: Published | None = None) -> None:
        self._show(moment)
        self.scene.set_viewer(seat)
        chosen = self._sprites(self.intents.pass_choice(seat))
        self.selection.restore(chosen, self.scene.hands[seat], self.table.rules.pass_size)
        self.scene.set_selection(self.selected)
        self._set_mode(Mode.PASSING)
        self.scene.set_playable(None, interactive=True)
        self._emit_passing()
        self._say_prompt()  # a resumed game may bring three cards chosen back

    def _emit_passing(self) -> None:
        prompt = self.selection.prompt(self.table, self.viewer, self.names())
        self.passing_changed.emit(self.mode is Mode.PASSING, prompt, self.selection.full())
        self.intents.note_selection(self.viewer, [card_of(c) for c in self.selected])

    def toggle_selected(self, card: int) -> None:
        """Choose or put back a card to pass (a fourth is refused, saying how to change)."""
        self._next_action()
        if not self.selection.toggle(card):
            words = self.selection.full_words()
            self.narration.say(self.selection.full_words)
            self.scene.show_note(words)
            self._refused = True
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
        view = self.view
        received = self.drawing.exchange(self.table, view)
        self.plates.nobody_ready()
        if view is not None:
            self._received_shown.add(self.viewer)
        if view is not None and self.controller.is_human(self.viewer):  # the demo has no "you"
            self.narration.received(received, self.names()[self._giver()], self.sort_key)
        else:
            self.narration.cards_passed()

    def _giver(self) -> int:
        table = self.table
        return table.rules.giver(self.viewer, table.pass_direction)

    # ---------------------------------------------------------------- playing

    def _on_controller_human_to_move(
        self, seat: int, legal: CardSet, moment: Published | None = None
    ) -> None:
        self._show(moment)
        self._legal = legal.mask
        self._set_mode(Mode.PLAYING)
        self.scene.set_playable(legal, interactive=True)
        self.narration.your_turn()
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
        self.narration.card_played(table)

    def _on_controller_trick_taken(
        self, winner: int, cards: Sequence[int], moment: Published
    ) -> None:
        self._show(moment)
        table = self.table
        trick = table.tricks[-1]
        points = trick_points(table.rules, len(table.tricks) - 1, trick.cards)
        self.tricks.add_trick(list(trick.plays), winner, points)
        self._emit_aids()
        self.narration.trick_taken(trick.cards)
        twin = twin_win(trick.cards, trick.winning_position)
        if twin is not None:  # two equal cards: the later one takes it, and is ringed
            self.narration.twin_won(twin)
        self.scene.take_trick(winner, twin is not None)
        self.plates.show_points_taken(winner, table.rules)

    def _on_controller_move_refused(self, refusal: Refusal) -> None:
        """Why, on the status line and above the hand, until the player's next action."""
        self.scene.show_note(self.narration.refusal(refusal))
        self._refused = True

    def retranslate(self) -> None:
        """The language changed: every text of the table again, in the new one."""
        shown = self.shown
        self.plates.retranslate(self.names(), shown.table if shown is not None else None)
        if shown is None:
            return
        if self.mode is Mode.PASSING:
            self._emit_passing()
        self.narration.say_again()
        if self.controller.covered and self._handing_over is not None:
            self._on_controller_hand_over(self._handing_over)

    def _say_prompt(self) -> None:
        self.narration.prompt(self.mode, self.selection.full())

    def _set_mode(self, mode: Mode) -> None:
        self.mode = mode
        self._emit_aids()
        if mode is not Mode.PASSING:
            self.passing_changed.emit(False, "", False)
        if mode is Mode.IDLE:
            self.scene.set_playable(None, interactive=False)
            self.scene.set_focus(None)
            self.scene.hide_note()
            self._refused = False
