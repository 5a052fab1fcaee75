"""The real program killed at random moments: the autosave survives, and the game goes on.

A power cut or a kill can come at any moment, in the middle of writing the autosave included.
Protected here, with ``python -m peppa_qt`` itself, killed by SIGKILL at seeded moments:

- the autosave is always a whole, readable game record (``peppa-qt check`` exits 0 on it);
- the next start resumes that very game (same seed, every move before kept, never a new
  deal), without setting a damaged ``*.corrupt`` file aside, and without a traceback;
- the settings file, rewritten with each autosave (the window's place), stays readable;
- at start, a stale temporary file of a write cut short (``.NAME.XXXX.tmp``, older than ten
  minutes) is swept away, while a fresh one (another running Peppa's) is left alone.

The game is four computer players (a non-demo game is autosaved; the demo is not), written as
the first autosave from a seeded game, so every run starts from the same position. The settings
file asks for the fast animation speed and for resuming without a question.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import pytest

from peppa_qt import cli
from peppa_qt.ai import make_player
from peppa_qt.engine import Match, Phase, PlayerInfo, RuleSet, record_of, view_of
from peppa_qt.storage.paths import Locations
from peppa_qt.storage.profile import Profile
from peppa_qt.storage.saves import SavedGame, default_seeds, saved_game_to_json

ROOT: Final = Path(__file__).resolve().parents[2]
SEED: Final = 8128
ROUNDS: Final = 8
#: Starts killed as soon as they have autosaved a move further.
TARGETED: Final = 2
#: The longest a round lets the program run before the kill, and the shortest (seconds).
SHORTEST, LONGEST = 0.5, 3.0
#: Passes and plays of the seeded game before the program first sees it: one trick. The
#: whole run (about 20 s of play at the fast speed, some 2 s a trick) stays within this hand,
#: whose summary would wait for a click.
FIRST_ACTIONS: Final = 4 + 4
NAMES: Final = ("Ada", "Bruno", "Carla", "Dario")
STALE_AFTER: Final = 600.0  # storage.files.STALE_AFTER_SECONDS: ten minutes

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX signals")


# ------------------------------------------------------------------ the profile


def write_settings(where: Locations) -> None:
    """Fast animations, resume without asking; four computers if a new game is ever dealt."""
    where.config_dir.mkdir(parents=True, exist_ok=True)
    settings = {
        "format": "peppa-settings",
        "version": 1,
        "animation_speed": "fast",
        "resume": "resume",
        "players": [{"name": name, "level": "easy"} for name in NAMES],
    }
    where.settings_file.write_text(json.dumps(settings), encoding="utf-8")


def write_first_autosave(where: Locations) -> dict[str, Any]:
    """The seeded game the program resumes first: Peppa between easy players, a trick in."""
    match = Match(RuleSet.preset("peppa"), SEED)
    players = [make_player("easy", SEED * 4 + s) for s in range(4)]
    hand = match.start_hand()
    for _ in range(FIRST_ACTIONS):
        if hand.phase is Phase.PASSING:
            seat = next(s for s in range(4) if hand.passes[s] is None)
            match.pass_cards(seat, players[seat].decide(view_of(match, seat)).cards)
        else:
            mover = hand.to_move
            assert mover is not None
            match.play(players[mover].decide(view_of(match, mover)).cards[0])
    record = record_of(match, tuple(PlayerInfo(n, "ai", "easy") for n in NAMES))
    text = saved_game_to_json(SavedGame(record, default_seeds(record, SEED)))
    where.saves_dir.mkdir(parents=True, exist_ok=True)
    where.autosave_file.write_text(text, encoding="utf-8")
    document: dict[str, Any] = json.loads(text)
    return document


# ------------------------------------------------------------------ the program


@dataclass
class Run:
    """One start of the program, and what it printed."""

    process: subprocess.Popen[bytes]
    log: Path

    def kill(self) -> str:
        """SIGKILL (no clean-up of any kind), then what it wrote to stderr."""
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        return self.log.read_text(encoding="utf-8", errors="replace")


def start(profile: Path, log: Path) -> Run:
    """``python -m peppa_qt --profile-dir PROFILE`` offscreen, stdout and stderr to ``log``."""
    home = profile.parent / "home"  # should anything look past --profile-dir, it finds this
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "PYTHONPATH": str(ROOT),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_DATA_HOME": str(home / "data"),
    }
    # PYTEST_CURRENT_TEST is kept: asking for the real folders then raises (storage.paths)
    with log.open("wb") as stream:
        process = subprocess.Popen(
            [sys.executable, "-m", "peppa_qt", "--profile-dir", str(profile)],
            stdin=subprocess.DEVNULL,
            stdout=stream,
            stderr=subprocess.STDOUT,
            env=env,
            cwd=ROOT,
        )
    return Run(process, log)


@contextlib.contextmanager
def running(profile: Path, log: Path) -> Iterator[Run]:
    """The program running; killed on the way out whatever happens."""
    run = start(profile, log)
    try:
        yield run
    finally:
        run.kill()


def wait_for(condition: Any, seconds: float) -> bool:
    """Poll ``condition()`` every 20 ms for up to ``seconds``; whether it came true."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.02)
    return bool(condition())


# ------------------------------------------------------------------ the checks


