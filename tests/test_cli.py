"""The command line: ``peppa-qt --version`` and ``peppa-qt check FILE`` (DESIGN.md)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from peppa_qt import __version__
from peppa_qt.engine import (
    CardSet,
    Match,
    Phase,
    RuleSet,
    cards_of,
    record_of,
    summary,
    write_record,
)
from peppa_qt.engine.cardset import listed, minus
from peppa_qt.engine.record import record_to_dict

ROOT = Path(__file__).resolve().parents[1]
SUMMARY_KEYS = ["hands", "totals", "over", "ranking", "winners", "to_move"]

# Hearts without passing, South holds the 2♣ (clockwise: South, West, North, East).
FIRST_TRICK = [
    "2C 3C KD AD 2S 3S 4S 5S 6S 7S 8S 9S TS",
    "4C 5C 6C 7C 8C 9C TC JC QC KC AC JS KS",
    "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS",
    "2H AS 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
]
UNBROKEN = [
    "2C 5C 6C 7C 2S 2D 3D 4D 5D 6D 7D 8D 9D",
    "3C AS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
    "4C 8C 9C TC JC QC KC 3S TD JD QD KD AD",
    "AC KH AH 4S 5S 6S 7S 8S 9S TS JS QS KS",
]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "peppa_qt", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )


def check(
    tmp_path: Path, content: str | bytes | dict[str, Any]
) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "game.json"
    if isinstance(content, dict):
        content = json.dumps(content)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return run("check", str(path))


def assert_refused(done: subprocess.CompletedProcess[str], *words: str) -> str:
    """Exit 2, nothing on stdout, exactly one line on stderr holding ``words``, no traceback."""
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert "Traceback" not in done.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def hearts_hold(deal: list[str], play: str, **fields: Any) -> dict[str, Any]:
    hand = {"dealer": 1, "deal": deal, "play": play, **fields}
    return {
        "format": "peppa-record",
        "version": 1,
        "rules": {"preset": "hearts", "options": {"pass_cycle": ["hold"]}},
        "hands": [hand],
    }


def random_match(preset: str, seed: int, actions: int | None = None, **options: Any) -> Match:
    rng = random.Random(seed)
    match = Match(RuleSet.preset(preset, options), seed)
    done = 0
    while not match.is_over:
        hand = match.start_hand()
        while hand.phase is not Phase.SCORED:
            if actions is not None and done >= actions:
                return match
            if hand.phase is Phase.PASSING:
                seat = next(s for s in range(4) if hand.passes[s] is None)
                hand.pass_cards(seat, rng.sample(cards_of(hand.hands[seat]), 3))
            else:
                hand.play(rng.choice(cards_of(hand.legal_mask())))
            done += 1
    return match


def document_of(match: Match) -> dict[str, Any]:
    return record_to_dict(record_of(match))


# ----------------------------------------------------------------- good files


def test_version() -> None:
    done = run("--version")
    assert done.returncode == 0
    assert done.stdout.strip() == f"peppa-qt {__version__}"


@pytest.mark.parametrize("preset", ["peppa", "torino", "hearts"])
def test_check_prints_the_summary(tmp_path: Path, preset: str) -> None:
    match = random_match(preset, 4)
    done = check(tmp_path, write_record(record_of(match)))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    printed = json.loads(done.stdout)
    assert list(printed) == SUMMARY_KEYS
    assert printed == summary(match)
    assert printed["over"] is True and printed["to_move"] is None
    assert sorted(printed["ranking"]) == [0, 1, 2, 3]
    assert all(set(h) == {"points", "moon"} for h in printed["hands"])
    assert printed["totals"] == [sum(h["points"][s] for h in printed["hands"]) for s in range(4)]


def test_check_of_a_moon(tmp_path: Path) -> None:
    # West holds every club: it leads the 2♣ and takes all 13 tricks.
    deal = [
        " ".join(r + "S" for r in "23456789TJQKA"),
        " ".join(r + "H" for r in "23456789TJQKA"),
        " ".join(r + "D" for r in "23456789TJQKA"),
        " ".join(r + "C" for r in "23456789TJQKA"),
    ]
    play = " ".join(f"{r}C {r}D {r}H {r}S" for r in "23456789TJQKA")
    document = hearts_hold(deal, play, dealer=0)
    done = check(tmp_path, document)
    printed = json.loads(done.stdout)
    assert printed["hands"] == [{"points": [26, 26, 26, 0], "moon": 3}]
    assert printed["ranking"][0] == 3 and printed["to_move"] is None and not printed["over"]


@pytest.mark.parametrize(
    ("actions", "to_move"),
    [
        (0, None),  # dealt, passing not begun
        (3, None),  # three of four passes made
        (4, "seat"),  # passing done: the first leader is to play
        (4 + 6, "seat"),  # in the middle of trick 2
        (56, None),  # hand 1 scored, hand 2 dealt but nobody passed
    ],
)
def test_check_of_games_in_progress(tmp_path: Path, actions: int, to_move: str | None) -> None:
    match = random_match("peppa", 12, actions=actions)
    done = check(tmp_path, write_record(record_of(match)))
    assert done.returncode == 0, done.stderr
    printed = json.loads(done.stdout)
    assert printed["to_move"] == (match.current.to_move if to_move else None)
    if to_move:
        assert printed["to_move"] is not None
    assert printed["over"] is False and printed["winners"] == []


# ------------------------------------------------------------------ bad files


def test_unreadable_path(tmp_path: Path) -> None:
    assert_refused(run("check", str(tmp_path / "nowhere.json")), "cannot read")
    assert_refused(run("check", str(tmp_path)), "cannot read")


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ('{"format": "peppa-record", "version": 1,', ["not valid JSON"]),
        (b"\xff\xfe\x00junk", ["not valid JSON"]),
        ("[" * 50_000, ["not valid JSON"]),
        ('{"format": "pgn", "version": 1}', ["format"]),
        ('{"format": "peppa-record", "version": 2}', ["version 2", "newer"]),
        ('{"format": "peppa-record", "version": "one"}', ["version", "unknown"]),
        ('{"format": "peppa-record", "version": ' + "7" * 5000 + "}", ["not valid JSON"]),
    ],
)
def test_refused_files(tmp_path: Path, content: str | bytes, words: list[str]) -> None:
    assert_refused(check(tmp_path, content), *words)


@pytest.mark.parametrize(
    ("deal", "play", "words"),
    [
        (
            FIRST_TRICK,
            "2C 3C",
            ["hand 1", "trick 1", "seat 3 (West)", "card 3C", "not in the hand"],
        ),
        (
            FIRST_TRICK,
            "2C 2D QS KS",
            ["hand 1", "trick 1", "seat 1 (East)", "card KS", "follow clubs"],
        ),
        (FIRST_TRICK, "AD", ["hand 1", "trick 1", "seat 0 (South)", "card AD", "2C must lead"]),
        (FIRST_TRICK, "2C 2H", ["trick 1", "seat 3 (West)", "card 2H", "first trick"]),
        (
            UNBROKEN,
            "2C AC 4C 3C KH",
            ["trick 2", "seat 3 (West)", "card KH", "hearts may not be led"],
        ),
    ],
)
def test_refused_plays(tmp_path: Path, deal: list[str], play: str, words: list[str]) -> None:
    assert_refused(check(tmp_path, hearts_hold(deal, play)), *words)


def test_refused_duplicated_and_missing_cards(tmp_path: Path) -> None:
    duplicated = [*FIRST_TRICK[:3], FIRST_TRICK[3].replace("QD", "KD")]
    assert_refused(
        check(tmp_path, hearts_hold(duplicated, "")), "hand 1", "seat 3 (West)", "card KD", "twice"
    )
    missing = [*FIRST_TRICK[:3], FIRST_TRICK[3].replace(" QD", "")]
    assert_refused(
        check(tmp_path, hearts_hold(missing, "")), "hand 1", "seat 3 (West)", "card QD", "missing"
    )


def test_refused_passes(tmp_path: Path) -> None:
    document = document_of(random_match("peppa", 3, actions=4))
    passes = document["hands"][0]["pass"]
    short = [" ".join(passes[0].split()[:2]), *passes[1:]]
    done = check(tmp_path, {**document, "hands": [{**document["hands"][0], "pass": short}]})
    assert_refused(done, "hand 1", "seat 0 (South)", "exactly 3")
    stranger = document["hands"][0]["deal"][1].split()[0]  # an East card
    wrong = [
        " ".join([*passes[2].split()[:2], stranger]) if s == 2 else p for s, p in enumerate(passes)
    ]
    done = check(tmp_path, {**document, "hands": [{**document["hands"][0], "pass": wrong}]})
    assert_refused(done, "hand 1", "seat 2 (North)", f"card {stranger}", "not in the hand")


def test_refused_hand_after_the_end_and_wrong_dealer(tmp_path: Path) -> None:
    match = random_match("peppa", 5, end={"mode": "hands", "count": 1})
    document = document_of(match)
    extra = dict(document["hands"][0], dealer=(match.first_dealer + 1) % 4)
    done = check(tmp_path, {**document, "hands": [*document["hands"], extra]})
    assert_refused(done, "hand 2", "after the game ended")
    longer = document_of(random_match("hearts", 5, end={"mode": "hands", "count": 2}))
    expected = longer["hands"][1]["dealer"]
    longer["hands"][1]["dealer"] = (expected + 1) % 4
    assert_refused(check(tmp_path, longer), "hand 2", f"dealer must be seat {expected}")


def test_junk_files_exit_2_with_one_line(tmp_path: Path) -> None:
    rng = random.Random(2024)
    good = write_record(record_of(random_match("hearts", 9, actions=80)))
    junk = [
        good[: len(good) // 2],
        good.replace('"play": "', '"play": "XX ', 1),
        good.replace('"deal": [', '"deal": [null, ', 1),
        good.replace('"dealer": ', '"dealer": "', 1),
        bytes(rng.randrange(256) for _ in range(200)),
        json.dumps([1, {"format": "peppa-record"}]),
    ]
    for number, content in enumerate(junk):
        path = tmp_path / f"junk{number}.json"
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        assert_refused(run("check", str(path)))


@pytest.mark.parametrize("count", ["0", "-3"])
def test_quit_after_hands_must_be_at_least_one(
    count: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from peppa_qt.cli import main

    with pytest.raises(SystemExit) as stopped:
        main(["--quit-after-hands", count])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert "--quit-after-hands" in error and "at least 1" in error


def test_a_frozen_worker_is_let_through_before_the_command_line_is_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In a frozen app the expert's and the arena's worker processes start this entry point:
    ``freeze_support`` must take them before argparse sees their arguments."""
    import multiprocessing

    from peppa_qt import cli

    order: list[str] = []

    def worker_taken() -> None:
        order.append("freeze_support")
        raise SystemExit(0)  # as a worker process does once its task is over

    monkeypatch.setattr(multiprocessing, "freeze_support", worker_taken)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    with pytest.raises(SystemExit):
        cli.main(["--multiprocessing-fork", "tracker_fd=5", "pipe_handle=7"])
    assert order == ["freeze_support"]


