"""The table's mouse (gui/table/pointer.py): a card of the hand clicked, dragged onto the table
or let go over the hand; a taken pile clicked; nothing taken when the hand is not to be played."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from peppa_qt.engine.cardset import CardSet
from peppa_qt.gui.table.card_pixmaps import CardPixmapCache
from peppa_qt.gui.table.pointer import DRAG_START
from peppa_qt.gui.table.scene import TableScene
from peppa_qt.gui.table.view import TableView

LEFT = Qt.MouseButton.LeftButton


def table(qtbot: QtBot, *, interactive: bool = True) -> tuple[TableScene, TableView, list[str]]:
    """A four-seat table mid-hand, South to play any card; what the scene said, in order."""
    scene = TableScene(CardPixmapCache(max_sizes=4))
    view = TableView(scene)
    qtbot.addWidget(view)
    view.resize(1024, 640)
    view.show()
    scene.speed = 0  # every move at once: a card let go is home at once
    hands = [list(range(s * 13, s * 13 + 10)) for s in range(4)]
    taken = [[], [], [10, 11, 12, 23, 24, 25, 36, 37, 38, 49, 50, 51], []]
    scene.restore(hands, 0, [], taken)
    scene.set_playable(CardSet.of(hands[0]), interactive=interactive)
    said: list[str] = []
    scene.card_clicked.connect(lambda card: said.append(f"card {card}"))
    scene.pile_clicked.connect(lambda seat: said.append(f"pile {seat}"))
    scene.touched.connect(lambda: said.append("touched"))
    return scene, view, said


def drag(qtbot: QtBot, view: TableView, start: QPoint, end: QPoint) -> None:
    """Press at ``start``, move to ``end`` in five steps, let go there."""
    qtbot.mousePress(view.viewport(), LEFT, pos=start)
    for step in range(1, 6):
        qtbot.mouseMove(view.viewport(), start + (end - start) * step / 5)
    qtbot.mouseRelease(view.viewport(), LEFT, pos=end)


def test_a_card_dropped_on_the_table_is_played(qtbot: QtBot) -> None:
    scene, view, said = table(qtbot)
    middle = view.mapFromScene(scene.layout.center_x, scene.layout.center_y)
    drag(qtbot, view, view.card_position(4), middle)
    assert said == ["touched", "card 4"]


def test_a_card_let_go_over_the_hand_goes_home_unplayed(qtbot: QtBot) -> None:
    scene, view, said = table(qtbot)
    start = view.card_position(4)
    drag(qtbot, view, start, start + QPoint(40, -12))  # well past a click, still over the hand
    assert said == ["touched"]
    assert scene.misplaced() == []


def test_a_press_that_hardly_moves_is_a_click(qtbot: QtBot) -> None:
    scene, view, said = table(qtbot)
    start = view.card_position(4)
    drag(qtbot, view, start, start + QPoint(round(DRAG_START / 2), 0))
    assert said == ["touched", "card 4"]
    assert scene.misplaced() == []  # it never left its place


def test_a_click_on_a_taken_pile_asks_for_it(qtbot: QtBot) -> None:
    scene, view, said = table(qtbot)
    pile = view.mapFromScene(scene.item(scene.taken[2][-1]).sceneBoundingRect().center())
    qtbot.mouseClick(view.viewport(), LEFT, pos=pile)
    assert said == ["touched", "pile 2"]


def test_a_hand_not_to_be_played_takes_neither_clicks_nor_drags(qtbot: QtBot) -> None:
    scene, view, said = table(qtbot, interactive=False)
    start = view.card_position(4)
    qtbot.mouseClick(view.viewport(), LEFT, pos=start)
    middle = view.mapFromScene(scene.layout.center_x, scene.layout.center_y)
    drag(qtbot, view, start, middle)
    assert said == ["touched", "touched"]
    assert scene.misplaced() == []
