"""Saved games and the autosave: valid game records with the app's fields, checked on reading."""

from __future__ import annotations

import contextlib
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from storage_helpers import PLAYERS, record_after

from peppa_qt import cli
from peppa_qt.engine import (
    Match,
    RuleSet,
    cards_of,
    format_cards,
    record_of,
    replay,
    summary,
    write_record,
)
from peppa_qt.storage import (
    FileKind,
    FormatError,
    Locations,
    ProblemKind,
    Profile,
    SavedGame,
    default_seeds,
)
from peppa_qt.storage.saves import parse_saved_game, record_to_json, saved_game_to_json

#: Moves into a two-hand game of Hearts: nothing, mid-pass, mid-trick, between hands, over.
MOMENTS = [0, 2, 4 + 6, 4 + 52, 10_000]
JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 60) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)


def saved_at(actions: int) -> SavedGame:
    record = record_after(actions)
    return SavedGame(record, (None, 101, 202, 303))


@pytest.mark.parametrize("actions", MOMENTS)
def test_a_saved_game_round_trips(profile: Profile, actions: int) -> None:
    game = saved_at(actions)
    assert profile.save_autosave(game) is None
    opened, problem = profile.load_autosave()
    assert problem is None and opened is not None
    assert record_to_json(opened.saved.record) == record_to_json(game.record)
    assert write_record(opened.saved.record) == saved_game_to_json(game)
    assert opened.saved.seeds == (None, 101, 202, 303)
    assert summary(opened.match) == summary(replay(game.record))


@pytest.mark.parametrize("actions", MOMENTS)
def test_a_saved_game_read_back_keeps_its_finished_hands_lines_for_the_autosave(
    actions: int,
) -> None:
    text = saved_game_to_json(saved_at(actions))
    saved, match = parse_saved_game(text)
    finished = max(len(match.hands) - 1, 0)  # the last one may change: it is written anew
    assert len(saved.hand_lines) == finished
    assert all(f"\n{line}," in text for line in saved.hand_lines)
    other, _ = parse_saved_game(json.dumps(json.loads(text), indent=2))  # not as we write
    assert other.hand_lines == () and other == saved


@pytest.mark.parametrize("actions", [2, 4 + 6])
def test_a_saved_game_is_a_record_peppa_qt_check_reads(
    tmp_path: Path, actions: int, capsys: pytest.CaptureFixture[str]
) -> None:
    game = saved_at(actions)
    path = tmp_path / "game.peppa"
    path.write_text(saved_game_to_json(game), encoding="utf-8")
    assert "app" in json.loads(path.read_text())
    assert cli.main(["check", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == summary(replay(game.record))


def test_an_export_is_a_plain_record_and_imports_with_default_seeds(
    profile: Profile, tmp_path: Path
) -> None:
    game = saved_at(4 + 6)
    path = tmp_path / "game.json"
    assert profile.export_record(path, game.record) is None
    assert "app" not in json.loads(path.read_text())
    opened, problem = profile.open_game(path, FileKind.RECORD)
    assert problem is None and opened is not None
    seed = opened.match.seed
    assert opened.saved.seeds == (None, seed * 4 + 1, seed * 4 + 2, seed * 4 + 3)
    assert opened.saved.seeds == default_seeds(game.record, seed)
    assert not opened.saved.counted


def test_the_humans_chosen_cards_come_back_only_while_they_make_sense() -> None:
    match = Match(RuleSet.preset("hearts"), 5)
    hand = match.start_hand()
    hand.pass_cards(1, cards_of(hand.hands[1])[:3])  # East has passed, South is choosing
    game = SavedGame(record_of(match, PLAYERS), (None, 1, 2, 3))
    chosen = tuple(cards_of(hand.hands[0])[:2])
    east = tuple(cards_of(hand.hands[1])[:1])  # East has passed: its choice is gone
    selected = (chosen, east, (), tuple(cards_of(hand.hands[3])[-3:]))
    text = saved_game_to_json(SavedGame(game.record, game.seeds, selected, counted=True))
    saved, _ = parse_saved_game(text)
    assert saved.selected == (chosen, (), (), selected[3]) and saved.counted
    later = saved_at(4 + 6)
    text = saved_game_to_json(SavedGame(later.record, later.seeds, selected))
    assert parse_saved_game(text)[0].selected == ((), (), (), ())


def test_a_version_1_saved_game_gives_its_chosen_cards_to_south() -> None:
    match = Match(RuleSet.preset("hearts"), 5)
    hand = match.start_hand()
    chosen = tuple(cards_of(hand.hands[0])[:2])
    document = json.loads(saved_game_to_json(SavedGame(record_of(match, PLAYERS), (None, 1, 2, 3))))
    document["app"]["version"] = 1
    document["app"]["view"] = {"selected": format_cards(chosen)}
    assert parse_saved_game(json.dumps(document))[0].selected == (chosen, (), (), ())


def test_an_illegal_game_is_set_aside_with_the_broken_rule(profile: Profile) -> None:
    document = json.loads(saved_game_to_json(saved_at(4 + 6)))
    document["hands"][0]["play"] = "2C 2C"
    path = profile.where.autosave_file
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(document))
    opened, problem = profile.load_autosave()
    assert opened is None and problem is not None
    assert problem.kind is ProblemKind.DAMAGED and "hand 1" in problem.detail
    assert problem.kept_as == path.with_name("autosave.json.corrupt")
    assert profile.save_autosave(saved_at(2)) is None
    assert problem.kept_as.exists() and profile.load_autosave()[1] is None


@pytest.mark.parametrize(
    ("change", "kind"),
    [
        ({"version": 2}, ProblemKind.NEWER),
        ({"app": {"version": 7}}, ProblemKind.NEWER),
        ({"app": {"version": 0}}, ProblemKind.DAMAGED),
        ({"app": []}, ProblemKind.DAMAGED),
        ({"app": {"version": 1, "seeds": [1, 2]}}, ProblemKind.DAMAGED),
        ({"app": {"version": 1, "seeds": [None, "x", 1, 2]}}, ProblemKind.DAMAGED),
        ({"app": {"version": 1, "view": {"selected": "ZZ"}}}, ProblemKind.DAMAGED),
        ({"app": {"version": 2, "view": {"selected": ["ZZ", "", "", ""]}}}, ProblemKind.DAMAGED),
        ({"app": {"version": 2, "view": {"selected": "QS"}}}, ProblemKind.DAMAGED),
        ({"app": {"version": 1, "view": 3}}, ProblemKind.DAMAGED),
        ({"app": {"version": 1, "counted": "no"}}, ProblemKind.DAMAGED),
        ({"format": "chess"}, ProblemKind.DAMAGED),
        ({"seed": "twelve"}, ProblemKind.DAMAGED),
    ],
)
def test_damaged_saved_games(profile: Profile, change: dict[str, Any], kind: ProblemKind) -> None:
    document = {**json.loads(saved_game_to_json(saved_at(2))), **change}
    path = profile.where.autosave_file
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(document))
    opened, problem = profile.load_autosave()
    assert opened is None and problem is not None and problem.kind is kind
    assert problem.kept_as is not None


