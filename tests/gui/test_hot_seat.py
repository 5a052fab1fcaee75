"""Hot-seat: several people at one computer, each seeing only their own cards.

Whole games are played through the window by clicking, the hand-over screen's button pressed
each time; at every hand-over and after every human action, the screen is checked for a
glimpse of anyone else's cards.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, QRectF, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game
from test_viewer import assert_seats_in_their_places
from test_whole_game import assert_table_matches_engine, pass_by_clicking, play_by_clicking

from peppa_qt.controller import GameSetup, SeatSetup
from peppa_qt.engine import Phase, RuleSet, cards_of
from peppa_qt.gui.presenter.table_presenter import IDLE, PASSING, PLAYING
from peppa_qt.gui.table.card_pixmaps import card_of
from peppa_qt.gui.window.main_window import MainWindow

NAMES = ("Anna", "Marco", "Carla", "Dario")


def hot_seat(humans: tuple[int, ...], preset: str = "hearts", hands: int = 1) -> GameSetup:
    """A game with humans at ``humans``, computers (easy) elsewhere."""
    rules = RuleSet.preset(preset, {"end": {"mode": "hands", "count": hands}})
    seats = [SeatSetup(n) if s in humans else SeatSetup(n, "easy") for s, n in enumerate(NAMES)]
    return GameSetup(rules, (seats[0], seats[1], seats[2], seats[3]), seed=8)


def face_up_hand_cards(window: MainWindow) -> dict[int, list[int]]:
    """Per seat, the cards of its hand that show their faces."""
    scene = window.scene
    seats = range(scene.seats)
    shown = {s: [i.card for i in scene.items_of_hand(s) if i.face_up] for s in seats}
    return {s: cards for s, cards in shown.items() if cards}


def assert_no_peeking(window: MainWindow) -> None:
    """Behind a hand-over nothing is face up; else only the shown human's own cards are."""
    up = face_up_hand_cards(window)
    if window.build_game().hand_over.isVisible():
        assert up == {}, "a hand is face up behind the hand-over screen"
        return
    controller = window.controller
    viewer = window.scene.viewer
    for seat, cards in up.items():
        assert seat == viewer and not controller.covered, f"seat {seat} shown to {viewer}"
        assert controller.is_human(seat) or not controller.humans()
        view = controller.view  # what the screen may show: cards dealt or passed to them
        assert view is not None and view.seat == seat
        assert all((view.dealt | (view.received or 0)) >> card_of(c) & 1 for c in cards)


def assert_trick_in_sight(window: MainWindow) -> None:
    """The hand-over's box hides no card of the trick in play (it is public: at six seats,
    1024×640, the box in the middle hid three of them), and shows whole on the table."""
    screen, view = window.build_game().hand_over, window.view
    box = QRect(screen.box.mapTo(view, QPoint(0, 0)), screen.box.size())
    assert view.rect().contains(box), (view.rect(), box)
    for _, card in window.scene.trick:
        shown = view.mapFromScene(window.scene.item(card).sceneBoundingRect()).boundingRect()
        assert not box.intersects(shown), (card_of(card), box, shown)


def waiting(window: MainWindow) -> bool:
    game = window.build_game()
    panels = (game.summary_panel, game.game_over_panel, game.hand_over)
    return window.presenter.mode != IDLE or any(p.isVisible() for p in panels)