def check_file(path: Path) -> tuple[int, str, str]:
    """``peppa-qt check PATH`` (in this process): exit code, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(["check", str(path)])
    return code, out.getvalue(), err.getvalue()


def corrupt_files(profile: Path) -> list[str]:
    """Every file set aside as damaged anywhere in the profile."""
    return sorted(str(p.relative_to(profile)) for p in profile.rglob("*.corrupt"))


def assert_continues(before: dict[str, Any], after: dict[str, Any]) -> None:
    """``after`` is ``before``'s game gone on (or as it was): same seed and players, every hand
    finished before kept as it was, the last one's passes and plays kept and maybe more."""
    assert after["seed"] == before["seed"], "a new game was dealt instead of resuming"
    assert after["players"] == before["players"] and after["rules"] == before["rules"]
    old, new = before["hands"], after["hands"]
    assert len(new) >= len(old)
    assert new[: len(old) - 1] == old[:-1]
    last, same = old[-1], new[len(old) - 1]
    assert (same["dealer"], same["deal"]) == (last["dealer"], last["deal"])
    for seat, cards in enumerate(last.get("pass") or [None] * 4):
        if cards is not None:
            assert same["pass"][seat] == cards, f"seat {seat}'s pass changed"
    assert same["play"].startswith(last["play"]), "cards already played were lost"


def moves(document: dict[str, Any]) -> int:
    """How many passes and plays a document's game holds."""
    total = 0
    for hand in document["hands"]:
        total += sum(p is not None for p in hand.get("pass") or ())
        total += len(hand["play"].split())
    return total


def assert_after_a_kill(profile: Path, where: Locations, log: str) -> dict[str, Any]:
    """What must hold after each kill; the autosaved document."""
    assert corrupt_files(profile) == [], log[-2000:]
    assert "Traceback" not in log, log[-4000:]
    code, out, err = check_file(where.autosave_file)
    assert code == 0, err
    assert json.loads(out)["over"] is False
    settings, problem = Profile(where).load_settings()
    assert problem is None, problem
    assert settings.animation_speed == "fast"
    document: dict[str, Any] = json.loads(where.autosave_file.read_text(encoding="utf-8"))
    return document


# ------------------------------------------------------------------ the tests


def test_killed_at_random_moments_the_game_resumes_each_time(tmp_path: Path) -> None:
    """Eight kills at seeded moments (0.5 to 3 s after start, the start itself included), then
    two the moment an autosave of a further move lands: each time the autosave is a whole
    record of the same game gone on, nothing is set aside as damaged, nothing raises."""
    rng = random.Random(SEED)
    profile = tmp_path / "profile"
    where = Locations.under(profile)
    write_settings(where)
    first = write_first_autosave(where)
    before = first
    for number in range(ROUNDS):
        pause = rng.uniform(SHORTEST, LONGEST)
        with running(profile, tmp_path / f"run{number}.log") as run:
            time.sleep(pause)
            assert run.process.poll() is None, run.kill()[-2000:]  # it did not stop by itself
            log = run.kill()
        after = assert_after_a_kill(profile, where, log)
        assert_continues(before, after)
        before = after
    # the worst moments: just as an autosave lands (the settings are written right after it,
    # and the next write may begin); the last start must also have played the game further
    for number in range(TARGETED):
        seen = moves(before)
        with running(profile, tmp_path / f"targeted{number}.log") as run:

            def further(seen: int = seen) -> bool:
                with contextlib.suppress(OSError, ValueError, KeyError):
                    document = json.loads(where.autosave_file.read_text(encoding="utf-8"))
                    return moves(document) > seen
                return False

            assert wait_for(further, 30), "the resumed game did not go on within 30 s"
            log = run.kill()
        after = assert_after_a_kill(profile, where, log)
        assert_continues(before, after)
        before = after
    assert_continues(first, before)
    assert moves(before) >= moves(first) + TARGETED  # each targeted start moved it on


def test_stale_temporary_files_are_swept_at_start_and_fresh_ones_kept(tmp_path: Path) -> None:
    """Left by a write that a kill cut short: ``.NAME.XXXX.tmp`` files untouched for more than
    ten minutes go once the program has started; fresh ones, other names and folders stay."""
    profile = tmp_path / "profile"
    where = Locations.under(profile)
    write_settings(where)
    write_first_autosave(where)
    old = time.time() - STALE_AFTER - 60
    stale = [
        where.saves_dir / ".autosave.json.k3j9x2ab.tmp",
        where.config_dir / ".settings.json.q8w7e6rt.tmp",
    ]
    fresh = where.saves_dir / ".autosave.json.zz1yy2xx.tmp"
    other_name = where.saves_dir / "notes.tmp"  # not a name write_atomic makes
    stale_folder = where.saves_dir / ".folder.tmp"
    for path in [*stale, fresh, other_name]:
        path.write_text('{"format": "peppa-record", "vers', encoding="utf-8")
    stale_folder.mkdir()
    for path in [*stale, other_name, stale_folder]:
        os.utime(path, (old, old))
    with running(profile, tmp_path / "sweep.log") as run:
        swept = wait_for(lambda: not any(p.exists() for p in stale), 10)
        assert run.process.poll() is None
        log = run.kill()
    assert swept, f"still there after 10 s: {[p.name for p in stale if p.exists()]}"
    assert fresh.exists(), "a fresh temporary file (another Peppa's write) was removed"
    assert other_name.exists() and stale_folder.is_dir()
    assert corrupt_files(profile) == [] and "Traceback" not in log, log[-2000:]
