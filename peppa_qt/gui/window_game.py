"""The game half of the window: the game session, the models, the presenter and the panels.

Built after the table's first paint, so the window shows before the engine and the computer
players are loaded.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QObject, QRectF, Qt, Signal
from PySide6.QtWidgets import QHeaderView, QTableView, QTabWidget, QWidget

from ..controller.game_controller import PlayerFactory
from ..controller.preferences import Preferences
from ..controller.session import GameSession
from ..controller.setup import Pace
from ..engine import EndMode
from ..models import ScoreSheetModel, TrickListModel
from ..storage import Profile
from .aids_bar import AidsBar
from .card_pixmaps import CardPixmapCache
from .game_over_panel import GameOverPanel
from .last_trick import LastTrickPanel
from .layout import TableLayout
from .panels import HandSummaryPanel, PassPanel
from .score_chart import ScoreChart
from .summaries import GameSummary, HandSummary
from .table_presenter import TablePresenter
from .table_view import KEYS, TableView

if TYPE_CHECKING:
    from .hand_over import HandOverScreen
    from .status_line import StatusLine

#: Pixels a score sheet's row has above and below its line of text.
ROW_MARGIN: Final = 8


def _centre(layout: TableLayout) -> QRectF:
    return QRectF(0, 0, layout.width, layout.height * 0.9)


class WindowGame(QObject):
    """Everything the window needs to play, wired together."""

    #: "Finish the hand" is offered (True) or no more (False).
    claim_changed = Signal(bool)

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
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.view = view
        self.status = status
        self.session = GameSession(profile, preferences, pace, player_factory, parent=self)
        self.controller = self.session.controller
        self.scores = ScoreSheetModel(self)
        self.tricks = TrickListModel(self, four_colour=cache.four_colour)
        self.presenter = TablePresenter(
            self.controller, self.session, view, self.scores, self.tricks, parent=self
        )
        self.pass_panel = PassPanel()
        self.summary_panel = HandSummaryPanel(cache)
        self.game_over_panel = GameOverPanel()
        self._hand_over: HandOverScreen | None = None
        self.last_trick_panel = LastTrickPanel(cache)
        self.aids_bar = AidsBar()
        view.add_overlay(self.pass_panel, lambda layout: layout.prompt_rect())
        view.add_overlay(self.last_trick_panel, _centre)
        view.add_overlay(self.aids_bar, self._aids_place)
        view.add_overlay(self.summary_panel, _centre, clear_of_plates=True)
        view.add_overlay(self.game_over_panel, _centre, clear_of_plates=True)
        self._connect()

    def _connect(self) -> None:
        p = self.presenter
        p.status_changed.connect(self._on_presenter_status_changed)
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

    def _name_tabs(self) -> None:
        tabs = getattr(self, "_tabs", None)
        if tabs is not None:
            tabs.setTabText(0, self.tr("Scores"))
            tabs.setTabText(1, self.tr("Tricks"))
            tabs.setTabText(2, self.tr("Chart"))

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

    def _on_presenter_passing_changed(self, shown: bool, prompt: str, ready: bool) -> None:
        self.pass_panel.show_prompt(shown, prompt, ready)
        self.view.place_overlays()

    def hint(self) -> bool:
        """Show what the normal level suggests for the human to act (False: nobody is)."""
        advice = self.session.hint()
        if advice is None:
            return False
        cards, reason = advice
        self.presenter.show_hint(cards, reason)
        self.view.setFocus()  # from the Hint button too: Enter plays the card it rings
        return True

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
        self.last_trick_panel.show_trick(title, plays, winner_side, line)
        self.view.place_overlays()

    def _on_presenter_last_trick_hidden(self) -> None:
        self.last_trick_panel.hide()
        self.view.setFocus()

    def _on_presenter_aids_changed(self, hint: bool, last_trick: bool) -> None:
        self.aids_bar.show_aids(hint, last_trick)
        self.view.place_overlays()

    def _on_presenter_hand_summary_ready(self, summary: HandSummary) -> None:
        reviewable = self.session.review_target() is not None
        self.summary_panel.show_summary(replace(summary, reviewable=reviewable))
        self.view.place_overlays()

    def _on_presenter_game_finished(self, summary: GameSummary) -> None:
        self.game_over_panel.show_summary(summary)
        self.view.place_overlays()

    @property
    def hand_over(self) -> HandOverScreen:
        """The hot-seat hand-over screen (made the first time a game needs it)."""
        if self._hand_over is None:
            from .hand_over import HandOverScreen

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
