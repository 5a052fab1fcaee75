"""The game record (format ``peppa-record``, version 1): read, replay, write.

Reading checks the shape of the document; replaying checks every rule. Both raise
``RecordError`` naming the place and the rule broken, never anything else.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, TypeGuard

from ..jsontext import JsonTextError, load_json, quoted
from .cards import CARDS, Card, CardError, format_cards
from .cardset import copies, listed, minus, plus, set_of, size
from .errors import IllegalMove, Reason, RecordError, told_at
from .hand import HandState, Phase, first_leader
from .match import Match
from .rules import PRESET_SEATS, PassDirection, RuleSet

FORMAT: Final = "peppa-record"
VERSION: Final = 1
PLAYER_KINDS: Final = ("human", "ai", "ext")
#: The longest name a record may give a player (a name is shown on a plate, and keys stats).
MAX_NAME: Final = 100
#: The table a record describes when it does not list its players.
DEFAULT_SEATS: Final = 4
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


@dataclass(frozen=True)
class PlayerInfo:
    """Who sits at a seat."""

    name: str
    kind: str = "human"
    level: str | None = None


@dataclass(frozen=True)
class HandRecord:
    """One hand as written: ``None`` marks what is unknown (hidden, or not happened yet)."""

    dealer: int
    deal: tuple[tuple[Card, ...] | None, ...]
    passes: tuple[tuple[Card, ...] | None, ...] | None = None
    lead: int | None = None
    play: tuple[Card, ...] = ()


@dataclass(frozen=True)
class GameRecord:
    """A whole game, finished or in progress, as one document."""

    rules: RuleSet
    players: tuple[PlayerInfo, ...]
    seed: int | None
    hands: tuple[HandRecord, ...] = ()
    #: Top-level fields of other writers (the app's saved-game fields), kept as they are.
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False)
    #: Whether the document said who plays (without "players", four humans are assumed).
    players_named: bool = field(default=True, compare=False)

    @property
    def seats(self) -> int:
        """How many sit at the table."""
        return self.rules.seats

    def seen_from(self, seat: int) -> GameRecord:
        """The record as seat ``seat`` knows it: other deals and passes hidden.

        The seed goes too: every deal follows from it, so a seat given the seed would know
        every hand. What is left is the same whatever the hidden cards are.
        """
        hands = tuple(_hand_seen_from(self.rules, i, h, seat) for i, h in enumerate(self.hands))
        return replace(self, seed=None, hands=hands, extra={})


def _hand_seen_from(rules: RuleSet, index: int, hand: HandRecord, seat: int) -> HandRecord:
    deal = tuple(cards if s == seat else None for s, cards in enumerate(hand.deal))
    if hand.passes is None:
        return replace(hand, deal=deal, lead=_lead_told(rules, index, hand, seat))
    exchanged = all(p is not None for p in hand.passes)
    giver = rules.giver(seat, rules.pass_direction(index))
    passes = tuple(
        cards if s == seat or (s == giver and exchanged) else None
        for s, cards in enumerate(hand.passes)
    )
    return replace(hand, deal=deal, passes=passes, lead=_lead_told(rules, index, hand, seat))


def _lead_told(rules: RuleSet, index: int, hand: HandRecord, seat: int) -> int | None:
    """The hand's ``lead`` as seat ``seat`` knows it: written once the first card is played,
    and before that told to the seat whose turn it is to lead (the table shows whose turn
    it is; with two lowest clubs, Belmont's eight, the seat cannot always work it out)."""
    if hand.lead is not None or hand.play:
        return hand.lead
    direction = rules.pass_direction(index)
    if any(cards is None for cards in hand.deal) or (
        direction is not PassDirection.HOLD
        and (hand.passes is None or any(cards is None for cards in hand.passes))
    ):
        return None  # passing goes on, or the record does not show every hand
    try:
        held = [set_of(cards or ()) for cards in hand.deal]
        if direction is not PassDirection.HOLD:
            given = [set_of(cards or ()) for cards in hand.passes or ()]
            held = [
                plus(minus(held[s], given[s]), given[rules.giver(s, direction)])
                for s in range(rules.seats)
            ]
        leader = first_leader(rules, hand.dealer, held)
    except ValueError:  # a deal the replay would refuse: nothing to tell
        return None
    return seat if leader == seat else None


# ---------------------------------------------------------------------- reading


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
        raise _field(f"seed must be a whole number of at most {len(str(MAX_SEED))} digits, or null")
    hands_data = document.get("hands", [])
    if not isinstance(hands_data, list):
        raise _field("hands must be a list")
    with told_at(rules.seats):
        hands = tuple(_read_hand(i, h, rules, hidden) for i, h in enumerate(hands_data))
    known = {"format", "version", "rules", "players", "seed", "hands"}
    extra = {k: v for k, v in document.items() if k not in known}
    named = players is not None
    players = players or default_players(rules.seats)
    return GameRecord(rules, players, seed, hands, extra, players_named=named)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _field(message: str, hand: int | None = None, seat: int | None = None) -> RecordError:
    return RecordError(Reason.BAD_FIELD, message, hand=hand, seat=seat)


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
        raise _field(f"a {preset} record must list its {counts} players")
    seats = DEFAULT_SEATS if players is None else len(players)
    if sizes is not None and seats not in sizes:
        counts = " or ".join(map(str, sizes))
        raise _field(f"{preset} is played by {counts} players, not {seats}")
    return RuleSet.preset(preset, options, seats=seats)


def default_players(seats: int) -> tuple[PlayerInfo, ...]:
    """Players named "Player 1" … for a table of ``seats``."""
    return tuple(PlayerInfo(f"Player {s + 1}") for s in range(seats))


def _read_players(data: object) -> tuple[PlayerInfo, ...] | None:
    """The players listed (None when the record does not say: four humans are assumed)."""
    if data is None:
        return None
    sizes = sorted({n for counts in PRESET_SEATS.values() for n in counts})
    if not isinstance(data, list) or len(data) not in sizes:
        counts = ", ".join(map(str, sizes[:-1])) + f" or {sizes[-1]}"
        raise _field(f"players must be a list of {counts} players")
    with told_at(len(data)):
        return tuple(_read_player(seat, item) for seat, item in enumerate(data))


def _read_player(seat: int, item: object) -> PlayerInfo:
    if not isinstance(item, dict) or not isinstance(item.get("name"), str):
        raise _field("each player needs a name", seat=seat)
    problem = name_problem(item["name"])
    if problem is not None:
        raise _field(problem, seat=seat)
    kind = item.get("kind", "human")
    level = item.get("level")
    if kind not in PLAYER_KINDS:
        raise _field(f"player kind must be one of {', '.join(PLAYER_KINDS)}", seat=seat)
    if level is not None and not isinstance(level, str):
        raise _field("player level must be text", seat=seat)
    return PlayerInfo(item["name"], kind, level)


def _read_cards(text: object, hand: int, seat: int | None, what: str) -> tuple[Card, ...]:
    if not isinstance(text, str):
        raise _field(f"{what} must be a string of cards", hand, seat)
    try:
        return tuple(Card.parse(word) for word in text.split())
    except CardError as error:
        raise RecordError(Reason.BAD_CARD, f"{error} in {what}", hand=hand, seat=seat) from None


def _read_seats(
    data: object, hand: int, what: str, nullable: bool, seats: int
) -> tuple[tuple[Card, ...] | None, ...]:
    if not isinstance(data, list) or len(data) != seats:
        raise _field(f"{what} must list {seats} seats", hand)
    out: list[tuple[Card, ...] | None] = []
    for seat, item in enumerate(data):
        if item is None and nullable:
            out.append(None)
        else:
            out.append(_read_cards(item, hand, seat, what))
    return tuple(out)


def _read_hand(index: int, data: object, rules: RuleSet, hidden: bool) -> HandRecord:
    if not isinstance(data, dict):
        raise _field("each hand must be an object", index)
    last = rules.seats - 1
    dealer = data.get("dealer")
    if not _is_int(dealer) or not 0 <= dealer <= last:
        raise _field(f"dealer must be a seat 0..{last}", index)
    deal = _read_seats(data.get("deal"), index, "deal", hidden, rules.seats)
    passes = None
    if data.get("pass") is not None:
        passes = _read_seats(data["pass"], index, "pass", True, rules.seats)
    lead = data.get("lead")
    if lead is not None and (not _is_int(lead) or not 0 <= lead <= last):
        raise _field(f"lead must be a seat 0..{last}", index)
    play = _read_cards(data.get("play", ""), index, None, "play")
    return HandRecord(dealer, deal, passes, lead, play)


# -------------------------------------------------------------------- replaying


def replay(record: GameRecord, *, track_undo: bool = True) -> Match:
    """Play a whole record through the engine, checking every rule."""
    if not record.hands:
        return Match(record.rules, record.seed, track_undo=track_undo)
    match = Match(record.rules, record.seed, dealer=record.hands[0].dealer, track_undo=track_undo)
    with told_at(record.rules.seats):
        for index, hand in enumerate(record.hands):
            _replay_hand(match, index, hand)
    return match


def _replay_hand(match: Match, index: int, data: HandRecord) -> None:
    if match.is_over:
        raise RecordError(Reason.HAND_AFTER_GAME_OVER, "a hand after the game ended", hand=index)
    if match.current is not None and match.current.phase is not Phase.SCORED:
        raise RecordError(
            Reason.UNFINISHED_HAND_NOT_LAST, "only the last hand may be unfinished", hand=index - 1
        )
    if data.dealer != match.next_dealer():
        expected = match.next_dealer()
        raise RecordError(
            Reason.WRONG_DEALER, f"the dealer must be seat {expected}", hand=index, seat=data.dealer
        )
    hand = match.start_hand(_check_deal(match.rules, index, data))
    _replay_passes(hand, index, data)
    if data.lead is not None and hand.phase is Phase.PASSING:
        raise RecordError(
            Reason.WRONG_LEAD, "nobody leads before passing ends", hand=index, seat=data.lead
        )
    if data.lead is not None and data.lead != hand.first_lead:
        raise RecordError(
            Reason.WRONG_LEAD, f"seat {hand.first_lead} leads this hand", hand=index, seat=data.lead
        )
    _replay_plays(hand, index, data.play)


def _check_deal(rules: RuleSet, index: int, data: HandRecord) -> list[int]:
    seen: dict[int, list[int]] = {}
    for seat, cards in enumerate(data.deal):
        if cards is None:
            raise _field("the deal of every seat is needed", index, seat)
        for card in cards:
            _check_dealt(rules, index, seat, card, seen.setdefault(card, []))
            seen[card].append(seat)
    masks = [set_of(cards or ()) for cards in data.deal]
    missing = minus(rules.deck_mask, set_of(c for c, seats in seen.items() for _ in seats))
    for seat, mask in enumerate(masks):
        count, hand_size = size(mask), rules.hand_size
        if count < hand_size and missing:  # name the card that is missing, not just the count
            raise RecordError(
                Reason.MISSING_CARD,
                f"missing from the deal (this seat was dealt {count} cards, not {hand_size})",
                hand=index,
                seat=seat,
                card=str(listed(missing)[0]),
            )
        if count != hand_size:
            raise RecordError(
                Reason.WRONG_DEAL_SIZE,
                f"dealt {count} cards, not {hand_size}",
                hand=index,
                seat=seat,
            )
    return masks


def _check_dealt(rules: RuleSet, index: int, seat: int, card: Card, holders: list[int]) -> None:
    """Refuse a card the deck does not hold, or holds fewer times than it is dealt."""
    in_deck = copies(rules.deck_mask, card)
    if not in_deck:
        raise RecordError(
            Reason.BAD_CARD,
            f"not in the {rules.deck_size}-card deck",
            hand=index,
            seat=seat,
            card=str(card),
        )
    if len(holders) < in_deck:
        return
    if len(holders) == 1:
        also = f"also to seat {holders[0]}"
    elif holders[0] == holders[1]:
        also = f"twice to seat {holders[0]} already"
    else:
        also = f"also to seats {holders[0]} and {holders[1]}"
    times = {1: "twice", 2: "three times"}.get(len(holders), f"{len(holders) + 1} times")
    deck = "the deck has one" if in_deck == 1 else "the deck has two"
    raise RecordError(
        Reason.DUPLICATE_CARD,
        f"dealt {times} ({also}; {deck})",
        hand=index,
        seat=seat,
        card=str(card),
    )


def _replay_passes(hand: HandState, index: int, data: HandRecord) -> None:
    passes = data.passes
    if hand.pass_direction is PassDirection.HOLD:
        if passes is not None and any(p is not None for p in passes):
            raise RecordError(
                Reason.NO_PASS_THIS_HAND, "no cards are passed in this hand", hand=index
            )
        return
    pending = passes is None or any(p is None for p in passes)
    if pending and data.play:
        raise RecordError(Reason.WRONG_PHASE, "cards played before passing ended", hand=index)
    for seat, cards in enumerate(passes or ()):
        if cards is None:
            continue
        try:
            hand.pass_cards(seat, cards)
        except IllegalMove as error:
            card = None if error.card is None else str(CARDS[error.card])
            raise RecordError(
                error.reason, error.message, hand=index, seat=seat, card=card
            ) from None


def _replay_plays(hand: HandState, index: int, plays: tuple[Card, ...]) -> None:
    for number, card in enumerate(plays):
        if hand.phase is Phase.SCORED:
            raise RecordError(
                Reason.TOO_MANY_CARDS, "more cards than the hand holds", hand=index, card=str(card)
            )
        seat = hand.to_move
        try:
            hand.play(card)
        except IllegalMove as error:
            raise RecordError(
                error.reason,
                error.message,
                hand=index,
                trick=number // hand.rules.seats,
                seat=seat,
                card=str(card),
            ) from None


# ---------------------------------------------------------------------- writing


def record_of(match: Match, players: tuple[PlayerInfo, ...] | None = None) -> GameRecord:
    """The record of a game as it stands."""
    hands = tuple(_hand_record(h) for h in match.hands)
    players = players or default_players(match.rules.seats)
    return GameRecord(match.rules, players, match.seed, hands)


def _hand_record(hand: HandState) -> HandRecord:
    deal = tuple(tuple(listed(m)) for m in hand.deal)
    passes = None
    if hand.pass_direction is not PassDirection.HOLD and any(p is not None for p in hand.passes):
        passes = tuple(None if p is None else tuple(listed(p)) for p in hand.passes)
    lead = hand.first_lead if hand.plays else None
    return HandRecord(hand.dealer, deal, passes, lead, tuple(CARDS[c] for c in hand.plays))


def record_to_dict(record: GameRecord) -> dict[str, Any]:
    """The JSON-ready document of a record."""
    rules: dict[str, Any] = {"preset": record.rules.name}
    options = record.rules.describe_options()
    if options:
        rules["options"] = options
    document: dict[str, Any] = {"format": FORMAT, "version": VERSION, "rules": rules}
    document["players"] = [_player_dict(p) for p in record.players]
    document["seed"] = record.seed
    document["hands"] = [_hand_dict(h) for h in record.hands]
    document.update({k: v for k, v in record.extra.items() if k not in document})
    return document


def _player_dict(player: PlayerInfo) -> dict[str, Any]:
    out: dict[str, Any] = {"name": player.name, "kind": player.kind}
    if player.level is not None:
        out["level"] = player.level
    return out


def _cards_text(cards: tuple[Card, ...] | None) -> str | None:
    return None if cards is None else format_cards(cards)


def _hand_dict(hand: HandRecord) -> dict[str, Any]:
    out: dict[str, Any] = {"dealer": hand.dealer, "deal": [_cards_text(c) for c in hand.deal]}
    if hand.passes is not None:
        out["pass"] = [_cards_text(c) for c in hand.passes]
    if hand.lead is not None:
        out["lead"] = hand.lead
    out["play"] = format_cards(hand.play)
    return out


def write_record(record: GameRecord, hand_lines: Sequence[str] | None = None) -> str:
    """The record as JSON text: one line per field and per hand, easy to read and diff.

    ``hand_lines``: the hands' lines already written (``HandLines.pieces``), in place of the
    record's own hands; the text is put together in one go (a long game's is megabytes).
    """
    document = record_to_dict(replace(record, hands=()) if hand_lines is not None else record)
    hands = document.pop("hands")
    if hand_lines is None:
        hand_lines = [f"  {json.dumps(h, ensure_ascii=False)}" for h in hands]
    parts = ["{\n"]
    for key, value in document.items():
        parts += [" ", json.dumps(key), ": ", json.dumps(value, ensure_ascii=False), ",\n"]
    if not hand_lines:
        return "".join([*parts, ' "hands": []\n}\n'])
    parts.append(' "hands": [\n')
    for index, line in enumerate(hand_lines):
        parts += [",\n", line] if index else [line]
    return "".join([*parts, "\n ]\n}\n"])


class HandLines:
    """The record lines of a game's hands, those before the hand in play written once.

    The autosave comes after every trick: writing every hand again each time cost 0.7 s at
    hand 9,999. A hand before the last one changes only if undone across the deal after it,
    and then the hands after it are gone: the lines past the new last hand are written again.
    """

    def __init__(self) -> None:
        self._match: Match | None = None
        self._done: list[str] = []
        self._joined = ""  # the lines of self._done, as write_record joins them

    def pieces(self, match: Match) -> list[str]:
        """The hands' lines for ``write_record``: the finished hands' joined in one piece,
        then the hand in play's."""
        if match is not self._match:
            self._match, self._done, self._joined = match, [], ""
        hands = match.hands
        last = max(len(hands) - 1, 0)
        if len(self._done) > last:  # taken back across a deal: those hands are gone
            del self._done[last:]
            self._joined = ",\n".join(self._done)
        new = [_hand_line(hand) for hand in hands[len(self._done) : last]]
        if new:
            self._joined = ",\n".join([self._joined, *new] if self._done else new)
            self._done += new
        if not hands:
            return []
        return [self._joined, _hand_line(hands[-1])] if self._done else [_hand_line(hands[-1])]


def _hand_line(hand: HandState) -> str:
    return f"  {json.dumps(_hand_dict(_hand_record(hand)), ensure_ascii=False)}"


def summary(match: Match) -> dict[str, Any]:
    """What ``peppa-qt check`` prints (DESIGN.md)."""
    hand = match.current
    to_move = None
    if hand is not None and hand.phase is Phase.PLAYING:
        to_move = hand.to_move
    return {
        "hands": [{"points": list(r.points), "moon": r.moon} for r in match.results()],
        "totals": match.totals(),
        "over": match.is_over,
        "ranking": match.ranking(),
        "winners": match.winners(),
        "to_move": to_move,
    }
