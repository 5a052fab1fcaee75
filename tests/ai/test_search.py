"""The search levels (hard, expert): legal under every rule set, relative, cancellable."""

from __future__ import annotations

import dataclasses
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from peppa_qt.ai import hard as hard_module
from peppa_qt.ai import make_player
from peppa_qt.ai.endgame import EXACT_TRICKS, exact_tricks, moon_possible, solvable, solve
from peppa_qt.ai.expert import ExpertPlayer, evaluate_passes, likelihood
from peppa_qt.ai.hard import HardPlayer
from peppa_qt.ai.normal import world_policy
from peppa_qt.ai.sampling import sample_hands
from peppa_qt.ai.search import Budget, Policy, Stakes, equivalent_cards, table_deals, utility
from peppa_qt.engine import Card, HandState, PassDirection, Phase, RuleSet
from peppa_qt.engine.cards import CARDS, cards_of
from peppa_qt.engine.cardset import add, covers, listed, remove, set_of
from peppa_qt.engine.rules import MoonMode
from peppa_qt.engine.view import PlayerView, hand_view

SEARCH_LEVELS = ("hard", "expert")


@pytest.fixture(autouse=True)
def _small_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HardPlayer, "budget", Budget(worlds=6, seconds=60.0))
    monkeypatch.setattr(ExpertPlayer, "worlds", 24)
    monkeypatch.setattr(ExpertPlayer, "pass_worlds", 24)


@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_search_levels_answer_legally_under_every_rule_combination(
    level: str, aikit: ModuleType
) -> None:
    rng = random.Random(level)
    player = make_player(level, seed=3)
    for rules in aikit.all_rules():
        hand, view = aikit.random_position(rules, rng)
        decision = player.decide(view)
        if view.to_move is None:
            hand.pass_cards(view.seat, decision.cards)
        else:
            assert len(decision.cards) == 1
            hand.play(decision.cards[0])  # raises IllegalMove if the card is not legal


@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_search_levels_play_whole_hands_to_the_end(level: str, aikit: ModuleType) -> None:
    rng = random.Random(f"whole-{level}")
    for rules in aikit.all_rules()[::9]:
        players = [make_player(level if s % 2 else "normal", seed=s) for s in range(4)]
        hand = aikit.random_hand(rules, rng)
        if hand.phase is Phase.PASSING:
            for seat in range(4):
                hand.pass_cards(seat, players[seat].decide(hand_view(hand, seat)).cards)
        while hand.to_move is not None:
            seat = hand.to_move
            hand.play(players[seat].decide(hand_view(hand, seat)).cards[0])
        assert hand.phase is Phase.SCORED


def test_an_opponents_moon_is_worse_than_taking_a_point_to_stop_it() -> None:
    rules = RuleSet.preset("hearts")
    moon_for_west = (26, 26, 26, 0)
    stopped_by_south = (1, 0, 25, 0)
    assert utility(rules, moon_for_west, 0) < utility(rules, stopped_by_south, 0)
    assert utility(rules, moon_for_west, 3) > utility(rules, stopped_by_south, 3)
    teams = RuleSet.preset("hearts", {"teams": True})
    assert utility(teams, (10, 0, 10, 6), 0) == utility(teams, (10, 0, 10, 6), 2) < 0


