"""What "a blind player's hour" (docs/by-ear-hour.md) found missing, through Qt's
accessibility as AT-SPI passes it on: the New game dialog's fields named for their rows, the
review's steps said in words with their verdict and its card pictures named."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game
from test_review_window import open_review, play_a_hand, small_reviews  # noqa: F401

from peppa_qt.gui.dialogs.defaults import default_setup
from peppa_qt.gui.dialogs.new_game import NewGameDialog
from peppa_qt.gui.dialogs.review import ReviewDialog
from peppa_qt.gui.panels.hand_panels import CardStrip

Name, Description = QAccessible.Text.Name, QAccessible.Text.Description


def labelled_by(widget: Any) -> list[str]:
    """The names of the labels a screen reader reads before ``widget``."""
    iface = QAccessible.queryAccessibleInterface(widget)
    relation = QAccessible.RelationFlag.Label
    return [other.text(Name) for other, _ in iface.relations(relation)]


def test_the_new_game_fields_are_named_by_their_rows(qtbot: QtBot) -> None:
    dialog = NewGameDialog(["easy", "normal"], default_setup(["easy", "normal"]), None)
    qtbot.addWidget(dialog)
    dialog.show()
    assert "End of the game" in labelled_by(dialog.end_mode)  # and its group, "Rules"
    assert QAccessible.queryAccessibleInterface(dialog.end_value).text(Name) == "End of the game"
    seats = [label.text() for label in dialog.seat_labels[:4]]
    assert seats == ["South", "East", "North", "West"]
    named = [QAccessible.queryAccessibleInterface(n).text(Name) for n in dialog.names[:4]]
    assert named == seats  # not "Players" four times
    described = [QAccessible.queryAccessibleInterface(k).text(Description) for k in dialog.kinds]
    assert described[:4] == seats


@pytest.fixture
def review_window(qtbot: QtBot, make_window: WindowMaker) -> Iterator[ReviewDialog]:
    window = make_window()
    window.start_game(short_game("hearts", 1))
    play_a_hand(qtbot, window)
    dialog = open_review(qtbot, window)
    yield dialog
    dialog.close()


def test_the_review_steps_are_said_in_words_with_their_verdict(
    review_window: ReviewDialog,
) -> None:
    steps = QAccessible.queryAccessibleInterface(review_window.steps)
    assert steps.text(Name) == "Your choices in the hand"
    items = [steps.child(i) for i in range(steps.childCount())]
    names = [item.text(Name) for item in items]
    assert names[0].startswith("The pass: ")
    assert not any(mark in name for name in names for mark in ("✓", "?", "≈"))
    graded = [n.split(": ", 1)[1] for n in names if ": " in n]
    assert set(graded) <= {"Good", "Inaccuracy", "Mistake", "Blunder", "Too close to tell"}
    verdicts = [item.text(Description) for item in items if ": " in item.text(Name)]
    assert verdicts and all(v for v in verdicts)
    assert not any(suit in v for v in verdicts for suit in "♣♦♥♠")
    assert any(" of " in v for v in verdicts)  # the cards named: "Jack of diamonds"


def test_the_reviews_card_pictures_are_named_in_words(review_window: ReviewDialog) -> None:
    strips = [s for s in review_window.detail.findChildren(CardStrip) if s.isVisible()]
    assert strips  # the hand at least
    for strip in strips:
        named = QAccessible.queryAccessibleInterface(strip).text(Name)
        assert named and all(" of " in card for card in named.split(", "))


def test_every_line_of_the_review_is_heard_with_its_cards_in_words(
    qtbot: QtBot, review_window: ReviewDialog
) -> None:
    """The symbols stay on screen; a screen reader is told every line's cards by name, the
    Details' values and hindsight too."""
    review_window.details.setChecked(True)
    for row in range(review_window.steps.count()):
        review_window.steps.setCurrentRow(row)
        labels = [label for label in review_window.detail.findChildren(QLabel)]
        heard = [
            QAccessible.queryAccessibleInterface(label).text(Name)
            for label in labels
            if label.isVisible()
        ]
        assert heard and not any(suit in line for line in heard for suit in "♣♦♥♠"), heard
