"""Every sentence the table shows about the game, translated (the engine only gives codes)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ..controller import Refusal
from ..engine import PassDirection
from ..engine.errors import Reason

# The context is written out in every call: pyside6-lupdate only collects literal ones.


def suit_name(suit: int) -> str:
    """The plural name of a suit, as in 'you must follow clubs'."""
    names = (
        QCoreApplication.translate("Texts", "clubs"),
        QCoreApplication.translate("Texts", "diamonds"),
        QCoreApplication.translate("Texts", "hearts"),
        QCoreApplication.translate("Texts", "spades"),
    )
    return names[suit]


def refusal_text(refusal: Refusal) -> str:
    """Why a move was refused, in one sentence for the status line."""
    reason = refusal.reason
    if reason is Reason.MUST_FOLLOW_SUIT and refusal.led_suit is not None:
        return QCoreApplication.translate("Texts", "You must follow {suit}.").format(
            suit=suit_name(refusal.led_suit)
        )
    sentences = {
        Reason.MUST_FOLLOW_SUIT: QCoreApplication.translate(
            "Texts", "You must follow the suit led."
        ),
        Reason.HEARTS_NOT_BROKEN: QCoreApplication.translate(
            "Texts", "Hearts are not broken yet: lead another suit."
        ),
        Reason.MUST_LEAD_LOWEST_CLUB: QCoreApplication.translate(
            "Texts", "The first trick must be led with the lowest club."
        ),
        Reason.NO_POINTS_ON_FIRST_TRICK: QCoreApplication.translate(
            "Texts", "No hearts and no queen of spades on the first trick."
        ),
        Reason.NOT_YOUR_TURN: QCoreApplication.translate("Texts", "Wait for your turn."),
        Reason.WRONG_PHASE: QCoreApplication.translate("Texts", "Cards cannot be played now."),
        Reason.ALREADY_PASSED: QCoreApplication.translate(
            "Texts", "You have already passed your cards."
        ),
        Reason.NO_PASS_THIS_HAND: QCoreApplication.translate(
            "Texts", "There is no passing in this hand."
        ),
        Reason.WRONG_PASS_SIZE: QCoreApplication.translate(
            "Texts", "Choose exactly three cards to pass."
        ),
        Reason.CARD_NOT_HELD: QCoreApplication.translate("Texts", "That card is not in your hand."),
        Reason.GAME_OVER: QCoreApplication.translate("Texts", "The game is over."),
        Reason.HAND_IN_PROGRESS: QCoreApplication.translate(
            "Texts", "The hand is still being played."
        ),
    }
    return sentences.get(reason, QCoreApplication.translate("Texts", "That move is not allowed."))


def direction_name(direction: PassDirection) -> str:
    """'to the right', 'to the left', 'across', 'no passing'."""
    names = {
        PassDirection.RIGHT: QCoreApplication.translate("Texts", "to the right"),
        PassDirection.LEFT: QCoreApplication.translate("Texts", "to the left"),
        PassDirection.ACROSS: QCoreApplication.translate("Texts", "across"),
        PassDirection.HOLD: QCoreApplication.translate("Texts", "no passing"),
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
        "peppa": QCoreApplication.translate("Texts", "Peppa"),
        "torino": QCoreApplication.translate("Texts", "Peppa Torino"),
        "hearts": QCoreApplication.translate("Texts", "Hearts"),
    }
    return names.get(preset, preset)


def level_name(level: str) -> str:
    """A computer level's name."""
    names = {
        "easy": QCoreApplication.translate("Texts", "Easy"),
        "normal": QCoreApplication.translate("Texts", "Normal"),
        "hard": QCoreApplication.translate("Texts", "Hard"),
        "expert": QCoreApplication.translate("Texts", "Expert"),
    }
    return names.get(level, level.capitalize())


def moon_name(preset: str) -> str:
    """What taking every point card is called in this rule set."""
    return (
        QCoreApplication.translate("Texts", "Shooting the moon")
        if preset == "hearts"
        else QCoreApplication.translate("Texts", "Cappotto")
    )


def moon_announcement(preset: str, name: str) -> str:
    """'Anna shot the moon!' / 'Anna made cappotto!'."""
    if preset == "hearts":
        return QCoreApplication.translate("Texts", "{name} shot the moon!").format(name=name)
    return QCoreApplication.translate("Texts", "{name} made cappotto!").format(name=name)
