"""The Settings and Statistics dialogs: edits show at once, are kept, and reset."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from persistence_helpers import Messages
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QPushButton
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game

from peppa_qt.app import build_window
from peppa_qt.controller import GameSetup
from peppa_qt.gui.dialogs.new_game import NewGameDialog
from peppa_qt.gui.dialogs.settings import SettingsDialog
from peppa_qt.gui.dialogs.statistics import StatisticsDialog
from peppa_qt.gui.storage_texts import problem_text
from peppa_qt.gui.table.view import FELTS
from peppa_qt.gui.window.main_window import MainWindow
from peppa_qt.models.statistics import StatisticsModel
from peppa_qt.storage import (
    FileKind,
    Problem,
    ProblemKind,
    SeatDefault,
    Settings,
    Statistics,
    paths,
)
from peppa_qt.storage.statistics import PlayerStats

STATS = Statistics(
    (
        PlayerStats(
            "Anna",
            "peppa",
            games=4,
            wins=1,
            hands=30,
            points=210,
            moons=1,
            best=60,
            worst=104,
            undos=3,
            hints=12,
        ),
        PlayerStats("Bruno", "peppa", games=4, wins=3, hands=30, points=150, best=20, worst=101),
        PlayerStats("Anna", "hearts", games=1, hands=8, points=40, best=40, worst=40),
    )
)


@pytest.fixture
def messages(monkeypatch: pytest.MonkeyPatch) -> Messages:
    captured = Messages()
    captured.install(monkeypatch)
    return captured


def choose(combo: object, data: str) -> None:
    combo.setCurrentIndex(combo.findData(data))  # type: ignore[attr-defined]


def test_edits_show_at_once(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    window.start_game(short_game("hearts", 1))
    dialog = SettingsDialog(window.settings, window.session.levels, window)
    qtbot.addWidget(dialog)
    dialog.changed.connect(window.apply_settings)
    qtbot.waitUntil(lambda: bool(window.scene.hands[1]))
    choose(dialog.back, "green")
    assert window.cache.back_colour == "green"
    east = window.scene.items_of_hand(1)[0]
    assert east._pixmap.cacheKey() == window.cache.back(east._size, east._ratio).cacheKey()
    dialog.four_colour.setChecked(True)
    assert window.cache.four_colour and window.menus.four_colour_action.isChecked()
    choose(dialog.table, "blue")
    assert window.view._felt == FELTS["blue"]
    choose(dialog.speed, "slow")
    assert window.speed == "slow" and window.menus.speed_actions["slow"].isChecked()
    dialog.auto_play.setChecked(True)
    assert window.presenter.auto_play
    assert dialog.settings().card_back == "green" and dialog.settings().animation_speed == "slow"


def test_cancel_puts_the_old_settings_back_and_ok_keeps_them(
    make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    before = window.settings
    chosen = Settings(card_back="blue", table_colour="red", animation_speed="off", sound=False)
    answers: list[Settings | None] = [None, chosen]

    def ask(
        cls: type,
        parent: MainWindow,
        settings: Settings,
        levels: list[str],
        preview: Callable[[Settings], None],
        **_: object,  # the sound's status line
    ) -> Settings | None:
        preview(chosen)  # the player tried something...
        assert window.cache.back_colour == "blue"
        return answers.pop(0)

    monkeypatch.setattr(SettingsDialog, "ask", classmethod(ask))
    window.commands.show_preferences()
    assert window.settings == before and window.cache.back_colour == "red"
    window.commands.show_preferences()
    assert window.settings == chosen and window.view._felt == FELTS["red"]
    assert window.profile.load_settings() == (chosen, None)


def test_settings_window_size_and_the_default_game_survive_a_restart(
    qtbot: QtBot, make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window(size=(1024, 700))  # the offscreen screen is 800 pixels high
    window.dock.show()
    chosen = short_game("torino", 3)

    def ask(cls: type, parent: object, levels: list[str], previous: GameSetup) -> GameSetup:
        return chosen

    monkeypatch.setattr(NewGameDialog, "ask", classmethod(ask))
    window.commands.ask_new_game()
    window.apply_settings(
        Settings(
            card_back="green",
            four_colour=True,
            animation_speed="off",
            players=window.settings.players,
            rule_set="torino",
            rule_options=window.settings.rule_options,
        )
    )
    window.close()
    again = MainWindow(speed="off")
    qtbot.addWidget(again)
    assert again.cache.back_colour == "green" and again.cache.four_colour
    assert again.size().height() == 700 and again.dock.isVisibleTo(again)
    assert again.settings.players[1] == SeatDefault("Bruno", "x")
    from peppa_qt.gui.dialogs.defaults import setup_from_settings

    offered = setup_from_settings(again.settings, ["x"])
    assert offered.rules == chosen.rules and offered.seats == chosen.seats


def test_a_six_seat_game_in_the_settings_is_offered_at_six_seats_and_kept(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    """A Belmont game the settings offer (a game chosen before, or a hand) is offered as it
    is: six seats, its players, Belmont alone among the rule sets of a table of six."""
    from peppa_qt.gui.dialogs.defaults import setup_from_settings

    players = tuple(SeatDefault(n, "normal") for n in ("Anna", "B", "C", "D", "E", "F"))
    belmont = Settings(rule_set="belmont", players=players, seats=6, animation_speed="off")
    offered = setup_from_settings(belmont, ["normal"])
    assert offered.rules.seats == len(offered.seats) == 6
    assert [s.name for s in offered.seats] == ["Anna", "B", "C", "D", "E", "F"]
    window = make_window()
    window.apply_settings(belmont)
    assert window.settings.seats == 6 and window.settings.rule_set == "belmont"
    dialog = NewGameDialog(["normal"], offered, window)
    qtbot.addWidget(dialog)
    names = [dialog.preset.itemData(i) for i in range(dialog.preset.count())]
    assert names == ["belmont"] and dialog.seats() == 6
    assert dialog.setup().rules == offered.rules


def test_the_statistics_table(qtbot: QtBot, qtmodeltester: ModelTester) -> None:
    model = StatisticsModel()
    model.set_statistics(STATS)
    qtmodeltester.check(model)
    dialog = StatisticsDialog(STATS, Statistics)
    qtbot.addWidget(dialog)
    assert dialog.proxy.rowCount() == 3 and not dialog.empty.isVisibleTo(dialog)
    choose(dialog.rules, "hearts")
    assert dialog.proxy.rowCount() == 1
    choose(dialog.rules, "")
    dialog.table.sortByColumn(
        4, dialog.table.horizontalHeader().sortIndicatorOrder().AscendingOrder
    )
    first = dialog.proxy.index(0, 0).data()
    assert first == "Anna"  # 5.0 points per hand at Hearts, the fewest
    row = [dialog.proxy.index(2, c).data() for c in range(10)]
    assert row == ["Anna", "Peppa", "4", "1 (25%)", "7.0", "1", "60", "104", "3", "12"]
    headers = (
        dialog.proxy.headerData(8, Qt.Orientation.Horizontal),
        dialog.proxy.headerData(9, Qt.Orientation.Horizontal),
    )
    assert headers == ("Undos", "Hints")


def test_reset_asks_first(qtbot: QtBot, messages: Messages) -> None:
    resets: list[int] = []

    def reset() -> Statistics:
        resets.append(1)
        return Statistics()

    dialog = StatisticsDialog(STATS, reset)
    qtbot.addWidget(dialog)
    messages.answer = False
    dialog.reset_button.click()
    assert resets == [] and dialog.proxy.rowCount() == 3
    messages.answer = True
    dialog.reset_button.click()
    assert resets == [1] and dialog.proxy.rowCount() == 0
    assert not dialog.reset_button.isEnabled() and dialog.empty.isVisibleTo(dialog)


def test_the_menu_opens_the_statistics_and_a_reset_empties_the_file(
    make_window: WindowMaker, messages: Messages, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    assert window.profile.save_statistics(STATS) is None
    shown: list[Statistics] = []
    players: list[tuple[str, str] | None] = []

    def show_for(
        cls: type,
        parent: object,
        stats: Statistics,
        reset: Callable[[], Statistics],
        player: tuple[str, str] | None = None,
    ) -> None:
        shown.append(stats)
        players.append(player)
        reset()

    monkeypatch.setattr(StatisticsDialog, "show_for", classmethod(show_for))
    window.commands.show_statistics()
    assert shown == [STATS]
    assert window.profile.load_statistics() == (Statistics(), None)
    window.start_game(short_game("torino", 1))
    window.commands.show_statistics()
    assert players == [("You", "peppa"), ("Anna", "torino")]  # the human, not a computer


def test_the_statistics_open_at_the_human_not_at_the_first_name(qtbot: QtBot) -> None:
    computers = [PlayerStats(n, "peppa", games=2, hands=20, points=90) for n in ("Bruno", "Dario")]
    you = [
        PlayerStats("You", r, games=1, hands=9, points=40, history=(4.4,))
        for r in ("hearts", "peppa")
    ]
    stats = Statistics((*computers, *you))
    dialog = StatisticsDialog(stats, Statistics, player=("You", "peppa"))
    qtbot.addWidget(dialog)
    current = dialog.table.currentIndex()
    entry = dialog.model.entry(dialog.proxy.mapToSource(current).row())
    assert entry is not None and (entry.name, entry.rules) == ("You", "peppa")
    assert dialog.chart_title.text().startswith("You, Peppa")


def test_restore_defaults_and_change_the_first_game(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    start = Settings(card_back="blue", window_geometry="AAAA", recent_files=("/a.peppa",))
    dialog = SettingsDialog(start, ["easy", "normal"], None)
    qtbot.addWidget(dialog)
    edits: list[Settings] = []
    dialog.changed.connect(edits.append)
    buttons = [b for b in dialog.findChildren(QPushButton) if b.text() == "Restore Defaults"]
    assert len(buttons) == 1
    buttons[0].click()
    assert edits[-1] == Settings(window_geometry="AAAA", recent_files=("/a.peppa",))
    chosen = short_game("torino", 4)

    def ask(cls: type, parent: object, levels: list[str], previous: GameSetup) -> GameSetup:
        assert previous.rules.name == "peppa"
        return chosen

    monkeypatch.setattr(NewGameDialog, "ask", classmethod(ask))
    dialog.change_game.click()
    result = dialog.settings()
    assert result.rule_set == "torino" and result.players[0] == SeatDefault("Anna")
    assert "Peppa Torino" in dialog.game_rules.text() and "4 hands" in dialog.game_rules.text()


def test_the_window_refuses_the_real_home_while_testing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(paths, "_override", None)
    with pytest.raises(paths.RealHomeRefusedError):
        MainWindow()
    with pytest.raises(paths.RealHomeRefusedError):
        build_window(False, None)


@pytest.mark.parametrize("file", list(FileKind))
@pytest.mark.parametrize("kind", list(ProblemKind))
def test_every_problem_is_one_sentence(qtbot: QtBot, file: FileKind, kind: ProblemKind) -> None:
    kept = Path("/p/x.corrupt") if kind in (ProblemKind.DAMAGED, ProblemKind.NEWER) else None
    problem = Problem(kind, file, Path("/p/{name}.peppa"), "rule option '{x}' unknown", kept)
    text = problem_text(problem)
    assert text.endswith(".") and text.count(". ") == 0 and "\n" not in text
    assert text[0].isupper() or text.startswith("{name}")


def test_a_recent_file_with_an_ampersand_shows_its_whole_name_and_opens(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path
) -> None:
    """An "&" in a file's name is shown as it is, not taken for the menu item's key."""
    window = make_window()
    path = tmp_path / "Anna&Bruno.peppa"
    window.apply_settings(replace(window.settings, recent_files=(str(path),)))
    window.menus.recent_menu.aboutToShow.emit()
    (action,) = window.menus.recent_menu.actions()
    assert action.text().replace("&&", "&") == "Anna&Bruno.peppa"
    assert QKeySequence.mnemonic(action.text()).isEmpty()  # no letter made the item's key
    opened: list[Path] = []
    window.commands.open_path = opened.append  # type: ignore[method-assign]
    action.trigger()
    assert opened == [path]


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_statistics_headers_show_whole_on_a_small_screen(qtbot: QtBot, language: str) -> None:
    """Every column as wide as its header (with the sort arrow) at 1024×640: the names'
    column was squeezed to what the others left, "Giocatore" cut to "iocator"."""
    from peppa_qt.gui.window.language import translations

    translations.use(language)
    try:
        dialog = StatisticsDialog(STATS, Statistics)
        qtbot.addWidget(dialog)
        dialog.resize(1000, 600)  # the widest the dialog is on a 1024-pixel screen
        dialog.show()
        qtbot.waitExposed(dialog)
        header = dialog.table.horizontalHeader()
        cut = [
            dialog.proxy.headerData(c, Qt.Orientation.Horizontal)
            for c in range(header.count())
            if header.sectionSize(c) < header.sectionSizeHint(c)
        ]
        assert cut == []
    finally:
        translations.use("en")


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_statistics_of_an_eight_seat_game_show_every_player_without_scrolling(
    qtbot: QtBot, make_window: WindowMaker, size: tuple[int, int]
) -> None:
    """After one Belmont game at eight, the eight rows all show (the chart below gives room)."""
    names = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ugo"]
    eight = Statistics(
        tuple(
            PlayerStats(
                n, "belmont", games=1, hands=1, points=s, best=s, worst=s, history=(s,), seats=8
            )
            for s, n in enumerate(names)
        )
    )
    window = make_window(size=size)
    dialog = StatisticsDialog(eight, Statistics, window, player=("Anna", "belmont"))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.height() <= size[1] - 40  # a title bar's room
    table = dialog.table
    last = dialog.proxy.rowCount() - 1
    assert last == 7
    bottom = table.rowViewportPosition(last) + table.rowHeight(last)
    assert table.rowViewportPosition(0) >= 0 and bottom <= table.viewport().height()
    assert table.verticalScrollBar().maximum() == 0
