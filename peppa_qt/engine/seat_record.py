"""A player view rebuilt from a record seen from one seat (the bot protocol's input).

Only the seat's own cards are known. Each hand is rebuilt as a ``HandState`` in which the
other seats hold the cards the record shows them playing, and any unseen cards besides: the
engine then replays the hand as it replays any other, and the seat's view is taken from it.
The seat's own plays are checked against the rules; the others' only against what the seat
knows (a card it holds, or passed to someone else, is not another seat's to play).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .cards import CARDS, Card, cards_of, iter_cards, mask_of
from .errors import Reason, RecordError
from .hand import PASS_SIZE, HandState
from .record import GameRecord, HandRecord
from .rules import PassDirection, RuleSet
from .trick import tricks_of
from .view import PlayerView, hand_view, totals_of


@dataclass(frozen=True)
class _Known:
    """One hand as the seat knows it before the play: its cards and its side of the pass."""

    dealt: int
    passed: int | None
    received: int | None
    #: The seat's cards once passing is over (None while passing goes on).
    holding: int | None
    #: Who led the first trick, when the seat can tell.
    first_lead: int | None


def view_from_seat_record(record: GameRecord, seat: int) -> PlayerView:
    """The view of ``seat`` at the end of ``record`` (a record seen from that seat)."""
    rules = record.rules
    if not record.hands:
        raise RecordError(Reason.BAD_FIELD, "no hand has been dealt")
    history: list[tuple[int, int, int, int]] = []
    dealer = record.hands[0].dealer
    last = len(record.hands) - 1
    for index, data in enumerate(record.hands):
        if data.dealer != dealer:
            raise RecordError(Reason.WRONG_DEALER, f"the dealer must be seat {dealer}", hand=index)
        hand, lead_known = _rebuild(rules, index, data, seat)
        if index < last:
            if hand.result is None:
                raise RecordError(
                    Reason.UNFINISHED_HAND_NOT_LAST,
                    "only the last hand may be unfinished",
                    hand=index,
                )
            history.append(hand.result.points)
        dealer = rules.next_dealer(dealer)
    view = hand_view(hand, seat, last, tuple(history), totals_of(rules, history))
    if not lead_known:  # the lowest club is elsewhere and nobody has played: who leads is unseen
        view = replace(view, first_lead=None, to_move=None, legal=0)
    return view


def _rebuild(rules: RuleSet, index: int, data: HandRecord, seat: int) -> tuple[HandState, bool]:
    """The hand as the seat saw it, and whether the seat knows who led."""
    known = _known(rules, index, data, seat)
    if known.holding is None:
        if data.play:
            raise RecordError(Reason.WRONG_PHASE, "cards played before passing ended", hand=index)
        if data.lead is not None:
            raise RecordError(Reason.WRONG_LEAD, "nobody leads before passing ends", hand=index)
        return _passing(rules, index, data, seat, known), True
    lead = known.first_lead
    if lead is None:
        if data.play:
            raise RecordError(Reason.WRONG_LEAD, "the record must say who led", hand=index)
        lead = next(s for s in range(4) if s != seat)  # any seat: the view will not tell
    holdings = _holdings(rules, index, data, seat, known, lead=lead)
    passes: list[int | None] = [None] * 4
    if known.passed is not None and known.received is not None:
        passes[seat] = known.passed
        passes[(seat - rules.pass_direction(index).offset) % 4] = known.received
    deal = [known.dealt if s == seat else holdings[s] for s in range(4)]
    hand = HandState.in_play(
        rules, data.dealer, rules.pass_direction(index), holdings, deal=deal, passes=passes
    )
    _replay(hand, index, data.play, seat)
    return hand, known.first_lead is not None


def _known(rules: RuleSet, index: int, data: HandRecord, seat: int) -> _Known:
    dealt = _own_deal(rules, index, data, seat)
    direction = rules.pass_direction(index)
    if direction is PassDirection.HOLD:
        return _Known(dealt, None, None, dealt, _first_lead(rules, index, data, seat, dealt))
    passed = received = None
    if data.passes is not None:
        own = data.passes[seat]
        other = data.passes[(seat - direction.offset) % 4]
        passed = None if own is None else _pass_mask(own, index, "the seat's pass")
        if passed is not None and other is not None:
            received = _pass_mask(other, index, "the cards received")
    if passed is not None and passed & ~dealt:
        raise RecordError(
            Reason.WRONG_PASS_SIZE, "the seat's pass is not 3 of its cards", hand=index
        )
    if received is None:
        return _Known(dealt, passed, None, None, None)
    if received & dealt:
        raise RecordError(
            Reason.DUPLICATE_CARD, "received cards the seat already holds", hand=index
        )
    if received & ~rules.deck_mask:
        raise RecordError(Reason.BAD_CARD, "received a card not in this deck", hand=index)
    assert passed is not None
    holding = dealt & ~passed | received
    return _Known(dealt, passed, received, holding, _first_lead(rules, index, data, seat, holding))


def _own_deal(rules: RuleSet, index: int, data: HandRecord, seat: int) -> int:
    cards = data.deal[seat]
    if cards is None:
        raise RecordError(Reason.BAD_FIELD, "the seat's own deal is needed", hand=index, seat=seat)
    dealt = mask_of(cards)
    if len(cards) != rules.hand_size or dealt.bit_count() != rules.hand_size:
        raise RecordError(
            Reason.WRONG_DEAL_SIZE, "wrong number of cards dealt", hand=index, seat=seat
        )
    if dealt & ~rules.deck_mask:
        raise RecordError(Reason.BAD_CARD, "a card not in this deck", hand=index, seat=seat)
    return dealt


def _pass_mask(cards: tuple[Card, ...], index: int, what: str) -> int:
    mask = mask_of(cards)
    if len(cards) != PASS_SIZE or mask.bit_count() != PASS_SIZE:
        raise RecordError(Reason.WRONG_PASS_SIZE, f"{what}: not 3 different cards", hand=index)
    return mask


def _first_lead(
    rules: RuleSet, index: int, data: HandRecord, seat: int, holding: int
) -> int | None:
    """Who leads trick 1, as the seat can tell (None: the lowest club is unseen, no lead given)."""
    if not rules.lead_lowest_club:
        lead = (data.dealer + 1) % 4
    elif holding >> rules.lowest_club & 1:
        lead = seat
    elif data.lead is None:
        return None
    elif data.lead == seat:
        club = CARDS[rules.lowest_club]
        raise RecordError(Reason.WRONG_LEAD, f"seat {seat} does not hold the {club}", hand=index)
    else:
        lead = data.lead
    if data.lead is not None and data.lead != lead:
        raise RecordError(
            Reason.WRONG_LEAD, f"seat {lead} leads this hand", hand=index, seat=data.lead
        )
    return lead


def _passing(rules: RuleSet, index: int, data: HandRecord, seat: int, known: _Known) -> HandState:
    """A hand still being passed: the seat's deal, others' cards anywhere; its pass if made."""
    rest = list(iter_cards(rules.deck_mask & ~known.dealt))
    size = rules.hand_size
    others = iter(mask_of(rest[k * size : (k + 1) * size]) for k in range(3))
    deal = [known.dealt if s == seat else next(others) for s in range(4)]
    hand = HandState(rules, data.dealer, deal, rules.pass_direction(index), track_undo=False)
    if known.passed is not None:
        hand.pass_cards(seat, cards_of(known.passed))
    return hand


def _holdings(
    rules: RuleSet, index: int, data: HandRecord, seat: int, known: _Known, *, lead: int
) -> list[int]:
    """Everyone's cards after passing, as far as the seat can tell; the unseen ones anywhere.

    A seat holds the cards it plays in the record (and the lowest club, if it led with it),
    the seat the pass went to holds the passed cards; the unseen rest fill the hands up.
    """
    holding = known.holding
    assert holding is not None
    required = [0, 0, 0, 0]
    if known.passed is not None:
        target = (seat + rules.pass_direction(index).offset) % 4
        required[target] = known.passed
    if rules.lead_lowest_club and lead != seat:
        required[lead] |= 1 << rules.lowest_club
    seen = 0
    for number, (player, card) in enumerate(_plays_by_seat(rules, lead, data.play)):
        bit = 1 << card
        refusal = None
        if seen & bit or not rules.deck_mask & bit or number >= 4 * rules.hand_size:
            refusal = (Reason.DUPLICATE_CARD, "a card played twice or not in the deck")
        elif player != seat:  # the seat's own plays are checked when the hand is replayed
            holder = seat if holding & bit else _holder(required, bit, player)
            if holder is not None:
                refusal = (Reason.CARD_NOT_HELD, f"this card is held by seat {holder}")
            required[player] |= bit
        if refusal is not None:
            raise RecordError(
                *refusal, hand=index, trick=number // 4, seat=player, card=str(CARDS[card])
            )
        seen |= bit
    return _fill(rules, index, seat, holding, required)


def _holder(required: list[int], bit: int, player: int) -> int | None:
    """Another seat than ``player`` known to hold the card ``bit``, if any."""
    return next((s for s in range(4) if s != player and required[s] & bit), None)


def _plays_by_seat(rules: RuleSet, lead: int, plays: tuple[Card, ...]) -> list[tuple[int, int]]:
    return [pair for trick in tricks_of(lead, plays, rules.direction) for pair in trick.plays]


def _fill(rules: RuleSet, index: int, seat: int, holding: int, required: list[int]) -> list[int]:
    """Each other seat's required cards, topped up with unseen ones to a full hand."""
    free = rules.deck_mask & ~holding
    for mask in required:
        free &= ~mask
    pool = list(iter_cards(free))
    holdings = [0, 0, 0, 0]
    holdings[seat] = holding
    for other in (s for s in range(4) if s != seat):
        need = rules.hand_size - required[other].bit_count()
        if need < 0 or need > len(pool):
            raise RecordError(
                Reason.TOO_MANY_CARDS, "a seat plays more cards than it holds", hand=index
            )
        holdings[other] = required[other] | mask_of(pool[:need])
        del pool[:need]
    return holdings


def _replay(hand: HandState, index: int, plays: tuple[Card, ...], seat: int) -> None:
    for number, card in enumerate(plays):
        player = hand.to_move
        assert player is not None
        if player == seat and hand.why_illegal(card) is not None:
            raise RecordError(
                Reason.CARD_NOT_HELD,
                "the seat cannot play this card",
                hand=index,
                trick=number // 4,
                seat=player,
                card=str(card),
            )
        hand.play_unchecked(card)
