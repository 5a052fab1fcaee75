"""What the narration tells a screen reader, apart from the table: cards by their names, never
by the symbols a reader says badly."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from peppa_qt.engine.cards import Card
from peppa_qt.gui.presenter.narration import Narration


def test_a_twin_win_is_announced_with_the_cards_name(qtbot: QtBot) -> None:
    shown: list[str] = []
    heard: list[str] = []
    narration = Narration(shown.append, lambda sound: None, announce=lambda t, a: heard.append(t))
    narration.twin_won(int(Card.parse("QS")))
    assert shown[-1].startswith("Second Q♠ wins")  # the status line keeps the symbol
    assert heard == [
        "Second Queen of spades wins: of two equal cards, the later one takes the trick."
    ]
