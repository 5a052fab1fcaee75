"""Hostile files: a pipe, a device or a giant never hangs or fills the memory; JSON is read
strictly; hostile values are quoted briefly; names that cannot be saved never enter; long
games cost linear time; what a killed write leaves behind is swept."""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from peppa_qt.cli import main
from peppa_qt.engine import Match, Phase, RuleSet, cards_of, record_of, write_record
from peppa_qt.engine.record import read_record, record_to_dict, replay
from peppa_qt.engine.view import totals_of, view_of
from peppa_qt.safe_read import MAX_FILE_BYTES, UnsafeFileError, read_regular_file
from peppa_qt.storage import FileKind, Locations, ProblemKind, Profile
from peppa_qt.storage.files import STALE_AFTER_SECONDS, save_text, sweep_temporaries

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")


def _check(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """``peppa-qt check`` on ``path`` in a thread: it must end within 10 s."""
    result: list[int] = []
    worker = threading.Thread(target=lambda: result.append(main(["check", str(path)])))
    worker.start()
    worker.join(10)
    assert not worker.is_alive(), "check hangs"
    return result[0], capsys.readouterr().err


def _record(**changes: Any) -> dict[str, Any]:
    match = Match(RuleSet.preset("hearts"), 5)
    match.start_hand()
    document = record_to_dict(record_of(match))
    document.update(changes)
    return document


@needs_fifo
def test_check_refuses_a_pipe_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    code, err = _check(fifo, capsys)
    assert code == 2 and "not a regular file" in err


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_check_refuses_an_endless_device(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = _check(Path("/dev/zero"), capsys)
    assert code == 2 and "not a regular file" in err


def test_a_file_over_the_cap_is_refused_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    giant = tmp_path / "giant.json"
    with giant.open("wb") as out:  # sparse: no need to write the bytes
        out.truncate(MAX_FILE_BYTES + 1)
    code, err = _check(giant, capsys)
    assert code == 2 and "larger than 16 MB" in err
    with pytest.raises(UnsafeFileError):
        read_regular_file(giant)


@needs_fifo
def test_a_pipe_in_place_of_the_settings_does_not_hang_the_app(tmp_path: Path) -> None:
    where = Locations.under(tmp_path)
    where.config_dir.mkdir(parents=True)
    os.mkfifo(where.settings_file)
    result: list[tuple[object, Any]] = []
    worker = threading.Thread(target=lambda: result.append(Profile(where).load_settings()))
    worker.start()
    worker.join(10)
    assert not worker.is_alive()
    _, problem = result[0]
    assert problem is not None and problem.kind is ProblemKind.UNREADABLE
    assert where.settings_file.exists()  # not ours to rename or delete


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('{"format": "peppa-record", "format": "peppa-record", "version": 1}', "given twice"),
        ('{"format": "peppa-record", "version": 1, "seed": ' + "7" * 5000 + "}", "too large"),
        ("[" * 100_000, "nested too deeply"),
        ('{"format": "peppa-record", "version": "' + "9" * 10_000_000 + '"}', "version"),
    ],
)
def test_hostile_json_gets_one_short_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, said: str
) -> None:
    path = tmp_path / "hostile.json"
    path.write_text(text)
    code, err = _check(path, capsys)
    assert code == 2 and said in err
    assert len(err.splitlines()) == 1 and len(err) < 300


def test_a_lead_given_while_cards_are_passed_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = _record()
    document["hands"][0]["lead"] = 1
    path = tmp_path / "lead.json"
    path.write_text(json.dumps(document))
    code, err = _check(path, capsys)
    assert code == 2 and "passing" in err


@pytest.mark.parametrize("name", ["\ud800", "Anna\nBruno", "x" * 101, "   ", "bell\a"])
def test_a_record_with_a_name_that_cannot_be_saved_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    document = _record()
    document["players"][2]["name"] = name
    path = tmp_path / "names.json"
    path.write_text(json.dumps(document))  # ensure_ascii: a lone surrogate as \ud800
    code, err = _check(path, capsys)
    assert code == 2 and "name" in err


