"""Belmont through the game loop: six and eight seats, two decks, computers and humans."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from belmont_helpers import Humans, belmont, copies_factory
from player_doubles import random_factory
from pytestqt.qtbot import QtBot

from peppa_qt.controller import GameController, GameSetup, Pace, PlayerFactory, SeatSetup
from peppa_qt.controller.seating import Seating
from peppa_qt.controller.session import players_of
from peppa_qt.controller.undo import UndoRedo
from peppa_qt.engine import HandState, Match, Phase, RuleSet, record_of
from peppa_qt.engine.cardset import listed, size, twice
from peppa_qt.storage import default_seeds

TABLES = [6, 8]


@pytest.fixture
def controllers() -> Iterator[list[GameController]]:
    made: list[GameController] = []
    yield made
    for controller in made:
        controller.shutdown()


def make_controller(
    made: list[GameController], factory: PlayerFactory = random_factory
) -> GameController:
    controller = GameController(Pace.instant(auto_next_hand=True), factory, gated=False)
    made.append(controller)
    return controller


@pytest.mark.parametrize("seats", TABLES)
def test_a_belmont_game_of_computers_plays_to_its_end(
    qtbot: QtBot, controllers: list[GameController], seats: int
) -> None:
    controller = make_controller(controllers)
    tricks: list[tuple[int, tuple[int, ...]]] = []
    scored: list[tuple[int, ...]] = []
    controller.trick_taken.connect(lambda winner, cards: tricks.append((winner, cards)))
    controller.hand_scored.connect(lambda index, result: scored.append(result.points))
    with qtbot.waitSignal(controller.game_over, timeout=30_000) as over:
        controller.start(belmont(seats, hands=2))
    rules = controller.match.rules  # type: ignore[union-attr]
    assert sorted(over.args[0]) == list(range(seats))
    assert len(tricks) == 2 * rules.hand_size  # 13 tricks a hand at six and at eight
    assert all(len(cards) == seats for _, cards in tricks)  # every seat's card in each trick
    assert [sum(points) for points in scored] == [rules.hand_total] * 2  # 56, or 86
    assert controller.table is not None and controller.table.over


@pytest.mark.parametrize("seats", TABLES)
def test_computers_seeds_come_from_the_game_seed_as_a_saved_game_says(
    qtbot: QtBot, controllers: list[GameController], seats: int
) -> None:
    controller = make_controller(controllers)
    with qtbot.waitSignal(controller.hand_dealt, timeout=5000):
        controller.start(belmont(seats, humans=(0,)))
    match = controller.match
    assert match is not None
    seeds = controller.player_seeds()
    assert seeds == [None, *(match.seed * seats + s for s in range(1, seats))]
    record = record_of(match, players_of(controller.setup))  # type: ignore[arg-type]
    assert list(default_seeds(record, match.seed)) == seeds  # a plain record resumes alike


def test_a_computer_may_pass_both_copies_of_a_card(
    qtbot: QtBot, controllers: list[GameController], caplog: pytest.LogCaptureFixture
) -> None:
    controller = make_controller(controllers, copies_factory)
    passed: list[int] = []
    controller.seat_passed.connect(passed.append)
    with caplog.at_level(logging.WARNING), qtbot.waitSignal(controller.cards_passed, timeout=5000):
        controller.start(belmont(8))
    hand = controller.hand
    assert hand is not None and sorted(passed) == list(range(8))
    doubled = [s for s in range(8) if twice(hand.passes[s] or 0)]
    assert doubled  # at least one seat held a card twice (seed 11: several do)
    assert all(size(hand.passes[s] or 0) == hand.rules.pass_size for s in range(8))
    assert "computer player failed" not in caplog.text


@pytest.mark.parametrize("seats", TABLES)
def test_a_human_at_a_far_seat_plays_a_whole_game_and_may_undo(
    qtbot: QtBot, controllers: list[GameController], seats: int
) -> None:
    controller = make_controller(controllers)
    human = seats - 1  # a seat a four-seat table does not have
    humans = Humans(controller)
    undos = UndoRedo(controller)
    undone: list[bool] = []

    def undo_once(seat: int, card: int) -> None:
        if seat == human and not undone and undos.can_undo():
            undone.append(undos.undo())

    controller.card_played.connect(undo_once)
    with qtbot.waitSignal(controller.game_over, timeout=30_000):
        controller.start(belmont(seats, humans=(human,)))
    assert controller.humans() == [human] and undone == [True]
    assert {seat for seat, _ in humans.asked} == {human}
    assert all(viewer == human for _, viewer in humans.asked)
    hand = controller.hand
    assert hand is not None and len(hand.plays) == hand.rules.deck_size
    assert humans.handed == []  # one human: never a hand-over


def test_while_passing_the_table_says_which_of_six_seats_have_passed(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    controller = make_controller(controllers)
    with qtbot.waitSignal(controller.human_to_pass, timeout=5000):
        controller.start(belmont(6, humans=(0,)))
    qtbot.waitUntil(lambda: all(p is not None for p in controller.hand.passes[1:]))  # type: ignore[union-attr]
    table = controller.table
    assert table is not None and table.phase is Phase.PASSING
    assert table.passed == (False, True, True, True, True, True)


@pytest.mark.parametrize("seats", TABLES)
def test_hot_seat_with_three_humans_hands_over_and_shows_each_only_their_cards(
    qtbot: QtBot, controllers: list[GameController], seats: int
) -> None:
    controller = make_controller(controllers)
    seated = (1, seats // 2, seats - 1)
    humans = Humans(controller)
    undos = UndoRedo(controller)
    covered: list[int] = []
    controller.cards_covered.connect(covered.append)
    with qtbot.waitSignal(controller.game_over, timeout=30_000):
        controller.start(belmont(seats, humans=seated))
    assert {seat for seat, _ in humans.asked} == set(seated)
    assert all(viewer == seat for seat, viewer in humans.asked)  # each sees their own view
    assert set(humans.handed) == set(seated) and covered
    assert not undos.can_undo()  # several humans: undo would show one's cards to another


def test_a_setup_must_seat_every_player_of_the_rules() -> None:
    rules = RuleSet.preset("belmont", seats=6)
    with pytest.raises(ValueError, match="6 seats"):
        GameSetup(rules, tuple(SeatSetup(name) for name in "ABCD"))


# ----------------------------------------------------------------------- seating


def _first_trick(seats: int, seed: int = 4) -> HandState:
    """A Belmont hand after its passes, at the first lead."""
    match = Match(RuleSet.preset("belmont", seats=seats), seed)
    hand = match.start_hand()
    for seat in range(seats):
        hand.pass_cards(seat, listed(hand.hands[seat])[:3])
    assert hand.phase is Phase.PLAYING
    return hand


@pytest.mark.parametrize("seats", TABLES)
def test_a_human_whose_card_is_still_to_come_in_the_trick_is_known_next(seats: int) -> None:
    hand = _first_trick(seats)
    lead = hand.to_move
    assert lead is not None
    last = hand.rules.next_seat(lead, seats - 1)  # plays the trick's last card
    hand.play(listed(hand.legal_mask())[0])
    seating = Seating([last], seats, hand.rules.direction)
    assert seating.known_next_human(hand) == last  # within the trick in play: certain
    assert seating.next_human(hand) == last


@pytest.mark.parametrize("seats", TABLES)
def test_while_passing_each_human_round_the_table_is_asked_in_turn(seats: int) -> None:
    match = Match(RuleSet.preset("belmont", seats=seats), 4)
    hand = match.start_hand()
    seating = Seating([0, seats - 1], seats, match.rules.direction)
    assert seating.next_human(hand) == 0
    hand.pass_cards(0, listed(hand.hands[0])[:3])
    assert seating.next_human(hand) == seats - 1


def test_a_record_naming_no_players_is_played_by_you_against_three_as_before() -> None:
    from pathlib import Path

    from peppa_qt.controller.session import setup_of_saved
    from peppa_qt.storage.saves import parse_saved_game

    old = Path(__file__).resolve().parents[1] / "storage" / "old_files" / "record_no_players.json"
    saved, _ = parse_saved_game(old.read_text(encoding="utf-8"))
    setup = setup_of_saved(saved, ["easy", "normal", "hard"])
    assert [(s.name, s.level) for s in setup.seats] == [
        ("You", None),
        ("Bruno", "normal"),
        ("Carla", "normal"),
        ("Dario", "normal"),
    ]
