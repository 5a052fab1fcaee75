"""Six- and eight-seat games in the player's files: saved games and the autosave, statistics
and settings read back equal to what was written; a damaged one is refused, never a crash."""

from __future__ import annotations

import json
from typing import Any

import pytest
from storage_helpers import advance, belmont_after, belmont_players

from peppa_qt import cli
from peppa_qt.engine import Match, RuleSet, format_cards, record_of, replay, summary
from peppa_qt.engine.cardset import listed, twice
from peppa_qt.engine.deals import NumberedDeal
from peppa_qt.storage import (
    FormatError,
    ProblemKind,
    Profile,
    SavedGame,
    SeatDefault,
    Settings,
    Statistics,
    default_seeds,
)
from peppa_qt.storage.appearance import peek_appearance
from peppa_qt.storage.saves import parse_saved_game, record_to_json, saved_game_to_json
from peppa_qt.storage.settings import settings_from_json, settings_to_json
from peppa_qt.storage.statistics import statistics_from_json, statistics_to_json

TABLES = [6, 8]
#: Moves into a two-hand Belmont game: nothing, mid-pass, mid-trick, between hands, over.
MOMENTS = [0, 2, 9, 78 + 6 + 1, 10_000]


def saved(actions: int, seats: int, **fields: Any) -> SavedGame:
    record = belmont_after(actions, seats)
    seeds = tuple(None if s == 0 else 100 + s for s in range(seats))
    return SavedGame(record, seeds, **fields)


# ------------------------------------------------------------------- saved games


@pytest.mark.parametrize("seats", TABLES)
@pytest.mark.parametrize("actions", MOMENTS)
def test_a_belmont_game_saved_reads_back_equal(profile: Profile, seats: int, actions: int) -> None:
    aids = tuple((s, 2 * s) for s in range(seats))
    game = saved(actions, seats, aids=aids, counted=actions == MOMENTS[-1])
    assert profile.save_autosave(game) is None
    opened, problem = profile.load_autosave()
    assert problem is None and opened is not None
    assert opened.saved == game
    assert summary(opened.match) == summary(replay(game.record))
    assert len(summary(opened.match)["totals"]) == seats


