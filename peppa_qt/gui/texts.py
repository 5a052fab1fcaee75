"""Every sentence the table shows about the game, translated (the engine only gives codes)."""

from __future__ import annotations

from typing import assert_never

from PySide6.QtCore import QCoreApplication

from ..ai.hints import Hint, Why
from ..controller import Refusal
from ..engine import PassDirection
from ..engine.errors import SEAT_NAMES, Reason
from .card_names import card_name as card_name  # noqa: PLC0414 (texts.card_name, as ever)

# The context is written out in every call: pyside6-lupdate only collects literal ones.


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802  (the name lupdate knows)
    """Mark ``text`` for translation in ``context``; it is translated where it is shown."""
    return text


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
        "belmont": QCoreApplication.translate("Texts", "Belmont"),
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


#: The rule sets from the Hearts sheet (004), whose words are the moon's ("Grande Slam"); the
#: Peppa sheets' word is cappotto.
MOON_PRESETS = ("hearts", "belmont")


def moon_name(preset: str) -> str:
    """What taking every point card is called in this rule set."""
    return (
        QCoreApplication.translate("Texts", "Shooting the moon")
        if preset in MOON_PRESETS
        else QCoreApplication.translate("Texts", "Cappotto")
    )


def moon_announcement(preset: str, name: str) -> str:
    """'Anna shot the moon!' / 'Anna made cappotto!' (to the default human: 'You …!')."""
    if name == DEFAULT_HUMAN:  # said to the player, not of them ("Hai fatto cappotto!")
        if preset in MOON_PRESETS:
            return QCoreApplication.translate("Texts", "You shot the moon!")
        return QCoreApplication.translate("Texts", "You made cappotto!")
    shown = player_name(name)
    if preset in MOON_PRESETS:
        return QCoreApplication.translate("Texts", "{name} shot the moon!").format(name=shown)
    return QCoreApplication.translate("Texts", "{name} made cappotto!").format(name=shown)


def points_text(points: int) -> str:
    """A number of points as the table writes it: '−10' with a true minus sign."""
    return f"−{-points}" if points < 0 else str(points)


