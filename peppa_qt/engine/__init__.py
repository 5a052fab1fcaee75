"""The rules engine: cards, rule sets, hands, games, player views and game records. No Qt."""

from .cards import Card, CardError, cards_of, format_cards, mask_of, parse_cards
from .cardset import CardSet, CardSetError
from .errors import IllegalMove, Reason, RecordError
from .hand import HandResult, HandState, Phase
from .match import Match
from .public import TableState, table_of
from .record import GameRecord, PlayerInfo, read_record, record_of, replay, summary, write_record
from .rules import EndMode, MoonMode, PassDirection, RuleSet
from .view import PlayerView, view_of

__all__ = [
    "Card",
    "CardError",
    "CardSet",
    "CardSetError",
    "EndMode",
    "GameRecord",
    "HandResult",
    "HandState",
    "IllegalMove",
    "Match",
    "MoonMode",
    "PassDirection",
    "Phase",
    "PlayerInfo",
    "PlayerView",
    "Reason",
    "RecordError",
    "RuleSet",
    "TableState",
    "cards_of",
    "format_cards",
    "mask_of",
    "parse_cards",
    "read_record",
    "record_of",
    "replay",
    "summary",
    "table_of",
    "view_of",
    "write_record",
]