def test_a_hand_that_ends_the_game_is_worth_the_game(aikit: ModuleType) -> None:
    peppa = RuleSet.preset("peppa")  # to 100 points, one winner: the lowest total
    hand = {0: "QS AH KH 2H 3S 4S 5S 6D 7D 8D 9D TD JD", 1: "AC"}
    far = Stakes.of(aikit.staged(peppa, hand, "AC 5C 7C", leader=1, totals=(10, 20, 30, 40)))
    assert far.totals is None  # nobody can reach 100 in this hand: points alone
    assert far.value((0, 13, 0, 0), 0) == utility(peppa, (0, 13, 0, 0), 0)
    by_hands = RuleSet.preset("peppa", {"end": {"mode": "hands", "count": 1}})
    assert Stakes.of(aikit.staged(by_hands, hand, "AC 5C 7C", leader=1)).totals is None
    near = Stakes(peppa, (60, 92, 40, 30))
    # The Q♠ to seat 1 ends the game, and seat 3 (30) wins it: bad for seat 0, good for 3.
    assert near.value((0, 13, 0, 0), 0) < near.value((13, 0, 0, 0), 0)
    assert near.value((0, 13, 0, 0), 3) > near.value((0, 0, 0, 13), 3)
    leading = Stakes(peppa, (20, 92, 40, 30))
    assert leading.value((0, 13, 0, 0), 0) > leading.value((1, 12, 0, 0), 0)
    torino = RuleSet.preset("torino")  # the two lowest win
    second = Stakes(torino, (50, 95, 40, 60))
    assert second.value((0, 10, 0, 0), 0) > second.value((10, 0, 0, 0), 0)  # 50 of 40/50/60/105
    third = Stakes(torino, (55, 95, 40, 50))
    assert third.value((0, 10, 0, 0), 0) < third.value((1, 0, 0, 9), 0)
    teams = RuleSet.preset("hearts", {"teams": True})
    ahead = Stakes(teams, (30, 95, 30, 95))
    assert ahead.value((0, 6, 0, 0), 0) == ahead.value((0, 6, 0, 0), 2) > 0


def test_the_last_hand_of_a_game_of_set_hands_is_played_for_the_game(
    aikit: ModuleType,
) -> None:
    four = RuleSet.preset("peppa", {"end": {"mode": "hands", "count": 4}})
    hand = {0: "QS AH KH 2H 3S 4S 5S 6D 7D 8D 9D TD JD", 1: "AC"}
    totals = (40, 44, 60, 70)

    def stakes(rules: RuleSet, index: int) -> Stakes:
        view = aikit.staged(rules, hand, "AC 5C 7C", leader=1, totals=totals)
        return Stakes.of(dataclasses.replace(view, hand_index=index))

    assert stakes(four, 2).totals is None  # a hand still follows: points alone
    last = stakes(four, 3)
    assert last.totals == totals
    # Seat 0 leads seat 1 by 4. In the last hand, 5 points to seat 0 instead of 1 cost it
    # the game; taking 1 point less than an outsider does not change who wins.
    assert last.value((0, 5, 0, 0), 0) > last.value((5, 0, 0, 0), 0) + last.prize
    assert last.value((2, 0, 3, 0), 0) - last.value((3, 0, 2, 0), 0) == pytest.approx(
        utility(four, (2, 0, 3, 0), 0) - utility(four, (3, 0, 2, 0), 0)
    )
    single = RuleSet.preset("peppa", {"end": {"mode": "hands", "count": 1}})
    assert stakes(single, 0).totals is None  # a single deal: the arena's points per hand


@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_search_levels_do_not_end_a_game_they_lose(level: str, aikit: ModuleType) -> None:
    peppa = RuleSet.preset("peppa")
    hand = {0: "QS AH KH 2H 3S 4S 5S 6D 7D 8D 9D TD JD", 1: "AC"}
    player = make_player(level, seed=2)
    behind = aikit.staged(
        peppa, hand, "AC 5C 7C", leader=1, voids={0: "C"}, totals=(60, 92, 40, 30)
    )
    card = str(player.decide(behind).cards[0])
    assert card[1] in "DS" and card != "QS"  # seat 1 at 100 ends it, won by seat 3
    leading = aikit.staged(
        peppa, hand, "AC 5C 7C", leader=1, voids={0: "C"}, totals=(20, 92, 40, 30)
    )
    assert str(player.decide(leading).cards[0]) == "QS"  # 105 for seat 1: the game, won