def hint_text(hint: Hint | Why) -> str:
    """Why the hint suggests its cards, said to the player.

    The computer players give a reason code (``ai.hints.Hint``); the words are the window's.
    Every code has its case: a code without one is a type error (``assert_never``). A reason
    read from the coach's search has its figures (``reason_texts``).
    """
    if isinstance(hint, Why):
        from .reason_texts import why_text

        return why_text(hint)
    match hint:
        case Hint.PASS_QUEEN:
            return QCoreApplication.translate(
                "Hints", "Pass the queen of spades: you have too few spades to hide it."
            )
        case Hint.PASS_HIGH_SPADES:
            return QCoreApplication.translate(
                "Hints", "Pass your high spades, so the queen of spades cannot be dropped on them."
            )
        case Hint.PASS_HIGH_HEARTS:
            return QCoreApplication.translate(
                "Hints", "Pass your high hearts: they would win heart tricks."
            )
        case Hint.PASS_POINT_CARD:
            return QCoreApplication.translate("Hints", "Pass a card that carries points.")
        case Hint.PASS_HIGH_CARDS:
            return QCoreApplication.translate("Hints", "Pass high cards that would win tricks.")
        case Hint.PASS_LIKELY_WINNERS:
            return QCoreApplication.translate(
                "Hints", "Pass the cards likeliest to win tricks you do not want."
            )
        case Hint.PASS_FOR_MOON:
            return QCoreApplication.translate(
                "Hints", "Keep your winners and pass low cards: you can take all the points."
            )
        case Hint.PASS_HIGHEST:
            return QCoreApplication.translate("Hints", "Pass your three highest cards.")
        case Hint.VOID_CLUBS:
            return QCoreApplication.translate(
                "Hints", "Get rid of your clubs, to discard on club tricks later."
            )
        case Hint.VOID_DIAMONDS:
            return QCoreApplication.translate(
                "Hints", "Get rid of your diamonds, to discard on diamond tricks later."
            )
        case Hint.VOID_HEARTS:
            return QCoreApplication.translate(
                "Hints", "Get rid of your hearts, to discard on heart tricks later."
            )
        case Hint.VOID_SPADES:
            return QCoreApplication.translate(
                "Hints", "Get rid of your spades, to discard on spade tricks later."
            )
        case Hint.ONLY_CARD:
            return QCoreApplication.translate("Hints", "It is the only card you may play.")
        case Hint.LEAD_LOW:
            return QCoreApplication.translate(
                "Hints", "Lead a low card that someone else will have to beat."
            )
        case Hint.LEAD_UNDER:
            return QCoreApplication.translate(
                "Hints", "Lead your lowest of this suit: a higher card is out and may take it."
            )
        case Hint.LEAD_SHORT_SUIT:
            return QCoreApplication.translate(
                "Hints", "Lead from a short suit, to be void in it soon."
            )
        case Hint.LEAD_LOW_HEART:
            return QCoreApplication.translate(
                "Hints", "Lead a low heart: someone else will take the trick."
            )
        case Hint.BLEED_SPADES:
            return QCoreApplication.translate(
                "Hints", "Lead a low spade to force out the queen of spades."
            )
        case Hint.LEAD_WINNER:
            return QCoreApplication.translate(
                "Hints", "Your cards of this suit win anyway: lead the highest."
            )
        case Hint.DUCK_HIGH:
            return QCoreApplication.translate(
                "Hints", "Play your highest card that still loses the trick."
            )
        case Hint.DUCK_QUEEN_OUT:
            return QCoreApplication.translate(
                "Hints", "Stay under the winning spade: the queen of spades is still out."
            )
        case Hint.STAY_UNDER_QUEEN:
            return QCoreApplication.translate(
                "Hints", "Play a spade lower than the queen, so the queen cannot land on it."
            )
        case Hint.FOLLOW_LOW:
            return QCoreApplication.translate(
                "Hints", "You must go over: go as low as you can, hoping to be beaten."
            )
        case Hint.WIN_CLEAN_TRICK:
            return QCoreApplication.translate(
                "Hints", "You play last on a trick without points: take it with a high card."
            )
        case Hint.WIN_EARLY_ROUND:
            return QCoreApplication.translate(
                "Hints",
                "Win an early round of the suit, before the others can discard points on it.",
            )
        case Hint.WIN_FORCED:
            return QCoreApplication.translate(
                "Hints", "You have to win this trick: play your highest card."
            )
        case Hint.AVOID_TRICKS:
            return QCoreApplication.translate(
                "Hints", "You have taken no card yet: keep it that way for the bonus."
            )
        case Hint.DUMP_QUEEN:
            return QCoreApplication.translate(
                "Hints", "Get rid of the queen of spades on a trick someone else wins."
            )
        case Hint.DUMP_HIGH_SPADE:
            return QCoreApplication.translate(
                "Hints", "Get rid of a high spade while the queen of spades is still out."
            )
        case Hint.DUMP_HEARTS:
            return QCoreApplication.translate(
                "Hints", "Discard your costliest heart on someone else's trick."
            )
        case Hint.DUMP_POINTS:
            return QCoreApplication.translate(
                "Hints", "Discard a card with points on someone else's trick."
            )
        case Hint.DISCARD_HIGH:
            return QCoreApplication.translate(
                "Hints", "Discard a high card that could win a trick later."
            )
        case Hint.SPARE_PARTNER:
            return QCoreApplication.translate("Hints", "Give no points to your partner.")
        case Hint.AVOID_GAME_END:
            return QCoreApplication.translate(
                "Hints", "Give no points that would end the game while you are behind."
            )
        case Hint.GIFT_PARTNER:
            return QCoreApplication.translate(
                "Hints", "Give the jack of diamonds and its bonus to your partner."
            )
        case Hint.KEEP_BONUS:
            return QCoreApplication.translate(
                "Hints", "Keep the jack of diamonds and its bonus for a trick of your own."
            )
        case Hint.TAKE_BONUS:
            return QCoreApplication.translate(
                "Hints", "Win this trick, for the bonus of the jack of diamonds in it."
            )
        case Hint.STOP_MOON:
            return QCoreApplication.translate(
                "Hints", "Take some points on purpose, so nobody takes them all."
            )
        case Hint.DENY_MOON:
            return QCoreApplication.translate(
                "Hints", "Give no points to the player who is taking them all."
            )
        case Hint.SHOOT_MOON:
            return QCoreApplication.translate("Hints", "Go for all the points!")
        case Hint.HUNCH:
            return QCoreApplication.translate("Hints", "A card on a hunch.")
        case (
            Hint.SEARCH
            | Hint.FACT_DUCK
            | Hint.FACT_TRICK
            | Hint.FACT_LATER
            | Hint.FACT_QUEEN
            | Hint.FACT_STOP_MOON
            | Hint.FACT_SHOOT_MOON
            | Hint.FACT_CLOSE
            | Hint.FACT_NOISE
        ):  # (a reason from the search comes with its figures: see above)
            return QCoreApplication.translate(
                "Hints", "It did best when the rest of the hand was tried out."
            )
        case _:
            assert_never(hint)


