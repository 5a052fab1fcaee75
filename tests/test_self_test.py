"""``peppa-qt --self-test``, from source: it passes here, and each kind of breakage fails it.

The same command run inside the built app and the installed .deb is tests/packaging's.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from peppa_qt import native, self_test
from peppa_qt.ai import make_player
from peppa_qt.ai.base import Decision, Player
from peppa_qt.engine import PlayerView, cards_of
from peppa_qt.self_test import CHECKS, CheckError, run_self_test

ROOT = Path(__file__).resolve().parents[1]


def run_checks(*names: str) -> tuple[int, str]:
    """The exit code and the report of the named checks, run in this process."""
    out = io.StringIO()
    chosen = [(name, check) for name, check in CHECKS if name in names]
    assert len(chosen) == len(names)
    return run_self_test(out, chosen), out.getvalue()


def test_the_command_passes_from_source_and_says_what_it_checked() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-m", "peppa_qt", "--self-test"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=240,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("peppa-qt ") and "from source" in lines[0]
    assert native.describe() in lines[0]  # the build it runs: compiled or pure, and why
    for name, _ in CHECKS:
        assert any(line.startswith(f"ok   {name} ") for line in lines), done.stdout
    assert "208 faces (4 decks)" in done.stdout and "easy, normal, hard, expert" in done.stdout
    assert "and a Belmont hand at 6 seats" in done.stdout
    if (os.cpu_count() or 1) > 1:
        assert "the expert searched in" in done.stdout
    assert lines[-1].startswith("self-test passed")


def test_a_missing_card_fails_and_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    from peppa_qt.gui.table import card_pixmaps

    real = card_pixmaps.asset_bytes

    def without_the_queen(*parts: str) -> bytes:
        if parts[-1] == "QS.svg":
            raise FileNotFoundError(2, "No such file or directory", "cards/QS.svg")
        return real(*parts)

    monkeypatch.setattr(card_pixmaps, "asset_bytes", without_the_queen)
    code, report = run_checks("cards")
    assert code == 1
    assert "FAIL cards" in report and "classic two-colour QS" in report
    assert report.splitlines()[-1].startswith("self-test FAILED: cards")


def test_a_blank_back_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    from peppa_qt.gui.table import card_pixmaps

    real = card_pixmaps.asset_bytes
    blank = b'<svg xmlns="http://www.w3.org/2000/svg" width="250" height="350"/>'
    monkeypatch.setattr(
        card_pixmaps, "asset_bytes", lambda *p: blank if p[-1] == "back-blue.svg" else real(*p)
    )
    code, report = run_checks("cards")
    assert code == 1 and "the blue back is blank" in report


def test_a_missing_catalogue_fails(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from peppa_qt.gui.window import language

    monkeypatch.setattr(language, "catalogue_path", lambda code: str(tmp_path / f"{code}.qm"))
    code, report = run_checks("translations")
    assert code == 1 and "our en catalogue is missing" in report


def test_a_sound_that_cannot_be_read_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    from peppa_qt import resources

    real = resources.asset_bytes

    def cut_short(*parts: str) -> bytes:
        data = real(*parts)
        return data[:20] if parts[-1] == "moon.wav" else data

    monkeypatch.setattr(resources, "asset_bytes", cut_short)
    code, report = run_checks("sound")
    assert code == 1 and "the moon sound cannot be read" in report


def test_a_build_without_the_sound_library_is_silent_not_broken(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "miniaudio", None)  # import miniaudio raises ImportError
    code, report = run_checks("sound")
    assert code == 0 and "no sound library in this build" in report


class Broken(Player):
    """A computer player that raises when asked."""

    level = "hard"

    def choose_pass(self, view: PlayerView) -> Decision:
        raise RuntimeError("worker pool broke")

    def choose_play(self, view: PlayerView) -> Decision:
        raise RuntimeError("worker pool broke")


class Cheat(Player):
    """A computer player that passes legally, then plays a card it may not as soon as it can."""

    level = "easy"

    def choose_pass(self, view: PlayerView) -> Decision:
        return make_player("easy").choose_pass(view)

    def choose_play(self, view: PlayerView) -> Decision:
        legal = set(cards_of(view.legal))
        wrong = [c for c in cards_of(view.hand) if c not in legal] or sorted(legal)
        return Decision((wrong[0],), "cheat")


class BelmontCheat(Player):
    """A computer player that plays legally at four seats and cheats at six."""

    level = "normal"

    def choose_pass(self, view: PlayerView) -> Decision:
        return make_player("normal").choose_pass(view)

    def choose_play(self, view: PlayerView) -> Decision:
        if view.seats == 4:
            return make_player("normal").choose_play(view)
        return Cheat(0).choose_play(view)


@pytest.mark.parametrize(
    ("replaced", "stand_in", "said"),
    [
        ("hard", Broken, "the hard player failed: RuntimeError('worker pool broke')"),
        ("easy", Cheat, "the easy player chose an illegal move"),
        ("normal", BelmontCheat, "the normal player chose an illegal move"),
    ],
)
def test_a_failing_or_cheating_player_fails_the_check(
    monkeypatch: pytest.MonkeyPatch, replaced: str, stand_in: type[Player], said: str
) -> None:
    import peppa_qt.ai

    def players(level: str, seed: int = 0) -> Player:
        return stand_in(seed) if level == replaced else make_player(level, seed)

    monkeypatch.setattr(peppa_qt.ai, "make_player", players)
    with pytest.raises(CheckError, match=said.replace("(", r"\(").replace(")", r"\)")):
        self_test.check_players()


def test_an_expert_whose_workers_give_no_answer_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """The expert falls back to the normal level's card when its search comes back empty (a
    frozen app whose workers never start): the self-test must not take that for a pass."""
    from peppa_qt.ai.expert import ExpertPlayer

    monkeypatch.setattr(ExpertPlayer, "_run", lambda self, tasks: [])
    with pytest.raises(CheckError, match="the expert player did not search"):
        self_test.check_players()


def test_a_level_missing_from_the_build_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    import peppa_qt.ai

    monkeypatch.setattr(peppa_qt.ai, "available_levels", lambda: ["easy", "normal", "hard"])
    with pytest.raises(CheckError, match="missing from this build: expert"):
        self_test.check_players()


def test_several_cores_and_no_worker_process_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    import multiprocessing

    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    monkeypatch.setattr(multiprocessing, "active_children", list)
    with pytest.raises(CheckError, match="without worker processes on 2 cores"):
        self_test.expert_workers()


def test_on_one_core_a_worker_process_is_started(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert "a worker process started" in self_test.expert_workers()


def test_a_save_that_reads_back_different_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    from peppa_qt.storage import saves

    real = saves.parse_saved_game

    def another_game(text: str) -> tuple[saves.SavedGame, object]:
        saved, _ = real(text)
        return saved, self_test.random_match(seed=8)

    monkeypatch.setattr(saves, "parse_saved_game", another_game)
    code, report = run_checks("save")
    assert code == 1 and "the autosave read back is not the game that was written" in report


def test_the_qt_checks_open_no_window(qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QApplication

    def shown() -> set[int]:  # (a window another test left open is not the checks')
        return {id(w) for w in QApplication.topLevelWidgets() if w.isVisible()}

    before = shown()
    code, report = run_checks("qt", "cards", "icon", "help", "translations")
    assert code == 0, report
    assert shown() <= before
