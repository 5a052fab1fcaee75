"""The statistics of every player and rule set, with a reset."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    QEvent,
    QLocale,
    QModelIndex,
    QObject,
    QRegularExpression,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ...engine.rules import PRESETS
from ...models.statistics import NAME, RULES, SORT_ROLE, StatisticsModel
from ...storage import PlayerStats, Statistics
from .. import texts
from ..panels.score_chart import ScoreChart
from .notices import Notices


class StatisticsDialog(QDialog):
    """A sortable table of the statistics; ``reset`` clears them after asking."""

    def __init__(
        self,
        stats: Statistics,
        reset: Callable[[], Statistics],
        parent: QWidget | None = None,
        *,
        player: tuple[str, str] | None = None,
    ) -> None:
        """``player``: the (name, rule set) whose row is chosen first (the human's)."""
        super().__init__(parent)
        self.setWindowTitle(self.tr("Statistics"))
        self._reset = reset
        self._player = player
        self.model = StatisticsModel(texts.preset_name, self, player_name=texts.player_name)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(SORT_ROLE)
        self.proxy.setFilterRole(SORT_ROLE)
        self.proxy.setFilterKeyColumn(RULES)
        self.table = self._table()
        self.empty = QLabel(self.tr("No game has been finished yet."))
        self.chart_title = QLabel()
        self.chart_title.setTextFormat(Qt.TextFormat.PlainText)  # it names a player
        self.chart = ScoreChart()
        self.coach_title = QLabel()
        self.coach_title.setTextFormat(Qt.TextFormat.PlainText)
        self.coach_title.setWordWrap(True)
        self.coach_chart = ScoreChart()
        # Hidden (nothing reviewed), it keeps its room: the table and the text stay put.
        policy = self.coach_chart.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.coach_chart.setSizePolicy(policy)
        self.charts = self._charts()
        box = QVBoxLayout(self)
        box.addLayout(self._filter_row())
        box.addWidget(self.table, 1)
        box.addWidget(self.empty)
        box.addWidget(self.charts, 1)
        box.addWidget(self._buttons())
        self.setMinimumSize(600, 420)
        self.table.selectionModel().currentRowChanged.connect(self._on_row_changed)
        self.show_statistics(stats)
        self.resize(self._width_for_table(box), 600)

    def _width_for_table(self, box: QVBoxLayout) -> int:
        """Wide enough for every column, if the screen is (760 at least)."""
        self.table.resizeColumnsToContents()
        margins = box.contentsMargins()
        scroll = self.table.verticalScrollBar().sizeHint().width()
        needed = self.table.horizontalHeader().length() + scroll + 2 * self.table.frameWidth()
        needed += margins.left() + margins.right()
        screen = self.screen().availableGeometry().width() if self.screen() else needed
        return max(760, min(needed, screen - 24))

    @classmethod
    def show_for(
        cls,
        parent: QWidget | None,
        stats: Statistics,
        reset: Callable[[], Statistics],
        player: tuple[str, str] | None = None,
    ) -> None:
        """Show the statistics until closed, ``player``'s row chosen; tests replace this."""
        cls(stats, reset, parent, player=player).exec()

    def _filter_row(self) -> QHBoxLayout:
        self.rules = QComboBox()
        self.rules.addItem(self.tr("All rule sets"), "")
        for preset in PRESETS:
            self.rules.addItem(texts.preset_name(preset), preset)
        self.rules.currentIndexChanged.connect(self._on_rules_changed)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Rule set")))
        row.addWidget(self.rules)
        row.addStretch(1)
        return row

    def _charts(self) -> QTabWidget:
        """Two charts, one at a time (a small screen has room for one): the points per hand,
        and the coach's points lost per reviewed hand. Alt+H and Alt+R, or Ctrl+Tab."""
        charts = QTabWidget()
        charts.setDocumentMode(True)
        for title, chart, text in (
            (self.chart_title, self.chart, self.tr("Points per &hand")),
            (self.coach_title, self.coach_chart, self.tr("&Reviews")),
        ):
            page = QWidget()
            column = QVBoxLayout(page)
            column.setContentsMargins(0, 6, 0, 0)
            column.addWidget(title)
            column.addWidget(chart, 1)
            charts.addTab(page, text)
        return charts

    def _table(self) -> QTableView:
        table = QTableView()
        table.setModel(self.proxy)
        table.setSortingEnabled(True)
        table.sortByColumn(NAME, Qt.SortOrder.AscendingOrder)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.verticalHeader().hide()
        # Rows a line of text high (the style's own are near twice that): an eight-seat
        # game's eight players then show whole above the chart, without scrolling.
        rows = table.verticalHeader()
        rows.setMinimumSectionSize(1)
        rows.setDefaultSectionSize(table.fontMetrics().height() + 8)
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)
        table.viewport().installEventFilter(self)
        return table

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if watched is self.table.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_names()
        return super().eventFilter(watched, event)

    def _fit_names(self) -> None:
        """The names' column takes the room left over, but never less than its own: squeezed
        by the other columns on a small screen, "Giocatore" showed as "iocator" (the table
        scrolls sideways instead)."""
        header = self.table.horizontalHeader()
        others = sum(header.sectionSize(c) for c in range(header.count()) if c != NAME)
        need = max(header.sectionSizeHint(NAME), self.table.sizeHintForColumn(NAME))
        room = self.table.viewport().width() - others >= need
        mode = QHeaderView.ResizeMode.Stretch if room else QHeaderView.ResizeMode.ResizeToContents
        if header.sectionResizeMode(NAME) != mode:
            header.setSectionResizeMode(NAME, mode)

    def _buttons(self) -> QDialogButtonBox:
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.reset_button = QPushButton(self.tr("Reset…"))
        self.reset_button.clicked.connect(self._on_reset_clicked)
        buttons.addButton(self.reset_button, QDialogButtonBox.ButtonRole.ResetRole)
        return buttons

    def show_statistics(self, stats: Statistics) -> None:
        """Show ``stats`` (an empty table says so)."""
        self.model.set_statistics(stats)
        has_rows = bool(stats.entries)
        self.empty.setVisible(not has_rows)
        self.reset_button.setEnabled(has_rows)
        self.table.selectRow(self._players_row())
        self._show_chart(self.table.currentIndex().row())
        self._fit_names()

    def _players_row(self) -> int:
        """The row of the player the dialog is for: at the rule set in play, else at any;
        else the first row."""
        if self._player is None:
            return 0
        name, rules = self._player
        found = [
            (r, self.model.entry(self.proxy.mapToSource(self.proxy.index(r, 0)).row()))
            for r in range(self.proxy.rowCount())
        ]
        named = [(r, e.rules) for r, e in found if e is not None and e.name == name]
        at_rules = [r for r, played in named if played == rules]
        return (at_rules or [r for r, _ in named] or [0])[0]

    def _on_row_changed(self, current: QModelIndex, previous: QModelIndex) -> None:
        self._show_chart(current.row())

    def _show_chart(self, row: int) -> None:
        """The chosen player's points per hand, game by game, under the table."""
        source = self.proxy.mapToSource(self.proxy.index(row, 0)).row() if row >= 0 else -1
        entry = self.model.entry(source)
        has_chart = entry is not None and len(entry.history) > 0
        self.charts.setVisible(has_chart)
        if entry is None or not has_chart:
            return
        name = texts.player_name(entry.name)
        self.chart_title.setText(
            self.tr("{name}, {rules}: points per hand, game by game").format(
                name=name, rules=texts.preset_name(entry.rules)
            )
        )
        # One player's own figures: a colour of no seat (a seat's colour would say "that seat").
        points = [(v,) for v in entry.history]
        self.chart.set_data([name], points, None, from_zero=False, colours=[QColor("#e8e4d4")])
        self._show_coach(entry, name)

    def _show_coach(self, entry: PlayerStats, name: str) -> None:
        """The points the coach found lost per reviewed hand, for each game with reviews
        (numbered as the player's games); a player never reviewed is told how to be."""
        coach = entry.coach
        self.coach_chart.setVisible(bool(coach))
        if not coach:
            self.coach_title.setText(
                self.tr(
                    "{name}: no hand reviewed yet. Only a reviewed hand has points lost to"
                    " show (a human's, with Game ▸ Review this hand… after the hand)."
                ).format(name=name)
            )
            return
        hands = sum(c.hands for c in coach)
        lost = sum(c.lost for c in coach) / hands
        self.coach_title.setText(
            self.tr(
                "{name}: points lost per reviewed hand, by game (%n hand(s) reviewed,"
                " {lost} on average; hands not reviewed are not counted)",
                "",
                hands,
            ).format(name=name, lost=QLocale().toString(lost, "f", 1))
        )
        figures = [(round(c.per_hand, 2),) for c in coach]
        colour = [QColor("#e8e4d4")]
        self.coach_chart.set_data(
            [name], figures, None, from_zero=False, colours=colour, columns=[c.game for c in coach]
        )

    def _on_rules_changed(self, index: int) -> None:
        preset = str(self.rules.itemData(index))
        pattern = f"^{preset}$" if preset else ""
        self.proxy.setFilterRegularExpression(QRegularExpression(pattern))
        self.table.selectRow(0)
        self._show_chart(self.table.currentIndex().row())
        self._fit_names()

    def _on_reset_clicked(self) -> None:
        question = self.tr("Forget the statistics of every player and rule set?")
        if Notices.ask(self, question):
            self.show_statistics(self._reset())
