"""Every setting changed at any moment of a game applies at once, without an error.

A hand-over screen (the cards face down), a pass being chosen, a card or a trick in flight,
the demo: each setting is changed there, one after the other, and the game then goes on to
its end with the table as the engine has it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import fields, replace

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game
from test_hot_seat import HotSeatPlay, face_up_hand_cards, hot_seat
from test_whole_game import assert_table_matches_engine

from peppa_qt.gui.presenter.table_presenter import PASSING, PLAYING
from peppa_qt.gui.presenter.viewer_hand import display_key
from peppa_qt.gui.window.main_window import MainWindow
from peppa_qt.storage import Settings
from peppa_qt.storage.appearance import LANGUAGES, TABLE_COLOURS
from peppa_qt.storage.settings import (
    ANNOUNCEMENTS,
    BACKS,
    DECKS,
    SPEEDS,
    SUIT_ORDERS,
    VERBOSITY,
)

#: Every choice of every setting the Preferences dialog and the Settings menu offer.
CHOICES: dict[str, tuple[object, ...]] = {
    "language": LANGUAGES,
    "animation_speed": SPEEDS,
    "card_deck": DECKS,
    "card_back": BACKS,
    "table_colour": TABLE_COLOURS,
    "suit_order": SUIT_ORDERS,
    "resume": ("resume", "ask"),
    "trick_pause": (None, True, False),  # unset: as the speed says; then the player's choice
    "verbosity": VERBOSITY,
    "quiet": (("cards",), ANNOUNCEMENTS, ()),  # one kind off, all off, none
}


def every_change(start: Settings) -> Iterator[Settings]:
    """``start`` with one setting changed at a time to each of its other values (a flag
    turned over and back), each change on top of the ones before."""
    settings = start
    for field in fields(Settings):
        value = getattr(settings, field.name)
        if isinstance(value, bool):
            choices: tuple[object, ...] = (not value, value)
        else:
            choices = tuple(c for c in CHOICES.get(field.name, ()) if c != value)
        for choice in choices:
            settings = replace(settings, **{field.name: choice})
            yield settings


def test_every_setting_is_covered() -> None:
    """A setting added later is changed too (else this list must say why not)."""
    not_changed = {"rule_set", "rule_options", "players", "window_geometry", "window_state"}
    not_changed |= {"recent_files", "seats"}  # a game's set-up and the window's place
    for field in fields(Settings):
        value = getattr(Settings(), field.name)
        assert isinstance(value, bool) or field.name in CHOICES or field.name in not_changed


def change_everything(
    qtbot: QtBot, window: MainWindow, before_each: Callable[[], None] = lambda: None
) -> int:
    """Apply every change (``before_each`` brings the moment back first); how many."""
    count = 0
    for settings in every_change(window.settings):
        before_each()
        window.apply_settings(settings)
        assert window.settings == settings
        count += 1
    window.apply_settings(replace(window.settings, language="en", animation_speed="off"))
    window.scene.trick_hold = 0
    return count


def assert_hand_sorted(window: MainWindow) -> None:
    """The viewer's hand as the suit order in use says, left to right."""
    hand = window.scene.hands[window.scene.viewer]
    order = window.settings.suit_order
    assert hand == sorted(hand, key=lambda card: display_key(card, order))


def test_every_setting_applies_behind_a_hand_over_screen(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.start_game(hot_seat((0, 2), "hearts"))
    screen = window.build_game().hand_over
    qtbot.waitUntil(screen.isVisible, timeout=10_000)
    assert change_everything(qtbot, window) > 10
    assert screen.isVisible() and face_up_hand_cards(window) == {}
    qtbot.mouseClick(screen.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.presenter.mode in (PASSING, PLAYING), timeout=5000)
    assert_hand_sorted(window)
    assert_table_matches_engine(window)
    HotSeatPlay(qtbot, window).to_the_end()


def test_every_setting_applies_while_a_pass_is_chosen(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.start_game(short_game("hearts", 1))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=10_000)
    chosen = window.scene.hands[0][:2]
    for card in chosen:
        window.presenter.toggle_selected(card)
    change_everything(qtbot, window)
    assert window.presenter.mode == PASSING and window.scene.raised == set(chosen)
    assert_hand_sorted(window)
    play_to_the_end(qtbot, window)


def test_every_setting_applies_while_cards_fly(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window(speed="normal")
    window.controller.pace = replace(window.controller.pace, ai_pause_ms=0)
    window.start_game(short_game("hearts", 1))
    flights: list[int] = []

    def in_flight() -> None:
        """Play on until cards move (a card, a sweep, an exchange)."""
        window.apply_settings(replace(window.settings, animation_speed="normal"))
        qtbot.waitUntil(lambda: act(window) or window.scene.is_animating(), timeout=10_000)
        flights.append(len(window.scene.trick))

    change_everything(qtbot, window, in_flight)
    assert any(flights), "no card was caught in flight"
    play_to_the_end(qtbot, window)


def test_every_setting_applies_in_the_demo(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    window.demo = True
    window.start_game(short_game("hearts", 1, human=False))
    plays: list[int] = []
    window.controller.card_played.connect(lambda seat, card: plays.append(card))
    qtbot.waitUntil(lambda: bool(plays), timeout=10_000)
    change_everything(qtbot, window)
    qtbot.waitUntil(lambda: len(plays) == 52, timeout=20_000)
    assert len(set(plays)) == 52


def act(window: MainWindow) -> bool:
    """The human's part, when they are asked (False: nobody is): the first cards they may."""
    presenter, scene = window.presenter, window.scene
    if presenter.mode == PASSING:
        for card in scene.hands[0]:
            if len(presenter.selected) < 3 and card not in presenter.selected:
                presenter.toggle_selected(card)
        presenter.confirm_pass()
    elif presenter.mode == PLAYING:
        presenter.play_card(next(c for c in scene.hands[0] if presenter.input.playable(c)))
    elif window.summary_panel.isVisible():
        presenter.continue_after_hand()
    return False


def play_to_the_end(qtbot: QtBot, window: MainWindow) -> None:
    """The human plays on to the final ranking; the table matches the engine all the way."""
    game_over = window.game_over_panel
    while not game_over.isVisible():
        qtbot.waitUntil(
            lambda: (
                game_over.isVisible()
                or window.summary_panel.isVisible()
                or window.presenter.mode in (PASSING, PLAYING)
            ),
            timeout=10_000,
        )
        if window.presenter.mode == PLAYING:
            assert_hand_sorted(window)
            assert_table_matches_engine(window)
        act(window)
        qtbot.waitUntil(lambda: not window.scene.is_animating(), timeout=10_000)
    assert window.controller.match is not None and window.controller.match.is_over
