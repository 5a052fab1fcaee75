"""The game session on its own, with no window: autosave, resume, statistics, undo, hints."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from player_doubles import random_factory
from pytestqt.qtbot import QtBot

from peppa_qt.ai.review import ReviewBudget
from peppa_qt.ai.teacher import coach_hint
from peppa_qt.controller import GameSession, GameSetup, Pace, Preferences, SeatSetup
from peppa_qt.engine import Phase, RuleSet, cards_of, record_of, view_of
from peppa_qt.storage import OpenedGame, Problem, ProblemKind, Profile, locations
from peppa_qt.storage.background import WRITER

#: Few deals: the tests check what the hint does, not how precisely.
SMALL = ReviewBudget(worlds=24, pass_worlds=24, pass_candidates=3)

BOTS = (SeatSetup("Bruno", "x"), SeatSetup("Carla", "x"), SeatSetup("Dario", "x"))


def one_hand(preset: str = "peppa", *, human: bool = True) -> GameSetup:
    rules = RuleSet.preset(preset, {"end": {"mode": "hands", "count": 1}})
    first = SeatSetup("Anna") if human else SeatSetup("Ezio", "x")
    return GameSetup(rules, (first, *BOTS), seed=3)


@pytest.fixture
def sessions(profile_dir: Path) -> Iterator[list[GameSession]]:
    made: list[GameSession] = []
    yield made
    for session in made:
        session.controller.shutdown()


def new_session(made: list[GameSession]) -> GameSession:
    """A session as the window makes one, but nothing on screen: the gate is never closed."""
    profile = Profile(locations())
    session = GameSession(
        profile, Preferences(profile), Pace.instant(), random_factory, gated=False
    )
    made.append(session)
    return session


def test_the_autosave_follows_the_game_and_resumes_it(
    qtbot: QtBot, sessions: list[GameSession]
) -> None:
    session = new_session(sessions)
    problems: list[object] = []
    session.problem_met.connect(problems.append)
    with qtbot.waitSignal(session.controller.human_to_pass, timeout=5000):
        session.start(one_hand())
    hand = session.controller.hand
    assert hand is not None
    session.note_selection(0, cards_of(hand.hands[0])[:2])
    session.autosave()
    opened = new_session(sessions).load_autosave()
    assert opened is not None and opened.saved.selected[0] == tuple(cards_of(hand.hands[0])[:2])
    session.submit_pass(0, cards_of(hand.hands[0])[:3])
    with qtbot.waitSignal(session.controller.human_to_move, timeout=5000):
        pass
    session.submit_play(0, cards_of(hand.legal_mask())[0])
    with qtbot.waitSignal(session.controller.human_to_move, timeout=5000):
        pass
    expected = record_of(session.controller.match)  # type: ignore[arg-type]
    later = new_session(sessions)
    opened = later.load_autosave()
    assert opened is not None
    with qtbot.waitSignal(later.controller.human_to_move, timeout=5000):
        later.resume(opened, counted=opened.saved.counted)
    assert record_of(later.controller.match).hands == expected.hands  # type: ignore[arg-type]
    assert problems == []


def hinted(qtbot: QtBot, session: GameSession) -> tuple[tuple[int, ...], object]:
    """The hint asked for now, once the coach's search brings it."""
    with qtbot.waitSignal(session.hint_ready, timeout=60_000) as ready:
        assert session.hint()
    cards, reason = ready.args  # type: ignore[misc]
    return tuple(cards), reason


def test_a_hint_that_comes_after_the_player_moved_on_is_not_shown(
    qtbot: QtBot, sessions: list[GameSession]
) -> None:
    """The window goes on while the coach searches: a card played meanwhile drops the hint."""
    session = new_session(sessions)
    session.reviewer.budget = SMALL
    with qtbot.waitSignal(session.controller.human_to_pass, timeout=5000):
        session.start(one_hand())
    shown: list[object] = []
    session.hint_ready.connect(lambda *args: shown.append(args))
    assert session.hint()  # asked, not waited for
    hand = session.controller.hand
    assert hand is not None
    session.submit_pass(0, cards_of(hand.hands[0])[:3])
    qtbot.waitUntil(lambda: session.hinter.asked is None, timeout=60_000)
    qtbot.wait(50)  # the queued answer, had it been let through
    assert shown == []


