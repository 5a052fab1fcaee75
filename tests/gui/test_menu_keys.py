"""Menu keys (the letter after "&"): in every menu, in both languages, each letter opens one item.

Alt+letter, or the letter alone in an open menu, picks the item whose letter it is; two items
with one letter make the first key press only move between them. The same holds for the buttons
of the questions the window asks ("The game in progress will be lost…").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication, QMenu, QMessageBox
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game

from peppa_qt.gui.dialogs.new_game import NewGameDialog
from peppa_qt.gui.presenter.table_presenter import PASSING, PLAYING
from peppa_qt.gui.window.language import translations
from peppa_qt.gui.window.main_window import MainWindow


def menu_key(text: str) -> str | None:
    """The letter a text gives its item ("S&cores" → "c"; "&&" is a plain ampersand)."""
    at = 0
    while at < len(text) - 1:
        if text[at] == "&":
            if text[at + 1] != "&":
                return text[at + 1].lower()
            at += 1
        at += 1
    return None


def clashes(texts: list[str]) -> list[tuple[str, list[str]]]:
    """Each letter given to more than one of ``texts``, with the texts that share it."""
    keys = Counter(key for key in map(menu_key, texts) if key is not None)
    return [
        (key, [text for text in texts if menu_key(text) == key])
        for key, count in keys.items()
        if count > 1
    ]


def menus(window: MainWindow) -> Iterator[tuple[str, list[str]]]:
    """(title, item texts) of the menu bar and of every menu and submenu under it."""
    bar = window.menuBar().actions()
    yield "menu bar", [action.text() for action in bar]
    waiting = [action.menu() for action in bar]
    while waiting:
        menu = waiting.pop()
        assert isinstance(menu, QMenu)
        menu.aboutToShow.emit()  # "Open recent" is filled as it opens
        items = [action for action in menu.actions() if not action.isSeparator()]
        waiting += [action.menu() for action in items if action.menu() is not None]
        yield menu.title(), [action.text() for action in items]


def speaking(qtbot: QtBot, window: MainWindow, code: str) -> MainWindow:
    """``window`` once its player chose the language ``code``."""
    window.apply_settings(replace(window.settings, language=code))
    qtbot.waitUntil(lambda: translations.code == code)
    QApplication.processEvents()  # the LanguageChange events
    return window


@pytest.mark.parametrize("code", ["en", "it"])
def test_no_two_items_of_a_menu_share_a_key(
    qtbot: QtBot, make_window: WindowMaker, code: str
) -> None:
    window = speaking(qtbot, make_window(), code)
    window.start_game(short_game("peppa", 2))  # Undo and Redo name what they would do
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    found = list(menus(window))
    assert len(found) >= 6  # the bar, Game, Settings, Help, Open recent, Animation speed
    assert sum(len(items) for _, items in found) > 25
    assert [(title, clashes(items)) for title, items in found if clashes(items)] == []


@pytest.mark.real_message_boxes
@pytest.mark.parametrize("code", ["en", "it"])
def test_the_buttons_of_a_question_have_keys_of_their_own(
    qtbot: QtBot,
    make_window: WindowMaker,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    code: str,
) -> None:
    asked: list[list[str]] = []

    def answer(box: QMessageBox) -> int:  # no answer: the box is closed as Escape would
        asked.append([button.text() for button in box.buttons()])
        return 0

    monkeypatch.setattr(QMessageBox, "exec", answer)
    setup = short_game("peppa", 2)
    monkeypatch.setattr(NewGameDialog, "ask", classmethod(lambda cls, *args, **kw: setup))
    window = speaking(qtbot, make_window(), code)
    window.start_game(setup)
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    for card in window.scene.hands[0][:3]:  # a game given up now would lose the pass
        window.presenter.toggle_selected(card)
    window.presenter.confirm_pass()
    qtbot.waitUntil(lambda: window.presenter.mode == PLAYING, timeout=5000)
    window.commands.play_again()
    window.commands.ask_new_game()
    window.commands.watch_demo()
    window.commands.open_path(tmp_path / "partita.peppa")
    assert len(asked) == 4 and window.presenter.mode == PLAYING  # each asked, none done
    # Qt words Cancel as the desktop's theme says: "Annulla" here, "&Annulla" under GNOME's.
    gnome_cancel = QCoreApplication.translate("QGnomeTheme", "&Cancel")
    assert [clashes([*buttons, gnome_cancel]) for buttons in asked] == [[]] * 4