def test_check_lists_torinos_two_winners_best_first(tmp_path: Path) -> None:
    """DESIGN.md: "winners": [seats best first], in the ranking's order, not the seats'."""
    for seed in range(40):
        match = Match(RuleSet.preset("torino", {"end": {"mode": "hands", "count": 1}}), seed)
        hand = match.start_hand()
        rng = random.Random(seed)
        if hand.phase is Phase.PASSING:
            for seat in range(4):
                hand.pass_cards(seat, rng.sample(cards_of(hand.hands[seat]), 3))
        while hand.to_move is not None:
            hand.play(rng.choice(cards_of(hand.legal_mask())))
        path = tmp_path / f"torino-{seed}.json"
        path.write_text(write_record(record_of(match)))
        printed = json.loads(run("check", str(path)).stdout)
        assert printed["winners"] == printed["ranking"][:2]
        if printed["winners"] != sorted(printed["winners"]):
            return  # a game whose best winner sits after the other: the order was shown
    pytest.fail("no game among 40 had its winners out of seat order")


@pytest.mark.skipif(os.name != "posix", reason="SIGPIPE and its exit status are POSIX's")
@pytest.mark.parametrize("command", ["check", "bot"])
def test_output_to_a_reader_that_is_gone_ends_quietly(tmp_path: Path, command: str) -> None:
    """``peppa-qt check FILE | head -c0``: no traceback, the status of a tool ended by SIGPIPE."""
    match = Match(RuleSet.preset("hearts"), 3)
    match.start_hand()
    path = tmp_path / "game.json"
    path.write_text(write_record(record_of(match)))
    request = json.dumps({"seat": 0, "record": record_to_dict(record_of(match).seen_from(0))})
    reader, writer = os.pipe()
    os.close(reader)  # the reader has gone before anything is written
    try:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "peppa_qt",
                *(["check", str(path)] if command == "check" else ["bot"]),
            ],
            input=(request + "\n").encode() * 3,
            stdout=writer,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            timeout=60,
            check=False,
        )
    finally:
        os.close(writer)
    assert done.stderr == b""
    assert done.returncode == 128 + 13


