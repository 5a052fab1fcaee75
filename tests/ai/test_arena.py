"""The arena: rotated seats, honest statistics, the command line's JSON."""

from __future__ import annotations

import json
import multiprocessing
import os
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

from peppa_qt.ai import arena, expert
from peppa_qt.ai.arena import mean_ci95, percentile, run_arena
from peppa_qt.ai.arena_journal import journal_header
from peppa_qt.ai.expert import ExpertPlayer
from peppa_qt.cli import main
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


def test_the_paired_margin_sets_each_player_against_the_others_in_the_same_seat() -> None:
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 1}})
    players = ["normal", "easy", "easy", "easy"]
    stats = run_arena(rules, players, 3, seed=8)
    for index in range(3):
        games = [arena.play_task(rules, players, 8, index, r) for r in range(4)]
        # Worked out seat by seat: in rotation r, listed player i sits at seat (i + r) % 4.
        for i in range(4):
            margin = 0.0
            for seat in range(4):
                mine = games[(seat - i) % 4][i].points[0]
                others = [games[(seat - j) % 4][j].points[0] for j in range(4) if j != i]
                margin += (mine - sum(others) / 3) / 4
            assert stats[i].margins[index] == pytest.approx(margin)
        assert sum(s.margins[index] for s in stats) == pytest.approx(0.0)
    # The margin is the points-per-hand gap, with the deals' luck paired away.
    normal, easy = stats[0].per_hand, sum(s.per_hand for s in stats[1:]) / 3
    assert statistics.mean(stats[0].margins) == pytest.approx(normal - easy)


