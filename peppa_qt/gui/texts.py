"""Every sentence the table shows about the game, translated (the engine only gives codes)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ..controller import Refusal
from ..engine import PassDirection
from ..engine.errors import Reason

CONTEXT = "Texts"


def _tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def suit_name(suit: int) -> str:
    """The plural name of a suit, as in 'you must follow clubs'."""
    names = (
        QCoreApplication.translate(CONTEXT, "clubs"),
        QCoreApplication.translate(CONTEXT, "diamonds"),
        QCoreApplication.translate(CONTEXT, "hearts"),
        QCoreApplication.translate(CONTEXT, "spades"),
    )
    return names[suit]


def refusal_text(refusal: Refusal) -> str:
    """Why a move was refused, in one sentence for the status line."""
    reason = refusal.reason
    if reason is Reason.MUST_FOLLOW_SUIT and refusal.led_suit is not None:
        return QCoreApplication.translate(CONTEXT, "You must follow {suit}.").format(
            suit=suit_name(refusal.led_suit)
        )
    sentences = {
        Reason.MUST_FOLLOW_SUIT: _tr("You must follow the suit led."),
        Reason.HEARTS_NOT_BROKEN: _tr("Hearts are not broken yet: lead another suit."),
        Reason.MUST_LEAD_LOWEST_CLUB: _tr("The first trick must be led with the lowest club."),
        Reason.NO_POINTS_ON_FIRST_TRICK: _tr(
            "No hearts and no queen of spades on the first trick."
        ),
        Reason.NOT_YOUR_TURN: _tr("Wait for your turn."),
        Reason.WRONG_PHASE: _tr("Cards cannot be played now."),
        Reason.ALREADY_PASSED: _tr("You have already passed your cards."),
        Reason.NO_PASS_THIS_HAND: _tr("There is no passing in this hand."),
        Reason.WRONG_PASS_SIZE: _tr("Choose exactly three cards to pass."),
        Reason.CARD_NOT_HELD: _tr("That card is not in your hand."),
        Reason.GAME_OVER: _tr("The game is over."),
        Reason.HAND_IN_PROGRESS: _tr("The hand is still being played."),
    }
    return sentences.get(reason, _tr("That move is not allowed."))


def direction_name(direction: PassDirection) -> str:
    """'to the right', 'to the left', 'across', 'no passing'."""
    names = {
        PassDirection.RIGHT: _tr("to the right"),
        PassDirection.LEFT: _tr("to the left"),
        PassDirection.ACROSS: _tr("across"),
        PassDirection.HOLD: _tr("no passing"),
    }
    return names[direction]


def direction_arrow(direction: PassDirection) -> str:
    """An arrow for the pass as seen from the bottom seat (right of South is East)."""
    if direction is PassDirection.ACROSS:
        return "↑"
    if direction is PassDirection.HOLD:
        return "•"
    return "→" if direction is PassDirection.RIGHT else "←"


def preset_name(preset: str) -> str:
    """The rule set's name as players know it."""
    names = {
        "peppa": _tr("Peppa"),
        "torino": _tr("Peppa Torino"),
        "hearts": _tr("Hearts"),
    }
    return names.get(preset, preset)


def level_name(level: str) -> str:
    """A computer level's name."""
    names = {
        "easy": _tr("Easy"),
        "normal": _tr("Normal"),
        "hard": _tr("Hard"),
        "expert": _tr("Expert"),
    }
    return names.get(level, level.capitalize())


def moon_name(preset: str) -> str:
    """What taking every point card is called in this rule set."""
    return _tr("Shooting the moon") if preset == "hearts" else _tr("Cappotto")


def moon_announcement(preset: str, name: str) -> str:
    """'Anna shot the moon!' / 'Anna made cappotto!'."""
    if preset == "hearts":
        return QCoreApplication.translate(CONTEXT, "{name} shot the moon!").format(name=name)
    return QCoreApplication.translate(CONTEXT, "{name} made cappotto!").format(name=name)
