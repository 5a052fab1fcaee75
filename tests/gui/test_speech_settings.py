"""What a screen reader is told, as the player chose in Settings ▸ Screen reader: brief, normal
or detailed, and each kind of announcement on or off; kept in the settings file."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker
from test_accessible_table import hand, in_language, play_out, said, to_play

from peppa_qt.gui.dialogs.settings import SettingsDialog
from peppa_qt.gui.window.language import translations
from peppa_qt.gui.window.main_window import MainWindow
from peppa_qt.storage import Settings
from peppa_qt.storage.settings import settings_from_json, settings_to_json

__all__ = ["said"]  # the fixture, shared


def test_the_choices_are_kept_in_the_settings_file() -> None:
    chosen = replace(Settings(), verbosity="detailed", quiet=("cards", "refusals"))
    assert settings_from_json(settings_to_json(chosen)) == chosen
    later = settings_to_json(chosen).replace('"refusals"', '"a later kind"')
    assert settings_from_json(later).quiet == ("cards",)  # a kind not known here: left out


def test_the_dialog_turns_a_kind_off(qtbot: QtBot) -> None:
    dialog = SettingsDialog(Settings(), ["normal"], None)
    qtbot.addWidget(dialog)
    assert all(check.isChecked() for check in dialog.speech.kinds.values())
    dialog.speech.kinds["tricks"].setChecked(False)
    dialog.speech.verbosity.setCurrentIndex(dialog.speech.verbosity.findData("brief"))
    assert (dialog.settings().verbosity, dialog.settings().quiet) == ("brief", ("tricks",))


def play_a_trick(qtbot: QtBot, window: MainWindow, heard: list[str], settings: Settings) -> None:
    window.apply_settings(settings)
    to_play(qtbot, window)
    assert hand(window).focusChild() is not None  # the turn puts the ring on a card
    qtbot.keyClick(window.view, Qt.Key.Key_Return)  # played
    qtbot.waitUntil(lambda: window.presenter.table.tricks[-1].complete, timeout=5000)


def test_cards_played_turned_off_are_not_announced_the_tricks_still_are(
    qtbot: QtBot, said: tuple[MainWindow, list[str]]
) -> None:
    window, heard = said
    play_a_trick(qtbot, window, heard, replace(window.settings, quiet=("cards",)))
    qtbot.waitUntil(lambda: any("take the trick" in s or "takes the trick" in s for s in heard))
    assert not any(" plays " in s or "You play " in s for s in heard)


def test_brief_says_who_and_what_only(qtbot: QtBot, said: tuple[MainWindow, list[str]]) -> None:
    window, heard = said
    play_a_trick(qtbot, window, heard, replace(window.settings, verbosity="brief"))
    assert any(s.endswith("Your turn.") for s in heard)
    assert any(s.startswith("Anna: ") for s in heard), heard
    assert not any(" plays " in s for s in heard)


def test_the_computers_turns_are_announced_in_detailed_only(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    for verbosity, told in (("normal", False), ("detailed", True)):
        window = make_window()
        heard: list[str] = []
        window.presenter.announced.connect(lambda text, assertive, h=heard: h.append(text))
        play_a_trick(qtbot, window, heard, replace(window.settings, verbosity=verbosity))
        turns = [s for s in heard if s.endswith("'s turn.")]
        assert bool(turns) is told, (verbosity, heard)
        window.close()


#: Brief, in each language: a trick taken, hearts broken, the Peppa, the cards received, the
#: hand's points; and the normal sentences' words that brief leaves out.
BRIEF = {
    "en": (
        r"(Anna|Bruno|Carla|Dario) takes, \d+ points?\.",
        "Hearts broken.",
        "Peppa taken!",
        r"From Bruno: (\w+ of \w+, ){2}\w+ of \w+\.",
        r"Points: Anna \d+, Bruno \d+, Carla \d+, Dario \d+\.",
        ("the trick", "Hearts are", "The Peppa", "received", "Hand over", "play a card"),
    ),
    "it": (
        r"(Anna|Bruno|Carla|Dario) prende, \d+ punt[oi]\.",
        "Cuori aperti.",
        "Peppa presa!",
        r"Da Bruno: (\w+ di \w+, ){2}\w+ di \w+\.",
        r"Punti: Anna \d+, Bruno \d+, Carla \d+, Dario \d+\.",
        ("la presa", "I cuori sono", "Presa la", "ricevuto", "Smazzata", "gioca una"),
    ),
}


@pytest.mark.parametrize("language", ["en", "it"])
def test_brief_is_brief_for_every_kind_over_a_whole_hand(
    qtbot: QtBot, said: tuple[MainWindow, list[str]], language: str
) -> None:
    window, heard = said
    taken, hearts, peppa, received, points, long_words = BRIEF[language]
    window.apply_settings(replace(window.settings, verbosity="brief"))
    try:
        in_language(qtbot, window, language)
        to_play(qtbot, window)
        play_out(qtbot, window, heard)
        joined = " ".join(heard)
        assert len(re.findall(taken, joined)) == 13, heard
        assert joined.count(hearts) == 1 and peppa in joined
        assert any(re.fullmatch(received, s) for s in heard), heard
        assert re.fullmatch(points, heard[-1]), heard
        assert not [w for w in long_words if w in joined], heard
    finally:
        translations.use("en")
