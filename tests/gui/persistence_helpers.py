"""Helpers for the persistence tests: a fixed human policy and captured messages."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from pytestqt.qtbot import QtBot

from peppa_qt.controller.session import players_of
from peppa_qt.engine import record_of, write_record
from peppa_qt.gui.dialogs.notices import Notices
from peppa_qt.gui.presenter.table_presenter import PASSING, PLAYING
from peppa_qt.gui.window.main_window import MainWindow


@dataclass
class Messages:
    """What the window told and asked (Notices replaced)."""

    told: list[str] = field(default_factory=list)
    asked: list[str] = field(default_factory=list)
    #: "Give up the game in progress?" questions (answered with ``answer`` too).
    confirmed: list[str] = field(default_factory=list)
    answer: bool = True

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        def inform(cls: type, parent: object, text: str) -> None:
            self.told.append(text)

        def ask(cls: type, parent: object, question: str) -> bool:
            self.asked.append(question)
            return self.answer

        def confirm(cls: type, parent: object, question: str, action: str) -> bool:
            self.confirmed.append(question)
            return self.answer

        monkeypatch.setattr(Notices, "inform", classmethod(inform))
        monkeypatch.setattr(Notices, "ask", classmethod(ask))
        monkeypatch.setattr(Notices, "confirm", classmethod(confirm))


#: How long a wait for the window may last before the test calls it a hang. Each wait ends on
#: the event it waits for; this only bounds a hang, and is long so that a busy machine (a load
#: of 8 on two cores, a claim check of seconds) is never taken for one.
GUARD_MS = 120_000


def claim_answered(qtbot: QtBot, window: MainWindow) -> None:
    """Wait, at the human's turn, for the claim check of that turn to have answered (offered
    or not): it comes from the claim's own process, as late as the machine makes it."""
    claims = window.session.claims
    qtbot.waitUntil(
        lambda: claims._turn == claims._position() and (claims._asked is None or claims.offered),
        timeout=GUARD_MS,
    )


def waiting(window: MainWindow) -> bool:
    panels = (window.summary_panel, window.game_over_panel)
    return window.presenter.mode != "idle" or any(p.isVisible() for p in panels)


def step(qtbot: QtBot, window: MainWindow) -> bool:
    """One action of the human, always the same in the same position; False at game over."""
    qtbot.waitUntil(lambda: waiting(window), timeout=GUARD_MS)
    presenter, scene = window.presenter, window.scene
    if presenter.mode == PASSING:
        for card in scene.hands[0]:
            if len(presenter.selected) < 3 and card not in presenter.selected:
                presenter.toggle_selected(card)
        presenter.confirm_pass()
        qtbot.waitUntil(lambda: presenter.mode != PASSING, timeout=GUARD_MS)
    elif presenter.mode == PLAYING:
        card = next(c for c in scene.hands[0] if not scene.item(c).dimmed)
        count = len(scene.hands[0])
        presenter.play_card(card)
        # (Fewer, not one fewer: with "finish by itself" on, a claim checked meanwhile may
        # play the rest of the hand out before this looks; it waited two minutes for a count
        # long passed.)
        qtbot.waitUntil(lambda: len(scene.hands[0]) < count, timeout=GUARD_MS)
    elif window.summary_panel.isVisible():
        presenter.continue_after_hand()
        qtbot.waitUntil(lambda: not window.summary_panel.isVisible(), timeout=GUARD_MS)
    else:
        return False
    return True


def step_until(qtbot: QtBot, window: MainWindow, condition: Callable[[], bool]) -> None:
    """Play with ``step`` until ``condition`` holds when the human is next waited for."""
    while True:
        qtbot.waitUntil(lambda: waiting(window), timeout=GUARD_MS)
        if condition():
            return
        assert step(qtbot, window), "the game ended first"


def play_to_the_end(qtbot: QtBot, window: MainWindow) -> str:
    """Play on with ``step`` until the final ranking; the game's record."""
    while step(qtbot, window):
        pass
    match, setup = window.controller.match, window.controller.setup
    assert match is not None and setup is not None and match.is_over
    return write_record(record_of(match, players_of(setup)))
