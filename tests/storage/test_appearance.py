"""The first frame's peek at the settings: the saved felt and window, or the defaults; no error."""

from __future__ import annotations

import json
import tempfile
from base64 import b64encode
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from peppa_qt.storage import Profile, Settings
from peppa_qt.storage import settings as s
from peppa_qt.storage.appearance import Appearance, peek_appearance
from peppa_qt.storage.settings import settings_to_json

BASE64 = st.binary(max_size=60).map(lambda b: b64encode(b).decode())
SAVED = st.builds(
    Settings,
    table_colour=st.sampled_from(s.TABLE_COLOURS),
    window_geometry=BASE64,
    window_state=BASE64,
    card_back=st.sampled_from(s.BACKS),
)


def appearance_of(settings: Settings) -> Appearance:
    return Appearance(settings.table_colour, settings.window_geometry, settings.window_state)


def write(profile: Profile, content: str | bytes) -> Path:
    path = profile.where.settings_file
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    return path


def test_the_defaults_are_the_settings_defaults(profile: Profile) -> None:
    assert Appearance() == appearance_of(Settings())
    assert peek_appearance(profile.where.settings_file) == Appearance()  # a first run


@given(SAVED)
def test_the_peek_sees_what_the_settings_file_holds(settings: Settings) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.json"
        path.write_text(settings_to_json(settings), encoding="utf-8")
        assert peek_appearance(path) == appearance_of(settings)


def test_the_prototype_geometry_is_seen(profile: Profile) -> None:
    path = write(profile, json.dumps({"speed": "fast", "geometry": "AdnQyw=="}))
    assert peek_appearance(path) == Appearance(window_geometry="AdnQyw==")
    assert profile.load_settings()[0].window_geometry == "AdnQyw=="


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        "",
        "[1, 2, 3]",
        "null",
        "[" * 100_000,
        b"\xff\xfe\x00garbage",
        '{"format": "peppa-record", "version": 1, "table_colour": "red"}',
        '{"format": "peppa-settings", "version": 9, "table_colour": "red"}',
        '{"version": "one", "table_colour": "red"}',
        '{"version": true, "table_colour": "red"}',
        '{"version": 1, "table_colour": "purple", "window_geometry": "not base64!"}',
        '{"version": 1, "table_colour": ["red"], "window_geometry": 5, "window_state": null}',
    ],
)
def test_an_odd_file_gives_the_defaults_and_is_left_for_the_full_read(
    profile: Profile, content: str | bytes
) -> None:
    path = write(profile, content)
    assert peek_appearance(path) == Appearance()
    assert path.exists()  # the peek moves nothing: the full read reports and sets aside
    settings, problem = profile.load_settings()
    assert settings == Settings() and problem is not None
    assert problem.kept_as == path.with_name("settings.json.corrupt")


def test_a_field_the_peek_understands_is_used_even_if_another_is_damaged(
    profile: Profile,
) -> None:
    # The full read refuses the file (and the window then goes back to the defaults).
    path = write(profile, '{"version": 1, "table_colour": "blue", "players": [1]}')
    assert peek_appearance(path) == Appearance(table_colour="blue")
    assert profile.load_settings()[1] is not None


def test_a_folder_in_the_way_gives_the_defaults(profile: Profile) -> None:
    profile.where.settings_file.mkdir(parents=True)
    assert peek_appearance(profile.where.settings_file) == Appearance()
