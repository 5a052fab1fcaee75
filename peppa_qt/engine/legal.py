"""What a move of a hand may be: the legal cards of a position, who leads the first trick,
and the checks of a pass and of a deal (``hand.py`` plays them; the search's playouts and the
claim check ask ``legal_cards`` directly).

Compiled with ``hand.py`` (``native.COMPILED``): the playouts ask for the legal cards at
every card.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import CARDS, HEARTS_MASK, SUIT_MASKS, SUIT_NAMES
from .cardset import FACES, copies, overflow, plus
from .errors import IllegalMove, Reason
from .rules import RuleSet

__all__ = ["check_deal", "first_leader", "legal_cards", "pass_refusal", "play_refusal"]


def legal_cards(
    rules: RuleSet, hand: int, trick: Sequence[int], first_trick: bool, hearts_broken: bool
) -> int:
    """The cards (a 52-bit mask) of the card set ``hand`` that may be played on ``trick``."""
    if trick:
        legal = hand & SUIT_MASKS[trick[0] // 13] or hand & FACES
        if first_trick and rules.first_trick_clean:
            legal = legal & ~rules.first_trick_banned or legal
        return legal
    if first_trick and rules.lead_lowest_club:
        return 1 << rules.lowest_club & hand
    if rules.hearts_must_break and not hearts_broken:
        return hand & _NOT_HEARTS or hand & FACES
    return hand & FACES


#: Every card but the hearts (a 52-bit mask).
_NOT_HEARTS = FACES & ~HEARTS_MASK


def first_leader(rules: RuleSet, dealer: int, hands: Sequence[int]) -> int:
    """Who leads trick 1: the holder of the lowest club where it must lead — of two holders
    (Belmont's eight), the nearer the dealer in turn order — else the dealer's next seat."""
    seats = rules.seats
    if rules.lead_lowest_club:
        club = 1 << rules.lowest_club
        for step in range(1, seats + 1):
            seat = (dealer + step * rules.direction) % seats  # RuleSet.next_seat, inlined
            if hands[seat] & club:
                return seat
        raise ValueError(f"nobody holds the {CARDS[rules.lowest_club]}")
    return rules.next_seat(dealer)


def play_refusal(
    rules: RuleSet, hand: int, trick: Sequence[int], first_play: bool, card: int
) -> tuple[Reason, str]:
    """Why ``card``, held in the card set ``hand`` but not among the legal cards, may not be
    played on ``trick`` (``first_play``: no card of the hand is played yet)."""
    if trick:
        suit = trick[0] // 13
        if card // 13 != suit and hand & SUIT_MASKS[suit]:
            return Reason.MUST_FOLLOW_SUIT, f"must follow {SUIT_NAMES[suit]}"
        return Reason.NO_POINTS_ON_FIRST_TRICK, "no heart or Q♠ on the first trick"
    if first_play and rules.lead_lowest_club:
        club = CARDS[rules.lowest_club]
        return Reason.MUST_LEAD_LOWEST_CLUB, f"the {club} must lead the first trick"
    return Reason.HEARTS_NOT_BROKEN, "hearts may not be led before they are broken"


def pass_refusal(rules: RuleSet, hand: int, chosen: list[int], seat: int) -> IllegalMove | None:
    """The refusal of a pass of ``chosen`` out of the card set ``hand``, or None.

    A pass is ``pass_size`` cards, none more often than the deck has it (with one deck: that
    many different cards): else the size is wrong. Then each card must be held as often as it
    is passed (two Q♠ out of a hand with one: the second is not in the hand); of the cards
    that are not, the lowest is named.
    """
    size_, deck = rules.pass_size, rules.deck_mask
    over = next((c for c in chosen if chosen.count(c) > max(1, copies(deck, c))), None)
    if len(chosen) != size_ or over is not None:
        message = f"must pass exactly {size_} different cards, not {len(chosen)}"
        if rules.copies > 1:
            message = f"must pass exactly {size_} cards, not {len(chosen)}"
            if over is not None:
                has = ("none", "one", "two")[copies(deck, over)]
                message = f"{CARDS[over]} is passed {chosen.count(over)} times: the deck has {has}"
        return IllegalMove(Reason.WRONG_PASS_SIZE, message, seat=seat)
    short = [c for c in chosen if chosen.count(c) > copies(hand, c)]
    if not short:
        return None
    card = min(short)
    message = f"{CARDS[card]} is not in the hand"
    if copies(hand, card):  # passed twice, held once
        message = f"{CARDS[card]} is passed twice and the hand holds one"
    return IllegalMove(Reason.CARD_NOT_HELD, message, seat=seat, card=card)


def check_deal(rules: RuleSet, deal: Sequence[int]) -> None:
    """Refuse (ValueError) a deal that is not the whole deck in equal hands, one a seat."""
    if len(deal) != rules.seats:
        raise ValueError(f"a deal has {rules.seats} hands")
    union = 0
    twins = rules.copies > 1
    for mask in deal:
        if mask.bit_count() != rules.hand_size or (
            overflow(union, mask) if twins else union & mask
        ):
            raise ValueError("each seat must get its own cards, the same number each")
        union = plus(union, mask) if twins else union | mask
    if union != rules.deck_mask:
        raise ValueError("the deal must use the whole deck of the rules")
