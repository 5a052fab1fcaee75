"""Between the controller and the table: draws what happened, turns clicks into intents."""

from __future__ import annotations

import random
from collections.abc import Sequence

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QColor

from ..controller import GameController, Refusal
from ..engine import EndMode, HandResult, HandState, PassDirection, Phase
from ..engine.cards import SUIT_LETTERS, cards_of
from ..models import ScoreSheetModel, TrickListModel
from ..models.card_text import cards_label
from . import texts
from .layout import SOUTH
from .plates import MUTED, TEXT
from .summaries import GameSummary, HandSummary
from .table_scene import TableScene
from .table_view import TableView

#: Suits left to right in the human's hand until the settings say otherwise: clubs, diamonds,
#: spades, hearts (colours alternate). The letters are the card notation's (C D H S).
DEFAULT_SUIT_ORDER = "CDSH"
IDLE, PASSING, PLAYING = "idle", "passing", "playing"
Four = tuple[int, int, int, int]


def display_key(card: int, order: str = DEFAULT_SUIT_ORDER) -> tuple[int, int]:
    """Sort key of the human's hand: by the suit's place in ``order``, then by rank."""
    return order.index(SUIT_LETTERS[card // 13]), card % 13


class TablePresenter(QObject):
    """Keeps the table in step with the controller; the human's choices go back as intents."""

    status_changed = Signal(str)
    #: (shown, prompt, confirm enabled) for the passing panel
    passing_changed = Signal(bool, str, bool)
    hand_summary_ready = Signal(object)  # HandSummary
    game_finished = Signal(object)  # GameSummary
    panels_cleared = Signal()

    def __init__(
        self,
        controller: GameController,
        view: TableView,
        scores: ScoreSheetModel,
        tricks: TrickListModel,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.scene: TableScene = view.table
        self.scores = scores
        self.tricks = tricks
        #: Continue after a hand's summary by itself after this many ms (demo); None waits.
        self.auto_continue_ms: int | None = None
        #: Play the human's card by itself when it is the only legal one (a setting).
        self.auto_play = False
        #: Suits left to right in the face-up hands (a setting; see ``set_suit_order``).
        self.suit_order = DEFAULT_SUIT_ORDER
        #: Cards to choose again when the human is next asked to pass (a resumed game's).
        self.restore_selection: list[int] = []
        self.mode = IDLE
        self.selected: list[int] = []
        self._legal = 0
        self._trick_plays: list[tuple[int, int]] = []
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
        self.scene.animations_finished.connect(c.animations_done)
        view.key_pressed.connect(self._on_view_key_pressed)

    @property
    def hand(self) -> HandState:
        """The hand being shown."""
        hand = self.controller.hand
        assert hand is not None
        return hand

    def sort_key(self, card: int) -> tuple[int, int]:
        """Where ``card`` goes in a face-up hand: by suit in the chosen order, then by rank."""
        return display_key(card, self.suit_order)

    def set_suit_order(self, order: str) -> None:
        """Sort the face-up hands by ``order`` ("CDSH"…) at once; only the picture changes."""
        if order == self.suit_order:
            return
        self.suit_order = order
        scene = self.scene
        hands = [
            sorted(cards, key=self.sort_key) if seat in scene.face_up_seats else cards
            for seat, cards in enumerate(scene.hands)
        ]
        scene.rearrange(hands)

    # ------------------------------------------------------------ game and hand

    def _on_controller_game_started(self) -> None:
        names = self.controller.names()
        self._final = None
        self._final_wanted = False
        self._continue.stop()
        self.scores.reset(names)
        self.tricks.reset(names)
        self._set_mode(IDLE)
        self.panels_cleared.emit()
        for seat, badge in enumerate(self.scene.badges):
            badge.set_state(name=names[seat], active=False, ready=False)
        self._update_scores()

    def _on_controller_hand_dealt(self, index: int) -> None:
        hand = self.hand
        rules = hand.rules
        self.scene.point_cards = frozenset(c for c in range(52) if rules.card_points[c])
        self.scene.deal(self._display_hands(hand.hands, index), hand.dealer)
        self._trick_plays = []
        self.tricks.reset()
        self.panels_cleared.emit()
        for seat, badge in enumerate(self.scene.badges):
            badge.set_state(
                dealer=seat == hand.dealer,
                dealer_letter=self.tr("D", "the dealer's chip"),
                dealer_tip=self.tr("Dealer"),
                ready=False,
                hand_text="",
            )
        self._update_info()
        if hand.pass_direction is PassDirection.HOLD:
            self.status_changed.emit(self.tr("No passing in this hand."))

    def _display_hands(self, masks: Sequence[int], index: int) -> list[list[int]]:
        """The human's cards sorted; the others' in a shuffled order that reveals nothing."""
        shuffle = random.Random(index)
        hands = []
        for seat, mask in enumerate(masks):
            cards: list[int] = list(cards_of(mask))
            if seat in self.scene.face_up_seats:
                cards.sort(key=self.sort_key)
            else:
                shuffle.shuffle(cards)
            hands.append(cards)
        return hands

    def _on_controller_hand_resumed(self, index: int) -> None:
        """A saved game goes on: the sheet, the tricks and every card as they stood."""
        hand, match = self.hand, self.controller.match
        assert match is not None
        for points, totals, moon in sheet_rows(match.hands[:-1], match.rules.teams):
            self.scores.add_hand(points, totals, moon)
        self._update_scores()
        self.scene.point_cards = frozenset(c for c in range(52) if hand.rules.card_points[c])
        plays = [(hand.seat_of_play(i), card) for i, card in enumerate(hand.plays)]
        done = len(plays) - len(hand.trick)
        self.tricks.reset()
        for start in range(0, done, 4):
            self.tricks.add_trick(plays[start : start + 4], hand.trick_winners[start // 4])
        self._trick_plays = plays[done:]
        raised = cards_of(hand.passes[0] or 0) if hand.phase is Phase.PASSING else []
        taken: list[list[int]] = [list(cards_of(mask)) for mask in hand.taken]
        hands = self._display_hands(hand.hands, index)
        self.scene.restore(hands, hand.dealer, self._trick_plays, taken, raised)
        self.panels_cleared.emit()
        for seat, badge in enumerate(self.scene.badges):
            passed = hand.phase is Phase.PASSING and hand.passes[seat] is not None
            badge.set_state(dealer=seat == hand.dealer, ready=passed)
            self._show_points_taken(seat)
        self._update_info()
        if raised:
            self.status_changed.emit(self.tr("Waiting for the other players to pass…"))

    def _update_info(self) -> None:
        hand, rules = self.hand, self.hand.rules
        index = len(self.controller.match.hands) if self.controller.match else 1
        if rules.end_mode is EndMode.HANDS:
            title = self.tr("{rules} · hand {n} of {count}")
        else:
            title = self.tr("{rules} · hand {n} · to {count}")
        line1 = title.format(rules=texts.preset_name(rules.name), n=index, count=rules.end_value)
        pass_text = self.tr("Pass: {direction} {arrow}").format(
            direction=texts.direction_name(hand.pass_direction),
            arrow=texts.direction_arrow(hand.pass_direction),
        )
        lines = [(line1, TEXT), (pass_text, MUTED)]
        if rules.hearts_must_break:
            if hand.hearts_broken:
                lines.append((self.tr("♥ Hearts broken"), QColor("#ff8a8a")))
            else:
                lines.append((self.tr("♡ Hearts not broken"), MUTED))
        self.scene.info.set_lines(lines)

    def _update_scores(self) -> None:
        totals = self.controller.totals()
        for seat, badge in enumerate(self.scene.badges):
            badge.set_state(score_text=self.tr("Total {points}").format(points=totals[seat]))

    # -------------------------------------------------------------- passing

    def _on_controller_human_to_pass(self, seat: int) -> None:
        self.selected, self.restore_selection = self.restore_selection[:3], []
        self.scene.set_selection(self.selected)
        self._set_mode(PASSING)
        self.scene.set_playable(None, interactive=True)
        self._emit_passing()
        self.status_changed.emit(self.tr("Choose three cards to pass."))

    def _emit_passing(self) -> None:
        hand = self.hand
        target = (SOUTH + hand.pass_direction.offset) % 4
        prompt = self.tr("Pass three cards to {name} {arrow}").format(
            name=self.controller.names()[target],
            arrow=texts.direction_arrow(hand.pass_direction),
        )
        self.passing_changed.emit(self.mode == PASSING, prompt, len(self.selected) == 3)

    def toggle_selected(self, card: int) -> None:
        """Choose or put back a card to pass."""
        if card in self.selected:
            self.selected.remove(card)
        elif len(self.selected) < 3:
            self.selected.append(card)
        else:
            self.status_changed.emit(self.tr("Three cards chosen: click one to put it back."))
            return
        self.scene.set_selection(self.selected)
        self._emit_passing()

    def confirm_pass(self) -> None:
        """Pass the three chosen cards."""
        if self.mode != PASSING:
            return
        if self.controller.submit_pass(SOUTH, list(self.selected)):
            self._set_mode(IDLE)
            self.status_changed.emit(self.tr("Waiting for the other players to pass…"))

    def _on_controller_seat_passed(self, seat: int) -> None:
        self.scene.badges[seat].set_state(ready=True)

    def _on_controller_cards_passed(self, passes: Sequence[int | None]) -> None:
        hand = self.hand
        offset = hand.pass_direction.offset
        hands = []
        for seat in range(4):
            given, got = passes[seat] or 0, passes[(seat - offset) % 4] or 0
            kept = [c for c in self.scene.hands[seat] if not given >> c & 1]
            hands.append(self._merge(seat, kept, list(cards_of(got))))
        received = cards_of(passes[(SOUTH - offset) % 4] or 0)
        for badge in self.scene.badges:
            badge.set_state(ready=False)
        self.scene.exchange(hands, received if SOUTH in self.scene.face_up_seats else [])
        if self.controller.is_human(SOUTH):  # the demo has no "you" to tell
            giver = self.controller.names()[(SOUTH - offset) % 4]
            self.status_changed.emit(
                self.tr("You received {cards} from {name}.").format(
                    cards=cards_label(sorted(received, key=self.sort_key)), name=giver
                )
            )
        else:
            self.status_changed.emit(self.tr("Cards passed."))

    def _merge(self, seat: int, kept: list[int], got: list[int]) -> list[int]:
        if seat in self.scene.face_up_seats:
            return sorted(kept + got, key=self.sort_key)
        shuffle = random.Random(sum(got))
        for card in got:
            kept.insert(shuffle.randrange(len(kept) + 1), card)
        return kept

    # ---------------------------------------------------------------- playing

    def _on_controller_turn_changed(self, seat: int) -> None:
        for other, badge in enumerate(self.scene.badges):
            badge.set_state(active=other == seat)

    def _on_controller_human_to_move(self, seat: int, legal: int) -> None:
        self._legal = legal
        self._set_mode(PLAYING)
        self.scene.set_playable(legal, interactive=True)
        self.status_changed.emit(self.tr("Your turn: play a card."))
        if self.auto_play and legal.bit_count() == 1:
            self.play_card(legal.bit_length() - 1)

    def play_card(self, card: int) -> None:
        """Try to play ``card``; a refusal comes back through the controller.

        Once the card is accepted the hand takes no more input: a card dropped on the table
        stays there until it flies to the trick.
        """
        if self.mode == PLAYING and self.controller.submit_play(SOUTH, card):
            self._set_mode(IDLE)

    def _on_controller_card_played(self, seat: int, card: int) -> None:
        if seat == SOUTH:
            self.scene.raised.clear()
            self._set_mode(IDLE)
            self.scene.set_playable(None, interactive=False)
            self.status_changed.emit("")
        self._trick_plays.append((seat, card))
        self.scene.play(seat, card)
        self._update_info()

    def _on_controller_trick_taken(self, winner: int, cards: Sequence[int]) -> None:
        self.tricks.add_trick(self._trick_plays, winner)
        self._trick_plays = []
        self.scene.take_trick(winner)
        self._show_points_taken(winner)

    def _show_points_taken(self, seat: int) -> None:
        values = self.hand.rules.card_points
        points = sum(values[c] for c in self.scene.taken[seat])
        self.scene.badges[seat].set_state(hand_text=self._signed(points))

    def _signed(self, points: int) -> str:
        """'+13', '−10', or nothing for 0: the points beside a seat's total."""
        if points > 0:
            return self.tr("+{points}").format(points=points)
        if points < 0:
            return self.tr("−{points}").format(points=-points)
        return ""

    def _on_controller_move_refused(self, refusal: Refusal) -> None:
        self.status_changed.emit(texts.refusal_text(refusal))

    def _set_mode(self, mode: str) -> None:
        self.mode = mode
        if mode != PASSING:
            self.passing_changed.emit(False, "", False)
        if mode == IDLE:
            self.scene.set_playable(None, interactive=False)
            self.scene.set_focus(None)

    # ------------------------------------------------------- hands and games end

    def _on_controller_hand_scored(self, index: int, result: HandResult) -> None:
        hand, match = self.hand, self.controller.match
        assert match is not None
        totals = self.controller.totals()
        self.scores.add_hand(result.points, _four(totals), result.moon)
        self._update_scores()
        for seat, points in enumerate(result.points):  # the hand's score, moon and bonus included
            self.scene.badges[seat].set_state(hand_text=self._signed(points))
        self._on_controller_turn_changed(-1)
        bonus = hand.rules.no_card_bonus
        self.hand_summary_ready.emit(
            HandSummary(
                index=index,
                preset=hand.rules.name,
                names=tuple(self.controller.names()),
                points=result.points,
                totals=_four(totals),
                point_cards=tuple(
                    tuple(
                        sorted(
                            (c for c in cards_of(t) if hand.rules.card_points[c]), key=self.sort_key
                        )
                    )
                    for t in result.taken
                ),
                moon=result.moon,
                no_card_bonus=tuple(s for s in range(4) if bonus and not result.taken[s]),
                bonus=bonus,
                game_over=match.is_over,
            )
        )
        self.scene.show_still()
        if self.auto_continue_ms is not None:
            self._continue.start(self.auto_continue_ms)

    def _on_controller_game_over(self, ranking: list[int]) -> None:
        match = self.controller.match
        assert match is not None
        rules = match.rules
        self._final = GameSummary(
            preset=rules.name,
            names=tuple(self.controller.names()),
            ranking=tuple(ranking),
            winners=tuple(match.winners()),
            totals=_four(match.totals()),
            progress=tuple(self.scores.progress()),
            limit=rules.end_value if rules.end_mode is EndMode.POINTS else None,
            teams=rules.teams,
        )
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
        match = self.controller.match
        if self._final is not None:
            self.game_finished.emit(self._final)
        elif match is not None and match.is_over:
            self._final_wanted = True  # the ranking is on its way
        else:
            self.controller.next_hand()

    # ------------------------------------------------------------- input

    def _on_scene_card_clicked(self, card: int) -> None:
        if self.mode == PASSING:
            self.toggle_selected(card)
        elif self.mode == PLAYING:
            self.play_card(card)

    def _on_view_key_pressed(self, action: str) -> None:
        if self.mode == IDLE:
            return
        hand = self.scene.hands[SOUTH]
        focus = self.scene.focus
        if action in ("left", "right") and hand:
            step = -1 if action == "left" else 1
            at = hand.index(focus) + step if focus in hand else (0 if step > 0 else -1)
            self.scene.set_focus(hand[max(0, min(at, len(hand) - 1))])
            if self.mode == PLAYING and self.scene.raised:  # the preview follows the focus ring
                self.scene.set_selection([])
        elif action == "select" and focus is not None:
            if self.mode == PASSING:
                self.toggle_selected(focus)
            else:  # a preview of the card Enter would play: Space again puts it back
                self.scene.set_selection([] if focus in self.scene.raised else [focus])
        elif action == "activate":
            self._activate(focus)

    def _activate(self, focus: int | None) -> None:
        """Enter: pass the three chosen cards, or play the card with the focus ring."""
        if self.mode == PASSING:
            self.confirm_pass()
        elif self.mode == PLAYING:
            if focus is not None:
                self.play_card(focus)
            else:  # no ring yet: show it on the first card that can be played
                legal = [c for c in self.scene.hands[SOUTH] if self._legal >> c & 1]
                self.scene.set_focus(legal[0] if legal else None)


def _four(values: Sequence[int]) -> Four:
    return (values[0], values[1], values[2], values[3])


def sheet_rows(hands: Sequence[HandState], teams: bool) -> list[tuple[Four, Four, int | None]]:
    """Score-sheet rows of scored hands: points, running totals (shared in teams), moon."""
    rows = []
    totals = [0, 0, 0, 0]
    for hand in hands:
        result = hand.result
        assert result is not None  # every hand before the last one is scored
        totals = [totals[s] + result.points[s] for s in range(4)]
        shown = [totals[s] + totals[(s + 2) % 4] for s in range(4)] if teams else totals
        rows.append((result.points, _four(shown), result.moon))
    return rows
