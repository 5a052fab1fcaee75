"""``peppa-qt hint``: the coach's hint for the position a record ends at, from a whole record or
one seen from the seat (the bot protocol's), the same as the window's hint."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from peppa_qt.ai import make_player, review
from peppa_qt.ai.hints import sentence
from peppa_qt.ai.teacher import coach_hint
from peppa_qt.engine import Match, Phase, RuleSet, record_of, view_of, write_record
from peppa_qt.engine.record import record_to_dict
from tests.test_cli import assert_refused, run

SMALL = review.ReviewBudget(worlds=24, pass_worlds=24, pass_candidates=3)


@pytest.fixture(autouse=True)
def small_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    """The coach with few deals: the tests check what it prints, not how precisely."""
    monkeypatch.setattr(review, "DEFAULT_BUDGET", SMALL)


def stopped(preset: str, seed: int, plays: int) -> Match:
    """A game of normal players stopped after the pass and ``plays`` cards of its first hand."""
    match = Match(RuleSet.preset(preset), seed, track_undo=False)
    players = [make_player("normal", seed + s) for s in range(4)]
    hand = match.start_hand()
    if plays >= 0 and hand.phase is Phase.PASSING:
        for seat in range(4):
            match.pass_cards(seat, players[seat].decide(view_of(match, seat)).cards)
    for _ in range(max(plays, 0)):
        assert hand.to_move is not None
        match.play(players[hand.to_move].decide(view_of(match, hand.to_move)).cards[0])
    return match


def hint_json(path: Path, seat: int, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    from peppa_qt.cli import main

    assert main(["hint", str(path), "--seat", str(seat), "--json"]) == 0
    document: dict[str, object] = json.loads(capsys.readouterr().out)
    return document


@pytest.mark.parametrize(("preset", "plays"), [("peppa", -1), ("torino", 6), ("hearts", 21)])
def test_hint_of_a_record_and_of_the_seat_s_record_is_the_window_s(
    tmp_path: Path, preset: str, plays: int, capsys: pytest.CaptureFixture[str]
) -> None:
    match = stopped(preset, 4, plays)
    hand = match.current
    assert hand is not None
    seat = 2 if hand.phase is Phase.PASSING else hand.to_move
    assert seat is not None
    cards, reason = coach_hint(view_of(match, seat))  # what the window's hint asks
    whole, seen = tmp_path / "whole.json", tmp_path / "seen.json"
    whole.write_text(write_record(record_of(match)), encoding="utf-8")
    seen.write_text(json.dumps(record_to_dict(record_of(match).seen_from(seat))), "utf-8")
    expected = {
        "seat": seat,
        "hand": 1,
        "kind": "pass" if plays < 0 else "play",
        "trick": 0 if plays < 0 else plays // 4 + 1,
        "cards": [str(card) for card in cards],
        "reason": str(reason),
        "sentence": sentence(reason),
    }
    assert hint_json(whole, seat, capsys) == expected
    assert hint_json(seen, seat, capsys) == expected


def test_hint_text_names_the_cards_then_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from peppa_qt.cli import main

    match = stopped("hearts", 5, 0)
    path = tmp_path / "game.json"
    path.write_text(write_record(record_of(match)), encoding="utf-8")
    seat = match.current.to_move if match.current is not None else None
    assert seat is not None
    cards, reason = coach_hint(view_of(match, seat))
    assert main(["hint", str(path), "--seat", str(seat)]) == 0
    head, why = capsys.readouterr().out.splitlines()
    assert head.endswith(f"trick 1: {' '.join(str(c) for c in cards)}")
    assert why == f"  {reason}: {sentence(reason)}"


def test_hint_refuses_a_seat_not_to_play_or_not_there(tmp_path: Path) -> None:
    match = stopped("hearts", 6, 5)
    hand = match.current
    assert hand is not None and hand.to_move is not None
    path = tmp_path / "game.json"
    path.write_text(write_record(record_of(match)), encoding="utf-8")
    idle = (hand.to_move + 1) % 4
    assert_refused(run("hint", str(path), "--seat", str(idle)), f"not seat {idle}'s turn")
    assert_refused(run("hint", str(path), "--seat", "4"), "there is no seat 4")
    assert_refused(run("hint", str(tmp_path / "none.json"), "--seat", "0"), "cannot read")
