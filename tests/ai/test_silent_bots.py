"""Many external bots at one table: silent ones cost one timeout together, not one each; a
dropped one is ended at once; all are closed together; the report names each in one line."""

from __future__ import annotations

import shutil
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from peppa_qt.ai import arena as arena_module
from peppa_qt.ai.arena import close_bots, run_arena
from peppa_qt.ai.protocol import BotError, ExternalBot, Request
from peppa_qt.engine import Card, RuleSet

ROOT = Path(__file__).resolve().parents[2]
ONE_HAND = {"end": {"mode": "hands", "count": 1}}

# Never reads its input, never answers, and does not end when its input is closed.
SILENT_BOT = "import time\ntime.sleep(600)\n"
# Plays as the easy level; once its input is closed it does not end by itself.
STAYING_BOT = """
import json, sys, time
sys.path.insert(0, {root!r})
from peppa_qt.ai import make_player
from peppa_qt.ai.protocol import answer
player = make_player("easy", 0)
for line in sys.stdin:
    print(json.dumps(answer(player, json.loads(line))), flush=True)
time.sleep(600)
"""


def _script(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return f"{sys.executable} {path}"


def _arena_reports(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("arena:")]


def test_eight_silent_bots_cost_one_timeout_together_and_are_not_waited_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Passes are simultaneous: all eight are asked before any is waited for, and a bot that
    timed out is ended at once (a program ignoring its closed input is not given time)."""
    monkeypatch.setattr(arena_module, "REPLY_TIMEOUT", 1.0)
    monkeypatch.setattr(ExternalBot, "CLOSE_WAIT", 600.0)
    events: list[tuple[str, ExternalBot]] = []
    send, receive = ExternalBot.send, ExternalBot.receive

    def sending(bot: ExternalBot, *args: Any, **kwargs: Any) -> Request:
        request = send(bot, *args, **kwargs)
        events.append(("asked", bot))
        return request

    def receiving(bot: ExternalBot, request: Request) -> tuple[list[Card], float]:
        try:
            return receive(bot, request)
        except BotError:
            events.append(("timed out", bot))
            raise

    monkeypatch.setattr(ExternalBot, "send", sending)
    monkeypatch.setattr(ExternalBot, "receive", receiving)
    bots = ["ext:" + _script(tmp_path, "silent.py", SILENT_BOT)] * 8
    rules = RuleSet.preset("belmont", ONE_HAND, seats=8)
    results: list[list[arena_module.PlayerStats]] = []
    run = threading.Thread(target=lambda: results.append(run_arena(rules, bots, 1)), daemon=True)
    try:
        run.start()
        run.join(timeout=60)  # a few seconds; a bot waited for would take ten minutes
        stuck = run.is_alive()
        for _, bot in events:
            if stuck:  # let the waits end (the programs are gone), then fail
                bot._process.kill()
        run.join(timeout=10)
    finally:
        close_bots()
    assert not stuck, "the arena waited for a dropped bot to end by itself"
    assert [kind for kind, _ in events] == ["asked"] * 8 + ["timed out"] * 8
    assert len({id(bot) for _, bot in events}) == 8  # each asked once, never again
    assert [len(s.points) for s in results[0]] == [8] * 8  # the deal played in every rotation
    reports = _arena_reports(capsys.readouterr().err)
    assert len(reports) == 8 and all("no answer within 1 s" in r for r in reports)


def test_the_programs_are_closed_together_at_the_end_of_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every program's input is closed before any is ended: programs that do not end by
    themselves cost one moment of waiting together, not one each."""
    monkeypatch.setattr(ExternalBot, "CLOSE_WAIT", 0.5)
    bot = "ext:" + _script(tmp_path, "stays.py", STAYING_BOT.format(root=str(ROOT)))
    try:
        stats = run_arena(RuleSet.preset("hearts", ONE_HAND), [bot] * 4, 1)
        assert [len(s.points) for s in stats] == [4] * 4
        bots = list(arena_module._BOTS.values())
        still_open: list[int] = []  # when each program is ended: how many inputs are open
        end_group = ExternalBot._end_group

        def ending(program: ExternalBot) -> None:
            still_open.append(sum(b._writer.is_alive() for b in bots))
            end_group(program)

        monkeypatch.setattr(ExternalBot, "_end_group", ending)
    finally:
        close_bots()
    assert len(bots) == 4 and still_open == [0, 0, 0, 0]
    assert all(b._process.returncode is not None for b in bots)


@pytest.mark.skipif(shutil.which("true") is None, reason="runs the POSIX true command")
def test_a_dropped_seats_command_is_cut_with_an_ellipsis_only_when_longer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    long = "ext:true " + "x" * 80  # ends at once: dropped on its first request
    exact = "ext:true " + "y" * 51  # 60 characters: said whole
    try:
        run_arena(RuleSet.preset("hearts", ONE_HAND), [long, exact, "easy", "easy"], 1)
    finally:
        close_bots()
    reports = _arena_reports(capsys.readouterr().err)
    shown = arena_module.COMMAND_SHOWN
    assert len(exact) == shown
    assert sorted(reports) == sorted(
        [
            f"arena: {long[: shown - 1]}… the program ended; the normal level takes its seat",
            f"arena: {exact} the program ended; the normal level takes its seat",
        ]
    )
