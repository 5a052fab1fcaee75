"""What the narration tells a screen reader, apart from the table: cards by their names, never
by the symbols a reader says badly."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from peppa_qt.controller.setup import Refusal
from peppa_qt.engine.cards import Card
from peppa_qt.engine.errors import Reason
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


def test_a_card_refused_knocks_and_the_turn_taps_while_a_screen_reader_runs(
    qtbot: QtBot,
) -> None:
    """Sounds for what a player by ear must know at once: their turn (only with a screen
    reader: the table shows it to the eye) and a card refused (for everyone)."""
    for listened, turn_sounds in ((True, ["your_turn"]), (False, [])):
        sounds: list[str] = []
        narration = Narration(lambda text: None, sounds.append, listened=lambda on=listened: on)
        narration.your_turn()
        assert sounds == turn_sounds
        sounds.clear()
        narration.refusal(Refusal(Reason.MUST_FOLLOW_SUIT, 0, int(Card.parse("2C")), 1))
        assert sounds == ["refused"]
