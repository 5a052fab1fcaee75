"""The statistics' second chart: the coach's points lost per reviewed hand, game by game;
a player never reviewed is told so, with no chart of invented zeros."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from peppa_qt.gui.dialogs.statistics import StatisticsDialog
from peppa_qt.gui.window.language import translations
from peppa_qt.storage import CoachGame, PlayerStats, Statistics

#: Anna had hands reviewed in her games 1 and 3 (none in game 2).
ANNA = PlayerStats(
    "Anna",
    "peppa",
    games=3,
    hands=24,
    points=150,
    history=(6.0, 7.5, 5.0),
    coach=(CoachGame(1, 2, 9.0), CoachGame(3, 4, 4.0)),
)
BRUNO = PlayerStats("Bruno", "peppa", games=3, hands=24, points=120, history=(5.0, 4.0, 6.0))


def shown(qtbot: QtBot, player: str) -> StatisticsDialog:
    """The dialog on screen and active (keys go to its focus, as a player's do)."""
    dialog = StatisticsDialog(Statistics((ANNA, BRUNO)), Statistics, player=(player, "peppa"))
    qtbot.addWidget(dialog)
    with qtbot.waitActive(dialog):
        dialog.show()
        dialog.activateWindow()
    return dialog


def keys(dialog: StatisticsDialog) -> QWidget:
    """Where a key typed goes: the dialog's focus (the rule set's list when it opens)."""
    widget = QApplication.focusWidget()
    assert widget is not None and widget.window() is dialog
    return widget


def test_the_reviews_chart_shows_the_mean_loss_of_each_game_s_reviewed_hands(
    qtbot: QtBot,
) -> None:
    dialog = shown(qtbot, "Anna")
    assert dialog.chart.isVisible() and not dialog.coach_chart.isVisible()
    qtbot.keyClick(keys(dialog), Qt.Key.Key_R, Qt.KeyboardModifier.AltModifier)  # "&Reviews"
    assert dialog.coach_chart.isVisible() and not dialog.chart.isVisible()
    assert dialog.coach_chart.series() == [[4.5, 1.0]]
    assert dialog.coach_chart.column_numbers() == [1, 3]  # game 2 had no review: no point
    title = dialog.coach_title.text()
    assert title.startswith("Anna:") and "6 hands reviewed" in title and "2.2 on" in title
    qtbot.keyClick(
        keys(dialog), Qt.Key.Key_H, Qt.KeyboardModifier.AltModifier
    )  # "Points per &hand"
    assert dialog.chart.isVisible()


def test_a_player_never_reviewed_has_no_chart_of_losses(qtbot: QtBot) -> None:
    dialog = shown(qtbot, "Bruno")
    dialog.charts.setCurrentIndex(1)
    assert not dialog.coach_chart.isVisible()
    assert "no hand reviewed yet" in dialog.coach_title.text()
    dialog.table.selectRow(0)  # Anna: her chart comes back
    assert dialog.table.currentIndex().row() == 0
    assert dialog.coach_chart.isVisible() and dialog.coach_chart.series() == [[4.5, 1.0]]


def test_the_reviews_chart_speaks_italian(qtbot: QtBot) -> None:
    translations.use("it")
    try:
        dialog = shown(qtbot, "Anna")
        assert dialog.charts.tabText(1) == "&Revisioni"
        title = dialog.coach_title.text()
        assert "6 smazzate riviste" in title and "in media 2,2" in title
    finally:
        translations.use("en")
