"""The bot protocol: our players for other programs, other programs in our arena."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from peppa_qt.ai import make_player
from peppa_qt.ai.arena import close_bots, run_arena
from peppa_qt.ai.protocol import answer, serve
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
    serve(make_player("normal", 0), io.StringIO("\n".join(lines) + "\n"), out)
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


def test_our_bot_through_the_protocol_plays_like_the_in_process_player() -> None:
    rules = RuleSet.preset("hearts", ONE_HAND)
    command = f"ext:{sys.executable} -m peppa_qt bot --level normal --seed 5"
    try:
        through = run_arena(rules, ["normal", command, "easy", "easy"], 3, seed=5)
    finally:
        close_bots()
    direct = run_arena(rules, ["normal", "normal", "easy", "easy"], 3, seed=5)
    assert [s.points for s in through] == [s.points for s in direct]


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
