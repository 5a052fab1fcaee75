"""A Belmont game as the player knows it: autosaved after every trick, resumed, counted at its
end as a game of its own table size, undone, hinted and finished by a claim."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from belmont_helpers import Humans, belmont
from player_doubles import random_factory
from PySide6.QtCore import QTimer
from pytestqt.qtbot import QtBot

from peppa_qt.ai.review import ReviewBudget
from peppa_qt.controller import GameController, GameSession, Pace, Preferences
from peppa_qt.controller.claims import ClaimWatcher
from peppa_qt.engine import CardSet, Phase, record_of
from peppa_qt.engine.cardset import covers, listed, set_of, twice
from peppa_qt.storage import Profile, locations

TABLES = [6, 8]
#: How long a wait may last before the test calls it a hang: each wait ends on its event, and
#: a busy machine (a load of 8 on two cores) must never be taken for a hang.
GUARD_MS = 120_000


@pytest.fixture
def sessions(profile_dir: Path) -> Iterator[list[GameSession]]:
    made: list[GameSession] = []
    yield made
    for session in made:
        session.claims.shutdown()
        session.controller.shutdown()


def new_session(made: list[GameSession]) -> GameSession:
    """A session as the window makes one, nothing on screen: the gate is never closed."""
    profile = Profile(locations())
    session = GameSession(
        profile, Preferences(profile), Pace.instant(), random_factory, gated=False
    )
    made.append(session)
    return session


@pytest.mark.parametrize("seats", TABLES)
def test_a_belmont_game_is_autosaved_after_every_trick_resumed_and_counted(
    qtbot: QtBot, sessions: list[GameSession], seats: int
) -> None:
    session = new_session(sessions)
    problems: list[object] = []
    session.problem_met.connect(problems.append)
    c = session.controller
    Humans(c)
    stop_at = 5  # tricks into the hand, the player quits (the autosave keeps the game)
    tricks: list[int] = []
    c.trick_taken.connect(lambda winner, cards: tricks.append(winner))
    with qtbot.waitSignal(
        c.trick_taken, timeout=10_000, check_params_cb=lambda *_: len(tricks) == stop_at
    ):
        session.start(belmont(seats, humans=(0,), hands=1))
    opened = new_session(sessions).load_autosave()
    assert opened is not None
    assert opened.saved.record.hands == record_of(c.match).hands  # type: ignore[arg-type]
    assert len(opened.saved.seeds) == seats and opened.saved.seeds[0] is None
    assert opened.saved.seeds[1:] == tuple(c.player_seeds()[1:])
    c.shutdown()
    later = new_session(sessions)
    Humans(later.controller)
    with qtbot.waitSignal(later.controller.game_over, timeout=30_000):
        later.resume(opened, counted=opened.saved.counted)
    match = later.controller.match
    assert match is not None and match.is_over and match.rules.seats == seats
    assert len(match.hands[0].trick_winners) == match.rules.hand_size
    anna = later.statistics().get("Anna", "belmont", seats)
    assert anna is not None and (anna.games, anna.hands, anna.seats) == (1, 1, seats)
    assert anna.points == match.totals()[0]
    assert later.statistics().get("Anna", "belmont", 14 - seats) is None  # the other table
    done = later.profile.load_autosave()[0]
    assert done is not None and done.saved.counted and done.match.is_over
    assert problems == []


def test_undo_and_hints_are_counted_for_the_human_of_eight(
    qtbot: QtBot, sessions: list[GameSession]
) -> None:
    session = new_session(sessions)
    c = session.controller
    with qtbot.waitSignal(c.human_to_pass, timeout=5000):
        session.start(belmont(8, humans=(5,)))
    assert c.match is not None and c.hand is not None
    session.reviewer.budget = ReviewBudget(worlds=24, pass_worlds=24, pass_candidates=3)
    with qtbot.waitSignal(session.hint_ready, timeout=60_000) as ready:
        assert session.hint()
    advice = ready.args
    assert advice is not None and len(advice[0]) == c.hand.rules.pass_size
    assert covers(c.hand.hands[5], set_of(advice[0]))  # cards held (both copies, maybe)
    with qtbot.waitSignal(c.human_to_move, timeout=5000):
        assert session.submit_pass(5, list(advice[0]))
    card = c.hand.legal_mask() & -c.hand.legal_mask()
    played = card.bit_length() - 1
    assert session.submit_play(5, played)
    with qtbot.waitSignal(c.human_to_move, timeout=5000):
        assert session.undo()
    assert session.aids_used(5) == (1, 1)
    assert [session.aids_used(s) for s in range(8) if s != 5] == [(0, 0)] * 7
    opened = new_session(sessions).load_autosave()
    assert opened is not None and opened.match.current is not None
    assert opened.saved.aids[5] == (1, 1) and len(opened.saved.aids) == 8
    assert list(opened.match.current.plays) == c.hand.plays


def test_a_human_choosing_the_cards_to_pass_gets_them_back_after_a_resume(
    qtbot: QtBot, sessions: list[GameSession]
) -> None:
    session = new_session(sessions)
    c = session.controller
    with qtbot.waitSignal(c.human_to_pass, timeout=5000):
        session.start(belmont(6, humans=(4,)))
    hand = c.hand
    assert hand is not None and hand.phase is Phase.PASSING
    doubled = listed(twice(hand.hands[4]))
    assert doubled  # seed 11 deals seat 4 the 3♦ twice
    chosen = [doubled[0], doubled[0]]
    session.note_selection(4, chosen)
    session.autosave()
    later = new_session(sessions)
    opened = later.load_autosave()
    assert opened is not None and opened.saved.selected[4] == tuple(chosen)
    with qtbot.waitSignal(later.controller.human_to_pass, timeout=5000):
        later.resume(opened, counted=False)
    assert later.pass_choice(4) == chosen


class HumansWhoReadTheOffer(Humans):
    """Humans who play at their turn once the claim's check of it has answered, as a player
    who looks at the table first; a hand being finished is played for them."""

    def __init__(self, controller: GameController, claims: ClaimWatcher) -> None:
        super().__init__(controller)
        self.claims = claims

    def _on_human_to_move(self, seat: int, legal: CardSet) -> None:
        self._seen(seat)
        card = legal.lowest()
        QTimer.singleShot(0, lambda: self._when_checked(seat, card))

    def _when_checked(self, seat: int, card: int) -> None:
        if self.claims.finishing:
            return
        if self.claims._asked is not None:  # its answer is still to come: look again
            QTimer.singleShot(1, lambda: self._when_checked(seat, card))
            return
        self.controller.submit_play(seat, card)


def test_finish_the_hand_is_offered_and_plays_a_belmont_hand_out(
    qtbot: QtBot, sessions: list[GameSession]
) -> None:
    """The human played 100 ms after being asked, and the check had to answer before that: at
    a load of 8 on two cores the claim's process answered later at every turn and nothing was
    offered. The human waits for the answer now."""
    session = new_session(sessions)
    c = session.controller
    HumansWhoReadTheOffer(c, session.claims)
    offers: list[bool] = []
    session.claims.changed.connect(offers.append)

    def finish_when_offered(offered: bool) -> None:
        if offered and not session.claims.finishing:
            session.finish_hand()

    session.claims.changed.connect(finish_when_offered)
    with qtbot.waitSignal(c.game_over, timeout=GUARD_MS):
        session.start(belmont(6, humans=(0,)))
    assert True in offers  # the last tricks are decided at the latest: offered, then played
    hand = c.hand
    assert hand is not None and hand.result is not None