def test_once_a_player_asks_for_a_hint_the_next_ones_are_worked_out_while_they_think(
    qtbot: QtBot, sessions: list[GameSession]
) -> None:
    """The hint is searched as the decision comes up (the cores are idle while the player
    thinks), only for a player who has asked for one in this game, and counted when asked."""
    session = new_session(sessions)
    session.reviewer.budget = SMALL
    c = session.controller
    with qtbot.waitSignal(c.human_to_pass, timeout=5000):
        session.start(one_hand())
    assert c.hand is not None
    with qtbot.waitSignal(c.human_to_move, timeout=5000):
        session.submit_pass(0, cards_of(c.hand.hands[0])[:3])
    assert session.hinter.asked is None  # no hint asked yet: nothing searched ahead
    cards, _ = hinted(qtbot, session)
    with qtbot.waitSignal(c.human_to_move, timeout=5000):
        session.submit_play(0, cards[0])
    assert session.hinter.asked is not None  # the next decision, searched unasked
    qtbot.waitUntil(lambda: session.hinter.asked is None, timeout=60_000)
    assert c.match is not None
    expected = coach_hint(view_of(c.match, 0), SMALL)
    shown: list[object] = []
    session.hint_ready.connect(lambda *args: shown.append(args))
    assert session.hint()
    assert session.hinter.asked is None  # kept: no search again
    qtbot.waitUntil(lambda: bool(shown), timeout=1000)
    assert shown == [expected]
    assert session.aids_used(0) == (0, 2)  # the hints asked, not the ones worked out ahead


def test_a_hint_kept_is_shown_only_for_the_same_cards_seen(
    qtbot: QtBot, sessions: list[GameSession]
) -> None:
    """An undo can bring a decision's place in the hand back with other cards played: the
    hint kept for it is not shown then, it is searched again."""
    session = new_session(sessions)
    with qtbot.waitSignal(session.controller.human_to_pass, timeout=5000):
        session.start(one_hand())
    match = session.controller.match
    assert match is not None
    view = view_of(match, 0)
    other = replace(view, dealer=(view.dealer + 1) % 4)  # not this view
    session.hinter.request("here", view, SMALL, shown=False)
    qtbot.waitUntil(lambda: session.hinter.asked is None, timeout=60_000)
    session.hinter.request("here", view, SMALL)
    assert session.hinter.asked is None  # the same view: the one kept
    session.hinter.request("here", other, SMALL)
    assert session.hinter.asked == "here"  # another: searched
    session.hinter.cancel()


def test_undo_is_autosaved_and_a_hint_is_the_coach_s_best_choice(
    qtbot: QtBot, sessions: list[GameSession]
) -> None:
    session = new_session(sessions)
    session.reviewer.budget = SMALL  # the hint searches with the review's budget
    with qtbot.waitSignal(session.controller.human_to_pass, timeout=5000):
        session.start(one_hand())
    c = session.controller
    assert c.match is not None and c.hand is not None
    cards, reason = coach_hint(view_of(c.match, 0), SMALL)
    assert hinted(qtbot, session) == (cards, reason) and len(cards) == 3
    session.submit_pass(0, list(cards))
    with qtbot.waitSignal(c.human_to_move, timeout=5000):
        pass
    played = hinted(qtbot, session)
    assert c.hand.legal_mask() >> played[0][0] & 1
    session.submit_play(0, played[0][0])
    assert not session.hint()  # not the human's turn any more
    with qtbot.waitSignal(c.human_to_move, timeout=5000):
        assert session.undo()
    opened = new_session(sessions).load_autosave()
    assert opened is not None and opened.match.current is not None
    assert list(opened.match.current.plays) == c.hand.plays
    assert played[0][0] not in c.hand.plays


