"""Between the game and the table: draws what happened, turns clicks into intents.

It draws from what the controller *publishes* with each signal (``controller.table``, the
public state, and ``controller.view``, the viewer's own view), never from the live game:
the hidden hands are not within its reach. Its hidden sprites get their cards only as the
cards are played.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QColor

from ..controller import GameController, Refusal
from ..engine import (
    CardSet,
    EndMode,
    HandResult,
    PassDirection,
    Phase,
    PlayerView,
    RuleSet,
    TableState,
)
from ..engine.cards import SUIT_LETTERS, Card, cards_of, mask_of
from ..models import ScoreSheetModel, TrickListModel
from ..models.card_text import cards_label
from . import texts
from .card_pixmaps import HIDDEN, is_hidden
from .plates import MUTED, TEXT
from .summaries import GameSummary, HandSummary, sheet_rows
from .table_scene import TableScene
from .table_view import TableView

if TYPE_CHECKING:
    from ..ai.hints import Hint
    from ..controller import GameSession

#: Suits left to right in the viewer's hand until the settings say otherwise: clubs, diamonds,
#: spades, hearts (colours alternate). The letters are the card notation's (C D H S).
DEFAULT_SUIT_ORDER = "CDSH"
IDLE, PASSING, PLAYING = "idle", "passing", "playing"
#: One number per seat.
PerSeat = tuple[int, ...]


def display_key(card: int, order: str = DEFAULT_SUIT_ORDER) -> tuple[int, int]:
    """Sort key of the viewer's hand: by the suit's place in ``order``, then by rank."""
    return order.index(SUIT_LETTERS[card // 13]), card % 13


class TablePresenter(QObject):
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
        self.mode = IDLE
        self.selected: list[int] = []
        #: A refusal is being shown: the player's next action takes its words away.
        self._refused = False
        #: What the status line says, as a sentence to word again in a new language.
        self._status: Callable[[], str] | None = None
        #: The seat the computer is being handed to (the hand-over screen is up), if any.
        self._handing_over: int | None = None
        #: The seats whose received cards have been ringed for them this hand.
        self._received_shown: set[int] = set()
        #: "You received … from …", said once more with the viewer's first "Your turn" after it.
        self._received_words: Callable[[], str] | None = None
        self._legal = 0
        self._hinting = False  # a hint is shown (its cards outlined) until the next action
        self._showing_last = False  # the last trick is shown again until the next action
        self._hearts_heard = False  # the sound of hearts broken was played in this hand
        self._silent_score: int | None = None  # a resumed hand, scored before: no sound
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
        c.seat_passed.connect(self._on_controller_seat_passed)
        c.cards_passed.connect(self._on_controller_cards_passed)
        c.turn_changed.connect(self._on_controller_turn_changed)
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

    @property
    def table(self) -> TableState:
        """The public state the controller published with its last signal."""
        table = self.controller.table
        assert table is not None
        return table

    @property
    def view(self) -> PlayerView | None:
        """The viewer's own view, as published with the last signal (None while covered)."""
        return self.controller.view

    def _chosen_all(self) -> bool:
        """Whether the viewer has chosen every card of the pass."""
        return len(self.selected) == self.table.rules.pass_size

    def names(self) -> list[str]:
        """The players' names as shown (the default human's in the language in use)."""
        return [texts.player_name(name) for name in self.controller.names()]

    @property
    def viewer(self) -> int:
        """The seat the table is drawn for."""
        return self.scene.viewer

    def sort_key(self, card: int) -> tuple[int, int]:
        """Where ``card`` goes in the viewer's hand: by suit in the chosen order, then rank."""
        return display_key(card, self.suit_order)

    def set_suit_order(self, order: str) -> None:
        """Sort the viewer's hand by ``order`` ("CDSH"…) at once; only the picture changes."""
        if order == self.suit_order:
            return
        self.suit_order = order
        scene = self.scene
        hands = [list(cards) for cards in scene.hands]
        if any(is_hidden(card) for card in hands[self.viewer]):
            return  # covered (a hand-over): the cards are sorted when they are shown again
        hands[self.viewer].sort(key=self.sort_key)
        scene.rearrange(hands)

    # ------------------------------------------------------------ game and hand

    def _on_controller_game_started(self) -> None:
        names = self.names()
        self._final = None
        self._final_wanted = False
        self._continue.stop()
        self.scores.reset(names)
        self.tricks.reset(names)
        self._set_mode(IDLE)
        self.panels_cleared.emit()
        if self._handing_over is not None:  # the last game's: a new one hands over anew
            self._handing_over = None
            self.hand_over_changed.emit(False, "")
        self.scene.set_viewer(self.controller.viewer)
        for seat, badge in enumerate(self.scene.badges):
            badge.set_state(name=names[seat], active=False, ready=False)
        self._update_scores()

    def _on_controller_hand_dealt(self, index: int) -> None:
        table = self.table
        self._hearts_heard = False
        self.scene.set_viewer(self.controller.viewer)
        self._received_shown.clear()
        self._received_words = None
        self._show_rules(table)
        self.scene.deal(self._hands_in_view(table, self.view), table.dealer)
        self.tricks.reset()
        self.panels_cleared.emit()
        for seat, badge in enumerate(self.scene.badges):
            badge.set_state(
                dealer=seat == table.dealer,
                dealer_letter=self.tr("D", "the dealer's chip"),
                dealer_tip=self.tr("Dealer"),
                ready=False,
                hand_text="",
            )
        self._update_info()
        if table.pass_direction is PassDirection.HOLD:
            self._say(lambda: self.tr("No passing in this hand."))

    def _show_rules(self, table: TableState) -> None:
        points = table.rules.card_points
        self.scene.point_cards = frozenset(c for c in range(52) if points[c])

    def _hands_in_view(self, table: TableState, view: PlayerView | None) -> list[list[int]]:
        """The viewer's cards sorted; every other hand hidden sprites, in a count the table
        shows, with the cards the viewer passed there (known, face down) among them. Without
        a view (the viewer's cards covered) every hand is hidden sprites."""
        hidden = iter(range(HIDDEN, HIDDEN + 52))
        known = [0, 0, 0, 0]
        if view is not None and view.passed is not None and view.received is not None:
            known[view.pass_target] = view.passed & ~mask_of(view.plays)
        hands: list[list[int]] = []
        for seat in range(4):
            if view is not None and seat == view.seat:
                hands.append(sorted(cards_of(view.hand), key=self.sort_key))
                continue
            cards = [next(hidden) for _ in range(table.counts[seat] - known[seat].bit_count())]
            hands.append(self._merge(seat, cards, list(cards_of(known[seat]))))
        return hands

    def _on_controller_hand_resumed(self, index: int) -> None:
        """A saved game goes on: the sheet, the tricks and every card as they stood."""
        table = self.table
        earlier = table.results[:-1] if table.phase is Phase.SCORED else table.results
        # A hand scored in an earlier run is shown scored again, silently (no moon again).
        self._silent_score = index if table.phase is Phase.SCORED else None
        for points, totals, moon in sheet_rows(earlier, table.rules):
            self.scores.add_hand(points, totals, moon)
        self._redraw()

    def _on_controller_table_redrawn(self, index: int) -> None:
        self._redraw()

    def redraw_after_error(self) -> None:
        """A bug of ours broke off the showing of an event: the score sheet, the table and a
        scored hand's summary drawn again from what was published with it. The redrawn table
        reports its (empty) animation done, which lets a game waiting for it go on."""
        if self.controller.table is None:
            return
        table = self.table
        scored = table.phase is Phase.SCORED and bool(table.results)
        earlier = table.results[:-1] if scored else table.results
        self.scores.reset(self.names())
        for points, totals, moon in sheet_rows(earlier, table.rules):
            self.scores.add_hand(points, totals, moon)
        self._redraw()
        if scored:  # its row again, and the summary that lets the game go on
            self._silent_score = table.hand_index
            self._on_controller_hand_scored(table.hand_index, table.results[-1])

    def _on_controller_viewer_changed(self, seat: int) -> None:
        """Another human is to act: nothing of the last one's may stay in sight."""
        self._set_mode(IDLE)
        self.selected = []
        self.scene.set_viewer(seat)
        self.scene.show_still()  # the drawing itself comes with table_redrawn

    def _on_controller_moves_taken_back(self) -> None:
        self._set_mode(IDLE)
        self.selected = []

    def _redraw(self) -> None:
        """Every card where the published state puts it, the plates and the tricks too."""
        table, view = self.table, self.view
        self._hearts_heard = table.hearts_broken
        self._set_mode(IDLE)
        self.scene.set_viewer(self.controller.viewer)
        self._show_rules(table)
        tricks = table.tricks
        self.tricks.reset()
        for index, trick in enumerate(tricks):
            if trick.complete:
                assert trick.winner is not None
                points = _trick_points(table.rules, index, trick.cards)
                self.tricks.add_trick(list(trick.plays), trick.winner, points)
        in_play = list(tricks[-1].plays) if tricks and not tricks[-1].complete else []
        passing = table.phase is Phase.PASSING
        raised = cards_of(view.passed or 0) if passing and view is not None else []
        taken: list[list[int]] = [list(cards) for cards in table.taken]
        hands = self._hands_in_view(table, view)
        self.scene.restore(hands, table.dealer, in_play, taken, raised)
        self.panels_cleared.emit()
        for seat, badge in enumerate(self.scene.badges):
            badge.set_state(
                dealer=seat == table.dealer,
                dealer_letter=self.tr("D", "the dealer's chip"),  # a resumed game: no deal
                dealer_tip=self.tr("Dealer"),
                ready=table.passed[seat],
            )
            self._show_points_taken(seat)
        self._update_scores()
        self._update_info()
        if raised:
            self._say(lambda: self.tr("Waiting for the other players to pass…"))
        elif view is not None and table.phase is Phase.PLAYING:
            self._ring_received(view)

    def _ring_received(self, view: PlayerView) -> None:
        """The first time a human's cards are shown after the exchange: the ones they got."""
        if view.seat in self._received_shown or view.received is None:
            return
        self._received_shown.add(view.seat)
        if view.hand.bit_count() < view.rules.hand_size:
            return  # they have played since (a game resumed): the rings went with their card
        received = [c for c in cards_of(view.received) if view.hand >> c & 1]
        self.scene.set_received(received)
        if received and self.controller.is_human(view.seat):
            self._say_received(received, view.pass_source)

    def _say_received(self, received: Sequence[int], source: int) -> None:
        """Tell the viewer what they got (said again with their turn, should it come now)."""
        giver = self.names()[source]

        def words() -> str:
            return self.tr("You received {cards} from {name}.").format(
                cards=cards_label(sorted(received, key=self.sort_key)), name=giver
            )

        self._received_words = words
        self._say(words)

    # ------------------------------------------------------------- hot-seat

    def _on_controller_cards_covered(self, seat: int) -> None:
        """A human has acted and another is next: their cards turn face down at once."""
        self._set_mode(IDLE)
        self.selected = []
        self.scene.cover(seat)
        self._received_words = None
        self._say(None)

    def _on_controller_hand_over(self, seat: int) -> None:
        self._handing_over = seat
        self._set_mode(IDLE)
        self.hand_over_changed.emit(True, self.names()[seat])
        self._say(lambda: self.tr("{name}'s turn.").format(name=self.names()[seat]))

    def show_cards(self) -> None:
        """The human handed the computer wants to see their cards."""
        self._handing_over = None
        self.hand_over_changed.emit(False, "")
        self.intents.show_cards()

    def _update_info(self) -> None:
        table = self.table
        rules = table.rules
        if rules.end_mode is EndMode.HANDS:
            title = self.tr("{rules} · hand {n} of {count}")
        else:
            title = self.tr("{rules} · hand {n} · to {count}")
        line1 = title.format(
            rules=texts.preset_name(rules.name), n=table.hand_index + 1, count=rules.end_value
        )
        pass_text = self.tr("Pass: {direction} {arrow}").format(
            direction=texts.direction_name(table.pass_direction),
            arrow=texts.direction_arrow(table.pass_direction),
        )
        lines = [(line1, TEXT), (pass_text, MUTED)]
        if rules.hearts_must_break:
            if table.hearts_broken:
                lines.append((self.tr("♥ Hearts broken"), QColor("#ff8a8a")))
            else:
                lines.append((self.tr("♡ Hearts not broken"), MUTED))
        if table.fingerprint is not None:  # it commits to the deal; the number comes after
            lines.append((self.tr("Deal fingerprint {code}").format(code=table.fingerprint), MUTED))
        self.scene.info.set_lines(lines)

    def _update_scores(self) -> None:
        table = self.controller.table
        totals = table.totals if table is not None else (0, 0, 0, 0)
        for seat, badge in enumerate(self.scene.badges):
            badge.set_state(score_text=self.tr("Total {points}").format(points=totals[seat]))

    # -------------------------------------------------------------- passing

    def _on_controller_human_to_pass(self, seat: int) -> None:
        self.scene.set_viewer(seat)
        chosen = self.intents.pass_choice(seat)
        self.selected = [c for c in chosen if c in self.scene.hands[seat]][:3]
        self.scene.set_selection(self.selected)
        self._set_mode(PASSING)
        self.scene.set_playable(None, interactive=True)
        self._emit_passing()
        self._say_prompt()  # a resumed game may bring three cards chosen back

    def _emit_passing(self) -> None:
        direction = self.table.pass_direction
        target = self.table.rules.receiver(self.viewer, direction)
        prompt = self.tr("Pass three cards to {name} {arrow}").format(
            name=self.names()[target], arrow=texts.direction_arrow(direction)
        )
        self.passing_changed.emit(self.mode == PASSING, prompt, self._chosen_all())
        self.intents.note_selection(self.viewer, self.selected)

    def toggle_selected(self, card: int) -> None:
        """Choose or put back a card to pass (a fourth is refused, saying how to change)."""
        self._next_action()
        if card in self.selected:
            self.selected.remove(card)
        elif not self._chosen_all():
            self.selected.append(card)
        else:
            self._say(lambda: self.tr("Three cards chosen: click one to put it back."))
            self.scene.show_note(self.tr("Three cards chosen: click one to put it back."))
            self._refused = True
            return
        self.scene.set_selection(self.selected)
        self._emit_passing()
        self._say_prompt()

    def confirm_pass(self) -> None:
        """Pass the three chosen cards."""
        if self.mode != PASSING:
            return
        if self.intents.submit_pass(self.viewer, list(self.selected)):
            self._set_mode(IDLE)
            self._say(lambda: self.tr("Waiting for the other players to pass…"))

    def _on_controller_seat_passed(self, seat: int) -> None:
        self.scene.badges[seat].set_state(ready=True)

    def _on_controller_cards_passed(self, index: int) -> None:
        """The exchange: three cards from every hand to the next one the pass goes to.

        The viewer gives the cards they chose and gets the ones they were passed; every other
        hand gives three of its hidden sprites, picked without regard to cards. With the
        viewer's cards covered, every hand gives hidden sprites.
        """
        view, scene, viewer = self.view, self.scene, self.viewer
        rules, direction = self.table.rules, self.table.pass_direction
        source = rules.giver(viewer, direction)
        given = [scene.pick_hidden(seat, 3) for seat in range(4)]
        received: list[int] = []
        if view is not None:
            received = list(cards_of(view.received or 0))
            given[viewer] = list(cards_of(view.passed or 0))
            for hidden, card in zip(given[source], received, strict=True):
                scene.reveal(hidden, card)
            given[source] = list(received)
        hands = []
        for seat in range(4):
            kept = [c for c in scene.hands[seat] if c not in given[seat]]
            hands.append(self._merge(seat, kept, given[rules.giver(seat, direction)]))
        for badge in scene.badges:
            badge.set_state(ready=False)
        scene.exchange(hands, received)
        if view is not None:
            self._received_shown.add(viewer)
        if view is not None and self.controller.is_human(viewer):  # the demo has no "you"
            self._say_received(received, source)
        else:
            self._say(lambda: self.tr("Cards passed."))

    def _merge(self, seat: int, kept: list[int], got: list[int]) -> list[int]:
        """``got`` added to a hand: sorted into the viewer's, anywhere in a hidden one."""
        if seat == self.viewer and not any(is_hidden(c) for c in kept + got):
            return sorted(kept + got, key=self.sort_key)
        for card in got:
            kept.insert(self.scene.slots.randrange(len(kept) + 1), card)
        return kept

    # ---------------------------------------------------------------- playing

    def _on_controller_turn_changed(self, seat: int) -> None:
        for other, badge in enumerate(self.scene.badges):
            badge.set_state(active=other == seat)

    def _on_controller_human_to_move(self, seat: int, legal: CardSet) -> None:
        self._legal = legal.mask
        self._set_mode(PLAYING)
        self.scene.set_playable(legal, interactive=True)
        received, self._received_words = self._received_words, None
        if received is None:
            self._say(lambda: self.tr("Your turn: play a card."))
        else:  # the hand-over or the lead came at once: the cards received are told still
            self._say(lambda: f"{received()} {self.tr('Your turn: play a card.')}")
        if self.auto_play and len(legal) == 1:
            self.play_card(legal.lowest())

    def redo(self) -> bool:
        """Make the last move taken back again: the hand takes no input until it is done.
        Asked for while the computers play, it is made at the player's turn."""
        if self.mode == IDLE:
            return self.intents.redo()
        if self.mode not in (PASSING, PLAYING) or not self.intents.redo():
            return False
        if self.mode == PASSING:
            self.selected = []
            self._say(lambda: self.tr("Waiting for the other players to pass…"))
        self._set_mode(IDLE)
        return True

    def play_card(self, card: int) -> None:
        """Try to play ``card``; a refusal comes back through the controller.

        Once the card is accepted the hand takes no more input: a card dropped on the table
        stays there until it flies to the trick.
        """
        if self.mode == PLAYING and self.intents.submit_play(self.viewer, card):
            self._set_mode(IDLE)

    def _on_controller_card_played(self, seat: int, card: int) -> None:
        # The ring goes to whoever plays next (the trick's winner, once it is complete).
        self._on_controller_turn_changed(-1 if self.table.to_move is None else self.table.to_move)
        if seat == self.viewer:
            self.scene.raised.clear()
            self._set_mode(IDLE)
            self.scene.set_playable(None, interactive=False)
            self._say(None)
        self.scene.play(seat, card)
        self._update_info()
        if self.table.hearts_broken and not self._hearts_heard:
            self._hearts_heard = True
            self.sound_wanted.emit("hearts_broken")
        else:
            self.sound_wanted.emit("card")

    def _on_controller_trick_taken(self, winner: int, cards: Sequence[int]) -> None:
        tricks = self.table.tricks
        points = _trick_points(self.table.rules, len(tricks) - 1, tricks[-1].cards)
        self.tricks.add_trick(list(tricks[-1].plays), winner, points)
        self._emit_aids()
        queen = Card.parse("QS")
        self.sound_wanted.emit("queen_of_spades" if queen in tricks[-1].cards else "trick")
        self.scene.take_trick(winner)
        self._show_points_taken(winner)

    def _show_points_taken(self, seat: int) -> None:
        values = self.table.rules.card_points
        points = sum(values[c] for c in self.scene.taken[seat])
        self.scene.badges[seat].set_state(hand_text=self._signed(points))

    def _signed(self, points: int) -> str:
        """'+13', '−10', or nothing for 0: the points beside a seat's total."""
        if points > 0:
            return self.tr("+{points}").format(points=points)
        if points < 0:
            return self.tr("−{points}").format(points=-points)
        return ""

    def _say(self, text: Callable[[], str] | None) -> None:
        """Put a sentence on the status line (None: clear it); said again on a new language."""
        self._status = text
        self.status_changed.emit("" if text is None else text())

    def retranslate(self) -> None:
        """The language changed: every text of the table again, in the new one."""
        for seat, badge in enumerate(self.scene.badges):
            badge.set_state(
                name=self.names()[seat],
                dealer_letter=self.tr("D", "the dealer's chip"),
                dealer_tip=self.tr("Dealer"),
            )
            if self.controller.table is not None:
                self._show_points_taken(seat)
        if self.controller.table is None:
            return
        self._update_scores()
        self._update_info()
        if self.mode == PASSING:
            self._emit_passing()
        self._say(self._status)
        if self.controller.covered and self._handing_over is not None:
            self._on_controller_hand_over(self._handing_over)

    def _on_controller_move_refused(self, refusal: Refusal) -> None:
        """Why, on the status line and above the hand, until the player's next action."""
        self._say(lambda: texts.refusal_text(refusal))
        self.scene.show_note(texts.refusal_text(refusal))
        self._refused = True

    def show_hint(self, cards: Sequence[int], reason: Hint) -> None:
        """The suggested cards raised and outlined (the pass's three chosen, the card to
        play under the ring), the reason in words on the status line."""
        self._next_action()
        if self.mode == PASSING:
            self.selected = [c for c in self.scene.hands[self.viewer] if c in cards]
            self.scene.set_selection(self.selected)
            self._emit_passing()
        elif self.mode == PLAYING and cards:
            self.scene.set_focus(cards[0])
            self.scene.set_selection([cards[0]])
        else:
            return
        self.scene.set_hinted(cards)
        self._hinting = True
        names = [texts.card_name(c) for c in cards]

        def said() -> str:
            words = ", ".join(texts.card_name(c) for c in cards) if names else ""
            why = texts.hint_text(reason)
            return self.tr("Hint: {cards}. {reason}").format(cards=words, reason=why).strip()

        self._say(said)

    def show_last_trick(self) -> bool:
        """The trick before this one, shown again with who led and who took it (False when
        none has been taken yet in this hand)."""
        table = self.controller.table
        done = [t for t in table.tricks if t.complete] if table is not None else []
        if table is None or not done:
            return False
        self._next_action()
        trick, names = done[-1], self.names()
        assert trick.winner is not None
        leader, winner = names[trick.leader], names[trick.winner]
        raw = self.controller.names()  # the player called "You" is spoken to, not of
        you_led, you_took = (raw[s] == texts.DEFAULT_HUMAN for s in (trick.leader, trick.winner))
        if trick.leader == trick.winner:
            if you_led:
                line = self.tr("You led and took it.")
            else:
                line = self.tr("{leader} led and took it.").format(leader=leader)
        elif you_led:
            line = self.tr("You led, {winner} took it.").format(winner=winner)
        elif you_took:
            line = self.tr("{leader} led, you took it.").format(leader=leader)
        else:
            line = self.tr("{leader} led, {winner} took it.").format(leader=leader, winner=winner)
        points = _trick_points(table.rules, len(done) - 1, trick.cards)
        # The points on a line of their own, never broken ("Punti:" / "0" in Italian).
        said = self.tr("Points: {points}").format(points=texts.points_text(points))
        line += "\n" + said.replace(" ", "\u00a0")
        plays = [(self.scene.side(seat), card) for seat, card in trick.plays]
        title = self.tr("Trick {number}").format(number=len(done))
        self._showing_last = True
        self.last_trick_shown.emit(title, plays, self.scene.side(trick.winner), line)
        return True

    def _emit_aids(self) -> None:
        """Whether the hint and the last trick can be asked for now (the buttons follow)."""
        table = self.controller.table
        taken = table is not None and any(t.complete for t in table.tricks)
        self.aids_changed.emit(self.mode in (PASSING, PLAYING), taken)

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

    def _say_prompt(self) -> None:
        """What the player is asked now."""
        if self.mode == PLAYING:
            self._say(lambda: self.tr("Your turn: play a card."))
        elif self.mode == PASSING and self._chosen_all():
            self._say(
                lambda: self.tr(
                    "Three cards chosen: press “Pass cards” (Enter), or click one to put it back."
                )
            )
        elif self.mode == PASSING:
            self._say(lambda: self.tr("Choose three cards to pass."))

    def _set_mode(self, mode: str) -> None:
        self.mode = mode
        self._emit_aids()
        if mode != PASSING:
            self.passing_changed.emit(False, "", False)
        if mode == IDLE:
            self.scene.set_playable(None, interactive=False)
            self.scene.set_focus(None)
            self.scene.hide_note()
            self._refused = False

    # ------------------------------------------------------- hands and games end

    def _on_controller_hand_scored(self, index: int, result: HandResult) -> None:
        table = self.table
        if result.moon is not None and index != self._silent_score:
            self.sound_wanted.emit("moon")
        self._silent_score = None
        self.scores.add_hand(result.points, table.totals, result.moon)
        self._update_scores()
        for seat, points in enumerate(result.points):  # the hand's score, moon and bonus included
            self.scene.badges[seat].set_state(hand_text=self._signed(points))
        self._on_controller_turn_changed(-1)
        names = tuple(self.controller.names())  # the panels show them in the language in use
        self.hand_summary_ready.emit(HandSummary.of(table, index, result, names, self.sort_key))
        self.scene.show_still()
        if self.auto_continue_ms is not None:
            self._continue.start(self.auto_continue_ms)

    def _on_controller_game_over(self, ranking: list[int]) -> None:
        names = tuple(self.controller.names())
        aids = [self.intents.aids_used(seat) for seat in range(4)]
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
        table = self.controller.table
        if self._final is not None:
            self.game_finished.emit(self._final)
        elif table is not None and table.over:
            self._final_wanted = True  # the ranking is on its way
        else:
            self.intents.next_hand()

    # ------------------------------------------------------------- input

    def _on_scene_card_clicked(self, card: int) -> None:
        self._next_action()
        if self.mode == PASSING:
            self.toggle_selected(card)
        elif self.mode == PLAYING:
            self.play_card(card)

    def _on_view_key_pressed(self, action: str) -> None:
        if self.mode == IDLE:
            return
        self._next_action()
        hand = self.scene.hands[self.viewer]
        focus = self.scene.focus
        if action in ("left", "right") and hand:
            self.scene.set_focus(self._next_focus(hand, focus, -1 if action == "left" else 1))
            if self.mode == PLAYING and self.scene.raised:  # the preview follows the focus ring
                self.scene.set_selection([])
        elif action == "select" and focus is not None:
            if self.mode == PASSING:
                self.toggle_selected(focus)
            else:  # a preview of the card Enter would play: Space again puts it back
                self.scene.set_selection([] if focus in self.scene.raised else [focus])
        elif action == "activate":
            self._activate(focus)

    def _next_focus(self, hand: list[int], focus: int | None, step: int) -> int:
        """The card the ring moves to: round the hand, only over cards that can be played."""
        cards = hand
        if self.mode == PLAYING:
            cards = [c for c in hand if self._legal >> c & 1] or hand
        if focus not in cards:  # from outside (or a dimmed card): the first one that way
            if focus in hand:
                at = hand.index(focus)
                ahead = [c for c in cards if (hand.index(c) - at) * step > 0]
                if ahead:
                    return ahead[0] if step > 0 else ahead[-1]
            return cards[0] if step > 0 else cards[-1]
        return cards[(cards.index(focus) + step) % len(cards)]

    def _activate(self, focus: int | None) -> None:
        """Enter: pass the three chosen cards, or play the card with the focus ring."""
        if self.mode == PASSING:
            self.confirm_pass()
        elif self.mode == PLAYING:
            if focus is not None:
                self.play_card(focus)
            else:  # no ring yet: show it on the first card that can be played
                legal = [c for c in self.scene.hands[self.viewer] if self._legal >> c & 1]
                self.scene.set_focus(legal[0] if legal else None)


def _trick_points(rules: RuleSet, index: int, cards: Sequence[int]) -> int:
    """The points a trick carries (the last one of a 36-card deal one more)."""
    last = rules.last_trick_points if index == rules.hand_size - 1 else 0
    return sum(rules.card_points[c] for c in cards) + last