@pytest.mark.skipif(os.name != "posix", reason="a newline in a file name is POSIX's")
def test_check_escapes_a_file_name_that_would_drive_the_terminal(tmp_path: Path) -> None:
    path = tmp_path / "game\n\x1b]0;pwned\x07.json"
    path.write_text("not json", encoding="utf-8")
    line = assert_refused(run("check", str(path)), "not valid JSON")
    assert "\x1b" not in line and "\x07" not in line
    assert repr(str(path)) in line
    assert_refused(
        run("check", str(tmp_path / "no\nsuch.json")), repr(str(tmp_path / "no\nsuch.json"))
    )


# ----------------------------------------------------- Belmont: six and eight players


def belmont_match(seats: int, seed: int, actions: int | None = None, **options: Any) -> Match:
    """A Belmont game of random legal moves (stopped after ``actions`` if given)."""
    rng = random.Random(seed)
    match = Match(RuleSet.preset("belmont", options, seats=seats), seed)
    done = 0
    while not match.is_over:
        hand = match.start_hand()
        while hand.phase is not Phase.SCORED:
            if actions is not None and done >= actions:
                return match
            if hand.phase is Phase.PASSING:
                seat = next(s for s in range(seats) if hand.passes[s] is None)
                hand.pass_cards(seat, rng.sample(listed(hand.hands[seat]), 3))
            else:
                hand.play(rng.choice(cards_of(hand.legal_mask())))
            done += 1
    return match


