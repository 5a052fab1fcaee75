"""Saved games and the autosave: a game record (DESIGN.md) plus the app's own fields.

The app's fields sit under one extra top-level key, ``"app"``, which the record format keeps
as it is: a saved game is still a valid ``peppa-record`` for ``peppa-qt check``, and a plain
record (an export, another program's game) opens as a saved game with default app fields.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from ..engine import GameRecord, Match, Phase, RecordError, format_cards, parse_cards, replay
from ..engine.cards import CardError
from ..engine.cardset import copies
from ..engine.deals import LAST_LONG_DEAL, NumberedDeal
from ..engine.record import (
    MAX_SEED,
    MAX_VALUES,
    lines_as_written,
    record_from_dict,
    write_record,
)
from ..engine.record import VERSION as RECORD_VERSION
from . import jsonfields as jf
from .problems import FormatError

APP_KEY: Final = "app"
#: Version 2 keeps a half-chosen pass per seat (version 1 had one, South's, as a string).
#: Every list of the block has one entry per seat of the record (four, six or eight): a
#: four-seat game's block is the same as before tables of six and eight.
APP_VERSION: Final = 2
#: Per seat (as many as the record's players), a computer player's seed or None.
Seeds = tuple[int | None, ...]
Cards = tuple[int, ...]
#: Per seat, the cards chosen to pass so far (two copies of a card may be among them).
Selections = tuple[Cards, ...]
#: Per seat, the aids used in the game: (undos, hints).
Aids = tuple[tuple[int, int], ...]
#: Hands dealt from a deal number the seed does not give: (hand index, number, seats turned).
GivenDeals = tuple[tuple[int, int, int], ...]


@dataclass(frozen=True)
class SavedGame:
    """A game and what the app needs to go on with it exactly as if it had never stopped."""

    record: GameRecord
    #: Each computer player's seed by seat (None for a human): its choices follow from it.
    seeds: Seeds
    #: Per seat, the cards a human had chosen to pass, not yet confirmed (the view's state);
    #: left empty, none at any seat.
    selected: Selections = ()
    #: The game's end is already in the statistics (do not count it twice).
    counted: bool = False
    #: Per seat, the undos and hints used so far (they go into the statistics at the end);
    #: left empty, none at any seat.
    aids: Aids = ()
    #: The hands dealt from a number of the player's choosing (New game from a deal number,
    #: Replay this deal): the seed does not give them, so the file says which number it was.
    deals: GivenDeals = ()
    #: The coach's reviews of finished hands, as their JSON (``ai.review_json``, each with
    #: its ``"seat"``): kept so a review opens again at once. The session checks each against
    #: the game and works out again one that does not fit; the file only carries them.
    reviews: tuple[dict[str, Any], ...] = ()
    #: The lines of the hands before the last as the file read had them, when each is the
    #: line the writer writes for its hand (``engine.record.lines_as_written``): the first
    #: autosave of a game read back need not write them again. Empty for a game not read.
    hand_lines: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        seats = self.record.seats
        if not self.selected:
            object.__setattr__(self, "selected", no_selection(seats))
        if not self.aids:
            object.__setattr__(self, "aids", no_aids(seats))
        if not len(self.seeds) == len(self.selected) == len(self.aids) == seats:
            raise ValueError(f"a saved game of {seats} seats needs seeds, choices, aids for each")


def no_selection(seats: int) -> Selections:
    """No cards chosen to pass at any of ``seats`` seats."""
    return ((),) * seats


def no_aids(seats: int) -> Aids:
    """No undo nor hint used at any of ``seats`` seats."""
    return ((0, 0),) * seats


def default_seeds(record: GameRecord, seed: int) -> Seeds:
    """The seeds a new game gives its computer players: the game's seed times the seats, plus
    the seat (as ``controller.setup.GameSetup.player_seed``)."""
    seats = record.seats
    return tuple(
        None if p.kind == "human" else seed * seats + s for s, p in enumerate(record.players)
    )


# ---------------------------------------------------------------------- writing


def saved_game_to_json(game: SavedGame, hand_lines: Sequence[str] | None = None) -> str:
    """The text of a saved game (a game record with the ``"app"`` field); ``hand_lines``:
    the hands already written (``engine.record.HandLines``), in place of the record's."""
    app: dict[str, Any] = {"version": APP_VERSION, "seeds": list(game.seeds)}
    app["view"] = {"selected": [format_cards(cards) for cards in game.selected]}
    app["counted"] = game.counted
    app["aids"] = {
        "undos": [undos for undos, _ in game.aids],
        "hints": [hints for _, hints in game.aids],
    }
    if game.deals:
        app["deals"] = [{"hand": i, "number": n, "turn": t} for i, n, t in game.deals]
    if game.reviews:
        app["reviews"] = list(game.reviews)
    record = replace(game.record, extra={**game.record.extra, APP_KEY: app})
    return write_record(record, hand_lines)


def record_to_json(record: GameRecord) -> str:
    """A plain game record, without the app's fields (Export record)."""
    return write_record(replace(record, extra={}))


# ---------------------------------------------------------------------- reading


def parse_saved_game(text: str) -> tuple[SavedGame, Match]:
    """A saved game or a plain record, checked by replaying it; FormatError otherwise."""
    document = jf.parse_json(text, MAX_VALUES)
    version = document.get("version") if isinstance(document, dict) else None
    if jf.is_int(version) and version > RECORD_VERSION:
        raise FormatError(f"game record version {version} is newer than this program's", newer=True)
    try:
        record = record_from_dict(document)
        match = replay(record)  # with undo: the player may take back moves made before
    except RecordError as error:
        raise FormatError(error.describe(), record=error) from None
    saved = _with_app_fields(record, match)
    assert isinstance(document, dict)  # record_from_dict took it
    lines = tuple(lines_as_written(text, document, record))
    return replace(saved, hand_lines=lines), match