def _long_search(
    aikit: ModuleType, monkeypatch: pytest.MonkeyPatch, rules: str, seconds: float, seed: str
) -> PlayerView:
    """Search levels that would think for ``seconds``; a position with a choice to make."""
    monkeypatch.setattr(HardPlayer, "budget", Budget(worlds=100_000, seconds=seconds))
    monkeypatch.setattr(ExpertPlayer, "worlds", 100_000)
    monkeypatch.setattr(ExpertPlayer, "seconds", seconds)
    rng = random.Random(seed)
    view: PlayerView | None = None
    while view is None or view.to_move is None or view.legal.bit_count() < 2:
        _, view = aikit.random_position(RuleSet.preset(rules), rng)
    return view


@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_thinking_stops_soon_after_cancel(
    level: str, aikit: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = _long_search(aikit, monkeypatch, "peppa", 60.0, "cancel")
    player = make_player(level, seed=1)
    answer: list[object] = []
    thread = threading.Thread(target=lambda: answer.append(player.decide(view)))
    thread.start()
    time.sleep(0.3)
    cancelled_at = time.perf_counter()
    player.cancel()
    thread.join(timeout=10)
    assert not thread.is_alive()
    # Far below the 60 s it would think; loose enough for a machine at load 10.
    assert time.perf_counter() - cancelled_at < 5.0
    assert answer and view.legal >> answer[0].cards[0] & 1  # type: ignore[attr-defined]


@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_a_retired_player_does_not_think_even_if_asked_after(
    level: str, aikit: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A new game retires the old game's players; a decision of theirs that was about to
    # start when that happened must not keep the worker thread busy for its whole budget.
    view = _long_search(aikit, monkeypatch, "hearts", 20.0, "retire")
    player = make_player(level, seed=1)
    player.retire()
    started = time.perf_counter()
    card = player.decide(view).cards[0]
    assert time.perf_counter() - started < 5.0  # not the 20 s it would think
    assert view.legal >> card & 1


MY_CARDS = "5C 6C 8C 9C JS QS KS KH AH 3D 4D 6D"


def _classes(aikit: ModuleType, preset: str, plays: str) -> dict[str, str]:
    view = aikit.staged(RuleSet.preset(preset), {0: MY_CARDS}, plays, seat=0)
    found = equivalent_cards(view, aikit.cards_of(view.hand))
    return {str(Card(card)): str(Card(rep)) for card, rep in found.items()}


def test_touching_cards_are_searched_once(aikit: ModuleType) -> None:
    classes = _classes(aikit, "hearts", "2C 7C 3C 4C")  # 7C gone in a finished trick
    assert classes["5C"] == classes["6C"] == classes["8C"] == classes["9C"] == "5C"
    assert classes["3D"] == classes["4D"] != classes["6D"]  # 5D is still out
    assert classes["JS"] == classes["KS"] == "JS"  # the Q♠ between them is ours
    assert classes["QS"] == "QS"  # 13 points: never the same as a blank spade
    assert classes["KH"] == classes["AH"]


def test_a_card_of_the_trick_in_progress_keeps_touching_cards_apart(aikit: ModuleType) -> None:
    classes = _classes(aikit, "hearts", "2C 3C 4C AC 7C")  # 7C led to trick 2
    assert classes["5C"] == classes["6C"] != classes["8C"] == classes["9C"]


def test_hearts_of_different_worth_are_never_the_same(aikit: ModuleType) -> None:
    classes = _classes(aikit, "torino", "2C 7C 3C 4C")  # Torino: K♥ 5 points, A♥ 6
    assert classes["KH"] != classes["AH"]
    assert classes["5C"] == classes["9C"]


def test_the_expert_pass_is_found_by_playing_candidates_out(aikit: ModuleType) -> None:
    rules = RuleSet.preset("hearts")
    bare_queen = aikit.mask("QS KS AS 2C 3C 4C 5C 2D 3D 4D 5D 6D 2H")
    low_clubs = aikit.mask("2C 3C 4C")
    top_spades = aikit.mask("QS KS AS")
    rest = aikit.cards_of(rules.deck_mask & ~bare_queen)
    random.Random(1).shuffle(rest)
    deal = [bare_queen] + [aikit.mask_of(rest[13 * i : 13 * i + 13]) for i in range(3)]
    view = hand_view(HandState(rules, 3, deal, PassDirection.LEFT), 0)
    sums = evaluate_passes(view, [low_clubs, top_spades], seed=5, worlds=60)
    assert sums[1] > sums[0]  # keeping a bare Q♠ with K♠ A♠ costs points
    decision = make_player("expert", seed=2).decide(view)
    assert aikit.mask(" ".join(str(c) for c in decision.cards)) & top_spades


CHILD_WITH_A_POOL = """
import sys
sys.path.insert(0, %(root)r)
from peppa_qt.ai import expert

if __name__ == "__main__":
    pool = expert.search_pool()
    assert pool is not None
    pool.submit(int, "1").result()  # the workers are up
    print(" ".join(str(pid) for pid in pool._processes), flush=True)
    sys.stdin.read()  # until killed
"""


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in {"Z", "X"}


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="the expert uses a pool on 2+ cores")
def test_the_experts_workers_leave_when_the_app_is_killed() -> None:
    root = str(Path(__file__).resolve().parents[2])
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD_WITH_A_POOL % {"root": root}],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    workers = [int(pid) for pid in child.stdout.readline().split()]
    assert workers and all(_running(pid) for pid in workers)
    child.kill()  # no atexit, no shutdown: as if the app crashed
    child.wait()
    deadline = time.monotonic() + 20
    while any(_running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_running(pid) for pid in workers)