#: The name a single human gets when none is given; shown in the player's language.
DEFAULT_HUMAN = "You"


def player_name(name: str) -> str:
    """A player's name as shown: the default human's in the language in use."""
    if name == DEFAULT_HUMAN:
        return QCoreApplication.translate("NewGameDialog", "You")
    return name


def seat_name(seat: int) -> str:
    """South, East, North, West."""
    return (
        QCoreApplication.translate("Texts", "South"),
        QCoreApplication.translate("Texts", "East"),
        QCoreApplication.translate("Texts", "North"),
        QCoreApplication.translate("Texts", "West"),
    )[seat]


def table_seat_name(seat: int, seats: int) -> str:
    """A seat as its table names it: a compass point of the four, else its number from 1
    (the new-game dialog's "Seat 1" the player at the bottom)."""
    if seats == len(SEAT_NAMES):
        return seat_name(seat)
    return QCoreApplication.translate("Texts", "seat {n}").format(n=seat + 1)


def record_problem(
    reason: str, place: tuple[int | None, int | None, int | None, str | None], seats: int = 4
) -> str:
    """Where a game breaks a rule and which, as the window says it: 'hand 2, trick 5, East, Q♠:
    the suit led must be followed' (at a table of six or eight, 'seat 6' for East)."""
    hand, trick, seat, card = place
    words = []
    if hand is not None:
        words.append(QCoreApplication.translate("Texts", "hand {n}").format(n=hand + 1))
    if trick is not None:
        words.append(QCoreApplication.translate("Texts", "trick {n}").format(n=trick + 1))
    if seat is not None and 0 <= seat < seats:
        words.append(table_seat_name(seat, seats))
    if card is not None:
        words.append(_card_text(card))
    rule = _rule_broken(reason)
    return (
        QCoreApplication.translate("Texts", "{place}: {rule}").format(
            place=", ".join(words), rule=rule
        )
        if words
        else rule
    )


def _card_text(card: str) -> str:
    from ..models.card_text import card_label

    letters = "23456789TJQKA", "CDHS"
    if len(card) == 2 and card[0] in letters[0] and card[1] in letters[1]:  # noqa: PLR2004
        return card_label(letters[1].index(card[1]) * 13 + letters[0].index(card[0]))
    return card