@pytest.mark.parametrize("seats", TABLES)
def test_a_saved_belmont_game_is_a_record_peppa_qt_check_reads(
    profile: Profile, seats: int, capsys: pytest.CaptureFixture[str]
) -> None:
    game = saved(9, seats)
    path = profile.where.saves_dir / "family.peppa"
    assert profile.save_game(path, game) is None
    assert cli.main(["check", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == summary(replay(game.record))


@pytest.mark.parametrize("seats", TABLES)
def test_an_export_opens_with_seeds_for_every_computer(seats: int) -> None:
    record = belmont_after(9, seats)
    game, match = parse_saved_game(record_to_json(record))
    seed = match.seed
    assert game.seeds == (None, *(seed * seats + s for s in range(1, seats)))
    assert game.selected == ((),) * seats and game.aids == ((0, 0),) * seats


def test_a_choice_of_both_copies_of_a_card_comes_back_and_a_third_is_dropped() -> None:
    rules = RuleSet.preset("belmont", seats=8)
    match = Match(rules, 11)
    hand = match.start_hand()
    seat = next(s for s in range(8) if twice(hand.hands[s]))
    card = listed(twice(hand.hands[seat]))[0]
    players = belmont_players(8)
    seeds = default_seeds(record_of(match, players), 11)
    selected = tuple((card, card) if s == seat else () for s in range(8))
    game = SavedGame(record_of(match, players), seeds, selected)
    back, _ = parse_saved_game(saved_game_to_json(game))
    assert back.selected[seat] == (card, card)  # two copies held: both chosen
    document = json.loads(saved_game_to_json(game))
    document["app"]["view"]["selected"][seat] = format_cards([card, card, card])
    thrice, _ = parse_saved_game(json.dumps(document))
    assert thrice.selected[seat] == (card, card)  # the hand holds two: the third is dropped


def test_an_eight_seat_game_from_a_deal_number_keeps_its_turn_of_the_seats() -> None:
    rules = RuleSet.preset("belmont", seats=8)
    match = Match(rules, seed=12, dealer=2, deal_numbers={0: NumberedDeal(4242, 7)})
    match.start_hand()
    players = belmont_players(8)
    record = record_of(match, players)
    game = SavedGame(record, default_seeds(record, 12), deals=((0, 4242, 7),))
    text = saved_game_to_json(game)
    back, again = parse_saved_game(text)
    assert back.deals == ((0, 4242, 7),) and again.deal_number(0) == 4242
    assert again.deal_fingerprint(0) == match.deal_fingerprint(0)
    data = json.loads(text)
    data["app"]["deals"] = [{"hand": 0, "number": 4242, "turn": 8}]  # no seat 8 at this table
    with pytest.raises(FormatError, match="turn 0 to 7"):
        parse_saved_game(json.dumps(data))


@pytest.mark.parametrize(
    "change",
    [
        {"seeds": [None, 1, 2, 3]},  # four seeds for six seats
        {"seeds": [None, 1, 2, 3, 4, 5, 6, 7]},
        {"aids": {"undos": [0, 0, 0, 0], "hints": [0, 0, 0, 0, 0, 0]}},
        {"view": {"selected": ["", "", "", ""]}},
    ],
)
def test_an_app_block_not_of_six_seats_is_set_aside(
    profile: Profile, change: dict[str, Any]
) -> None:
    document = json.loads(saved_game_to_json(saved(2, 6)))
    document["app"].update(change)
    path = profile.where.autosave_file
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(document))
    opened, problem = profile.load_autosave()
    assert opened is None and problem is not None and problem.kind is ProblemKind.DAMAGED
    assert problem.kept_as is not None and problem.kept_as.exists()


def test_a_saved_game_must_say_something_for_every_seat() -> None:
    record = belmont_after(2, 6)
    with pytest.raises(ValueError, match="6 seats"):
        SavedGame(record, (None, 1, 2, 3))


# -------------------------------------------------------------------- statistics


def finished(seats: int, seed: int) -> Match:
    rules = RuleSet.preset("belmont", {"end": {"mode": "hands", "count": 1}}, seats=seats)
    return advance(Match(rules, seed, track_undo=False), 10_000, seed)


NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ugo"]


def test_belmont_at_six_and_at_eight_are_two_records_beside_the_four_seat_ones() -> None:
    stats = Statistics()
    six, eight = finished(6, 1), finished(8, 2)
    stats = stats.with_game(NAMES[:6], six, [(s, 0) for s in range(6)])
    stats = stats.with_game(NAMES, eight)
    anna6, anna8 = stats.get("Anna", "belmont", 6), stats.get("Anna", "belmont", 8)
    assert anna6 is not None and anna8 is not None and anna6 != anna8
    assert (anna6.games, anna6.hands, anna6.points) == (1, 1, six.totals()[0])
    assert (anna8.games, anna8.hands, anna8.points) == (1, 1, eight.totals()[0])
    assert stats.get("Anna", "belmont") == anna6  # the first table size Belmont is played at
    assert stats.get("Anna", "peppa") is None
    assert stats.get("Fabio", "belmont", 6).undos == 5  # type: ignore[union-attr]
    assert stats.get("Ugo", "belmont", 6) is None and stats.get("Ugo", "belmont", 8) is not None
    assert sum(stats.get(n, "belmont", 8).wins for n in NAMES) == 1  # type: ignore[union-attr]


def test_statistics_with_belmont_round_trip_as_version_2(profile: Profile) -> None:
    four = advance(
        Match(RuleSet.preset("peppa", {"end": {"mode": "hands", "count": 1}}), 3), 10_000
    )
    stats = Statistics().with_game(NAMES[:4], four).with_game(NAMES, finished(8, 4))
    assert profile.save_statistics(stats) is None
    assert profile.load_statistics() == (stats, None)
    document = json.loads(profile.where.stats_file.read_text())
    assert document["version"] == 2
    assert {(p["rules"], p["seats"]) for p in document["players"]} == {("peppa", 4), ("belmont", 8)}
    alone = Statistics(tuple(e for e in stats.entries if e.seats == 4))
    assert json.loads(statistics_to_json(alone))["version"] == 1  # an earlier Peppa reads it


@pytest.mark.parametrize(
    ("entry", "kind"),
    [
        ({"name": "A", "rules": "belmont", "seats": 4}, ProblemKind.DAMAGED),
        ({"name": "A", "rules": "peppa", "seats": 6}, ProblemKind.DAMAGED),
        ({"name": "A", "rules": "belmont", "seats": "8"}, ProblemKind.DAMAGED),
        ({"name": "A", "rules": "belmont", "seats": True}, ProblemKind.DAMAGED),
    ],
)
def test_statistics_of_a_table_size_no_rule_set_has_are_set_aside(
    profile: Profile, entry: dict[str, Any], kind: ProblemKind
) -> None:
    content = json.dumps({"format": "peppa-stats", "version": 2, "players": [entry]})
    path = profile.where.stats_file
    path.parent.mkdir(parents=True)
    path.write_text(content)
    stats, problem = profile.load_statistics()
    assert stats == Statistics() and problem is not None and problem.kind is kind
    assert problem.kept_as is not None and problem.kept_as.read_text() == content


def test_a_version_1_statistics_file_knew_four_seats_only() -> None:
    old = {"format": "peppa-stats", "version": 1, "players": [{"name": "A", "seats": 8}]}
    assert statistics_from_json(json.dumps(old)).entries[0].seats == 4  # never ours: ignored
    new = {"format": "peppa-stats", "version": 2, "players": [{"name": "A", "rules": "belmont"}]}
    assert statistics_from_json(json.dumps(new)).entries[0].seats == 6


# ---------------------------------------------------------------------- settings


@pytest.mark.parametrize("seats", TABLES)
def test_new_game_defaults_of_six_or_eight_seats_round_trip(profile: Profile, seats: int) -> None:
    players = tuple(SeatDefault(NAMES[s], None if s in (0, 3) else "hard") for s in range(seats))
    chosen = Settings(
        rule_set="belmont",
        rule_options={"end": {"mode": "points", "limit": 150}},
        players=players,
        seats=seats,
        table_colour="blue",
        window_geometry="AdnQyw==",
    )
    assert profile.save_settings(chosen) is None
    assert profile.load_settings() == (chosen, None)
    document = json.loads(profile.where.settings_file.read_text())
    assert (document["version"], document["seats"], len(document["players"])) == (2, seats, seats)
    peek = peek_appearance(profile.where.settings_file)  # the first frame reads version 2 too
    assert (peek.table_colour, peek.window_geometry) == ("blue", "AdnQyw==")


def test_belmont_built_in_players_default_to_six_seats() -> None:
    settings = settings_from_json(
        '{"format": "peppa-settings", "version": 2, "rule_set": "belmont"}'
    )
    assert (settings.seats, settings.players) == (6, ())
    assert json.loads(settings_to_json(Settings()))["version"] == 1  # four seats: as before
    assert "seats" not in json.loads(settings_to_json(Settings()))


@pytest.mark.parametrize(
    "fields",
    [
        {"rule_set": "belmont", "seats": 4},
        {"rule_set": "peppa", "seats": 6},
        {"rule_set": "belmont", "seats": 7},
        {"rule_set": "belmont", "seats": "8"},
        {"rule_set": "belmont", "seats": 8, "players": [{"name": "A"}] * 6},
        {"rule_set": "belmont", "players": [{"name": "A"}] * 4},  # six seats, four players
        {"rule_set": "belmont", "seats": 6, "rule_options": {"teams": True}},
    ],
)
def test_settings_for_a_table_the_rules_do_not_have_are_set_aside(
    profile: Profile, fields: dict[str, Any]
) -> None:
    content = json.dumps({"format": "peppa-settings", "version": 2, **fields})
    path = profile.where.settings_file
    path.parent.mkdir(parents=True)
    path.write_text(content)
    settings, problem = profile.load_settings()
    assert settings == Settings() and problem is not None and problem.kind is ProblemKind.DAMAGED
    assert problem.kept_as is not None and problem.kept_as.read_text() == content


def test_a_version_1_settings_file_knew_four_seats_only() -> None:
    old = '{"format": "peppa-settings", "version": 1, "rule_set": "hearts", "seats": 8}'
    assert settings_from_json(old) == Settings(rule_set="hearts")  # never ours: ignored
