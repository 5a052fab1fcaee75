"""The tricks of the hand in play: who played what, and who took it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor, QFont

from .card_text import card_label, suit_ink

Index = QModelIndex | QPersistentModelIndex
CARD_ROLE = Qt.ItemDataRole.UserRole + 1

#: The mark of the card that led the trick.
LED = "▸"
#: A trick: the card of each seat, the leader, the winner and the points in it.
TrickRow = tuple[tuple[int, ...], int, int, int]


class TrickListModel(QAbstractTableModel):
    """One row per finished trick: the card each player played (the lead marked ▸, the
    winner's in bold) and the points the trick carried. A column per seat (as many as the
    players' names), then the points."""

    def __init__(self, parent: QObject | None = None, *, four_colour: bool = False) -> None:
        super().__init__(parent)
        #: The cards' colours as the table's: clubs green and diamonds blue with four.
        self.four_colour = four_colour
        #: Before a game's names: the columns of a four-seat table, nameless.
        self._names = ["", "", "", ""]
        self._tricks: list[TrickRow] = []
        #: Each trick's cells, each a role's value: the views ask again for every cell of
        #: every row each time a row comes (the rows fit their contents), so it is made once.
        self._cells: list[list[dict[int, Any]]] = []
        #: A card in words ("9 of clubs"), what a screen reader says of a cell (its text,
        #: "▸9♣", was read as symbols); None: the cell's text.
        self.card_words: Callable[[int], str] | None = None

    def reset(self, names: Sequence[str] | None = None) -> None:
        """Empty the list (a new hand), optionally with new player names."""
        self.beginResetModel()
        if names is not None:
            self._names = list(names)
        self._tricks.clear()
        self._cells.clear()
        self.endResetModel()

    def add_trick(self, plays: Sequence[tuple[int, int]], winner: int, points: int = 0) -> None:
        """Add a finished trick: (seat, card) pairs in play order, its winner, its points."""
        by_seat = [0] * self.seats
        for seat, card in plays:
            by_seat[seat] = card
        row = len(self._tricks)
        self.beginInsertRows(QModelIndex(), row, row)
        cards = tuple(by_seat)
        self._tricks.append((cards, plays[0][0], winner, points))
        self._cells.append(_cells(cards, plays[0][0], winner, points, self.four_colour))
        self.endInsertRows()

    def set_four_colour(self, on: bool) -> None:
        """Write the cards in four colours (clubs green, diamonds blue) or in two."""
        if on == self.four_colour:
            return
        self.four_colour = on
        self._cells = [_cells(*trick, on) for trick in self._tricks]
        if self._tricks:
            bottom_right = self.index(len(self._tricks) - 1, self.points_column - 1)
            roles = [Qt.ItemDataRole.ForegroundRole]
            self.dataChanged.emit(self.index(0, 0), bottom_right, roles)

    def reset_names(self, names: Sequence[str]) -> None:
        """The players' names as shown now (the language changed), the rows kept."""
        if len(names) != self.seats:  # another table: its rows cannot be kept
            self.reset(names)
            return
        self._names = list(names)
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.points_column)

    @property
    def seats(self) -> int:
        """How many seats the list has a column for."""
        return len(self._names)

    @property
    def points_column(self) -> int:
        """The column of a trick's points, after the players'."""
        return len(self._names)

    def trick(self, row: int) -> TrickRow:
        """Trick ``row``: the card of each seat, the leader, the winner, the points."""
        return self._tricks[row]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._tricks)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else self.points_column + 1

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return self._heard(index.row(), index.column())
        if role != Qt.ItemDataRole.ToolTipRole:
            return self._cells[index.row()][index.column()].get(role)
        _, leader, winner, _ = self._tricks[index.row()]
        seat = index.column()
        if seat != self.points_column:
            if seat == winner:
                return self.tr("Took the trick")
            return self.tr("Led the trick") if seat == leader else None
        return None

    def _heard(self, row: int, column: int) -> str | None:
        """A cell in words: "9 of clubs: led the trick" (asked each time: the language may
        have changed since)."""
        cards, leader, winner, points = self._tricks[row]
        if column == self.points_column:
            return str(points)
        if self.card_words is None:
            return None
        card = self.card_words(cards[column])
        if column == leader == winner:
            return self.tr("{card}: led and took the trick").format(card=card)
        if column == winner:
            return self.tr("{card}: took the trick").format(card=card)
        if column == leader:
            return self.tr("{card}: led the trick").format(card=card)
        return card

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            if section == self.points_column:
                return self.tr("Points")
            return self._names[section] if 0 <= section < self.seats else None
        return str(section + 1) if 0 <= section < len(self._tricks) else None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable


def _cells(
    cards: tuple[int, ...], leader: int, winner: int, points: int, four_colour: bool
) -> list[dict[int, Any]]:
    """A trick's row: each seat's card (the lead marked, the winner's bold), then the points."""
    centre = int(Qt.AlignmentFlag.AlignCenter)
    row: list[dict[int, Any]] = []
    for seat, card in enumerate(cards):
        cell: dict[int, Any] = {
            Qt.ItemDataRole.DisplayRole: (LED if seat == leader else "") + card_label(card),
            CARD_ROLE: card,
            Qt.ItemDataRole.ForegroundRole: _ink(card, four_colour),
            Qt.ItemDataRole.TextAlignmentRole: centre,
        }
        if seat == winner:
            font = QFont()
            font.setBold(True)
            cell[Qt.ItemDataRole.FontRole] = font
        row.append(cell)
    display = str(points).replace("-", "−")
    row.append({Qt.ItemDataRole.DisplayRole: display, Qt.ItemDataRole.TextAlignmentRole: centre})
    return row


def _ink(card: int, four_colour: bool) -> QColor | None:
    ink = suit_ink(card, four_colour)
    return None if ink is None else QColor(ink)