def test_a_truncated_autosave(profile: Profile) -> None:
    text = saved_game_to_json(saved_at(4 + 20))
    path = profile.where.autosave_file
    path.parent.mkdir(parents=True)
    path.write_text(text[: len(text) // 2])
    opened, problem = profile.load_autosave()
    assert opened is None and problem is not None and problem.kind is ProblemKind.DAMAGED


def test_a_chosen_file_that_cannot_be_read_is_left_where_it_is(
    profile: Profile, tmp_path: Path
) -> None:
    path = tmp_path / "friend.peppa"
    path.write_text("{broken")
    opened, problem = profile.open_game(path)
    assert opened is None and problem is not None
    assert problem.kind is ProblemKind.DAMAGED and problem.kept_as is None
    assert path.read_text() == "{broken"
    missing = profile.open_game(tmp_path / "gone.peppa")[1]
    assert missing is not None and missing.kind is ProblemKind.NOT_FOUND


def test_a_damaged_game_in_peppas_saves_folder_is_set_aside(profile: Profile) -> None:
    folder = profile.where.saves_dir
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "sunday.peppa"
    path.write_text("{broken")
    opened, problem = profile.open_game(path)
    assert opened is None and problem is not None and problem.kind is ProblemKind.DAMAGED
    assert problem.kept_as is not None and problem.kept_as.read_text() == "{broken"
    assert not path.exists()


def test_a_game_not_started_round_trips() -> None:
    saved, match = parse_saved_game(record_to_json(record_after(0)))
    assert match.current is None and saved.record.players == PLAYERS


KEYS = st.sampled_from(
    [
        "rules",
        "players",
        "seed",
        "hands",
        "app",
        "version",
        "dealer",
        "deal",
        "pass",
        "lead",
        "play",
        "seeds",
        "view",
    ]
)


def _mutate(value: Any, path: list[str | int], junk: Any) -> Any:
    if not path:
        return junk
    key, rest = path[0], path[1:]
    if isinstance(value, dict) and isinstance(key, str):
        return {**value, key: _mutate(value.get(key), rest, junk)}
    if isinstance(value, list) and isinstance(key, int) and value:
        index = key % len(value)
        return [*value[:index], _mutate(value[index], rest, junk), *value[index + 1 :]]
    return junk


@given(st.lists(KEYS | st.integers(0, 5), min_size=1, max_size=4), JUNK)
def test_any_damage_to_a_saved_game_is_a_format_error(path: list[str | int], junk: Any) -> None:
    document = json.loads(saved_game_to_json(saved_at(4 + 6)))
    damaged = _mutate(document, path, junk)
    with contextlib.suppress(FormatError):
        parse_saved_game(json.dumps(damaged))


@given(st.text())
def test_any_text_is_a_game_or_a_format_error(text: str) -> None:
    with contextlib.suppress(FormatError):
        parse_saved_game(text)


@given(st.binary(max_size=300), st.sampled_from(["autosave", "statistics", "settings"]))
def test_any_bytes_in_any_file_give_a_value_or_a_problem(data: bytes, which: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        profile = Profile(Locations.under(Path(folder)))
        path = {
            "autosave": profile.where.autosave_file,
            "statistics": profile.where.stats_file,
            "settings": profile.where.settings_file,
        }[which]
        path.parent.mkdir(parents=True)
        path.write_bytes(data)
        loaders = {
            "autosave": profile.load_autosave,
            "statistics": profile.load_statistics,
            "settings": profile.load_settings,
        }
        value, problem = loaders[which]()
        assert problem is None or problem.kind in (ProblemKind.DAMAGED, ProblemKind.NEWER)
        assert (value is None) == (which == "autosave" and problem is not None)


def test_a_game_from_a_deal_number_keeps_its_number_when_saved_and_a_false_one_is_refused() -> None:
    from dataclasses import replace

    from peppa_qt.engine.deals import NumberedDeal

    rules = RuleSet.preset("hearts")
    match = Match(rules, seed=12, dealer=2, deal_numbers={0: NumberedDeal(4242, 3)})
    match.start_hand()
    record = record_of(match, PLAYERS)
    game = SavedGame(record, (None, 1, 2, 3), deals=((0, 4242, 3),))
    text = saved_game_to_json(game)
    saved, again = parse_saved_game(text)
    assert saved.deals == ((0, 4242, 3),) and again.deal_number(0) == 4242
    assert again.deal_fingerprint(0) == match.deal_fingerprint(0)
    plain, alone = parse_saved_game(saved_game_to_json(replace(game, deals=())))
    assert plain.deals == () and alone.deal_number(0) is None  # the seed does not give it
    for wrong in (
        [{"hand": 0, "number": 4243, "turn": 3}],
        [{"hand": 1, "number": 4242, "turn": 3}],
        [{"hand": 0, "number": 4242, "turn": 4}],
        [{"hand": 0, "number": 4242}],
        {},
    ):
        data = json.loads(text)
        data["app"]["deals"] = wrong
        with pytest.raises(FormatError):
            parse_saved_game(json.dumps(data))


def _records_of(opened: object) -> object:
    assert opened is not None
    return opened.saved.record.hands  # type: ignore[attr-defined]


def test_an_autosave_that_cannot_be_read_is_kept_and_the_game_autosaved_beside_it(
    profile: Profile,
) -> None:
    path = profile.where.autosave_file
    path.mkdir(parents=True)  # not a file: it cannot be read, nor replaced
    (path / "inside.txt").write_text("kept")
    opened, problem = profile.load_autosave()
    assert opened is None and problem is not None and problem.kind is ProblemKind.UNREADABLE
    game = saved_at(4 + 20)
    assert profile.save_autosave(game) is None  # the session goes on being autosaved
    assert (path / "inside.txt").read_text() == "kept"
    beside = path.with_name("autosave-2.json")
    assert parse_saved_game(beside.read_text())[0].record == game.record
    again = Profile(profile.where)  # the next start: the game is offered, nothing told
    opened, problem = again.load_autosave()
    assert problem is None and _records_of(opened) == game.record.hands
    assert again.save_autosave(saved_at(4 + 21)) is None
    assert sorted(p.name for p in path.parent.iterdir()) == ["autosave-2.json", "autosave.json"]


def test_the_newest_readable_autosave_is_offered(profile: Profile) -> None:
    import os

    first, second = saved_at(4 + 6), saved_at(4 + 30)
    folder = profile.where.saves_dir
    folder.mkdir(parents=True)
    (folder / "autosave.json").write_text(saved_game_to_json(first))
    (folder / "autosave-2.json").write_text(saved_game_to_json(second))
    (folder / "autosave-old.json").write_text("{not ours, not read")
    os.utime(folder / "autosave.json", ns=(10**18, 10**18))
    os.utime(folder / "autosave-2.json", ns=(2 * 10**18, 2 * 10**18))
    opened, problem = Profile(profile.where).load_autosave()
    assert problem is None and _records_of(opened) == second.record.hands
    os.utime(folder / "autosave.json", ns=(3 * 10**18, 3 * 10**18))
    opened, problem = Profile(profile.where).load_autosave()
    assert problem is None and _records_of(opened) == first.record.hands
    assert (folder / "autosave-old.json").read_text() == "{not ours, not read"
