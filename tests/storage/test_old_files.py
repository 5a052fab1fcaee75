"""Files written before tables of six and eight read exactly as they did then.

The files in ``old_files/`` were written by Peppa as it was before Belmont reached the files
(commit a7a8549): autosaves and saved games (app blocks of versions 1 and 2, a game from a
deal number, an undo and hints counted, a finished game counted), plain records (one naming
no players), statistics (version 1) and settings (versions 1 and 0). ``expected.json`` holds
what that Peppa read from each: the app's fields, ``peppa-qt check``'s summary, and the text
it wrote the file back as. Reading them today must give the same, and writing them back the
same text, byte for byte (an earlier Peppa then goes on reading what this one writes).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

import pytest

from peppa_qt.engine import format_cards, summary
from peppa_qt.storage.saves import parse_saved_game, saved_game_to_json
from peppa_qt.storage.settings import settings_from_json, settings_to_json
from peppa_qt.storage.statistics import statistics_from_json, statistics_to_json

OLD: Final = Path(__file__).resolve().parent / "old_files"
EXPECTED: Final[dict[str, dict[str, Any]]] = json.loads(
    (OLD / "expected.json").read_text(encoding="utf-8")
)
GAMES: Final = [name for name in EXPECTED if "seeds" in EXPECTED[name]]


def text_of(name: str) -> str:
    return (OLD / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", GAMES)
def test_an_old_saved_game_reads_as_it_did(name: str) -> None:
    saved, match = parse_saved_game(text_of(name))
    expected = EXPECTED[name]
    assert list(saved.seeds) == expected["seeds"]
    assert [format_cards(cards) for cards in saved.selected] == expected["selected"]
    assert [list(pair) for pair in saved.aids] == expected["aids"]
    assert [list(deal) for deal in saved.deals] == expected["deals"]
    assert saved.counted is expected["counted"]
    assert saved.record.players_named is expected["players_named"]
    assert summary(match) == expected["check"]
    assert saved_game_to_json(saved) == expected["rewritten"]


@pytest.mark.parametrize("name", ["stats_v1.json"])
def test_old_statistics_read_and_are_written_back_as_they_were(name: str) -> None:
    stats = statistics_from_json(text_of(name))
    assert {e.seats for e in stats.entries} == {4}
    assert statistics_to_json(stats) == EXPECTED[name]["rewritten"] == text_of(name)


@pytest.mark.parametrize("name", ["settings_v1.json", "settings_v0.json"])
def test_old_settings_read_and_are_written_back_as_they_were(name: str) -> None:
    settings = settings_from_json(text_of(name))
    assert settings.seats == 4
    assert settings_to_json(settings) == EXPECTED[name]["rewritten"]
