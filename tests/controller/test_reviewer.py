"""The coach's worker (controller/review.py): reviews in a thread, kept once done, a dropped
one never delivered, and the live game untouched."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from peppa_qt.ai.review import HandReview, ReviewBudget
from peppa_qt.controller.review import Reviewer
from peppa_qt.engine import Match, Phase, RuleSet, record_of
from peppa_qt.engine.record import write_record

SMALL = ReviewBudget(worlds=12, pass_worlds=12, pass_candidates=3)


@pytest.fixture
def match() -> Match:
    """A game of Hearts: hand 1 played out by the lowest legal cards, hand 2 dealt."""
    game = Match(RuleSet.preset("hearts", {}), 9, track_undo=False)
    hand = game.start_hand()
    for seat in range(4):
        game.pass_cards(seat, [c for c in range(52) if hand.hands[seat] >> c & 1][:3])
    while hand.to_move is not None:
        legal = hand.legal_mask()
        game.play((legal & -legal).bit_length() - 1)
    assert hand.phase is Phase.SCORED
    game.start_hand()
    return game


def test_a_review_comes_from_the_worker_and_is_kept(qtbot: QtBot, match: Match) -> None:
    reviewer = Reviewer(SMALL)
    progress: list[tuple[int, int, int, int]] = []
    reviewer.progressed.connect(lambda *args: progress.append(args))
    before = write_record(record_of(match))
    with qtbot.waitSignal(reviewer.reviewed, timeout=30_000) as caught:
        reviewer.request(match, 0, 2)
    review = caught.args[0]
    assert isinstance(review, HandReview) and (review.hand, review.seat) == (0, 2)
    assert progress[-1] == (0, 2, 14, 14) and len(progress) == 14
    assert write_record(record_of(match)) == before  # the live game was only read
    assert reviewer.cached(0, 2) is review
    with qtbot.waitSignal(reviewer.reviewed, timeout=100) as again:
        reviewer.request(match, 0, 2)  # kept: told at once
    assert again.args[0] is review
    reviewer.shutdown()


def test_a_review_asked_for_another_seat_drops_the_first(qtbot: QtBot, match: Match) -> None:
    reviewer = Reviewer(SMALL)
    got: list[HandReview] = []
    reviewer.reviewed.connect(got.append)
    reviewer.request(match, 0, 1)
    reviewer.request(match, 0, 3)
    qtbot.waitUntil(lambda: bool(got), timeout=30_000)
    qtbot.wait(200)
    assert [(r.hand, r.seat) for r in got] == [(0, 3)]
    assert reviewer.cached(0, 1) is None
    reviewer.forget()
    assert reviewer.cached(0, 3) is None
    reviewer.shutdown()
