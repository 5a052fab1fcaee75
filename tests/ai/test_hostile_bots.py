"""Hostile bot traffic: ``peppa-qt bot`` refuses what no game can reach and never stops; the
arena survives a bot that nests, stammers, hangs or writes garbage, and asks it no more."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from peppa_qt.ai import LEVELS, make_player, protocol
from peppa_qt.ai import arena as arena_module
from peppa_qt.ai.arena import close_bots, run_arena
from peppa_qt.ai.protocol import BotError, ExternalBot, serve
from peppa_qt.cli import main
from peppa_qt.engine import Match, RuleSet, cards_of, record_of
from peppa_qt.engine.record import MAX_VALUES, record_to_dict

ROOT = Path(__file__).resolve().parents[2]
ONE_HAND = {"end": {"mode": "hands", "count": 1}}


def _replies(level: str, lines: list[bytes]) -> list[dict[str, Any]]:
    out = io.StringIO()
    serve(make_player(level, 1), io.BytesIO(b"".join(lines)), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def _request(seat: int, record: dict[str, Any]) -> bytes:
    return json.dumps({"seat": seat, "record": record}).encode() + b"\n"


def _short_deck_pass_request() -> dict[str, Any]:
    """Seat 0 to pass in a 36-card game of Peppa."""
    match = Match(RuleSet.preset("peppa", {"deck": 36}), 4)
    match.start_hand()
    return record_to_dict(record_of(match).seen_from(0))


def _after_passing(seed: int = 3) -> tuple[Match, dict[str, Any]]:
    """A Hearts hand just after passing (left), seen from the seat to lead."""
    match = Match(RuleSet.preset("hearts"), seed)
    hand = match.start_hand()
    for seat in range(4):
        hand.pass_cards(seat, cards_of(hand.hands[seat])[:3])
    assert hand.to_move is not None
    return match, record_to_dict(record_of(match).seen_from(hand.to_move))


def _impossible_requests() -> list[bytes]:
    """Positions no game can reach, each in a well-formed request."""
    requests = []
    # A 2♣ dealt in a 36-card game (it has no card below the 6).
    short = _short_deck_pass_request()
    cards = short["hands"][0]["deal"][0].split()
    short["hands"][0]["deal"][0] = " ".join(["2C", *cards[1:]])
    requests.append(_request(0, short))
    # Received one of its own passed cards; received a card it already held.
    match, record = _after_passing()
    hand = match.current
    assert hand is not None and hand.to_move is not None
    seat = hand.to_move
    passes = record["hands"][0]["pass"]
    own = passes[seat].split()
    giver = next(i for i, p in enumerate(passes) if p is not None and i != seat)
    got = passes[giver].split()
    for stray in (own[0], record["hands"][0]["deal"][seat].split()[5]):
        bad = json.loads(json.dumps(record))
        bad["hands"][0]["pass"][giver] = " ".join([stray, *got[1:]])
        requests.append(_request(seat, bad))
    # A lead named while the hand is still being passed.
    leading = _short_deck_pass_request()
    leading["hands"][0]["lead"] = 1
    requests.append(_request(0, leading))
    return requests


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_refuses_impossible_positions_and_goes_on(level: str) -> None:
    impossible = _impossible_requests()
    _, fine = _after_passing()
    match, _ = _after_passing()
    hand = match.current
    assert hand is not None and hand.to_move is not None
    replies = _replies(level, [*impossible, _request(hand.to_move, fine)])
    assert [("error" in r) for r in replies] == [True] * len(impossible) + [False]
    assert "deck" in replies[0]["error"]
    assert "pass" in replies[-2]["error"] or "lead" in replies[-2]["error"]
    assert len(replies[-1]["cards"]) == 1


def test_hostile_lines_get_one_error_each_and_the_loop_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(protocol, "MAX_LINE", 200_000)
    match, record = _after_passing()
    hand = match.current
    assert hand is not None and hand.to_move is not None
    lines = [
        b"[" * 100_000 + b"\n",  # nested past any recursion limit
        b'{"seat": 0, "seat": 1, "record": {}}\n',  # a key twice
        b'{"seat": ' + b"9" * 5000 + b"}\n",  # more digits than Python converts
        b"\xff\xfe not text\n",
        b"x" * 300_000 + b"\n",  # longer than the line limit
        _request(hand.to_move, record),
        b'{"seat": 0, "record": ' + b" " * 300_000,  # a last line without its newline, too long
    ]
    replies = _replies("normal", lines)
    errors = [r.get("error", "") for r in replies]
    assert len(replies) == 7
    assert "nested too deeply" in errors[0]
    assert "given twice" in errors[1]
    assert "number too large" in errors[2]
    assert "UTF-8" in errors[3]
    assert "longer than" in errors[4] and "longer than" in errors[6]
    assert "cards" in replies[5]


def test_the_bot_command_survives_a_hostile_stream() -> None:
    """The real ``peppa-qt bot`` process: garbage in, one error line per request, no traceback."""
    match, record = _after_passing()
    hand = match.current
    assert hand is not None and hand.to_move is not None
    other = (hand.to_move + 1) % 4  # the record is seen from the seat to lead, not from this one
    stream = b"[" * 100_000 + b"\n\xff\xff\n" + _request(other, record)
    done = subprocess.run(
        [sys.executable, "-m", "peppa_qt", "bot", "--level", "hard"],
        input=stream,
        capture_output=True,
        timeout=120,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        check=False,
    )
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    assert [("error" in json.loads(line)) for line in done.stdout.splitlines()] == [True] * 3


def _script(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return f"{sys.executable} {path}"


# Deeper than the parser goes, in fewer values than a reply may hold (a longer run of brackets
# is refused before parsing, as a padded reply is).
NESTED_BOT = "import sys\nfor line in sys.stdin:\n    print('[' * 5000, flush=True)\n"
BINARY_BOT = (
    "import sys\nfor line in sys.stdin:\n"
    "    sys.stdout.buffer.write(b'\\xff\\xfe\\n'); sys.stdout.flush()\n"
)
ENDLESS_BOT = (
    "import sys\nsys.stdin.readline()\nwhile True:\n"
    "    sys.stdout.write('x' * 65536); sys.stdout.flush()\n"
)
# Answers each request twice: the second answer must never be taken for the next request's.
TWICE_BOT = (
    "import sys\nfor line in sys.stdin:\n"
    '    print(\'{"cards": ["2C"]}\'); print(\'{"cards": ["3C"]}\', flush=True)\n'
)


@pytest.mark.parametrize(
    ("script", "said"),
    [
        (NESTED_BOT, "nested too deeply"),
        (BINARY_BOT, "not UTF-8"),
        (ENDLESS_BOT, "longer than"),
    ],
)
def test_a_garbled_reply_is_a_bot_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str, said: str
) -> None:
    monkeypatch.setattr(protocol, "MAX_LINE", 100_000)
    record = record_of(Match(RuleSet.preset("hearts"), 1)).seen_from(0)
    bot = ExternalBot(_script(tmp_path, "bot.py", script), timeout=20)
    try:
        with pytest.raises(BotError, match=said):
            bot.ask(0, record)
    finally:
        bot.close()


def test_a_second_reply_is_refused_not_taken_for_the_next_answer(tmp_path: Path) -> None:
    record = record_of(Match(RuleSet.preset("hearts"), 1)).seen_from(0)
    bot = ExternalBot(_script(tmp_path, "twice.py", TWICE_BOT), timeout=20)
    try:
        assert [str(c) for c in bot.ask(0, record)] == ["2C"]
        time.sleep(0.5)  # the second line arrives
        with pytest.raises(BotError, match="more replies"):
            bot.ask(0, record)
    finally:
        bot.close()


# Logs every request it is sent, then never answers.
HUNG_BOT = """
import sys
for line in sys.stdin:
    with open({log!r}, "a") as log:
        log.write("asked\\n")