def belmont_deal(rules: RuleSet, given: dict[int, str]) -> list[int]:
    """The hands of ``given`` (copies written twice), the rest of the deck to the others."""
    hands = [CardSet.parse(given.get(s, "")).mask for s in range(rules.seats)]
    rest = rules.deck_mask
    for held in hands:
        rest = minus(rest, held)
    pool = listed(rest)
    for seat in (s for s in range(rules.seats) if s not in given):
        hands[seat] = CardSet.of(pool[:13]).mask
        del pool[:13]
    return hands


def belmont_document(seats: int, given: dict[int, str], passing: bool = False) -> dict[str, Any]:
    """A record of one Belmont hand dealt ``given`` by dealer 0, nothing played yet (passing
    to the left, or a hold hand)."""
    rules = RuleSet.preset("belmont", {"pass_cycle": ["left" if passing else "hold"]}, seats=seats)
    match = Match(rules, 1, dealer=0)
    match.start_hand(belmont_deal(rules, given))
    return document_of(match)


#: Eight seats, dealer 0 (turn 7, 6 … 0): seat 7 leads its 2♣, seat 5 holds one Q♠ and the
#: other 2♣, seat 3 no club but the K♠, a Q♠ and hearts.
EIGHT = {
    7: "2C 3C 3C 4C 4C 5C 5C 6C 6C 7C 7C 8C 8C",
    6: "9C 9C TC TC JC JC QC QC KC KC 2D 2D 3D",
    5: "2C QS 3S 4S 5S 6S 7S 8S 9S TS JS 2S 2S",
    3: "KS QS 2H 2H 3H 3H 4H 4H 5H 5H 6H 6H 7H",
    0: "AC AC 3D 4D 4D 5D 5D 6D 6D 7D 7D 8D 8D",
}


