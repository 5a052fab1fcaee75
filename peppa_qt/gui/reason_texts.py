"""The coach's reasons read from its search (``ai.hints.Why``), said to the player with their
figures: "Playing the 7 of diamonds you took the queen of spades in about 3 deals in 10"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from PySide6.QtCore import QCoreApplication

from ..ai.hints import Hint, Why, often_words, points_about
from .card_names import card_name

#: Each figured reason's sentence for a play, then for a pass (the same unless given).
_PLAYS: Final[dict[Hint, Callable[[], str]]] = {
    Hint.FACT_DUCK: lambda: QCoreApplication.translate(
        "Hints",
        "Playing {better} you left this trick to someone else; playing {other} you won it"
        " {theirs}, taking about {points} more.",
    ),
    Hint.FACT_TRICK: lambda: QCoreApplication.translate(
        "Hints",
        "Playing {better} you took about {points} fewer in this trick than playing {other}.",
    ),
    Hint.FACT_LATER: lambda: QCoreApplication.translate(
        "Hints",
        "Playing {better} you took about {points} fewer in the later tricks than playing {other}.",
    ),
    Hint.FACT_QUEEN: lambda: QCoreApplication.translate(
        "Hints", "Playing {better} you took the queen of spades {mine}; playing {other}, {theirs}."
    ),
    Hint.FACT_STOP_MOON: lambda: QCoreApplication.translate(
        "Hints",
        "Playing {other} another player took all the points {theirs}; playing {better}, {mine}.",
    ),
    Hint.FACT_SHOOT_MOON: lambda: QCoreApplication.translate(
        "Hints", "Playing {better} you took all the points {mine}; playing {other}, {theirs}."
    ),
    Hint.FACT_CLOSE: lambda: QCoreApplication.translate(
        "Hints", "{better} or {other}: about the same here, less than half a point apart."
    ),
    Hint.FACT_NOISE: lambda: QCoreApplication.translate(
        "Hints",
        "{better} or {other}: the first is only a little better, within the luck of the deals.",
    ),
}
_PASSES: Final[dict[Hint, Callable[[], str]]] = {
    Hint.FACT_LATER: lambda: QCoreApplication.translate(
        "Hints", "Passing {better} you took about {points} fewer in the hand than passing {other}."
    ),
    Hint.FACT_QUEEN: lambda: QCoreApplication.translate(
        "Hints", "Passing {better} you took the queen of spades {mine}; passing {other}, {theirs}."
    ),
    Hint.FACT_STOP_MOON: lambda: QCoreApplication.translate(
        "Hints",
        "Passing {other} another player took all the points {theirs}; passing {better}, {mine}.",
    ),
    Hint.FACT_SHOOT_MOON: lambda: QCoreApplication.translate(
        "Hints", "Passing {better} you took all the points {mine}; passing {other}, {theirs}."
    ),
}


def why_text(why: Why) -> str:
    """The sentence of a reason read from the search, with its cards and figures."""
    passing = len(why.better) > 1
    template = (_PASSES.get(why.code) if passing else None) or _PLAYS[why.code]
    points = points_about(why.points)
    said = template().format(
        better=_cards(why.better),
        other=_cards(why.other),
        mine=how_often(why.mine),
        theirs=how_often(why.theirs),
        points=_points(points),
    )
    return said[:1].upper() + said[1:]


def how_often(share: float) -> str:
    """'in about 3 deals in 10', 'in under 1 deal in 20', 'in almost every deal'."""
    words = often_words(share)
    if words == "under 1 deal in 20":
        return QCoreApplication.translate("Hints", "in under 1 deal in 20")
    if words == "almost every deal":
        return QCoreApplication.translate("Hints", "in almost every deal")
    if words == 1:
        return QCoreApplication.translate("Hints", "in about 1 deal in 10")
    return QCoreApplication.translate("Hints", "in about {n} deals in 10").format(n=words)


def _points(points: int) -> str:
    """'1 point', '3 points' (a plural by hand: lupdate takes a number only in a ``tr``)."""
    if points == 1:
        return QCoreApplication.translate("Hints", "1 point")
    return QCoreApplication.translate("Hints", "{n} points").format(n=points)


def _cards(cards: tuple[int, ...]) -> str:
    """The cards in words, lower case inside a sentence: '7 of diamonds', 'king of spades,
    ace of spades and queen of hearts'."""
    names = [card_name(card) for card in cards]
    names = [name[:1].lower() + name[1:] for name in names]
    if len(names) == 1:
        return names[0]
    return QCoreApplication.translate("Hints", "{cards} and {last}").format(
        cards=", ".join(names[:-1]), last=names[-1]
    )
