"""A whole game: end by hands or points, reach vs exceed, winners, ranking ties, teams."""

from __future__ import annotations

from itertools import pairwise
from types import ModuleType

import pytest

from peppa_qt.engine import Match, Phase, Reason, RuleSet
from peppa_qt.engine.match import Tie, TieBreak
from peppa_qt.engine.public import table_of


def one_hand(preset: str, **options: object) -> RuleSet:
    return RuleSet.preset(preset, {"end": {"mode": "hands", "count": 1}, **options})


# -------------------------------------------------------------------- end


def test_game_by_hands_ends_after_the_count(kit: ModuleType) -> None:
    match = kit.random_game("peppa", 3, end={"mode": "hands", "count": 3})
    assert len(match.hands) == 3 and match.is_over
    error = kit.assert_refused(match, match.start_hand, Reason.GAME_OVER)
    assert "over" in error.message


def test_next_hand_refused_while_a_hand_is_in_progress(kit: ModuleType) -> None:
    match = Match(RuleSet.preset("hearts"), 3)
    match.start_hand()
    kit.assert_refused(match, match.start_hand, Reason.HAND_IN_PROGRESS)


@pytest.mark.parametrize(
    ("preset", "options", "winners"),
    [
        ("peppa", {}, [1]),  # reach: 36 ≥ 36
        ("peppa", {"end_when": "exceed"}, None),
        ("hearts", {"pass_cycle": ["hold"]}, [3]),
        ("torino", {"moon": "give"}, None),  # exceed: 42 is not > 42
        ("torino", {"moon": "give", "end_when": "reach"}, [0, 2]),
    ],
)
def test_reach_or_exceed_the_limit_exactly(
    kit: ModuleType, preset: str, options: dict[str, object], winners: list[int] | None
) -> None:
    limit = {"peppa": 36, "torino": 42, "hearts": 26}[preset]
    rules = RuleSet.preset(preset, {**options, "end": {"mode": "points", "limit": limit}})
    if preset == "torino":  # South's cappotto: East 42, North and West 42 − 10
        match = Match(rules, 1, dealer=3)
        kit.play_scripted(match, kit.SOUTH_TAKES_POINTS, leader=0)
    else:  # the leader takes every card
        match = Match(rules, 1, dealer=0)
        kit.play_scripted(match, kit.leader_takes_all(rules), leader=3 if preset == "hearts" else 1)
    assert max(match.totals()) == limit
    assert match.is_over is (winners is not None)
    if winners is not None:
        assert match.winners() == winners
        kit.assert_refused(match, match.start_hand, Reason.GAME_OVER)
    else:
        assert match.winners() == []
        match.start_hand()


@pytest.mark.parametrize(("preset", "limit"), [("peppa", 100), ("hearts", 100), ("peppa", 50)])
def test_points_game_ends_after_the_hand_reaching_the_limit(
    kit: ModuleType, preset: str, limit: int
) -> None:
    for seed in range(6):
        match = kit.random_game(preset, seed, end={"mode": "points", "limit": limit})
        totals = [0, 0, 0, 0]
        for index, result in enumerate(match.results()):
            totals = [t + p for t, p in zip(totals, result.points, strict=True)]
            assert (max(totals) >= limit) is (index == len(match.hands) - 1)
        ranking = match.ranking()
        assert match.winners() == ranking[:1]
        assert sorted(match.totals()) == [match.totals()[s] for s in ranking]


def test_torino_ends_when_someone_exceeds_and_the_two_lowest_win(kit: ModuleType) -> None:
    for seed in range(6):
        match = kit.random_game("torino", seed)
        totals = match.totals()
        before = [t - p for t, p in zip(totals, match.results()[-1].points, strict=True)]
        assert max(totals) > 100 and max(before) <= 100
        ranking = match.ranking()
        losers = ranking[2:]
        assert totals.index(max(totals)) in losers  # the seat over 100 loses
        assert match.winners() == ranking[:2]
        assert max(totals[s] for s in match.winners()) <= min(totals[s] for s in losers)


def test_winners_empty_until_over_and_ranking_always_four_seats(kit: ModuleType) -> None:
    match = kit.random_game("peppa", 5, actions=30)
    assert match.winners() == [] and not match.is_over
    assert sorted(match.ranking()) == [0, 1, 2, 3]
    assert sorted(Match(RuleSet.preset("torino"), 1).ranking()) == [0, 1, 2, 3]


# --------------------------------------------------------------- ranking ties


@pytest.mark.parametrize(
    ("script", "ranking"),
    [("EAST_BEFORE_NORTH", [1, 2, 0, 3]), ("NORTH_BEFORE_EAST", [2, 1, 0, 3])],
)
def test_tie_goes_to_the_earlier_last_trick(
    kit: ModuleType, script: str, ranking: list[int]
) -> None:
    """Sheet 000: "A's last trick at move 80, B's at move 85 → A wins"."""
    match = Match(one_hand("peppa"), 1, dealer=3)
    hand = kit.play_scripted(match, getattr(kit, script), leader=0)
    assert match.totals() == [13, 0, 0, 23]
    last = {s: max(i for i, w in enumerate(hand.trick_winners) if w == s) for s in (1, 2)}
    assert last[ranking[0]] < last[ranking[1]]
    assert match.is_over
    assert match.ranking() == ranking
    assert match.winners() == [ranking[0]]