def test_a_finished_game_is_counted_once_and_the_demo_never(
    qtbot: QtBot, sessions: list[GameSession]
) -> None:
    session = new_session(sessions)
    with qtbot.waitSignal(session.controller.game_over, timeout=10_000):
        session.start(one_hand(human=False))
    ezio = session.statistics().get("Ezio", "peppa")
    assert ezio is not None and ezio.games == 1 and ezio.hands == 1
    opened = session.profile.load_autosave()[0]
    assert opened is not None and opened.saved.counted and opened.match.is_over
    again = new_session(sessions)
    assert again.load_autosave() is None  # over and counted: nothing to go on with
    demo = new_session(sessions)
    demo.demo = True
    with qtbot.waitSignal(demo.controller.game_over, timeout=10_000):
        demo.start(one_hand("hearts", human=False))
    assert demo.statistics().get("Ezio", "hearts") is None
    assert demo.statistics().get("Ezio", "peppa") == ezio
    assert demo.profile.load_autosave()[0].match.rules.name == "peppa"  # type: ignore[union-attr]


def test_saving_and_opening_a_game_by_path(
    qtbot: QtBot, sessions: list[GameSession], tmp_path: Path
) -> None:
    session = new_session(sessions)
    with qtbot.waitSignal(session.controller.human_to_pass, timeout=5000):
        session.start(one_hand("torino"))
    path = tmp_path / "mine.peppa"
    assert session.save_to(path) and session.current_path == path
    assert session.preferences.settings.recent_files[0] == str(path)
    other = new_session(sessions)
    with qtbot.waitSignal(other.controller.human_to_pass, timeout=5000):
        assert other.open_path(path)
    assert other.controller.hand is not None and other.controller.hand.phase is Phase.PASSING
    assert other.current_path == path
    assert not other.open_path(tmp_path / "missing.peppa")


def test_an_autosave_writes_the_hand_in_play_not_every_hand_again(
    qtbot: QtBot, sessions: list[GameSession], monkeypatch: pytest.MonkeyPatch
) -> None:
    from peppa_qt.engine import Match
    from peppa_qt.engine import record_write as records
    from peppa_qt.storage.saves import SavedGame, default_seeds, saved_game_to_json

    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 10}})
    match, rng = Match(rules, 5), random.Random(5)
    for index in range(7):  # six hands played, the seventh under way (four humans)
        hand = match.start_hand()
        for seat in range(4) if hand.phase is Phase.PASSING else ():
            match.pass_cards(seat, rng.sample(cards_of(hand.hands[seat]), 3))
        for _ in range(52 if index < 6 else 9):
            match.play(rng.choice(cards_of(hand.legal_mask())))
    session = new_session(sessions)
    record = record_of(match)
    assert session.profile.save_autosave(SavedGame(record, default_seeds(record, 5))) is None
    opened = session.load_autosave()
    assert opened is not None
    session.resume(opened, counted=False)
    live = session.controller.match
    assert live is not None and live.current is not None
    written: list[object] = []
    real = records._hand_dict
    monkeypatch.setattr(records, "_hand_dict", lambda hand: written.append(hand) or real(hand))
    live.play(cards_of(live.current.legal_mask())[0])  # a card, as the table plays one
    session.autosave()
    assert len(written) == 1  # the seventh hand: the six before it were written once
    WRITER.flush()  # (written by the writer's thread)
    text = session.profile.where.autosave_file.read_text(encoding="utf-8")
    assert text == saved_game_to_json(session.snapshot())  # type: ignore[arg-type]


def autosaved_long_game(session: GameSession, hands: int, seed: int = 6) -> OpenedGame:
    """An autosave of ``hands`` hands played and one under way (four humans), read back."""
    from peppa_qt.engine import Match
    from peppa_qt.storage.saves import SavedGame, default_seeds

    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": hands + 10}})
    match, rng = Match(rules, seed), random.Random(seed)
    for index in range(hands + 1):
        hand = match.start_hand()
        for seat in range(4) if hand.phase is Phase.PASSING else ():
            match.pass_cards(seat, rng.sample(cards_of(hand.hands[seat]), 3))
        for _ in range(52 if index < hands else 5):
            match.play(rng.choice(cards_of(hand.legal_mask())))
    record = record_of(match)
    assert session.profile.save_autosave(SavedGame(record, default_seeds(record, seed))) is None
    opened = session.load_autosave()
    assert opened is not None
    return opened


