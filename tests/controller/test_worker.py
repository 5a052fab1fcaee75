"""The computers think away from the window's thread: the window keeps its time meanwhile,
they decide as they would in the thread, and a game left stops the waiting at once."""

from __future__ import annotations

import os
import random
import time
from itertools import pairwise

import pytest
from PySide6.QtCore import QTimer
from pytestqt.qtbot import QtBot

from peppa_qt.ai import expert
from peppa_qt.ai.hard import HardPlayer
from peppa_qt.ai.search import Budget
from peppa_qt.controller.qt_scheduler import QtScheduler
from peppa_qt.engine import Match, Phase, PlayerView, RuleSet, cards_of, view_of
from peppa_qt.engine.cardset import listed
from peppa_qt.table import Request
from peppa_qt.table.computer import ComputerSeat, Thinkers

#: Calls into Python a tick of the window's timer makes, each taking the interpreter's lock
#: back: a frame of the real window makes many more (its animations, its items' paint).
CALLS_A_FRAME = 50


def plays(preset: str, seats: int, seed: int, count: int) -> list[PlayerView]:
    """The views of the seat to play at ``count`` positions of a random hand's first tricks."""
    rules = RuleSet.preset(preset, seats=seats)
    match = Match(rules, seed, track_undo=False)
    rng = random.Random(seed)
    hand = match.start_hand()
    if hand.phase is Phase.PASSING:
        for seat in range(rules.seats):
            match.pass_cards(seat, rng.sample(listed(hand.hands[seat]), rules.pass_size))
    views: list[PlayerView] = []
    while len(views) < count:
        seat = hand.to_move
        assert seat is not None
        if len(cards_of(hand.legal_mask())) > 1:
            views.append(view_of(match, seat))
        match.play(rng.choice(cards_of(hand.legal_mask())))
    return views


def question(view: PlayerView, answers: list[tuple[int, ...]]) -> Request:
    """A question for the seat of ``view`` whose answers go to ``answers``."""

    def reply(request: Request, cards: tuple[int, ...]) -> None:
        answers.append(cards)

    def no_record() -> object:
        raise AssertionError("a computer needs only its view")

    return Request(view, reply, no_record)  # type: ignore[arg-type]


def test_the_window_keeps_its_time_while_a_hard_computer_thinks(qtbot: QtBot) -> None:
    """A hard computer's search in a thread of the window's process held the interpreter's
    lock through each sampled deal, so each call of the window's thread into Python waited
    for one: at Belmont's eight seats (a deal of the compiled search takes about 10 ms)
    a frame of 50 calls waited 0.5 s and more: the table stalled while a computer thought.
    In a process of its own the search takes nothing from the window's thread."""
    player = HardPlayer(7)
    player.warm_up()  # as a game begins: the first search does not wait for a process
    views = plays("belmont", 8, seed=3, count=3)
    thinkers = Thinkers()
    seat = ComputerSeat(player, thinkers, QtScheduler())
    decided: list[tuple[int, ...]] = []
    ticks = [time.perf_counter()]

    def frame() -> None:
        for _ in range(CALLS_A_FRAME):
            time.sleep(0)  # hands the lock over, and takes it back
        ticks.append(time.perf_counter())

    timer = QTimer()
    timer.timeout.connect(frame)
    timer.start(10)
    for index, view in enumerate(views):
        seat.ask(question(view, decided))
        qtbot.waitUntil(lambda n=index + 1: len(decided) == n, timeout=30_000)
    timer.stop()
    seat.close()
    thinkers.stop()
    gaps = [b - a for a, b in pairwise(ticks)]
    assert all(len(cards) == 1 for cards in decided)
    # Not a frame's time (17 ms): the machine is shared (CI's too); on this one, under six
    # agents' work, a tick came up to 0.16 s late and two thirds of the ticks came (in the
    # thread: one in ten, gaps of 0.24-0.37 s). The review's test bounds its gaps alike.
    asked = (ticks[-1] - ticks[0]) / 0.010
    assert len(ticks) > asked / 3 and max(gaps) < 0.25, (len(ticks), asked, sorted(gaps)[-3:])


def test_a_hard_computer_plays_in_its_process_the_cards_it_plays_in_the_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The same generator and deals go to the search process: the same cards come back.
    (Without its time cap, which would decide by the clock of a shared machine.)"""
    monkeypatch.setattr(HardPlayer, "budget", Budget(24, 600.0))
    for view in plays("hearts", 4, seed=5, count=4) + plays("belmont", 6, seed=6, count=2):
        there = HardPlayer(11).decide(view)
        here = HardPlayer(11, parallel=False).decide(view)
        assert there == here and there.reason == "search"


def test_a_game_left_stops_the_wait_for_a_hard_computer_at_once(qtbot: QtBot) -> None:
    """Leaving the game retires its players: the window's worker waits no more for the
    search process (which ends at its time cap) and is free for the next game."""
    player = HardPlayer(7)
    player.budget = Budget(10**6, 2.0)  # searches its full two seconds
    player.warm_up()
    view = plays("hearts", 4, seed=5, count=1)[0]
    thinkers = Thinkers()
    seat = ComputerSeat(player, thinkers, QtScheduler())
    decided: list[tuple[int, ...]] = []
    seat.ask(question(view, decided))
    qtbot.wait(300)  # it is thinking
    start = time.perf_counter()
    seat.close()
    assert thinkers.stop(timeout=1.0)
    assert time.perf_counter() - start < 0.5
    qtbot.waitUntil(lambda: bool(decided), timeout=1000)  # a stand-in card, never played


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="the search processes need 2+ cores")
def test_a_hard_computer_decides_alike_when_its_search_process_is_killed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Killed (out of memory, a user's kill), the search process is replaced: the decision
    under way is searched in the caller's thread, the next in a new process, alike."""
    monkeypatch.setattr(HardPlayer, "budget", Budget(24, 600.0))
    view = plays("hearts", 4, seed=5, count=1)[0]
    alone = HardPlayer(11, parallel=False).decide(view)
    pool = expert.search_pool()
    assert pool is not None
    pool.submit(int).result()  # a worker is up
    for worker in list(pool._processes.values()):
        worker.kill()
        worker.join()
    assert HardPlayer(11).decide(view) == alone
    assert expert.search_pool() is not pool
    assert HardPlayer(11).decide(view) == alone
