"""Writing a game record: the record of a match as it stands, its JSON document, and the
text (one line per field and per hand), with the finished hands' lines kept between
autosaves (``HandLines``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Final

from .cards import CARDS, Card, format_cards
from .cardset import listed
from .hand import HandState
from .match import Match
from .record_data import (
    FORMAT,
    VERSION,
    GameRecord,
    HandRecord,
    PlayerInfo,
    default_players,
    hand_seen_from,
)
from .rules import PassDirection


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


class SeatDocuments:
    """``record_to_dict(record_of(match, players).seen_from(seat))`` for every seat after
    every change of one game, without writing the whole game again each time: a scored
    hand's record, and each seat's document of it, are made once; the hand in play's once
    per change, its cards played written once for all seats. (A table's host sends each
    seat its view after every card: benchmarks/server.py.)"""

    def __init__(self, match: Match) -> None:
        self.match = match
        rules: dict[str, Any] = {"preset": match.rules.name}
        options = match.rules.describe_options()
        if options:
            rules["options"] = options
        self._rules = rules
        self._records: list[HandRecord] = []  # the scored hands' records
        self._seen: dict[tuple[int, int], dict[str, Any]] = {}  # (hand, seat): its document

    def documents(self, players: tuple[PlayerInfo, ...], seats: Sequence[int]) -> dict[int, Any]:
        """Each of ``seats``' document of the game as it stands, seen from that seat."""
        match, rules = self.match, self.match.rules
        hands = match.hands
        last = len(hands) - 1
        while len(self._records) < len(hands) and (
            len(self._records) < last or hands[len(self._records)].result is not None
        ):
            self._records.append(_hand_record(hands[len(self._records)]))
        live = None if len(self._records) == len(hands) else _hand_record(hands[last])
        play = None if live is None else format_cards(live.play)
        players_list = [_player_dict(p) for p in players]
        out: dict[int, Any] = {}
        for seat in seats:
            seen = []
            for index, record in enumerate(self._records):
                key = (index, seat)
                if key not in self._seen:
                    self._seen[key] = _hand_dict(hand_seen_from(rules, index, record, seat))
                seen.append(self._seen[key])
            if live is not None:
                seen.append(_hand_dict(hand_seen_from(rules, last, live, seat), play))
            out[seat] = {
                "format": FORMAT,
                "version": VERSION,
                "rules": self._rules,
                "players": players_list,
                "seed": None,
                "hands": seen,
            }
        return out


def _player_dict(player: PlayerInfo) -> dict[str, Any]:
    out: dict[str, Any] = {"name": player.name, "kind": player.kind}
    if player.level is not None:
        out["level"] = player.level
    return out


def _cards_text(cards: tuple[Card, ...] | None) -> str | None:
    return None if cards is None else format_cards(cards)


def _hand_dict(hand: HandRecord, play: str | None = None) -> dict[str, Any]:
    """``play``: the hand's cards played, already written (the same for every seat)."""
    out: dict[str, Any] = {"dealer": hand.dealer, "deal": [_cards_text(c) for c in hand.deal]}
    if hand.passes is not None:
        out["pass"] = [_cards_text(c) for c in hand.passes]
    if hand.lead is not None:
        out["lead"] = hand.lead
    out["play"] = format_cards(hand.play) if play is None else play
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
    A game read back from its file takes its finished hands' lines from the file (``adopt``).
    """

    def __init__(self) -> None:
        self._match: Match | None = None
        self._done: list[str] = []
        self._joined = ""  # the lines of self._done, as write_record joins them

    def adopt(self, match: Match, lines: Sequence[str]) -> None:
        """Take ``lines`` as those of ``match``'s first hands, already written (the file the
        game was read from had them: ``lines_as_written``), so that they are not written again.
        """
        if len(lines) > max(len(match.hands) - 1, 0):
            raise ValueError("only the lines of hands before the last one can be adopted")
        self._match, self._done, self._joined = match, list(lines), ",\n".join(lines)

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


#: How ``write_record`` opens the list of hands, and how it ends the text after the last.
_HANDS_OPEN: Final = '\n "hands": [\n'
_HANDS_CLOSE: Final = "\n ]\n}\n"
#: The fields of a finished hand as the writer writes them, in its order (no pass: a hold hand).
_KEYS: Final = ("dealer", "deal", "pass", "lead", "play")
_HOLD_KEYS: Final = ("dealer", "deal", "lead", "play")
_ENCODE: Final = json.JSONEncoder(ensure_ascii=False).encode  # json.dumps's, made once


def lines_as_written(text: str, document: Mapping[str, Any], record: GameRecord) -> list[str]:
    """The lines of a record's hands before the last, as ``text`` holds them, if each is the
    line ``write_record`` writes for that hand (a file of ours); else none.

    ``document`` is ``text`` parsed, ``record`` read from it and replayed (every card of it
    checked): a hand's line is taken only if its fields are the writer's, in its order, its
    cards written as the writer writes them, and the line is that object as the writer
    writes it, so the lines taken are those the autosave would write.
    """
    hands = document.get("hands")
    if not isinstance(hands, list) or len(hands) != len(record.hands):
        return []
    start = text.rfind(_HANDS_OPEN)
    if start < 0 or not text.endswith(_HANDS_CLOSE):
        return []
    lines = text[start + len(_HANDS_OPEN) : -len(_HANDS_CLOSE)].split(",\n")
    if len(lines) != len(hands):
        return []
    rules = record.rules
    for index, (line, entry, hand) in enumerate(zip(lines[:-1], hands, record.hands, strict=False)):
        hold = rules.pass_direction(index) is PassDirection.HOLD
        if not _written_as_ours(entry, hand, hold) or line != f"  {_ENCODE(entry)}":
            return []
    return lines[:-1]


def _written_as_ours(entry: object, hand: HandRecord, hold: bool) -> bool:
    """Whether a finished hand's object, as read, is the one the writer writes for it."""
    keys = _HOLD_KEYS if hold else _KEYS
    if not isinstance(entry, dict) or tuple(entry) != keys:
        return False
    held = list(zip(entry["deal"], hand.deal, strict=True))
    if not hold:
        held += zip(entry["pass"], hand.passes or (None,) * len(hand.deal), strict=True)
    for words, cards in held:
        if cards is None or list(cards) != sorted(cards) or not _plain(words, cards):
            return False  # the writer lists a seat's cards in order
    return _plain(entry["play"], hand.play)  # the dealer and the lead the replay checked


def _plain(words: object, cards: tuple[Card, ...]) -> bool:
    """Whether ``words``, read as ``cards``, is written as the writer writes cards: their
    upper-case names, one space apart (each name is two characters)."""
    gaps = max(len(cards) - 1, 0)
    return (
        isinstance(words, str)
        and words == words.upper()
        and len(words) == 2 * len(cards) + gaps
        and words.count(" ") == gaps
    )
