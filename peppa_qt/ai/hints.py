"""Why a computer player chose a card: reason codes, their English sentences, and hints.

Every decision of the easy and normal levels carries one :class:`Hint` in ``Decision.reason``.
The GUI shows the sentence (translated) when the player asks for a hint (``teacher.coach_hint``).

>>> Hint.DUMP_QUEEN == "dump_queen", sentence("dump_queen")
(True, 'Gets rid of the Q♠ on a trick someone else wins.')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from ..engine.cards import CARDS, format_cards


class Hint(StrEnum):
    """A short reason code; the value is what Decision.reason holds."""

    # passing
    PASS_QUEEN = "pass_queen"
    PASS_HIGH_SPADES = "pass_high_spades"
    PASS_HIGH_HEARTS = "pass_high_hearts"
    PASS_POINT_CARD = "pass_point_card"
    PASS_HIGH_CARDS = "pass_high_cards"
    PASS_FOR_MOON = "pass_for_moon"
    PASS_HIGHEST = "pass_highest"
    PASS_LIKELY_WINNERS = "pass_likely_winners"
    VOID_CLUBS = "void_clubs"
    VOID_DIAMONDS = "void_diamonds"
    VOID_HEARTS = "void_hearts"
    VOID_SPADES = "void_spades"
    # leading
    ONLY_CARD = "only_card"
    LEAD_LOW = "lead_low"
    LEAD_UNDER = "lead_under"
    LEAD_SHORT_SUIT = "lead_short_suit"
    LEAD_LOW_HEART = "lead_low_heart"
    BLEED_SPADES = "bleed_spades"
    LEAD_WINNER = "lead_winner"
    # following
    DUCK_HIGH = "duck_high"
    DUCK_QUEEN_OUT = "duck_queen_out"
    STAY_UNDER_QUEEN = "stay_under_queen"
    FOLLOW_LOW = "follow_low"
    WIN_CLEAN_TRICK = "win_clean_trick"
    WIN_EARLY_ROUND = "win_early_round"
    WIN_FORCED = "win_forced"
    AVOID_TRICKS = "avoid_tricks"
    # discarding
    DUMP_QUEEN = "dump_queen"
    DUMP_HIGH_SPADE = "dump_high_spade"
    DUMP_HEARTS = "dump_hearts"
    DUMP_POINTS = "dump_points"
    DISCARD_HIGH = "discard_high"
    SPARE_PARTNER = "spare_partner"
    AVOID_GAME_END = "avoid_game_end"
    GIFT_PARTNER = "gift_partner"
    KEEP_BONUS = "keep_bonus"
    # bonus card, moon
    TAKE_BONUS = "take_bonus"
    STOP_MOON = "stop_moon"
    DENY_MOON = "deny_moon"
    SHOOT_MOON = "shoot_moon"
    # the easy level's slips; the search levels' choice
    HUNCH = "hunch"
    SEARCH = "search"
    # read from the coach's search: what its deals came to after each choice (``Why``)
    FACT_DUCK = "fact_duck"
    FACT_TRICK = "fact_trick"
    FACT_LATER = "fact_later"
    FACT_QUEEN = "fact_queen"
    FACT_STOP_MOON = "fact_stop_moon"
    FACT_SHOOT_MOON = "fact_shoot_moon"
    FACT_CLOSE = "fact_close"
    FACT_NOISE = "fact_noise"


#: The codes read from the search's deals: said with their figures (``Why``).
FACTS: Final = frozenset(code for code in Hint if code.startswith("fact_"))


SENTENCES: Final[dict[Hint, str]] = {
    Hint.PASS_QUEEN: "Passes the Q♠: too few spades to hide it.",
    Hint.PASS_HIGH_SPADES: "Passes the high spades so the Q♠ cannot be dropped on them.",
    Hint.PASS_HIGH_HEARTS: "Passes high hearts, which would win heart tricks.",
    Hint.PASS_POINT_CARD: "Passes a card that carries points.",
    Hint.PASS_HIGH_CARDS: "Passes high cards that would win tricks.",
    Hint.PASS_LIKELY_WINNERS: "Passes the cards likeliest to win tricks it does not want.",
    Hint.PASS_FOR_MOON: "Keeps the winners and passes low cards: it is going for all the points.",
    Hint.PASS_HIGHEST: "Passes its three highest cards.",
    Hint.VOID_CLUBS: "Gets rid of its clubs, to discard on club tricks later.",
    Hint.VOID_DIAMONDS: "Gets rid of its diamonds, to discard on diamond tricks later.",
    Hint.VOID_HEARTS: "Gets rid of its hearts, to discard on heart tricks later.",
    Hint.VOID_SPADES: "Gets rid of its spades, to discard on spade tricks later.",
    Hint.ONLY_CARD: "Plays the only card it may play.",
    Hint.LEAD_LOW: "Leads a low card that someone else will have to beat.",
    Hint.LEAD_UNDER: "Leads its lowest of the suit: a higher card is out and may take it.",
    Hint.LEAD_SHORT_SUIT: "Leads from a short suit, to be void in it soon.",
    Hint.LEAD_LOW_HEART: "Leads a low heart: someone else takes the trick.",
    Hint.BLEED_SPADES: "Leads a low spade to force out the Q♠.",
    Hint.LEAD_WINNER: "Its cards of this suit win anyway, so it leads the highest.",
    Hint.DUCK_HIGH: "Plays its highest card that still loses the trick.",
    Hint.DUCK_QUEEN_OUT: "Stays under the winning spade while the Q♠ is still out.",
    Hint.STAY_UNDER_QUEEN: "Plays a spade below the queen, so the Q♠ cannot land on it.",
    Hint.FOLLOW_LOW: "Must go over, and goes as low as possible hoping to be beaten.",
    Hint.WIN_CLEAN_TRICK: "Last to play on a trick without points: wins it with a high card.",
    Hint.WIN_EARLY_ROUND: "Wins an early round of a suit, before others can discard points on it.",
    Hint.WIN_FORCED: "Has to win the trick, so plays its highest card.",
    Hint.AVOID_TRICKS: "Has taken no card yet and keeps it that way for the bonus.",
    Hint.DUMP_QUEEN: "Gets rid of the Q♠ on a trick someone else wins.",
    Hint.DUMP_HIGH_SPADE: "Gets rid of a high spade while the Q♠ is still out.",
    Hint.DUMP_HEARTS: "Discards its most expensive heart on someone else's trick.",
    Hint.DUMP_POINTS: "Discards a card with points on someone else's trick.",
    Hint.DISCARD_HIGH: "Discards a high card that could win a trick later.",
    Hint.SPARE_PARTNER: "Gives no points to its partner.",
    Hint.AVOID_GAME_END: "Gives no points that would end the game while it is behind.",
    Hint.GIFT_PARTNER: "Gives the J♦ bonus to its partner.",
    Hint.KEEP_BONUS: "Keeps the J♦ bonus for a trick of its own.",
    Hint.TAKE_BONUS: "Wins the trick with the J♦ bonus in it.",
    Hint.STOP_MOON: "Takes points on purpose, so nobody takes them all.",
    Hint.DENY_MOON: "Gives no points to the player who is taking them all.",
    Hint.SHOOT_MOON: "Goes for all the points (cappotto / the moon).",
    Hint.HUNCH: "Plays a card on a hunch.",
    Hint.SEARCH: "Plays the card that did best when it tried the rest of the hand out.",
    Hint.FACT_DUCK: "Leaves the trick to someone else; the other card would win it.",
    Hint.FACT_TRICK: "Takes fewer points in this trick than the other card.",
    Hint.FACT_LATER: "Takes fewer points in the later tricks than the other choice.",
    Hint.FACT_QUEEN: "Takes the Q♠ less often than the other choice.",
    Hint.FACT_STOP_MOON: "Lets another player take all the points less often.",
    Hint.FACT_SHOOT_MOON: "Takes all the points more often than the other choice.",
    Hint.FACT_CLOSE: "Worth about the same as the next best: less than half a point apart.",
    Hint.FACT_NOISE: "Only a little better than the next best: within the luck of the deals.",
}


@dataclass(frozen=True)
class Why:
    """A reason read from the coach's search, with its figures: ``better`` is the choice
    named, ``other`` the one it is compared with (the player's, or the next best); ``mine``
    and ``theirs`` how often (a share of the deals) the code's event came after each; and
    ``points`` how many points ``better`` saves. Its ``str`` is its code, as a ``Hint``'s."""

    code: Hint
    better: tuple[int, ...]
    other: tuple[int, ...]
    mine: float = 0.0
    theirs: float = 0.0
    points: float = 0.0

    def __str__(self) -> str:
        return self.code.value


#: A reason as the hint and the review give it: a code alone, or one with figures.
Reason = Hint | Why

#: The English of each figured reason, "{verb}" being "Playing" or "Passing" (the search's
#: deals are past: "you took").
_FIGURED: Final[dict[Hint, str]] = {
    Hint.FACT_DUCK: "{verb} {better} you left this trick to someone else; {verb_other} {other}"
    " you won it {theirs}, taking about {points} more.",
    Hint.FACT_TRICK: "{verb} {better} you took about {points} fewer in this trick than"
    " {verb_other} {other}.",
    Hint.FACT_LATER: "{verb} {better} you took about {points} fewer in the later tricks than"
    " {verb_other} {other}.",
    Hint.FACT_QUEEN: "{verb} {better} you took the Q♠ {mine}; {verb_other} {other}, {theirs}.",
    Hint.FACT_STOP_MOON: "{verb} {other} another player took all the points {theirs};"
    " {verb_other} {better}, {mine}.",
    Hint.FACT_SHOOT_MOON: "{verb} {better} you took all the points {mine}; {verb_other} {other},"
    " {theirs}.",
    Hint.FACT_CLOSE: "{better} or {other}: about the same here, less than half a point apart.",
    Hint.FACT_NOISE: "{better} or {other}: the first is only a little better, within the luck"
    " of the deals.",
}
#: A pass's, where it reads otherwise.
_FIGURED_PASS: Final[dict[Hint, str]] = {
    Hint.FACT_LATER: "Passing {better} you took about {points} fewer in the hand than passing"
    " {other}.",
}


def how_often(share: float) -> str:
    """A share of the deals as a beginner reads it: 'in about 3 deals in 10', 'in almost no
    deal'."""
    words = often_words(share)
    if isinstance(words, str):
        return f"in {words}"
    return f"in about {words} deal{'' if words == 1 else 's'} in 10"


def often_words(share: float) -> str | int:
    """'under 1 deal in 20', 'almost every deal', or the number of deals in 10 (1 to 9)."""
    if share < ALMOST_NEVER:
        return "under 1 deal in 20"
    if share > 1 - ALMOST_NEVER:
        return "almost every deal"
    return min(9, max(1, int(share * 10 + 0.5)))


#: Under this share of the deals an event is "almost never" (and over 1 − it "almost always").
ALMOST_NEVER: Final = 0.05


def points_about(points: float) -> int:
    """Points rounded as said ("about 2 points"): half a point and more is one."""
    return int(points + 0.5)


def figured(why: Why, passing: bool) -> str:
    """The English sentence of a reason with its figures."""
    template = (_FIGURED_PASS if passing else {}).get(why.code) or _FIGURED[why.code]
    points = points_about(why.points)
    verb = "Passing" if passing else "Playing"
    return template.format(
        verb=verb,
        verb_other=verb.lower(),
        better=_cards(why.better),
        other=_cards(why.other),
        mine=how_often(why.mine),
        theirs=how_often(why.theirs),
        points=f"{points} point{'' if points == 1 else 's'}",
    )


def _cards(cards: Sequence[int]) -> str:
    return format_cards([CARDS[c] for c in cards])


def sentence(code: str | Why) -> str:
    """The English sentence of a reason: with its figures for a ``Why``, else its code's ("" for
    an unknown code)."""
    if isinstance(code, Why):
        return figured(code, len(code.better) > 1)
    try:
        return SENTENCES[Hint(code)]
    except ValueError:
        return ""
