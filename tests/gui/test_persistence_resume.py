"""A game interrupted in any phase goes on exactly as if it had never stopped.

Each test plays a game to its end without interruption, then plays the same game (same seed)
again, saving it at some moment, throwing the controller away, reading the save back and
resuming it in a new controller: both final records must be the same, card for card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from player_doubles import random_factory
from PySide6.QtCore import QTimer
from pytestqt.qtbot import QtBot

from peppa_qt.controller import GameController, GameSetup, Pace, SeatSetup
from peppa_qt.controller.session import players_of, setup_of_saved
from peppa_qt.engine import CardSet, Phase, RuleSet, cards_of, record_of, write_record
from peppa_qt.storage import SavedGame
from peppa_qt.storage.saves import parse_saved_game, saved_game_to_json

Moment = Callable[[GameController, tuple[object, ...]], bool]


def game(human: bool, seeds: tuple[int | None, ...] = (None,) * 4) -> GameSetup:
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 2}})
    names = ("Anna", "Bruno", "Carla", "Dario")
    seats = [SeatSetup(n, None if human and s == 0 else "x", seeds[s]) for s, n in enumerate(names)]
    return GameSetup(rules, (seats[0], seats[1], seats[2], seats[3]), seed=21)


class Human:
    """Answers for seat 0 through the controller's API: the top three cards, the lowest legal."""

    def __init__(self, controller: GameController) -> None:
        self.controller = controller
        controller.human_to_pass.connect(self._on_controller_human_to_pass)
        controller.human_to_move.connect(self._on_controller_human_to_move)

    def _on_controller_human_to_pass(self, seat: int) -> None:
        hand = self.controller.hand
        assert hand is not None
        cards = cards_of(hand.hands[seat])[-3:]
        QTimer.singleShot(0, lambda: self.controller.submit_pass(seat, cards))

    def _on_controller_human_to_move(self, seat: int, legal: CardSet) -> None:
        QTimer.singleShot(0, lambda: self.controller.submit_play(seat, legal.lowest()))


@pytest.fixture
def new_controller() -> Iterator[Callable[[], GameController]]:
    made: list[GameController] = []
    humans: list[Human] = []  # kept alive: a collected object's slots are disconnected

    def make() -> GameController:
        controller = GameController(Pace.instant(auto_next_hand=True), random_factory, gated=False)
        humans.append(Human(controller))
        made.append(controller)
        return controller

    yield make
    for controller in made:
        controller.shutdown()


def final_record(qtbot: QtBot, controller: GameController, begin: Callable[[], None]) -> str:
    with qtbot.waitSignal(controller.game_over, timeout=20_000):
        begin()
    assert controller.match is not None and controller.setup is not None
    return write_record(record_of(controller.match, players_of(controller.setup)))


def saved_when(qtbot: QtBot, controller: GameController, setup: GameSetup, moment: Moment) -> str:
    """Play ``setup`` until ``moment``, and save the game as the window would."""
    saved: list[str] = []

    def check(*args: object) -> None:
        if not saved and moment(controller, args):
            match, seeds = controller.match, controller.player_seeds()
            assert match is not None and controller.setup is not None
            record = record_of(match, players_of(controller.setup))
            game = SavedGame(record, (seeds[0], seeds[1], seeds[2], seeds[3]))
            saved.append(saved_game_to_json(game))

    for signal in (controller.seat_passed, controller.card_played, controller.hand_scored):
        signal.connect(check)
    controller.game_over.connect(check)
    controller.start(setup)
    qtbot.waitUntil(lambda: bool(saved), timeout=20_000)
    controller.shutdown()
    return saved[0]


def mid_pass(c: GameController, args: tuple[object, ...]) -> bool:
    hand = c.hand
    return (
        hand is not None
        and hand.phase is Phase.PASSING
        and sum(p is not None for p in hand.passes) == 2
    )


def mid_trick(c: GameController, args: tuple[object, ...]) -> bool:
    match = c.match
    return match is not None and len(match.hands) == 2 and len(match.hands[1].trick) == 2


def between_hands(c: GameController, args: tuple[object, ...]) -> bool:
    return len(args) == 3 and args[0] == 0  # hand_scored(0, result, moment)


def game_over(c: GameController, args: tuple[object, ...]) -> bool:
    return c.match is not None and c.match.is_over


@pytest.mark.parametrize("human", [False, True], ids=["computers", "human"])
@pytest.mark.parametrize(
    "moment",
    [mid_pass, mid_trick, between_hands, game_over],
    ids=["mid-pass", "mid-trick", "between-hands", "game-over"],
)
def test_a_resumed_game_ends_as_the_uninterrupted_one(
    qtbot: QtBot, new_controller: Callable[[], GameController], human: bool, moment: Moment
) -> None:
    setup = game(human)
    first = new_controller()
    expected = final_record(qtbot, first, lambda: first.start(setup))
    text = saved_when(qtbot, new_controller(), setup, moment)
    saved, match = parse_saved_game(text)
    resumed = new_controller()
    resumed_setup = setup_of_saved(saved, [])
    assert final_record(qtbot, resumed, lambda: resumed.resume(resumed_setup, match)) == expected


def test_the_computer_players_seeds_are_carried_over(
    qtbot: QtBot, new_controller: Callable[[], GameController]
) -> None:
    """Seeds that do not follow from the game's seed are saved and used again."""
    setup = game(False, seeds=(11, 22, 33, 44))
    first = new_controller()
    expected = final_record(qtbot, first, lambda: first.start(setup))
    assert first.player_seeds() == [11, 22, 33, 44]
    text = saved_when(qtbot, new_controller(), setup, mid_trick)
    saved, match = parse_saved_game(text)
    assert saved.seeds == (11, 22, 33, 44)
    resumed = new_controller()
    resumed_setup = setup_of_saved(saved, [])
    assert final_record(qtbot, resumed, lambda: resumed.resume(resumed_setup, match)) == expected
    default = game(False)
    other = new_controller()
    assert final_record(qtbot, other, lambda: other.start(default)) != expected
