"""Reading a game record: its JSON parsed and its shape checked (the fields, their types and
ranges, the players' names, the cards' names); ``record.py`` replays what is read, checking
every rule. Both raise ``RecordError`` naming the place and the rule broken, never anything
else.
"""

from __future__ import annotations

import unicodedata
from typing import Final, TypeGuard

from ..jsontext import JsonTextError, load_json, quoted
from .cards import CARDS, Card, CardError
from .errors import Reason, RecordError, told_at
from .record_data import (
    DEFAULT_SEATS,
    FORMAT,
    VERSION,
    GameRecord,
    HandRecord,
    PlayerInfo,
    bad_field,
    default_players,
)
from .rules import PRESET_SEATS, RuleSet

PLAYER_KINDS: Final = ("human", "ai", "ext")
#: The longest name a record may give a player (a name is shown on a plate, and keys stats).
MAX_NAME: Final = 100
#: The largest seed a record may give (the players' seeds are derived from it: kept small
#: enough that every number the program writes stays a number JSON readers take).
MAX_SEED: Final = 10**18
#: The most JSON values a record may hold: five times those of a game of 10,000 hands (the
#: longest the rules allow), so that a record padded with junk is refused before it is built.
MAX_VALUES: Final = 500_000
#: Unicode categories a name may not hold: controls (tabs, newlines...), line and paragraph
#: separators, lone surrogates and invisible format characters.
_NOT_IN_NAMES: Final = frozenset({"Cc", "Zl", "Zp", "Cs", "Cf"})
#: Format characters a name may hold all the same: the joiner and the tags of emoji
#: sequences (👩‍👩‍👧, the flags of Scotland or Wales). Others (a right-to-left override, a
#: zero-width space) would make a name look like another's, or turn the text around it.
_EMOJI_FORMAT: Final = frozenset({0x200D, *range(0xE0020, 0xE0080)})
#: Each card by the name writers give it ("QS"), found by one look-up rather than parsed: a
#: long game's record names hundreds of thousands of cards.
_BY_NAME: Final = {str(card): card for card in CARDS}


def name_problem(name: str, longest: int = MAX_NAME) -> str | None:
    """Why ``name`` cannot be a player's name, or None: it must be printable text that can be
    written to a file (no control characters, no lone surrogate), 1 to ``longest`` long."""
    if not name.strip():
        return "a player's name cannot be empty"
    if len(name) > longest:
        return f"a player's name must be at most {longest} characters"
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return "a player's name holds a character that is not text"
    if any(unicodedata.category(c) in _NOT_IN_NAMES and ord(c) not in _EMOJI_FORMAT for c in name):
        return "a player's name holds a control character, an invisible one or a line break"
    return None


def read_record(text: str | bytes, *, hidden: bool = False) -> GameRecord:
    """Parse a record's JSON and check its shape (``hidden`` allows ``null`` deals)."""
    try:
        document = load_json(text, max_values=MAX_VALUES)
    except JsonTextError as error:  # bad syntax or UTF-8, a key twice, huge numbers, nesting
        raise RecordError(Reason.BAD_JSON, str(error)) from None
    return record_from_dict(document, hidden=hidden)


def record_from_dict(document: object, *, hidden: bool = False) -> GameRecord:
    """Check the shape of an already-parsed record."""
    if not isinstance(document, dict):
        raise RecordError(Reason.UNKNOWN_FORMAT, "a game record is a JSON object")
    if document.get("format") != FORMAT:
        raise RecordError(Reason.UNKNOWN_FORMAT, f'not a game record: "format" must be "{FORMAT}"')
    version = document.get("version")
    if not _is_int(version) or version != VERSION:
        newer = _is_int(version) and version > VERSION
        detail = "written by a newer version of Peppa" if newer else "unknown"
        raise RecordError(
            Reason.UNSUPPORTED_VERSION, f"record version {quoted(version)} is {detail}"
        )
    players = _read_players(document.get("players"))
    rules = _read_rules(document.get("rules"), players)
    seed = document.get("seed")
    if seed is not None and (not _is_int(seed) or not -MAX_SEED <= seed <= MAX_SEED):
        raise bad_field(
            f"seed must be a whole number of at most {len(str(MAX_SEED))} digits, or null"
        )
    hands_data = document.get("hands", [])
    if not isinstance(hands_data, list):
        raise bad_field("hands must be a list")
    with told_at(rules.seats):
        hands = tuple(_read_hand(i, h, rules, hidden) for i, h in enumerate(hands_data))
    known = {"format", "version", "rules", "players", "seed", "hands"}
    extra = {k: v for k, v in document.items() if k not in known}
    named = players is not None
    players = players or default_players(rules.seats)
    return GameRecord(rules, players, seed, hands, extra, players_named=named)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _read_rules(data: object, players: tuple[PlayerInfo, ...] | None) -> RuleSet:
    if not isinstance(data, dict) or not isinstance(data.get("preset"), str):
        raise RecordError(Reason.BAD_RULES, 'rules must be an object with a "preset"')
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError(Reason.BAD_RULES, "rules options must be an object")
    preset = data["preset"]
    sizes = PRESET_SEATS.get(preset)
    if players is None and sizes is not None and DEFAULT_SEATS not in sizes:
        counts = " or ".join(map(str, sizes))
        raise bad_field(f"a {preset} record must list its {counts} players")
    seats = DEFAULT_SEATS if players is None else len(players)
    if sizes is not None and seats not in sizes:
        counts = " or ".join(map(str, sizes))
        raise bad_field(f"{preset} is played by {counts} players, not {seats}")
    return RuleSet.preset(preset, options, seats=seats)