def test_names_of_every_script_and_emoji_are_welcome(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = _record()
    for seat, name in enumerate(["Nicolò", "Ζωή", "李雷", "Anna 👩‍👩‍👧"]):
        document["players"][seat]["name"] = name
    path = tmp_path / "names.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    code, _ = _check(path, capsys)
    assert code == 0


def test_a_write_that_cannot_be_encoded_is_a_problem_and_keeps_the_old_file(
    tmp_path: Path,
) -> None:
    path = tmp_path / "settings.json"
    path.write_text("old\n")
    problem = save_text(path, "name: \ud800\n", FileKind.SETTINGS)
    assert problem is not None and problem.kind is ProblemKind.NOT_SAVED
    assert path.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]  # no temporary left


def test_stale_temporaries_are_swept_and_fresh_ones_kept(tmp_path: Path) -> None:
    stale = tmp_path / ".autosave.json.k2j3.tmp"
    fresh = tmp_path / ".autosave.json.a9b8.tmp"
    other = tmp_path / "notes.tmp"  # not a name write_atomic makes
    for path in (stale, fresh, other):
        path.write_text("half a write")
    old = time.time() - STALE_AFTER_SECONDS - 60
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    assert sweep_temporaries(tmp_path) == 1
    assert not stale.exists() and fresh.exists() and other.exists()
    assert sweep_temporaries(tmp_path / "missing") == 0


def test_the_profile_sweeps_all_its_folders(tmp_path: Path) -> None:
    where = Locations.under(tmp_path)
    left = []
    for folder in (where.config_dir, where.data_dir, where.saves_dir):
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / ".x.json.abcd.tmp"
        path.write_text("{")
        old = time.time() - 2 * STALE_AFTER_SECONDS
        os.utime(path, (old, old))
        left.append(path)
    assert Profile(where).sweep_temporaries() == 3
    assert not any(path.exists() for path in left)


def _played(hands: int, seed: int) -> Match:
    import random

    rules = RuleSet.preset("torino", {"end": {"mode": "hands", "count": hands + 1}, "teams": True})
    match = Match(rules, seed)
    rng = random.Random(seed)
    for index in range(hands + 1):
        hand = match.start_hand()
        if hand.phase is Phase.PASSING:
            for seat in range(4):
                match.pass_cards(seat, rng.sample(cards_of(hand.hands[seat]), 3))
        for _ in range(52 if index < hands else 9):
            match.play(rng.choice(cards_of(hand.legal_mask())))
    return match


def test_running_totals_agree_with_the_hands_through_undo_and_replay() -> None:
    """The totals kept as hands end are those of all the hands, whatever happened."""
    match = _played(30, 4)
    points = [r.points for r in match.results()]
    assert match.totals_before() == list(totals_of(match.rules, points))
    view = view_of(match, 1)
    assert view.history == tuple(points) and view.totals == totals_of(match.rules, points)
    again = replay(read_record(write_record(record_of(match))))
    assert again.totals() == match.totals() and again.results() == match.results()
    while len(match.hands) == 31:  # back into the hand before: its last card taken back
        match.undo()
    earlier = [r.points for r in match.results()]
    assert len(earlier) == 29
    assert match.totals_before() == list(totals_of(match.rules, earlier))


