"""The suit order of the human's hand: a setting that re-lays the cards and nothing else."""

from __future__ import annotations

import json
from dataclasses import replace
from itertools import pairwise

import pytest
from persistence_helpers import step_until
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game

from peppa_qt.engine.cards import SUIT_LETTERS
from peppa_qt.gui.dialogs.settings import SettingsDialog
from peppa_qt.gui.presenter.table_presenter import PASSING, PLAYING
from peppa_qt.gui.window.main_window import MainWindow
from peppa_qt.storage import Settings
from peppa_qt.storage.settings import SUIT_ORDERS


def left_to_right(window: MainWindow) -> list[int]:
    """The human's cards as the table shows them, by the x of their sprites."""
    items = sorted(window.scene.items_of_hand(0), key=lambda item: item.x())
    xs = [item.x() for item in items]
    assert all(a < b for a, b in pairwise(xs)), "cards on top of each other"
    return [item.card for item in items]


def expected(cards: list[int], order: str) -> list[int]:
    """``cards`` by suit in ``order`` ("HSDC"…), then by rank."""
    return sorted(cards, key=lambda c: (order.index(SUIT_LETTERS[c // 13]), c % 13))


def game_state(window: MainWindow) -> tuple[object, ...]:
    """What the game knows: the four hands, the plays, whose move, the legal cards."""
    hand = window.controller.hand
    assert hand is not None
    dimmed = frozenset(c for c in window.scene.hands[0] if window.scene.item(c).dimmed)
    presenter = window.presenter
    return tuple(hand.hands), tuple(hand.plays), presenter.mode, presenter.input.legal, dimmed


def answer_with(monkeypatch: pytest.MonkeyPatch, order: str, accept: bool) -> None:
    """The Settings dialog, when shown, picks ``order`` and is then accepted or cancelled."""

    def exec_(dialog: SettingsDialog) -> QDialog.DialogCode:
        dialog.suit_order.setCurrentIndex(dialog.suit_order.findData(order))
        return QDialog.DialogCode.Accepted if accept else QDialog.DialogCode.Rejected

    monkeypatch.setattr(SettingsDialog, "exec", exec_)


def saved_order(window: MainWindow) -> str:
    text = window.profile.where.settings_file.read_text(encoding="utf-8")
    return str(json.loads(text)["suit_order"])


@pytest.mark.parametrize("speed", ["off", "fast"])
def test_a_new_order_re_lays_the_hand_at_once_and_the_game_does_not_notice(
    qtbot: QtBot, make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch, speed: str
) -> None:
    window = make_window(speed=speed)
    window.start_game(short_game("hearts", 1))
    step_until(qtbot, window, lambda: window.presenter.mode == PLAYING)
    qtbot.waitUntil(lambda: not window.scene.is_animating())
    cards = list(window.scene.hands[0])
    assert left_to_right(window) == expected(cards, "CDSH")  # the default
    before = game_state(window)
    for order in SUIT_ORDERS[1:]:
        answer_with(monkeypatch, order, accept=True)
        window.commands.show_preferences()
        qtbot.waitUntil(lambda: window.scene.misplaced() == [])  # "fast" slides the cards
        assert left_to_right(window) == expected(cards, order)
        assert saved_order(window) == order and window.settings.suit_order == order
        assert game_state(window) == before
    # The game goes on as before: a legal card is still played at a click.
    card = next(c for c in window.scene.hands[0] if not window.scene.item(c).dimmed)
    window.presenter.play_card(card)
    qtbot.waitUntil(lambda: card not in window.scene.hands[0])


def test_cancel_puts_the_old_order_back(
    qtbot: QtBot, make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    window.start_game(short_game("hearts", 1))
    step_until(qtbot, window, lambda: window.presenter.mode == PLAYING)
    cards = list(window.scene.hands[0])
    previews: list[list[int]] = []

    def preview_then_cancel(dialog: SettingsDialog) -> QDialog.DialogCode:
        dialog.suit_order.setCurrentIndex(dialog.suit_order.findData("SHCD"))
        previews.append(left_to_right(window))  # shown at once, behind the dialog
        return QDialog.DialogCode.Rejected

    monkeypatch.setattr(SettingsDialog, "exec", preview_then_cancel)
    window.commands.show_preferences()
    assert previews == [expected(cards, "SHCD")]
    assert left_to_right(window) == expected(cards, "CDSH")
    assert window.settings.suit_order == "CDSH"
    # Nothing chosen, nothing of it written (the window's place is kept with each autosave).
    settings_file = window.profile.where.settings_file
    assert not settings_file.exists() or saved_order(window) == "CDSH"


def test_chosen_cards_to_pass_stay_chosen_in_the_new_order(
    qtbot: QtBot, make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    window.start_game(short_game("hearts", 1))
    presenter, scene = window.presenter, window.scene
    qtbot.waitUntil(lambda: presenter.mode == PASSING)
    chosen = [scene.hands[0][0], scene.hands[0][-1]]
    for card in chosen:
        presenter.toggle_selected(card)
    answer_with(monkeypatch, "HSDC", accept=True)
    window.commands.show_preferences()
    assert left_to_right(window) == expected(scene.hands[0], "HSDC")
    assert scene.raised == set(chosen) and presenter.selected == chosen
    assert scene.misplaced() == []  # the chosen ones still stand raised
    assert presenter.mode == PASSING


def test_the_dialog_shows_each_order_as_symbols_and_restores_the_default(qtbot: QtBot) -> None:
    dialog = SettingsDialog(Settings(suit_order="SHCD"), ["x"], None)
    qtbot.addWidget(dialog)
    combo = dialog.suit_order
    shown = [combo.itemText(i) for i in range(combo.count())]
    assert shown == ["♣ ♦ ♠ ♥", "♠ ♥ ♣ ♦", "♥ ♠ ♦ ♣", "♣ ♦ ♥ ♠"]
    assert combo.itemData(1, Qt.ItemDataRole.ToolTipRole) == "spades, hearts, clubs, diamonds"
    assert combo.currentData() == "SHCD" and dialog.settings().suit_order == "SHCD"
    dialog._on_restore_clicked()
    assert dialog.settings().suit_order == "CDSH"


def test_a_new_order_during_the_deal_lands_every_card_and_the_game_goes_on(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window(speed="slow")
    scene = window.scene
    window.start_game(short_game("hearts", 1))
    qtbot.waitUntil(scene.is_animating, timeout=3000)  # the deal
    window.apply_settings(replace(window.settings, suit_order="SHCD"))
    assert not scene.is_animating()  # the deal jumped to its end, as on a resize
    qtbot.waitUntil(lambda: scene.misplaced() == [])
    assert left_to_right(window) == expected(scene.hands[0], "SHCD")
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
