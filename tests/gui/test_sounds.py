"""Sound effects from the table: the right sound at the right moment, only when chosen, and
never a failure where no sound can be heard (as on this machine)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game

from peppa_qt.gui.dialogs.settings import SettingsDialog
from peppa_qt.gui.window.sounds import TableSounds
from peppa_qt.sound import SOUND_NAMES


def test_a_game_asks_for_each_sound_at_its_moment(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    heard: list[str] = []
    window.presenter.sound_wanted.connect(heard.append)
    window.start_game(short_game("hearts", 1, human=False))
    qtbot.waitUntil(
        lambda: window.game_over_panel.isVisible() or window.summary_panel.isVisible(),
        timeout=20_000,
    )
    table = window.controller.table
    assert table is not None
    assert set(heard) <= set(SOUND_NAMES)
    assert heard.count("card") + heard.count("hearts_broken") == 52
    assert heard.count("trick") + heard.count("queen_of_spades") == 13
    assert heard.count("queen_of_spades") == 1  # the trick that took the Q♠
    assert heard.count("hearts_broken") <= 1
    result = window.controller.match.results()[-1]  # type: ignore[union-attr]
    assert heard.count("moon") == (result.moon is not None)


def test_sounds_on_where_none_can_be_heard_never_fail_and_the_settings_say_why(
    qtbot: QtBot, make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    from peppa_qt import sound

    monkeypatch.setattr(sound.SoundPlayer, "available", lambda self: False)
    monkeypatch.setattr(sound.SoundPlayer, "why_unavailable", lambda self: sound.NO_DEVICE)
    window = make_window()
    window.apply_settings(replace(window.settings, sound=True))
    assert window.sounds.enabled
    for name in SOUND_NAMES:
        window.sounds.play(name)  # nothing to hear, nothing raised
    dialog = SettingsDialog(
        window.settings, ["easy"], window, sound_status=window.sounds.status_text
    )
    qtbot.addWidget(dialog)
    assert dialog.sound.isChecked() and not dialog.sound_note.isHidden()
    assert dialog.sound_note.text() == (
        "No sound can be heard on this computer: no audio device was found."
    )
    dialog.sound.setChecked(False)
    assert dialog.sound_note.isHidden()


def test_with_sounds_off_no_sound_library_is_loaded(make_window: WindowMaker) -> None:
    window = make_window()
    sounds: TableSounds = window.sounds
    assert not sounds.enabled
    sounds.play("card")
    assert sounds._player is None


def test_a_game_resumed_on_a_hand_scored_before_plays_no_sound_again(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: object
) -> None:
    """The moon of a hand scored in an earlier run is not heard again when the game resumes."""
    from pathlib import Path

    from peppa_qt.controller.session import players_of
    from peppa_qt.engine import (
        Match,
        RuleSet,
        cards_of,
        mask_of,
        parse_cards,
        record_of,
        write_record,
    )

    setup = short_game("peppa", 3)
    rules = RuleSet.preset("peppa", {"end": {"mode": "hands", "count": 3}, "pass_cycle": ["hold"]})
    match = Match(rules, seed=4, dealer=3)
    suits = [mask_of(parse_cards(" ".join(r + s for r in "23456789TJQKA"))) for s in "CDHS"]
    hand = match.start_hand(suits)  # South holds every club: it leads them all, takes all
    while hand.result is None:
        hand.play(cards_of(hand.legal_mask())[0])
    assert hand.result.moon == 0
    path = Path(str(tmp_path)) / "moon.json"
    path.write_text(write_record(record_of(match, players_of(setup))), encoding="utf-8")
    window = make_window()
    heard: list[str] = []
    window.presenter.sound_wanted.connect(heard.append)
    assert window.commands.open_path(path)
    qtbot.waitUntil(window.summary_panel.isVisible, timeout=5000)
    assert heard == []
