"""The game loop alone, with no window: whole games, seats of any kind, the pause, the host's
hold, refusals, undo; and a kind of seat the package does not have, added here."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from player_doubles import RandomPlayer

from peppa_qt.engine import IllegalMove, Match, Reason, RuleSet, cards_of, record_of, replay
from peppa_qt.table import (
    CardPlayed,
    CardsPassed,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    HumanSeat,
    ManualScheduler,
    MovesTakenBack,
    Pace,
    PassChosen,
    Request,
    Seat,
    TableLoop,
    TrickWon,
    TurnBegan,
)
from peppa_qt.table.computer import ComputerSeat, Thinkers


class LowestCard(Seat):
    """A kind of seat of this test's own: passes its lowest cards, plays its lowest legal
    card, and answers at once, inside the question (the loop must take that too)."""

    def __init__(self) -> None:
        self.asked: list[Request] = []

    def ask(self, request: Request) -> None:
        self.asked.append(request)
        view = request.view
        size = view.rules.pass_size if request.passing else 1
        cards = cards_of(view.hand if request.passing else view.legal)[:size]
        assert request.answer(cards) is None


@pytest.fixture
def thinkers() -> Iterator[Thinkers]:
    made = Thinkers()
    yield made
    made.stop()


def rules_of(preset: str = "hearts", hands: int = 2, seats: int | None = None) -> RuleSet:
    return RuleSet.preset(preset, {"end": {"mode": "hands", "count": hands}}, seats=seats)


def run(
    rules: RuleSet, seats: list[Seat], pace: Pace | None = None, seed: int = 3
) -> tuple[TableLoop, ManualScheduler, list[tuple[float, Event]]]:
    """A loop playing a game of ``rules`` until it is over."""
    scheduler = ManualScheduler()
    loop = TableLoop(
        Match(rules, seed), seats, scheduler, pace=pace or Pace.instant(auto_next_hand=True)
    )
    events: list[tuple[float, Event]] = []
    loop.listen(lambda event: events.append((scheduler.now(), event)))
    loop.start()
    assert scheduler.run_until(lambda: loop.match.is_over, timeout=60)
    return loop, scheduler, events


@pytest.mark.parametrize(("preset", "seats"), [("peppa", None), ("hearts", None), ("belmont", 8)])
def test_a_whole_game_is_played_by_the_loop_alone_with_a_seat_kind_of_the_tests_own(
    preset: str, seats: int | None
) -> None:
    rules = rules_of(preset, 2, seats)
    players = [LowestCard() for _ in range(rules.seats)]
    loop, _, events = run(rules, list(players))
    told = [type(event) for _, event in events]
    assert told.count(HandDealt) == 2 and told.count(HandScored) == 2 and told[-1] is GameOver
    assert told.count(CardPlayed) == 2 * rules.deck_size
    assert told.count(TrickWon) == 2 * rules.deck_size // rules.seats
    # every card was the seat's own choice, and the game is a legal record
    record = record_of(loop.match)
    assert replay(record).totals() == loop.match.totals()
    for _, event in events:
        if isinstance(event, CardPlayed):
            assert any(r.seat == event.seat for r in players[event.seat].asked)


def test_each_seat_is_asked_only_from_its_own_view(thinkers: Thinkers) -> None:
    rules = rules_of("peppa", 1)
    seen: list[Request] = []

    class Watching(LowestCard):
        def ask(self, request: Request) -> None:
            seen.append(request)
            super().ask(request)

    run(rules, [Watching() for _ in range(4)])
    assert seen and all(r.view.hand == r.view.hand & r.view.dealt | r.view.hand for r in seen)
    for request in seen:  # the view is the seat's: its record hides the other hands
        record = request.record()
        hidden = [s for s, cards in enumerate(record.hands[-1].deal) if cards is None]
        assert hidden == [s for s in range(4) if s != request.seat]


def test_computers_decide_in_a_worker_and_the_same_seeds_play_the_same_game(
    thinkers: Thinkers,
) -> None:
    def game() -> list[int]:
        scheduler = ManualScheduler()
        scheduler.busy = thinkers.busy
        seats: list[Seat] = [ComputerSeat(RandomPlayer(s), thinkers, scheduler) for s in range(4)]
        loop = TableLoop(
            Match(rules_of(), 9), seats, scheduler, pace=Pace.instant(auto_next_hand=True)
        )
        loop.start()
        assert scheduler.run_until(lambda: loop.match.is_over, timeout=60)
        loop.close()
        return [card for hand in loop.match.hands for card in hand.plays]

    assert game() == game()


def test_a_computers_card_waits_out_the_pause_from_the_start_of_its_turn(
    thinkers: Thinkers,
) -> None:
    scheduler = ManualScheduler()
    seats: list[Seat] = [LowestCard()] + [
        ComputerSeat(RandomPlayer(s), thinkers, scheduler) for s in range(1, 4)
    ]
    loop = TableLoop(Match(rules_of("hearts", 1), 4), seats, scheduler, pace=Pace(300, True))
    began: dict[tuple[int, int], float] = {}
    gaps: list[float] = []

    def note(event: Event) -> None:
        plays = len(loop.match.hands[-1].plays)
        if isinstance(event, TurnBegan):
            began[(event.seat, plays)] = scheduler.now()
        elif isinstance(event, CardPlayed) and event.seat != 0:
            gaps.append(scheduler.now() - began[(event.seat, plays - 1)])

    loop.listen(note)
    loop.start()
    assert scheduler.run_until(lambda: loop.match.is_over, timeout=60)
    assert len(gaps) == 39 and min(gaps) == pytest.approx(0.3)


def test_while_the_host_holds_the_loop_answers_wait_and_come_in_order(
    thinkers: Thinkers,
) -> None:
    scheduler = ManualScheduler()
    scheduler.busy = thinkers.busy
    seats: list[Seat] = [ComputerSeat(RandomPlayer(s), thinkers, scheduler) for s in range(4)]
    loop = TableLoop(Match(rules_of("hearts", 1), 4), seats, scheduler, pace=Pace.instant())
    events: list[Event] = []

    def host(event: Event) -> None:  # a slow table: every event shown before going on
        events.append(event)
        loop.hold()

    loop.listen(host)
    loop.start()
    assert not scheduler.run_until(lambda: len(events) > 1, timeout=1)
    assert [type(e) for e in events] == [HandDealt]  # the deal is being shown
    while not loop.match.is_over:
        shown = len(events)
        loop.release()
        assert scheduler.run_until(lambda n=shown: len(events) > n, timeout=30)
    assert sum(isinstance(e, CardPlayed) for e in events) == 52


def test_a_persons_illegal_answer_is_refused_and_their_question_stays_open() -> None:
    scheduler = ManualScheduler()
    person = HumanSeat()
    seats: list[Seat] = [person, LowestCard(), LowestCard(), LowestCard()]
    rules = RuleSet.preset("hearts", {"pass_cycle": ["hold"]})
    loop = TableLoop(Match(rules, 5), seats, scheduler, pace=Pace.instant())
    loop.start()
    scheduler.run_until(lambda: person.asked, timeout=5)
    request = person.request
    assert request is not None and not request.passing
    illegal = [c for c in cards_of(request.view.hand) if c not in cards_of(request.view.legal)]
    refusal = person.answer([illegal[0]])
    assert isinstance(refusal, IllegalMove) and refusal.reason is Reason.MUST_LEAD_LOWEST_CLUB
    assert person.asked and loop.match.hands[-1].plays == []
    assert person.answer(cards_of(request.view.legal)) is None
    assert loop.match.hands[-1].plays[0] == cards_of(request.view.legal)[0]
    again = request.answer(cards_of(request.view.legal))  # answered: closed
    assert again is not None and again.reason is Reason.NOT_YOUR_TURN


def test_moves_taken_back_are_asked_again_and_a_withdrawn_question_takes_no_answer() -> None:
    scheduler = ManualScheduler()
    person = HumanSeat()
    seats: list[Seat] = [person, LowestCard(), LowestCard(), LowestCard()]
    loop = TableLoop(Match(rules_of("hearts", 1), 5), seats, scheduler, pace=Pace.instant())
    events: list[Event] = []
    loop.listen(events.append)
    loop.start()
    scheduler.run_until(lambda: person.asked, timeout=5)
    passing = person.request
    assert passing is not None and passing.passing
    assert person.answer(cards_of(passing.view.hand)[-3:]) is None
    scheduler.run_until(lambda: person.asked, timeout=5)
    hand = loop.match.hands[-1]
    made = len(hand.plays) + sum(p is not None for p in hand.passes)
    playing = person.request
    assert playing is not None
    loop.take_back(made)
    assert events[-1] == MovesTakenBack(made) and hand.plays == [] and not playing.open
    refusal = playing.answer(cards_of(playing.view.legal)[:1])
    assert refusal is not None and refusal.reason is Reason.NOT_YOUR_TURN
    scheduler.run_until(lambda: person.asked, timeout=5)
    assert person.request is not None and person.request.passing  # the pass, asked again
    assert sum(isinstance(e, CardsPassed) for e in events) == 1
    assert sum(isinstance(e, PassChosen) for e in events) == 4 + 3  # the others passed again
