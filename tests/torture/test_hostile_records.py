"""A hostile-record corpus: whatever file a player (or an attacker) hands Peppa, it answers calmly.

Protected here:

- ``peppa-qt check FILE`` exits 0 or 2 and never raises; a refusal is one printable line on
  stderr, starting ``peppa-qt check:``, without a traceback, at most 300 characters, whatever
  the size of the hostile value; an acceptance prints the summary as JSON.
- The app's readers (``Profile.open_game`` for a file the player picks, ``Profile.load_autosave``
  for the autosave) return a game or a ``Problem``, never raise; a damaged autosave is kept as
  ``autosave.json.corrupt`` byte for byte; a record ``check`` refuses is never opened as a game,
  and one the app opens gives the very scores ``check`` prints.
- Files that are not files (a FIFO, ``/dev/zero``) are refused at once, without hanging, and a
  file over 16 MB is refused as too large without being read.

The corpus is built in memory from a few seeded games played to the end or stopped midway by
the easy computer player, then mutated by a seeded mutator: the same seed gives the same bytes.
Belmont games (six and eight seats, two decks) are mutated too, as plain records: wrong types
at every seat, copies in excess, wrong player counts, the house rules Belmont does not take.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any, Final, Literal

import pytest

from peppa_qt import cli
from peppa_qt.ai import make_player
from peppa_qt.engine import (
    Match,
    Phase,
    PlayerInfo,
    RecordError,
    RuleSet,
    read_record,
    record_of,
    replay,
    summary,
    view_of,
    write_record,
)
from peppa_qt.engine.record import MAX_SEED, record_to_dict
from peppa_qt.storage.files import decode
from peppa_qt.storage.paths import Locations
from peppa_qt.storage.problems import FileKind, Problem, ProblemKind
from peppa_qt.storage.profile import OpenedGame, Profile
from peppa_qt.storage.saves import SavedGame, default_seeds, saved_game_to_json

SEED: Final = 20240611
SUMMARY_KEYS: Final = ["hands", "totals", "over", "ranking", "winners", "to_move"]
#: The longest error line ``check`` may print (its path included).
MAX_LINE: Final = 300
#: Stand-ins for numbers too long for Python's ``json.dumps``: replaced in the text by digits.
HUGE: Final = "\x00HUGE\x00"
NEGATIVE_HUGE: Final = "\x00-HUGE\x00"
HUGE_DIGITS: Final = "1" + "0" * 5000
#: Values of the wrong type (or out of range) put in every field in turn.
WRONG_VALUES: Final[tuple[object, ...]] = (
    "x",
    "",
    [],
    [1, "2C", None],
    {},
    {"a": 1},
    True,
    False,
    None,
    1.5,
    -1,
    0,
    4,
    10**20,
    HUGE,
    NEGATIVE_HUGE,
    "2C",
)
PLAYERS: Final = (
    PlayerInfo("Anna"),
    PlayerInfo("Niccolò", "ai", "easy"),
    PlayerInfo("Zoë 🂡", "ai", "easy"),
    PlayerInfo("Dario", "ai", "easy"),
)

Expect = Literal["refused", "accepted", "either"]
JsonPath = tuple[str | int, ...]


@dataclass(frozen=True)
class Variant:
    """One hostile file: its bytes (made when needed: some are megabytes) and what must happen."""

    name: str
    make: Callable[[], bytes]
    expect: Expect = "either"
    #: The family it belongs to (for the corpus' own checks).
    family: str = ""
    #: Whether only the app's own ``"app"`` block was touched (which ``check`` does not read).
    in_app: bool = False


# ------------------------------------------------------------------ seeded games


def played(
    preset: str,
    options: dict[str, Any],
    seed: int,
    actions: int | None = None,
    seats: int | None = None,
) -> Match:
    """A game between easy players, to its end or stopped after ``actions`` passes and plays."""
    match = Match(RuleSet.preset(preset, options, seats=seats), seed)
    seats = match.rules.seats
    players = [make_player("easy", seed * 4 + s) for s in range(seats)]
    done = 0
    while not match.is_over:
        hand = match.start_hand()
        while hand.phase is not Phase.SCORED:
            if actions is not None and done >= actions:
                return match
            if hand.phase is Phase.PASSING:
                seat = next(s for s in range(seats) if hand.passes[s] is None)
                match.pass_cards(seat, players[seat].decide(view_of(match, seat)).cards)
            else:
                mover = hand.to_move
                assert mover is not None
                match.play(players[mover].decide(view_of(match, mover)).cards[0])
            done += 1
    return match


@dataclass(frozen=True)
class Base:
    """A real game as the app saves it: its text and its parsed document."""

    name: str
    match: Match
    text: str

    def document(self) -> dict[str, Any]:
        """A fresh copy of the document, to mutate."""
        parsed: dict[str, Any] = json.loads(self.text)
        return parsed


@cache
def bases() -> tuple[Base, ...]:
    """The seeded games the corpus mutates (each saved with the app's own fields)."""
    games = {
        # Peppa to 100, finished: every hand complete.
        "peppa-over": played("peppa", {}, SEED),
        # Torino stopped in the middle of a trick of its third hand.
        "torino-midway": played("torino", {}, SEED + 1, actions=130),
        # Hearts with the 36-card deck, two hands, finished.
        "hearts36-over": played("hearts", {"deck": 36, "end": {"mode": "hands", "count": 2}}, 7),
        # Peppa with two of the four passes made.
        "peppa-passing": played("peppa", {}, SEED + 3, actions=2),
    }
    out = []
    for name, match in games.items():
        record = record_of(match, PLAYERS)
        text = saved_game_to_json(SavedGame(record, default_seeds(record, match.seed)))
        out.append(Base(name, match, text))
    return tuple(out)


def base(name: str) -> Base:
    """The base game called ``name``."""
    return next(b for b in bases() if b.name == name)


# ------------------------------------------------------------------ the mutator


def dumps(document: object) -> bytes:
    """JSON text of a mutated document, ASCII only (lone surrogates are written as escapes);
    the stand-ins for huge numbers become 5,001 digits."""
    text = json.dumps(document, ensure_ascii=True)
    text = text.replace(json.dumps(NEGATIVE_HUGE), "-" + HUGE_DIGITS)
    text = text.replace(json.dumps(HUGE), HUGE_DIGITS)
    return text.encode("ascii")


def paths_of(node: object, prefix: JsonPath = ()) -> Iterator[JsonPath]:
    """Every field and item below ``node`` (of long lists, the first two items and the last)."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield (*prefix, key)
            yield from paths_of(value, (*prefix, key))
    elif isinstance(node, list):
        indices = range(len(node)) if len(node) <= 4 else sorted({0, 1, len(node) - 1})
        for index in indices:
            yield (*prefix, index)
            yield from paths_of(node[index], (*prefix, index))


def parent_of(document: dict[str, Any], path: JsonPath) -> Any:
    """The object or list holding the field at ``path``."""
    node: Any = document
    for step in path[:-1]:
        node = node[step]
    return node


def set_at(document: dict[str, Any], path: JsonPath, value: object) -> dict[str, Any]:
    """``document`` with the field at ``path`` replaced by ``value``."""
    parent_of(document, path)[path[-1]] = value
    return document


def delete_at(document: dict[str, Any], path: JsonPath) -> dict[str, Any]:
    """``document`` without the field at ``path`` (an item is removed from its list)."""
    del parent_of(document, path)[path[-1]]
    return document


def label(path: JsonPath) -> str:
    """``hands[0].deal[2]`` for a path."""
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else f".{step}"
    return text.lstrip(".")


def constant(data: bytes) -> Callable[[], bytes]:
    """A maker of already known bytes."""
    return lambda: data


def wrong_types(rng: random.Random) -> Iterator[Variant]:
    """Every field of every base given a value of another type (or out of range)."""
    for game in bases():
        for path in paths_of(game.document()):
            document = game.document()
            current = parent_of(document, path)[path[-1]]
            value = rng.choice(
                [v for v in WRONG_VALUES if v != current or type(v) is not type(current)]
            )
            name = f"{game.name}:{label(path)}={type(value).__name__}"
            if value in (HUGE, NEGATIVE_HUGE):
                name = f"{game.name}:{label(path)}=huge{'-' if value == NEGATIVE_HUGE else '+'}"
            data = dumps(set_at(document, path, value))
            yield Variant(name, constant(data), family="type", in_app=path[0] == "app")


def removals(rng: random.Random) -> Iterator[Variant]:
    """Fields removed (half of the fields of each base, chosen by the seed)."""
    for game in bases():
        paths = list(paths_of(game.document()))
        for path in sorted(rng.sample(paths, len(paths) // 2), key=label):
            data = dumps(delete_at(game.document(), path))
            name = f"{game.name}:without {label(path)}"
            yield Variant(name, constant(data), family="removed", in_app=path[0] == "app")


def unknown_fields() -> Iterator[Variant]:
    """Fields nobody knows: extra top-level fields are kept; elsewhere some are refused."""
    game = base("peppa-over")

    def with_top(key: str, value: object) -> bytes:
        document = game.document()
        document[key] = value
        return dumps(document)

    yield Variant("unknown top field", constant(with_top("zzz", 1)), "accepted", "unknown")
    yield Variant(
        "unknown lone-surrogate key", constant(with_top("\ud800", 1)), "accepted", "unknown"
    )
    yield Variant(
        "unknown 1 MB field", lambda: with_top("blob", "é" * 1_000_000), "accepted", "unknown"
    )
    many = "unknown field of 100,000 items"
    yield Variant(many, lambda: with_top("many", list(range(100_000))), "accepted", "unknown")
    document = game.document()
    document["rules"]["options"] = {"jokers": True}
    yield Variant("unknown rule option", constant(dumps(document)), "refused", "unknown")
    document = game.document()
    document["hands"][0]["bonus"] = [1, 2, 3]
    yield Variant("unknown hand field", constant(dumps(document)), "either", "unknown")
    document = game.document()
    document["players"][1]["colour"] = "red"
    yield Variant("unknown player field", constant(dumps(document)), "either", "unknown")
    document = game.document()
    document["app"]["future"] = {"x": 1}
    yield Variant("unknown app field", constant(dumps(document)), "either", "unknown", True)


def duplicate_keys() -> Iterator[Variant]:
    """A key given twice, written by hand (which one would count?): always refused."""
    for game in (base("peppa-over"), base("torino-midway")):
        text = game.text
        for key, value in (
            ("format", '"peppa-record"'),
            ("version", "1"),
            ("seed", "1"),
            ("rules", '{"preset": "hearts"}'),
            ("preset", '"torino"'),
            ("players", "null"),
            ("hands", "[]"),
            ("dealer", "0"),
            ("play", '""'),
            ("name", '"Mallory"'),
            ("counted", "true"),
        ):
            field = f'"{key}": '
            assert field in text, key
            twice = text.replace(field, f"{field}{value}, {field}", 1)
            data = twice.encode("utf-8")
            yield Variant(f"{game.name}:{key} twice", constant(data), "refused", "duplicate")


def deep_nesting() -> Iterator[Variant]:
    """Nesting deep enough to exhaust a recursive reader: refused as JSON, never a crash."""
    head = '{"format": "peppa-record", "version": 1, "rules": {"preset": "peppa"}, "x": '
    deep = 100_000
    yield Variant("100,000 [", constant(b"[" * deep), "refused", "nesting")
    yield Variant("100,000 {", constant(b'{"a":' * deep), "refused", "nesting")
    closed = head + "[" * deep + "]" * deep + "}"
    yield Variant("100,000 [] closed", constant(closed.encode()), "refused", "nesting")
    objects = head + '{"a":' * deep + "1" + "}" * deep + "}"
    yield Variant("100,000 {} closed", constant(objects.encode()), "refused", "nesting")
    game = base("peppa-over")
    document = game.document()
    document["hands"][0]["deal"][0] = "[" * 10_000
    yield Variant("brackets as cards", constant(dumps(document)), "refused", "nesting")


def truncations(rng: random.Random) -> Iterator[Variant]:
    """The text of a real game cut short anywhere before its last brace (mid-character too)."""
    for game in bases():
        data = game.text.encode("utf-8")
        end = data.rindex(b"}")
        cuts = sorted(rng.sample(range(1, end), 12))
        for cut in cuts:
            yield Variant(f"{game.name}:cut at {cut}", constant(data[:cut]), "refused", "truncated")
        # in the middle of a multi-byte character of a name
        middle = data.index("ò".encode()) + 1
        yield Variant(f"{game.name}:cut in ò", constant(data[:middle]), "refused", "truncated")
    yield Variant("empty file", constant(b""), "refused", "truncated")
    yield Variant("only blanks", constant(b" \n\t "), "refused", "truncated")


def bad_bytes(rng: random.Random) -> Iterator[Variant]:
    """Bytes that are not UTF-8 anywhere in the text: refused, not decoded by guesswork."""
    game = base("peppa-over")
    data = game.text.encode("utf-8")
    for junk in (b"\xff", b"\xfe\xfe", b"\xc0\xaf", b"\xed\xa0\x80", b"\x80", b"\xf8\x88\x80\x80"):
        at = rng.randrange(1, len(data) - 1)
        yield Variant(
            f"bytes {junk.hex()} at {at}",
            constant(data[:at] + junk + data[at:]),
            "refused",
            "bytes",
        )
    latin = game.text.encode("latin-1", errors="replace")  # "Niccolò" in Latin-1
    yield Variant("Latin-1 text", constant(latin), "refused", "bytes")
    yield Variant("NUL bytes", constant(b"\x00" * 64), "refused", "bytes")
    yield Variant("random bytes", constant(rng.randbytes(512)), "refused", "bytes")
    yield Variant("BOM then record", constant(b"\xef\xbb\xbf" + data), "accepted", "bytes")
    for encoding in ("utf-16", "utf-16-le", "utf-32"):  # JSON of old, not UTF-8: refused
        yield Variant(encoding, constant(game.text.encode(encoding)), "refused", "bytes")
    # a lone surrogate written as raw bytes (CESU-8), in a name and in a field nobody reads
    cesu = "\ud800".encode("utf-8", "surrogatepass")
    yield Variant(
        "CESU-8 surrogate in a name",
        constant(data.replace(b"Dario", b"Da" + cesu)),
        "refused",
        "bytes",
    )
    noted = data.replace(b'"seed": ', b'"note": "' + cesu + b'", "seed": ', 1)
    yield Variant("CESU-8 surrogate in an unknown field", constant(noted), "refused", "bytes")


def names(rng: random.Random) -> Iterator[Variant]:
    """Hostile player names: lone surrogates, control characters, 10,000 characters."""
    game = base("torino-midway")
    hostile = {
        "lone high surrogate": ("\ud800", "refused"),
        "lone low surrogate": ("a\udfffb", "refused"),
        "two high surrogates": ("\ud800\ud800", "refused"),
        "a real pair (emoji)": ("\ud83d\ude00", "accepted"),
        "NUL": ("An\x00na", "refused"),
        "newline": ("An\nna", "refused"),
        "tab": ("\tAnna", "refused"),
        "ANSI escape": ("\x1b[31mred\x1b[0m", "refused"),
        "DEL": ("Anna\x7f", "refused"),
        "NEL": ("Anna\x85", "refused"),
        # format characters: the product's policy (categories Cc, Zl, Zp, Cs refused) lets
        # them through; whichever it decides, they must be read calmly
        "right-to-left override": ("\u202eanna", "either"),
        "zero-width space": ("An\u200bna", "either"),
        "line separator": ("An\u2028na", "refused"),
        "paragraph separator": ("An\u2029na", "refused"),
        "blank": ("   ", "refused"),
        "10,000 long": ("A" * 10_000, "refused"),
        "101 long": ("B" * 101, "refused"),
        "100 long": ("C" * 100, "accepted"),
    }
    for what, (name, expect) in hostile.items():
        document = game.document()
        seat = rng.randrange(4)
        document["players"][seat]["name"] = name
        verdict: Expect = "refused" if expect == "refused" else "accepted"
        if expect == "either":
            verdict = "either"
        yield Variant(f"name {what} at seat {seat}", constant(dumps(document)), verdict, "name")
    document = game.document()
    document["app"]["view"]["selected"][0] = "\ud800"
    yield Variant(
        "lone surrogate as a chosen card", constant(dumps(document)), "either", "name", True
    )


def huge_values() -> Iterator[Variant]:
    """A 10 MB version string, 5,000-digit numbers, a megabyte of cards."""
    game = base("peppa-over")

    def with_version(value: object) -> bytes:
        document = game.document()
        document["version"] = value
        return dumps(document)

    yield Variant("10 MB version", lambda: with_version("1" * 10_000_000), "refused", "huge")
    yield Variant("huge version", constant(with_version(HUGE)), "refused", "huge")
    yield Variant("version 2", constant(with_version(2)), "refused", "huge")
    yield Variant("version 0", constant(with_version(0)), "refused", "huge")
    yield Variant("version 1.0", constant(with_version(1.0)), "refused", "huge")
    document = game.document()
    document["rules"]["preset"] = "p" * 10_000_000
    yield Variant("10 MB preset", constant(dumps(document)), "refused", "huge")
    document = game.document()
    document["seed"] = int("9" * 4000)  # long, but within Python's digit limit
    yield Variant("seed of 4,000 digits", constant(dumps(document)), "either", "huge")
    document = game.document()
    document["hands"][-1]["play"] = "2C " * 330_000
    yield Variant("a megabyte of plays", constant(dumps(document)), "refused", "huge")
    for text in ("NaN", "Infinity", "-Infinity", "1e400", "-0"):
        spelled = game.text.replace('"seed": ', f'"seed": {text}, "_old": ', 1)
        expect: Expect = "either" if text == "-0" else "refused"
        yield Variant(f"seed {text}", constant(spelled.encode()), expect, "huge")


def swapped_cards(rng: random.Random) -> Iterator[Variant]:
    """Cards swapped between seats' deals, passes and plays of a real game."""
    for game in (base("peppa-over"), base("torino-midway"), base("hearts36-over")):
        over = game.match.is_over
        for number in range(6):
            document = game.document()
            index = rng.randrange(len(document["hands"]))
            hand = document["hands"][index]
            first, second = rng.sample(range(4), 2)
            one, two = hand["deal"][first].split(), hand["deal"][second].split()
            i, j = rng.randrange(len(one)), rng.randrange(len(two))
            one[i], two[j] = two[j], one[i]
            hand["deal"][first], hand["deal"][second] = " ".join(one), " ".join(two)
            complete = over or index < len(document["hands"]) - 1
            expect: Expect = "refused" if complete else "either"
            name = f"{game.name}:swap {number}, hand {index}, seats {first} and {second}"
            yield Variant(name, constant(dumps(document)), expect, "swap")
        document = game.document()
        hand = document["hands"][0]
        if hand.get("pass"):
            hand["pass"] = hand["pass"][1:] + hand["pass"][:1]
            name = f"{game.name}:passes moved one seat"
            yield Variant(name, constant(dumps(document)), "refused", "swap")
        plays = hand["play"].split()
        plays[0], plays[1] = plays[1], plays[0]
        hand["play"] = " ".join(plays)
        yield Variant(
            f"{game.name}:first two plays swapped", constant(dumps(document)), "refused", "swap"
        )


def outside_the_deck() -> Iterator[Variant]:
    """In a 36-card game, cards below the six: in the deal, in a pass, in the plays."""
    game = base("hearts36-over")
    for card in ("2C", "5H", "3S", "4D"):
        document = game.document()
        deal = document["hands"][0]["deal"][1].split()
        deal[0] = card
        document["hands"][0]["deal"][1] = " ".join(deal)
        yield Variant(f"36-card deal with {card}", constant(dumps(document)), "refused", "deck")
    document = game.document()
    document["hands"][1]["deal"][2] += " 2D"
    yield Variant("36-card deal with a tenth card 2D", constant(dumps(document)), "refused", "deck")
    document = game.document()
    passes = document["hands"][0]["pass"]
    passes[0] = " ".join([*passes[0].split()[:2], "2H"])
    yield Variant("36-card pass of 2H", constant(dumps(document)), "refused", "deck")
    document = game.document()
    document["hands"][1]["play"] = "2C " + document["hands"][1]["play"]
    yield Variant("36-card game leading 2C", constant(dumps(document)), "refused", "deck")
    document = game.document()
    document["rules"]["options"]["deck"] = 40
    yield Variant("a 40-card deck", constant(dumps(document)), "refused", "deck")


def out_of_order() -> Iterator[Variant]:
    """A lead given while passing, hands after the game's end, an unfinished hand not last."""
    passing = base("peppa-passing")
    for seat in range(4):
        document = passing.document()
        document["hands"][-1]["lead"] = seat
        yield Variant(f"lead {seat} while passing", constant(dumps(document)), "refused", "order")
    document = passing.document()
    document["hands"][-1]["play"] = "2C"
    yield Variant("a play while passing", constant(dumps(document)), "refused", "order")
    for game in (base("peppa-over"), base("hearts36-over")):
        document = game.document()
        last = dict(document["hands"][-1])
        for dealer in range(4):
            extra = {**last, "dealer": dealer}
            document = game.document()
            document["hands"].append(extra)
            name = f"{game.name}:a hand after the end, dealer {dealer}"
            yield Variant(name, constant(dumps(document)), "refused", "order")
        document = game.document()
        document["hands"].append({"dealer": 0, "deal": [None, None, None, None]})
        yield Variant(
            f"{game.name}:a hidden hand after the end",
            constant(dumps(document)),
            "refused",
            "order",
        )
        document = game.document()
        hand = document["hands"][0]
        hand["play"] = " ".join(hand["play"].split()[:10])
        yield Variant(
            f"{game.name}:unfinished first hand", constant(dumps(document)), "refused", "order"
        )
        document = game.document()
        document["hands"][0]["lead"] = (document["hands"][0]["lead"] + 1) % 4
        yield Variant(
            f"{game.name}:wrong first lead", constant(dumps(document)), "refused", "order"
        )
        document = game.document()
        document["hands"][1]["dealer"] = (document["hands"][1]["dealer"] + 2) % 4
        yield Variant(f"{game.name}:wrong dealer", constant(dumps(document)), "refused", "order")


def not_records() -> Iterator[Variant]:
    """Valid JSON that is not a game record."""
    for text in ("null", "0", '"peppa-record"', "[]", "[{}]", "{}", '{"format": "PEPPA-RECORD"}'):
        yield Variant(f"JSON {text}", constant(text.encode()), "refused", "not-record")


#: Six and eight players: the four above, and Belmont's others (one with a name past seat 3).
BELMONT_PLAYERS: Final = (
    *PLAYERS,
    PlayerInfo("Edoardo", "ai", "easy"),
    PlayerInfo("Fëdor", "ai", "easy"),
    PlayerInfo("Giò", "ai", "easy"),
    PlayerInfo("Hana 🂱", "ai", "easy"),
)


@cache
def belmont_bases() -> tuple[Base, ...]:
    """Belmont games (plain records: the app's own block is the storage's to test at N seats):
    six players to the end of two hands, eight stopped in the middle of a trick of hand 2."""
    games = {
        "belmont6-over": played("belmont", {"end": {"mode": "hands", "count": 2}}, 11, seats=6),
        "belmont8-midway": played("belmont", {}, 12, actions=8 + 104 + 8 + 21, seats=8),
    }
    out = []
    for name, match in games.items():
        players = BELMONT_PLAYERS[: match.rules.seats]
        out.append(Base(name, match, write_record(record_of(match, players))))
    return tuple(out)


def belmont_base(name: str) -> Base:
    """The Belmont game called ``name``."""
    return next(b for b in belmont_bases() if b.name == name)


def with_deal_card(game: Base, hand: int, seat: int, card: str) -> bytes:
    """``game`` with the first card dealt to ``seat`` in ``hand`` replaced by ``card``."""
    document = game.document()
    deal = document["hands"][hand]["deal"]
    deal[seat] = " ".join([card, *deal[seat].split()[1:]])
    return dumps(document)


def belmont(rng: random.Random) -> Iterator[Variant]:
    """Six and eight seats with two decks: every field of the bases given a wrong type (seats
    past the fourth included), the texts cut short, copies in excess, wrong player counts, the
    four-seat house rules, a deal moved one seat, a wrong lead; and the originals."""
    for game in belmont_bases():
        for path in paths_of(game.document()):
            document = game.document()
            current = parent_of(document, path)[path[-1]]
            value = rng.choice([v for v in WRONG_VALUES if v is not current and v != current])
            data = dumps(set_at(document, path, value))
            yield Variant(
                f"{game.name}:{label(path)}={type(value).__name__}",
                constant(data),
                family="belmont",
            )
        data = game.text.encode("utf-8")
        for cut in sorted(rng.sample(range(1, data.rindex(b"}")), 6)):
            yield Variant(f"{game.name}:cut at {cut}", constant(data[:cut]), "refused", "belmont")
        for count in (4, 5, 7, 9):
            document = game.document()
            document["players"] = document["players"][:count] + [{"name": "X"}] * (
                count - len(document["players"])
            )
            yield Variant(
                f"{game.name}:{count} players", constant(dumps(document)), "refused", "belmont"
            )
        document = game.document()
        document["rules"]["preset"] = "hearts"
        yield Variant(f"{game.name}:as hearts", constant(dumps(document)), "refused", "belmont")
        for option, value in (
            ("jack_of_diamonds", 10),
            ("seven_of_clubs", 7),
            ("deck", 36),
            ("teams", True),
        ):
            document = game.document()
            document["rules"].setdefault("options", {})[option] = value
            yield Variant(
                f"{game.name}:with {option}", constant(dumps(document)), "refused", "belmont"
            )
        document = game.document()
        hand = document["hands"][0]
        hand["deal"] = hand["deal"][1:] + hand["deal"][:1]
        yield Variant(
            f"{game.name}:deals moved one seat", constant(dumps(document)), "refused", "belmont"
        )
        document = game.document()
        hand["lead"] = (hand["lead"] + 1) % len(hand["deal"])
        document["hands"][0]["lead"] = hand["lead"]
        yield Variant(
            f"{game.name}:wrong first lead", constant(dumps(document)), "refused", "belmont"
        )
        yield Variant(f"{game.name}:as written", constant(data), "accepted", "belmont")
    six, eight = belmont_bases()
    yield Variant("six: two Q♠", constant(with_deal_card(six, 0, 4, "QS")), "refused", "belmont")
    yield Variant("six: two 2♣", constant(with_deal_card(six, 1, 5, "2C")), "refused", "belmont")
    for game, index, card in ((six, 0, "QH"), (eight, 0, "KS"), (eight, 1, "AH")):
        document = game.document()  # a third copy, whoever holds the other two
        deal = document["hands"][index]["deal"]
        extra = next(s for s, cards in enumerate(deal) if card not in cards.split())
        deal[extra] = " ".join([card, *deal[extra].split()[1:]])
        name = f"{game.name}: a third {card} in hand {index + 1}"
        yield Variant(name, constant(dumps(document)), "refused", "belmont")


@cache
def corpus() -> tuple[Variant, ...]:
    """Every hostile variant, in a fixed order, from the seed."""
    rng = random.Random(SEED)
    variants = [
        *wrong_types(rng),
        *removals(rng),
        *unknown_fields(),
        *duplicate_keys(),
        *deep_nesting(),
        *truncations(rng),
        *bad_bytes(rng),
        *names(rng),
        *huge_values(),
        *swapped_cards(rng),
        *outside_the_deck(),
        *out_of_order(),
        *not_records(),
        *belmont(random.Random(SEED + 8)),
    ]
    # the originals, as the control group: every one is accepted
    variants += [
        Variant(f"{b.name}:as saved", constant(b.text.encode()), "accepted", "good")
        for b in bases()
    ]
    return tuple(variants)


# ------------------------------------------------------------------ the readers


@dataclass(frozen=True)
class Checked:
    """What ``peppa-qt check`` did."""

    code: int
    out: str
    err: str


def run_check(path: Path) -> Checked:
    """``peppa-qt check PATH`` in this process (what the console shows, captured)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(["check", str(path)])
    return Checked(code, out.getvalue(), err.getvalue())


def assert_refused_calmly(done: Checked, path: Path) -> str:
    """Exit 2, nothing on stdout, one short printable line on stderr; the line."""
    assert done.code == 2
    assert done.out == ""
    lines = done.err.splitlines()
    assert len(lines) == 1 and done.err.endswith("\n"), repr(done.err[:500])
    line = lines[0]
    assert line.startswith("peppa-qt check:"), line
    assert "Traceback" not in line
    assert len(line) <= MAX_LINE, f"{len(line)} characters: {line[:400]}"
    assert line.isprintable(), repr(line)  # no control character reaches the terminal
    line.encode("utf-8")  # a lone surrogate would make the print itself fail on a real console
    # the last resort for an unexpected exception ("a bug of ours") must not be reached
    assert "could not be checked" not in line, line
    return line


def assert_problem_is_told_in_one_line(problem: Problem) -> None:
    """The detail the window puts in its sentence: one short line of real text."""
    detail = problem.detail
    assert "\n" not in detail and len(detail) <= MAX_LINE, repr(detail[:400])
    detail.encode("utf-8")
    assert "Traceback" not in detail


def read_as_the_app(
    profile: Profile, path: Path, kind: FileKind = FileKind.SAVED_GAME
) -> tuple[OpenedGame | None, Problem | None]:
    """The app's reader for a file the player picked; exactly one of a game or a problem."""
    opened, problem = profile.open_game(path, kind)
    assert (opened is None) != (problem is None), (opened, problem)
    return opened, problem


def assert_saved_again(profile: Profile, opened: OpenedGame, path: Path) -> None:
    """The game opened is saved as the app saves it (the record of its match, its players and
    seeds) without a problem, and reads back as the same game."""
    saved = replace(opened.saved, record=record_of(opened.match, opened.saved.record.players))
    assert profile.save_game(path, saved) is None
    again, problem = read_as_the_app(profile, path)
    assert problem is None and again is not None
    assert summary(again.match) == summary(opened.match)
    assert again.saved.seeds == opened.saved.seeds


# ------------------------------------------------------------------ the tests


@pytest.mark.parametrize("variant", corpus(), ids=lambda v: v.name[:80])
def test_a_hostile_record_is_refused_calmly_or_read(variant: Variant, tmp_path: Path) -> None:
    """``check`` and the app's readers never raise; they agree, and refusals are one line."""
    data = variant.make()
    path = tmp_path / "game.json"
    path.write_bytes(data)

    done = run_check(path)
    assert done.code in (0, 2), done
    printed: dict[str, Any] | None = None
    if done.code == 0:
        assert done.err == ""
        printed = json.loads(done.out)
        assert isinstance(printed, dict) and list(printed) == SUMMARY_KEYS
    else:
        assert_refused_calmly(done, path)
    if variant.expect != "either":
        assert done.code == (0 if variant.expect == "accepted" else 2), done.err[:MAX_LINE]

    profile = Profile(Locations.under(tmp_path / "profile"))
    opened, problem = read_as_the_app(profile, path)
    if problem is not None:
        assert problem.kind in (ProblemKind.DAMAGED, ProblemKind.NEWER), problem
        assert problem.kept_as is None and path.read_bytes() == data  # the player's own file
        assert_problem_is_told_in_one_line(problem)
    if done.code == 2:  # what check refuses, the app never opens as a game
        assert opened is None, f"check refused it ({done.err.strip()}) but the app opened it"
    if not variant.in_app:  # and, but for the app's own fields, the app reads what check reads
        assert opened is not None or done.code == 2, f"only the app refused it: {problem}"
    if opened is not None:  # a game the app opens scores as check says, and saves again
        assert printed == json.loads(json.dumps(summary(opened.match)))
        assert_saved_again(profile, opened, tmp_path / "again.peppa")

    # the same bytes as the autosave: read, or set aside whole as autosave.json.corrupt
    autosave = profile.where.autosave_file
    autosave.parent.mkdir(parents=True)
    autosave.write_bytes(data)
    resumed, trouble = profile.load_autosave()
    assert (resumed is None) != (trouble is None), (resumed, trouble)
    if trouble is not None:
        assert trouble.kind in (ProblemKind.DAMAGED, ProblemKind.NEWER), trouble
        assert trouble.kept_as is not None and trouble.kept_as.read_bytes() == data
        assert not autosave.exists()
    assert (resumed is None) == (opened is None)


def test_the_corpus_is_large_seeded_and_hostile(tmp_path: Path) -> None:
    """The corpus holds every family, at least 250 variants, the same bytes from the same seed,
    and most type errors really are errors (else the mutator would test nothing): in the record,
    to ``check``; in the app's own block, which ``check`` does not read, to the app."""
    variants = corpus()
    assert len(variants) >= 250
    assert len({v.name for v in variants}) == len(variants)
    families = {v.family for v in variants}
    expected = "type removed unknown duplicate nesting truncated bytes name huge swap deck order"
    assert families == {*expected.split(), "not-record", "good", "belmont"}
    small = [v for v in variants if v.family in ("type", "truncated", "swap")]
    again = {v.name: v.make() for v in small}
    bases.cache_clear()
    corpus.cache_clear()
    assert {v.name: v.make() for v in corpus() if v.name in again} == again
    refused = 0
    typed = [v for v in corpus() if v.family == "type" and not v.in_app]
    for variant in typed:
        try:
            replay(read_record(variant.make()))
        except RecordError:  # anything else is a crash, and fails the test
            refused += 1
    assert refused >= 0.7 * len(typed), f"only {refused} of {len(typed)} wrong types refused"
    profile = Profile(Locations.under(tmp_path / "profile"))
    apps = [v for v in corpus() if v.family == "type" and v.in_app]
    path = tmp_path / "game.json"
    turned_away = 0
    for variant in apps:
        path.write_bytes(variant.make())
        turned_away += read_as_the_app(profile, path)[1] is not None
    assert len(apps) >= 50
    assert turned_away >= 0.7 * len(apps), f"the app refused only {turned_away} of {len(apps)}"


def check_in_a_thread(path: Path) -> tuple[Checked | None, bool]:
    """``check`` run in a thread given 5 seconds; (what it did, whether it finished)."""
    results: list[Checked] = []
    thread = threading.Thread(target=lambda: results.append(run_check(path)), daemon=True)
    thread.start()
    thread.join(timeout=5)
    return (results[0] if results else None), not thread.is_alive()


def test_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    """A named pipe called game.json would block a plain read for ever: check refuses it."""
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    try:
        done, finished = check_in_a_thread(fifo)
        assert finished, "check is still waiting on the FIFO after 5 s"
        assert done is not None
        assert "not a regular file" in assert_refused_calmly(done, fifo)
        profile = Profile(Locations.under(tmp_path / "profile"))
        _opened, problem = read_as_the_app(profile, fifo)
        assert problem is not None and problem.kind is ProblemKind.UNREADABLE
    finally:  # should a reader be stuck in open(), a writer lets it go
        with contextlib.suppress(OSError):
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))


