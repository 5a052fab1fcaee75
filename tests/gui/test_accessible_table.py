"""The table as a screen reader reads it, through Qt's accessibility (what AT-SPI passes on):
the hand's cards by name and state, the keyboard's ring as the focused card, the plates, and
the announcements of each card played and trick taken, in English and in Italian."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game

from peppa_qt.engine import RuleSet
from peppa_qt.engine.cards import Card
from peppa_qt.gui.presenter.spoken_table import shown_voids
from peppa_qt.gui.presenter.table_presenter import PASSING, PLAYING
from peppa_qt.gui.window.language import translations
from peppa_qt.gui.window.main_window import MainWindow

Name = QAccessible.Text.Name


def kids(iface: QAccessibleInterface) -> list[QAccessibleInterface]:
    return [iface.child(i) for i in range(iface.childCount())]


def hand(window: MainWindow) -> QAccessibleInterface:
    """The hand's list, the first object the table's view holds."""
    table = QAccessible.queryAccessibleInterface(window.view)
    assert table.text(Name) in ("Card table", "Tavolo da gioco")
    first = table.child(0)
    assert first.role() == QAccessible.Role.List
    return first


def to_play(qtbot: QtBot, window: MainWindow) -> None:
    """A one-hand game, the pass made by keys, until the player is to play."""
    window.start_game(short_game("hearts", 1))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    for _ in range(3):
        qtbot.keyClick(window.view, Qt.Key.Key_Right)
        qtbot.keyClick(window.view, Qt.Key.Key_Space)
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.presenter.mode == PLAYING, timeout=5000)


@pytest.fixture
def said(make_window: WindowMaker) -> Iterator[tuple[MainWindow, list[str]]]:
    window = make_window()
    heard: list[str] = []
    window.presenter.announced.connect(lambda text, assertive: heard.append(text))
    yield window, heard


def test_the_hand_is_a_list_of_named_cards_with_the_ring_as_focus(
    qtbot: QtBot, said: tuple[MainWindow, list[str]]
) -> None:
    window, _ = said
    to_play(qtbot, window)
    cards = kids(hand(window))
    assert len(cards) == 13
    names = [card.text(Name) for card in cards]
    assert all(card.role() == QAccessible.Role.ListItem for card in cards)
    assert any(name.endswith(", playable") for name in names)
    assert any(name.endswith(", not playable") for name in names)
    playable = [name for name in names if name.endswith(", playable")]
    # At the turn the ring is on the first card to play.
    focused = [card.text(Name) for card in kids(hand(window)) if card.state().focused]
    assert focused == playable[:1]
    assert hand(window).focusChild().text(Name) == playable[0]


def test_each_plate_says_name_cards_left_and_whose_turn(
    qtbot: QtBot, said: tuple[MainWindow, list[str]]
) -> None:
    window, _ = said
    to_play(qtbot, window)
    table = QAccessible.queryAccessibleInterface(window.view)
    plates = [table.child(i).text(Name) for i in range(2, 6)]
    assert plates[0] == "Anna: 13 cards left, 0 points taken, total 0, to play"
    assert re.fullmatch(r"Bruno: 1[23] cards left, 0 points taken, total 0", plates[1])


def test_cards_played_and_tricks_taken_are_announced(
    qtbot: QtBot, said: tuple[MainWindow, list[str]]
) -> None:
    window, heard = said
    to_play(qtbot, window)
    card = hand(window).focusChild().text(Name).removesuffix(", playable")  # the ring's
    qtbot.keyClick(window.view, Qt.Key.Key_Return)  # played
    qtbot.waitUntil(lambda: any("takes the trick" in s or "take the trick" in s for s in heard))
    assert f"Anna plays {card}." in heard
    assert sum(" plays " in s for s in heard) >= 4


def test_in_italian_the_cards_and_announcements_are_italian(
    qtbot: QtBot, said: tuple[MainWindow, list[str]]
) -> None:
    window, heard = said
    window.apply_settings(replace(window.settings, language="it"))
    try:
        qtbot.waitUntil(lambda: translations.code == "it")
        QApplication.processEvents()  # the LanguageChange events
        to_play(qtbot, window)
        names = [card.text(Name) for card in kids(hand(window))]
        assert any(name.endswith(", non giocabile") for name in names)
        card = hand(window).focusChild().text(Name)
        assert card.endswith(", giocabile")
        qtbot.keyClick(window.view, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: any(" fa la presa: " in s for s in heard))
        assert f"Anna gioca {card.removesuffix(', giocabile')}." in heard
    finally:
        translations.use("en")


def test_keys_ask_the_table_and_the_answer_is_announced(
    qtbot: QtBot, said: tuple[MainWindow, list[str]]
) -> None:
    window, heard = said
    to_play(qtbot, window)
    qtbot.keyClick(window.view, Qt.Key.Key_C)
    assert heard[-1].startswith("Clubs: ") and " Spades: " in heard[-1]
    qtbot.keyClick(window.view, Qt.Key.Key_S)
    assert heard[-1].startswith("Scores: Anna 0 (0 points taken), Bruno 0")
    qtbot.keyClick(window.view, Qt.Key.Key_O)
    assert heard[-1].startswith("Still out: Clubs: ")
    qtbot.keyClick(window.view, Qt.Key.Key_T)
    assert heard[-1].startswith(("On the table: ", "No cards on the table."))


@pytest.mark.parametrize(("key", "suit"), [(Qt.Key.Key_1, "clubs"), (Qt.Key.Key_4, "spades")])
def test_a_digit_takes_the_ring_to_a_suit_and_again_to_its_next_card(
    qtbot: QtBot, said: tuple[MainWindow, list[str]], key: Qt.Key, suit: str
) -> None:
    window, heard = said
    to_play(qtbot, window)
    held = [c.text(Name) for c in kids(hand(window)) if f" of {suit}," in c.text(Name)]
    qtbot.keyClick(window.view, key)
    if not held:
        assert heard[-1] == f"No {suit} in your hand."
        return
    assert hand(window).focusChild().text(Name) == held[0]
    qtbot.keyClick(window.view, key)  # again: the next card of the suit, round it
    assert hand(window).focusChild().text(Name) == held[1 % len(held)]


def test_voids_seen_name_who_did_not_follow_the_suit_led(
    qtbot: QtBot, said: tuple[MainWindow, list[str]]
) -> None:
    window, heard = said
    to_play(qtbot, window)
    qtbot.keyClick(window.view, Qt.Key.Key_V)
    assert heard[-1] == "Nobody has shown a void yet."
    plays = tuple(Card.parse(c) for c in ("2C", "QS", "3C"))  # the second, out of clubs
    shown = replace(window.presenter.table, first_lead=2, plays=plays, trick_winners=())
    void = shown.tricks[0].plays[1][0]
    assert shown_voids(shown, viewer=0) == {void: {0}}
    assert shown_voids(shown, viewer=void) == {}  # the viewer's own: not told
    assert window.presenter.shown is not None
    window.presenter.shown = replace(window.presenter.shown, table=shown)
    qtbot.keyClick(window.view, Qt.Key.Key_V)
    name = window.presenter.names()[void]
    assert heard[-1] == f"Voids seen: {name}: no clubs."


#: The hand's last announcement, in each verbosity and language.
HAND_OVER = ("Hand over. ", "Points: ", "Smazzata finita. ", "Punti: ")


def play_out(qtbot: QtBot, window: MainWindow, heard: list[str]) -> None:
    """The rest of the hand by keys (Enter: the card the ring is on at the turn, played),
    until its points are announced."""

    def over() -> bool:
        return any(said.startswith(HAND_OVER) for said in heard)

    for _ in range(13):
        qtbot.waitUntil(lambda: window.presenter.mode == PLAYING or over(), timeout=5000)
        if over():
            return
        count = len(window.scene.hands[0])
        qtbot.keyClick(window.view, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda n=count: len(window.scene.hands[0]) < n or over(), timeout=5000)
    qtbot.waitUntil(over, timeout=5000)


def in_language(qtbot: QtBot, window: MainWindow, language: str) -> None:
    """The window speaks ``language`` (the test puts English back)."""
    window.apply_settings(replace(window.settings, language=language))
    qtbot.waitUntil(lambda: translations.code == language)
    QApplication.processEvents()  # the LanguageChange events


@pytest.mark.parametrize(
    ("language", "choose"),
    [("en", "Choose three cards to pass."), ("it", "Scegli tre carte da passare.")],
)
def test_the_pass_is_asked_once_not_at_each_card_chosen(
    qtbot: QtBot, said: tuple[MainWindow, list[str]], language: str, choose: str
) -> None:
    window, heard = said
    try:
        in_language(qtbot, window, language)
        to_play(qtbot, window)  # three cards chosen by keys, then passed
        assert heard.count(choose) == 1, heard
    finally:
        translations.use("en")


@pytest.mark.parametrize(
    ("language", "received"),
    [
        ("en", r"You received (\w+ of \w+, ){2}\w+ of \w+ from Bruno\."),
        ("it", r"Hai ricevuto (\w+ di \w+, ){2}\w+ di \w+ da Bruno\."),
    ],
)
def test_the_cards_received_are_announced_once_by_name(
    qtbot: QtBot, said: tuple[MainWindow, list[str]], language: str, received: str
) -> None:
    window, heard = said
    shown: list[str] = []
    window.presenter.status_changed.connect(shown.append)
    try:
        in_language(qtbot, window, language)
        to_play(qtbot, window)  # the computers lead: the turn comes after three cards
        got = [s for s in heard if re.search(r"\b(received|ricevuto)\b", s)]
        assert len(got) == 1 and re.fullmatch(received, got[0]), heard
        assert not any(suit in s for s in heard for suit in "♣♦♥♠"), heard
        assert any("♦" in line for line in shown)  # the status line keeps the symbols
    finally:
        translations.use("en")


def test_a_computers_lead_right_after_the_deal_is_announced_and_every_card_after_it(
    qtbot: QtBot, said: tuple[MainWindow, list[str]]
) -> None:
    window, heard = said
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 1}, "pass_cycle": ["hold"]})
    window.start_game(replace(short_game("hearts", 1), rules=rules, seed=2))  # Carla has 2♣
    play_out(qtbot, window, heard)
    plays = [s for s in heard if re.match(r"(Anna|Bruno|Carla|Dario) plays ", s)]
    assert heard[:2] == ["No passing in this hand.", "Carla plays 2 of clubs."]
    assert len(plays) == 52