"""


def test_a_hung_bot_costs_one_timeout_and_is_never_asked_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(arena_module, "REPLY_TIMEOUT", 0.5)
    log = tmp_path / "asked.log"
    bot = "ext:" + _script(tmp_path, "hung.py", HUNG_BOT.format(log=str(log)))
    try:
        stats = run_arena(RuleSet.preset("hearts", ONE_HAND), [bot, "easy", "easy", "easy"], 2)
    finally:
        close_bots()
    assert [len(s.points) for s in stats] == [8, 8, 8, 8]  # every game was played out
    assert log.read_text().splitlines() == ["asked"]
    reports = [line for line in capsys.readouterr().err.splitlines() if line.startswith("arena:")]
    assert len(reports) == 1 and "no answer within 0.5 s" in reports[0]


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["--players", "ext:,easy,easy,easy"], "ext: needs a command"),
        (["--players", "ext:no-such-program-here,easy,easy,easy"], "no program"),
        (["--players", "ext:'unclosed,easy,easy,easy"], "not a command"),
        (["--players", "easy,easy,easy"], "peppa is played by 4 players"),
        (["--players", "grandmaster,easy,easy,easy"], "unknown computer level"),
        (["--options", '{"deck": 36, "deck": 52}'], "given twice"),
    ],
)
def test_bad_arena_players_and_options_get_one_line(
    arguments: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["arena", "--hands", "1", *arguments]) == 2
    err = capsys.readouterr().err.strip()
    assert said in err and len(err.splitlines()) == 1


@pytest.mark.parametrize(
    "arguments",
    [["--hands", "-3"], ["--games", "0"], ["--jobs", "0"], ["--report-every", "-1"]],
)
def test_counts_below_one_are_refused(
    arguments: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["arena", *arguments])
    assert exit_.value.code == 2
    assert "must be at least" in capsys.readouterr().err


def test_no_more_workers_than_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--jobs 12`` for four games (one deal) starts no pool of twelve processes."""
    asked: list[int] = []

    class Context:
        def Pool(self, jobs: int, *_: object) -> object:
            asked.append(jobs)
            raise RuntimeError("no pool in this test")

    monkeypatch.setattr(arena_module, "get_context", lambda _: Context())
    monkeypatch.setattr(arena_module.os, "cpu_count", lambda: 64)
    with pytest.raises(RuntimeError):
        run_arena(RuleSet.preset("hearts", ONE_HAND), ["easy"] * 4, 1, jobs=12)
    assert asked == [4]


