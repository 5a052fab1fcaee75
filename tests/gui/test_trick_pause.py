"""The pause at the end of a trick: the last card stays a moment, a click or a key sweeps it."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import ClassVar

import pytest
from player_doubles import RandomPlayer
from PySide6.QtCore import QAbstractAnimation, QParallelAnimationGroup, QPoint, Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game

from peppa_qt.ai.base import Decision, Player
from peppa_qt.engine import PlayerView
from peppa_qt.gui.dialogs.settings import SettingsDialog
from peppa_qt.gui.table.motion import TRICK_SWEEP
from peppa_qt.gui.table.scene import PLAY_FLIGHT
from peppa_qt.gui.window.main_window import SPEEDS, TRICK_PAUSES, MainWindow
from peppa_qt.storage import Settings

TRICK = [(seat, seat * 13 + 12) for seat in range(4)]


def full_trick(window: MainWindow, *, taken: bool = True) -> None:
    """Four cards in the middle, one from each seat, and (``taken``) the trick taken by 1."""
    hands = [list(range(s * 13, s * 13 + 12)) for s in range(4)]
    window.scene.restore(hands, 0, TRICK, [[], [], [], []])
    if taken:
        window.scene.take_trick(1)


def leaves_after(window: MainWindow) -> int:
    """How long (ms) the full trick stays in sight before its cards start to leave."""
    scene = window.scene
    full_trick(window, taken=False)
    there = {card: scene.item(card).pos() for _, card in TRICK}
    scene.take_trick(1)
    groups = scene.findChildren(QParallelAnimationGroup)
    batch = next(g for g in groups if g.state() is QAbstractAnimation.State.Running)
    batch.pause()
    for ms in range(0, batch.totalDuration() + 1, 5):
        batch.setCurrentTime(ms)
        if any(scene.item(card).pos() != pos for card, pos in there.items()):
            return ms
    raise AssertionError("the trick never left")


def settled(qtbot: QtBot, make_window: WindowMaker, speed: str) -> MainWindow:
    """A window at ``speed`` that has done fitting itself to the screen (a first start fits
    twice, 400 ms apart: a new size puts every card in its place at once)."""
    window = make_window(speed=speed)
    qtbot.wait(500)
    return window


def in_the_middle(window: MainWindow) -> bool:
    """Whether the trick's four cards are still where they were played."""
    scene = window.scene
    layout = scene.layout
    spots = [layout.trick_spot(scene.side(seat), order) for order, (seat, _) in enumerate(TRICK)]
    return all(
        scene.item(card).pos().toTuple() == (spot.x, spot.y)
        for (_, card), spot in zip(TRICK, spots, strict=True)
    )


@pytest.mark.parametrize("speed", ["slow", "normal"])
def test_the_last_card_stays_well_past_the_hold_at_slow_and_normal(
    make_window: WindowMaker, speed: str
) -> None:
    window = make_window(speed=speed)
    assert window.settings.trick_pause is None  # never chosen: the speed's default
    hold = SPEEDS[speed][2]
    assert abs(leaves_after(window) - TRICK_PAUSES[speed]) <= 10
    assert TRICK_PAUSES[speed] >= 2 * hold


def test_at_fast_speed_there_is_no_pause_unless_chosen(make_window: WindowMaker) -> None:
    window = make_window(speed="fast")
    assert abs(leaves_after(window) - SPEEDS["fast"][2]) <= 10
    window.apply_settings(replace(window.settings, trick_pause=True))
    assert abs(leaves_after(window) - TRICK_PAUSES["fast"]) <= 10


def test_the_setting_off_removes_the_pause(make_window: WindowMaker) -> None:
    window = make_window(speed="normal")
    window.apply_settings(replace(window.settings, trick_pause=False))
    assert abs(leaves_after(window) - SPEEDS["normal"][2]) <= 10
    assert window.profile.load_settings()[0].trick_pause is None  # applied, not yet saved
    window.save_settings()
    assert window.profile.load_settings()[0].trick_pause is False


def test_with_animations_off_there_is_never_a_pause(make_window: WindowMaker) -> None:
    window = make_window(speed="off")
    window.apply_settings(replace(window.settings, trick_pause=True))
    assert window.scene.trick_pause == 0
    full_trick(window)
    assert not window.scene.holds_trick()


