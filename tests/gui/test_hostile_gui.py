"""Hostile files and names at the window: a record naming no players still plays, names are
shown as typed (never as markup), a name that cannot be saved never enters, and a failing step
of quitting does not stop the others."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from persistence_helpers import Messages, step_until, waiting
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker
from test_persistence_app import game

from peppa_qt.engine import Match, RuleSet, record_of
from peppa_qt.engine.record import record_to_dict
from peppa_qt.gui.dialogs.defaults import default_setup
from peppa_qt.gui.dialogs.new_game import NewGameDialog
from peppa_qt.gui.panels.hand_panels import HandSummaryPanel


@pytest.fixture
def messages(monkeypatch: pytest.MonkeyPatch) -> Messages:
    captured = Messages()
    captured.install(monkeypatch)
    return captured


def _one_hand_record(tmp_path: Path, **fields: object) -> Path:
    match = Match(RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 1}}), 8)
    match.start_hand()
    document = record_to_dict(record_of(match))
    document.update(fields)
    document = {k: v for k, v in document.items() if v is not None}
    path = tmp_path / "imported.json"
    path.write_text(json.dumps(document))
    return path


def test_a_record_naming_no_players_is_played_by_south_and_computers(
    qtbot: QtBot, make_window: WindowMaker, messages: Messages, tmp_path: Path
) -> None:
    window = make_window()
    path = _one_hand_record(tmp_path, players=None)
    assert window.commands.open_path(path)
    assert messages.told == [
        "imported.json does not say who plays: you play South, and computers the other seats."
    ]
    setup = window.controller.setup
    assert setup is not None
    assert [s.level is None for s in setup.seats] == [True, False, False, False]
    # The game goes on to the end of the hand: nobody waits for a human who is not there.
    step_until(qtbot, window, window.summary_panel.isVisible)


def test_names_from_files_are_shown_as_typed_never_as_markup(qtbot: QtBot) -> None:
    from peppa_qt.gui.panels.summaries import HandSummary
    from peppa_qt.gui.table.card_pixmaps import CardPixmapCache

    names = ("<h1>Big</h1>", "<img src=x>", "<font color=red>Red</font>", "Anna & Bruno")
    panel = HandSummaryPanel(CardPixmapCache())
    qtbot.addWidget(panel)
    summary = HandSummary(
        index=0,
        preset="hearts",
        names=names,
        points=(1, 2, 3, 20),
        totals=(1, 2, 3, 20),
        point_cards=((), (), (), ()),
        moon=None,
        no_card_bonus=(),
        bonus=0,
        game_over=False,
    )
    panel.show_summary(summary)
    labels = {label.text(): label for label in panel.findChildren(QLabel)}
    for name in names:
        assert name in labels
        assert labels[name].textFormat() is Qt.TextFormat.PlainText


@pytest.mark.parametrize("name", ["Anna\tB", "Anna\u2028B", "Bell\a"])
def test_the_new_game_dialog_refuses_a_name_that_cannot_be_saved(qtbot: QtBot, name: str) -> None:
    dialog = NewGameDialog(["easy", "normal"], default_setup(["easy", "normal"]), None)
    qtbot.addWidget(dialog)
    dialog.names[1].setText(name)
    assert not dialog._start.isEnabled()
    assert dialog.problem.text() == "A name holds a character that cannot be saved: change it."
    dialog.names[1].setText("Anna B")
    assert dialog._start.isEnabled()


def test_a_failing_autosave_on_quitting_still_saves_settings_and_stops_the_players(
    qtbot: QtBot, make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    window.start_game(game("hearts", 1))
    qtbot.waitUntil(lambda: waiting(window), timeout=10_000)
    controller = window.controller
    hand = controller.match.current
    assert hand is not None
    # The computers' passes are in (each is autosaved): nothing else autosaves till the human acts.
    qtbot.waitUntil(lambda: all(hand.passes[seat] is not None for seat in (1, 2, 3)))
    qtbot.wait(50)
    stopped: list[bool] = []
    monkeypatch.setattr(controller, "shutdown", lambda: stopped.append(True))

    def broken() -> None:
        raise RuntimeError("a bug while autosaving")

    monkeypatch.setattr(window.session, "autosave", broken)
    saved: list[bool] = []
    original = window.save_settings
    monkeypatch.setattr(window, "save_settings", lambda: saved.append(True) or original())
    window.close()
    assert stopped == [True] and saved == [True]
