"""The player's preferences: a versioned dataclass ↔ JSON (``settings.json``).

The window's geometry arrives as base64 text (the GUI converts Qt's bytes), so this module
stays plain Python.

Version 0 is the shape of the first prototype, before files carried a version: the three
toggles of the Settings menu and the last game's players, all keys optional::

    {"speed": "fast", "four_colour": true, "blue_backs": true, "rules": "torino",
     "names": ["Anna", "Bruno", "Carla", "Dario"], "levels": ["easy", "normal", "hard"],
     "geometry": "AdnQywADAAAA…"}

Version 1 offered four-seat games only. Version 2 adds the table size of the game offered
first, ``"seats"`` (6 or 8 for Belmont; ``"players"`` then lists as many); a file whose game is
of four seats is still written as version 1, byte for byte as before, so an earlier Peppa goes
on reading it.

Reading migrates it (and any later old version) step by step to the current one.
"""

from __future__ import annotations

import binascii
from base64 import b64decode
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Final

from ..engine import RecordError, RuleSet
from ..engine.record import DEFAULT_SEATS, name_problem
from ..engine.rules import PRESET_SEATS, PRESETS
from . import jsonfields as jf
from .appearance import FORMAT, LANGUAGES, TABLE_COLOURS, VERSION
from .problems import FormatError

SPEEDS: Final = ("slow", "normal", "fast", "off")
#: The speeds at which a trick waits at its end unless the player chose otherwise.
PAUSING_SPEEDS: Final = ("slow", "normal")
#: The card faces: the classic deck, and one with large indices that reads on a small table.
DECKS: Final = ("classic", "large")
BACKS: Final = ("red", "blue", "green")
#: Suits left to right in the human's hand, as the letters of the card notation (C D H S).
#: The first three alternate the colours; the last is the notation's own order.
SUIT_ORDERS: Final = ("CDSH", "SHCD", "HSDC", "CDHS")
#: At start, go on with the autosaved game at once, or ask first.
RESUME_CHOICES: Final = ("resume", "ask")
#: How much the screen reader is told: short words, the usual, or the computers' turns too.
VERBOSITY: Final = ("brief", "normal", "detailed")
#: The kinds of announcement a player may turn off: cards played, tricks taken, hearts broken
#: and the Peppa taken, cards received, whose turn, the hand's points, moves refused.
ANNOUNCEMENTS: Final = ("cards", "tricks", "hearts", "received", "turn", "points", "refusals")
MAX_RECENT: Final = 8
#: The version a file offering a four-seat game is written as (an earlier Peppa reads it).
FOUR_SEAT_VERSION: Final = 1
MAX_NAME: Final = 24


@dataclass(frozen=True)
class SeatDefault:
    """A seat of the game offered first: a name, and a computer level (None: a human)."""

    name: str
    level: str | None = None


@dataclass(frozen=True)
class Settings:
    """Everything the player chose; the defaults are a first run's."""

    #: The window's language (and the rules page's): "system" follows the system, "en", "it".
    language: str = "system"
    animation_speed: str = "normal"
    #: A full trick waits on the table a moment (a click or a key sweeps it): True or False
    #: as the player chose, None (never chosen) at ``PAUSING_SPEEDS``.
    trick_pause: bool | None = None
    card_deck: str = "classic"
    card_back: str = "red"
    four_colour: bool = False
    table_colour: str = "green"
    suit_order: str = "CDSH"
    #: Sound effects (off unless chosen). Stored as "sound_effects": the "sound" of files
    #: written before the game had sounds was a default nobody chose, and is not read.
    sound: bool = False
    #: Play the human's card by itself when only one card is legal.
    auto_play: bool = False
    #: Play a decided hand out without asking (else "Finish the hand" is offered).
    auto_finish: bool = False
    rule_set: str = "peppa"
    rule_options: Mapping[str, Any] = field(default_factory=dict)
    #: The seats of a new game (``seats`` of them); empty for the built-in players.
    players: tuple[SeatDefault, ...] = ()
    window_geometry: str = ""
    window_state: str = ""
    resume: str = "resume"
    recent_files: tuple[str, ...] = ()
    #: The table of a new game: 4, or 6 and 8 for Belmont.
    seats: int = DEFAULT_SEATS
    #: How much a screen reader is told (``VERBOSITY``).
    verbosity: str = "normal"
    #: The kinds of announcement turned off (``ANNOUNCEMENTS``).
    quiet: tuple[str, ...] = ()
    #: Low vision: the viewer's cards and the trick larger, high contrast, four colours.
    low_vision: bool = False

    def pauses_tricks(self, speed: str) -> bool:
        """Whether a full trick waits at the end at ``speed``; never with animations off."""
        if speed == "off":
            return False
        return speed in PAUSING_SPEEDS if self.trick_pause is None else self.trick_pause

    def with_recent(self, path: str) -> Settings:
        """``path`` first in the recent files (once), the oldest dropped."""
        recent = (path, *(p for p in self.recent_files if p != path))
        return replace(self, recent_files=recent[:MAX_RECENT])

    def without_recent(self, path: str) -> Settings:
        """The recent files without ``path`` (it could not be opened)."""
        return replace(self, recent_files=tuple(p for p in self.recent_files if p != path))


