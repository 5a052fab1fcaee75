"""The bot protocol: our players for other programs, other programs in our arena."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from peppa_qt.ai import arena, make_player
from peppa_qt.ai.arena import close_bots, run_arena
from peppa_qt.ai.protocol import BotError, ExternalBot, answer, serve
from peppa_qt.engine import Match, Phase, RuleSet, cards_of
from peppa_qt.engine.record import record_of, record_to_dict
from peppa_qt.engine.view import view_of

ROOT = Path(__file__).resolve().parents[2]
ONE_HAND = {"end": {"mode": "hands", "count": 1}}

LOWEST_LEGAL_BOT = """
import json, sys
sys.path.insert(0, {root!r})
from peppa_qt.engine.record import record_from_dict
from peppa_qt.engine.seat_record import view_from_seat_record
from peppa_qt.engine.cards import cards_of
for line in sys.stdin:
    request = json.loads(line)
    view = view_from_seat_record(record_from_dict(request["record"], hidden=True), request["seat"])
    if view.to_move is None:
        cards = cards_of(view.hand)[:3]
    else:
        cards = cards_of(view.legal)[:1]
    print(json.dumps({{"cards": [str(c) for c in cards]}}), flush=True)
"""

BROKEN_BOT = """
import sys
for line in sys.stdin:
    print('{"cards": ["ZZ"]}', flush=True)
