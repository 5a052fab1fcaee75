"""The score sheet: one row per hand, one column per player, and a totals row."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QFont

Index = QModelIndex | QPersistentModelIndex
#: One number per seat.
PerSeat = tuple[int, ...]
POINTS_ROLE = Qt.ItemDataRole.UserRole + 1
#: The roles a cell may answer; the view asks for others too (a row's height, of every row).
_ROLES = frozenset(
    {
        Qt.ItemDataRole.DisplayRole,
        POINTS_ROLE,
        Qt.ItemDataRole.TextAlignmentRole,
        Qt.ItemDataRole.FontRole,
        Qt.ItemDataRole.ToolTipRole,
    }
)


class ScoreSheetModel(QAbstractTableModel):
    """Points of every hand by player; the last row holds the running totals."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._names: list[str] = []
        self._points: list[PerSeat] = []
        self._totals: list[PerSeat] = []
        self._moons: list[int | None] = []

    def reset(self, names: Sequence[str]) -> None:
        """Start a new sheet for these players (one column each)."""
        self.beginResetModel()
        self._names = list(names)
        self._points.clear()
        self._totals.clear()
        self._moons.clear()
        self.endResetModel()

    def add_hand(self, points: PerSeat, totals: PerSeat, moon: int | None = None) -> None:
        """Add a scored hand with the totals after it (team totals when playing in teams)."""
        row = len(self._points)
        self.beginInsertRows(QModelIndex(), row, row)
        self._points.append(points)
        self._moons.append(moon)
        self.endInsertRows()
        # The totals row changes after the insertion, as a change of its own.
        self._totals.append(totals)
        last = self.index(row + 1, 0)
        self.dataChanged.emit(last, self.index(row + 1, len(self._names) - 1))

    def add_hands(self, rows: Sequence[tuple[PerSeat, PerSeat, int | None]]) -> None:
        """Add scored hands at once, each as ``add_hand``'s (points, totals, moon): a game
        resumed after thousands of hands fills the sheet with one insertion, and the chart
        that follows the sheet is drawn again once, not once a hand."""
        if not rows:
            return
        first = len(self._points)
        self.beginInsertRows(QModelIndex(), first, first + len(rows) - 1)
        for points, _, moon in rows:
            self._points.append(points)
            self._moons.append(moon)
        self.endInsertRows()
        self._totals += [totals for _, totals, _ in rows]
        last = self.index(len(self._points), 0)
        self.dataChanged.emit(last, self.index(len(self._points), len(self._names) - 1))

    def totals(self) -> PerSeat:
        """The running totals (zeros before the first hand)."""
        return self._totals[-1] if self._totals else (0,) * len(self._names)

    def progress(self) -> list[PerSeat]:
        """The totals after each hand, for the score chart."""
        return list(self._totals)

    def hand_count(self) -> int:
        """How many hands are on the sheet."""
        return len(self._points)

    def reset_names(self, names: Sequence[str]) -> None:
        """The players' names as shown now (the language changed), the rows kept."""
        self._names = list(names)
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self._names) - 1)

    # ------------------------------------------------------------ Qt's model API

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._points) + 1

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._names)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in _ROLES or not index.isValid():  # asked of thousands of rows at once
            return None
        row, column = index.row(), index.column()
        is_total = row == len(self._points)
        value = self.totals()[column] if is_total else self._points[row][column]
        if role in (Qt.ItemDataRole.DisplayRole, POINTS_ROLE):
            return str(value) if role == Qt.ItemDataRole.DisplayRole else value
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.FontRole and is_total:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole and not is_total and self._moons[row] == column:
            return self.tr("Took every point card in this hand")
        return None

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return self._names[section] if 0 <= section < len(self._names) else None
        if section == len(self._points):
            return self.tr("Total")
        return str(section + 1) if 0 <= section < len(self._points) else None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
