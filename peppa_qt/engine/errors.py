"""Errors as values: a reason code the GUI translates, and an English sentence for the CLI."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from enum import Enum


class Reason(Enum):
    """Why an action or a record was refused."""

    # moves
    WRONG_PHASE = "wrong_phase"
    NOT_YOUR_TURN = "not_your_turn"
    ALREADY_PASSED = "already_passed"
    NO_PASS_THIS_HAND = "no_pass_this_hand"
    WRONG_PASS_SIZE = "wrong_pass_size"
    CARD_NOT_HELD = "card_not_held"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    MUST_LEAD_LOWEST_CLUB = "must_lead_lowest_club"
    HEARTS_NOT_BROKEN = "hearts_not_broken"
    NO_POINTS_ON_FIRST_TRICK = "no_points_on_first_trick"
    GAME_OVER = "game_over"
    HAND_IN_PROGRESS = "hand_in_progress"
    NOTHING_TO_UNDO = "nothing_to_undo"
    # records
    BAD_JSON = "bad_json"
    UNKNOWN_FORMAT = "unknown_format"
    UNSUPPORTED_VERSION = "unsupported_version"
    BAD_FIELD = "bad_field"
    BAD_CARD = "bad_card"
    BAD_RULES = "bad_rules"
    DUPLICATE_CARD = "duplicate_card"
    MISSING_CARD = "missing_card"
    WRONG_DEAL_SIZE = "wrong_deal_size"
    WRONG_DEALER = "wrong_dealer"
    WRONG_LEAD = "wrong_lead"
    HAND_AFTER_GAME_OVER = "hand_after_game_over"
    UNFINISHED_HAND_NOT_LAST = "unfinished_hand_not_last"
    TOO_MANY_CARDS = "too_many_cards"


class IllegalMove(ValueError):  # noqa: N818  (the name players and the brief use)
    """A pass or play the rules refuse; the state is unchanged."""

    def __init__(
        self, reason: Reason, message: str, *, seat: int | None = None, card: int | None = None
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.seat = seat
        self.card = card


class RecordError(ValueError):
    """A game record that cannot be read or replayed, with where it went wrong.

    ``seats`` is the size of the table the record describes: at four seats a seat is named
    with its compass place ("seat 3 (West)"), at six and eight by its number alone.
    """

    def __init__(
        self,
        reason: Reason,
        message: str,
        *,
        hand: int | None = None,
        trick: int | None = None,
        seat: int | None = None,
        card: str | None = None,
        seats: int = 4,
    ) -> None:
        self.reason = reason
        self.message = message
        self.hand = hand
        self.trick = trick
        self.seat = seat
        self.card = card
        self.seats = seats
        super().__init__(self.describe())

    def at_table(self, seats: int) -> RecordError:
        """The same refusal, told for a table of ``seats``."""
        if seats == self.seats:
            return self
        return RecordError(
            self.reason,
            self.message,
            hand=self.hand,
            trick=self.trick,
            seat=self.seat,
            card=self.card,
            seats=seats,
        )

    def describe(self) -> str:
        """One line: the place (hand, trick, seat, card) and the rule broken."""
        place = []
        if self.hand is not None:
            place.append(f"hand {self.hand + 1}")
        if self.trick is not None:
            place.append(f"trick {self.trick + 1}")
        if self.seat is not None:
            place.append(seat_label(self.seat, self.seats))
        if self.card is not None:
            place.append(f"card {self.card}")
        prefix = ", ".join(place)
        return f"{prefix}: {self.message}" if prefix else self.message


SEAT_NAMES = ("South", "East", "North", "West")


def seat_label(seat: int, seats: int) -> str:
    """``seat 3 (West)`` at a table of four, ``seat 5`` at six or eight."""
    if seats == len(SEAT_NAMES) and 0 <= seat < seats:
        return f"seat {seat} ({SEAT_NAMES[seat]})"
    return f"seat {seat}"


@contextmanager
def told_at(seats: int) -> Iterator[None]:
    """Within the block, a RecordError is told for a table of ``seats``."""
    try:
        yield
    except RecordError as error:
        raise error.at_table(seats) from None
