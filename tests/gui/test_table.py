"""The table under stress: resizing while cards fly, closing while a computer thinks."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest
from player_doubles import SlowPlayer
from PySide6.QtCore import QSize
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game

from peppa_qt.ai.base import Player
from peppa_qt.engine import cards_of
from peppa_qt.gui.presenter.table_presenter import PASSING


def test_resizing_mid_animation_puts_every_card_where_the_layout_says(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window(speed="slow")
    scene = window.scene
    window.start_game(short_game("peppa", 1, human=False))
    qtbot.waitUntil(scene.is_animating, timeout=3000)  # the deal
    for size in ((1200, 760), (1024, 640), (1400, 900)):
        window.resize(*size)
        qtbot.waitUntil(lambda s=size: window.size() == QSize(*s))
        assert scene.misplaced() == []
        assert not scene.is_animating()
    qtbot.waitUntil(lambda: len(scene.trick) == 1, timeout=5000)
    qtbot.waitUntil(scene.is_animating, timeout=3000)  # a card flying to the trick
    window.resize(1100, 700)
    qtbot.waitUntil(lambda: window.size() == QSize(1100, 700))
    assert scene.misplaced() == []
    expected = scene.layout.card_size
    assert all(item.card_rect().size().toSize() == expected for item in scene.items_of_hand(0))


def test_the_game_goes_on_after_a_resize(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window(speed="fast")
    window.start_game(short_game("peppa", 1))
    qtbot.waitUntil(window.scene.is_animating, timeout=3000)
    window.resize(1300, 820)
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)


def test_closing_while_a_computer_thinks_is_clean_and_quick(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    slow: list[SlowPlayer] = []

    def factory(level: str, seed: int) -> Player:
        slow.append(SlowPlayer(seed, seconds=30))
        return slow[-1]

    window = make_window(factory)
    window.start_game(short_game("peppa", 1, human=False))
    qtbot.waitUntil(lambda: any(p.started for p in slow), timeout=3000)
    started = time.monotonic()
    window.close()
    assert time.monotonic() - started < 2.0
    assert any(p.stopped_early for p in slow)
    assert not window.isVisible()


def test_pictures_are_rendered_once_per_size_not_per_paint(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.start_game(short_game("peppa", 1))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    window.view.viewport().repaint()
    renders = window.cache.renders
    for _ in range(3):
        window.view.viewport().repaint()
    assert window.cache.renders == renders
    assert renders <= 20  # 13 faces, a back, the summary's cards at most


def test_opponents_cards_stay_hidden_and_the_humans_are_sorted(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.start_game(short_game("hearts", 1))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    scene = window.scene
    assert all(scene.item(c).face_up for c in scene.hands[0])
    assert not any(scene.item(c).face_up for seat in (1, 2, 3) for c in scene.hands[seat])
    suits = [c // 13 for c in scene.hands[0]]
    order = [(0, 1, 3, 2).index(s) for s in suits]
    assert order == sorted(order)
    assert "Pass" in " ".join(scene.info.lines())


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        ("peppa", {"deck": 36, "teams": True}),
        ("torino", {"moon": "give", "jack_of_diamonds": -10}),
        ("hearts", {"pass_cycle": ["hold"], "seven_of_clubs": 7}),
    ],
)
def test_every_rule_set_plays_a_hand_on_the_table(
    qtbot: QtBot, make_window: WindowMaker, preset: str, options: dict[str, object]
) -> None:
    window = make_window()
    setup = short_game(preset, 1, human=False)
    rules = setup.rules.with_options(**options)
    window.start_game(replace(setup, rules=rules))
    qtbot.waitUntil(window.summary_panel.isVisible, timeout=10_000)
    match = window.controller.match
    assert match is not None
    taken = [sorted(t) for t in window.scene.taken]
    assert taken == [sorted(cards_of(m)) for m in match.hands[0].taken]
    assert sum(len(t) for t in taken) == rules.deck_size
    assert window.scene.misplaced() == []
