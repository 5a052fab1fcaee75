"""The game half of the window: the game session, the models, the presenter and the panels.

Built after the table's first paint, so the window shows before the engine and the computer
players are loaded. ``WindowGame`` owns them and wires them together; it also owns what the
window's run does with the game (the demo, on and on; ``--quit-after-hands``; the sounds and
the computers' pace the settings ask for). The panels' buttons run the window's commands
(``GameCommands``); the menus hear of Undo, Redo and the claim through its signals.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import pairwise
from typing import TYPE_CHECKING, Final, Protocol

from PySide6.QtCore import QObject, QRectF, Qt, QTimer, Signal
from PySide6.QtWidgets import QApplication, QHeaderView, QTableView, QTabWidget, QWidget

from ...controller.game_controller import PlayerFactory
from ...controller.preferences import Preferences
from ...controller.session import GameSession
from ...controller.setup import Pace
from ...engine import EndMode
from ...models import ScoreSheetModel, TrickListModel
from ...storage import Profile
from .. import texts
from ..panels.aids_bar import AidsBar
from ..panels.game_over import GameOverPanel
from ..panels.hand_panels import HandSummaryPanel, PassPanel
from ..panels.last_trick import LastTrickPanel
from ..panels.score_chart import ScoreChart
from ..panels.summaries import GameSummary, HandSummary
from ..presenter.table_presenter import TablePresenter
from ..table.card_pixmaps import CardPixmapCache
from ..table.layout import TableLayout
from ..table.view import KEYS, TableView
from .settings import SPEEDS

if TYPE_CHECKING:
    from ...ai.hints import Reason
    from ...engine.cards import Card
    from ...storage import Settings
    from ..panels.hand_over import HandOverScreen
    from .sounds import TableSounds
    from .status_line import StatusLine

#: Pixels a score sheet's row has above and below its line of text.
ROW_MARGIN: Final = 8
#: How long the demo shows each hand's summary (ms).
DEMO_SUMMARY_MS = 2500
#: The tabs of the score sheet's dock, in order (``fill_tabs``).
SCORES_TAB, TRICKS_TAB, CHART_TAB = range(3)


def _centre(layout: TableLayout) -> QRectF:
    return QRectF(0, 0, layout.width, layout.height * 0.9)


class GameCommands(Protocol):
    """What the panels' buttons and the demo ask of the window's commands."""

    def play_again(self) -> None:
        """A new game with the same players and rules."""

    def ask_new_game(self) -> None:
        """Ask for a new game and start it."""

    def replay_deal(self) -> None:
        """A new game whose first hand is the last one, dealt again."""

    def review_hand(self) -> None:
        """The coach's review of the hands played."""


