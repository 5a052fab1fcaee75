"""The rest of "a blind player's hour" (docs/by-ear-hour.md, items 4-7), through Qt's
accessibility as AT-SPI passes it on: the window's notices said, K and L read in words, the
hand's summary read row by row, Help ▸ Keyboard a list of keys, the review's labels and the
pass prompt without symbols."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QApplication, QLabel, QTableView
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game
from test_review_window import open_review, play_a_hand, small_reviews  # noqa: F401

from peppa_qt.gui.dialogs.help import KeyboardDialog
from peppa_qt.gui.panels.hand_panels import CardStrip
from peppa_qt.gui.presenter.table_presenter import PASSING
from peppa_qt.gui.window.main_window import MainWindow

Name, Description = QAccessible.Text.Name, QAccessible.Text.Description
SYMBOLS = "♣♦♥♠▸✓✗→←\ufdd0"


def kids(iface: QAccessibleInterface) -> list[QAccessibleInterface]:
    return [iface.child(i) for i in range(iface.childCount())]


def named(widget: object) -> tuple[str, str]:
    iface = QAccessible.queryAccessibleInterface(widget)
    return iface.text(Name), iface.text(Description)


@pytest.fixture
def hand_played(qtbot: QtBot, make_window: WindowMaker) -> Iterator[tuple[MainWindow, list[str]]]:
    """A window at the end of a hand (of two), and what it announced."""
    window = make_window()
    heard: list[str] = []
    window.presenter.announced.connect(lambda text, assertive: heard.append(text))
    window.start_game(short_game("hearts", 2))
    play_a_hand(qtbot, window)
    heard.clear()
    yield window, heard


def test_a_notice_is_announced_as_a_hint_out_of_turn(
    hand_played: tuple[MainWindow, list[str]],
) -> None:
    window, heard = hand_played
    window.commands.hint()  # the hand is over: nobody is to play
    assert "A hint is for your turn." in heard


def test_k_focuses_the_tricks_in_words_and_says_how_many(
    qtbot: QtBot, hand_played: tuple[MainWindow, list[str]]
) -> None:
    window, heard = hand_played
    window.commands.show_tricks()
    assert "Tricks of this hand: 13." in heard
    focus = QApplication.focusWidget()
    assert isinstance(focus, QTableView) and focus.model() is window.tricks
    table = QAccessible.queryAccessibleInterface(focus)
    assert table.text(Name) == "Tricks of this hand"
    cells = [kid.text(Name) for kid in kids(table) if kid.role() == QAccessible.Role.Cell]
    assert len(cells) >= 13 * 5
    assert not [cell for cell in cells if any(mark in cell for mark in SYMBOLS)]
    assert any(cell.endswith(" of clubs: led the trick") for cell in cells)
    assert any("took the trick" in cell for cell in cells)
    window.commands.show_tricks()  # K again: the sheet goes, the keys back on the cards
    assert QApplication.focusWidget() is window.view


def test_l_panel_is_named_and_reads_its_cards(hand_played: tuple[MainWindow, list[str]]) -> None:
    window, _ = hand_played
    window.commands.show_last_trick()
    panel = window.game.last_trick_panel
    assert QApplication.focusWidget() is panel
    name, description = named(panel)
    assert name == panel.title.text() and name
    assert description.startswith("Last trick: ") and " of " in description
    assert not any(suit in description for suit in SYMBOLS)


def test_the_summary_reads_each_row_its_cards_and_what_copy_copies(
    hand_played: tuple[MainWindow, list[str]],
) -> None:
    window, _ = hand_played
    panel = window.summary_panel
    strips = panel.findChildren(CardStrip)
    assert strips
    for strip in strips:
        assert all(" of " in card for card in named(strip)[0].split(", "))
    names = window.presenter.names()
    rows = [named(label)[0] for label in panel.findChildren(QLabel) if label.text() in names]
    assert len(rows) == 4
    assert all("point" in row and ", total " in row for row in rows)
    assert any("; took " in row for row in rows)  # 26 points were taken by someone
    copy = next(b for b in panel.findChildren(type(panel.button)) if b.text() == "Copy")
    assert named(copy)[1].startswith("Copies the deal number ")
    check = named(panel.deal_check)[0]
    assert check.startswith("The deal ") and not any(mark in check for mark in SYMBOLS)


def test_help_keyboard_is_a_list_of_keys_each_with_what_it_does(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    dialog = KeyboardDialog(window.menus.shortcut_list(), window)
    qtbot.addWidget(dialog)
    dialog.show()
    tree = QAccessible.queryAccessibleInterface(dialog.keys)
    assert tree.text(Name) == "Keys of the game"
    lines = {kid.text(Name) for kid in kids(tree)}
    assert "Left and Right arrows: Move the ring over your cards" in lines
    assert "H: Hint" in lines and "C: Your cards by suit" in lines
    assert not any("\ufdd0" in line for line in lines)


def test_the_pass_prompt_is_heard_without_arrow_and_with_the_keys(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.start_game(short_game("hearts", 1))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    prompt = window.pass_panel.prompt
    assert "→" in prompt.text() or "←" in prompt.text()  # on screen, the way it goes
    heard = named(prompt)[0]
    assert heard.startswith("Pass three cards to ") and not any(a in heard for a in SYMBOLS)
    for _ in range(3):
        qtbot.keyClick(window.view, Qt.Key.Key_Right)
        qtbot.keyClick(window.view, Qt.Key.Key_Space)
    assert "Space on one" in window.status_line.prompt()


def test_the_reviews_labels_name_the_cards_in_words(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    window.start_game(short_game("hearts", 1))
    play_a_hand(qtbot, window)
    dialog = open_review(qtbot, window)
    steps, heard = dialog.steps, []
    for row in range(steps.count()):
        steps.setCurrentRow(row)
        for label in dialog.detail.findChildren(QLabel):
            text = label.text()
            if label.isVisible() and (" · " in text or text.startswith("You p")):
                heard.append(named(label)[0])
    dialog.close()
    assert any(text.startswith("You passed ") for text in heard)
    assert any(text.startswith("You played ") for text in heard)
    assert heard and not [text for text in heard if any(suit in text for suit in "♣♦♥♠")]


def test_help_keyboard_shows_every_line_whole_and_lists_home_and_end(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    """Each description shows whole (the longest were cut off with "…" at 1024×640 and
    1280×800), and the keys for the hand's ends are listed."""
    window = make_window()
    dialog = KeyboardDialog(window.menus.shortcut_list(), window)
    qtbot.addWidget(dialog)
    dialog.show()
    keys = dialog.keys
    assert keys.viewport().width() >= keys.columnWidth(0) + keys.sizeHintForColumn(1)
    assert dialog.width() <= dialog.screen().availableGeometry().width()
    assert ("Home End", "The ring to your first or last card") in dialog.rows
