"""The game loop: signals in order, human intents, refusals, computer players in a thread."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from player_doubles import RandomPlayer, SlowPlayer, random_factory
from pytestqt.qtbot import QtBot

from peppa_qt.ai.base import Decision, Player
from peppa_qt.controller import (
    GameController,
    GameSetup,
    Pace,
    PlayerFactory,
    Refusal,
    SeatSetup,
)
from peppa_qt.controller.game_controller import Step
from peppa_qt.controller.undo import UndoRedo
from peppa_qt.engine import CardSet, PlayerView, RuleSet, cards_of, record_of
from peppa_qt.engine.errors import Reason

HUMAN = SeatSetup("Anna")
BOTS = (SeatSetup("Bruno", "x"), SeatSetup("Carla", "x"), SeatSetup("Dario", "x"))


def setup_of(preset: str = "peppa", *, human: bool = True, hands: int = 1) -> GameSetup:
    rules = RuleSet.preset(preset, {"end": {"mode": "hands", "count": hands}})
    first = HUMAN if human else SeatSetup("Ezio", "x")
    return GameSetup(rules, (first, *BOTS), seed=11)


@pytest.fixture
def controllers() -> Iterator[list[GameController]]:
    made: list[GameController] = []
    yield made
    for controller in made:
        controller.shutdown()


def make_controller(
    made: list[GameController],
    pace: Pace | None = None,
    factory: PlayerFactory = random_factory,
    *,
    gated: bool = False,
) -> GameController:
    controller = GameController(pace or Pace.instant(auto_next_hand=True), factory, gated=gated)
    made.append(controller)
    return controller


def test_an_all_computer_game_runs_to_game_over(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    controller = make_controller(controllers)
    scored: list[int] = []
    controller.hand_scored.connect(lambda index, result: scored.append(index))
    with qtbot.waitSignal(controller.game_over, timeout=10_000) as blocker:
        controller.start(setup_of("hearts", human=False, hands=3))
    assert scored == [0, 1, 2]
    assert controller.match is not None and controller.match.is_over
    assert sorted(blocker.args[0]) == [0, 1, 2, 3]


def test_signals_of_a_hand_come_in_order(qtbot: QtBot, controllers: list[GameController]) -> None:
    controller = make_controller(controllers)
    events: list[str] = []
    controller.hand_dealt.connect(lambda i: events.append("dealt"))
    controller.cards_passed.connect(lambda p: events.append("passed"))
    controller.card_played.connect(lambda s, c: events.append("play"))
    controller.trick_taken.connect(lambda w, c: events.append("trick"))
    controller.hand_scored.connect(lambda i, r: events.append("scored"))
    with qtbot.waitSignal(controller.game_over, timeout=10_000):
        controller.start(setup_of(human=False))
    assert events[:3] == ["dealt", "passed", "play"]
    assert events.count("play") == 52 and events.count("trick") == 13
    assert events[-2:] == ["trick", "scored"]
    assert events.index("trick") == 6  # dealt, passed, then four plays


def test_human_is_asked_to_pass_then_to_play_with_legal_cards(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    controller = make_controller(controllers)
    with qtbot.waitSignal(controller.human_to_pass, timeout=5000) as asked:
        controller.start(setup_of())
    assert asked.args[0] == 0
    hand = controller.hand
    assert hand is not None
    give = cards_of(hand.hands[0])[:3]
    with qtbot.waitSignal(controller.cards_passed, timeout=5000):
        assert controller.submit_pass(0, give)
    assert hand.hands[0] & sum(1 << c for c in give) == 0 or hand.pass_direction.value == "hold"
    # play until the human is asked, answering with a legal card each time
    with qtbot.waitSignal(controller.human_to_move, timeout=5000) as blocker:
        pass
    seat, legal, _ = blocker.args
    assert seat == 0 and legal == CardSet(hand.legal_mask()) and legal


def test_refused_play_changes_nothing_and_says_why(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    controller = make_controller(controllers)
    controller.start(setup_of("hearts"))
    qtbot.waitUntil(lambda: controller.hand is not None and 0 in controller.prompted())
    hand = controller.hand
    assert hand is not None
    with qtbot.waitSignal(controller.move_refused) as refused:
        assert not controller.submit_pass(0, cards_of(hand.hands[0])[:2])
    assert refused.args[0].reason is Reason.WRONG_PASS_SIZE
    controller.submit_pass(0, cards_of(hand.hands[0])[:3])
    with qtbot.waitSignal(controller.human_to_move, timeout=5000) as blocker:
        pass
    legal = blocker.args[1]
    illegal = [c for c in cards_of(hand.hands[0]) if c not in legal]
    if not illegal:
        pytest.skip("every card is legal in this position")
    before = (list(hand.plays), list(hand.hands))
    with qtbot.waitSignal(controller.move_refused) as refused:
        assert not controller.submit_play(0, illegal[0])
    refusal: Refusal = refused.args[0]
    assert refusal.reason in {
        Reason.MUST_FOLLOW_SUIT,
        Reason.MUST_LEAD_LOWEST_CLUB,
        Reason.HEARTS_NOT_BROKEN,
        Reason.NO_POINTS_ON_FIRST_TRICK,
    }
    if refusal.reason is Reason.MUST_FOLLOW_SUIT:
        assert refusal.led_suit == hand.trick[0] // 13
    assert (list(hand.plays), list(hand.hands)) == before


def test_playing_out_of_turn_is_refused(qtbot: QtBot, controllers: list[GameController]) -> None:
    controller = make_controller(controllers)
    with qtbot.waitSignal(controller.human_to_pass, timeout=5000):
        controller.start(setup_of())
    hand = controller.hand
    assert hand is not None
    with qtbot.waitSignal(controller.move_refused) as refused:
        controller.submit_play(0, cards_of(hand.hands[0])[0])
    assert refused.args[0].reason is Reason.WRONG_PHASE


def test_the_gate_holds_the_game_until_the_table_is_done(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    controller = make_controller(controllers, Pace.instant(), gated=True)
    plays: list[int] = []
    controller.card_played.connect(lambda s, c: plays.append(c))
    with qtbot.waitSignal(controller.hand_dealt):
        controller.start(setup_of(human=False))
    with qtbot.assertNotEmitted(controller.cards_passed, wait=100):
        pass
    for _ in range(3):
        controller.animations_done()
        qtbot.waitUntil(lambda: controller.step is Step.SHOWING)
    assert len(plays) == 2  # the exchange, then one card per "done"


def test_computer_players_get_only_their_view_and_pauses_are_kept(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    seen: list[PlayerView] = []

    class Spy(RandomPlayer):
        def decide(self, view: PlayerView) -> Decision:
            seen.append(view)
            return super().decide(view)

    controller = make_controller(controllers, Pace(ai_pause_ms=30), lambda level, seed: Spy(seed))
    started = time.monotonic()
    with qtbot.waitSignals([controller.trick_taken], timeout=5000):
        controller.start(setup_of(human=False))
    assert time.monotonic() - started >= 4 * 0.03
    assert all(isinstance(v, PlayerView) for v in seen)
    assert {v.seat for v in seen} == {0, 1, 2, 3}


def test_a_broken_player_is_replaced_by_a_legal_move(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    class Broken(RandomPlayer):
        def choose_play(self, view: PlayerView) -> Decision:
            raise RuntimeError("bug")

    def factory(level: str, seed: int) -> Player:
        return Broken(seed)

    controller = make_controller(controllers, Pace.instant(), factory)
    with qtbot.waitSignal(controller.hand_scored, timeout=10_000):
        controller.start(setup_of(human=False))


def test_shutdown_cancels_a_thinking_player_quickly(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    slow = SlowPlayer(seconds=30)
    controller = GameController(Pace.instant(), lambda level, seed: slow, gated=False)
    controller.start(setup_of(human=False))
    qtbot.waitUntil(lambda: slow.started > 0)
    started = time.monotonic()
    assert controller.shutdown(timeout_ms=3000)
    assert time.monotonic() - started < 2
    assert slow.stopped_early


def test_a_new_game_discards_the_old_games_decisions(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    controller = make_controller(controllers, Pace.instant())
    controller.start(setup_of(human=False))
    controller.start(setup_of("torino"))
    with qtbot.waitSignal(controller.human_to_pass, timeout=5000):
        pass
    assert controller.match is not None and controller.match.rules.name == "torino"
    assert len(controller.match.hands) == 1


def two_humans(preset: str = "hearts") -> GameSetup:
    rules = RuleSet.preset(preset, {"end": {"mode": "hands", "count": 1}})
    seats = (SeatSetup("Anna"), BOTS[0], SeatSetup("Carla"), BOTS[2])
    return GameSetup(rules, seats, seed=11)


def test_humans_are_asked_one_at_a_time_and_the_viewer_follows(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    """Each human is handed the computer before being asked, and only ever sees their cards."""
    controller = make_controller(controllers)
    asked: list[tuple[str, int]] = []
    controller.hand_over.connect(lambda seat: asked.append(("hand over", seat)))
    controller.human_to_pass.connect(lambda seat: asked.append(("pass", seat)))
    controller.human_to_move.connect(lambda seat, legal: asked.append(("move", seat)))
    controller.viewer_changed.connect(lambda seat: asked.append(("viewer", seat)))
    controller.cards_covered.connect(lambda seat: asked.append(("covered", seat)))
    with qtbot.waitSignal(controller.hand_over, timeout=5000):
        controller.start(two_humans())
    assert controller.covered and controller.view is None  # dealt face down for both
    with qtbot.waitSignal(controller.human_to_pass, timeout=5000):
        assert controller.uncover()
    assert asked == [("hand over", 0), ("pass", 0)] and controller.viewer == 0
    hand = controller.hand
    assert hand is not None and controller.view is not None
    assert controller.view.hand == hand.hands[0]
    with qtbot.waitSignal(controller.move_refused) as refused:
        assert not controller.submit_pass(2, cards_of(hand.hands[2])[:3])
    assert refused.args[0].reason is Reason.NOT_YOUR_TURN
    with qtbot.waitSignal(controller.hand_over, timeout=5000):
        assert controller.submit_pass(0, cards_of(hand.hands[0])[:3])
    assert asked[2:] == [("covered", 0), ("viewer", 2), ("hand over", 2)]
    assert controller.view is None  # nobody's cards while the computer changes hands
    with qtbot.waitSignal(controller.human_to_pass, timeout=5000):
        controller.uncover()
    view = controller.view
    assert view is not None and view.seat == 2 and view.hand == hand.hands[2]
    controller.submit_pass(2, cards_of(hand.hands[2])[:3])
    moves = 0
    while moves < 2 * 13:  # each human plays when asked, seen from their own seat
        count = len(asked)
        qtbot.waitUntil(lambda c=count: len(asked) > c and asked[-1][0] in ("move", "hand over"))
        kind, seat = asked[-1]
        if kind == "hand over":
            assert controller.view is None
            controller.uncover()
            continue
        view = controller.view
        assert view is not None and controller.viewer == seat == view.seat
        assert controller.submit_play(seat, cards_of(view.legal)[0])
        moves += 1
    qtbot.waitUntil(lambda: hand.result is not None, timeout=5000)
    assert {s for kind, s in asked if kind == "move"} == {0, 2}
    assert [s for kind, s in asked if kind == "viewer"].count(2) >= 2  # back and forth


def test_undo_takes_back_the_humans_card_and_the_computers_play_again_alike(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    controller = make_controller(controllers)
    undos = UndoRedo(controller)
    with qtbot.waitSignal(controller.human_to_pass, timeout=5000):
        controller.start(setup_of("peppa"))
    hand = controller.hand
    assert hand is not None and not undos.can_undo()
    controller.submit_pass(0, cards_of(hand.hands[0])[:3])
    with qtbot.waitSignal(controller.human_to_move, timeout=5000) as asked:
        pass
    before = record_of(controller.match).hands[-1]  # type: ignore[arg-type]
    first_legal = asked.args[1]
    controller.submit_play(0, first_legal.highest())
    with qtbot.waitSignal(controller.human_to_move, timeout=5000):
        pass
    after = list(hand.plays)
    assert undos.can_undo()
    with qtbot.waitSignal(controller.human_to_move, timeout=5000) as again:
        assert undos.undo()
    assert record_of(controller.match).hands[-1] == before  # type: ignore[arg-type]
    assert again.args[1] == first_legal
    controller.submit_play(0, first_legal.highest())
    with qtbot.waitSignal(controller.human_to_move, timeout=5000):
        pass
    assert list(hand.plays) == after  # the computers chose exactly as the first time
    # Back past the pass: the hand is as dealt, and the human is asked to pass again.
    undos.undo()
    with qtbot.waitSignal(controller.human_to_pass, timeout=5000):
        assert undos.undo()
    assert hand.plays == [] and hand.passes[0] is None and hand.hands == list(hand.deal)
    assert not undos.can_undo()


def test_undo_is_not_offered_with_two_humans(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    controller = make_controller(controllers)
    undos = UndoRedo(controller)
    with qtbot.waitSignal(controller.hand_over, timeout=5000):
        controller.start(two_humans())
    with qtbot.waitSignal(controller.human_to_pass, timeout=5000):
        controller.uncover()
    hand = controller.hand
    assert hand is not None
    controller.submit_pass(0, cards_of(hand.hands[0])[:3])
    assert not undos.can_undo() and not undos.undo()