def test_a_click_sweeps_the_trick_at_once(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = settled(qtbot, make_window, "normal")
    scene, finished = window.scene, []
    full_trick(window)
    qtbot.wait(PLAY_FLIGHT)  # the time the fourth card flies in
    assert scene.holds_trick() and in_the_middle(window)
    scene.animations_finished.connect(lambda: finished.append(True))
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(20, 300))
    assert not scene.holds_trick() and scene.is_animating()  # on its way, not jumped there
    # The sweep alone, well before the pause would have ended.
    qtbot.waitUntil(lambda: not scene.is_animating(), timeout=TRICK_SWEEP + 400)
    assert scene.misplaced() == [] and scene.taken[1] == [card for _, card in TRICK]
    qtbot.wait(50)
    assert finished == [True]  # the game is told once that the table is done


def test_a_key_sweeps_the_trick_at_once(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = settled(qtbot, make_window, "slow")
    scene = window.scene
    full_trick(window)
    QTest.keyClick(window.view, Qt.Key.Key_Shift)  # a modifier alone is no "go on"
    assert scene.holds_trick()
    QTest.keyClick(window.view, Qt.Key.Key_Space)
    assert not scene.holds_trick()
    qtbot.waitUntil(lambda: not scene.is_animating(), timeout=round(TRICK_SWEEP * 1.6) + 400)
    assert scene.misplaced() == []


def test_turning_the_pause_off_during_one_sweeps_the_trick(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = settled(qtbot, make_window, "normal")
    scene = window.scene
    full_trick(window)
    qtbot.wait(SPEEDS["normal"][2] + 200)  # past the ordinary hold, within the pause
    assert scene.holds_trick()
    window.apply_settings(replace(window.settings, trick_pause=False))
    assert not scene.holds_trick() and scene.trick_pause == 0


class ThinkingLeader(RandomPlayer):
    """Thinks half a second before leading the second trick, and notes when it did."""

    thought: ClassVar[list[tuple[float, float]]] = []

    def choose_play(self, view: PlayerView) -> Decision:
        if len(view.plays) == 4:
            start = time.monotonic()
            time.sleep(0.5)
            self.thought.append((start, time.monotonic()))
        return super().choose_play(view)


def thinking_factory(level: str, seed: int) -> Player:
    return ThinkingLeader(seed)


def test_in_a_game_the_computer_thinks_while_the_trick_waits(
    qtbot: QtBot, make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(SPEEDS, "normal", (1.0, 0, SPEEDS["normal"][2]))  # no thinking pause
    ThinkingLeader.thought = []
    window = make_window(thinking_factory, speed="normal")
    window.start_game(short_game("hearts", 1, human=False))
    scene = window.scene
    qtbot.waitUntil(scene.holds_trick, timeout=10_000)
    begun = time.monotonic()
    assert len(scene.trick) == 0 and sum(map(len, scene.taken)) == 4
    qtbot.waitUntil(lambda: not scene.holds_trick(), timeout=TRICK_PAUSES["normal"] + 500)
    ended = time.monotonic()
    assert ended - begun >= TRICK_PAUSES["normal"] / 1000 - 0.3  # not cut short
    ((_, done),) = ThinkingLeader.thought
    assert begun <= done <= ended  # its answer came while the trick lay on the table
    qtbot.waitUntil(lambda: len(scene.trick) == 1, timeout=3000)  # and then it led


def test_the_dialog_shows_the_speeds_pause_until_the_player_chooses(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    dialog = SettingsDialog(Settings(), window.session.levels, window)
    qtbot.addWidget(dialog)
    box, speed = dialog.trick_pause, dialog.speed
    assert box.isChecked() and box.isEnabled()  # normal speed
    speed.setCurrentIndex(speed.findData("fast"))
    assert not box.isChecked() and dialog.settings().trick_pause is None
    box.setChecked(True)  # chosen: it stays, whatever the speed
    speed.setCurrentIndex(speed.findData("slow"))
    speed.setCurrentIndex(speed.findData("fast"))
    assert box.isChecked() and dialog.settings().trick_pause is True
    speed.setCurrentIndex(speed.findData("off"))
    assert not box.isChecked() and not box.isEnabled()  # no animations, no pause
    assert dialog.settings().trick_pause is True  # the choice is kept for the other speeds


def test_the_keys_page_says_how_to_sweep(qtbot: QtBot) -> None:
    from peppa_qt.gui.dialogs.help import KeyboardDialog

    dialog = KeyboardDialog([])
    qtbot.addWidget(dialog)
    assert dict(dialog.rows)["Any key"] == "Sweep a finished trick at once (or click the table)"


def test_old_settings_files_without_the_key_still_read() -> None:
    from peppa_qt.storage.settings import settings_from_json

    text = '{"format": "peppa-settings", "version": 1, "animation_speed": "slow"}'
    settings = settings_from_json(text)
    assert settings == Settings(animation_speed="slow") and settings.trick_pause is None
    assert settings.pauses_tricks("slow") and not settings.pauses_tricks("fast")
