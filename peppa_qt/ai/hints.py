"""Why a computer player chose a card: reason codes, their English sentences, and hints.

Every decision of the easy and normal levels carries one :class:`Hint` in ``Decision.reason``.
The GUI shows the sentence (translated) when the player asks for a hint (``teacher.coach_hint``).

>>> Hint.DUMP_QUEEN == "dump_queen", sentence("dump_queen")
(True, 'Gets rid of the Q♠ on a trick someone else wins.')
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final


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
}


def sentence(code: str) -> str:
    """The English sentence of a reason code ("" for an unknown code)."""
    try:
        return SENTENCES[Hint(code)]
    except ValueError:
        return ""
