"""Belmont at six and eight seats: each play and trick heard, and a decided hand offered and
finished to the points the proven claim said, through the real window."""

from __future__ import annotations

from dataclasses import replace

import pytest
from persistence_helpers import GUARD_MS, claim_answered, step, waiting
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker
from test_belmont_window import belmont

from peppa_qt import sound
from peppa_qt.engine import Phase, RuleSet, view_of
from peppa_qt.engine.cards import QUEEN_OF_SPADES
from peppa_qt.engine.claim import view_settled_points
from peppa_qt.gui.presenter.table_presenter import PLAYING
from peppa_qt.sound import SOUND_NAMES


@pytest.mark.parametrize("seats", [6, 8])
def test_a_belmont_hand_sounds_every_card_and_trick_and_nothing_fails(
    qtbot: QtBot, make_window: WindowMaker, seats: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    played: list[str] = []
    play = sound.SoundPlayer.play

    def record(player: sound.SoundPlayer, name: str) -> None:
        play(player, name)  # an unknown name raises; a device's trouble is skipped
        played.append(name)

    monkeypatch.setattr(sound.SoundPlayer, "play", record)
    window = make_window()
    window.apply_settings(replace(window.settings, sound=True))
    heard: list[str] = []
    window.presenter.sound_wanted.connect(heard.append)
    window.start_game(belmont(seats, humans=()))
    qtbot.waitUntil(
        lambda: window.game_over_panel.isVisible() or window.summary_panel.isVisible(),
        timeout=GUARD_MS,
    )
    table = window.controller.table
    assert table is not None and window.sounds.enabled
    assert set(heard) <= set(SOUND_NAMES)
    assert heard.count("card") + heard.count("hearts_broken") == 13 * seats
    assert heard.count("trick") + heard.count("queen_of_spades") == 13
    queens = sum(QUEEN_OF_SPADES in trick.cards for trick in table.tricks)
    assert 1 <= heard.count("queen_of_spades") == queens  # two decks: one trick or two
    assert heard.count("hearts_broken") == 1
    assert played == heard  # each reached the sound player, and none failed there


@pytest.mark.parametrize("seats", [6, 8])
def test_a_decided_belmont_hand_is_offered_and_finished_to_the_points_the_claim_said(
    qtbot: QtBot, make_window: WindowMaker, seats: int
) -> None:
    """At eight seats the check of one turn once took 17 s (on a busy machine its 10 s wait
    ran out): each turn's answer is waited for as long as it takes."""
    window = make_window()
    rules = RuleSet.preset("belmont", {"end": {"mode": "hands", "count": 4}}, seats=seats)
    window.start_game(replace(belmont(seats), rules=rules))
    claims = window.session.claims
    while True:
        qtbot.waitUntil(lambda: waiting(window), timeout=GUARD_MS)
        if window.presenter.mode == PLAYING:
            claim_answered(qtbot, window)
        if window.presenter.mode == PLAYING and claims.offered:
            break
        assert step(qtbot, window), "no decided hand in four"
    match = window.controller.match
    assert match is not None and match.current is not None
    hand, points = match.current, claims.points()
    assert points == view_settled_points(view_of(match, 0)) and len(points) == seats
    assert window.game.aids_bar.finish_button.isVisible()
    window.game.aids_bar.finish_button.click()
    qtbot.waitUntil(lambda: hand.phase is Phase.SCORED, timeout=GUARD_MS)
    assert hand.result is not None and hand.result.points == points
    assert hand.hands[0] == 0  # the human's cards were played for them
    qtbot.waitUntil(window.summary_panel.isVisible, timeout=GUARD_MS)