"""


def _script(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text.format(root=str(ROOT)) if "{root" in text else text)
    return f"{sys.executable} {path}"


def _mid_hand(seed: int) -> Match:
    rng = random.Random(seed)
    match = Match(RuleSet.preset("hearts"), seed)
    hand = match.start_hand()
    for seat in range(4):
        hand.pass_cards(seat, cards_of(hand.hands[seat])[:3])
    for _ in range(rng.randrange(40)):
        hand.play(rng.choice(cards_of(hand.legal_mask())))
    return match


@pytest.mark.parametrize("seed", range(6))
def test_answer_from_a_seat_record_matches_the_in_process_decision(seed: int) -> None:
    match = _mid_hand(seed)
    hand = match.current
    assert hand is not None and hand.to_move is not None
    seat = hand.to_move
    request = {"seat": seat, "record": record_to_dict(record_of(match).seen_from(seat))}
    reply = answer(make_player("normal", 3), json.loads(json.dumps(request)))
    expected = make_player("normal", 3).decide(view_of(match, seat))
    assert reply == {"cards": [str(c) for c in expected.cards]}
    assert hand.legal_mask() >> expected.cards[0] & 1


def _belmont_mid_hand(seats: int, seed: int) -> Match:
    """A Belmont game of normal players, stopped at a random decision of its second hand."""
    rng = random.Random(f"belmont-{seats}-{seed}")
    match = Match(RuleSet.preset("belmont", seats=seats), seed)
    players = [make_player("normal", s) for s in range(seats)]
    stop = rng.randrange(1, seats * 13)
    for index in range(2):
        hand = match.start_hand()
        if hand.phase is Phase.PASSING:
            if index == 1 and stop < seats:
                return match  # asked for its pass
            for seat in range(seats):
                match.pass_cards(seat, players[seat].decide(view_of(match, seat)).cards)
        while hand.to_move is not None and (index == 0 or len(hand.plays) < stop):
            seat = hand.to_move
            match.play(players[seat].decide(view_of(match, seat)).cards[0])
    return match


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("seats", [6, 8])
def test_a_belmont_request_is_answered_as_the_player_in_process_decides(
    seats: int, seed: int
) -> None:
    match = _belmont_mid_hand(seats, seed)
    hand = match.current
    assert hand is not None
    asked = [hand.to_move] if hand.to_move is not None else list(range(seats))
    for seat in asked:
        request = {"seat": seat, "record": record_to_dict(record_of(match).seen_from(seat))}
        assert len(request["record"]["players"]) == seats
        reply = answer(make_player("normal", 3), json.loads(json.dumps(request)))
        expected = make_player("normal", 3).decide(view_of(match, seat))
        assert reply == {"cards": [str(c) for c in expected.cards]}


@pytest.mark.parametrize("seats", [6, 8])
def test_the_first_leader_of_a_belmont_hand_is_asked_and_leads_a_two_of_clubs(
    seats: int,
) -> None:
    rules = RuleSet.preset("belmont", {"pass_cycle": ["hold"]}, seats=seats)
    for seed in range(40):
        match = Match(rules, seed)
        hand = match.start_hand()
        record = record_to_dict(record_of(match).seen_from(hand.first_lead))
        reply = answer(make_player("normal", 0), {"seat": hand.first_lead, "record": record})
        assert reply == {"cards": ["2C"]}, seed


@pytest.mark.parametrize("seats", [6, 8])
def test_a_seat_off_the_belmont_table_is_refused(seats: int) -> None:
    match = Match(RuleSet.preset("belmont", seats=seats), 2)
    match.start_hand()
    record = record_to_dict(record_of(match).seen_from(0))
    last = {"seat": seats - 1, "record": record_to_dict(record_of(match).seen_from(seats - 1))}
    assert len(answer(make_player("easy", 0), last)["cards"]) == 3
    for seat in (seats, -1):
        reply = answer(make_player("easy", 0), {"seat": seat, "record": record})
        assert "error" in reply and "seat must be 0.." in reply["error"]


def test_bad_requests_get_an_error_and_the_loop_goes_on() -> None:
    match = _mid_hand(1)
    hand = match.current
    assert hand is not None and hand.to_move is not None
    not_my_turn = (hand.to_move + 1) % 4
    lines = [
        "this is not json",
        json.dumps({"seat": 9, "record": {}}),
        json.dumps({"seat": 0, "record": {"format": "other"}}),
        json.dumps(
            {"seat": not_my_turn, "record": record_to_dict(record_of(match).seen_from(not_my_turn))}
        ),
        json.dumps(
            {
                "seat": hand.to_move,
                "record": record_to_dict(record_of(match).seen_from(hand.to_move)),
            }
        ),
    ]
    out = io.StringIO()
    serve(make_player("normal", 0), io.BytesIO(("\n".join(lines) + "\n").encode()), out)
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [("error" in r) for r in replies] == [True, True, True, True, False]
    assert "turn" in replies[3]["error"]


def test_peppa_qt_bot_command_answers_a_pass_request() -> None:
    match = Match(RuleSet.preset("peppa"), 11)
    match.start_hand()
    request = {"seat": 2, "record": record_to_dict(record_of(match).seen_from(2))}
    done = subprocess.run(
        [sys.executable, "-m", "peppa_qt", "bot", "--level", "normal", "--seed", "4"],
        input=json.dumps(request) + "\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=True,
    )
    cards = json.loads(done.stdout)["cards"]
    expected = make_player("normal", 4).decide(view_of(match, 2)).cards
    assert cards == [str(c) for c in expected]
    assert len(cards) == 3


def _in_process_dealt_as_with_a_program(
    rules: RuleSet, specs: list[str], count: int
) -> list[arena.PlayerStats]:
    """An arena run of in-process players only, dealt as a run with an outside program at
    the table is (from the whole seed, not from the public deal numbers): the same cards."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(arena, "has_programs", lambda specs: True)
        return run_arena(rules, specs, count, seed=5)


def test_our_bot_through_the_protocol_plays_like_the_in_process_player() -> None:
    rules = RuleSet.preset("hearts", ONE_HAND)
    command = f"ext:{sys.executable} -m peppa_qt bot --level normal --seed 5"
    try:
        through = run_arena(rules, ["normal", command, "easy", "easy"], 3, seed=5)
    finally:
        close_bots()
    direct = _in_process_dealt_as_with_a_program(rules, ["normal", "normal", "easy", "easy"], 3)
    assert [s.points for s in through] == [s.points for s in direct]