# ---------------------------------------------------------------------- writing


def settings_to_json(settings: Settings) -> str:
    """The settings file's text: version 1 while the game offered is of four seats."""
    values = asdict(settings)
    values["rule_options"] = dict(settings.rule_options)
    values["players"] = [asdict(p) for p in settings.players]
    values["recent_files"] = list(settings.recent_files)
    values["quiet"] = list(settings.quiet)
    for key, default in (("verbosity", "normal"), ("quiet", []), ("low_vision", False)):
        if values[key] == default:  # a file without them is written as before, byte for byte
            del values[key]
    values["sound_effects"] = values.pop("sound")
    seats = values.pop("seats")
    if seats == DEFAULT_SEATS:
        return jf.dumps({"format": FORMAT, "version": FOUR_SEAT_VERSION, **values})
    return jf.dumps({"format": FORMAT, "version": VERSION, **values, "seats": seats})


# ---------------------------------------------------------------------- reading


def settings_from_json(text: str) -> Settings:
    """Parse a settings file of any known version; FormatError for anything else."""
    data, version = jf.document(jf.parse_json(text), FORMAT, VERSION)
    while version < VERSION:
        data, version = MIGRATIONS[version](data), version + 1
    return settings_from_dict(data)


def settings_from_dict(data: Mapping[str, Any]) -> Settings:
    """Check every field of a current-version document (absent fields take the default)."""
    d = Settings()
    rule_set = jf.choice(data, "rule_set", d.rule_set, PRESETS)
    seats = _seats(data, rule_set)
    return Settings(
        language=jf.choice(data, "language", d.language, LANGUAGES),
        animation_speed=jf.choice(data, "animation_speed", d.animation_speed, SPEEDS),
        trick_pause=jf.optional_flag(data, "trick_pause"),
        card_deck=jf.choice(data, "card_deck", d.card_deck, DECKS),
        card_back=jf.choice(data, "card_back", d.card_back, BACKS),
        four_colour=jf.flag(data, "four_colour", d.four_colour),
        table_colour=jf.choice(data, "table_colour", d.table_colour, TABLE_COLOURS),
        suit_order=jf.choice(data, "suit_order", d.suit_order, SUIT_ORDERS),
        sound=jf.flag(data, "sound_effects", d.sound),
        auto_play=jf.flag(data, "auto_play", d.auto_play),
        auto_finish=jf.flag(data, "auto_finish", d.auto_finish),
        rule_set=rule_set,
        rule_options=_rule_options(rule_set, data.get("rule_options", {}), seats),
        players=_players(data.get("players", []), seats),
        window_geometry=_base64(data, "window_geometry"),
        window_state=_base64(data, "window_state"),
        resume=jf.choice(data, "resume", d.resume, RESUME_CHOICES),
        recent_files=_recent(data.get("recent_files", [])),
        seats=seats,
        verbosity=jf.choice(data, "verbosity", d.verbosity, VERBOSITY),
        quiet=_quiet(data.get("quiet", [])),
        low_vision=jf.flag(data, "low_vision", d.low_vision),
    )