class HotSeatPlay:
    """Plays a hot-seat game by mouse and keyboard, checking the screen at every step."""

    def __init__(self, qtbot: QtBot, window: MainWindow) -> None:
        self.qtbot, self.window = qtbot, window
        self.hand_overs: list[int] = []
        self.rings: list[tuple[int, frozenset[int]]] = []  # (seat, cards ringed for it)

    def step(self) -> bool:
        """One thing a person does; False once the final ranking shows."""
        qtbot, window = self.qtbot, self.window
        game = window.build_game()
        qtbot.waitUntil(lambda: waiting(window), timeout=10_000)
        assert_no_peeking(window)
        if game.game_over_panel.isVisible():
            return False
        if game.hand_over.isVisible():
            assert_trick_in_sight(window)
            self.hand_overs.append(window.controller.viewer)
            if len(self.hand_overs) % 2:
                qtbot.mouseClick(game.hand_over.button, Qt.MouseButton.LeftButton)
            else:
                qtbot.keyClick(game.hand_over, Qt.Key.Key_Return)
            qtbot.waitUntil(lambda: not game.hand_over.isVisible() and waiting(window))
            self._revealed()
        elif window.presenter.mode == PASSING:
            pass_by_clicking(qtbot, window)
        elif window.presenter.mode == PLAYING:
            play_by_clicking(qtbot, window)
        elif game.summary_panel.isVisible():
            qtbot.mouseClick(game.summary_panel.button, Qt.MouseButton.LeftButton)
        assert_no_peeking(window)
        return True

    def _revealed(self) -> None:
        """A human's cards are shown: theirs alone, at the bottom, the others in place."""
        window = self.window
        viewer = window.scene.viewer
        assert window.controller.is_human(viewer) and not window.controller.covered
        qtbot = self.qtbot
        qtbot.waitUntil(lambda: window.presenter.mode in (PASSING, PLAYING), timeout=5000)
        assert_table_matches_engine(window)
        assert_seats_in_their_places(window, viewer)
        if window.scene.received:
            self.rings.append((viewer, frozenset(window.scene.received)))

    def to_the_end(self) -> None:
        while self.step():
            pass


@pytest.mark.parametrize("humans", [(0, 2), (1, 2), (0, 1, 2, 3)])
def test_a_hot_seat_game_is_played_to_the_end_without_a_glimpse(
    qtbot: QtBot, make_window: WindowMaker, humans: tuple[int, ...]
) -> None:
    window = make_window()
    window.start_game(hot_seat(humans, "peppa", hands=1))
    play = HotSeatPlay(qtbot, window)
    play.to_the_end()
    assert set(play.hand_overs) == set(humans)
    assert window.controller.match is not None and window.controller.match.is_over
    assert not window.menus.undo_action.isEnabled()
    assert "not with several human players" in window.menus.undo_action.text()


