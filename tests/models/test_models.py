"""The score sheet and the trick list behave as Qt item models and show what was played."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester

from peppa_qt.models import ScoreSheetModel, TrickListModel
from peppa_qt.models.card_text import card_label

NAMES = ["Anna", "Bruno", "Carla", "Dario"]


def test_score_sheet_is_a_valid_model_with_a_totals_row(qtmodeltester: ModelTester) -> None:
    model = ScoreSheetModel()
    model.reset(NAMES)
    qtmodeltester.check(model)
    model.add_hand((13, 10, 8, 5), (13, 10, 8, 5))
    model.add_hand((0, 36, 0, 0), (13, 46, 8, 5), moon=1)
    qtmodeltester.check(model)
    assert model.rowCount() == 3
    assert model.headerData(2, Qt.Orientation.Vertical) == "Total"
    assert model.headerData(1, Qt.Orientation.Horizontal) == "Bruno"
    assert model.data(model.index(1, 1)) == "36"
    assert model.data(model.index(2, 1)) == "46"
    assert model.data(model.index(1, 1), Qt.ItemDataRole.ToolTipRole)
    assert model.progress() == [(13, 10, 8, 5), (13, 46, 8, 5)]


def test_score_sheet_takes_many_hands_at_once_as_it_takes_them_one_by_one(
    qtmodeltester: ModelTester,
) -> None:
    rows = [((h, 0, 26 - h, 0), (h, 0, 26 * (h + 1) - h, 0), None) for h in range(300)]
    rows[7] = ((0, 26, 0, 0), (7, 26, 182, 0), 1)
    one_by_one, at_once = ScoreSheetModel(), ScoreSheetModel()
    for model in (one_by_one, at_once):
        model.reset(NAMES)
        model.add_hand((1, 2, 3, 20), (1, 2, 3, 20))
    for points, totals, moon in rows:
        one_by_one.add_hand(points, totals, moon)
    qtmodeltester.check(at_once)
    changed: list[int] = []
    at_once.dataChanged.connect(lambda top, *_: changed.append(top.row()))
    at_once.add_hands(rows)
    qtmodeltester.check(at_once)
    assert changed == [301]  # the totals row, once: the chart follows it
    assert at_once.progress() == one_by_one.progress()
    assert at_once.rowCount() == one_by_one.rowCount() == 302
    for row in range(302):
        for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            cells = [m.data(m.index(row, c), role) for m in (at_once, one_by_one) for c in range(4)]
            assert cells[:4] == cells[4:]


def test_score_sheet_reset_empties_it(qtmodeltester: ModelTester) -> None:
    model = ScoreSheetModel()
    model.reset(NAMES)
    model.add_hand((1, 2, 3, 30), (1, 2, 3, 30))
    model.reset(["A", "B", "C", "D"])
    qtmodeltester.check(model)
    assert model.rowCount() == 1 and model.totals() == (0, 0, 0, 0)


def test_trick_list_puts_each_card_under_its_player(qtmodeltester: ModelTester) -> None:
    model = TrickListModel()
    model.reset(NAMES)
    qtmodeltester.check(model)
    model.add_trick([(2, 0), (3, 5), (0, 50), (1, 12)], winner=1, points=7)
    qtmodeltester.check(model)
    row = [model.data(model.index(0, s)) for s in range(5)]
    assert row == [card_label(50), card_label(12), "▸" + card_label(0), card_label(5), "7"]
    assert row == ["K♠", "A♣", "▸2♣", "7♣", "7"]  # North led; East took it: bold
    assert model.data(model.index(0, 1), Qt.ItemDataRole.FontRole).bold()
    assert model.headerData(4, Qt.Orientation.Horizontal) == "Points"
    model.reset()
    assert model.rowCount() == 0


def test_card_labels() -> None:
    assert card_label(49) == "Q♠"
    assert card_label(34) == "10♥"


def test_trick_list_of_eight_seats_puts_both_copies_under_their_players(
    qtmodeltester: ModelTester,
) -> None:
    model = TrickListModel()
    model.reset(["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ugo"])
    qtmodeltester.check(model)
    queen = 49
    plays = [(6, 44), (7, queen), (0, 45), (1, 40), (2, queen), (3, 41), (4, 42), (5, 43)]
    model.add_trick(plays, winner=2, points=26)  # the second Q♠ wins
    qtmodeltester.check(model)
    assert model.columnCount() == 9 and model.headerData(8, Qt.Orientation.Horizontal) == "Points"
    assert model.headerData(7, Qt.Orientation.Horizontal) == "Ugo"
    row = [model.data(model.index(0, s)) for s in range(9)]
    assert row[2] == row[7] == "Q♠" and row[6] == "▸" + card_label(44) and row[8] == "26"
    assert model.data(model.index(0, 2), Qt.ItemDataRole.FontRole).bold()
    assert model.data(model.index(0, 7), Qt.ItemDataRole.FontRole) is None
    assert model.data(model.index(0, 2), Qt.ItemDataRole.ToolTipRole) == "Took the trick"
    assert model.trick(0)[0] == (45, 40, queen, 41, 42, 43, 44, queen)
    model.reset(NAMES)  # a four-seat game next
    qtmodeltester.check(model)
    assert model.columnCount() == 5 and model.rowCount() == 0


def test_statistics_show_belmont_at_six_and_at_eight_as_two_rows() -> None:
    from peppa_qt.models.statistics import RULES, SORT_ROLE, StatisticsModel
    from peppa_qt.storage import PlayerStats, Statistics

    entries = (
        PlayerStats("Anna", "peppa", games=2),
        PlayerStats("Anna", "belmont", games=1, seats=6),
        PlayerStats("Anna", "belmont", games=3, seats=8),
    )
    model = StatisticsModel({"peppa": "Peppa", "belmont": "Belmont"}.__getitem__)
    model.set_statistics(Statistics(entries))
    texts = [model.data(model.index(row, RULES)) for row in range(3)]
    assert texts == ["Peppa", "Belmont (6)", "Belmont (8)"]
    # The rule-set filter matches the key: "Belmont" shows both tables.
    assert [model.data(model.index(row, RULES), SORT_ROLE) for row in range(3)] == [
        "peppa",
        "belmont",
        "belmont",
    ]


def test_trick_list_writes_the_cards_in_the_colours_of_the_cards(
    qtmodeltester: ModelTester,
) -> None:
    model = TrickListModel()
    model.add_trick([(0, 0), (1, 13), (2, 26), (3, 39)], winner=3)  # 2♣ 2♦ 2♥ 2♠

    def inks() -> list[str | None]:
        colours = [model.data(model.index(0, s), Qt.ItemDataRole.ForegroundRole) for s in range(4)]
        return [None if c is None else c.name() for c in colours]

    assert inks() == [None, "#c0262d", "#c0262d", None]
    changed: list[object] = []
    model.dataChanged.connect(lambda *args: changed.append(args))
    model.set_four_colour(True)
    assert inks() == ["#1a7a35", "#1553c0", "#c0262d", None]  # clubs green, diamonds blue
    assert changed  # the list is drawn again
    qtmodeltester.check(model)