def test_tie_with_a_player_who_took_no_trick(kit: ModuleType) -> None:
    # Peppa without cappotto: South 36; East took trick 1 (0 points); North and West no trick.
    match = Match(one_hand("peppa", moon="off"), 1, dealer=3)
    kit.play_scripted(match, kit.SOUTH_TAKES_POINTS, leader=0)
    assert match.totals() == [36, 0, 0, 0]
    # North and West (no trick) rank ahead of East, even though East's only trick was the first.
    assert match.ranking() == [2, 3, 1, 0]


@pytest.mark.parametrize(
    ("preset", "dealer", "leader", "ranking"),
    [
        ("peppa", 1, 2, [2, 3, 0, 1]),  # others in counterclockwise play order after North
        ("hearts", 0, 2, [2, 1, 0, 3]),  # clockwise
        ("torino", 0, 1, [2, 3, 0, 1]),  # all three on −10, the leader on 42
    ],
)
def test_tied_players_without_tricks_rank_by_order_of_play(
    kit: ModuleType, preset: str, dealer: int, leader: int, ranking: list[int]
) -> None:
    rules = one_hand(preset, pass_cycle=["hold"])
    match = Match(rules, 1, dealer=dealer)
    kit.play_scripted(match, kit.leader_takes_all(rules), leader=leader)
    others = [s for s in range(4) if s != leader]
    assert len({match.totals()[s] for s in others}) == 1
    assert match.ranking() == ranking


def test_no_trick_order_uses_the_first_trick_of_the_last_hand(kit: ModuleType) -> None:
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 2}})
    match = Match(rules, 1, dealer=0)
    kit.play_scripted(match, kit.leader_takes_all(rules), leader=3)  # West shoots the moon
    kit.play_scripted(match, kit.leader_takes_all(rules), leader=0)  # then South does
    assert match.totals() == [26, 52, 52, 26]
    # South and West tie: West's last trick was in hand 1. East and North never took a trick:
    # in the last hand's first trick the order was South, West, North, East.
    assert match.ranking() == [3, 0, 2, 1]
    assert match.winners() == [3]


def test_ties_say_why_each_tied_seat_ranks_where_it_does(kit: ModuleType) -> None:
    """What the end-of-game panel says of each tie: by the earlier last trick; a seat with no
    trick ahead of one with some; two without a trick by the order of play."""
    match = Match(one_hand("peppa"), 1, dealer=3)
    kit.play_scripted(match, kit.EAST_BEFORE_NORTH, leader=0)
    assert match.ties() == [Tie(1, 2, 0, TieBreak.EARLIER_LAST_TRICK)]
    match = Match(one_hand("peppa", moon="off"), 1, dealer=3)
    kit.play_scripted(match, kit.SOUTH_TAKES_POINTS, leader=0)
    assert match.ties() == [
        Tie(2, 3, 0, TieBreak.FIRST_TRICK_ORDER),
        Tie(3, 1, 0, TieBreak.NO_TRICK),
    ]
    assert table_of(match).ties == tuple(match.ties())  # public once the game is over


def test_belmont_ties_are_told_for_every_tied_neighbour(kit: ModuleType) -> None:
    for seed in range(10):
        match = kit.random_game("belmont", seed, seats=8, end={"mode": "hands", "count": 1})
        ranking, totals = match.ranking(), match.totals()
        tied = [(a, b) for a, b in pairwise(ranking) if totals[a] == totals[b]]
        assert [(t.ahead, t.behind) for t in match.ties()] == tied


# ----------------------------------------------------------------------- teams


def test_teams_random_game_winners_are_the_better_team(kit: ModuleType) -> None:
    for preset in ("peppa", "torino", "hearts"):
        match = kit.random_game(preset, 17, teams=True)
        totals = match.totals()
        assert totals[0] == totals[2] and totals[1] == totals[3]
        ranking = match.ranking()
        assert set(ranking[:2]) in ({0, 2}, {1, 3})
        assert totals[ranking[0]] <= totals[ranking[2]]
        assert match.winners() == ranking[:2]
        # The end is decided on the team totals.
        assert max(totals) >= 100 if preset != "torino" else max(totals) > 100


def test_teams_ranking_after_a_one_hand_game(kit: ModuleType) -> None:
    match = Match(one_hand("peppa", teams=True), 1, dealer=3)
    kit.play_scripted(match, kit.EAST_BEFORE_NORTH, leader=0)
    # South 13 + North 0 = 13 against East 0 + West 23 = 23.
    assert match.totals() == [13, 23, 13, 23]
    assert set(match.ranking()[:2]) == {0, 2}
    assert match.winners() == [2, 0]  # best first: North's 0 before South's 13


def test_match_totals_sum_the_hands(kit: ModuleType) -> None:
    match = kit.random_game("hearts", 8)
    sums = [sum(r.points[s] for r in match.results()) for s in range(4)]
    assert match.totals() == sums
    assert all(h.phase is Phase.SCORED for h in match.hands)
