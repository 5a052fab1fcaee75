"""What a client may send a host, read and checked; what a host says back.

Every message is one JSON object with a ``"type"`` (DESIGN.md, "Table protocol"). A message
is read here into a small typed value or refused with a ``Refusal`` (a code a program can
act on, a reason a person can read); a type this side does not know is ignored, so that
newer clients can speak to an older host. Nothing here trusts its input: sizes, types,
names, seats and cards are all checked before anything else sees them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

from ..ai.base import LEVELS
from ..engine import RuleSet
from ..engine.cards import Card, CardError
from ..engine.errors import RecordError
from ..engine.record_read import name_problem

#: The protocol this host speaks.
PROTOCOL: Final = 1
#: The largest message taken, in bytes (a longer one is refused unread).
MAX_MESSAGE: Final = 64 * 1024
#: The longest player's name, in characters.
MAX_NAME: Final = 24
#: The letters of a table's code: read aloud without doubt (no 0/O, no 1/I/L).
CODE_LETTERS: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 6
#: The most cards one message may name (a pass is three).
MAX_CARDS: Final = 8
#: The longest token taken (ours are 32 characters), card name, rules' options.
MAX_TOKEN: Final = 100
MAX_CARD_NAME: Final = 3
MAX_OPTIONS: Final = 4096
#: The sizes of a table.
TABLE_SIZES: Final = (4, 6, 8)
#: The close code a connection gets when its seat is taken back by a newer connection with
#: the same token (another tab, the same phone after a blip): that client must not come back
#: by itself, or two tabs would take the seat from each other for ever.
TAKEN_BACK: Final = 4001


class Refusal(Exception):  # noqa: N818  (the protocol's word: a "refused" message)
    """A message not taken: ``code`` for programs, ``reason`` for people."""

    def __init__(self, code: str, reason: str, rule: str | None = None) -> None:
        """``rule``: for an illegal card, the rule broken (``engine.Reason``'s value), which
        a client words in its player's language."""
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.rule = rule

    def message(self) -> dict[str, Any]:
        """The ``refused`` message that tells the client."""
        message = {"type": "refused", "code": self.code, "reason": self.reason}
        if self.rule is not None:
            message["rule"] = self.rule
        return message


@dataclass(frozen=True)
class SeatSpec:
    """Who sits at a seat of a table being created: a human (a client) or a computer."""

    kind: str
    level: str | None = None


@dataclass(frozen=True)
class Create:
    """A new table (a headless server only)."""

    rules: RuleSet
    seats: tuple[SeatSpec, ...]


@dataclass(frozen=True)
class Hello:
    """Take a free human seat (``seat`` None: any), or one's own back with its token."""

    table: str
    name: str
    seat: int | None
    token: str | None
    #: The client wants the table at a glance in its views (a browser's page: ``glance.py``).
    glance: bool = False


@dataclass(frozen=True)
class Seats:
    """Which seats of a table are free, asked before taking one (a browser's page)."""

    table: str


@dataclass(frozen=True)
class Cards:
    """The seat's pass, or its card."""

    cards: tuple[int, ...]


@dataclass(frozen=True)
class Ready:
    """The seat's player has read the hand's score: the next hand may be dealt (an extension
    of DESIGN.md's protocol; a host deals anyway after its pause, an old client never sends
    it)."""


Message = Create | Hello | Seats | Cards | Ready


def parse(data: str | bytes) -> Message | None:
    """The message in ``data``; None for a type this side does not know (ignored).

    Raises ``Refusal`` for anything else that is wrong with it.
    """
    if isinstance(data, bytes):
        raise Refusal("binary", "messages are JSON text, not binary frames")
    if len(data) > MAX_MESSAGE:  # (characters: at least as many bytes)
        raise Refusal("too-large", f"a message is at most {MAX_MESSAGE} bytes")
    try:
        document = json.loads(data)
    except (ValueError, RecursionError):
        raise Refusal("malformed", "a message is one JSON object") from None
    if not isinstance(document, dict) or not isinstance(document.get("type"), str):
        raise Refusal("malformed", 'a message is a JSON object with a "type"')
    kind = document["type"]
    if kind == "cards":
        return Cards(_cards(document.get("cards")))
    if kind == "ready":
        return Ready()
    if kind == "hello":
        _protocol(document)
        return _hello(document)
    if kind == "create":
        _protocol(document)
        return _create(document)
    if kind == "seats":
        _protocol(document)
        return Seats(normal_code(_table_code(document)))
    return None


def _protocol(document: dict[str, Any]) -> None:
    number = document.get("protocol")
    if number != PROTOCOL or isinstance(number, bool):
        raise Refusal("protocol", f"this table speaks protocol {PROTOCOL}, not {_shown(number)}")


def _table_code(document: dict[str, Any]) -> str:
    table = document.get("table")
    if not isinstance(table, str) or len(table) > 2 * CODE_LENGTH:
        raise Refusal("malformed", "a table's code is a short text")
    return table


def _hello(document: dict[str, Any]) -> Hello:
    table, name = _table_code(document), document.get("name")
    seat, token = document.get("seat"), document.get("token")
    if not isinstance(name, str) or len(name) > MAX_NAME or name_problem(name, MAX_NAME):
        raise Refusal("name", f"a name is 1 to {MAX_NAME} printable characters")
    if seat is not None and (not _is_int(seat) or not 0 <= seat < max(TABLE_SIZES)):
        raise Refusal("malformed", '"seat" is a seat number or null')
    if token is not None and (not isinstance(token, str) or len(token) > MAX_TOKEN):
        raise Refusal("malformed", '"token" is the text a welcome gave, or null')
    glance = document.get("glance") is True
    return Hello(normal_code(table), name.strip(), seat, token, glance)


def _create(document: dict[str, Any]) -> Create:
    rules, seats = document.get("rules"), document.get("seats")
    if not isinstance(seats, list) or len(seats) not in TABLE_SIZES:
        raise Refusal("rules", '"seats" lists 4, 6 or 8 seats')
    specs = tuple(seat_spec(item) for item in seats)
    if not isinstance(rules, dict) or not isinstance(rules.get("preset"), str):
        raise Refusal("rules", 'rules are an object with a "preset", as in a record')
    options = rules.get("options", {})
    if not isinstance(options, dict) or len(json.dumps(options)) > MAX_OPTIONS:
        raise Refusal("rules", "rules' options are a small object")
    try:
        ruleset = RuleSet.preset(rules["preset"], options, seats=len(specs))
    except RecordError as error:  # a rule the presets refuse: said back
        raise Refusal("rules", f"these rules cannot be played: {error}") from None
    if not any(spec.kind == "human" for spec in specs):
        raise Refusal("rules", "a table needs at least one human seat")
    return Create(ruleset, specs)


def seat_spec(item: object, *, local: bool = False) -> SeatSpec:
    """A seat of a ``create`` (or a saved table): a human, or a computer of a level; with
    ``local`` (a table saved by a hosting window) also a person at that window."""
    if isinstance(item, dict) and item.get("kind") == "human":
        return SeatSpec("human")
    if local and isinstance(item, dict) and item.get("kind") == "local":
        return SeatSpec("local")
    if isinstance(item, dict) and item.get("kind") == "ai" and item.get("level") in LEVELS:
        return SeatSpec("ai", str(item["level"]))
    levels = ", ".join(LEVELS)
    raise Refusal("rules", f'a seat is {{"kind": "human"}} or {{"kind": "ai", "level": {levels}}}')


def _cards(value: object) -> tuple[int, ...]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_CARDS:
        raise Refusal("malformed", '"cards" lists the cards, like ["QS"]')
    try:
        if not all(isinstance(text, str) and len(text) <= MAX_CARD_NAME for text in value):
            raise CardError("not a card's name")
        return tuple(Card.parse(text) for text in value)
    except CardError:
        raise Refusal("malformed", "a card is written like QS, 10H or AC") from None


def normal_code(text: str) -> str:
    """A table's code as typed (any case, spaces and dashes) in the form it is given."""
    return "".join(c for c in text.upper() if c not in " -")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shown(value: object) -> str:
    return json.dumps(value)[:20] if value is not None else "none"