def test_with_three_humans_passing_each_sees_only_their_own_received_cards_once(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.start_game(hot_seat((0, 1, 3), "peppa"))
    play = HotSeatPlay(qtbot, window)
    passes_seen: list[int] = []
    while len({seat for seat, _ in play.rings}) < 3 and play.step():
        if window.presenter.mode == PASSING and window.controller.viewer not in passes_seen:
            passes_seen.append(window.controller.viewer)
    assert passes_seen == [0, 1, 3]  # one human at a time, each behind a hand-over
    hand = window.controller.hand
    assert hand is not None
    for seat, ringed in play.rings:
        assert ringed == frozenset(cards_of(hand.received(seat) or 0))
    assert sorted(seat for seat, _ in play.rings) == [0, 1, 3]  # once each


def test_one_human_plays_as_before_no_hand_over(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    window.start_game(hot_seat((2,), "hearts"))
    play = HotSeatPlay(qtbot, window)
    undo = window.menus.undo_action
    offered = []  # Undo, whenever the human is asked to play after their first card
    while True:
        qtbot.waitUntil(lambda: waiting(window), timeout=10_000)
        hand = window.controller.hand
        if window.presenter.mode == PLAYING and hand is not None and len(hand.plays) > 4:
            offered.append(undo.isEnabled())
        if not play.step():
            break
    assert play.hand_overs == []
    assert offered and all(offered)
    assert not undo.isEnabled()  # the game is over: it has been ranked and counted


def test_a_hot_seat_game_saved_mid_trick_opens_behind_the_hand_over_screen(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path
) -> None:
    window = make_window()
    window.start_game(hot_seat((0, 2), "hearts"))
    play = HotSeatPlay(qtbot, window)
    hand = window.controller.hand
    assert hand is not None
    while not (len(hand.plays) % 4 and len(hand.plays) > 4):
        assert play.step()
    path = tmp_path / "hot.peppa"
    assert window.session.save_to(path)
    again = make_window()
    assert again.commands.open_path(path)
    screen = again.build_game().hand_over
    qtbot.waitUntil(screen.isVisible, timeout=5000)
    assert face_up_hand_cards(again) == {}
    to_act = again.controller.hand.to_move  # type: ignore[union-attr]
    assert to_act in (0, 2) and again.controller.viewer == to_act
    assert NAMES[to_act] in screen.title.text()
    rings = [badge.seat for badge in again.scene.badges if badge.state.active]
    assert rings == [to_act]  # the gold ring on the plate of the one called, as before saving
    HotSeatPlay(qtbot, again).to_the_end()


def test_the_new_game_dialog_remembers_a_hot_seat_choice(
    qtbot: QtBot, make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    from peppa_qt.gui.dialogs.new_game import NewGameDialog

    window = make_window()
    chosen = hot_seat((0, 1, 2, 3), "torino", hands=2)
    offered: list[GameSetup] = []

    def ask(cls: type, parent: object, levels: list[str], previous: GameSetup) -> GameSetup:
        offered.append(previous)
        return replace(chosen, seed=None)

    monkeypatch.setattr(NewGameDialog, "ask", classmethod(ask))
    window.commands.ask_new_game()
    window.commands.ask_new_game()
    assert [s.name for s in offered[1].seats] == list(NAMES)
    assert all(s.is_human for s in offered[1].seats)
    assert offered[1].rules.name == "torino"


def test_with_several_humans_a_file_written_mid_hand_shows_no_cards_to_come(
    qtbot: QtBot, make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from peppa_qt.engine import read_record
    from peppa_qt.gui.dialogs.notices import Notices

    asked: list[str] = []

    def save_path(cls: type, parent: object, title: str, *rest: object) -> Path:
        asked.append(title)
        return tmp_path / f"file{len(asked)}.json"

    monkeypatch.setattr(Notices, "save_path", classmethod(save_path))
    window = make_window()
    window.start_game(hot_seat((0, 2), "hearts", hands=3))
    play = HotSeatPlay(qtbot, window)
    match = window.controller.match
    assert match is not None
    while len(match.hands) < 2 or len(match.hands[-1].plays) < 6:  # into the second hand
        assert play.step()
    window.commands.save_as()
    window.commands.save()
    assert asked == [] and window.session.current_path is None  # neither asks where
    assert "Save between hands" in window.status_line.currentMessage()
    window.commands.export_record()
    exported = read_record((tmp_path / "file1.json").read_text())
    assert exported.seed is None  # every deal to come follows from the seed
    assert exported.hands == window.session.snapshot().record.hands[:1]  # type: ignore[union-attr]
    assert "not the hand in play" in window.status_line.currentMessage()
    while match.hands[-1].phase is not Phase.SCORED:  # the end of the second hand
        assert play.step()
    window.commands.save_as()  # between hands: the whole game, to go on with it
    saved = read_record((tmp_path / "file2.json").read_text())
    assert saved.seed == 8 and len(saved.hands) == 2


def test_with_one_human_a_file_written_mid_hand_holds_the_whole_game(
    qtbot: QtBot, make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from peppa_qt.engine import read_record
    from peppa_qt.gui.dialogs.notices import Notices

    monkeypatch.setattr(Notices, "save_path", classmethod(lambda cls, *a: tmp_path / "g.json"))
    window = make_window()
    window.start_game(hot_seat((0,), "hearts", hands=2))
    play = HotSeatPlay(qtbot, window)
    hand = window.controller.hand
    assert hand is not None
    while len(hand.plays) < 6:
        assert play.step()
    window.commands.export_record()
    exported = read_record((tmp_path / "g.json").read_text())
    assert exported.seed == 8 and exported.hands == window.session.snapshot().record.hands  # type: ignore[union-attr]


def test_in_hot_seat_each_human_is_told_once_what_they_received(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.start_game(hot_seat((0, 2), "hearts"))
    play = HotSeatPlay(qtbot, window)
    hand = window.controller.hand
    assert hand is not None
    said: list[tuple[int, str]] = []  # (the human whose cards show, the status line)
    turns: dict[int, list[str]] = {0: [], 2: []}  # what each human read at each of their turns

    def on_prompt(text: str) -> None:
        c = window.controller
        said.append((-1 if c.covered else c.viewer, text))

    window.status_line.prompt_changed.connect(on_prompt)
    while len(hand.plays) < 16:
        assert play.step()
    for seat, text in said:
        if text.endswith("Your turn: play a card.") and seat >= 0:
            turns[seat].append(text)
    for seat in (0, 2):
        giver = NAMES[hand.rules.giver(seat, hand.pass_direction)]
        told = [i for i, (to, text) in enumerate(said) if "You received" in text and to == seat]
        assert told and all(f" from {giver}." in said[i][1] for i in told), said
        assert told == list(range(told[0], told[0] + len(told))) and len(told) <= 2  # once
        first, *later = turns[seat]
        assert first.startswith("You received ")  # with the turn it came just before
        assert later and not any("You received" in text for text in later)
    assert not any("You received" in text for to, text in said if to < 0)


@pytest.mark.parametrize("humans", [(0,), (), (1, 3)])
def test_a_new_game_takes_the_last_games_hand_over_screen_away(
    qtbot: QtBot, make_window: WindowMaker, humans: tuple[int, ...]
) -> None:
    """A hot-seat game left at its hand-over screen for a game with a single human (or the
    demo): the screen went on standing over the table, the human's cards face up under it,
    and the keys went to its button instead of the cards. A new hot-seat game hands over to
    its own first human."""
    window = make_window()
    window.start_game(hot_seat((0, 2), "peppa"))
    game = window.build_game()
    qtbot.waitUntil(game.hand_over.isVisible, timeout=5000)
    window.start_game(hot_seat(humans, "peppa"))
    if len(humans) > 1:
        qtbot.waitUntil(lambda: game.hand_over.title.text() == "Marco's turn", timeout=5000)
        assert game.hand_over.isVisible() and face_up_hand_cards(window) == {}
        return
    qtbot.waitUntil(lambda: window.presenter.mode != IDLE or bool(face_up_hand_cards(window)))
    assert not game.hand_over.isVisible()
    if humans:
        qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
        window.view.setFocus()
        qtbot.keyClick(window.view, Qt.Key.Key_Right)
        assert window.scene.focus in window.scene.hands[0]  # the keys reach the cards


def test_with_several_humans_nobody_is_called_you(qtbot: QtBot, make_window: WindowMaker) -> None:
    """The first seat's "You" is for one human alone: at hot-seat the hand-over said "You's
    turn" ("Turno di Tu"); that seat gets a numbered name, like a human's left empty."""
    from peppa_qt.gui.dialogs.defaults import default_setup
    from peppa_qt.gui.dialogs.new_game import NewGameDialog

    window = make_window()
    dialog = NewGameDialog(["easy"], default_setup(["easy"]), window)
    qtbot.addWidget(dialog)
    assert dialog.names[0].text() == "You"
    assert [s.name for s in dialog.setup().seats if s.is_human] == ["You"]
    dialog.kinds[2].setCurrentIndex(dialog.kinds[2].findData("human"))
    setup = dialog.setup()
    assert [s.name for s in setup.seats if s.is_human] == ["Player 1", "Carla"]
    window.start_game(replace(setup, seed=8))
    hand_over = window.build_game().hand_over
    qtbot.waitUntil(hand_over.isVisible, timeout=5000)
    assert hand_over.title.text() in {"Player 1's turn", "Carla's turn"}


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_hand_over_with_a_long_name_shows_its_lines_and_button_whole(
    qtbot: QtBot, make_window: WindowMaker, language: str
) -> None:
    """ "Passa il computer: ora gioca Giocatore 1. Deve guardare solo Giocatore 1." wraps to
    two lines: the panel grows for them (the second line was cut, the button squeezed)."""
    window = make_window()
    window.apply_settings(replace(window.settings, language=language))
    window.start_game(
        replace(
            hot_seat((0, 2), "peppa"),
            seats=tuple(
                SeatSetup(f"Giocatore {s + 1}", None if s in (0, 2) else "easy") for s in range(4)
            ),
        )
    )
    screen = window.build_game().hand_over
    qtbot.waitUntil(screen.isVisible, timeout=5000)  # its first showing
    qtbot.wait(10)
    hint = screen.hint
    assert hint.height() >= hint.heightForWidth(hint.width()) > hint.fontMetrics().height()
    assert screen.button.height() >= screen.button.sizeHint().height()
    inside = screen.box.contentsRect()
    for part in (screen.title, hint, screen.button):
        assert inside.contains(part.geometry()), part
    assert screen.title.geometry().bottom() < hint.geometry().top()
    assert hint.geometry().bottom() < screen.button.geometry().top()


def test_a_hand_over_first_shown_before_the_window_is_laid_out_keeps_its_box(
    qtbot: QtBot,
) -> None:
    """Resuming a hot-seat game at start shows the hand-over before any layout has run: its
    box must still take its height (it had none: the veil alone, no button)."""
    from peppa_qt.gui.panels.hand_over import HandOverScreen

    screen = HandOverScreen(lambda: QRectF(0, 300, 1024, 300))
    qtbot.addWidget(screen)
    screen.show_for("Giocatore 1")
    screen.resize(1024, 600)
    qtbot.waitExposed(screen)
    qtbot.wait(20)  # the layouts run
    box = screen.box
    assert box.height() >= box.sizeHint().height() > 0
    assert box.contentsRect().contains(screen.button.geometry())
    assert screen.button.height() >= screen.button.sizeHint().height()


def test_ctrl_z_with_several_humans_says_why_there_is_no_undo(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    """Undo is greyed out in hot-seat; the key did nothing and said nothing."""
    window = make_window()
    window.finish_startup()  # the menus (filled after the first paint)
    window.start_game(hot_seat((0, 2), "hearts"))
    play = HotSeatPlay(qtbot, window)
    while not (window.controller.hand and len(window.controller.hand.plays) >= 1):
        assert play.step()
    qtbot.waitUntil(lambda: waiting(window))
    window.activateWindow()  # a shortcut is the active window's
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert "several human players" in window.status_line.currentMessage()


def test_ctrl_z_with_one_human_still_takes_the_card_back(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.finish_startup()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    window.start_game(short_game("hearts", 1))
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.status_line.currentMessage() == "There is nothing to undo."
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    hand = list(window.scene.hands[0])
    for card in hand[:3]:
        window.presenter.toggle_selected(card)
    window.presenter.confirm_pass()
    qtbot.waitUntil(lambda: window.presenter.mode == PLAYING, timeout=5000)
    assert window.menus.undo_action.isEnabled()
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)  # the pass back


def test_after_the_last_trick_at_a_hand_over_enter_still_shows_the_cards(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    """L over the hand-over screen shows the trick taken (it is public); any key puts it away,
    and then Enter went nowhere: the focus went to the hidden table, so a player at the
    keyboard could no longer ask for their cards."""
    window = make_window()
    window.start_game(hot_seat((0, 2), "peppa"))
    game, play = window.build_game(), HotSeatPlay(qtbot, window)

    def trick_taken() -> bool:
        table = window.controller.table
        return table is not None and any(t.complete for t in table.tricks)

    while True:
        qtbot.waitUntil(lambda: waiting(window), timeout=10_000)
        if game.hand_over.isVisible() and trick_taken():
            break
        assert play.step()
    window.menus.last_trick_action.trigger()  # L, the menu's shortcut
    qtbot.waitUntil(game.last_trick_panel.isVisible)
    qtbot.keyClick(game.last_trick_panel, Qt.Key.Key_L)
    qtbot.waitUntil(lambda: not game.last_trick_panel.isVisible())
    focused = window.focusWidget()  # where the next key goes (the window is not active here)
    assert focused is not None
    qtbot.keyClick(focused, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not game.hand_over.isVisible(), timeout=5000)
