"""The end of a game: the final ranking, the winner(s), ties told, the aids used, the chart."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from ...engine.match import Tie, TieBreak
from .. import texts
from .base import QWIDGETSIZE_MAX, Panel, panel_label
from .score_chart import SEAT_COLOURS, ScoreChart
from .summaries import GameSummary

#: The chart: as low as it goes when the panel has the room, and when it has not.
CHART_LOW, CHART_FLOOR = 170, 110


class GameOverPanel(Panel):
    """The final ranking, the winner(s), the score chart, and 'play again'."""

    play_again = Signal()
    new_game = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        box = QVBoxLayout(self)
        box.setContentsMargins(22, 16, 22, 16)
        self.title = panel_label(name="title")
        self.winner = panel_label(name="banner")
        self.losers = panel_label(name="muted")
        self.ranking = QGridLayout()
        self.ranking.setHorizontalSpacing(16)
        self.ranking.setColumnStretch(4, 1)
        self.chart = ScoreChart()
        again = QPushButton()
        again.clicked.connect(self.play_again)
        again.setDefault(True)
        other = QPushButton()
        other.setObjectName("secondary")
        other.clicked.connect(self.new_game)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(other)
        buttons.addWidget(again)
        self.aids = panel_label(name="muted")
        self.aids.setWordWrap(True)
        for widget in (self.title, self.winner, self.losers, self.aids):
            box.addWidget(widget)
        box.addLayout(self.ranking)
        #: Why tied players rank as they do (RULES.md: the earlier last trick, and so on).
        self.ties = panel_label(name="muted")
        self.ties.setWordWrap(True)
        box.addWidget(self.ties)
        box.addWidget(self.chart, 1)
        box.addLayout(buttons)
        self._again = again
        #: The buttons in Tab order.
        self.buttons = (other, again)
        self._summary: GameSummary | None = None
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        """The buttons' texts in the language in use, and the ranking's if it is shown."""
        other, again = self.buttons
        again.setText(self.tr("Play again"))
        other.setText(self.tr("New game…"))
        if self._summary is not None and self.isVisible():
            self.show_summary(self._summary)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def show_summary(self, summary: GameSummary) -> None:
        """Fill the panel for ``summary`` and show it."""
        self._summary = summary
        self.title.setText(self.tr("Game over"))
        winners = [texts.player_name(summary.names[s]) for s in summary.winners]
        losers = [
            texts.player_name(summary.names[s]) for s in summary.ranking if s not in summary.winners
        ]
        if len(winners) == 1:
            self.winner.setText(self.tr("Winner: {name}").format(name=winners[0]))
            self.losers.clear()
        else:  # two winners (Peppa Torino, teams): the other two lose together
            self.winner.setText(
                self.tr("Winners: {first} and {second}").format(first=winners[0], second=winners[1])
            )
            self.losers.setText(
                self.tr("Losers: {first} and {second}").format(first=losers[0], second=losers[1])
            )
        self.losers.setVisible(bool(self.losers.text()))
        self.aids.setText(self._aids_text(summary))
        self.aids.setVisible(bool(self.aids.text()))
        self._fill_ranking(summary)
        self.ties.setText("\n".join(self._tie_text(tie, summary.names) for tie in summary.ties))
        self.ties.setVisible(bool(summary.ties))
        shown = tuple(texts.player_name(name) for name in summary.names)
        self.chart.set_data(shown, summary.progress, summary.limit)
        self.show()
        self.raise_()
        self._again.setFocus()

    def fit_to(self, room: int) -> None:
        """The chart gives up height when the whole would be taller than the table (eight
        players, three ties told and the aids: the buttons lay under the window's edge at
        1024×640); it keeps ``CHART_FLOOR`` at least."""
        self.setMaximumHeight(QWIDGETSIZE_MAX)
        self.chart.setMinimumHeight(CHART_LOW)
        layout = self.layout()
        if layout is not None:
            layout.invalidate()
        over = self.sizeHint().height() - room
        if over > 0:
            wanted = self.chart.sizeHint().height() - over
            self.chart.setMinimumHeight(max(CHART_FLOOR, min(CHART_LOW, wanted)))
            self.setMaximumHeight(max(room, self.minimumSizeHint().height()))

    def _aids_text(self, summary: GameSummary) -> str:
        """Who took moves back or asked for hints, and how often ("" if nobody did)."""
        parts = []
        for seat, (undos, hints) in enumerate(summary.aids):
            if undos or hints:
                used = self.tr("{undos} and {hints}").format(
                    undos=self.tr("%n undo(s)", "", undos), hints=self.tr("%n hint(s)", "", hints)
                )
                parts.append(f"{texts.player_name(summary.names[seat])}: {used}")
        return self.tr("Aids used — {list}").format(list="; ".join(parts)) if parts else ""

    def _tie_text(self, tie: Tie, names: Sequence[str]) -> str:
        """Why ``tie.ahead`` ranks ahead of ``tie.behind`` with the same total."""
        why = {
            TieBreak.NO_TRICK: self.tr(
                "{ahead} ahead of {behind} (same total, {total}): no trick taken in the whole game."
            ),
            TieBreak.EARLIER_LAST_TRICK: self.tr(
                "{ahead} ahead of {behind} (same total, {total}): last trick taken earlier."
            ),
            TieBreak.FIRST_TRICK_ORDER: self.tr(
                "{ahead} ahead of {behind} (same total, {total}; neither took a trick): order of"
                " play in the first trick of the last hand."
            ),
        }[tie.reason]
        ahead, behind = texts.player_name(names[tie.ahead]), texts.player_name(names[tie.behind])
        if names[tie.behind] == texts.DEFAULT_HUMAN:  # spoken to: "prima di te", not "di Tu"
            behind = self.tr("you", "the player, after 'ahead of'")
        return why.format(ahead=ahead, behind=behind, total=tie.total)

    def _fill_ranking(self, summary: GameSummary) -> None:
        while self.ranking.count():
            child = self.ranking.takeAt(0)
            widget = child.widget() if child is not None else None
            if widget is not None:  # out of the layout: hidden until it is deleted
                widget.hide()
                widget.deleteLater()
        right = Qt.AlignmentFlag.AlignRight
        for place, seat in enumerate(summary.ranking):
            won = seat in summary.winners
            mark = "★" if won else ""
            self.ranking.addWidget(panel_label(f"{place + 1}."), place, 0)
            name = panel_label(texts.player_name(summary.names[seat]))
            weight = "bold" if won else "normal"
            name.setStyleSheet(f"color: {SEAT_COLOURS[seat].name()}; font-weight: {weight};")
            self.ranking.addWidget(name, place, 1)
            self.ranking.addWidget(panel_label(str(summary.totals[seat])), place, 2, right)
            self.ranking.addWidget(panel_label(mark), place, 3)