def test_a_record_padded_with_junk_is_refused_before_it_is_built(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = _record()
    text = json.dumps(document)[:-1] + ', "junk": [' + ",".join(["[]"] * 600_000) + "]}"
    path = tmp_path / "padded.json"
    path.write_text(text)
    code, err = _check(path, capsys)
    assert code == 2 and "far more values than a game holds" in err
    path.write_text(json.dumps(document))
    assert _check(path, capsys)[0] == 0


def _belmont_autosave(seats: int) -> dict[str, Any]:
    """An autosave of a Belmont game in its second trick, with both copies of a card chosen."""
    import random

    from peppa_qt.engine import PlayerInfo
    from peppa_qt.engine.cardset import listed
    from peppa_qt.engine.deals import NumberedDeal
    from peppa_qt.storage import SavedGame, default_seeds
    from peppa_qt.storage.saves import saved_game_to_json

    rules = RuleSet.preset("belmont", seats=seats)
    turned = NumberedDeal(5, seats - 1)  # from a deal number, the seats turned the most
    match = Match(rules, 21, deal_numbers={0: turned})
    hand = match.start_hand()
    rng = random.Random(21)
    for seat in range(seats):
        match.pass_cards(seat, rng.sample(listed(hand.hands[seat]), rules.pass_size))
    for _ in range(seats + 2):
        match.play(rng.choice(listed(hand.legal_mask())))
    players = (PlayerInfo("Anna"), *(PlayerInfo(f"P{s}", "ai", "easy") for s in range(1, seats)))
    record = record_of(match, players)
    deals = ((0, turned.number, turned.turn),)
    game = SavedGame(record, default_seeds(record, 21), aids=((1, 1),) * seats, deals=deals)
    return json.loads(saved_game_to_json(game))  # type: ignore[no-any-return]


#: Values a hostile or damaged file may hold where a list of seats is expected.
_JUNK_SEATS = [
    [],
    [None] * 4,
    [None] * 7,
    [0] * 9,
    "QS QS",
    {"0": 1},
    [True] * 6,
    [-1] * 8,
    [10**30] * 8,
    [["QS"]] * 6,
]


@pytest.mark.parametrize("seats", [6, 8])
@pytest.mark.parametrize(
    "where",
    [
        ("app", "seeds"),
        ("app", "aids", "undos"),
        ("app", "view", "selected"),
        ("app", "deals"),
        ("app", "deals", 0, "turn"),
        ("hands", 0, "deal"),
        ("hands", 0, "pass"),
        ("players",),
    ],
)
def test_a_damaged_belmont_autosave_is_told_and_set_aside(
    tmp_path: Path, seats: int, where: tuple[str | int, ...]
) -> None:
    for junk in _JUNK_SEATS:
        document = _belmont_autosave(seats)
        place: Any = document
        for key in where[:-1]:
            place = place[key]
        place[where[-1]] = junk
        profile = Profile(Locations.under(tmp_path / f"{seats}-{len(str(junk))}-{where[-1]}"))
        path = profile.where.autosave_file
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(document))
        opened, problem = profile.load_autosave()
        if opened is not None:  # junk that happens to be valid here: a whole game of N seats
            saved = opened.saved
            assert len(saved.seeds) == len(saved.selected) == len(saved.aids) == seats
            continue
        assert problem is not None and problem.kind is ProblemKind.DAMAGED, (where, junk)
        assert problem.kept_as is not None and problem.kept_as.exists()
        assert profile.save_autosave(_fresh(seats)) is None  # the next autosave writes


def _fresh(seats: int) -> Any:
    from peppa_qt.storage.saves import parse_saved_game

    return parse_saved_game(json.dumps(_belmont_autosave(seats)))[0]


@pytest.mark.parametrize("seats", [4, 5, 6, 7, 8, 9, -6, 6.0, "6", None, True, [6]])
def test_any_table_size_in_the_statistics_and_settings_is_read_or_set_aside(
    tmp_path: Path, seats: object
) -> None:
    profile = Profile(Locations.under(tmp_path))
    profile.where.data_dir.mkdir(parents=True)
    profile.where.config_dir.mkdir(parents=True)
    entry = {"name": "Anna", "rules": "belmont", "games": 1, "hands": 3, "seats": seats}
    profile.where.stats_file.write_text(
        json.dumps({"format": "peppa-stats", "version": 2, "players": [entry]})
    )
    players = [{"name": f"P{s}"} for s in range(seats if isinstance(seats, int) else 6)]
    profile.where.settings_file.write_text(
        json.dumps(
            {
                "format": "peppa-settings",
                "version": 2,
                "rule_set": "belmont",
                "seats": seats,
                "players": players[:20],
            }
        )
    )
    stats, stats_problem = profile.load_statistics()
    settings, settings_problem = profile.load_settings()
    fine = seats in (6, 8) and not isinstance(seats, bool | float)
    assert (stats_problem is None) is fine and (settings_problem is None) is fine
    if fine:
        assert stats.entries[0].seats == seats and settings.seats == seats
    else:
        assert stats_problem is not None and stats_problem.kept_as is not None
        assert settings_problem is not None and settings_problem.kept_as is not None
