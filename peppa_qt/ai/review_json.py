"""The coach's review as JSON (``peppa-qt review --json``, and the cache in a saved game).

``{"seat": S, "hands": [{"hand": h, "decisions": [...], "lost": x}]}`` (DESIGN.md). Hands
count from 1, as ``peppa-qt check`` names them; a decision's ``trick`` counts from 1, and the
pass is trick 0. A choice is written as its cards: ``["QS"]`` for a play, ``["AH", "KH",
"QS"]`` for a pass, and ``values`` are keyed by the cards joined with spaces. A reason read
from the search has its figures beside its code: ``"why": {"better": [...], "other": [...],
"mine": share, "theirs": share, "points": x}`` (a review stored before them has none, and
needs none: its reasons are codes alone).

Reading one back (``hand_from_dict``) rebuilds the positions from the game itself and takes
from the document only the numbers; a document that does not fit the game is refused with
``ValueError``, so a cache from another version of the game is worked out again.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.cards import CARDS, Card, CardError, format_cards
from ..engine.cardset import set_of
from ..engine.match import Match
from .hints import FACTS, Hint, Reason, Why
from .review import DecisionReview, Grade, HandReview, Hindsight, Position, positions

#: Decimals the JSON keeps of a value (a thousandth of a point is well inside the noise).
DECIMALS = 3


def review_to_dict(seat: int, hands: Sequence[HandReview]) -> dict[str, Any]:
    """The JSON document of ``seat``'s reviews of ``hands``."""
    return {"seat": seat, "hands": [hand_to_dict(h) for h in hands]}


def hand_to_dict(review: HandReview) -> dict[str, Any]:
    """One hand's review as JSON."""
    return {
        "hand": review.hand + 1,
        "decisions": [decision_to_dict(d) for d in review.decisions],
        "lost": _number(review.lost),
    }


def decision_to_dict(review: DecisionReview) -> dict[str, Any]:
    """One decision's review as JSON."""
    hindsight = review.hindsight
    return {
        "trick": review.position.trick,
        "kind": review.position.kind,
        "chosen": _names(review.cards(review.chosen)),
        "best": _names(review.cards(review.best)),
        "loss": _number(review.loss),
        "error": _number(review.error),
        "grade": review.grade.value,
        "reason": None if review.reason is None else str(review.reason),
        "why": _why_dict(review.reason) if isinstance(review.reason, Why) else None,
        "values": {
            _key(review, choice): [_number(mean), _number(error)]
            for choice, (mean, error) in review.values.items()
        },
        "hindsight": None if hindsight is None else _hindsight_dict(review, hindsight),
    }


def _hindsight_dict(review: DecisionReview, hindsight: Hindsight) -> dict[str, Any]:
    # The loss from the values as written, so that a review read back writes the same.
    kept = Hindsight(hindsight.method, {c: _number(v) for c, v in hindsight.values.items()})
    return {
        "method": kept.method,
        "values": {_key(review, choice): v for choice, v in kept.values.items()},
        "best": _names(review.cards(kept.best(review.chosen))),
        "loss": _number(kept.loss(review.chosen)),
    }


def _why_dict(why: Why) -> dict[str, Any]:
    return {
        "better": [str(CARDS[c]) for c in why.better],
        "other": [str(CARDS[c]) for c in why.other],
        "mine": _number(why.mine),
        "theirs": _number(why.theirs),
        "points": _number(why.points),
    }


def _number(value: float) -> float:
    rounded = round(value, DECIMALS)
    return 0.0 if rounded == 0 else rounded  # no "-0.0" in the document


def _names(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def _key(review: DecisionReview, choice: int) -> str:
    return format_cards(review.cards(choice))


def hand_from_dict(match: Match, seat: int, data: object) -> HandReview:
    """A hand's review read back from its JSON, against the game it reviews."""
    if not isinstance(data, Mapping) or not _is_int(data.get("hand")):
        raise ValueError("a hand's review is an object with its hand")
    index = data["hand"] - 1
    if not 0 <= index < len(match.hands):
        raise ValueError("the review is of a hand the game does not have")
    found = positions(match, index, seat)
    items = data.get("decisions")
    if not isinstance(items, list) or len(items) != len(found):
        raise ValueError("the review does not have the hand's decisions")
    decisions = tuple(_decision(p, item) for p, item in zip(found, items, strict=True))
    return HandReview(index, seat, decisions)


def _decision(position: Position, data: object) -> DecisionReview:
    if not isinstance(data, Mapping) or data.get("kind") != position.kind:
        raise ValueError("a decision of the review is not the hand's")
    chosen = _choice(position, data.get("chosen"))
    if chosen != _choice(position, [str(c) for c in position.chosen]):
        raise ValueError("a decision of the review chose other cards")
    values = {
        _choice(position, key.split()): _pair(value) for key, value in _mapping(data, "values")
    }
    hindsight = data.get("hindsight")
    return DecisionReview(
        position,
        chosen,
        _choice(position, data.get("best")),
        values,
        _real(data.get("loss")),
        _real(data.get("error")),
        Grade(_text(data.get("grade"))),
        _reason(data),
        None if hindsight is None else _hindsight(position, hindsight),
    )


def _reason(data: Mapping[str, object]) -> Reason | None:
    """A decision's reason: a code, with its figures for one read from the search."""
    if data.get("reason") is None:
        return None
    code = Hint(_text(data.get("reason")))
    if code not in FACTS:
        return code
    why = data.get("why")
    if not isinstance(why, Mapping):
        raise ValueError("a reason read from the search has its figures")
    return Why(
        code,
        _cards(why.get("better")),
        _cards(why.get("other")),
        _real(why.get("mine")),
        _real(why.get("theirs")),
        _real(why.get("points")),
    )


def _cards(names: object) -> tuple[int, ...]:
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ValueError("a choice is a list of cards")
    try:
        return tuple(int(Card.parse(n)) for n in names)
    except CardError as error:
        raise ValueError(str(error)) from None


def _hindsight(position: Position, data: object) -> Hindsight:
    if not isinstance(data, Mapping):
        raise ValueError("hindsight is an object")
    method = _text(data.get("method"))
    if method not in ("exact", "playout"):
        raise ValueError("unknown hindsight")
    values = {_choice(position, key.split()): _real(v) for key, v in _mapping(data, "values")}
    return Hindsight(method, values)


def _choice(position: Position, names: object) -> int:
    """A choice (a card, or a pass's card set) from its cards' names."""
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ValueError("a choice is a list of cards")
    try:
        cards = [Card.parse(n) for n in names]
    except CardError as error:
        raise ValueError(str(error)) from None
    if position.kind == "pass":
        return set_of(cards)
    if len(cards) != 1:
        raise ValueError("a play is one card")
    return int(cards[0])


def _mapping(data: Mapping[str, object], key: str) -> list[tuple[str, object]]:
    value = data.get(key)
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise ValueError(f"{key} is an object")
    return list(value.items())


def _pair(value: object) -> tuple[float, float]:
    if not isinstance(value, list) or len(value) != 2:  # noqa: PLR2004  (mean, error)
        raise ValueError("a value is [mean, standard error]")
    return _real(value[0]), _real(value[1])


def _real(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError("not a number")
    return float(value)


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError("not text")
    return value


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
