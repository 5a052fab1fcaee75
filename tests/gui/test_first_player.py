"""What a first-time player met, fixed: the window on the screen, refusals said where the
player looks and only for the moment, games never given up without asking, the keys, the
score dock, the charts, the demo and keyboard entries, and the small things."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QTableView
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game
from test_whole_game import click_card

from peppa_qt.gui import texts
from peppa_qt.gui.dialogs.notices import Notices
from peppa_qt.gui.presenter.table_presenter import PASSING, PLAYING
from peppa_qt.gui.window.main_window import MainWindow


def playing_with_a_dimmed_card(qtbot: QtBot, window: MainWindow) -> int:
    """Play a one-hand Peppa game until the human must follow and holds another suit."""
    window.start_game(short_game("peppa", 1))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    for card in window.scene.hands[0][:3]:
        window.presenter.toggle_selected(card)
    window.presenter.confirm_pass()
    scene = window.scene
    while True:
        qtbot.waitUntil(lambda: window.presenter.mode == PLAYING, timeout=5000)
        dimmed = [c for c in scene.hands[0] if scene.item(c).dimmed]
        if dimmed:
            return dimmed[0]
        legal = [c for c in scene.hands[0] if not scene.item(c).dimmed]
        count = len(scene.hands[0])
        window.presenter.play_card(legal[0])
        qtbot.waitUntil(lambda n=count: len(scene.hands[0]) == n - 1)


def test_the_first_window_fits_the_screen_frame_and_all(
    make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    free = window.screen().availableGeometry()
    window.resize(free.size())  # as a first start asks: the whole free area
    window.move(free.topLeft())
    title = 30  # the window manager's frame, known once the window is shown

    def framed() -> QRect:  # the frame's top left is the window's pos(), as on a desktop
        return QRect(window.pos().x(), window.pos().y(), window.width(), window.height() + title)

    monkeypatch.setattr(window, "frameGeometry", framed)
    window.fit_to_screen()
    assert free.contains(framed()), (free, framed())
    assert window.height() <= free.height() - title
    # Small enough for a 1024×600 work area, title bar included.
    assert window.minimumHeight() + title <= 600 and window.minimumWidth() <= 1024


def test_a_refused_card_is_said_above_the_hand_and_only_until_the_next_action(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    dimmed = playing_with_a_dimmed_card(qtbot, window)
    note, status = window.scene.note, window.status_line
    click_card(qtbot, window, dimmed)
    assert note.isVisible() and note.text == status.prompt()
    assert note.text.startswith("You must follow")
    hand_top = window.scene.layout.hand_rect(0, len(window.scene.hands[0])).top()
    assert note.sceneBoundingRect().bottom() <= hand_top  # where the player is looking
    qtbot.keyClick(window.view, Qt.Key.Key_Right)  # the next action: the words go
    assert not note.isVisible()
    assert status.prompt() == "Your turn: play a card."


def test_choosing_the_pass_says_what_to_do_next(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    window.start_game(short_game("hearts", 1))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    hand, status = window.scene.hands[0], window.status_line
    for card in hand[:3]:
        window.presenter.toggle_selected(card)
    assert status.prompt().startswith("Three cards chosen: press “Pass cards”")
    window.presenter.toggle_selected(hand[5])  # a fourth: refused, at once, saying how
    assert window.presenter.selected == hand[:3]
    assert window.scene.note.isVisible() and "put it back" in window.scene.note.text
    window.presenter.toggle_selected(hand[0])
    assert status.prompt() == "Choose three cards to pass."
    assert not window.scene.note.isVisible()


@pytest.mark.parametrize("command", ["new game", "open", "import", "demo"])
def test_every_command_that_ends_a_game_asks_first(
    qtbot: QtBot,
    make_window: WindowMaker,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    command: str,
) -> None:
    from peppa_qt.gui.dialogs.new_game import NewGameDialog

    window = make_window()
    window.start_game(short_game("hearts", 2))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    saved = tmp_path / "other.peppa"  # a file to open, saved before the pass: gone on since
    assert window.session.save_to(saved)
    for card in window.scene.hands[0][:3]:  # the player has done something: it would be lost
        window.presenter.toggle_selected(card)
    window.presenter.confirm_pass()
    qtbot.waitUntil(lambda: window.presenter.mode != PASSING, timeout=5000)
    match = window.controller.match
    asked: list[str] = []

    def refuse(cls: type, parent: object, question: str, action: str) -> bool:
        asked.append(question)
        return False  # Cancel, the default

    monkeypatch.setattr(Notices, "confirm", classmethod(refuse))
    monkeypatch.setattr(NewGameDialog, "ask", classmethod(lambda cls, *a: short_game("peppa")))
    monkeypatch.setattr(Notices, "open_path", classmethod(lambda cls, *a: saved))
    commands = window.commands
    run = {
        "new game": commands.ask_new_game,
        "open": commands.open_game,
        "import": commands.import_record,
        "demo": commands.watch_demo,
    }[command]
    run()
    assert len(asked) == 1 and "in progress" in asked[0]
    assert window.controller.match is match and not window.demo  # nothing was given up


def test_a_click_on_the_score_sheet_leaves_the_keys_to_the_cards(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.start_game(short_game("hearts", 1))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    window.dock.show()
    window.view.setFocus()
    sheet = window.dock.findChildren(QTableView)[0]
    qtbot.mouseClick(sheet.viewport(), Qt.MouseButton.LeftButton)
    qtbot.keyClick(window.view, Qt.Key.Key_Right)
    assert window.scene.focus == window.scene.hands[0][0]
    assert sheet.focusPolicy() == Qt.FocusPolicy.TabFocus  # Tab still reaches it


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_corner_is_not_cut_with_the_score_sheet_open(
    qtbot: QtBot, make_window: WindowMaker, size: tuple[int, int]
) -> None:
    window = make_window(size=size)
    window.dock.show()
    window.start_game(short_game("torino", 10))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    qtbot.waitUntil(lambda: window.view.width() < size[0] - 150)  # the sheet beside the table
    assert window.scene.info.cut_lines() == []


def test_the_score_dock_draws_the_totals_as_the_game_goes(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.start_game(short_game("peppa", 3, human=False))
    qtbot.waitUntil(window.summary_panel.isVisible, timeout=10_000)
    chart = window.build_game().chart
    assert chart.series() == [[t[s] for t in window.scores.progress()] for s in range(4)]
    assert len(chart.series()[0]) == 1


def test_the_statistics_chart_shows_points_per_hand_game_by_game(qtbot: QtBot) -> None:
    from peppa_qt.gui.dialogs.statistics import StatisticsDialog
    from peppa_qt.storage import PlayerStats, Statistics

    anna = PlayerStats("Anna", "peppa", games=3, hands=12, points=60, history=(4.0, 6.5, 4.5))
    dialog = StatisticsDialog(Statistics((anna,)), Statistics)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.chart.isVisible() and dialog.chart.series() == [[4.0, 6.5, 4.5]]
    assert "Anna" in dialog.chart_title.text()


def test_the_demo_has_a_menu_entry_and_the_keys_a_help_page(
    qtbot: QtBot, make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    from peppa_qt.gui.dialogs.help import KeyboardDialog

    window = make_window()
    actions = {a.text(): a for a in window.findChildren(QAction)}
    actions["&Watch the computers play"].trigger()
    assert window.demo and not window.controller.humans()
    shown: list[list[tuple[str, str]]] = []
    monkeypatch.setattr(KeyboardDialog, "exec", lambda self: shown.append(self.rows) or 0)
    actions["&Keyboard"].trigger()
    keys = dict(shown[0])
    assert keys["Ctrl+N"] == "New game" and keys["F1"] == "Rules" and "Space" in keys
    assert actions["&Play again"].toolTip() == "Play again (Ctrl+R)"


def test_small_things(qtbot: QtBot, make_window: WindowMaker) -> None:
    from PySide6.QtWidgets import QTextBrowser

    from peppa_qt.gui.dialogs.help import AboutDialog

    assert texts.points_text(-10) == "−10"  # a true minus, as everywhere on the table
    window = make_window()
    green = window.scene.badges[0].colours
    window.apply_settings(replace(window.settings, table_colour="red"))
    assert window.scene.badges[0].colours != green  # the plates take the felt's colour
    about = AboutDialog(window)
    about.show()
    browser = about.findChildren(QTextBrowser)[0]
    assert browser.horizontalScrollBar().maximum() == 0  # the licence wraps
    layout = window.scene.layout
    north_pile = layout.taken_spot(2, 0, point_card=True)
    plate = layout.badge_rect(2)
    assert plate.left() <= north_pile.x <= plate.right()  # under North's own plate


def test_the_windows_place_is_kept_with_each_autosave(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    """After a crash (no Quit), the window comes back where and as it was."""
    window = make_window()
    window.dock.show()
    window.start_game(short_game("hearts", 1))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    saved = json.loads(window.profile.where.settings_file.read_text(encoding="utf-8"))
    assert saved["window_geometry"] and saved["window_state"]
    again = MainWindow(speed="off")
    qtbot.addWidget(again)
    assert not again.dock.isHidden()


def test_the_prompt_survives_a_menu_and_a_notice(qtbot: QtBot, make_window: WindowMaker) -> None:
    """Opening a menu (its items' tips pass over the status line) or saving must not lose
    "Your turn: play a card." for the rest of the turn."""
    window = make_window()
    window.start_game(short_game("hearts", 1))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    status = window.status_line
    prompt = status.prompt()
    assert prompt
    status.showMessage("a menu item's status tip")  # what hovering a menu item does
    status.clearMessage()  # and leaving it
    assert status.currentMessage() == "" and status.prompt() == prompt
    label = status.findChild(QLabel, "prompt")
    assert label is not None and label.isVisible() and label.text() == prompt


def test_a_click_on_the_felt_or_opening_the_score_sheet_ends_the_refusal_note(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    dimmed = playing_with_a_dimmed_card(qtbot, window)
    note, status = window.scene.note, window.status_line
    click_card(qtbot, window, dimmed)
    assert note.isVisible()
    felt = window.view.mapFromScene(window.scene.layout.center_x, window.scene.layout.center_y)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=felt)
    assert not note.isVisible() and status.prompt() == "Your turn: play a card."
    click_card(qtbot, window, dimmed)
    assert note.isVisible()
    window.dock.toggleViewAction().trigger()  # F3: the table is laid out again
    qtbot.waitUntil(lambda: not note.isVisible())


def test_a_fresh_deal_is_given_up_without_a_question(
    qtbot: QtBot, make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing played, nothing passed by the player: a new game loses nothing, asks nothing."""
    from peppa_qt.gui.dialogs.new_game import NewGameDialog

    window = make_window()
    window.start_game(short_game("hearts", 2))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    asked: list[str] = []
    monkeypatch.setattr(
        Notices, "confirm", classmethod(lambda cls, p, question, a: asked.append(question))
    )
    monkeypatch.setattr(NewGameDialog, "ask", classmethod(lambda cls, *a: short_game("peppa")))
    before = window.controller.match
    window.commands.ask_new_game()
    assert asked == [] and window.controller.match is not before
