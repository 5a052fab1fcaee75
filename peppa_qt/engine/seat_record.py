"""A player view rebuilt from a record seen from one seat (the bot protocol's input).

Only the seat's own cards are known. Each hand is rebuilt as a ``HandState`` in which the
other seats hold the cards the record shows them playing, and any unseen cards besides: the
engine then replays the hand as it replays any other, and the seat's view is taken from it.
The seat's own plays are checked against the rules; the others' only against what the seat
knows (a card it holds, or passed to someone else, is not another seat's to play).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .cards import CARDS, Card
from .cardset import add, copies, covers, listed, minus, overflow, plus, set_of, size
from .errors import Reason, RecordError
from .hand import HandState
from .match import Match
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
    history: list[tuple[int, ...]] = []
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


def match_seen_from(record: GameRecord, seat: int) -> Match:
    """The game of ``record`` (seen from ``seat``) as that seat saw it: every hand rebuilt,
    the other seats' unseen cards stand-ins. Its public state (``public.table_of``) is the
    real game's, what a screen for the seat may draw; its other hands are not (never draw
    them). Raises RecordError as ``view_from_seat_record`` does."""
    rules = record.rules
    hands = [_rebuild(rules, index, data, seat)[0] for index, data in enumerate(record.hands)]
    try:
        return Match.of_hands(rules, hands)
    except ValueError as error:
        raise RecordError(Reason.BAD_FIELD, str(error)) from None


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
        lead = _stand_in_lead(rules, index, seat, known)  # the view will not tell
    holdings = _holdings(rules, index, data, seat, known, lead=lead)
    passes: list[int | None] = [None] * rules.seats
    if known.passed is not None and known.received is not None:
        passes[seat] = known.passed
        passes[rules.giver(seat, rules.pass_direction(index))] = known.received
    deal = [known.dealt if s == seat else holdings[s] for s in range(rules.seats)]
    hand = HandState.in_play(
        rules, data.dealer, rules.pass_direction(index), holdings, deal=deal, passes=passes
    )
    if known.first_lead is not None and hand.first_lead != lead:  # a club the lead passed over
        club = CARDS[rules.lowest_club]
        raise RecordError(
            Reason.WRONG_LEAD, f"seat {hand.first_lead} holds a {club}: it leads", hand=index
        )
    _replay(hand, index, data.play, seat)
    return hand, known.first_lead is not None


def _stand_in_lead(rules: RuleSet, index: int, seat: int, known: _Known) -> int:
    """Who leads the rebuilt hand when the seat cannot tell (its view will not say): another
    seat that may hold a lowest club, the one the seat passed its own to if it did (a second
    seat given that club would make one card too many)."""
    if known.passed is not None and known.passed >> rules.lowest_club & 1:
        return rules.receiver(seat, rules.pass_direction(index))
    return rules.next_seat(seat)


def _known(rules: RuleSet, index: int, data: HandRecord, seat: int) -> _Known:
    dealt = _own_deal(rules, index, data, seat)
    direction = rules.pass_direction(index)
    if direction is PassDirection.HOLD:
        return _Known(dealt, None, None, dealt, _first_lead(rules, index, data, seat, dealt))
    passed = received = None
    if data.passes is not None:
        own = data.passes[seat]
        other = data.passes[rules.giver(seat, direction)]
        passed = None if own is None else _pass_set(rules, own, index, "the seat's pass")
        if passed is not None and other is not None:
            received = _pass_set(rules, other, index, "the cards received")
    if passed is not None and not covers(dealt, passed):
        raise RecordError(
            Reason.WRONG_PASS_SIZE,
            f"the seat's pass is not {rules.pass_size} of its cards",
            hand=index,
        )
    if received is None:
        return _Known(dealt, passed, None, None, None)
    assert passed is not None
    kept = minus(dealt, passed)
    if overflow(kept, received) or not covers(rules.deck_mask, plus(kept, received)):
        raise RecordError(
            Reason.DUPLICATE_CARD,
            "received cards the seat already holds as often as the deck has them",
            hand=index,
        )
    holding = plus(kept, received)
    return _Known(dealt, passed, received, holding, _first_lead(rules, index, data, seat, holding))


def _own_deal(rules: RuleSet, index: int, data: HandRecord, seat: int) -> int:
    cards = data.deal[seat]
    if cards is None:
        raise RecordError(Reason.BAD_FIELD, "the seat's own deal is needed", hand=index, seat=seat)
    dealt = _cards_in_deck(rules, cards, index, seat, "dealt")
    if size(dealt) != rules.hand_size:
        raise RecordError(
            Reason.WRONG_DEAL_SIZE, "wrong number of cards dealt", hand=index, seat=seat
        )
    return dealt


def _cards_in_deck(
    rules: RuleSet, cards: tuple[Card, ...], index: int, seat: int | None, what: str
) -> int:
    """The card set of ``cards``, refused when the deck does not hold them as often."""
    try:
        held = set_of(cards)
    except ValueError:
        held = -1
    if held < 0 or not covers(rules.deck_mask, held):
        raise RecordError(
            Reason.BAD_CARD,
            f"{what}: a card not in this deck, or more often",
            hand=index,
            seat=seat,
        )
    return held


def _pass_set(rules: RuleSet, cards: tuple[Card, ...], index: int, what: str) -> int:
    passed = _cards_in_deck(rules, cards, index, None, what)
    if len(cards) != rules.pass_size:
        raise RecordError(
            Reason.WRONG_PASS_SIZE, f"{what}: not {rules.pass_size} cards", hand=index
        )
    return passed


def _first_lead(
    rules: RuleSet, index: int, data: HandRecord, seat: int, holding: int
) -> int | None:
    """Who leads trick 1, as the seat can tell (None: it cannot, and the record does not say).

    Where the lowest club leads and the deck has two, the seat holding one leads only if no
    seat nearer the dealer may hold the other (RULES.md, rule set D).
    """
    club = rules.lowest_club
    lead: int | None
    if not rules.lead_lowest_club:
        lead = rules.next_seat(data.dealer)
    elif copies(holding, club) == copies(rules.deck_mask, club) or (
        holding >> club & 1 and rules.next_seat(data.dealer) == seat
    ):
        lead = seat
    elif data.lead is None:
        return None
    elif data.lead == seat and not holding >> club & 1:
        raise RecordError(
            Reason.WRONG_LEAD, f"seat {seat} does not hold the {CARDS[club]}", hand=index
        )
    elif holding >> club & 1 and _turns_after_dealer(rules, data.dealer, data.lead) > (
        _turns_after_dealer(rules, data.dealer, seat)
    ):
        raise RecordError(
            Reason.WRONG_LEAD, f"seat {seat} leads this hand", hand=index, seat=data.lead
        )
    else:
        lead = data.lead
    if data.lead is not None and data.lead != lead:
        raise RecordError(
            Reason.WRONG_LEAD, f"seat {lead} leads this hand", hand=index, seat=data.lead
        )
    return lead


def _turns_after_dealer(rules: RuleSet, dealer: int, seat: int) -> int:
    """How many turns after the dealer ``seat`` plays (1 for the dealer's next seat)."""
    return next(k for k in range(1, rules.seats + 1) if rules.next_seat(dealer, k) == seat)


def _passing(rules: RuleSet, index: int, data: HandRecord, seat: int, known: _Known) -> HandState:
    """A hand still being passed: the seat's deal, others' cards anywhere; its pass if made."""
    rest = listed(minus(rules.deck_mask, known.dealt))
    size_ = rules.hand_size
    others = iter(set_of(rest[k * size_ : (k + 1) * size_]) for k in range(rules.seats - 1))
    deal = [known.dealt if s == seat else next(others) for s in range(rules.seats)]
    hand = HandState(rules, data.dealer, deal, rules.pass_direction(index), track_undo=False)
    if known.passed is not None:
        hand.pass_cards(seat, listed(known.passed))
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
    seats = rules.seats
    # What each other seat is known to hold from the start of play: the cards passed to it,
    # the lowest club it led, the cards it plays. A card counted twice is one copy unless the
    # seat plays it twice: the sets are joined by their larger count (a plain | on card sets).
    required = [0] * seats
    if known.passed is not None:
        required[rules.receiver(seat, rules.pass_direction(index))] = known.passed
    if rules.lead_lowest_club and lead != seat:
        required[lead] |= 1 << rules.lowest_club
    played = [0] * seats
    seen = 0
    for number, (player, card) in enumerate(_plays_by_seat(rules, lead, data.play)):
        refusal = None
        if copies(seen, card) >= copies(rules.deck_mask, card) or number >= rules.deck_size:
            refusal = (Reason.DUPLICATE_CARD, "a card played more often than the deck has it")
        elif player != seat:  # the seat's own plays are checked when the hand is replayed
            played[player] = add(played[player], card)
            required[player] |= played[player]
            holder = _holder(rules, (seat, player), holding, required, card)
            if holder is not None:
                refusal = (Reason.CARD_NOT_HELD, f"this card is held by seat {holder}")
        if refusal is not None:
            raise RecordError(
                *refusal, hand=index, trick=number // seats, seat=player, card=str(CARDS[card])
            )
        seen = add(seen, card)
    return _fill(rules, index, (seat, lead), holding, required)


def _holder(
    rules: RuleSet, seats: tuple[int, int], holding: int, required: list[int], card: int
) -> int | None:
    """When more copies of ``card`` are known to be held than the deck has, a seat known to
    hold one other than the player who just played it, else None. ``seats`` is the seat the
    record is seen from, whose cards are ``holding``, and the player; ``required`` what the
    others are known to hold."""
    seat, player = seats
    known = copies(holding, card) + sum(copies(r, card) for r in required)
    if known <= copies(rules.deck_mask, card):
        return None
    if holding >> card & 1:
        return seat
    return next(s for s in range(rules.seats) if s != player and required[s] >> card & 1)


def _plays_by_seat(rules: RuleSet, lead: int, plays: tuple[Card, ...]) -> list[tuple[int, int]]:
    tricks = tricks_of(lead, plays, rules.direction, rules.seats)
    return [pair for trick in tricks for pair in trick.plays]


def _fill(
    rules: RuleSet, index: int, seats: tuple[int, int], holding: int, required: list[int]
) -> list[int]:
    """Each other seat's required cards, topped up with unseen ones to a full hand.

    ``seats`` is the seat the record is seen from and the first leader. The seats are filled
    from the leader on in turn order and the clubs come first, so an unseen lowest club (the
    second one of Belmont's eight) goes to the leader or a seat after it, never to one the
    lead passed over: the rebuilt hand is led by the seat that led it.
    """
    seat, lead = seats
    free = minus(rules.deck_mask, holding)
    for cards in required:
        free = minus(free, cards)
    pool = listed(free)
    holdings = [0] * rules.seats
    holdings[seat] = holding
    order = (rules.next_seat(lead, k) for k in range(rules.seats))
    for other in (s for s in order if s != seat):
        need = rules.hand_size - size(required[other])
        if need < 0 or need > len(pool):
            raise RecordError(
                Reason.TOO_MANY_CARDS, "a seat plays more cards than it holds", hand=index
            )
        holdings[other] = plus(required[other], set_of(pool[:need]))
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
                trick=number // hand.rules.seats,
                seat=player,
                card=str(card),
            )
        hand.play_unchecked(card)
