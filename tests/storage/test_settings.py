"""Settings: round trips, the migration from version 0, and every kind of damaged file."""

from __future__ import annotations

import contextlib
import json
from base64 import b64encode
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from peppa_qt.storage import FormatError, ProblemKind, Profile, SeatDefault, Settings
from peppa_qt.storage import files as storage_files
from peppa_qt.storage import settings as s
from peppa_qt.storage.settings import settings_from_json, settings_to_json

NAMES = st.text(st.characters(categories=("L", "N", "Zs")), min_size=1, max_size=24).filter(
    str.strip
)
SEATS = st.tuples(
    *(st.builds(SeatDefault, NAMES, st.none() | st.sampled_from(["easy", "hard"])),) * 4
)
BASE64 = st.binary(max_size=40).map(lambda b: b64encode(b).decode())
VALID = st.builds(
    Settings,
    language=st.sampled_from(s.LANGUAGES),
    animation_speed=st.sampled_from(s.SPEEDS),
    trick_pause=st.none() | st.booleans(),
    card_deck=st.sampled_from(s.DECKS),
    card_back=st.sampled_from(s.BACKS),
    four_colour=st.booleans(),
    table_colour=st.sampled_from(s.TABLE_COLOURS),
    suit_order=st.sampled_from(s.SUIT_ORDERS),
    sound=st.booleans(),
    auto_play=st.booleans(),
    auto_finish=st.booleans(),
    rule_set=st.sampled_from(["peppa", "torino", "hearts"]),
    rule_options=st.sampled_from([{}, {"end": {"mode": "hands", "count": 3}}, {"teams": True}]),
    players=st.just(()) | SEATS,
    window_geometry=BASE64,
    window_state=BASE64,
    resume=st.sampled_from(s.RESUME_CHOICES),
    recent_files=st.lists(st.text(min_size=1), max_size=s.MAX_RECENT).map(tuple),
    low_vision=st.booleans(),
)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)
FIELDS = [
    "format",
    "version",
    "animation_speed",
    "four_colour",
    "suit_order",
    "players",
    "rule_set",
    "rule_options",
    "window_geometry",
    "recent_files",
    "speed",
    "names",
    "levels",
    "blue_backs",
]


@given(VALID)
def test_every_valid_settings_round_trips(settings: Settings) -> None:
    assert settings_from_json(settings_to_json(settings)) == settings


def test_a_first_run_has_the_defaults_and_no_problem(profile: Profile) -> None:
    assert profile.load_settings() == (Settings(), None)


def test_saved_settings_come_back(profile: Profile) -> None:
    chosen = Settings(
        animation_speed="fast",
        card_back="green",
        suit_order="HSDC",
        players=(SeatDefault("Anna"),) * 4,
    )
    assert profile.save_settings(chosen) is None
    assert profile.load_settings() == (chosen, None)
    text = profile.where.settings_file.read_text(encoding="utf-8")
    assert json.loads(text)["format"] == "peppa-settings" and '"version": 1' in text
    assert json.loads(text)["suit_order"] == "HSDC"


def test_a_version_1_file_from_before_the_suit_order_gets_the_default() -> None:
    old = {"format": "peppa-settings", "version": 1, "card_back": "blue"}
    assert settings_from_json(json.dumps(old)) == Settings(card_back="blue", suit_order="CDSH")


def test_recent_files_keep_the_newest_first_once() -> None:
    settings = Settings()
    for number in range(10):
        settings = settings.with_recent(f"/g/{number % 9}.peppa")
    assert settings.recent_files[0] == "/g/0.peppa" and len(settings.recent_files) == s.MAX_RECENT
    assert len(set(settings.recent_files)) == s.MAX_RECENT
    assert "/g/0.peppa" not in settings.without_recent("/g/0.peppa").recent_files


def test_the_prototype_shape_is_migrated(profile: Profile) -> None:
    version_0 = {
        "speed": "fast",
        "four_colour": True,
        "blue_backs": True,
        "rules": "torino",
        "names": ["Anna", "Bruno", "Carla", "Dario"],
        "levels": ["easy", "normal", "hard"],
        "geometry": "AdnQyw==",
    }
    profile.where.config_dir.mkdir(parents=True)
    profile.where.settings_file.write_text(json.dumps(version_0))
    settings, problem = profile.load_settings()
    assert problem is None
    assert settings == Settings(
        animation_speed="fast",
        four_colour=True,
        card_back="blue",
        rule_set="torino",
        players=(
            SeatDefault("Anna"),
            SeatDefault("Bruno", "easy"),
            SeatDefault("Carla", "normal"),
            SeatDefault("Dario", "hard"),
        ),
        window_geometry="AdnQyw==",
    )
    assert settings_from_json("{}") == Settings()  # every key of version 0 is optional
    assert settings_from_json('{"blue_backs": false}').card_back == "red"


