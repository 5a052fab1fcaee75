"""The review's words as a beginner reads them: the points lost and the better card first,
hindsight only where it teaches and never as if it contradicted the grade (issue 38)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from peppa_qt.ai import review
from peppa_qt.ai.review import DecisionReview, Grade, HandReview, Hindsight
from peppa_qt.controller.review import Reviewer
from peppa_qt.engine import Match, Phase, RuleSet
from peppa_qt.engine.cardset import listed
from peppa_qt.gui.dialogs.review import ReviewDialog
from peppa_qt.gui.table.card_pixmaps import CardPixmapCache
from peppa_qt.models.card_text import cards_label

SMALL = review.ReviewBudget(worlds=12, pass_worlds=12, pass_candidates=3)


@pytest.fixture(scope="module")
def reviewed() -> tuple[Match, HandReview]:
    """A hand of Hearts played by the lowest legal cards, and South's review of it."""
    match = Match(RuleSet.preset("hearts", {}), 9, track_undo=False)
    hand = match.start_hand()
    for seat in range(4):
        match.pass_cards(seat, listed(hand.hands[seat])[:3])
    while hand.phase is not Phase.SCORED:
        legal = hand.legal_mask()
        match.play((legal & -legal).bit_length() - 1)
    return match, review.review_hand(match, 0, 0, SMALL)


def choice_of(hand: HandReview) -> DecisionReview:
    """A play with at least two choices worth differently."""
    return next(d for d in hand.decisions if d.position.kind == "play" and len(d.values) > 1)


def crafted(
    decision: DecisionReview, grade: Grade, loss: float, *, chosen_did_best: bool
) -> DecisionReview:
    """The decision given a grade and a loss, the chosen card the best by the search, and a
    hindsight where the chosen card did best or did 3 points worse than another."""
    other = next(c for c in decision.values if c != decision.chosen)
    best = other if grade is not Grade.GOOD else decision.chosen
    scores = {decision.chosen: 1.0, other: 1.0 if chosen_did_best else 4.0}
    return replace(
        decision,
        best=best,
        grade=grade,
        loss=loss,
        error=0.2,
        reason=None,
        hindsight=Hindsight("playout", scores),
    )


def texts_for(
    qtbot: QtBot, match: Match, decision: DecisionReview, *, details: bool = False
) -> list[str]:
    """What the dialog shows of ``decision`` (alone in its hand's review)."""
    reviewer = Reviewer(SMALL)
    reviewer.keep(HandReview(0, 0, (decision,)))
    dialog = ReviewDialog(
        reviewer,
        lambda hand, seat: reviewer.request(match, hand, seat),
        [0],
        [0],
        ["Anna", "Bruno", "Carla", "Dario"],
        CardPixmapCache(),
    )
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.current() is decision
    if details:
        dialog.details.click()
    shown = [label.text() for label in dialog.detail.findChildren(QLabel) if label.isVisible()]
    reviewer.shutdown()
    return shown


def list_marks(qtbot: QtBot, match: Match, decision: DecisionReview) -> list[str]:
    """The marks the list of choices shows beside ``decision`` (alone in its review)."""
    reviewer = Reviewer(SMALL)
    reviewer.keep(HandReview(0, 0, (decision,)))
    dialog = ReviewDialog(
        reviewer,
        lambda hand, seat: reviewer.request(match, hand, seat),
        [0],
        [0],
        ["Anna", "Bruno", "Carla", "Dario"],
        CardPixmapCache(),
    )
    qtbot.addWidget(dialog)
    marks = [dialog.steps.item(i).text().split()[-1] for i in range(dialog.steps.count())]
    reviewer.shutdown()
    return marks


@pytest.fixture
def english() -> Iterator[None]:
    from peppa_qt.gui.window.language import translations

    translations.use("en")
    yield


@pytest.mark.usefixtures("english")
def test_a_mistake_that_worked_out_is_not_called_the_best(
    qtbot: QtBot, reviewed: tuple[Match, HandReview]
) -> None:
    """Hindsight once said "your choice did best" under "Mistake"; now it says the card
    worked out as the cards lay, but was the worse bet from what could be seen."""
    match, hand = reviewed
    decision = crafted(choice_of(hand), Grade.MISTAKE, 2.5, chosen_did_best=True)
    for details in (False, True):
        words = texts_for(qtbot, match, decision, details=details)
        assert "Mistake: about 2.5 points lost" in words
        chosen = cards_label(decision.cards(decision.chosen))
        best = cards_label(decision.cards(decision.best))
        assert f"The better card was {best}; you played {chosen}." in words
        assert any("worked out" in w and "the worse bet" in w for w in words)
        assert not any("did best" in w or "as well as any" in w for w in words), words


@pytest.mark.usefixtures("english")
def test_hindsight_is_told_only_where_it_teaches(
    qtbot: QtBot, reviewed: tuple[Match, HandReview]
) -> None:
    """A good choice that did best anyway: nothing to say beyond "good". A good choice that
    was unlucky: said, as luck. A mistake that did worse anyway: the grade says it."""
    match, hand = reviewed
    plain = crafted(choice_of(hand), Grade.GOOD, 0.0, chosen_did_best=True)
    assert not any("cards really lay" in w for w in texts_for(qtbot, match, plain))
    unlucky = crafted(choice_of(hand), Grade.GOOD, 0.0, chosen_did_best=False)
    [luck] = [w for w in texts_for(qtbot, match, unlucky) if "cards really lay" in w]
    assert "3.0 more" in luck and "a sound bet" in luck
    worse = crafted(choice_of(hand), Grade.BLUNDER, 5.0, chosen_did_best=False)
    assert not any("cards really lay" in w for w in texts_for(qtbot, match, worse))
    # Details tell what every card known gives, marked as not graded.
    details = texts_for(qtbot, match, worse, details=True)
    assert any(w.startswith("With every card known (not graded)") for w in details)


@pytest.mark.usefixtures("english")
def test_a_loss_within_the_noise_is_said_so_not_called_good(
    qtbot: QtBot, reviewed: tuple[Match, HandReview]
) -> None:
    """2 points lost ± 1.5: the search cannot tell the choice from the best; a loss of 0.3
    clear of the noise is a good choice, a little worse than the best."""
    match, hand = reviewed
    decision = choice_of(hand)
    other = next(c for c in decision.values if c != decision.chosen)
    close = replace(decision, best=other, grade=Grade.GOOD, loss=2.0, error=1.5, hindsight=None)
    words = texts_for(qtbot, match, close)
    assert "Too close to tell" in words and "Good" not in words
    best = cards_label(decision.cards(other))
    assert any(w.startswith(f"{best} may be worth about 2.0 points more") for w in words)
    assert any("(± 1.5)" in w for w in words)
    assert list_marks(qtbot, match, close) == ["≈"]
    small = replace(close, loss=0.3, error=0.1)
    words = texts_for(qtbot, match, small)
    assert "Good" in words and "Too close to tell" not in words