@pytest.mark.parametrize("seats", [6, 8])
def test_our_bot_through_the_protocol_plays_belmont_like_the_in_process_player(
    seats: int, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = RuleSet.preset("belmont", ONE_HAND, seats=seats)
    command = f"ext:{sys.executable} -m peppa_qt bot --level normal --seed 5"
    easy = ["easy"] * (seats - 2)
    try:
        through = run_arena(rules, ["normal", command, *easy], 1, seed=5)
    finally:
        close_bots()
    direct = _in_process_dealt_as_with_a_program(rules, ["normal", "normal", *easy], 1)
    assert [s.points for s in through] == [s.points for s in direct]
    assert [len(s.points) for s in through] == [seats] * seats  # one deal, N rotations
    assert "arena:" not in capsys.readouterr().err  # the bot kept its seat throughout


def test_a_lowest_legal_card_bot_plays_a_whole_arena_game(tmp_path: Path) -> None:
    rules = RuleSet.preset("peppa", {"end": {"mode": "points", "limit": 40}})
    bot = "ext:" + _script(tmp_path, "lowest.py", LOWEST_LEGAL_BOT)
    try:
        stats = run_arena(rules, [bot, "easy", "easy", "easy"], 1, seed=2)
    finally:
        close_bots()
    hands = len(stats[0].points)
    assert hands >= 4  # four rotations of a game of at least one hand
    assert sum(s.wins for s in stats) >= 4
    assert all(len(s.points) == hands for s in stats)


def test_an_illegal_bot_is_reported_and_replaced_never_a_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = RuleSet.preset("hearts", ONE_HAND)
    bot = "ext:" + _script(tmp_path, "broken.py", BROKEN_BOT)
    try:
        stats = run_arena(rules, [bot, "easy", "easy", "easy"], 1, seed=9)
    finally:
        close_bots()
    assert len(stats[0].points) == 4
    assert "normal level takes its seat" in capsys.readouterr().err


def test_a_passing_view_is_answered_with_three_cards_of_the_hand() -> None:
    match = Match(RuleSet.preset("torino"), 3)
    hand = match.start_hand()
    assert hand.phase is Phase.PASSING
    reply = answer(
        make_player("easy", 1), {"seat": 1, "record": record_to_dict(record_of(match).seen_from(1))}
    )
    assert len(reply["cards"]) == 3
    assert {c for c in reply["cards"]} <= {str(c) for c in cards_of(hand.hands[1])}


# A bot whose replies are well-formed card lists but illegal: always 2C (a one-card pass, then a
# card it no longer or never held), three copies of one card as its pass, a card it does not
# hold as its play, or a held card the rules forbid (not following suit, ...).
ILLEGAL_BOT = """
import json, sys
sys.path.insert(0, {root!r})
from peppa_qt.engine.cards import Card, cards_of
from peppa_qt.engine.record import record_from_dict
from peppa_qt.engine.seat_record import view_from_seat_record
mode = sys.argv[1]
for line in sys.stdin:
    request = json.loads(line)
    view = view_from_seat_record(record_from_dict(request["record"], hidden=True), request["seat"])
    held = cards_of(view.hand)
    if mode == "always-2C":
        cards = ["2C"]
    elif view.to_move is None:
        cards = [str(held[0])] * 3 if mode == "pass-one-card-thrice" else [str(c) for c in held[:3]]
    elif mode == "play-a-card-not-held":
        cards = [str(next(Card(i) for i in range(52) if not view.hand >> i & 1))]
    elif mode == "play-a-held-card-against-the-rules" and view.hand & ~view.legal:
        cards = [str(cards_of(view.hand & ~view.legal)[0])]
    else:
        cards = [str(cards_of(view.legal)[0])]
    print(json.dumps({{"cards": cards}}), flush=True)
"""


@pytest.mark.parametrize(
    "mode",
    [
        "always-2C",
        "pass-one-card-thrice",
        "play-a-card-not-held",
        "play-a-held-card-against-the-rules",
    ],
)
def test_a_bot_answering_illegal_cards_is_reported_and_the_normal_level_finishes_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mode: str
) -> None:
    rules = RuleSet.preset("hearts", ONE_HAND)
    bot = "ext:" + _script(tmp_path, "illegal.py", ILLEGAL_BOT) + " " + mode
    try:
        stats = run_arena(rules, [bot, "easy", "easy", "easy"], 1, seed=9)
    finally:
        close_bots()
    # All four rotations were played to the end (every card went through the engine's checks).
    assert [len(s.points) for s in stats] == [4, 4, 4, 4]
    assert sum(s.wins for s in stats) >= 4
    # The bot lost its seat in the first game, for the rest of the run, and the user was told
    # why, once.
    reports = [line for line in capsys.readouterr().err.splitlines() if line.startswith("arena:")]
    assert len(reports) == 1
    assert "made an illegal move" in reports[0] and "normal level takes its seat" in reports[0]