def test_the_last_tricks_are_solved_exactly_only_once_nobody_can_make_the_moon(
    aikit: ModuleType,
) -> None:
    # Solving a moon endgame with every card seen, the stoppers always find the card that
    # stops the moon; real players do not, so the search would give up moons it can make.
    rng = random.Random("endgame")
    seen = {True: 0, False: 0}

    def random_play(world: HandState) -> None:
        world.play(CARDS[rng.choice(cards_of(world.legal_mask()))])

    for rules in (RuleSet.preset("peppa"), RuleSet.preset("torino")):
        for _ in range(60):
            world = aikit.random_hand(rules, rng)
            if world.phase is Phase.PASSING:
                for seat in range(4):
                    world.pass_cards(seat, [CARDS[c] for c in cards_of(world.hands[seat])[:3]])
            while len(world.plays) < 4 * (rules.hand_size - EXACT_TRICKS) - 1:
                random_play(world)
            assert not solvable(world)  # one card too early
            random_play(world)
            takers = sum(1 for taken in world.taken if taken & rules.moon_mask)
            open_moon = rules.moon is not MoonMode.OFF and takers < 2
            assert solvable(world) is not open_moon
            seen[open_moon] += 1
    assert seen[True] and seen[False]


def test_deals_that_explain_the_opponents_plays_weigh_more(aikit: ModuleType) -> None:
    # Three seats play exactly as the normal policy does; the true deal explains all their
    # plays, so it weighs more than the other deals the expert could sample.
    rng = random.Random("inference")
    rules = RuleSet.preset("peppa", {"pass_cycle": ["hold"]})
    heavier = 0
    for _ in range(20):
        world = aikit.random_hand(rules, rng)
        while len(world.plays) < 24:
            world.play(CARDS[world_policy(world)])
        view = hand_view(world, world.to_move)
        true_weight = likelihood(view, list(world.hands))
        sampled = [likelihood(view, sample_hands(view, rng)) for _ in range(30)]
        heavier += true_weight > sum(sampled) / 30
    assert heavier == 20, heavier


