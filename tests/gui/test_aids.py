"""The aids through the window: Undo and Redo several steps (saying what they do), the hint,
the last trick, the list of the hand's tricks; undos and hints counted."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextLayout, QTextOption
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game

from peppa_qt.ai.hints import Hint
from peppa_qt.ai.review import ReviewBudget
from peppa_qt.ai.teacher import coach_hint
from peppa_qt.engine import record_of, view_of
from peppa_qt.engine.cardset import listed
from peppa_qt.engine.record import record_to_dict
from peppa_qt.gui.presenter.table_presenter import PASSING, PLAYING
from peppa_qt.gui.window.main_window import MainWindow
from peppa_qt.models.card_text import card_label

#: Few deals: the tests check what the hint shows, not how precisely.
SMALL = ReviewBudget(worlds=24, pass_worlds=24, pass_candidates=3)


def _passed(qtbot: QtBot, window: MainWindow, preset: str = "hearts") -> None:
    window.start_game(short_game(preset, 2))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    for card in window.scene.hands[0][:3]:
        window.presenter.toggle_selected(card)
    window.presenter.confirm_pass()


def _my_turn(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.waitUntil(lambda: window.presenter.mode == PLAYING, timeout=5000)


def _state(window: MainWindow) -> dict[str, object]:
    """The whole game as the engine has it (every hidden card too): to compare positions."""
    match = window.controller.match
    assert match is not None
    return record_to_dict(record_of(match))


def _play_first_legal(qtbot: QtBot, window: MainWindow) -> int:
    _my_turn(qtbot, window)
    scene = window.scene
    card = next(c for c in scene.hands[0] if not scene.item(c).dimmed)
    count = len(scene.hands[0])
    window.presenter.play_card(card)
    qtbot.waitUntil(lambda: len(scene.hands[0]) == count - 1)
    return card


def test_undo_and_redo_go_several_steps_back_and_forth_saying_what_they_do(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    _passed(qtbot, window)
    menus = window.menus
    before: list[dict[str, object]] = []
    played = []
    for _ in range(3):  # three of the human's cards, in three tricks
        _my_turn(qtbot, window)
        before.append(_state(window))
        played.append(_play_first_legal(qtbot, window))
    _my_turn(qtbot, window)
    latest = _state(window)
    for step in range(3):  # back, card by card, to the moment before each
        card = played[-1 - step]
        assert menus.undo_action.text().replace("&", "") == f"Undo {card_label(card)}"
        menus.undo_action.trigger()
        _my_turn(qtbot, window)
        assert _state(window) == before[-1 - step]
        assert menus.redo_action.text().replace("&", "") == f"Redo {card_label(card)}"
    assert menus.undo_action.text().replace("&", "") == "Undo the pass"
    for step in range(3):  # and forth again: the computers answer exactly as before
        menus.redo_action.trigger()
        expected = before[step + 1] if step < 2 else latest
        qtbot.waitUntil(lambda e=expected: _state(window) == e, timeout=5000)
        _my_turn(qtbot, window)
        assert _state(window) == expected
    assert not menus.redo_action.isEnabled()
    assert window.session.aids_used(0) == (3, 0)
    # A different move ends Redo.
    menus.undo_action.trigger()
    _my_turn(qtbot, window)
    assert menus.redo_action.isEnabled()
    scene = window.scene
    legal = [c for c in scene.hands[0] if not scene.item(c).dimmed]
    other = next((c for c in legal if c != played[-1]), None)
    if other is not None:
        window.presenter.play_card(other)
        qtbot.waitUntil(
            lambda: not menus.redo_action.isEnabled() or window.presenter.mode == PLAYING
        )
        assert not menus.redo_action.isEnabled()


def test_redo_asked_again_while_the_computers_play_is_made_at_the_players_turn(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    _passed(qtbot, window)
    menus = window.menus
    played = [_play_first_legal(qtbot, window) for _ in range(3)]
    _my_turn(qtbot, window)
    latest = _state(window)
    for _ in range(3):
        menus.undo_action.trigger()
        _my_turn(qtbot, window)
    menus.redo_action.trigger()  # the first card again: the computers answer it…
    assert window.presenter.mode != PLAYING
    assert menus.redo_action.isEnabled()  # …and Redo is still offered, for the next card
    assert menus.redo_action.text().replace("&", "") == f"Redo {card_label(played[1])}"
    menus.redo_action.trigger()
    menus.redo_action.trigger()
    assert not menus.redo_action.isEnabled()  # all three asked for
    qtbot.waitUntil(lambda: _state(window) == latest, timeout=10_000)
    _my_turn(qtbot, window)
    assert _state(window) == latest and window.session.aids_used(0) == (3, 0)


def test_the_undos_are_kept_with_the_game_and_counted_in_the_statistics(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    _passed(qtbot, window)
    _play_first_legal(qtbot, window)
    _my_turn(qtbot, window)
    window.commands.undo()
    _my_turn(qtbot, window)
    saved = window.session.snapshot()
    assert saved is not None and saved.aids[0] == (1, 0)
    from persistence_helpers import play_to_the_end

    play_to_the_end(qtbot, window)
    stats, _ = window.profile.load_statistics()
    entry = stats.get("Anna", "hearts")
    assert entry is not None and entry.undos == 1 and entry.hints == 0
    panel = window.game_over_panel  # and the final summary says so
    assert panel.isVisible() and panel.aids.text() == "Aids used — Anna: 1 undo and 0 hints"


@pytest.mark.parametrize("when", ["passing", "playing"])
def test_the_hint_raises_and_outlines_the_coach_s_cards_and_says_why(
    qtbot: QtBot, make_window: WindowMaker, when: str
) -> None:
    window = make_window()
    window.session.reviewer.budget = SMALL  # the hint searches with the review's budget
    scene, status = window.scene, window.status_line
    if when == "passing":
        window.start_game(short_game("hearts", 2))
        qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    else:
        _passed(qtbot, window)
        _my_turn(qtbot, window)
    match = window.controller.match
    assert match is not None
    cards, _ = coach_hint(view_of(match, 0), SMALL)
    qtbot.keyClick(window.view, Qt.Key.Key_H)  # the window goes on while the coach searches
    qtbot.waitUntil(lambda: bool(scene.hinted), timeout=60_000)
    assert scene.hinted == set(cards) and scene.raised == set(cards)
    assert all(scene.item(c).highlighted for c in cards)
    assert status.prompt().startswith("Hint: ") and len(status.prompt()) > 20
    if when == "playing":
        hand = match.current
        assert hand is not None and hand.legal_mask() >> cards[0] & 1
        assert scene.focus == cards[0]  # Enter plays it
    else:
        assert sorted(window.presenter.selected) == sorted(cards)
    window.commands.hint()  # asked again in the same position: counted once
    assert window.session.aids_used(0) == (0, 1)
    qtbot.keyClick(window.view, Qt.Key.Key_Right)  # the next action: the outline goes
    assert not scene.hinted  # (a card just received keeps its gold ring, hint or not)
    assert not any(scene.item(c).highlighted for c in cards if c not in scene.received)


def test_a_hint_that_comes_before_the_table_shows_the_turn_shows_with_it(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    """H pressed while the last computer's card still flies: a hint worked out ahead comes
    at once, before the table shows the turn; it waits for the turn, not lost."""
    window = make_window()
    _passed(qtbot, window)
    presenter, scene = window.presenter, window.scene
    assert presenter.mode not in (PASSING, PLAYING)  # the exchange is being shown
    match = window.controller.match
    assert match is not None
    card = next(c for c in listed(match.current.hands[0]) if c not in scene.received)  # type: ignore[union-attr]
    presenter.show_hint([card], Hint.SEARCH)
    assert not scene.hinted
    _my_turn(qtbot, window)
    assert scene.hinted == {card}
    assert window.status_line.prompt().startswith("Hint: ")


def test_the_last_trick_shows_its_four_cards_leader_and_winner_until_the_next_key(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    _passed(qtbot, window)
    _play_first_legal(qtbot, window)
    qtbot.waitUntil(lambda: any(t.complete for t in window.controller.table.tricks))
    _my_turn(qtbot, window)
    panel = window.game.last_trick_panel
    qtbot.keyClick(window.view, Qt.Key.Key_L)
    assert panel.isVisible()
    table = window.controller.table
    assert table is not None
    trick = [t for t in table.tricks if t.complete][-1]
    shown = sorted(card for _, card in panel.cross.cards)
    assert shown == sorted(trick.cards)
    assert panel.cross.winner_side == window.scene.side(trick.winner)
    assert panel.title.text() == "Trick 1"
    names = window.presenter.names()
    assert names[trick.leader] in panel.line.text() and "Points:" in panel.line.text()
    qtbot.keyClick(panel, Qt.Key.Key_Space)
    assert not panel.isVisible()
    action = window.menus.last_trick_action  # L, the menu's shortcut: asked again, it goes
    action.trigger()
    assert panel.isVisible()
    action.trigger()
    assert not panel.isVisible()
    # A click on a taken pile shows it too.
    pile = window.scene.taken[trick.winner][0]
    point = window.view.mapFromScene(window.scene.item(pile).sceneBoundingRect().center())
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert panel.isVisible()


def test_the_tricks_of_the_hand_are_listed_with_leader_winner_and_points(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    _passed(qtbot, window)
    for _ in range(2):
        _play_first_legal(qtbot, window)
    _my_turn(qtbot, window)
    table = window.controller.table
    assert table is not None
    done = [t for t in table.tricks if t.complete]
    model = window.tricks
    assert model.rowCount() == len(done) >= 2
    values = table.rules.card_points
    for row, trick in enumerate(done):
        _, leader, winner, points = model.trick(row)
        assert leader == trick.leader and winner == trick.winner
        assert points == sum(values[c] for c in trick.cards)
        assert model.data(model.index(row, leader)).startswith("▸")
    window.dock.hide()
    window.commands.show_tricks()
    assert window.dock.isVisible() and window.tricks_tab_shown()
    window.commands.show_tricks()  # K again: it goes
    assert not window.dock.isVisible()


def test_the_last_trick_speaks_to_the_player_called_you(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    from dataclasses import replace

    from peppa_qt.controller import SeatSetup

    window = make_window()
    setup = short_game("hearts", 2)
    window.start_game(replace(setup, seats=(SeatSetup("You"), *setup.seats[1:])))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    for card in window.scene.hands[0][:3]:
        window.presenter.toggle_selected(card)
    window.presenter.confirm_pass()
    _play_first_legal(qtbot, window)
    qtbot.waitUntil(lambda: any(t.complete for t in window.controller.table.tricks))
    _my_turn(qtbot, window)
    qtbot.keyClick(window.view, Qt.Key.Key_L)
    trick = next(t for t in window.controller.table.tricks if t.complete)
    names = window.presenter.names()
    line = window.game.last_trick_panel.line.text()
    if trick.leader == trick.winner == 0:
        assert line.startswith("You led and took it.")
    elif trick.leader == 0:
        assert line.startswith(f"You led, {names[trick.winner]} took it.")
    elif trick.winner == 0:
        assert line.startswith(f"{names[trick.leader]} led, you took it.")
    else:
        assert line.startswith(f"{names[trick.leader]} led, {names[trick.winner]} took it.")
    assert "You took" not in line


def test_received_cards_are_ringed_again_on_resume_only_before_the_first_card(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: object
) -> None:
    from pathlib import Path

    from peppa_qt.storage.saves import saved_game_to_json

    window = make_window()
    _passed(qtbot, window)
    _my_turn(qtbot, window)
    path = Path(str(tmp_path)) / "game.json"
    saved = window.session.snapshot()
    assert saved is not None and window.scene.received  # the cards just received
    path.write_text(saved_game_to_json(saved), encoding="utf-8")
    before = make_window()
    assert before.commands.open_path(path)
    qtbot.waitUntil(lambda: before.presenter.mode == PLAYING, timeout=5000)
    assert before.scene.received == window.scene.received  # not played yet: still ringed
    _play_first_legal(qtbot, window)
    _my_turn(qtbot, window)
    saved = window.session.snapshot()
    assert saved is not None
    path.write_text(saved_game_to_json(saved), encoding="utf-8")
    after = make_window()
    assert after.commands.open_path(path)
    qtbot.waitUntil(lambda: after.presenter.mode == PLAYING, timeout=5000)
    assert not after.scene.received


def _laid_out(label: QLabel) -> list[str]:
    """The lines a word-wrapped label's text is drawn in, at the label's width."""
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    lines = []
    for paragraph in label.text().split("\n"):
        layout = QTextLayout(paragraph, label.font())
        layout.setTextOption(option)
        layout.beginLayout()
        while (line := layout.createLine()).isValid():
            line.setLineWidth(label.contentsRect().width())
            start, length = line.textStart(), line.textLength()
            lines.append(paragraph[start : start + length].strip())
        layout.endLayout()
    return lines


def test_the_points_of_the_last_trick_keep_a_line_of_their_own_in_italian(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    from dataclasses import replace

    from PySide6.QtCore import QCoreApplication

    window = make_window()
    window.apply_settings(replace(window.settings, language="it"))
    setup = short_game("hearts", 2)
    long = ("Massimiliano", "Gianfrancesco", "Bartolomea", "Mariangela")  # the line wraps
    seats = [replace(s, name=n) for s, n in zip(setup.seats, long, strict=True)]
    window.start_game(replace(setup, seats=(seats[0], seats[1], seats[2], seats[3])))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    for card in window.scene.hands[0][:3]:
        window.presenter.toggle_selected(card)
    window.presenter.confirm_pass()
    _play_first_legal(qtbot, window)
    table = window.controller.table
    assert table is not None
    qtbot.waitUntil(lambda: any(t.complete for t in table.tricks))
    _my_turn(qtbot, window)
    qtbot.keyClick(window.view, Qt.Key.Key_L)
    label = window.game.last_trick_panel.line
    qtbot.waitUntil(label.isVisible)
    trick = next(t for t in table.tricks if t.complete)
    points = sum(table.rules.card_points[c] for c in trick.cards)
    said = QCoreApplication.translate("Narration", "Points: {points}").format(points=points)
    assert said.startswith("Punti")
    lines = _laid_out(label)
    assert lines[-1].replace("\u00a0", " ") == said, lines  # not "… Punti:" / "0"
    assert len(lines) >= 2
