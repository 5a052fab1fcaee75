"""Statistics per player and rule set: what a finished game adds, round trips, damage."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from storage_helpers import advance, finished

from peppa_qt.engine import Match, RuleSet
from peppa_qt.storage import FormatError, PlayerStats, ProblemKind, Profile, Statistics
from peppa_qt.storage.statistics import statistics_from_json, statistics_to_json

NAMES = ["Anna", "Bruno", "Carla", "Dario"]


def test_a_finished_game_counts_for_every_seat() -> None:
    match = finished("peppa", hands=3)
    stats = Statistics().with_game(NAMES, match)
    totals, winners = match.totals(), match.winners()
    for seat, name in enumerate(NAMES):
        entry = stats.get(name, "peppa")
        assert entry is not None
        assert (entry.games, entry.hands) == (1, 3)
        assert entry.wins == (seat in winners)
        assert entry.points == sum(r.points[seat] for r in match.results())
        assert entry.best == entry.worst == totals[seat]
    assert stats.get("Anna", "hearts") is None


def test_games_add_up_and_keep_best_and_worst() -> None:
    stats = Statistics()
    games = [finished("hearts", hands=1, seed=seed) for seed in range(4)]
    for match in games:
        stats = stats.with_game(NAMES, match)
    anna = stats.get("Anna", "hearts")
    assert anna is not None and anna.games == 4 and anna.hands == 4
    finals = [m.totals()[0] for m in games]
    assert (anna.best, anna.worst) == (min(finals), max(finals))
    assert anna.points_per_hand == pytest.approx(anna.points / 4)
    assert sum(stats.get(n, "hearts").wins for n in NAMES) == 4  # type: ignore[union-attr]


def test_moons_are_counted() -> None:
    for seed in range(200):
        match = finished("hearts", hands=1, seed=seed)
        shooter = match.results()[0].moon
        if shooter is not None:
            break
    else:
        pytest.skip("no moon in these deals")
    stats = Statistics().with_game(NAMES, match)
    assert stats.get(NAMES[shooter], "hearts").moons == 1  # type: ignore[union-attr]


def test_an_unfinished_game_adds_nothing() -> None:
    rules = RuleSet.preset("peppa")
    assert Statistics().with_game(NAMES, advance(Match(rules, 1), 20)) == Statistics()


def test_statistics_round_trip(profile: Profile) -> None:
    stats = Statistics().with_game(NAMES, finished("torino", hands=2))
    stats = stats.with_game(NAMES, finished("peppa", hands=1, teams=True))
    assert profile.save_statistics(stats) is None
    assert profile.load_statistics() == (stats, None)
    assert statistics_from_json(statistics_to_json(Statistics())) == Statistics()


@pytest.mark.parametrize(
    ("content", "kind"),
    [
        (
            '{"format": "peppa-stats", "version": 1, "players": [{"name": "A", "games": -1}]}',
            ProblemKind.DAMAGED,
        ),
        (
            '{"format": "peppa-stats", "version": 1, "players": [{"name": "A", "wins": 2}]}',
            ProblemKind.DAMAGED,
        ),
        ('{"format": "peppa-stats", "version": 1, "players": {"A": 1}}', ProblemKind.DAMAGED),
        (
            '{"format": "peppa-stats", "version": 1, "players": [{"name": "A", "rules": "x"}]}',
            ProblemKind.DAMAGED,
        ),
        ('{"format": "peppa-stats"}', ProblemKind.DAMAGED),
        ('{"format": "peppa-stats", "version": 3}', ProblemKind.NEWER),
        ('{"format": "peppa-st', ProblemKind.DAMAGED),
    ],
)
def test_damaged_statistics_start_again_and_are_kept(
    profile: Profile, content: str, kind: ProblemKind
) -> None:
    path = profile.where.stats_file
    path.parent.mkdir(parents=True)
    path.write_text(content)
    stats, problem = profile.load_statistics()
    assert stats == Statistics()
    assert problem is not None and problem.kind is kind
    assert problem.kept_as is not None and problem.kept_as.read_text() == content


ENTRY = st.fixed_dictionaries(
    {},
    optional={
        "name": st.text(max_size=5) | st.integers(),
        "rules": st.sampled_from(["peppa", "torino", "hearts", "x"]),
        "games": st.integers(-2, 5) | st.booleans(),
        "wins": st.integers(-2, 5),
        "hands": st.integers(-2, 5) | st.none(),
        "points": st.integers() | st.floats(allow_nan=False) | st.text(),
        "moons": st.integers(-2, 5),
        "best": st.integers() | st.none() | st.text(),
        "worst": st.integers() | st.none() | st.booleans(),
    },
)


@given(st.lists(ENTRY | st.integers(), max_size=4), st.sampled_from([1, 0, 2, "1"]))
def test_any_statistics_document_is_read_or_refused(players: list[Any], version: Any) -> None:
    text = json.dumps({"format": "peppa-stats", "version": version, "players": players})
    try:
        stats = statistics_from_json(text)
    except FormatError:
        return
    assert all(isinstance(e, PlayerStats) and e.games >= e.wins for e in stats.entries)


@given(st.text())
def test_any_text_is_statistics_or_a_format_error(text: str) -> None:
    with contextlib.suppress(FormatError):
        statistics_from_json(text)