@pytest.mark.parametrize("seats", [6, 8])
def test_check_prints_a_belmont_summary_for_every_seat(tmp_path: Path, seats: int) -> None:
    match = belmont_match(seats, 4)
    done = check(tmp_path, write_record(record_of(match)))
    assert done.returncode == 0, done.stderr
    printed = json.loads(done.stdout)
    assert printed == summary(match) and printed["over"] is True
    assert all(len(h["points"]) == seats for h in printed["hands"])
    assert printed["totals"] == [
        sum(h["points"][s] for h in printed["hands"]) for s in range(seats)
    ]
    assert sorted(printed["ranking"]) == list(range(seats))
    assert all(
        sum(h["points"]) == {6: 56, 8: 86}[seats] for h in printed["hands"] if h["moon"] is None
    )
    middle = belmont_match(seats, 5, actions=seats + 13 * seats + seats + 5)  # in hand 2's play
    printed = json.loads(check(tmp_path, write_record(record_of(middle))).stdout)
    assert printed["to_move"] == middle.current.to_move and len(printed["totals"]) == seats


@pytest.mark.parametrize("seats", [6, 8])
def test_check_of_a_belmont_moon(tmp_path: Path, seats: int) -> None:
    """Six seats: seat 2 holds every club; eight: seat 0 the A♣ and both copies of 9♠ … A♠.
    Playing its highest card, that seat takes every trick: 0 for it, 56 / 86 to the others."""
    shooter = 2 if seats == 6 else 0
    given = (
        {2: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"}
        if seats == 6
        else {**{s: EIGHT[s] for s in (7, 6)}, 0: "AC AS AS KS KS QS QS JS JS TS TS 9S 9S"}
    )
    rules = RuleSet.preset("belmont", {"pass_cycle": ["hold"]}, seats=seats)
    match = Match(rules, 1, dealer=0)
    hand = match.start_hand(belmont_deal(rules, given))
    while hand.phase is Phase.PLAYING:
        legal = cards_of(hand.legal_mask())
        hand.play(legal[-1] if hand.to_move == shooter else legal[0])
    printed = json.loads(check(tmp_path, document_of(match)).stdout)
    total = {6: 56, 8: 86}[seats]
    assert printed["hands"] == [
        {"points": [0 if s == shooter else total for s in range(seats)], "moon": shooter}
    ]
    assert printed["ranking"][0] == shooter and printed["to_move"] is None


def third_queen(document: dict[str, Any]) -> None:
    deal = document["hands"][0]["deal"]  # seats 3 and 5 hold a Q♠ each
    deal[6] = " ".join(["QS", *deal[6].split()[1:]])


def six_with(card: str) -> Any:
    def mutate(document: dict[str, Any]) -> None:
        deal = document["hands"][0]["deal"]
        deal[4] = " ".join([card, *deal[4].split()[1:]])

    return mutate


def players(count: int, preset: str = "belmont") -> Any:
    def mutate(document: dict[str, Any]) -> None:
        document["rules"]["preset"] = preset
        document["players"] = [{"name": f"P{s}"} for s in range(count)]

    return mutate


def option(name: str, value: object) -> Any:
    def mutate(document: dict[str, Any]) -> None:
        document["rules"].setdefault("options", {})[name] = value

    return mutate


def first_trick_queen(document: dict[str, Any]) -> None:
    document["hands"][0]["play"] = "2C 9C 2C 9S QS"


def two_queens_passed(document: dict[str, Any]) -> None:
    hand = document["hands"][0]
    hand["pass"] = [" ".join(d.split()[-3:]) for d in hand["deal"]]
    hand["pass"][5] = "QS QS 3S"


BELMONT_REFUSALS: list[tuple[str, int, bool, Any, list[str]]] = [
    (
        "third copy",
        8,
        False,
        third_queen,
        ["hand 1", "seat 6", "card QS", "three times", "also to seats 3 and 5"],
    ),
    ("two Q♠ of six", 6, False, six_with("QS"), ["seat 4", "card QS", "twice", "deck has one"]),
    ("two 2♣ of six", 6, False, six_with("2C"), ["seat 4", "card 2C", "twice", "deck has one"]),
    ("five players", 6, False, players(5), ["players must be a list of 4, 6 or 8"]),
    ("seven players", 8, False, players(7), ["players must be a list of 4, 6 or 8"]),
    ("belmont of four", 6, False, players(4), ["belmont is played by 6 or 8 players, not 4"]),
    ("peppa of six", 6, False, players(6, "peppa"), ["peppa is played by 4 players, not 6"]),
    ("J♦", 6, False, option("jack_of_diamonds", 10), ["not take", "jack_of_diamonds"]),
    ("7♣", 8, False, option("seven_of_clubs", 7), ["not take", "seven_of_clubs"]),
    ("36 cards", 6, False, option("deck", 36), ["not take", "deck"]),
    ("teams", 8, False, option("teams", True), ["not take", "teams"]),
    (
        "Q♠ on trick 1",
        8,
        False,
        first_trick_queen,
        ["hand 1", "trick 1", "seat 3", "card QS", "no heart or Q♠ on the first trick"],
    ),
    ("two Q♠ passed", 8, True, two_queens_passed, ["hand 1", "seat 5", "card QS", "passed twice"]),
]


@pytest.mark.parametrize(
    ("seats", "passing", "mutate", "words"),
    [case[1:] for case in BELMONT_REFUSALS],
    ids=[case[0] for case in BELMONT_REFUSALS],
)
def test_check_refuses_a_broken_belmont_record_in_one_line(
    tmp_path: Path, seats: int, passing: bool, mutate: Any, words: list[str]
) -> None:
    document = belmont_document(
        seats, EIGHT if seats == 8 else {0: "QS 2C 2D 2D 3D 3D 4D 4D 5D 5D 6D 6D 7D"}, passing
    )
    assert check(tmp_path, document).returncode == 0  # the record before its damage is good
    mutate(document)
    line = assert_refused(check(tmp_path, document), *words)
    assert "could not be checked" not in line


def test_the_bot_command_leads_a_belmont_hand_at_eight_seats() -> None:
    """``peppa-qt bot`` is asked, from the seat that leads, for the first card of an
    eight-seat hand, and for a seat that is not at the table."""
    rules = RuleSet.preset("belmont", {"pass_cycle": ["hold"]}, seats=8)
    match = Match(rules, 12)
    hand = match.start_hand()
    leader = hand.first_lead
    requests = [
        {"seat": leader, "record": record_to_dict(record_of(match).seen_from(leader))},
        {"seat": 8, "record": record_to_dict(record_of(match).seen_from(0))},
    ]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "peppa_qt", "bot", "--level", "hard"],
        input="".join(json.dumps(r) + "\n" for r in requests),
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=True,
    )
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert replies == [{"cards": ["2C"]}, {"error": "seat must be 0..7"}]