def _rule_broken(reason: str) -> str:
    rules = {
        Reason.WRONG_PHASE: QCoreApplication.translate(
            "Texts", "a move out of its phase of the hand"
        ),
        Reason.NOT_YOUR_TURN: QCoreApplication.translate("Texts", "a move out of turn"),
        Reason.ALREADY_PASSED: QCoreApplication.translate("Texts", "a seat passes twice"),
        Reason.NO_PASS_THIS_HAND: QCoreApplication.translate(
            "Texts", "cards are passed in a hand without passing"
        ),
        Reason.WRONG_PASS_SIZE: QCoreApplication.translate(
            "Texts", "a pass of other than three cards"
        ),
        Reason.CARD_NOT_HELD: QCoreApplication.translate("Texts", "a card the seat does not hold"),
        Reason.MUST_FOLLOW_SUIT: QCoreApplication.translate(
            "Texts", "the suit led is not followed"
        ),
        Reason.MUST_LEAD_LOWEST_CLUB: QCoreApplication.translate(
            "Texts", "the first trick is not led with the lowest club"
        ),
        Reason.HEARTS_NOT_BROKEN: QCoreApplication.translate(
            "Texts", "hearts led before they are broken"
        ),
        Reason.NO_POINTS_ON_FIRST_TRICK: QCoreApplication.translate(
            "Texts", "points played on the first trick"
        ),
        Reason.GAME_OVER: QCoreApplication.translate("Texts", "a move after the game ended"),
        Reason.HAND_IN_PROGRESS: QCoreApplication.translate(
            "Texts", "a hand dealt before the last one ended"
        ),
        Reason.BAD_JSON: QCoreApplication.translate("Texts", "the file is not valid JSON"),
        Reason.UNKNOWN_FORMAT: QCoreApplication.translate("Texts", "not a game record"),
        Reason.UNSUPPORTED_VERSION: QCoreApplication.translate(
            "Texts", "a version of the record this program does not know"
        ),
        Reason.BAD_FIELD: QCoreApplication.translate(
            "Texts", "a field of the record is missing or wrong"
        ),
        Reason.BAD_CARD: QCoreApplication.translate("Texts", "a card that is not in the deck"),
        Reason.BAD_RULES: QCoreApplication.translate("Texts", "rules this program does not know"),
        Reason.DUPLICATE_CARD: QCoreApplication.translate("Texts", "a card appears twice"),
        Reason.MISSING_CARD: QCoreApplication.translate("Texts", "a card is missing from the deal"),
        Reason.WRONG_DEAL_SIZE: QCoreApplication.translate(
            "Texts", "a seat is dealt the wrong number of cards"
        ),
        Reason.WRONG_DEALER: QCoreApplication.translate("Texts", "the wrong dealer"),
        Reason.WRONG_LEAD: QCoreApplication.translate("Texts", "the wrong seat leads"),
        Reason.HAND_AFTER_GAME_OVER: QCoreApplication.translate(
            "Texts", "a hand after the game ended"
        ),
        Reason.UNFINISHED_HAND_NOT_LAST: QCoreApplication.translate(
            "Texts", "an unfinished hand before the last one"
        ),
        Reason.TOO_MANY_CARDS: QCoreApplication.translate(
            "Texts", "more cards than the hand holds"
        ),
        Reason.NOTHING_TO_UNDO: QCoreApplication.translate("Texts", "nothing to undo"),
    }
    try:
        return rules.get(Reason(reason), QCoreApplication.translate("Texts", "a broken rule"))
    except ValueError:
        return QCoreApplication.translate("Texts", "a broken rule")


def system_error(number: int | None, english: str) -> str:
    """The system's error, in the player's language where we know it."""
    import errno

    from ..safe_read import NOT_REGULAR, TOO_LARGE

    known = {
        errno.EACCES: QCoreApplication.translate("Texts", "permission denied"),
        errno.EPERM: QCoreApplication.translate("Texts", "permission denied"),
        errno.ENOSPC: QCoreApplication.translate("Texts", "the disk is full"),
        errno.EDQUOT: QCoreApplication.translate("Texts", "the disk quota is used up"),
        errno.EROFS: QCoreApplication.translate("Texts", "the disk is read-only"),
        errno.ENOENT: QCoreApplication.translate("Texts", "no such file or folder"),
        errno.EISDIR: QCoreApplication.translate("Texts", "it is a folder, not a file"),
        errno.ENOTDIR: QCoreApplication.translate("Texts", "a part of the path is not a folder"),
        errno.EIO: QCoreApplication.translate("Texts", "the disk could not be read or written"),
        errno.ENAMETOOLONG: QCoreApplication.translate("Texts", "the name is too long"),
        NOT_REGULAR: QCoreApplication.translate(
            "Texts", "not a regular file (a folder, a device or a pipe)"
        ),
        TOO_LARGE: QCoreApplication.translate("Texts", "the file is far too large for a game"),
    }
    return known.get(number, english) if number is not None else english
