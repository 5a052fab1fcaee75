"""The arena: rotated seats, honest statistics, the command line's JSON."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

from peppa_qt.ai.arena import mean_ci95, percentile, run_arena
from peppa_qt.engine import RuleSet

ROOT = Path(__file__).resolve().parents[2]


def test_confidence_interval_matches_the_textbook_formula() -> None:
    values = [3, 0, 13, 1, 26, 0, 5, 2]
    mean, low, high = mean_ci95(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    assert mean == pytest.approx(statistics.mean(values))
    assert (low, high) == pytest.approx((mean - half, mean + half))
    assert percentile(sorted(values), 0.95) == 26


def test_identical_players_get_identical_figures_because_seats_rotate() -> None:
    rules = RuleSet.preset("peppa", {"end": {"mode": "hands", "count": 1}})
    stats = run_arena(rules, ["easy"] * 4, 5, seed=1)
    assert len({sum(s.points) for s in stats}) == 1
    assert all(len(s.points) == 20 for s in stats)
    # Every deal's 36 points are shared out (moons and the −10 aside, not in these deals).
    assert sum(sum(s.points) for s in stats) == 20 * 36 or any(s.moons for s in stats)


def test_rotations_replay_the_same_deals_for_every_player() -> None:
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 1}})
    a = run_arena(rules, ["normal", "easy", "easy", "easy"], 2, seed=4)
    b = run_arena(rules, ["normal", "easy", "easy", "easy"], 2, seed=4)
    assert [s.points for s in a] == [s.points for s in b]


def test_arena_command_prints_the_design_json() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "peppa_qt",
            "arena",
            "--rules",
            "hearts",
            "--players",
            "normal,easy,easy,easy",
            "--hands",
            "2",
            "--seed",
            "1",
            "--json",
            "--jobs",
            "2",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=True,
    )
    figures = json.loads(done.stdout)
    assert figures["games"] == 8 and figures["hands"] == 8
    players = figures["players"]
    assert [p["player"] for p in players] == ["normal", "easy", "easy", "easy"]
    for p in players:
        assert set(p) == {
            "player",
            "points_per_hand",
            "ci95",
            "wins",
            "moons",
            "decision_ms_mean",
            "decision_ms_p95",
        }
        assert p["ci95"][0] <= p["points_per_hand"] <= p["ci95"][1]
    assert sum(p["wins"] for p in players) >= 8


def test_a_long_arena_reports_its_figures_so_far() -> None:
    done = subprocess.run(
        [
            *(sys.executable, "-m", "peppa_qt", "arena", "--rules", "peppa"),
            *("--players", "easy,easy,easy,easy", "--hands", "3", "--report-every", "1"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=True,
    )
    interim = [line for line in done.stderr.splitlines() if "every player sat" in line]
    assert interim == [
        "4 games, 4 hands; every player sat in every hand",
        "8 games, 8 hands; every player sat in every hand",
    ]
    assert done.stdout.startswith("12 games, 12 hands")


class InterruptedRunError(Exception):
    """Stands for Ctrl+C or a machine going down in the middle of a long run."""


def test_an_interrupted_run_resumes_from_its_journal(tmp_path: Path) -> None:
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 1}})
    players = ["normal", "easy", "easy", "easy"]
    whole = run_arena(rules, players, 4, seed=9)
    journal = tmp_path / "run.jsonl"

    def stop_after_two(totals: object, deals: int) -> None:
        if deals == 2:
            raise InterruptedRunError

    with pytest.raises(InterruptedRunError):
        run_arena(rules, players, 4, seed=9, journal=journal, progress=stop_after_two)
    with journal.open("a", encoding="utf-8") as torn:
        torn.write('[{"name": "nor')  # the machine went down mid-line
    seen: list[int] = []
    resumed = run_arena(
        rules, players, 4, seed=9, journal=journal, progress=lambda t, d: seen.append(d)
    )
    assert [s.points for s in resumed] == [s.points for s in whole]
    assert [(s.wins, s.moons) for s in resumed] == [(s.wins, s.moons) for s in whole]
    assert seen == [1, 2, 3, 4]
    again = run_arena(rules, players, 4, seed=9, journal=journal)  # nothing left to play
    assert [s.points for s in again] == [s.points for s in whole]
    with pytest.raises(ValueError, match="another arena run"):
        run_arena(rules, players, 4, seed=10, journal=journal)
