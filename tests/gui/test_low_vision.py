"""Low vision (View ▸ Low vision, Ctrl+Shift+L, or the settings' Table tab): the viewer's cards
and the trick large, high contrast and four colours at once; and a focus ring seen everywhere."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game
from test_belmont_window import belmont

from peppa_qt.gui.dialogs.settings import SettingsDialog
from peppa_qt.gui.table.card_item import MARGIN, CardItem
from peppa_qt.gui.table.card_pixmaps import CardPixmapCache
from peppa_qt.gui.window.main_window import MainWindow

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


#: The table of a 1024×640 screen's window (the menus and the status line above and below).
#: The offscreen screen is 800 pixels wide, so the tests give the table this size themselves.
TABLE = (1024, 580)


def dealt(qtbot: QtBot, make_window: WindowMaker, seats: int = 4) -> MainWindow:
    window = make_window()
    window.start_game(short_game("hearts", 1) if seats == 4 else belmont(seats))
    qtbot.waitUntil(lambda: len(window.scene.hands[0]) >= 13)  # dealt (Belmont: 13 each too)
    window.scene.resize_table(*TABLE, 1.0)
    return window


def picture(item: CardItem) -> QImage:
    """The card as the table shows it, marks and all."""
    return item._picture.pixmap().toImage()


def test_its_key_turns_it_on_at_once_and_it_is_kept(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = dealt(qtbot, make_window)
    scene, cache = window.scene, window.cache
    usual = scene.layout.card_h
    item = scene.items_of_hand(0)[0]
    before = picture(item)
    qtbot.keyClick(window, Qt.Key.Key_L, CTRL_SHIFT)
    assert window.settings.low_vision and window.menus.low_vision_action.isChecked()
    assert scene.layout.card_h >= usual * 1.3
    assert item.card_rect().height() == scene.layout.card_h  # redrawn at once, at its size
    assert picture(item) != before and cache.high_contrast
    assert window.menus.four_colour_action.isChecked()  # it brings four colours
    assert window.tricks.four_colour
    assert scene.misplaced() == []
    assert window.profile.load_settings()[0].low_vision  # saved
    qtbot.keyClick(window, Qt.Key.Key_L, CTRL_SHIFT)
    assert scene.layout.card_h == usual and not window.menus.low_vision_action.isChecked()
    assert not window.menus.four_colour_action.isChecked()
    assert picture(item) == before


@pytest.mark.parametrize("seats", [4, 6, 8])
def test_at_1024_by_640_every_card_and_plate_stays_whole_on_the_table(
    qtbot: QtBot, make_window: WindowMaker, seats: int
) -> None:
    window = dealt(qtbot, make_window, seats)
    window.apply_settings(replace(window.settings, low_vision=True))
    scene = window.scene
    table = scene.sceneRect()
    assert table.size().toSize() == QSize(*TABLE)
    plates = [badge.sceneBoundingRect() for badge in scene.badges]
    for seat in range(seats):
        for item in scene.items_of_hand(seat):
            rect = item.mapRectToScene(item.card_rect())
            assert table.contains(rect), (seat, rect, table)
            if seat == 0:
                assert not any(rect.intersects(p) for p in plates), (rect, plates)
    assert all(table.contains(p) for p in plates)


def test_the_dialog_ticks_four_colours_with_it_and_gives_back_the_players_own(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    dialog = SettingsDialog(window.settings, window.session.levels, window)
    qtbot.addWidget(dialog)
    dialog.changed.connect(window.apply_settings)
    dialog.low_vision.setChecked(True)
    assert dialog.four_colour.isChecked() and not dialog.four_colour.isEnabled()
    assert window.settings.low_vision and window.cache.high_contrast
    assert not dialog.settings().four_colour  # the player's own choice is kept apart
    dialog.low_vision.setChecked(False)
    assert not dialog.four_colour.isChecked() and dialog.four_colour.isEnabled()
    assert not window.cache.high_contrast


def ring_width(item: CardItem, plain: QImage) -> int:
    """How many pixels from the picture's left edge, along the card's middle, the ring
    changes from the card drawn without it."""
    ringed = picture(item)
    y = ringed.height() // 2
    changed = [x for x in range(ringed.width() // 3) if ringed.pixel(x, y) != plain.pixel(x, y)]
    return len(changed)


@pytest.mark.parametrize("high_contrast", [False, True])
def test_the_focus_ring_shows_on_the_felt_and_on_the_face(
    qtbot: QtBot, high_contrast: bool
) -> None:
    """A dark band outside the card's edge (seen on a light face beside it and on the felt),
    a bright one inside (seen on a dark card); twice as wide with high contrast."""
    cache = CardPixmapCache()
    cache.high_contrast = high_contrast
    item = CardItem(12, cache, QSize(100, 140), 1.0)
    item.set_face_up(True)
    plain = picture(item)
    item.set_marks(dimmed=False, highlighted=False, focused=True)
    y = plain.height() // 2
    outside = QColor(picture(item).pixel(round(MARGIN) - 2, y))
    inside = QColor(picture(item).pixel(round(MARGIN) + 1, y))
    assert outside.alpha() == 255 and outside.lightness() < 60
    assert inside.lightness() > 110 and inside.saturation() > 150
    assert ring_width(item, plain) >= (9 if high_contrast else 5)


@pytest.mark.parametrize("sheet", [False, True])
def test_the_passing_prompt_leaves_every_plate_in_sight(
    qtbot: QtBot, make_window: WindowMaker, sheet: bool
) -> None:
    """On a narrow table (the offscreen screen's 800 pixels, the score sheet open too) the
    side plates come up level with the middle: seen under Xvfb, the prompt covered Bruno's."""
    window = make_window()
    window.dock.setVisible(sheet)
    window.start_game(short_game("hearts", 1))
    qtbot.waitUntil(window.pass_panel.isVisible)
    window.apply_settings(replace(window.settings, low_vision=True))
    qtbot.waitUntil(lambda: window.scene.layout.large)
    view, layout = window.view, window.scene.layout
    panel = window.pass_panel.geometry()
    for seat in range(4):
        plate = view.mapFromScene(layout.badge_rect(seat)).boundingRect()
        assert not panel.intersects(plate), (seat, panel, plate, view.size())


def test_the_plates_keep_their_colours_after_the_felt_comes_back(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    """The plates are tinted like the felt from the start: after another table colour, or
    low vision on and off, they came back two or three levels off the ones at startup."""
    window = dealt(qtbot, make_window)
    badge = window.scene.badges[0]
    first = [colour.getRgb() for colour in badge.colours]
    for changed in (replace(window.settings, table_colour="blue"), window.settings):
        window.apply_settings(changed)
    assert [colour.getRgb() for colour in badge.colours] == first
    for low in (True, False):
        window.apply_settings(replace(window.settings, low_vision=low))
    assert [colour.getRgb() for colour in badge.colours] == first
