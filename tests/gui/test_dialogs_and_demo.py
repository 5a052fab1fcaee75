"""The new-game dialog, the help, and the all-computer demo."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game

from peppa_qt.ai import available_levels
from peppa_qt.app import build_window
from peppa_qt.controller import GameSetup
from peppa_qt.controller.setup import default_level
from peppa_qt.engine import EndMode, MoonMode, PassDirection
from peppa_qt.gui.dialogs.defaults import default_setup
from peppa_qt.gui.dialogs.help import AboutDialog, RulesDialog, rules_html
from peppa_qt.gui.dialogs.new_game import NewGameDialog
from peppa_qt.gui.panels.hand_panels import HandSummaryPanel
from peppa_qt.gui.panels.summaries import HandSummary
from peppa_qt.gui.table.card_pixmaps import CardPixmapCache
from peppa_qt.gui.window.main_window import MainWindow


def test_default_game_is_peppa_to_100_against_normal_players() -> None:
    setup = default_setup(["easy", "normal", "hard"])
    assert setup.rules.name == "peppa"
    assert setup.rules.end_mode is EndMode.POINTS and setup.rules.end_value == 100
    assert setup.seats[0].is_human
    assert [s.level for s in setup.seats[1:]] == ["normal"] * 3
    assert default_level(["easy"]) == "easy"
    assert default_level(["easy", "hard"]) == "easy"


def test_dialog_offers_only_available_levels_and_builds_the_rules(qtbot: QtBot) -> None:
    dialog = NewGameDialog(["easy", "normal"], default_setup(["easy", "normal"]), None)
    qtbot.addWidget(dialog)
    east = dialog.kinds[1]
    assert [east.itemData(i) for i in range(east.count())] == ["human", "easy", "normal"]
    dialog.preset.setCurrentIndex(dialog.preset.findData("hearts"))
    dialog.preset.activated.emit(dialog.preset.currentIndex())
    assert dialog.queen_breaks.isEnabled()
    assert dialog.pass_cycle.currentData() == ["left", "right", "across", "hold"]
    assert dialog.pass_cycle.currentText() == "Left, right, across, no pass"
    assert dialog.pass_cycle.itemText(0) == "To the right every hand"  # Peppa's pass
    assert dialog.end_value.text() == "100 points"
    dialog.end_mode.setCurrentIndex(1)
    assert dialog.end_value.text() == "10 hands"  # the number says what it counts
    dialog.end_value.setValue(3)
    dialog.jack.setCurrentIndex(dialog.jack.findData(-10))
    dialog.moon.setCurrentIndex(dialog.moon.findData("subtract"))
    dialog.names[0].setText("Anna")
    dialog.kinds[3].setCurrentIndex(dialog.kinds[3].findData("easy"))
    setup = dialog.setup()
    rules = setup.rules
    assert rules.name == "hearts" and rules.end_mode is EndMode.HANDS and rules.end_value == 3
    assert rules.jack_of_diamonds == -10 and rules.moon is MoonMode.SUBTRACT
    assert rules.pass_cycle[0] is PassDirection.LEFT
    assert setup.seats[0].name == "Anna" and setup.seats[0].is_human
    assert setup.seats[3].level == "easy"
    dialog.preset.setCurrentIndex(dialog.preset.findData("torino"))
    dialog.preset.activated.emit(dialog.preset.currentIndex())
    torino = dialog.setup().rules
    assert torino.end_exceed and torino.two_winners and not dialog.queen_breaks.isEnabled()


def test_any_seat_may_be_a_human_and_human_names_must_differ(qtbot: QtBot) -> None:
    dialog = NewGameDialog(["easy", "normal"], default_setup(["easy", "normal"]), None)
    qtbot.addWidget(dialog)
    start = dialog._start
    for seat, name in enumerate(("Anna", "Marco", "Carla", "Dario")):
        dialog.kinds[seat].setCurrentIndex(dialog.kinds[seat].findData("human"))
        dialog.names[seat].setText(name)
    assert start.isEnabled() and dialog.problem.isHidden()
    setup = dialog.setup()
    assert [s.name for s in setup.seats] == ["Anna", "Marco", "Carla", "Dario"]
    assert all(s.is_human for s in setup.seats)
    dialog.names[2].setText(" marco ")  # the same name, as the statistics would see it
    assert not start.isEnabled() and "same name" in dialog.problem.text()
    dialog.kinds[2].setCurrentIndex(dialog.kinds[2].findData("normal"))  # a computer may
    assert start.isEnabled()
    for seat in range(4):
        dialog.kinds[seat].setCurrentIndex(dialog.kinds[seat].findData("easy"))
    assert not start.isEnabled() and "human" in dialog.problem.text()
    dialog.kinds[1].setCurrentIndex(dialog.kinds[1].findData("human"))
    dialog.names[1].setText("")
    assert start.isEnabled() and dialog.setup().seats[1].name == "You"  # the only human


@pytest.mark.parametrize(
    ("language", "you", "player"), [("en", "You", "Player"), ("it", "Tu", "Giocatore")]
)
def test_at_hot_seat_the_first_name_field_says_the_name_the_game_will_give(
    qtbot: QtBot, make_window: WindowMaker, language: str, you: str, player: str
) -> None:
    """With a second human the first seat is "Player 1", not "You": its field said "Tu" all
    the same; an empty field shows, in grey, the name its seat will take."""
    window = make_window()
    window.apply_settings(replace(window.settings, language=language))
    dialog = NewGameDialog(["easy"], default_setup(["easy"]), window)
    qtbot.addWidget(dialog)
    assert dialog.names[0].text() == you
    dialog.kinds[2].setCurrentIndex(dialog.kinds[2].findData("human"))
    assert dialog.names[0].text() == "" and dialog.names[0].placeholderText() == f"{player} 1"
    assert [s.name for s in dialog.setup().seats if s.is_human] == [f"{player} 1", "Carla"]
    dialog.kinds[2].setCurrentIndex(dialog.kinds[2].findData("easy"))
    assert dialog.names[0].placeholderText() == you and dialog.setup().seats[0].name == "You"
    dialog.table_size.setCurrentIndex(dialog.table_size.findData(8))
    dialog.table_size.activated.emit(dialog.table_size.currentIndex())
    dialog.names[6].clear()
    dialog.kinds[6].setCurrentIndex(dialog.kinds[6].findData("human"))
    assert [dialog.names[s].placeholderText() for s in (0, 6)] == [f"{player} 1", f"{player} 7"]
    assert [s.name for s in dialog.setup().seats if s.is_human] == [f"{player} {n}" for n in (1, 7)]


def ring_pixels(widget: QWidget) -> int:
    """How many of ``widget``'s pixels are of the highlight colour: its focus ring's."""
    image = widget.grab().toImage()
    ring = widget.palette().highlight().color()
    return sum(
        image.pixelColor(x, y) == ring for x in range(image.width()) for y in range(image.height())
    )


def test_a_combo_or_check_box_reached_by_tab_shows_a_ring(qtbot: QtBot) -> None:
    """Fusion marks a focused combo box with a line of one pixel a shade off its frame, a
    check box with nothing: going through the dialog by keyboard, the player lost their place."""
    dialog = NewGameDialog(["easy"], default_setup(["easy"]), None)
    qtbot.addWidget(dialog)
    with qtbot.waitActive(dialog):
        dialog.show()
        dialog.activateWindow()
    dialog.names[0].setFocus()
    for widget in (dialog.kinds[0], dialog.pass_cycle, dialog.seven):
        before = ring_pixels(widget)
        for _ in range(40):
            if dialog.focusWidget() is widget:
                break
            qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Tab)
        assert dialog.focusWidget() is widget
        # Two pixels wide all round: more than the two sides' length.
        assert ring_pixels(widget) - before > widget.width() + widget.height()


def test_new_game_menu_starts_the_chosen_game(
    qtbot: QtBot, make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    chosen = short_game("torino", 1)

    def ask(cls: type, parent: object, levels: list[str], previous: GameSetup) -> GameSetup:
        assert levels == window.session.levels
        return chosen

    monkeypatch.setattr(NewGameDialog, "ask", classmethod(ask))
    window.finish_startup()  # the menus (filled after the first paint)
    window.menus.new_action.trigger()  # the menu's own signal (triggered carries a bool)
    qtbot.waitUntil(lambda: window.presenter.mode == "passing", timeout=5000)
    match = window.controller.match
    assert match is not None and match.rules.name == "torino"
    assert window.scene.badges[1].state.name == "Bruno"
    chosen = short_game("hearts", 1)
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)  # and its keys
    qtbot.waitUntil(
        lambda: (
            window.controller.match is not None and window.controller.match.rules.name == "hearts"
        ),
        timeout=5000,
    )


def test_rules_help_in_both_languages(qtbot: QtBot) -> None:
    for language in ("en", "it"):
        text = rules_html(language)
        for anchor in ('id="peppa"', 'id="torino"', 'id="hearts"'):
            assert anchor in text
    assert "Cappotto" in rules_html("it") and "cappotto" in rules_html("en").lower()
    dialog = RulesDialog()
    qtbot.addWidget(dialog)
    dialog.show_rules("torino")
    assert "Torino" in dialog.browser.toPlainText()


def test_about_names_the_licences(qtbot: QtBot) -> None:
    about = AboutDialog()
    qtbot.addWidget(about)
    html = about._html()
    assert "MIT License" in html and "LGPL" in html
    assert "Belmont" in html and "six or eight" in html  # the fourth rule set, for six and eight


def test_demo_plays_computer_players_and_quits_after_n_hands(qtbot: QtBot) -> None:
    if not available_levels():
        pytest.skip("no computer level available yet")
    window = build_window(True, 1, speed="off")
    qtbot.addWidget(window)
    window.controller.pace = window.controller.pace.__class__(ai_pause_ms=0)
    window.scene.trick_hold = 0
    window.show()
    window.start_game()
    assert window.session.setup is not None and not any(
        s.is_human for s in window.session.setup.seats
    )
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=60_000)
    assert window.scores.hand_count() == 1


def test_shortcuts_exist(make_window: WindowMaker) -> None:
    window = make_window()
    actions = window.findChildren(QAction)
    shortcuts = {a.text(): a.shortcut().toString() for a in actions}
    assert shortcuts["&New game…"] == "Ctrl+N"
    assert shortcuts["&Quit"] == "Ctrl+Q"
    assert shortcuts["S&cores"] == "F3"
    assert shortcuts["&Rules"] == "F1"
    window.dock.toggleViewAction().trigger()
    assert window.dock.isVisible()


def test_the_menus_show_in_the_first_frame_and_work_just_after_it(qtbot: QtBot) -> None:
    window = build_window(False, None, speed="off")  # as the app starts: the actions come later
    qtbot.addWidget(window)
    titles = [menu.text() for menu in window.menuBar().actions()]
    assert titles == ["&Game", "&Network", "&View", "&Settings", "&Help"]
    window.show()

    def shortcuts() -> dict[str, str]:
        return {a.text(): a.shortcut().toString() for a in window.findChildren(QAction)}

    qtbot.waitUntil(lambda: shortcuts().get("&New game…") == "Ctrl+N")
    assert shortcuts()["S&cores"] == "F3" and shortcuts()["&Preferences…"] == "Ctrl+,"
    assert shortcuts()["&Full screen"] == "F11"
    window.menus.speed_actions["fast"].trigger()
    assert window.speed == "fast" and window.profile.load_settings()[0].animation_speed == "fast"


def test_window_keeps_working_when_the_app_is_asked_to_close_mid_game(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window: MainWindow = make_window()
    window.start_game(short_game("peppa", 1, human=False))
    qtbot.waitUntil(lambda: len(window.scene.taken[0] + window.scene.taken[1]) > 0, timeout=5000)
    window.close()
    QApplication.processEvents()
    assert not window.isVisible()
    assert not window.scene.is_animating()


def test_hand_summary_announces_cappotto_and_the_no_card_bonus(qtbot: QtBot) -> None:
    panel = HandSummaryPanel(CardPixmapCache())
    qtbot.addWidget(panel)
    summary = HandSummary(
        index=2,
        preset="torino",
        names=("Anna", "Bruno", "Carla", "Dario"),
        points=(0, 42, 32, 42),
        totals=(10, 60, 40, 50),
        point_cards=((49, 38), (), (), ()),
        moon=0,
        no_card_bonus=(2,),
        bonus=-10,
        game_over=True,
    )
    panel.show_summary(summary)
    texts = [label.text() for label in panel.findChildren(QLabel)]
    assert "Anna made cappotto!" in texts
    assert any("Carla" in t and "−10" in t and "-10" not in t for t in texts)
    assert panel.button.text() == "Final ranking"


def test_the_demo_goes_on_game_after_game(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """--demo --quit-after-hands 5 with games of two hands: three games, then the window quits."""
    if not available_levels():
        pytest.skip("no computer level available yet")
    from peppa_qt.gui.window import game as window_game

    monkeypatch.setattr(window_game, "DEMO_SUMMARY_MS", 20)
    window = build_window(True, 5, speed="off")
    qtbot.addWidget(window)
    window.controller.pace = window.controller.pace.__class__(ai_pause_ms=0)
    window.scene.trick_hold = 0
    window.show()
    setup = short_game("hearts", 2, human=False)
    level = available_levels()[0]
    seats = tuple(replace(s, level=level) for s in setup.seats)
    games: list[int] = []
    window.controller.game_started.connect(lambda: games.append(1))
    window.start_game(replace(setup, seats=(seats[0], seats[1], seats[2], seats[3])))
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=60_000)
    assert len(games) == 3
    assert window.scores.hand_count() == 1  # the third game's first hand