class WindowGame(QObject):
    """Everything the window needs to play, wired together."""

    #: "Finish the hand" is offered (True) or no more (False).
    claim_changed = Signal(bool)
    #: What Undo and Redo would do may have changed (``history`` says).
    history_changed = Signal()

    def __init__(  # noqa: PLR0917  (the window hands over what it made and was given)
        self,
        view: TableView,
        cache: CardPixmapCache,
        status: StatusLine,
        profile: Profile,
        preferences: Preferences,
        pace: Pace | None,
        player_factory: PlayerFactory | None,
        *,
        sounds: TableSounds,
        commands: GameCommands,
        close: Callable[[], object],
        demo: bool = False,
        parent: QObject | None = None,
    ) -> None:
        """``close`` closes the window (``quit_after_hands``); ``demo`` starts as the demo."""
        super().__init__(parent)
        self.view = view
        self.status = status
        self.cache = cache
        self._commands, self._close = commands, close
        #: Close the window after this many hands (``--quit-after-hands``).
        self.quit_after_hands: int | None = None
        self._hands_seen = 0
        self._demo = demo
        self._speed = "normal"
        self.session = GameSession(profile, preferences, pace, player_factory, parent=self)
        self.session.demo = demo
        self.controller = self.session.controller
        self.scores = ScoreSheetModel(self)
        self.tricks = TrickListModel(self, four_colour=cache.four_colour)
        self.tricks.card_words = texts.card_name  # its cells read "9 of clubs", not "9♣"
        self.presenter = TablePresenter(
            self.controller, self.session, view, self.scores, self.tricks, parent=self
        )
        self.pass_panel = PassPanel()
        self.summary_panel = HandSummaryPanel(cache)
        self.game_over_panel = GameOverPanel()
        self._hand_over: HandOverScreen | None = None
        self.last_trick_panel = LastTrickPanel(cache)
        self.aids_bar = AidsBar()
        prompt = self.pass_panel  # between the side seats' plates where it fits
        view.add_overlay(prompt, lambda layout: layout.prompt_rect(), clear_of_plates=True)
        view.add_overlay(self.last_trick_panel, _centre)
        view.add_overlay(self.aids_bar, self._aids_place)
        view.add_overlay(self.summary_panel, _centre, clear_of_plates=True)
        view.add_overlay(self.game_over_panel, _centre, clear_of_plates=True)
        self._tabs: QTabWidget | None = None
        self._connect()
        self._connect_window(sounds)

    def _connect(self) -> None:
        p = self.presenter
        p.status_changed.connect(self._on_presenter_status_changed)
        self.status.noticed.connect(self._on_status_noticed)
        p.passing_changed.connect(self._on_presenter_passing_changed)
        p.hand_summary_ready.connect(self._on_presenter_hand_summary_ready)
        p.game_finished.connect(self._on_presenter_game_finished)
        p.panels_cleared.connect(self._on_presenter_panels_cleared)
        p.hand_over_changed.connect(self._on_presenter_hand_over_changed)
        self.pass_panel.confirmed.connect(p.confirm_pass)
        p.last_trick_shown.connect(self._on_presenter_last_trick_shown)
        p.last_trick_hidden.connect(self._on_presenter_last_trick_hidden)
        p.aids_changed.connect(self._on_presenter_aids_changed)
        self.last_trick_panel.dismissed.connect(p.hide_last_trick)
        p.scene.pile_clicked.connect(lambda seat: p.show_last_trick())
        self.aids_bar.hint_asked.connect(self.hint)
        self.aids_bar.last_trick_asked.connect(p.show_last_trick)
        self.summary_panel.continued.connect(p.continue_after_hand)
        self.aids_bar.finish_asked.connect(self.finish_hand)
        self.aids_bar.keys_returned.connect(self._on_aids_bar_keys_returned)
        self.session.claims.changed.connect(self._on_claims_changed)

    def _connect_window(self, sounds: TableSounds) -> None:
        """The panels' buttons to the commands; the run's demo and end; the sounds."""
        self.game_over_panel.play_again.connect(self._commands.play_again)
        self.game_over_panel.new_game.connect(self._commands.ask_new_game)
        self.summary_panel.replay_wanted.connect(self._commands.replay_deal)
        self.summary_panel.review_wanted.connect(self._commands.review_hand)
        self.presenter.sound_wanted.connect(sounds.play)
        session = self.session
        session.autosave_failed.connect(self._on_session_autosave_failed)
        session.hand_completed.connect(self._on_session_hand_completed)
        session.hint_ready.connect(self._on_session_hint_ready)
        session.controller.game_started.connect(self.history_changed)
        session.undo_redo.changed.connect(self.history_changed)

    # ------------------------------------------------------------ the window's run

    @property
    def demo(self) -> bool:
        """Four computer players, South's cards shown; no autosave, no statistics."""
        return self._demo

    def set_demo(self, demo: bool) -> None:
        """Play as the demo (summaries go on by themselves) or not."""
        self._demo = demo
        self.session.demo = demo
        self.show_speed(self._speed)

    def show_speed(self, name: str) -> None:
        """The computers' pause at the animation speed ``name``; the demo's summaries go on
        by themselves after a while that follows it (not once the window is to close)."""
        factor, pause, _ = SPEEDS.get(name, SPEEDS["normal"])
        self._speed = name
        self.session.set_ai_pause(pause)
        if self._demo and not self._quitting():
            self.presenter.auto_continue_ms = round(DEMO_SUMMARY_MS * max(factor, 0.5))
        else:
            self.presenter.stop_auto_continue()

    def show_settings(self, settings: Settings) -> None:
        """Auto-play, automatic finish, the suit order, the four colours and what a screen
        reader is told as ``settings`` say."""
        self.presenter.auto_play = settings.auto_play
        self.presenter.narration.follow(settings.verbosity, settings.quiet)
        self.session.claims.automatic = settings.auto_finish
        self.presenter.set_suit_order(settings.suit_order)
        self.tricks.set_four_colour(settings.four_colour or settings.low_vision)

    def _quitting(self) -> bool:
        return self.quit_after_hands is not None and self._hands_seen >= self.quit_after_hands

    def _on_session_hand_completed(self, index: int) -> None:
        self._hands_seen += 1
        if self._quitting():
            self.presenter.stop_auto_continue()  # the demo's next hand must not start first
            QTimer.singleShot(0 if self._speed == "off" else 1500, self, self._close)

    def _demo_again(self) -> None:
        table = self.controller.table
        if self._demo and self.presenter.auto_continue_ms is not None and table and table.over:
            self._commands.play_again()

    def _on_session_autosave_failed(self) -> None:
        self.status.notice(self.tr("The game could not be autosaved."))

    def history(self) -> tuple[tuple[int, ...] | None, tuple[int, ...] | None, bool]:
        """What Undo and Redo would take back or make again, and whether several humans
        play (no undo then)."""
        undo_redo = self.session.undo_redo
        hot_seat = self.controller.hot_seat()
        return undo_redo.undo_subject(), undo_redo.redo_subject(), hot_seat

    def shutdown(self) -> None:
        """The window closes: the computer players, the claims' and reviews' processes stop."""
        self.controller.shutdown()
        self.session.claims.shutdown()
        self.session.reviewer.shutdown()
        self.session.hinter.shutdown()

    # ------------------------------------------------------------ the panels

    def _aids_place(self, layout: TableLayout) -> QRectF:
        """Where the table's buttons are centred: "Finish the hand", when offered, is added
        above Hint and Last trick without moving them (centred again, the bar put it where
        Hint had been, under a pointer about to click Hint)."""
        place = layout.aids_rect()
        finish, box = self.aids_bar.finish_button, self.aids_bar.layout()
        if finish.isVisibleTo(self.aids_bar) and box is not None:
            place.setTop(place.top() - finish.sizeHint().height() - box.spacing())
        return place

    def fill_tabs(self, tabs: QTabWidget) -> None:
        """Put the score sheet and the tricks of the hand in ``tabs``; Tab goes through them."""
        self._tabs = tabs
        for model in (self.scores, self.tricks):
            table = QTableView()
            table.setModel(model)
            table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
            rows = table.verticalHeader()
            if model is self.scores:  # a line of figures a row: sized once, not row by row
                # (fitting each of a long game's 4,000 rows to its contents took 1.2 s on a
                # resume, and again after every hand while the sheet was shown)
                rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
                rows.setDefaultSectionSize(table.fontMetrics().height() + ROW_MARGIN)
            else:
                rows.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            table.setTabKeyNavigation(False)  # Tab leaves the sheet; the arrows move in it
            # Reached by Tab, not by a click: a look at the scores leaves the keys to the cards.
            table.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            tabs.addTab(table, "")
        self.chart = ScoreChart()
        tabs.addTab(self.chart, "")
        for signal in (self.scores.dataChanged, self.scores.modelReset):
            signal.connect(self._on_scores_changed)
        self._order_focus(tabs)
        self._name_tabs()

    def _on_scores_changed(self, *_: object) -> None:
        """The chart of the totals so far follows the score sheet, hand by hand."""
        table = self.controller.table
        limit = table.rules.end_value if table and table.rules.end_mode is EndMode.POINTS else None
        self.chart.set_data(self.presenter.names(), self.scores.progress(), limit)

    def _name_sheets(self) -> None:
        """The two tables named for a screen reader (they were "table ''")."""
        tabs = self._tabs
        if tabs is None:
            return
        names = ((SCORES_TAB, self.tr("Scores")), (TRICKS_TAB, self.tr("Tricks of this hand")))
        for tab, name in names:
            sheet = tabs.widget(tab)
            if sheet is not None:
                sheet.setAccessibleName(name)

    def _name_tabs(self) -> None:
        self._name_sheets()
        tabs = self._tabs
        if tabs is not None:
            tabs.setTabText(SCORES_TAB, self.tr("Scores"))
            tabs.setTabText(TRICKS_TAB, self.tr("Tricks"))
            tabs.setTabText(CHART_TAB, self.tr("Chart"))

    def show_tricks_tab(self) -> None:
        """The dock's list of this hand's tricks in front, the focus on its last trick (K
        asked for it: the arrows read it, K again goes back to the cards), and said."""
        if self._tabs is None:
            return
        self._tabs.setCurrentIndex(TRICKS_TAB)
        count = self.tricks.rowCount()
        if not count:
            self.presenter.narration.announce(self.tr("No trick has been taken yet in this hand."))
            return
        self.presenter.narration.announce(self.tr("Tricks of this hand: %n.", "", count))
        table = self._tabs.widget(TRICKS_TAB)
        if isinstance(table, QTableView):
            table.setCurrentIndex(self.tricks.index(count - 1, 0))
            table.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def tricks_tab_shown(self) -> bool:
        """Whether the dock's tab in front is the list of this hand's tricks."""
        return self._tabs is not None and self._tabs.currentIndex() == TRICKS_TAB

    def retranslate(self) -> None:
        """The language changed: the sheets' titles and headers, and the table's texts."""
        self._name_tabs()
        self.aids_bar.retranslate()
        for model in (self.scores, self.tricks):
            model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, model.columnCount() - 1)
            model.headerDataChanged.emit(Qt.Orientation.Vertical, 0, model.rowCount() - 1)
        self.scores.reset_names(self.presenter.names())
        self.tricks.reset_names(self.presenter.names())
        self.presenter.retranslate()
        self._on_scores_changed()

    def _order_focus(self, sheet: QWidget) -> None:
        """Tab from the table to the panels' buttons and its own, then the score sheet, and
        back round (left out, the table's own buttons came after the sheet)."""
        aids = self.aids_bar
        chain: list[QWidget] = [
            self.view,
            self.pass_panel.button,
            self.summary_panel.review,
            self.summary_panel.replay,
            self.summary_panel.button,
            *self.game_over_panel.buttons,
            aids.finish_button,
            aids.hint_button,
            aids.last_button,
        ]
        if sheet.window() is self.view.window():  # a floating sheet is a window of its own
            chain.append(sheet)
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)

    def _on_presenter_status_changed(self, text: str) -> None:
        self.status.set_prompt(text)

    def _on_status_noticed(self, text: str) -> None:
        """A notice ("A hint is for your turn.") is said politely, as the prompt is."""
        self.presenter.narration.announce(text)

    def _on_presenter_passing_changed(self, shown: bool, prompt: str, ready: bool) -> None:
        # A pass button clicked has the focus; as the prompt goes, Qt would pass it on to the
        # next widget (the score sheet's tabs), where the arrows meant for the cards land.
        focus = QApplication.focusWidget()
        had_keys = focus is not None and self.pass_panel.isAncestorOf(focus)
        self.pass_panel.show_prompt(shown, prompt, ready)
        self.view.place_overlays()
        if had_keys and not shown:
            self.view.setFocus()

    def hint(self) -> bool:
        """Ask the coach's hint for the human to act (False: nobody is); it shows when the
        search is done (``_on_session_hint_ready``), the window going on meanwhile."""
        if not self.session.hint():
            return False
        self.status.notice(self.tr("Looking for the best choice…"))
        self.view.setFocus()  # from the Hint button too: Enter plays the card it rings
        return True

    def _on_session_hint_ready(self, cards: tuple[Card, ...], reason: Reason) -> None:
        self.status.clearMessage()
        self.presenter.show_hint(cards, reason)

    def _on_aids_bar_keys_returned(self, key: int) -> None:
        self.view.setFocus()
        action = KEYS.get(Qt.Key(key)) if key else None
        if action is not None:
            self.view.key_pressed.emit(action)

    def finish_hand(self) -> bool:
        """Play the rest of a decided hand out (False: it is not decided, or not yet known)."""
        if not self.session.finish_hand():
            return False
        self.status.notice(self.tr("The rest of the hand is decided: it is played out."))
        return True

    def go_on_after_error(self) -> None:
        """After a bug of ours: the table as published, and whoever is to act asked again."""
        self.presenter.redraw_after_error()
        self.controller.go_on()
        self.view.place_overlays()

    def _on_claims_changed(self, offered: bool) -> None:
        self.aids_bar.show_finish(offered)
        self.view.place_overlays()
        offer = self.tr(
            "The rest of the hand is decided whatever anyone plays: “Finish the hand” (F)."
        )
        if offered:
            self.status.notice(offer)
        elif self.status.currentMessage() == offer:  # withdrawn: its words go with it
            self.status.clearMessage()
        self.claim_changed.emit(offered)

    def _on_presenter_last_trick_shown(
        self, title: str, plays: list[tuple[int, int]], winner_side: int, line: str
    ) -> None:
        # Read by its title and, in words, its cards and who took it (it was "panel ''").
        heard = self.presenter.speech.last_trick()
        self.last_trick_panel.show_trick(title, plays, winner_side, line, heard=heard)
        self.view.place_overlays()

    def _on_presenter_last_trick_hidden(self) -> None:
        self.last_trick_panel.hide()
        cover = self._hand_over
        if cover is not None and cover.isVisible():  # L at a hand-over: Enter still shows
            cover.button.setFocus()
        else:
            self.view.setFocus()

    def _on_presenter_aids_changed(self, hint: bool, last_trick: bool) -> None:
        self.aids_bar.show_aids(hint, last_trick)
        self.view.place_overlays()

    def _on_presenter_hand_summary_ready(self, summary: HandSummary) -> None:
        reviewable = self.session.review_target() is not None
        self.summary_panel.show_summary(replace(summary, reviewable=reviewable))
        self.view.place_overlays()

    def _on_presenter_game_finished(self, summary: GameSummary) -> None:
        """The final ranking; the demo shows it a while, then goes on with a new game."""
        self.game_over_panel.show_summary(summary)
        self.view.place_overlays()
        wait = self.presenter.auto_continue_ms
        if self._demo and wait is not None:
            QTimer.singleShot(2 * wait, self, self._demo_again)

    @property
    def hand_over(self) -> HandOverScreen:
        """The hot-seat hand-over screen (made the first time a game needs it)."""
        if self._hand_over is None:
            from ..panels.hand_over import HandOverScreen

            self._hand_over = HandOverScreen(self._hand_over_room)
            self.view.add_cover(self._hand_over)
            self._hand_over.shown.connect(self.presenter.show_cards)
            QWidget.setTabOrder(self.game_over_panel.buttons[-1], self._hand_over.button)
        return self._hand_over

    def _hand_over_room(self) -> QRectF:
        """Where the hand-over's box goes on the table as it is now drawn (a new size, a new
        layout)."""
        return self.view.table.layout.hand_over_rect()

    def _on_presenter_hand_over_changed(self, shown: bool, name: str) -> None:
        if shown:
            self.hand_over.show_for(name)
        else:
            self.hand_over.hide()
            self.view.setFocus()

    def _on_presenter_panels_cleared(self) -> None:
        for panel in (self.summary_panel, self.game_over_panel, self.last_trick_panel):
            panel.hide()
        self.view.setFocus()
