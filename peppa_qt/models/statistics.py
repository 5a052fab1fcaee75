"""The statistics table: one row per player, rule set and table size."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)

from ..engine.rules import PRESET_SEATS
from ..storage import PlayerStats, Statistics

Index = QModelIndex | QPersistentModelIndex
#: The raw value of a cell (numbers as numbers, the rule set's key): for sorting and filtering.
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
NAME, RULES, GAMES, WINS, PER_HAND, MOONS, BEST, WORST, UNDOS, HINTS = range(10)
COLUMNS = 10


class StatisticsModel(QAbstractTableModel):
    """Games, wins, points per hand, moons, best and worst game, undos and hints of each player."""

    def __init__(
        self,
        rules_name: Callable[[str], str] = str,
        parent: QObject | None = None,
        *,
        player_name: Callable[[str], str] = str,
    ) -> None:
        """``rules_name`` and ``player_name`` word a rule set and a stored name for the screen."""
        super().__init__(parent)
        self._rules_name = rules_name
        self._player_name = player_name
        self._rows: list[PlayerStats] = []

    def set_statistics(self, stats: Statistics) -> None:
        """Show ``stats``."""
        self.beginResetModel()
        self._rows = list(stats.entries)
        self.endResetModel()

    def entry(self, row: int) -> PlayerStats | None:
        """The record shown in ``row`` (None past the last)."""
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def _raw(self, row: PlayerStats, column: int) -> Any:
        values = (
            row.name,
            row.rules,
            row.games,
            row.wins,
            row.points_per_hand,
            row.moons,
            row.best,
            row.worst,
            row.undos,
            row.hints,
        )
        return values[column]

    def _text(self, row: PlayerStats, column: int) -> str:
        value = self._raw(row, column)
        if column == RULES:
            return self._rules_text(row)
        if column == NAME:
            return self._player_name(row.name)
        if column == WINS and row.games:
            return self.tr("{wins} ({percent}%)").format(
                wins=row.wins, percent=round(100 * row.wins / row.games)
            )
        if value is None:
            return "–"
        if isinstance(value, float):
            return QLocale().toString(value, "f", 1)  # 12.5, or 12,5 in Italian
        return QLocale().toString(value) if isinstance(value, int) else str(value)

    def _rules_text(self, row: PlayerStats) -> str:
        """The rule set's name; with its table size when it is played at more than one
        ("Belmont (6)", "Belmont (8)": two kinds of game, each a row of its own)."""
        name = self._rules_name(row.rules)
        one_size = len(PRESET_SEATS.get(row.rules, ())) <= 1  # Belmont's six and eight: say which
        return name if one_size else f"{name} ({row.seats})"

    # ------------------------------------------------------------ Qt's model API

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else COLUMNS

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, column = self._rows[index.row()], index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, column)
        if role == SORT_ROLE:
            value = self._raw(row, column)
            return float("inf") if value is None else value
        if role == Qt.ItemDataRole.TextAlignmentRole and column > RULES:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < COLUMNS:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._headers()[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tips().get(section)
        return None

    def _headers(self) -> tuple[str, ...]:
        return (
            self.tr("Player"),
            self.tr("Rules"),
            self.tr("Games"),
            self.tr("Wins"),
            self.tr("Points per hand"),
            self.tr("Moons"),
            self.tr("Best"),
            self.tr("Worst"),
            self.tr("Undos"),
            self.tr("Hints"),
        )

    def _tips(self) -> dict[int, str]:
        return {
            PER_HAND: self.tr("Mean points scored in a hand (fewer is better)"),
            MOONS: self.tr("Hands in which the player took every point card (cappotto)"),
            BEST: self.tr("The lowest final total of a game"),
            WORST: self.tr("The highest final total of a game"),
            UNDOS: self.tr("Moves taken back, in every game counted"),
            HINTS: self.tr("Hints asked for, in every game counted"),
        }

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