def test_identical_players_are_level_when_paired() -> None:
    rules = RuleSet.preset("torino", {"end": {"mode": "hands", "count": 1}})
    stats = run_arena(rules, ["normal"] * 4, 2, seed=6)
    for s in stats:
        assert s.margins == pytest.approx([0.0, 0.0])
        assert s.summary()["vs_others_ci95"] == [0.0, 0.0]


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
            "vs_others",
            "vs_others_ci95",
        }
        assert p["ci95"][0] <= p["points_per_hand"] <= p["ci95"][1]
        assert p["vs_others_ci95"][0] <= p["vs_others"] <= p["vs_others_ci95"][1]
    assert sum(p["wins"] for p in players) >= 8


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="two arena workers need two cores")
@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="forks")
def test_the_expert_plays_in_arena_workers_the_cards_it_plays_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With --jobs 2 the expert, inside a worker that may start no pool, searches serially.

    A small search without its time cap decides by its deals alone, so both runs must score
    alike; the workers are forked so that they inherit it (spawned ones would import the
    real budget and take minutes).
    """
    monkeypatch.setattr(ExpertPlayer, "worlds", 48)
    monkeypatch.setattr(ExpertPlayer, "pass_worlds", 24)
    monkeypatch.setattr(ExpertPlayer, "seconds", 600.0)
    monkeypatch.setattr(arena, "get_context", lambda _: multiprocessing.get_context("fork"))
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 1}})
    players = ["expert", "normal", "normal", "normal"]
    with monkeypatch.context() as fresh:
        fresh.setattr(
            expert._SEARCH, "pool", None
        )  # as in a new arena: the workers inherit no pool
        workers = run_arena(rules, players, 1, seed=11, jobs=2)
    alone = run_arena(rules, players, 1, seed=11, jobs=1)
    assert [s.points for s in workers] == [s.points for s in alone]
    assert [len(s.times) for s in workers] == [len(s.times) for s in alone]


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
    assert [s.margins for s in resumed] == [s.margins for s in whole]
    assert seen == [1, 2, 3, 4]
    again = run_arena(rules, players, 4, seed=9, journal=journal)  # nothing left to play
    assert [s.points for s in again] == [s.points for s in whole]
    with pytest.raises(ValueError, match="another arena run"):
        run_arena(rules, players, 4, seed=10, journal=journal)


def test_a_journal_interrupted_before_its_first_game_still_resumes_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = RuleSet.preset("peppa", {"end": {"mode": "hands", "count": 1}})
    players = ["easy"] * 4
    whole = run_arena(rules, players, 2, seed=3)
    journal = tmp_path / "run.jsonl"

    def interrupted(*args: object) -> list[arena.PlayerStats]:
        raise InterruptedRunError

    for _ in range(2):  # stopped twice while the first game was being played
        with monkeypatch.context() as patch:
            patch.setattr(arena, "play_task", interrupted)
            with pytest.raises(InterruptedRunError):
                run_arena(rules, players, 2, seed=3, journal=journal)
    resumed = run_arena(rules, players, 2, seed=3, journal=journal)
    assert [s.points for s in resumed] == [s.points for s in whole]
    lines = journal.read_text(encoding="utf-8").splitlines()
    assert sum(line.startswith('{"journal"') for line in lines) == 1
    assert len(lines) == 1 + 8


@pytest.mark.parametrize("damage", ["header torn", "newline lost", "line torn"])
def test_a_damaged_journal_keeps_every_whole_game(tmp_path: Path, damage: str) -> None:
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 1}})
    players = ["easy"] * 4
    journal = tmp_path / "run.jsonl"
    run_arena(rules, players, 1, seed=5, journal=journal)
    text = journal.read_text(encoding="utf-8")
    kept = {"header torn": 0, "newline lost": 4, "line torn": 3}[damage]
    if damage == "header torn":
        journal.write_text(text[:20], encoding="utf-8")
    elif damage == "newline lost":
        journal.write_text(text.rstrip("\n"), encoding="utf-8")
    else:
        journal.write_text(text[: text.rindex("\n", 0, len(text) - 1) + 30], encoding="utf-8")
    seen: list[int] = []
    run_arena(rules, players, 0, seed=5, journal=journal, progress=lambda t, d: seen.append(d))
    lines = journal.read_text(encoding="utf-8").splitlines(keepends=True)
    assert all(line.endswith("\n") for line in lines)
    assert len(lines) == 1 + kept  # the header (written again if it was torn) and whole games
    again = run_arena(rules, players, 1, seed=5, journal=journal)
    assert [len(s.points) for s in again] == [4] * 4


def test_a_file_that_is_not_a_journal_is_refused_and_left_alone(tmp_path: Path) -> None:
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 1}})
    notes = tmp_path / "notes.txt"
    notes.write_text("\nmy notes\n", encoding="utf-8")
    with pytest.raises(ValueError, match="not an arena journal"):
        run_arena(rules, ["easy"] * 4, 1, seed=1, journal=notes)
    assert notes.read_text(encoding="utf-8") == "\nmy notes\n"


@pytest.mark.skipif(os.name != "posix", reason="a newline in a file name is POSIX's")
@pytest.mark.parametrize("kind", ["folder", "fifo", "no folder", "not a journal"])
def test_a_journal_that_cannot_be_used_is_named_in_the_error_line(
    tmp_path: Path, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Which file is wrong, in one line; a name with a newline or an escape arrives escaped."""
    journal = tmp_path / "run\n\x1b[2Jclear.jsonl"
    if kind == "folder":
        journal.mkdir()
    elif kind == "fifo":
        os.mkfifo(journal)
    elif kind == "no folder":
        journal = tmp_path / "gone" / "run\n\x1b[2Jclear.jsonl"
    else:
        journal.write_text("my notes\n", encoding="utf-8")
    arguments = ["arena", "--hands", "1", "--players", "easy,easy,easy,easy"]
    assert main([*arguments, "--journal", str(journal)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "\x1b" not in err
    assert repr(str(journal)) in err


# --------------------------------------------------------------------------- Belmont

ONE_DEAL = {"end": {"mode": "hands", "count": 1}}


@pytest.mark.parametrize("seats", [6, 8])
def test_a_belmont_deal_is_played_once_per_rotation_of_the_players(seats: int) -> None:
    rules = RuleSet.preset("belmont", ONE_DEAL, seats=seats)
    players = ["normal"] * seats  # one seed: every rotation is the same game, moved round
    games = [arena.play_task(rules, players, 3, 0, r) for r in range(seats)]
    for r in range(seats):
        for i in range(seats):  # in rotation r, listed player i sits at seat (i + r) % N
            assert games[r][i].points == games[0][(i + r) % seats].points
    stats = run_arena(rules, players, 2, seed=3)
    assert [len(s.points) for s in stats] == [2 * seats] * seats
    assert all(s.margins == pytest.approx([0.0, 0.0]) for s in stats)
    moons = sum(s.moons for s in stats)
    assert moons or sum(sum(s.points) for s in stats) == 2 * seats * rules.hand_total


@pytest.mark.parametrize("seats", [6, 8])
def test_the_belmont_paired_margin_sets_a_player_against_the_mean_of_the_others(
    seats: int,
) -> None:
    rules = RuleSet.preset("belmont", ONE_DEAL, seats=seats)
    players = ["normal"] + ["easy"] * (seats - 1)
    stats = run_arena(rules, players, 1, seed=8)
    games = [arena.play_task(rules, players, 8, 0, r) for r in range(seats)]
    for i in range(seats):
        margin = 0.0
        for game in games:
            mine = game[i].points[0]
            others = [game[j].points[0] for j in range(seats) if j != i]
            margin += (mine - sum(others) / (seats - 1)) / seats
        assert stats[i].margins == [pytest.approx(margin)]
    assert sum(s.margins[0] for s in stats) == pytest.approx(0.0)


def test_a_belmont_arena_resumes_from_its_journal_and_splits_over_jobs(tmp_path: Path) -> None:
    rules = RuleSet.preset("belmont", ONE_DEAL, seats=6)
    players = ["normal"] + ["easy"] * 5
    whole = run_arena(rules, players, 2, seed=9)
    journal = tmp_path / "run.jsonl"

    def stop_after_one(totals: object, deals: int) -> None:
        raise InterruptedRunError

    with pytest.raises(InterruptedRunError):
        run_arena(rules, players, 2, seed=9, journal=journal, progress=stop_after_one)
    assert len(journal.read_text(encoding="utf-8").splitlines()) == 1 + 6  # a deal's six games
    resumed = run_arena(rules, players, 2, seed=9, journal=journal)
    assert [s.points for s in resumed] == [s.points for s in whole]
    assert [s.margins for s in resumed] == [s.margins for s in whole]
    split = run_arena(rules, players, 2, seed=9, jobs=2)
    assert [s.points for s in split] == [s.points for s in whole]


def test_the_arena_command_plays_belmont_at_six_and_eight(
    capsys: pytest.CaptureFixture[str],
) -> None:
    eight = ",".join(["normal"] + ["easy"] * 7)
    arguments = ["arena", "--rules", "belmont", "--hands", "2", "--report-every", "1"]
    assert main([*arguments, "--players", eight, "--json"]) == 0
    out, err = capsys.readouterr()
    figures = json.loads(out)
    assert figures["games"] == 16 and figures["hands"] == 16
    assert [p["player"] for p in figures["players"]] == eight.split(",")
    assert sum(p["vs_others"] for p in figures["players"]) == pytest.approx(0.0, abs=0.01)
    assert "8 games, 8 hands; every player sat in every hand" in err  # after the first deal
    assert main(["arena", "--rules", "belmont", "--hands", "1"]) == 0  # six players by default
    table = capsys.readouterr().out.splitlines()
    assert table[0] == "6 games, 6 hands; every player sat in every hand"
    assert [line.split()[0] for line in table[2:-1]] == ["normal"] + ["easy"] * 5
    assert table[-1].startswith("seed 0 ")  # the seed a run needs to be played again


@pytest.mark.parametrize(
    ("rules", "players", "words"),
    [
        ("belmont", "easy,easy,easy,easy", "belmont is played by 6 or 8 players"),
        ("belmont", ",".join(["easy"] * 7), "belmont is played by 6 or 8 players"),
        ("hearts", ",".join(["easy"] * 6), "hearts is played by 4 players"),
    ],
)
def test_an_arena_with_the_wrong_number_of_players_is_refused_in_one_line(
    rules: str, players: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["arena", "--rules", rules, "--players", players, "--hands", "1"]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [f"peppa-qt arena: {words}"]


def test_whole_belmont_games_are_played_to_their_end_in_every_rotation() -> None:
    rules = RuleSet.preset("belmont", {"end": {"mode": "points", "limit": 50}}, seats=6)
    stats = run_arena(rules, ["normal"] + ["easy"] * 5, 1, seed=4)
    hands = len(stats[0].points)
    assert hands >= 6 and all(len(s.points) == hands for s in stats)
    assert sum(s.wins for s in stats) >= 6  # a winner (or tied winners) in each of six games


# --------------------------------------------------------------------------- secret seeds


def test_a_run_with_a_secret_seed_resumes_from_its_journal_and_repeats_with_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An ext: seat and no --seed: the journal keeps the secret seed, a resumed run takes it
    (not a fresh one), and the seed printed plays the same deals again."""
    bot = f"ext:{sys.executable} -m peppa_qt bot --level easy"
    journal = tmp_path / "run.jsonl"
    arguments = ["arena", "--rules", "hearts", "--players", f"{bot},easy,easy,easy", "--json"]
    assert main([*arguments, "--hands", "1", "--journal", str(journal)]) == 0
    first = json.loads(capsys.readouterr().out)
    seed = json.loads(journal.read_text(encoding="utf-8").splitlines()[0])["seed"]
    assert first["seed"] == seed and seed.bit_length() > 64
    assert main([*arguments, "--hands", "2", "--journal", str(journal)]) == 0  # one deal more
    resumed = json.loads(capsys.readouterr().out)
    assert resumed["seed"] == seed
    assert len(journal.read_text(encoding="utf-8").splitlines()) == 1 + 2 * 4
    assert main([*arguments, "--hands", "2", "--seed", str(seed)]) == 0  # no journal
    out, err = capsys.readouterr()
    again = json.loads(out)
    assert "warning" in err  # a seed given: the same warning, whoever chose it
    for key in ("points_per_hand", "wins", "moons", "vs_others"):
        assert [p[key] for p in again["players"]] == [p[key] for p in resumed["players"]]


def test_a_journal_whose_header_was_torn_in_its_secret_seed_starts_again(
    tmp_path: Path,
) -> None:
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 1}})
    journal = tmp_path / "run.jsonl"
    header = journal_header(repr(rules), ["easy"] * 4, 2**127 + 12345)
    journal.write_text(json.dumps(header)[:-4], encoding="utf-8")  # cut in the seed's digits
    stats = run_arena(rules, ["easy"] * 4, 1, journal=journal)
    assert [len(s.points) for s in stats] == [4] * 4
    lines = journal.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["seed"] == arena.DEFAULT_SEED and len(lines) == 1 + 4