# Answers its first request with three cards of its hand (a legal pass), then exits.
ONE_ANSWER_BOT = """
import json, sys
sys.path.insert(0, {root!r})
from peppa_qt.engine.cards import cards_of
from peppa_qt.engine.record import record_from_dict
from peppa_qt.engine.seat_record import view_from_seat_record
request = json.loads(sys.stdin.readline())
view = view_from_seat_record(record_from_dict(request["record"], hidden=True), request["seat"])
print(json.dumps({{"cards": [str(c) for c in cards_of(view.hand)[:3]]}}), flush=True)
"""


def test_a_bot_that_exits_is_replaced_at_once_not_after_the_reply_timeout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = RuleSet.preset("hearts", ONE_HAND)
    bot = "ext:" + _script(tmp_path, "once.py", ONE_ANSWER_BOT)
    start = time.monotonic()
    try:
        stats = run_arena(rules, [bot, "easy", "easy", "easy"], 1, seed=3)
    finally:
        close_bots()
    assert time.monotonic() - start < 5  # the reply timeout is 30 s
    assert [len(s.points) for s in stats] == [4, 4, 4, 4]
    reports = [line for line in capsys.readouterr().err.splitlines() if line.startswith("arena:")]
    assert len(reports) == 1 and "ended" in reports[0]


# Answers nothing until its second request arrives, then both in order: 2C, then 3C.
LATE_BOT = """
import sys
sys.stdin.readline()
sys.stdin.readline()
print('{"cards": ["2C"]}')
print('{"cards": ["3C"]}', flush=True)
sys.stdin.readline()
"""


def test_a_late_reply_is_never_taken_as_the_answer_to_a_later_request(tmp_path: Path) -> None:
    record = record_of(Match(RuleSet.preset("hearts"), 1)).seen_from(0)
    bot = ExternalBot(_script(tmp_path, "late.py", LATE_BOT), timeout=0.2)
    try:
        with pytest.raises(BotError, match="no answer"):
            bot.ask(0, record)
        bot.timeout = 30.0
        assert [str(c) for c in bot.ask(0, record)] == ["3C"]
    finally:
        bot.close()


# Plays as the easy level and logs, for every request, its process and the seat asked.
LOGGING_BOT = """
import json, os, sys
sys.path.insert(0, {root!r})
from peppa_qt.ai import make_player
from peppa_qt.ai.protocol import answer
player = make_player("easy", 0)
for line in sys.stdin:
    request = json.loads(line)
    with open(sys.argv[1], "a") as log:
        log.write(f"{{os.getpid()}} {{request['seat']}}\\n")
    print(json.dumps(answer(player, request)), flush=True)
"""


def test_two_seats_of_one_command_are_two_programs_each_told_only_its_own_seat(
    tmp_path: Path,
) -> None:
    """Partners (seats 0 and 2) played by the same command: one process must not see both."""
    rules = RuleSet.preset("hearts", ONE_HAND)
    log = tmp_path / "asked.log"
    bot = "ext:" + _script(tmp_path, "logging.py", LOGGING_BOT) + f" {log}"
    try:
        stats = run_arena(rules, [bot, "easy", bot, "easy"], 1, seed=7)
    finally:
        close_bots()
    assert [len(s.points) for s in stats] == [4] * 4
    asked: dict[int, list[int]] = {}
    for line in log.read_text().splitlines():
        pid, seat = map(int, line.split())
        seats = asked.setdefault(pid, [])
        if not seats or seats[-1] != seat:
            seats.append(seat)
    # A program per listed player, asked in each of the four games for the one seat it holds.
    assert len(asked) == 2
    assert sorted(asked.values()) == [[0, 1, 2, 3], [2, 3, 0, 1]]
