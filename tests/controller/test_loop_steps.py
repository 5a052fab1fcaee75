"""The game loop as a phase machine: what it waits for at each step, and the moment each
signal carries (what a screen showing that event may draw, whatever has happened since)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from belmont_helpers import Humans, belmont
from player_doubles import random_factory
from pytestqt.qtbot import QtBot

from peppa_qt.controller import GameController, GameSetup, Pace, Published, SeatSetup
from peppa_qt.controller.game_controller import Step
from peppa_qt.engine import Phase, RuleSet


@pytest.fixture
def controllers() -> Iterator[list[GameController]]:
    made: list[GameController] = []
    yield made
    for controller in made:
        controller.shutdown()


def one_hand(humans: tuple[int, ...] = ()) -> GameSetup:
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 2}})
    seats = tuple(SeatSetup(f"P{s}") if s in humans else SeatSetup(f"P{s}", "x") for s in range(4))
    return GameSetup(rules, seats, seed=5)


def test_each_signal_carries_the_moment_it_shows_though_the_game_has_gone_on(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    """The table is slow (gated): the engine is a trick ahead when a card is shown, yet
    each card played, trick taken and hand scored comes with the table as it was then."""
    controller = GameController(Pace.instant(), random_factory, gated=True)
    controllers.append(controller)
    checked: list[str] = []

    def played(seat: int, card: int, moment: Published) -> None:
        table = moment.table
        assert table.plays[-1] == card and table.seat_of_play(len(table.plays) - 1) == seat
        checked.append("play")

    def taken(winner: int, cards: tuple[int, ...], moment: Published) -> None:
        trick = moment.table.tricks[-1]
        assert trick.complete and trick.cards == cards and trick.winner == winner
        checked.append("trick")

    controller.card_played.connect(played)
    controller.trick_taken.connect(taken)
    controller.hand_scored.connect(lambda i, r, m: checked.append(f"scored {m.table.result == r}"))
    controller.start(one_hand())
    while "scored True" not in checked:
        qtbot.waitUntil(lambda: controller.step is Step.SHOWING, timeout=5000)
        hand = controller.hand
        assert hand is not None and controller.table is not None
        # what is published is the moment shown, never the engine's later state
        assert len(controller.table.plays) <= len(hand.plays)
        controller.animations_done()
    assert checked.count("play") == 52 and checked.count("trick") == 13


def test_the_loop_waits_for_the_table_then_for_the_next_hand_then_ends(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    controller = GameController(Pace.instant(), random_factory, gated=False)
    controllers.append(controller)
    assert controller.step is Step.NO_GAME
    with qtbot.waitSignal(controller.hand_scored, timeout=10_000):
        controller.start(one_hand())
    qtbot.waitUntil(lambda: controller.step is Step.BETWEEN_HANDS, timeout=5000)
    hand = controller.hand
    assert hand is not None and hand.phase is Phase.SCORED
    with qtbot.waitSignal(controller.game_over, timeout=10_000):
        controller.next_hand()
    qtbot.waitUntil(lambda: controller.step is Step.OVER, timeout=5000)


@pytest.mark.parametrize("seats", [4, 8])
def test_with_two_humans_the_loop_waits_at_each_hand_over_until_uncovered(
    qtbot: QtBot, controllers: list[GameController], seats: int
) -> None:
    controller = GameController(Pace.instant(), random_factory, gated=False)
    controllers.append(controller)
    steps: list[Step] = []
    controller.hand_over.connect(lambda seat, moment: steps.append(controller.step))
    setup = one_hand((0, 2)) if seats == 4 else belmont(8, humans=(0, 5))
    with qtbot.waitSignal(controller.hand_over, timeout=5000) as handed:
        controller.start(setup)
    assert handed.args[1].view is None  # the moment of a hand-over shows nobody's cards
    with qtbot.assertNotEmitted(controller.human_to_pass, wait=100):
        pass  # nobody is asked while the screen is up
    assert controller.step is Step.HANDING_OVER
    Humans(controller)  # from now on the humans take the computer and play
    with qtbot.waitSignal(controller.human_to_pass, timeout=5000) as asked:
        controller.uncover()
    assert asked.args[1].view is not None and asked.args[1].view.seat == asked.args[0]
    with qtbot.waitSignal(controller.hand_scored, timeout=20_000):
        pass
    assert steps and all(step is Step.HANDING_OVER for step in steps)
