"""A computer starts thinking while the card before is still being animated; the table
still shows its card only after the usual pause, once the animation is over."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
from player_doubles import RandomPlayer
from pytestqt.qtbot import QtBot

from peppa_qt.ai.base import Decision, Player
from peppa_qt.controller import GameController, GameSetup, Pace, SeatSetup
from peppa_qt.controller.undo import UndoRedo
from peppa_qt.engine import PlayerView, RuleSet

PAUSE_MS = 200


class Table:
    """A stand-in for the presenter: logs what happens, says ``done`` when told to (or at once)."""

    def __init__(self, controller: GameController) -> None:
        self.controller = controller
        self.log: list[str] = []
        self.auto = False
        gated = [controller.hand_dealt, controller.cards_passed, controller.table_redrawn]
        gated += [controller.hand_scored, controller.game_over]
        for signal in gated:
            signal.connect(lambda *args: self._shown("shown"))
        controller.card_played.connect(lambda seat, card: self._shown(f"play {seat}"))
        controller.trick_taken.connect(lambda seat, cards: self._shown("trick"))

    def _shown(self, event: str) -> None:
        self.log.append(event)
        if self.auto:
            self.done()

    def done(self) -> None:
        """The animation of the last signal is over."""
        self.log.append("done")
        self.controller.animations_done()


class Spy(RandomPlayer):
    """A random player that notes each position it is asked to play in: (seat, cards played)."""

    def __init__(self, seed: int, asked: list[tuple[int, int]]) -> None:
        super().__init__(seed)
        self.asked = asked

    def decide(self, view: PlayerView) -> Decision:
        if view.to_move is not None:
            self.asked.append((view.seat, len(view.plays)))
        return super().decide(view)


class Held(RandomPlayer):
    """Thinks until released or cancelled, counting its decisions."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.release = threading.Event()
        self.started = self.finished = 0
        self.asked: list[tuple[int, int]] = []

    def decide(self, view: PlayerView) -> Decision:
        self.started += 1
        self.asked.append((view.seat, len(view.plays)))
        self._cancel.clear()
        while not self.release.wait(0.005) and not self.cancelled:
            pass
        decision = super().decide(view)
        self.finished += 1
        return decision


@pytest.fixture
def controllers() -> Iterator[list[GameController]]:
    made: list[GameController] = []
    yield made
    for controller in made:
        controller.shutdown()


def computers_only(
    asked: list[tuple[int, int]], made: list[GameController]
) -> tuple[GameController, Table]:
    def factory(level: str, seed: int) -> Player:
        return Spy(seed, asked)

    controller = GameController(Pace(ai_pause_ms=PAUSE_MS), factory)
    made.append(controller)
    table = Table(controller)
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 1}})
    seats = tuple(SeatSetup(name, "x") for name in ("Anna", "Bruno", "Carla", "Dario"))
    controller.start(GameSetup(rules, seats, seed=5))  # type: ignore[arg-type]
    return controller, table


def closed(table: Table) -> bool:
    """Whether the table is showing a signal (the controller waits for ``done``)."""
    return bool(table.log) and table.log[-1] != "done"


def test_the_next_computer_thinks_while_the_card_before_is_animated(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    asked: list[tuple[int, int]] = []
    controller, table = computers_only(asked, controllers)
    hand = controller.hand
    assert hand is not None
    while len(hand.plays) < 7:  # a trick and more: the winner thinks while the trick goes
        qtbot.waitUntil(lambda: closed(table))
        if hand.to_move is not None:
            position = (hand.to_move, len(hand.plays))
            qtbot.waitUntil(lambda p=position: p in asked)  # asked before the table is done
        table.done()
    assert table.log.count("trick") == 1
    assert len(asked) == len(set(asked))  # each position asked once


def test_a_card_thought_ahead_waits_the_whole_pause_after_the_animation(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    asked: list[tuple[int, int]] = []
    controller, table = computers_only(asked, controllers)
    qtbot.waitUntil(lambda: closed(table))  # the deal
    table.done()
    qtbot.waitUntil(lambda: table.log[-1] == "shown")  # the exchange
    qtbot.waitUntil(lambda: bool(asked))
    # Decided long ago, while the exchange was being shown: nothing until the table is done.
    with qtbot.assertNotEmitted(controller.card_played, wait=2 * PAUSE_MS):
        pass
    started = time.monotonic()
    with qtbot.waitSignal(controller.card_played, timeout=5000):
        table.done()
    assert time.monotonic() - started >= PAUSE_MS / 1000


def test_undo_while_a_computer_thinks_ahead_discards_its_decision(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    held = Held()
    controller = GameController(Pace.instant(), lambda level, seed: held)
    controllers.append(controller)
    undos = UndoRedo(controller)
    table = Table(controller)
    table.auto = True
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 1}, "pass_cycle": ["hold"]})
    seats = (
        SeatSetup("Anna"),
        SeatSetup("Bruno", "x"),
        SeatSetup("Carla", "x"),
        SeatSetup("Dario", "x"),
    )
    with qtbot.waitSignal(controller.human_to_move, timeout=5000) as asked:
        held.release.set()
        controller.start(GameSetup(rules, seats, seed=3))
    hand = controller.hand
    assert hand is not None and hand.to_move == 0
    plays = list(hand.plays)
    held.release.clear()
    table.auto = False
    started = held.started
    controller.submit_play(0, asked.args[1].lowest())
    position = (hand.to_move, len(hand.plays))
    # Thinking while the table is still showing the human's card:
    qtbot.waitUntil(lambda: held.started == started + 1 and table.log[-1] == "play 0")
    table.auto = True
    with qtbot.waitSignal(controller.human_to_move, timeout=5000):
        assert undos.undo()
    qtbot.waitUntil(lambda: held.finished == started + 1)  # the decision came back: unused
    with qtbot.assertNotEmitted(controller.card_played, wait=100):
        pass
    assert hand.plays == plays and hand.to_move == 0
    held.release.set()
    with qtbot.waitSignal(controller.card_played, timeout=5000) as played:
        controller.submit_play(0, asked.args[1].lowest())
    assert played.args[0] == 0
    qtbot.waitUntil(lambda: len(hand.plays) > len(plays) + 1)
    assert held.asked.count(position) == 2  # the same position thought about afresh