@pytest.mark.parametrize(
    ("content", "kind"),
    [
        ("{not json", ProblemKind.DAMAGED),
        (settings_to_json(Settings(animation_speed="fast"))[:40], ProblemKind.DAMAGED),
        ('{"version": 1, "animation_speed": 3}', ProblemKind.DAMAGED),
        ('{"version": 1, "four_colour": "yes"}', ProblemKind.DAMAGED),
        ('{"version": 1, "trick_pause": "yes"}', ProblemKind.DAMAGED),
        ('{"version": 1, "suit_order": "CDSX"}', ProblemKind.DAMAGED),
        ('{"version": 1, "suit_order": "cdsh"}', ProblemKind.DAMAGED),
        ('{"version": 1, "suit_order": ["C", "D", "S", "H"]}', ProblemKind.DAMAGED),
        ('{"version": 1, "players": [{"name": "A"}]}', ProblemKind.DAMAGED),
        ('{"version": 1, "rule_options": {"jokers": 2}}', ProblemKind.DAMAGED),
        ('{"version": 1, "window_geometry": "not base64!"}', ProblemKind.DAMAGED),
        ('{"format": "peppa-record", "version": 1}', ProblemKind.DAMAGED),
        ('{"version": "one"}', ProblemKind.DAMAGED),
        ('{"names": ["only one"]}', ProblemKind.DAMAGED),
        ('{"blue_backs": "very"}', ProblemKind.DAMAGED),
        ("[1, 2, 3]", ProblemKind.DAMAGED),
        ("", ProblemKind.DAMAGED),
        ('{"format": "peppa-settings", "version": 9}', ProblemKind.NEWER),
    ],
)
def test_a_damaged_file_is_set_aside_and_defaults_used(
    profile: Profile, content: str, kind: ProblemKind
) -> None:
    path = profile.where.settings_file
    path.parent.mkdir(parents=True)
    path.write_text(content, encoding="utf-8")
    settings, problem = profile.load_settings()
    assert settings == Settings()
    assert problem is not None and problem.kind is kind and problem.path == path
    assert problem.kept_as == path.with_name("settings.json.corrupt")
    assert problem.kept_as.read_text(encoding="utf-8") == content
    # Saving afterwards writes a fresh file and leaves the damaged one alone.
    assert profile.save_settings(Settings(card_back="blue")) is None
    assert problem.kept_as.read_text(encoding="utf-8") == content
    assert profile.load_settings() == (Settings(card_back="blue"), None)


def test_a_damaged_file_that_cannot_be_moved_is_never_overwritten(
    profile: Profile, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = profile.where.settings_file
    path.parent.mkdir(parents=True)
    path.write_text("{damaged")
    monkeypatch.setattr(storage_files, "set_aside", lambda path: None)
    _, problem = profile.load_settings()
    assert problem is not None and problem.kept_as is None
    refused = profile.save_settings(Settings())
    assert refused is not None and refused.kind is ProblemKind.NOT_SAVED
    assert path.read_text() == "{damaged"


@given(st.text() | st.binary().map(lambda b: b.decode("latin-1")))
def test_any_text_is_settings_or_a_format_error(text: str) -> None:
    with contextlib.suppress(FormatError):
        settings_from_json(text)


@given(st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=6), st.sampled_from([None, 0, 1]))
def test_any_json_object_is_settings_or_a_format_error(
    data: dict[str, Any], version: int | None
) -> None:
    if version is not None:  # a known version, so that the fields themselves are checked
        data["version"] = version
        data.pop("format", None)
    with contextlib.suppress(FormatError):
        assert isinstance(settings_from_json(json.dumps(data)), Settings)


def test_sound_effects_are_off_until_chosen_even_in_files_from_before_sounds() -> None:
    """Files written before Peppa had sounds say "sound": true, a default nobody chose."""
    from peppa_qt.storage.settings import settings_from_json, settings_to_json

    old = '{"format": "peppa-settings", "version": 1, "sound": true}'
    assert settings_from_json(old).sound is False
    chosen = Settings(sound=True)
    assert settings_from_json(settings_to_json(chosen)).sound is True


def test_low_vision_is_kept_and_a_file_without_it_is_written_back_as_it_was() -> None:
    """Chosen, it comes back; never chosen, the file has no word of it (an earlier Peppa reads
    it as before)."""
    chosen = Settings(low_vision=True)
    text = settings_to_json(chosen)
    assert json.loads(text)["low_vision"] is True
    assert settings_from_json(text) == chosen
    plain = settings_to_json(Settings())
    assert "low_vision" not in plain
    assert settings_to_json(settings_from_json(plain)) == plain
