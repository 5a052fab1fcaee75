"""The coach's worker (controller/review.py): reviews in a thread, kept once done, a dropped
one never delivered, and the live game untouched."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from player_doubles import random_factory
from pytestqt.qtbot import QtBot

from peppa_qt.ai.review import HandReview, ReviewBudget
from peppa_qt.ai.review_json import hand_to_dict
from peppa_qt.controller import GameSession, GameSetup, Pace, Preferences, SeatSetup
from peppa_qt.controller.review import Reviewer
from peppa_qt.engine import Match, Phase, RuleSet, cards_of, record_of
from peppa_qt.engine.record import write_record
from peppa_qt.storage import OpenedGame, Profile, locations

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


def test_a_review_goes_on_when_the_coach_s_process_is_killed(qtbot: QtBot, match: Match) -> None:
    """The decisions are searched in the coach's own process; killed mid-review (out of
    memory, a user's kill), the review is finished all the same, and the same."""
    from peppa_qt.controller import review as coach

    reviewer = Reviewer(SMALL)
    progress: list[tuple[int, int, int, int]] = []
    reviewer.progressed.connect(lambda *args: progress.append(args))
    with qtbot.waitSignal(reviewer.reviewed, timeout=60_000) as caught:
        reviewer.request(match, 0, 1)
        qtbot.waitUntil(lambda: bool(progress), timeout=30_000)
        process = coach._coach_process()
        assert process is not None
        for worker in list(process._processes.values()):
            worker.kill()
    assert len(progress) == 14 and coach._coach_process() is not process  # a new one
    killed = hand_to_dict(caught.args[0])
    reviewer.forget()
    with qtbot.waitSignal(reviewer.reviewed, timeout=60_000) as again:
        reviewer.request(match, 0, 1)
    assert hand_to_dict(again.args[0]) == killed
    reviewer.shutdown()


@pytest.fixture
def sessions(profile_dir: Path) -> Iterator[list[GameSession]]:
    made: list[GameSession] = []
    yield made
    for session in made:
        session.controller.shutdown()
        session.reviewer.shutdown()


def new_session(made: list[GameSession]) -> GameSession:
    """A session with no window (the gate never closed), its coach on few deals."""
    profile = Profile(locations())
    session = GameSession(
        profile, Preferences(profile), Pace.instant(), random_factory, gated=False
    )
    session.reviewer.budget = SMALL
    made.append(session)
    return session


def test_a_saved_game_keeps_its_reviews(qtbot: QtBot, sessions: list[GameSession]) -> None:
    """Reopened, a hand reviewed before is there at once; a kept review that does not fit
    the game is dropped (and worked out again when asked), the game opens all the same."""
    session = new_session(sessions)
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 2}})
    bots = tuple(SeatSetup(name, "x") for name in ("Bruno", "Carla", "Dario"))
    session.start(GameSetup(rules, (SeatSetup("Anna"), *bots), seed=4))

    def act() -> bool:
        hand = session.controller.hand
        if hand is None or hand.phase is Phase.SCORED:
            return hand is not None
        if hand.phase is Phase.PASSING and hand.passes[0] is None:
            session.submit_pass(0, cards_of(hand.hands[0])[:3])
        elif hand.to_move == 0:
            session.submit_play(0, cards_of(hand.legal_mask())[0])
        return False

    qtbot.waitUntil(act, timeout=10_000)
    assert session.review_target() == ([0], [0])
    with qtbot.waitSignal(session.reviewer.reviewed, timeout=30_000) as caught:
        session.request_review(0, 0)
    session.autosave()
    later = new_session(sessions)
    opened = later.load_autosave()
    assert opened is not None and len(opened.saved.reviews) == 1
    later.resume(opened, counted=opened.saved.counted)
    kept = later.reviewer.cached(0, 0)
    assert kept is not None and hand_to_dict(kept) == hand_to_dict(caught.args[0])
    spoiled = dict(opened.saved.reviews[0], decisions=[])
    again = new_session(sessions)
    again.resume(OpenedGame(replace(opened.saved, reviews=(spoiled,)), opened.match), counted=False)
    assert again.reviewer.cached(0, 0) is None


def no_search(*_: object) -> None:
    """Stands in for the coach's search: a review that needs one fails."""
    raise AssertionError("searched when the review was asked for")


def test_decisions_reviewed_while_the_hand_is_played_leave_nothing_to_search(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each of a seat's decisions is reviewed ahead once taken (the hand still in play), so
    the review asked at the hand's end has nothing left to search, tells nothing until
    asked, and is the review worked out from the finished hand."""
    from peppa_qt.ai.review import review_hand
    from peppa_qt.controller import review as coach

    game = Match(RuleSet.preset("hearts", {}), 9, track_undo=False)
    hand = game.start_hand()
    reviewer = Reviewer(SMALL)
    told: list[HandReview] = []
    reviewer.reviewed.connect(told.append)
    for seat in range(4):
        game.pass_cards(seat, cards_of(hand.hands[seat])[:3])
    reviewer.prepare(game, 0, 2)
    while hand.to_move is not None:
        seat = hand.to_move
        game.play(cards_of(hand.legal_mask())[-1])
        if seat == 2:
            reviewer.prepare(game, 0, 2)
    qtbot.waitUntil(lambda: not reviewer.working_ahead(), timeout=60_000)
    assert told == []
    monkeypatch.setattr(coach, "_searched", no_search)
    with qtbot.waitSignal(reviewer.reviewed, timeout=10_000) as caught:
        reviewer.request(game, 0, 2)
    assert hand_to_dict(caught.args[0]) == hand_to_dict(review_hand(game, 0, 2, SMALL))
    reviewer.shutdown()


def test_a_session_reviews_the_human_s_decisions_as_the_hand_is_played(
    qtbot: QtBot, sessions: list[GameSession], monkeypatch: pytest.MonkeyPatch
) -> None:
    from peppa_qt.controller import review as coach

    session = new_session(sessions)
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 2}})
    bots = tuple(SeatSetup(name, "x") for name in ("Bruno", "Carla", "Dario"))
    session.start(GameSetup(rules, (SeatSetup("Anna"), *bots), seed=4))

    def act() -> bool:
        hand = session.controller.hand
        if hand is None or hand.phase is Phase.SCORED:
            return hand is not None
        if hand.phase is Phase.PASSING and hand.passes[0] is None:
            session.submit_pass(0, cards_of(hand.hands[0])[:3])
        elif hand.to_move == 0:
            session.submit_play(0, cards_of(hand.legal_mask())[0])
        return False

    qtbot.waitUntil(act, timeout=10_000)
    qtbot.waitUntil(lambda: not session.reviewer.working_ahead(), timeout=60_000)
    monkeypatch.setattr(coach, "_searched", no_search)
    with qtbot.waitSignal(session.reviewer.reviewed, timeout=10_000) as caught:
        session.request_review(0, 0)
    assert len(caught.args[0].decisions) == 14