@pytest.mark.parametrize(
    ("line", "said"),
    [
        (
            '[{"name": "easy", "points": "x", "wins": 0, "moons": 0, "times": []}]',
            "a list of 4 players",
        ),
        (
            json.dumps([{"name": "easy", "points": [1], "wins": [], "moons": 0, "times": []}] * 4),
            "wrong type",
        ),
        (
            json.dumps([{"name": "easy", "points": ["1"], "wins": 0, "moons": 0, "times": []}] * 4),
            "whole numbers",
        ),
        (
            json.dumps([{"name": "hard", "points": [1], "wins": 0, "moons": 0, "times": []}] * 4),
            "where",
        ),
    ],
)
def test_a_journal_of_the_wrong_shape_is_refused_in_one_line(
    tmp_path: Path, line: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = tmp_path / "journal.jsonl"
    assert (
        main(
            ["arena", "--hands", "1", "--players", "easy,easy,easy,easy", "--journal", str(journal)]
        )
        == 0
    )
    header = journal.read_text().splitlines()[0]
    journal.write_text(header + "\n" + line + "\n")
    capsys.readouterr()
    assert (
        main(
            ["arena", "--hands", "1", "--players", "easy,easy,easy,easy", "--journal", str(journal)]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert "not an arena journal" in err and said in err
    assert len(err.strip().splitlines()) == 1 and len(err) < 300


def test_a_journal_line_nested_past_reason_is_cut_like_a_torn_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = tmp_path / "journal.jsonl"
    arguments = ["arena", "--hands", "1", "--players", "easy,easy,easy,easy"]
    assert main([*arguments, "--journal", str(journal)]) == 0
    lines = journal.read_text().splitlines()
    journal.write_text("\n".join([*lines, "[" * 100_000]) + "\n")
    assert main([*arguments, "--json", "--journal", str(journal)]) == 0
    assert journal.read_text().splitlines() == lines  # the bad line went; nothing was replayed


def test_a_request_padded_past_a_records_values_is_refused_before_it_is_built() -> None:
    """The values cap ``check`` reads a record with: millions of empty lists cost nothing."""
    padding = ",".join(["[]"] * (MAX_VALUES + 10))
    line = b'{"seat": 0, "record": {"x": [' + padding.encode() + b"]}}\n"
    replies = _replies("easy", [line])
    assert replies == [{"error": "far more values than a game holds"}]


PADDED_BOT = (
    "import sys\nfor line in sys.stdin:\n"
    "    print('{\"cards\": [' + ','.join(['[]'] * 30000) + ']}', flush=True)\n"
)


def test_a_reply_padded_with_values_is_refused_before_it_is_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(protocol, "MAX_LINE", 100_000)
    record = record_of(Match(RuleSet.preset("hearts"), 1)).seen_from(0)
    bot = ExternalBot(_script(tmp_path, "padded.py", PADDED_BOT), timeout=20)
    try:
        with pytest.raises(BotError, match="far more values"):
            bot.ask(0, record)
    finally:
        bot.close()


# Plays as the easy level, with its input pipe made as small as a pipe can be (any reader may);
# once it has answered a request of more than 4 KB it reads no more. The next request, longer
# still, fills the pipe: writing it blocks until the program reads, which it never does.
STOPS_READING_BOT = """
import fcntl, json, sys, time
sys.path.insert(0, {root!r})
from peppa_qt.ai import make_player
from peppa_qt.ai.protocol import answer
fcntl.fcntl(0, fcntl.F_SETPIPE_SZ, 4096)
player = make_player("easy", 0)
while line := sys.stdin.buffer.readline():
    print(json.dumps(answer(player, json.loads(line))), flush=True)
    if len(line) > 4096:
        time.sleep(600)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="F_SETPIPE_SZ is Linux's")
def test_a_bot_that_stops_reading_costs_one_timeout_and_is_dropped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(arena_module, "REPLY_TIMEOUT", 0.5)
    script = _script(tmp_path, "stops.py", STOPS_READING_BOT.format(root=str(ROOT)))
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 16}})
    results: list[list[arena_module.PlayerStats]] = []
    run = threading.Thread(
        target=lambda: results.append(run_arena(rules, ["ext:" + script, *["easy"] * 3], 1)),
        daemon=True,
    )
    try:
        run.start()
        run.join(timeout=60)
        blocked = run.is_alive()
        for bot in list(arena_module._BOTS.values()):
            if blocked:  # unblock the write (it fails once the program is gone), then fail
                bot._process.kill()
        run.join(timeout=10)
    finally:
        close_bots()
    assert not blocked, "the arena was still writing to a bot that reads no more"
    assert [len(s.points) for s in results[0]] == [64] * 4  # every game was played out
    reports = [line for line in capsys.readouterr().err.splitlines() if line.startswith("arena:")]
    assert len(reports) == 1 and "no answer within 0.5 s" in reports[0]


# Starts a process of its own (logging its id), then plays as the easy level, or never answers.
FORKING_BOT = """
import json, subprocess, sys
sys.path.insert(0, {root!r})
from peppa_qt.ai import make_player
from peppa_qt.ai.protocol import answer
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
with open({log!r}, "a") as log:
    log.write(f"{{child.pid}}\\n")
player = make_player("easy", 0)
for line in sys.stdin:
    if sys.argv[1] == "plays":
        print(json.dumps(answer(player, json.loads(line))), flush=True)
"""


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in {"Z", "X"}


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize(
    ("mode", "jobs"), [("hangs", 1), ("plays", 1), ("plays", 2)], ids=["dropped", "end", "workers"]
)
def test_the_processes_a_bot_starts_end_with_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str, jobs: int
) -> None:
    """Dropped for a timeout, or closed at the end of the run (in the arena's workers too)."""
    monkeypatch.setattr(arena_module, "REPLY_TIMEOUT", 0.5)
    log = tmp_path / "children.log"
    script = _script(tmp_path, "forks.py", FORKING_BOT.format(root=str(ROOT), log=str(log)))
    try:
        run_arena(
            RuleSet.preset("hearts", ONE_HAND),
            [f"ext:{script} {mode}", *["easy"] * 3],
            1,
            jobs=jobs,
        )
    finally:
        close_bots()
    children = [int(pid) for pid in log.read_text().split()]
    assert len(children) == (jobs if mode == "plays" else 1)
    deadline = time.monotonic() + 5
    while any(_running(pid) for pid in children) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [pid for pid in children if _running(pid)]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert not left, "a bot's own processes outlived the arena"


# Plays as the easy level and keeps every request it is sent: the cards it was dealt.
KEEPING_BOT = """
import json, sys
sys.path.insert(0, {root!r})
from peppa_qt.ai import make_player
from peppa_qt.ai.protocol import answer
player = make_player("easy", 0)
for line in sys.stdin:
    with open({log!r}, "a") as log:
        log.write(line)
    print(json.dumps(answer(player, json.loads(line))), flush=True)
"""


def _dealt(log: Path) -> set[str]:
    """The cards the keeping bot was dealt in the first deal, as its first request shows."""
    request = json.loads(log.read_text().splitlines()[0])
    return set(request["record"]["hands"][0]["deal"][request["seat"]].split())


def _seed_worked_out(rules: RuleSet, dealt: set[str], seeds: Iterable[int]) -> int | None:
    """The attack: the first of ``seeds`` whose first deal, by the arena's scheme, gives
    some seat ``dealt`` (it then shows every other seat's cards too)."""
    for seed in seeds:
        hands = arena_module.dealt(rules, seed, 0, 0, programs=True)
        assert hands is not None
        if any({str(c) for c in cards_of(cards)} == dealt for cards in hands):
            return seed
    return None


def _numbered(rules: RuleSet, dealt: set[str], seed: int) -> bool:
    """Whether ``dealt`` came from the run's first game's deal number (a number is one of
    10**12, and the game's seed one of 2**53: a program could try them all)."""
    hand = Match(rules, arena_module.match_seed(seed, 0), track_undo=False).start_hand()
    return any({str(c) for c in cards_of(cards)} == dealt for cards in hand.hands)


def test_an_outside_program_cannot_work_out_the_deals_from_its_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No --seed: the deals come from a secret seed, printed once the run is over."""
    log = tmp_path / "requests.log"
    bot = "ext:" + _script(tmp_path, "keeps.py", KEEPING_BOT.format(root=str(ROOT), log=str(log)))
    arguments = ["arena", "--rules", "hearts", "--hands", "1", "--json"]
    assert main([*arguments, "--players", f"{bot},easy,easy,easy"]) == 0
    out, err = capsys.readouterr()
    assert "warning" not in err
    rules = RuleSet.preset("hearts", ONE_HAND)
    dealt = _dealt(log)
    assert _seed_worked_out(rules, dealt, range(2000)) is None
    seed = json.loads(out)["seed"]
    assert seed.bit_length() > 64  # 128 random bits: none of the seeds one would try first
    assert _seed_worked_out(rules, dealt, [seed]) == seed  # the seed printed is the one dealt
    assert not _numbered(rules, dealt, seed)  # nor from a number, which a search would find


def test_a_seed_given_with_outside_programs_is_warned_of_and_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "requests.log"
    bot = "ext:" + _script(tmp_path, "keeps.py", KEEPING_BOT.format(root=str(ROOT), log=str(log)))
    arguments = ["arena", "--rules", "hearts", "--hands", "1", "--seed", "7"]
    assert main([*arguments, "--players", f"{bot},easy,easy,easy"]) == 0
    out, err = capsys.readouterr()
    warning = [line for line in err.splitlines() if "warning" in line]
    assert len(warning) == 1 and "--seed" in warning[0] and "ext:" in warning[0]
    assert out.splitlines()[-1].startswith("seed 7 ")
    dealt = _dealt(log)
    assert _seed_worked_out(RuleSet.preset("hearts", ONE_HAND), dealt, range(2000)) == 7