def _seats(data: Mapping[str, Any], rule_set: str) -> int:
    """The table of the game offered: one its rule set is played at (absent: the first)."""
    sizes = PRESET_SEATS[rule_set]
    seats = data.get("seats", sizes[0])
    if not jf.is_int(seats) or seats not in sizes:
        raise FormatError(f'"seats" must be a table size {rule_set} is played at')
    return seats


def _rule_options(rule_set: str, options: object, seats: int) -> dict[str, Any]:
    if not isinstance(options, dict):
        raise FormatError('"rule_options" must be an object')
    try:
        RuleSet.preset(rule_set, options, seats=seats)
    except RecordError as error:
        raise FormatError(f"rule_options: {error.describe()}") from None
    return options


def _players(value: object, seats: int) -> tuple[SeatDefault, ...]:
    if value == []:
        return ()
    if not isinstance(value, list) or len(value) != seats:
        raise FormatError(f'"players" must list {seats} seats')
    players = []
    for item in value:
        if not isinstance(item, dict):
            raise FormatError('each of "players" must be an object')
        name, level = item.get("name"), item.get("level")
        if not isinstance(name, str):
            raise FormatError("a player's name must be text")
        problem = name_problem(name, MAX_NAME)
        if problem is not None:
            raise FormatError(problem)
        if level is not None and not isinstance(level, str):
            raise FormatError("a player's level must be text or null")
        players.append(SeatDefault(name, level))
    return tuple(players)


def _quiet(value: object) -> tuple[str, ...]:
    """The kinds turned off; one a later Peppa knows and this one does not is left out."""
    if not isinstance(value, list) or not all(isinstance(k, str) for k in value):
        raise FormatError('"quiet" must be a list of kinds of announcement')
    return tuple(k for k in ANNOUNCEMENTS if k in value)


def _base64(data: Mapping[str, Any], key: str) -> str:
    value = jf.text(data, key)
    try:
        b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        raise FormatError(f'"{key}" must be base64 text') from None
    return value


def _recent(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(p, str) and p for p in value):
        raise FormatError('"recent_files" must be a list of paths')
    return tuple(value[:MAX_RECENT])


# -------------------------------------------------------------------- migrating


def _from_v0(old: dict[str, Any]) -> dict[str, Any]:
    """The prototype's flat toggles → version 1 (see the module's docstring)."""
    new: dict[str, Any] = {"format": FORMAT, "version": 1}
    renamed = {
        "speed": "animation_speed",
        "four_colour": "four_colour",
        "rules": "rule_set",
        "geometry": "window_geometry",
    }
    new.update({n: old[o] for o, n in renamed.items() if o in old})
    if "blue_backs" in old:
        new["card_back"] = "blue" if jf.flag(old, "blue_backs", False) else "red"
    if "names" in old:
        new["players"] = _v0_players(old["names"], old.get("levels", ["normal"] * 3))
    return new


def _v0_players(names: object, levels: object) -> list[dict[str, Any]]:
    # The first file's layout: four names, and the levels of the three computers.
    if not isinstance(names, list) or len(names) != 4:  # noqa: PLR2004
        raise FormatError('"names" must list four names')
    if not isinstance(levels, list) or len(levels) != 3:  # noqa: PLR2004
        raise FormatError('"levels" must list three computer levels')
    return [{"name": n, "level": lv} for n, lv in zip(names, [None, *levels], strict=True)]


def _from_v1(old: dict[str, Any]) -> dict[str, Any]:
    """Version 1 → 2: a version 1 file knew four-seat games only (a "seats" there was never
    ours, and is dropped: the rule set's first table size it is)."""
    return {**{k: v for k, v in old.items() if k != "seats"}, "version": 2}


#: From version n to n + 1.
MIGRATIONS: Final[dict[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {
    0: _from_v0,
    1: _from_v1,
}