def test_the_arena_command_line_names_belmont_and_its_tables() -> None:
    done = run("arena", "--help")
    assert done.returncode == 0
    assert "belmont" in done.stdout and "six or eight for belmont" in " ".join(done.stdout.split())
    refused = run("arena", "--rules", "belmont", "--players", "easy,easy,easy,easy", "--hands", "1")
    assert refused.returncode == 2
    assert refused.stderr == "peppa-qt arena: belmont is played by 6 or 8 players\n"


def test_an_invalid_end_in_the_arena_options_is_refused_for_hands_as_for_games() -> None:
    """--hands plays single deals whatever end the options name, but never drops a wrong one."""
    wrong = '{"end": {"mode": "hands", "count": 0}}'
    for count in ("--games", "--hands"):
        assert_refused(run("arena", count, "1", "--options", wrong), "peppa-qt arena:", "end")
    fine = run("arena", "--hands", "1", "--options", '{"end": {"mode": "points", "limit": 50}}')
    assert fine.returncode == 0 and fine.stdout.startswith("4 games, 4 hands")


# ----------------------------------------------------- review: the coach


@pytest.fixture
def small_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    """The coach with few deals: the tests check what it prints, not how precisely."""
    from peppa_qt.ai import review

    budget = review.ReviewBudget(worlds=24, pass_worlds=24, pass_candidates=3)
    monkeypatch.setattr(review, "DEFAULT_BUDGET", budget)