def test_a_resumed_game_is_autosaved_without_writing_its_finished_hands_again(
    qtbot: QtBot, sessions: list[GameSession], monkeypatch: pytest.MonkeyPatch
) -> None:
    """At hand 4,000 the first autosave after a resume wrote every hand again (1.1 s): their
    lines are those of the file the game was read from."""
    from peppa_qt.engine import record_write as records
    from peppa_qt.storage.saves import saved_game_to_json

    session = new_session(sessions)
    opened = autosaved_long_game(session, 30)
    written: list[object] = []
    real = records._hand_dict
    monkeypatch.setattr(records, "_hand_dict", lambda hand: written.append(hand) or real(hand))
    session.resume(opened, counted=False)  # it autosaves the game as it resumes it
    assert len(written) == 1  # the 31st hand: the 30 before it are the file's
    WRITER.flush()  # (written by the writer's thread)
    text = session.profile.where.autosave_file.read_text(encoding="utf-8")
    monkeypatch.setattr(records, "_hand_dict", real)
    assert text == saved_game_to_json(session.snapshot())  # type: ignore[arg-type]


def test_the_autosave_is_written_by_the_writers_thread_in_order_and_told(
    qtbot: QtBot, sessions: list[GameSession], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its write and sync held the window's thread after every trick: the writer's thread
    writes it, the newest last, and how each write went is told in the session's thread."""
    from peppa_qt.storage import files as storage_files
    from peppa_qt.storage.background import THREAD_NAME
    from peppa_qt.storage.saves import saved_game_to_json

    writes: list[str] = []
    real = storage_files.write_atomic

    def recorded(path: Path, text: str) -> None:
        writes.append(threading.current_thread().name)
        real(path, text)

    monkeypatch.setattr(storage_files, "write_atomic", recorded)
    session = new_session(sessions)
    opened = autosaved_long_game(session, 60)
    writes.clear()
    told: list[str] = []
    session.autosaved.connect(lambda: told.append(threading.current_thread().name))
    session.resume(opened, counted=False)
    live = session.controller.match
    assert live is not None and live.current is not None
    for _ in range(12):  # a card, an autosave, as the table goes
        live.play(cards_of(live.current.legal_mask())[0])
        session.autosave()
    newest = saved_game_to_json(session.snapshot())  # type: ignore[arg-type]
    again = new_session(sessions).load_autosave()  # a read waits for the writes asked
    assert again is not None and record_of(again.match).hands == record_of(live).hands
    assert session.profile.where.autosave_file.read_text(encoding="utf-8") == newest
    assert set(writes) == {THREAD_NAME} and 1 <= len(writes) <= 13
    qtbot.waitUntil(lambda: len(told) == len(writes), timeout=5000)  # each write told
    assert set(told) == {threading.current_thread().name}

    problems: list[Problem] = []
    session.problem_met.connect(problems.append)

    def full(path: Path, text: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage_files, "write_atomic", full)
    with qtbot.waitSignal(session.problem_met, timeout=5000):
        session.autosave()
    with qtbot.waitSignal(session.autosave_failed, timeout=5000):
        session.autosave()  # told once, then signalled
    assert [p.kind for p in problems] == [ProblemKind.NOT_SAVED]
    assert session.profile.where.autosave_file.read_text(encoding="utf-8") == newest


def test_a_game_over_is_not_undone(qtbot: QtBot, sessions: list[GameSession]) -> None:
    """The ranking is shown and the game counted: its last card is not taken back."""
    session = new_session(sessions)
    c = session.controller
    with qtbot.waitSignal(c.human_to_pass, timeout=5000):
        session.start(one_hand())
    assert c.hand is not None
    asked: list[object] = []
    c.human_to_move.connect(lambda *args: asked.append(args))
    c.game_over.connect(lambda *args: asked.append(args))
    session.submit_pass(0, cards_of(c.hand.hands[0])[:3])
    while True:
        qtbot.waitUntil(lambda: bool(asked), timeout=5000)
        asked.clear()
        if c.match is not None and c.match.is_over:
            break
        assert session.can_undo()  # during the hand the human's card may be taken back
        session.submit_play(0, cards_of(c.hand.legal_mask())[0])
    assert not session.can_undo() and not session.undo()
    assert session.undo_redo.undo_subject() is None
    assert c.match.is_over