def _read_players(data: object) -> tuple[PlayerInfo, ...] | None:
    """The players listed (None when the record does not say: four humans are assumed)."""
    if data is None:
        return None
    sizes = sorted({n for counts in PRESET_SEATS.values() for n in counts})
    if not isinstance(data, list) or len(data) not in sizes:
        counts = ", ".join(map(str, sizes[:-1])) + f" or {sizes[-1]}"
        raise bad_field(f"players must be a list of {counts} players")
    with told_at(len(data)):
        return tuple(_read_player(seat, item) for seat, item in enumerate(data))


def _read_player(seat: int, item: object) -> PlayerInfo:
    if not isinstance(item, dict) or not isinstance(item.get("name"), str):
        raise bad_field("each player needs a name", seat=seat)
    problem = name_problem(item["name"])
    if problem is not None:
        raise bad_field(problem, seat=seat)
    kind = item.get("kind", "human")
    level = item.get("level")
    if kind not in PLAYER_KINDS:
        raise bad_field(f"player kind must be one of {', '.join(PLAYER_KINDS)}", seat=seat)
    if level is not None and not isinstance(level, str):
        raise bad_field("player level must be text", seat=seat)
    return PlayerInfo(item["name"], kind, level)


def _read_cards(text: object, hand: int, seat: int | None, what: str) -> tuple[Card, ...]:
    if not isinstance(text, str):
        raise bad_field(f"{what} must be a string of cards", hand, seat)
    words = text.split()
    try:
        return tuple([_BY_NAME[word] for word in words])
    except KeyError:  # another spelling ("qs"), or not a card: parsed one by one
        pass
    try:
        return tuple(Card.parse(word) for word in words)
    except CardError as error:
        raise RecordError(Reason.BAD_CARD, f"{error} in {what}", hand=hand, seat=seat) from None


def _read_seats(
    data: object, hand: int, what: str, nullable: bool, seats: int
) -> tuple[tuple[Card, ...] | None, ...]:
    if not isinstance(data, list) or len(data) != seats:
        raise bad_field(f"{what} must list {seats} seats", hand)
    out: list[tuple[Card, ...] | None] = []
    for seat, item in enumerate(data):
        if item is None and nullable:
            out.append(None)
        else:
            out.append(_read_cards(item, hand, seat, what))
    return tuple(out)


def _read_hand(index: int, data: object, rules: RuleSet, hidden: bool) -> HandRecord:
    if not isinstance(data, dict):
        raise bad_field("each hand must be an object", index)
    last = rules.seats - 1
    dealer = data.get("dealer")
    if not _is_int(dealer) or not 0 <= dealer <= last:
        raise bad_field(f"dealer must be a seat 0..{last}", index)
    deal = _read_seats(data.get("deal"), index, "deal", hidden, rules.seats)
    passes = None
    if data.get("pass") is not None:
        passes = _read_seats(data["pass"], index, "pass", True, rules.seats)
    lead = data.get("lead")
    if lead is not None and (not _is_int(lead) or not 0 <= lead <= last):
        raise bad_field(f"lead must be a seat 0..{last}", index)
    play = _read_cards(data.get("play", ""), index, None, "play")
    return HandRecord(dealer, deal, passes, lead, play)
