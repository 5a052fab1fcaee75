"""The window and the player's files: resume at start, damaged files, save and open, warnings."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from persistence_helpers import Messages, play_to_the_end, step, step_until, waiting
from player_doubles import random_factory
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game
from test_whole_game import assert_table_matches_engine

from peppa_qt.ai import available_levels
from peppa_qt.app import build_window
from peppa_qt.controller import GameSetup, Pace, game_controller
from peppa_qt.engine import CardSet, Phase, read_record, replay, write_record
from peppa_qt.gui.dialogs.notices import Notices
from peppa_qt.gui.presenter.table_presenter import PASSING, PLAYING
from peppa_qt.gui.window.main_window import MainWindow
from peppa_qt.storage import Settings, locations
from peppa_qt.storage import files as storage_files


def game(preset: str, hands: int, *, human: bool = True) -> GameSetup:
    """A short game whose computer players have a level this build knows (kept on resuming)."""
    setup = short_game(preset, hands, human=human)
    level = (available_levels() or ["x"])[0]
    seats = tuple(s if s.level is None else replace(s, level=level) for s in setup.seats)
    return replace(setup, seats=(seats[0], seats[1], seats[2], seats[3]))


@pytest.fixture
def messages(monkeypatch: pytest.MonkeyPatch) -> Messages:
    captured = Messages()
    captured.install(monkeypatch)
    return captured


def restart(qtbot: QtBot, make_window: WindowMaker, old: MainWindow) -> MainWindow:
    """Close the window (it autosaves) and open a new one as the app does at start."""
    old.close()
    window = make_window()
    window.commands.start_or_resume()
    qtbot.waitUntil(lambda: waiting(window), timeout=10_000)
    return window


def test_the_app_opens_a_playable_table_despite_damaged_files(
    qtbot: QtBot, messages: Messages, monkeypatch: pytest.MonkeyPatch
) -> None:
    where = locations()
    where.config_dir.mkdir(parents=True)
    where.settings_file.write_text("{garbage")
    where.saves_dir.mkdir(parents=True)
    where.autosave_file.write_text('{"format": "peppa-record", "version": 1, "hands": 5}')
    monkeypatch.setattr(game_controller, "make_player", random_factory)
    window = build_window(False, None, speed="off")
    qtbot.addWidget(window)
    window.build_game().controller.pace = Pace.instant()
    window.scene.trick_hold = 0
    window.show()
    window.commands.start_or_resume()
    assert messages.told == [
        "Your settings file is damaged, so Peppa uses its default settings; "
        "the file was kept as settings.json.corrupt.",
        "The autosaved game is damaged, so a new game starts; "
        "the file was kept as autosave.json.corrupt.",
    ]
    assert where.settings_file.with_name("settings.json.corrupt").read_text() == "{garbage"
    assert window.settings == Settings(animation_speed="off")
    for _ in range(3):  # pass, then play two cards
        step(qtbot, window)
    step_until(qtbot, window, lambda: window.presenter.mode == PLAYING)
    assert_table_matches_engine(window)
    window.close()
    assert json.loads(where.settings_file.read_text())["format"] == "peppa-settings"
    assert where.settings_file.with_name("settings.json.corrupt").read_text() == "{garbage"


def test_closing_mid_trick_and_starting_again_goes_on_identically(
    qtbot: QtBot, make_window: WindowMaker, messages: Messages
) -> None:
    reference = make_window()
    reference.start_game(game("hearts", 1))
    expected = play_to_the_end(qtbot, reference)
    reference.close()
    window = make_window()
    window.start_game(game("hearts", 1))
    hand = window.controller.hand
    assert hand is not None
    # the human's turn, after a trick taken and with one in progress
    step_until(
        qtbot,
        window,
        lambda: (
            window.presenter.mode == PLAYING and len(hand.plays) % 4 > 0 and len(hand.plays) > 4
        ),
    )
    plays, tricks = list(hand.plays), window.tricks.rowCount()
    window = restart(qtbot, make_window, window)
    assert window.presenter.mode == PLAYING
    resumed = window.controller.hand
    assert resumed is not None and list(resumed.plays) == plays
    assert window.tricks.rowCount() == tricks
    assert_table_matches_engine(window)
    assert messages.told == [] and messages.asked == []
    assert play_to_the_end(qtbot, window) == expected


def test_the_passing_choice_and_the_hand_summary_come_back(
    qtbot: QtBot, make_window: WindowMaker, messages: Messages
) -> None:
    window = make_window()
    window.start_game(game("hearts", 2))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=10_000)
    chosen = window.scene.hands[0][4:6]
    for card in chosen:
        window.presenter.toggle_selected(card)
    window = restart(qtbot, make_window, window)
    assert window.presenter.mode == PASSING and window.presenter.selected == chosen
    assert window.scene.raised == set(chosen)
    step_until(qtbot, window, window.summary_panel.isVisible)
    window = restart(qtbot, make_window, window)
    qtbot.waitUntil(window.summary_panel.isVisible)
    assert window.scores.hand_count() == 1
    step(qtbot, window)  # continue: the second hand is dealt
    match = window.controller.match
    assert match is not None and len(match.hands) == 2


def test_a_game_resumed_in_its_second_hand_keeps_the_first_on_the_score_sheet(
    qtbot: QtBot, make_window: WindowMaker, messages: Messages
) -> None:
    window = make_window()
    window.start_game(game("hearts", 2))
    step_until(qtbot, window, window.summary_panel.isVisible)
    sheet = window.scores.progress()
    assert len(sheet) == 1
    step_until(qtbot, window, lambda: not window.summary_panel.isVisible())
    window = restart(qtbot, make_window, window)
    match = window.controller.match
    assert match is not None and len(match.hands) == 2
    assert window.scores.progress() == sheet


def test_three_cards_chosen_come_back_with_the_words_for_them(
    qtbot: QtBot, make_window: WindowMaker, messages: Messages
) -> None:
    window = make_window()
    window.start_game(game("hearts", 2))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=10_000)
    for card in window.scene.hands[0][:3]:
        window.presenter.toggle_selected(card)
    window = restart(qtbot, make_window, window)
    assert len(window.presenter.selected) == 3
    assert window.status_line.prompt().startswith("Three cards chosen: press “Pass cards”")


def test_asking_before_resuming(qtbot: QtBot, make_window: WindowMaker, messages: Messages) -> None:
    window = make_window()
    window.apply_settings(Settings(resume="ask", animation_speed="off"))
    window.start_game(game("hearts", 1))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=10_000)
    seed = window.controller.match.seed  # type: ignore[union-attr]
    messages.answer = False
    window = restart(qtbot, make_window, window)
    assert messages.asked == ["Continue the game you were playing?"]
    assert window.controller.match.seed != seed  # type: ignore[union-attr]
    new_seed = window.controller.match.seed  # type: ignore[union-attr]
    messages.answer = True
    window = restart(qtbot, make_window, window)
    assert window.controller.match.seed == new_seed  # type: ignore[union-attr]


def test_a_finished_game_is_counted_once_and_not_resumed(
    qtbot: QtBot, make_window: WindowMaker, messages: Messages
) -> None:
    window = make_window()
    window.start_game(game("peppa", 1, human=False))
    qtbot.waitUntil(window.summary_panel.isVisible, timeout=10_000)
    window.presenter.continue_after_hand()
    qtbot.waitUntil(window.game_over_panel.isVisible)
    stats, problem = window.profile.load_statistics()
    assert problem is None and [e.games for e in stats.entries] == [1, 1, 1, 1]
    assert {e.name for e in stats.entries} == {"Ezio", "Bruno", "Carla", "Dario"}
    seed = window.controller.match.seed  # type: ignore[union-attr]
    window = restart(qtbot, make_window, window)
    assert window.controller.match.seed != seed  # type: ignore[union-attr]
    assert window.profile.load_statistics()[0] == stats


def test_save_open_export_and_import(
    qtbot: QtBot,
    make_window: WindowMaker,
    messages: Messages,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    chosen: list[Path] = []
    monkeypatch.setattr(Notices, "save_path", classmethod(lambda cls, *a: chosen.pop(0)))
    monkeypatch.setattr(Notices, "open_path", classmethod(lambda cls, *a: chosen.pop(0)))
    window = make_window()
    window.start_game(game("hearts", 2))
    for _ in range(6):
        step(qtbot, window)
    saved_at = write_record(window.session.snapshot().record)  # type: ignore[union-attr]
    chosen.append(tmp_path / "mine")
    window.commands.save()  # no file yet: Save asks where
    path = tmp_path / "mine.peppa"
    assert window.session.current_path == path and window.settings.recent_files[0] == str(path)
    assert replay(read_record(path.read_text())).current is not None  # a valid game record
    chosen.append(tmp_path / "game.json")
    window.commands.export_record()
    assert "app" not in json.loads((tmp_path / "game.json").read_text())
    window.start_game(game("torino", 1))  # something else, then back to the save
    chosen.append(path)
    window.commands.open_game()  # checked before the computers play on
    assert write_record(window.session.snapshot().record) == saved_at  # type: ignore[union-attr]
    assert window.session.current_path == path
    qtbot.waitUntil(lambda: waiting(window), timeout=10_000)
    chosen.append(tmp_path / "game.json")
    window.commands.import_record()
    assert window.session.current_path is None
    assert read_record(saved_at).hands == window.session.snapshot().record.hands  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: waiting(window), timeout=10_000)
    window.menus.recent_menu.aboutToShow.emit()
    recent = window.menus.recent_menu.actions()
    assert [a.text() for a in recent] == ["mine.peppa"]
    recent[0].trigger()
    assert window.session.current_path == path
    assert messages.told == []


def test_opening_a_bad_file_says_why_and_keeps_the_game(
    qtbot: QtBot, make_window: WindowMaker, messages: Messages, tmp_path: Path
) -> None:
    window = make_window()
    window.start_game(game("hearts", 1))
    qtbot.waitUntil(lambda: waiting(window), timeout=10_000)
    match = window.controller.match
    bad = tmp_path / "bad.peppa"
    bad.write_text('{"format": "peppa-record", "version": 1, "rules": {"preset": "chess"}}')
    window.apply_settings(window.settings.with_recent(str(bad)))
    assert not window.commands.open_path(bad)
    assert messages.told == ["bad.peppa is not a game Peppa can open: unknown rule set 'chess'."]
    assert bad.exists() and window.controller.match is match
    assert str(bad) not in window.settings.recent_files


def test_a_failing_disk_is_told_once_and_the_game_goes_on(
    qtbot: QtBot, make_window: WindowMaker, messages: Messages, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(*args: object) -> None:
        raise OSError(28, "No space left on device")

    window = make_window()
    monkeypatch.setattr(storage_files, "write_atomic", full)
    window.start_game(game("hearts", 1))
    for _ in range(6):
        step(qtbot, window)
    assert messages.told == [
        "The game could not be saved automatically (No space left on device); "
        "the previous autosave is unchanged."
    ]
    hand = window.controller.hand
    assert hand is not None and hand.phase is not Phase.PASSING


def test_auto_play_plays_a_forced_card(make_window: WindowMaker) -> None:
    window = make_window()
    presenter = window.presenter
    played: list[int] = []
    presenter.play_card = played.append  # type: ignore[method-assign]
    presenter._on_controller_human_to_move(0, CardSet(1 << 7 | 1 << 9))
    presenter.auto_play = True
    presenter._on_controller_human_to_move(0, CardSet(1 << 7 | 1 << 9))
    presenter._on_controller_human_to_move(0, CardSet(1 << 12))
    assert played == [12]
    window.apply_settings(Settings(auto_play=False, animation_speed="off"))
    assert not presenter.auto_play