def test_the_expert_weighs_a_belmont_deal_by_replaying_each_play_on_its_own_seat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Even a deal that gives a 2♣ to a seat the lead passed over (which then would have led)
    is weighed by replaying the plays on the seats that made them: none plays a card it
    does not hold."""
    rules = RuleSet.preset("belmont", {"pass_cycle": ["hold"]}, seats=8)
    rng = random.Random("replayed")
    original = HandState.play_unchecked

    def checked(world: HandState, card: int) -> None:
        assert world.hands[world.to_move] >> card & 1, "a card played from a hand without it"
        original(world, card)

    weighed = 0
    for seed in range(80):
        world = HandState(rules, seed % 8, _belmont_deal(rules, seed), PassDirection.HOLD)
        while len(world.plays) < 20:
            world.play(CARDS[world_policy(world)])
        view = hand_view(world, world.to_move)
        hands = sample_hands(view, rng)
        club_at = next((s for s in range(8) if s != view.seat and hands[s] & 1), None)
        before = rules.next_seat(view.dealer)
        if club_at is None or before in (view.first_lead, view.seat, club_at):
            continue
        hands[club_at], hands[before] = _swap_two_of_clubs(hands[club_at], hands[before])
        monkeypatch.setattr(HandState, "play_unchecked", checked)
        assert likelihood(view, hands) > 0
        monkeypatch.setattr(HandState, "play_unchecked", original)
        weighed += 1
    assert weighed >= 5, weighed


def _belmont_deal(rules: RuleSet, seed: int) -> list[int]:
    deck = listed(rules.deck_mask)
    random.Random(seed).shuffle(deck)
    return [set_of(deck[s * 13 : (s + 1) * 13]) for s in range(rules.seats)]


def _swap_two_of_clubs(holder: int, other: int) -> tuple[int, int]:
    """The 2♣ of ``holder`` swapped for the lowest card of ``other`` that is not one."""
    given = next(c for c in listed(other) if c != 0)
    return add(remove(holder, 0), given), add(remove(other, given), 0)


@pytest.mark.parametrize("seats", [6, 8])
def test_belmont_deals_that_explain_the_opponents_plays_weigh_more(seats: int) -> None:
    rng = random.Random(f"inference-{seats}")
    rules = RuleSet.preset("belmont", {"pass_cycle": ["hold"]}, seats=seats)
    heavier = 0
    for seed in range(12):
        world = HandState(rules, seed % seats, _belmont_deal(rules, seed), PassDirection.HOLD)
        while len(world.plays) < 5 * seats:
            world.play(CARDS[world_policy(world)])
        view = hand_view(world, world.to_move)
        true_weight = likelihood(view, list(world.hands))
        sampled = [likelihood(view, sample_hands(view, rng)) for _ in range(20)]
        heavier += true_weight > sum(sampled) / 20
    assert heavier >= 11, heavier


# --------------------------------------------------------------------------- Belmont


@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_search_levels_answer_belmont_positions_legally(level: str, aikit: ModuleType) -> None:
    rng = random.Random(f"belmont-{level}")
    player = make_player(level, seed=3)
    for rules in aikit.belmont_rules():
        hand, view = aikit.random_position(rules, rng)
        decision = player.decide(view)
        if view.to_move is None:
            assert covers(view.hand, set_of(decision.cards)) and len(decision.cards) == 3
            hand.pass_cards(view.seat, decision.cards)
        else:
            assert len(decision.cards) == 1
            hand.play(decision.cards[0])  # raises IllegalMove if the card is not legal


@pytest.mark.parametrize("seats", [6, 8])
@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_search_levels_play_whole_belmont_hands_to_the_end(
    level: str, seats: int, aikit: ModuleType
) -> None:
    rng = random.Random(f"belmont-whole-{level}-{seats}")
    rules = RuleSet.preset("belmont", seats=seats)
    players = [make_player(level if s == 1 else "normal", seed=s) for s in range(seats)]
    hand = aikit.random_hand(rules, rng)
    if hand.phase is Phase.PASSING:
        for seat in range(seats):
            hand.pass_cards(seat, players[seat].decide(hand_view(hand, seat)).cards)
    while hand.to_move is not None:
        seat = hand.to_move
        hand.play(players[seat].decide(hand_view(hand, seat)).cards[0])
    assert hand.phase is Phase.SCORED and set_of(hand.plays) == rules.deck_mask


@pytest.mark.parametrize("seats", [6, 8])
def test_belmont_endgames_are_solved_over_the_last_two_tricks(
    seats: int, aikit: ModuleType
) -> None:
    rules = RuleSet.preset("belmont", {"pass_cycle": ["hold"]}, seats=seats)
    rng = random.Random(f"belmont-endgame-{seats}")
    assert exact_tricks(seats) == 2
    solved = 0
    for _ in range(20):
        world = aikit.random_hand(rules, rng)
        while len(world.plays) < seats * (rules.hand_size - 2) - 1:
            world.play(CARDS[rng.choice(cards_of(world.legal_mask()))])
        assert not solvable(world)  # one card too early
        world.play(CARDS[rng.choice(cards_of(world.legal_mask()))])
        if not solvable(world):
            assert moon_possible(world)
            continue
        values = solve(world, Stakes(rules))
        assert set(values) == set(cards_of(world.legal_mask()))
        solved += 1
    assert solved >= 10


def test_equal_belmont_cards_are_searched_once_only_when_no_copy_is_out(
    aikit: ModuleType,
) -> None:
    six = RuleSet.preset("belmont", seats=6)  # two of every diamond, one of every club
    hands = {0: "5C 6C 8C 5D 6D 8D 8D 9D 9D 2S 3S 4S"}
    plays = "2C AC 7C 4C 9C TC 7D 7D 2D 3D 4D"  # seat 5 takes the first trick; 0 plays last
    view = aikit.staged(six, hands, plays, leader=0, seat=0)
    assert view.to_move == 0
    classes = equivalent_cards(view, cards_of(view.hand))
    found = {str(Card(c)): str(Card(r)) for c, r in classes.items()}
    assert found["5C"] == found["6C"] == found["8C"] == "5C"  # the 7♣ is gone
    assert found["5D"] != found["6D"]  # the other 5♦ and 6♦ are out: either may beat one
    assert found["8D"] == found["9D"] == "8D"  # both copies of each are ours
    assert found["6D"] != found["8D"]  # the 7♦ of the trick in progress lies between


def test_longer_tables_search_fewer_deals_so_the_clock_does_not_decide(
    aikit: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Belmont playout costs (N/4)² of a four-seat one: searched with as many deals, a
    decision ran into the time cap (0.45 s for hard, 1.3 s for the expert, measured at
    eight seats on every decision) and was decided by the machine's speed."""
    four, six, eight = (RuleSet.preset("hearts"), *(aikit.belmont_rules()[0::6][:2]))
    assert (six.seats, eight.seats) == (6, 8)
    assert [table_deals(r, 160) for r in (four, six, eight)] == [160, 71, 40]
    assert [table_deals(r, 720) for r in (four, six, eight)] == [720, 320, 180]
    asked: list[int] = []
    real = hard_module.evaluate_plays

    def spy(view: PlayerView, policy: Policy, budget: Budget, *rest: Any) -> dict[int, float]:
        asked.append(budget.worlds)
        return real(view, policy, Budget(1, budget.seconds), *rest)  # one deal: quick

    monkeypatch.setattr(hard_module, "evaluate_plays", spy)
    monkeypatch.setattr(HardPlayer, "budget", Budget(worlds=160, seconds=60.0))
    rng = random.Random("fewer")
    for rules in (four, eight):
        view = None
        while view is None or view.to_move is None or view.legal.bit_count() != 4:
            _, view = aikit.random_position(rules, rng)
        HardPlayer(1, parallel=False).decide(view)  # the spy is in this process
    assert asked == [160, 40]