def test_dev_zero_is_refused_at_once(tmp_path: Path) -> None:
    """``/dev/zero`` never ends: check refuses it without reading, and so does the app."""
    zero = Path("/dev/zero")
    if not zero.exists():
        pytest.skip("no /dev/zero here")
    done, finished = check_in_a_thread(zero)
    assert finished, "check is still reading /dev/zero after 5 s"
    assert done is not None
    assert "not a regular file" in assert_refused_calmly(done, zero)
    link = tmp_path / "game.peppa"
    link.symlink_to(zero)
    done, finished = check_in_a_thread(link)
    assert finished and done is not None
    assert_refused_calmly(done, link)
    profile = Profile(Locations.under(tmp_path / "profile"))
    _opened, problem = read_as_the_app(profile, link)
    assert problem is not None and problem.kind is ProblemKind.UNREADABLE


def test_a_17_mb_file_is_refused_as_too_large(tmp_path: Path) -> None:
    """Over 16 MB, a record is refused as too large, before it is read (a sparse file here)."""
    big = tmp_path / "big.json"
    good = base("peppa-over").text.encode()
    with big.open("wb") as stream:
        stream.write(good)
        stream.truncate(17 * 1024 * 1024)
    done, finished = check_in_a_thread(big)
    assert finished and done is not None
    assert "larger than 16 MB" in assert_refused_calmly(done, big)
    profile = Profile(Locations.under(tmp_path / "profile"))
    _opened, problem = read_as_the_app(profile, big)
    assert problem is not None and problem.kind is ProblemKind.UNREADABLE
    assert "larger than 16 MB" in problem.detail
    autosave = profile.where.autosave_file
    autosave.parent.mkdir(parents=True)
    os.replace(big, autosave)
    resumed, trouble = profile.load_autosave()
    assert resumed is None and trouble is not None and trouble.kind is ProblemKind.UNREADABLE
    assert autosave.exists()  # left in place, unread; never written over: the game goes beside
    game = SavedGame(record_of(base("peppa-over").match), (None,) * 4)
    assert profile.save_autosave(game) is None
    assert autosave.stat().st_size == 17 * 1024 * 1024
    beside = autosave.with_name(f"{autosave.stem}-2{autosave.suffix}")
    assert beside.is_file() and beside.stat().st_size < 1024 * 1024