def review_file(tmp_path: Path) -> Path:
    """A game of random moves: hand 1 finished, hand 2 under way."""
    match = random_match("peppa", 4, actions=70)
    path = tmp_path / "game.json"
    path.write_text(write_record(record_of(match)), encoding="utf-8")
    return path


@pytest.mark.usefixtures("small_reviews")
def test_review_json_grades_every_decision_of_the_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DESIGN.md: per decision the legal choices with expected points and standard errors,
    the chosen, the best, the loss, the grade and the reason; finished hands only."""
    from peppa_qt.cli import main

    assert main(["review", str(review_file(tmp_path)), "--seat", "1", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["seat"] == 1
    assert [h["hand"] for h in document["hands"]] == [1]  # hand 2 is not over
    decisions = document["hands"][0]["decisions"]
    assert [d["kind"] for d in decisions] == ["pass"] + ["play"] * 13
    assert [d["trick"] for d in decisions] == list(range(14))
    keys = {"trick", "kind", "chosen", "best", "loss", "grade", "reason", "values", "hindsight"}
    grades = {"good", "inaccuracy", "mistake", "blunder"}
    for d in decisions:
        assert keys <= d.keys() and d["grade"] in grades and d["loss"] >= 0
        assert len(d["chosen"]) == (3 if d["kind"] == "pass" else 1)
        if d["values"]:
            assert " ".join(d["chosen"]) in d["values"] and " ".join(d["best"]) in d["values"]
            best, chosen = d["values"][" ".join(d["best"])], d["values"][" ".join(d["chosen"])]
            assert d["loss"] == pytest.approx(best[0] - chosen[0], abs=0.002)
            assert all(len(pair) == 2 and pair[1] >= 0 for pair in d["values"].values())
    marked = [d for d in decisions if d["grade"] != "good"]
    assert marked, "random moves always cost something"
    assert document["hands"][0]["lost"] == pytest.approx(sum(d["loss"] for d in marked), abs=0.01)


@pytest.mark.usefixtures("small_reviews")
def test_review_text_names_the_hand_the_seat_and_each_decision(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from peppa_qt.cli import main

    assert main(["review", str(review_file(tmp_path)), "--seat", "0", "--hand", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Hand 1, seat 0 (South): ")
    assert "points lost" in lines[0] or "no choice marked" in lines[0]
    places = [line.split()[0] for line in lines[1:] if line.startswith("  ") and line[2] != " "]
    assert places == ["pass"] + ["trick"] * 13


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--seat", "4"], ["there is no seat 4", "0 to 3"]),
        (["--seat", "0", "--hand", "2"], ["hand 2 is not a finished hand"]),
        (["--seat", "0", "--hand", "7"], ["hand 7 is not a finished hand"]),
    ],
)
def test_review_refuses_a_seat_or_hand_the_record_does_not_have(
    tmp_path: Path, args: list[str], words: list[str]
) -> None:
    assert_refused(run("review", str(review_file(tmp_path)), *args), *words)


def test_review_of_a_file_that_is_not_a_record_says_why(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("{}", encoding="utf-8")
    assert_refused(run("review", str(path), "--seat", "0"), "not a game record")
    assert_refused(run("review", str(tmp_path / "none.json"), "--seat", "0"), "cannot read")
