"""The seat kinds the loop is played with besides computers and people: an outside program
that may fail, and a person's seat a computer answers while they are away or too slow."""

from __future__ import annotations

from collections.abc import Sequence

from test_loop import LowestCard

from peppa_qt.ai.protocol import BotError
from peppa_qt.engine import GameRecord, Match, RuleSet, cards_of
from peppa_qt.table import (
    CardPlayed,
    Event,
    HumanSeat,
    ManualScheduler,
    Pace,
    PassChosen,
    Request,
    Seat,
    TableLoop,
)
from peppa_qt.table.bot import BotSeat
from peppa_qt.table.stand_in import StandIn


class FakeBot:
    """Stands for an outside program (ai.protocol.ExternalBot): answers from the true game
    (a test's privilege) as told, or fails."""

    def __init__(self, match: Match, mode: str = "lowest", fail_after: int = 0) -> None:
        self.match, self.mode, self.fail_after = match, mode, fail_after
        self.asked: list[int] = []
        self.closed = False

    def ask(self, seat: int, record: GameRecord) -> Sequence[int]:
        self.asked.append(seat)
        if self.mode == "fails" and len(self.asked) > self.fail_after:
            raise BotError("timed out after 30 s")
        hand = self.match.hands[-1]
        if hand.passes[seat] is None and hand.to_move is None:
            return cards_of(hand.hands[seat])[:3]
        if self.mode == "illegal":
            return cards_of(hand.hands[seat])[-1:] * 2
        return cards_of(hand.legal_mask())[:1]

    def close(self) -> None:
        self.closed = True


def scored(match: Match) -> bool:
    """Whether the hand in play is over."""
    return match.current is not None and match.current.result is not None


def hearts(hands: int = 1) -> RuleSet:
    return RuleSet.preset("hearts", {"end": {"mode": "hands", "count": hands}})


def test_a_program_that_fails_loses_the_seat_to_its_stand_in_question_and_all() -> None:
    scheduler = ManualScheduler()
    match = Match(hearts(), 2)
    bot = FakeBot(match, "fails", fail_after=4)
    stand_in = LowestCard()
    dropped: list[str] = []
    seats: list[Seat] = [BotSeat(bot, stand_in, scheduler, dropped.append)]  # type: ignore[arg-type]
    seats += [LowestCard() for _ in range(3)]
    loop = TableLoop(match, seats, scheduler, pace=Pace.instant())
    loop.start()
    assert scheduler.run_until(
        lambda: match.current is not None and match.current.result is not None
    )
    assert dropped == ["timed out after 30 s"] and len(bot.asked) == 5  # never asked again
    assert stand_in.asked  # the question the program failed went to the computer
    loop.close()
    scheduler.run_until(lambda: bot.closed, timeout=5)
    assert bot.closed


def test_a_program_that_answers_illegally_is_replaced_and_the_game_goes_on() -> None:
    scheduler = ManualScheduler()
    match = Match(hearts(), 2)
    bot = FakeBot(match, "illegal")
    dropped: list[str] = []
    seats: list[Seat] = [BotSeat(bot, LowestCard(), scheduler, dropped.append)]  # type: ignore[arg-type]
    seats += [LowestCard() for _ in range(3)]
    loop = TableLoop(match, seats, scheduler, pace=Pace.instant())
    loop.start()
    assert scheduler.run_until(
        lambda: match.current is not None and match.current.result is not None
    )
    assert len(dropped) == 1 and dropped[0].startswith("made an illegal move")


def test_programs_at_every_seat_play_a_whole_game() -> None:
    scheduler = ManualScheduler()
    match = Match(hearts(2), 8)
    bots = [FakeBot(match) for _ in range(4)]
    seats: list[Seat] = [BotSeat(b, LowestCard(), scheduler) for b in bots]  # type: ignore[arg-type]
    loop = TableLoop(match, seats, scheduler, pace=Pace.instant(auto_next_hand=True))
    loop.start()
    assert scheduler.run_until(lambda: match.is_over)
    assert all(len(b.asked) == 2 * (13 + 1) for b in bots)  # every pass and card their own


class Later(LowestCard):
    """Answers as LowestCard, but on the scheduler's next turn (as a computer's worker)."""

    def __init__(self, scheduler: ManualScheduler) -> None:
        super().__init__()
        self.scheduler = scheduler

    def ask(self, request: Request) -> None:
        def answer() -> None:
            if request.open:  # not taken by someone else meanwhile
                LowestCard.ask(self, request)

        self.scheduler.call_soon(answer)


def stood_in(grace: float | None) -> tuple[TableLoop, ManualScheduler, HumanSeat, StandIn]:
    scheduler = ManualScheduler()
    person = HumanSeat()
    seat = StandIn(person, Later(scheduler), scheduler, grace)
    seats: list[Seat] = [seat, *(Later(scheduler) for _ in range(3))]
    loop = TableLoop(Match(hearts(), 6), seats, scheduler, pace=Pace.instant())
    return loop, scheduler, person, seat


def test_a_person_who_keeps_the_table_waiting_is_answered_for_after_the_grace() -> None:
    loop, scheduler, person, _ = stood_in(grace=20.0)
    told: list[tuple[float, Event]] = []
    loop.listen(lambda event: told.append((scheduler.now(), event)))
    loop.start()
    assert scheduler.run_until(lambda: loop.match.current.result is not None)  # type: ignore[union-attr]
    own = [
        at for at, event in told if isinstance(event, PassChosen | CardPlayed) and event.seat == 0
    ]
    assert len(own) == 14 and own[0] == 20.0  # each waited its grace: nobody answered
    assert not person.asked  # the questions the computer took are not the person's any more


def test_while_a_person_is_away_the_computer_answers_at_once_and_not_when_they_are_back() -> None:
    loop, scheduler, person, seat = stood_in(grace=None)
    loop.start()
    scheduler.run_until(lambda: person.asked)
    seat.set_away(True)  # the open question goes to the computer
    assert not person.asked
    assert scheduler.run_until(lambda: len(loop.match.current.plays) >= 8)  # type: ignore[union-attr]
    seat.set_away(False)
    assert scheduler.run_until(lambda: person.asked)
    waiting = scheduler.now()
    assert not scheduler.run_until(lambda: not person.asked, timeout=0.5)  # theirs again
    assert scheduler.now() == waiting
    request = person.request
    assert request is not None
    size = 1 if not request.passing else 3
    cards = cards_of(request.view.legal if size == 1 else request.view.hand)[:size]
    assert person.answer(cards) is None
