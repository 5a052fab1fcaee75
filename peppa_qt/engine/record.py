"""The game record (format ``peppa-record``, version 1): read, replay, write.

Reading checks the shape of the document (``record_read.py``); replaying, here, checks every
rule; writing is in ``record_write.py`` and the record's data in ``record_data.py``. This
module offers all of them. Reading and replaying raise ``RecordError`` naming the place and
the rule broken, never anything else.
"""

from __future__ import annotations

from typing import Any

from .cards import CARDS, Card
from .cardset import copies, listed, minus, set_of, size
from .errors import IllegalMove, Reason, RecordError, told_at
from .hand import HandState, Phase
from .legal import check_deal
from .match import Match
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
from .record_read import (
    MAX_NAME,
    MAX_SEED,
    MAX_VALUES,
    PLAYER_KINDS,
    name_problem,
    read_record,
    record_from_dict,
)
from .record_write import HandLines, lines_as_written, record_of, record_to_dict, write_record
from .rules import PassDirection, RuleSet

__all__ = [
    "DEFAULT_SEATS",
    "FORMAT",
    "MAX_NAME",
    "MAX_SEED",
    "MAX_VALUES",
    "PLAYER_KINDS",
    "VERSION",
    "GameRecord",
    "HandLines",
    "HandRecord",
    "PlayerInfo",
    "default_players",
    "lines_as_written",
    "name_problem",
    "read_record",
    "record_from_dict",
    "record_of",
    "record_to_dict",
    "replay",
    "summary",
    "write_record",
]


def replay(record: GameRecord, *, track_undo: bool = True) -> Match:
    """Play a whole record through the engine, checking every rule.

    With ``track_undo``, the moves of the last hand can be taken back (those a player may
    take back), and those of the hands to come; the hands before it keep no undo history.
    """
    if not record.hands:
        return Match(record.rules, record.seed, track_undo=track_undo)
    match = Match(record.rules, record.seed, dealer=record.hands[0].dealer, track_undo=False)
    last = len(record.hands) - 1
    with told_at(record.rules.seats):
        for index, hand in enumerate(record.hands):
            match.track_undo = track_undo and index == last
            _replay_hand(match, index, hand)
    match.track_undo = track_undo
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
    whole = _whole_deal(rules, data)
    if whole is not None:
        return whole
    seen: dict[int, list[int]] = {}
    for seat, cards in enumerate(data.deal):
        if cards is None:
            raise bad_field("the deal of every seat is needed", index, seat)
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


def _whole_deal(rules: RuleSet, data: HandRecord) -> list[int] | None:
    """The deal's sets if it is the whole deck in equal hands, else None.

    The check of every card one by one (``_check_deal``) names what is wrong; a deal that
    is right, as nearly every one is, needs only its sets (a long game's record has
    thousands).
    """
    size = rules.hand_size
    if any(cards is None or len(cards) != size for cards in data.deal):
        return None
    try:
        masks = [set_of(cards or ()) for cards in data.deal]
        check_deal(rules, masks)  # each seat its own cards, as many each, the whole deck
    except ValueError:  # a card three times, twice in a one-deck game, missing, or not one
        return None
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
    room = hand.rules.seats * hand.rules.hand_size  # the hand is just dealt
    play = hand.play  # each card checked by the engine's rules, as a player's is
    try:
        for card in plays[:room]:
            play(card)
    except IllegalMove as error:  # refused, the hand as it was: its next card is this one
        number = len(hand.plays)
        raise RecordError(
            error.reason,
            error.message,
            hand=index,
            trick=number // hand.rules.seats,
            seat=hand.to_move,
            card=str(plays[number]),
        ) from None
    if len(plays) > room:
        raise RecordError(
            Reason.TOO_MANY_CARDS,
            "more cards than the hand holds",
            hand=index,
            card=str(plays[room]),
        )


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