def _with_app_fields(record: GameRecord, match: Match) -> SavedGame:
    defaults = default_seeds(record, match.seed)
    app = record.extra.get(APP_KEY)
    if app is None:
        return SavedGame(record, defaults)
    data = _app_block(app)
    seeds = _seeds(data.get("seeds", list(defaults)), defaults)
    view = data.get("view", {})
    if not isinstance(view, dict):
        raise FormatError('"view" must be an object')
    raw = view.get("selected")
    selected = () if raw is None else _selections(raw, data["version"], match)
    aids = _aids(data.get("aids", {}), record.seats)
    deals = _given_deals(data.get("deals", []), match)
    counted = jf.flag(data, "counted", False)
    return SavedGame(record, seeds, selected, counted, aids, deals, _reviews(data.get("reviews")))


def _reviews(value: object) -> tuple[dict[str, Any], ...]:
    """The coach's kept reviews: objects, or none (a cache: what is not one is dropped, never
    a reason to refuse the game)."""
    if not isinstance(value, list):
        return ()
    return tuple(item for item in value if isinstance(item, dict))


def _given_deals(value: object, match: Match) -> GivenDeals:
    """The hands dealt from a chosen deal number, told to ``match`` (checked against its cards)."""
    if not isinstance(value, list) or len(value) > len(match.hands):
        raise FormatError('"deals" must be a list, an entry per hand at most')
    given = []
    seats = match.rules.seats
    for entry in value:
        if not isinstance(entry, dict) or set(entry) != {"hand", "number", "turn"}:
            raise FormatError('each of "deals" needs "hand", "number" and "turn", nothing else')
        index, number, turn = entry["hand"], entry["number"], entry["turn"]
        if not all(jf.is_int(n) for n in (index, number, turn)) or not 0 <= turn < seats:
            raise FormatError(
                f'"deals" holds whole numbers: a hand, a deal number, a turn 0 to {seats - 1}'
            )
        if not 0 <= index < len(match.hands) or not 1 <= number <= LAST_LONG_DEAL:
            raise FormatError('"deals" names a hand this game has not dealt, or no deal number')
        try:
            match.adopt_numbered(index, NumberedDeal(number, turn))
        except ValueError as error:
            raise FormatError(str(error)) from None
        given.append((index, number, turn))
    return tuple(given)


def _aids(value: object, seats: int) -> Aids:
    """The undos and hints used per seat (none in a game saved before they were kept)."""
    if not isinstance(value, dict):
        raise FormatError('"aids" must be an object')
    lists = []
    for key in ("undos", "hints"):
        counts = value.get(key, [0] * seats)
        if (
            not isinstance(counts, list)
            or len(counts) != seats
            or not all(jf.is_int(n) and 0 <= n < 10**9 for n in counts)
        ):
            raise FormatError(f'"aids" needs "{key}": {seats} whole numbers, 0 or more')
        lists.append(counts)
    return tuple((undos, hints) for undos, hints in zip(lists[0], lists[1], strict=True))


def _app_block(app: object) -> dict[str, Any]:
    if not isinstance(app, dict):
        raise FormatError('"app" must be an object')
    version = app.get("version")
    if not jf.is_int(version) or version < 1:
        raise FormatError('"app" needs a "version", a whole number from 1')
    if version > APP_VERSION:
        raise FormatError(f"saved-game version {version} is newer than this program's", newer=True)
    return app


def _seeds(value: object, defaults: Seeds) -> Seeds:
    seats = len(defaults)
    if not isinstance(value, list) or len(value) != seats:
        raise FormatError(f'"seeds" must list {seats} seats')
    largest = seats * MAX_SEED + seats - 1  # a derived seed: the game's, times seats, plus seat
    seeds: list[int | None] = []
    for seat, seed in enumerate(value):
        if seed is not None and (not jf.is_int(seed) or abs(seed) > largest):
            raise FormatError('each of "seeds" must be a whole number (19 digits at most) or null')
        # A human has no seed; a computer player without one gets the new-game seed.
        seeds.append(None if defaults[seat] is None else (defaults[seat] if seed is None else seed))
    return tuple(seeds)


def _selections(value: object, version: int, match: Match) -> Selections:
    """Each seat's chosen cards: a list, one a seat (version 2), or South's as text (version
    1, written when every game had four seats)."""
    seats = match.rules.seats
    if version == 1 and isinstance(value, str):
        value = [value, *[""] * (seats - 1)]
    if (
        not isinstance(value, list)
        or len(value) != seats
        or not all(isinstance(v, str) for v in value)
    ):
        raise FormatError(f'"selected" must list {seats} seats\' cards, such as "QS AH"')
    return tuple(_selected(text, match, seat) for seat, text in enumerate(value))


def _selected(text: str, match: Match, seat: int) -> Cards:
    """A seat's chosen cards if they still make sense now (they are only the view's state)."""
    try:
        cards = tuple(int(c) for c in parse_cards(text))
    except (CardError, ValueError):
        raise FormatError('"selected" must be cards such as "QS AH"') from None
    hand = match.current
    if hand is None or hand.phase is not Phase.PASSING or hand.passes[seat] is not None:
        return ()
    # Each card as many times as the hand holds it, once more dropped (one deck: a card
    # written twice is chosen once); a card the hand does not hold voids the choice.
    chosen: list[int] = []
    for card in cards:
        held = copies(hand.hands[seat], card)
        if not held:
            return ()
        if chosen.count(card) < held:
            chosen.append(card)
    return tuple(chosen) if len(chosen) <= hand.rules.pass_size else ()
