"""The card faces' design (Settings ▸ Preferences ▸ Table): classic or large index, at once."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game

from peppa_qt.gui.dialogs.settings import SettingsDialog
from peppa_qt.gui.table.card_item import CardItem
from peppa_qt.gui.table.card_pixmaps import CardPixmapCache
from peppa_qt.gui.window.main_window import MainWindow
from peppa_qt.storage import Settings


def drawn(item: CardItem) -> QImage:
    """The face a sprite shows now."""
    return item._pixmap.toImage()


def face_of(card: int, item: CardItem, *, deck: str, four_colour: bool) -> QImage:
    """The face of ``card`` in a design, drawn apart from the window, at the sprite's size."""
    cache = CardPixmapCache()
    cache.deck, cache.four_colour = deck, four_colour
    return cache.face(card, item._size, item._ratio).toImage()


def dealt(qtbot: QtBot, make_window: WindowMaker) -> tuple[MainWindow, CardItem]:
    window = make_window()
    window.start_game(short_game("hearts", 1))
    qtbot.waitUntil(lambda: len(window.scene.hands[0]) == 13)
    item = window.scene.items_of_hand(0)[0]
    assert item.face_up
    return window, item


def test_choosing_large_index_redraws_the_cards_at_once(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window, item = dealt(qtbot, make_window)
    card = item.card
    assert drawn(item) == face_of(card, item, deck="classic", four_colour=False)
    dialog = SettingsDialog(window.settings, window.session.levels, window)
    qtbot.addWidget(dialog)
    dialog.changed.connect(window.apply_settings)
    assert [dialog.deck.itemText(i) for i in range(dialog.deck.count())] == [
        "Classic",
        "Large index",
    ]
    dialog.deck.setCurrentIndex(dialog.deck.findData("large"))
    large = face_of(card, item, deck="large", four_colour=False)
    assert drawn(item) == large != face_of(card, item, deck="classic", four_colour=False)
    dialog.four_colour.setChecked(True)  # the large index in four colours
    assert drawn(item) == face_of(card, item, deck="large", four_colour=True) != large
    dialog.deck.setCurrentIndex(dialog.deck.findData("classic"))
    assert drawn(item) == face_of(card, item, deck="classic", four_colour=True)


@pytest.mark.parametrize("four_colour", [False, True])
def test_the_design_is_kept_for_the_next_start(
    qtbot: QtBot, make_window: WindowMaker, four_colour: bool
) -> None:
    window = make_window()
    window.apply_settings(replace(window.settings, card_deck="large", four_colour=four_colour))
    window.save_settings()
    window.close()
    again = MainWindow(speed="off")
    qtbot.addWidget(again)
    assert again.cache.deck == "large" and again.cache.four_colour == four_colour


def test_a_settings_file_of_before_the_designs_reads_classic() -> None:
    from peppa_qt.storage.settings import settings_from_json

    old = '{"format": "peppa-settings", "version": 1, "four_colour": true}'
    assert settings_from_json(old) == Settings(four_colour=True, card_deck="classic")
