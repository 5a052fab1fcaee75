"""The coach's figures in the statistics: only reviewed hands have a loss, kept per game,
and a file without them (or from before the coach) reads and writes as before."""

from __future__ import annotations

import json

import pytest
from storage_helpers import finished

from peppa_qt.storage import CoachGame, FormatError, Profile, Statistics
from peppa_qt.storage.statistics import statistics_from_json, statistics_to_json

NAMES = ["Anna", "Bruno", "Carla", "Dario"]


def two_games() -> Statistics:
    """Anna had two hands of her first game reviewed (4.5 points lost), none of the second."""
    stats = Statistics().with_game(NAMES, finished("peppa", hands=3), coach={0: (2, 4.5)})
    return stats.with_game(NAMES, finished("peppa", hands=2, seed=5))


def test_a_game_s_reviewed_hands_are_kept_with_its_statistics() -> None:
    anna = two_games().get("Anna", "peppa")
    assert anna is not None and anna.games == 2
    assert anna.coach == (CoachGame(game=1, hands=2, lost=4.5),)
    assert anna.coach[0].per_hand == 2.25


def test_a_player_never_reviewed_has_no_coach_figures_not_zeros() -> None:
    bruno = two_games().get("Bruno", "peppa")
    assert bruno is not None and bruno.coach == ()
    assert '"coach"' not in statistics_to_json(Statistics().with_game(NAMES, finished()))


def test_a_hand_reviewed_after_the_game_was_counted_joins_that_game() -> None:
    stats = two_games()
    key = ("Anna", "peppa", 4)
    later = stats.with_coach(key, 2, 1, 3.0).with_coach(key, 1, 3, 6.0)
    anna = later.get("Anna", "peppa")
    assert anna is not None
    assert anna.coach == (CoachGame(1, 3, 6.0), CoachGame(2, 1, 3.0))
    assert stats.with_coach(key, 3, 1, 1.0) == stats  # a game not counted yet: nothing
    assert stats.with_coach(("Zoe", "peppa", 4), 1, 1, 1.0) == stats


def test_coach_figures_round_trip(profile: Profile) -> None:
    stats = two_games().with_coach(("Anna", "peppa", 4), 2, 1, 0.25)
    assert profile.save_statistics(stats) is None
    assert profile.load_statistics() == (stats, None)
    text = statistics_to_json(stats)
    assert json.loads(text)["version"] == 1  # four seats only: an earlier Peppa reads it


def entry_with(coach: object, games: int = 2, hands: int = 5) -> str:
    player = {"name": "A", "games": games, "hands": hands, "coach": coach}
    return json.dumps({"format": "peppa-stats", "version": 1, "players": [player]})


@pytest.mark.parametrize(
    "coach",
    [
        {"game": 1},
        [3],
        [{"game": 1, "hands": 1, "lost": -1}],
        [{"game": 1, "hands": 1, "lost": "2"}],
        [{"game": 0, "hands": 1, "lost": 1}],
        [{"game": 1, "hands": 0, "lost": 0}],
        [{"game": 3, "hands": 1, "lost": 1}],  # only two games played
        [{"game": 1, "hands": 6, "lost": 1}],  # more hands than played
        [{"game": 2, "hands": 1, "lost": 1}, {"game": 1, "hands": 1, "lost": 1}],
        [{"game": 1, "hands": 1, "lost": 1}, {"game": 1, "hands": 1, "lost": 1}],
    ],
)
def test_damaged_coach_figures_are_refused(coach: object) -> None:
    with pytest.raises(FormatError):
        statistics_from_json(entry_with(coach))


def test_written_coach_figures_read_back() -> None:
    text = entry_with([{"game": 1, "hands": 2, "lost": 3}, {"game": 2, "hands": 1, "lost": 0.5}])
    (entry,) = statistics_from_json(text).entries
    assert [c.per_hand for c in entry.coach] == [1.5, 0.5]