def test_the_readers_agree_on_the_bases() -> None:
    """The control group: each base game reads back as itself (the corpus starts from truth)."""
    for game in bases():
        match = replay(read_record(game.text))
        assert summary(match) == summary(game.match)
        assert record_to_dict(record_of(match)) == record_to_dict(record_of(game.match))
        assert decode(game.text.encode("utf-8-sig")) == game.text


#: A whole number of 4,300 digits: the most Python's int() reads (sys.get_int_max_str_digits).
LONGEST_SEED: Final = int("9" * 4300)


def test_a_seed_too_long_is_refused_and_the_longest_allowed_is_saved(tmp_path: Path) -> None:
    """Whatever record the app accepts, its autosave can be written: Profile promises never
    to raise. A seed of 4,300 digits once opened but could not be saved (the computer
    players' seeds, seed * 4 + seat, had more digits than Python writes): seeds are now
    refused past 19 digits, and the largest allowed one goes through saving and resuming."""
    document = base("torino-midway").document()
    del document["app"]  # a plain record: the app derives its computer players' seeds
    document["seed"] = LONGEST_SEED
    path = tmp_path / "record.json"
    path.write_bytes(dumps(document))
    assert "seed must be a whole number" in assert_refused_calmly(run_check(path), path)
    document["seed"] = MAX_SEED
    path.write_bytes(dumps(document))
    assert run_check(path).code == 0
    profile = Profile(Locations.under(tmp_path / "profile"))
    opened, _problem = read_as_the_app(profile, path, FileKind.RECORD)
    assert opened is not None
    assert profile.save_autosave(opened.saved) is None
    resumed, trouble = profile.load_autosave()
    assert trouble is None and resumed is not None
    assert summary(resumed.match) == summary(opened.match)


@pytest.mark.parametrize("constant_text", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_not_json(constant_text: str, tmp_path: Path) -> None:
    """RFC 8259 has no NaN nor Infinity: a file holding them is not a game record any other
    program can read, so ``check`` must not call it one (here in a field nobody reads)."""
    text = base("peppa-over").text.replace('"seed": ', f'"note": {constant_text}, "seed": ', 1)
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    assert_refused_calmly(run_check(path), path)
