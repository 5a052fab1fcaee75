"""A player view rebuilt from a record seen from one seat (the bot protocol's input).

Only the seat's own cards are known; the other seats' plays are taken as they come,
checked only against what the seat itself knows.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CARDS, QUEEN_OF_SPADES, Card, mask_of
from .errors import Reason, RecordError
from .hand import PASS_SIZE, Phase, legal_cards, score_hand, winner_position
from .record import GameRecord, HandRecord
from .rules import PassDirection, RuleSet
from .view import PlayerView


@dataclass
class _Public:
    """One hand as the seat saw it."""

    holding: int
    dealt: int
    passed: int | None
    received: int | None
    first_lead: int | None
    plays: list[int]
    winners: list[int]
    taken: list[int]
    hearts_broken: bool = False
    to_move: int | None = None


def view_from_seat_record(record: GameRecord, seat: int) -> PlayerView:
    """The view of ``seat`` at the end of ``record`` (a record seen from that seat)."""
    rules = record.rules
    if not record.hands:
        raise RecordError(Reason.BAD_FIELD, "no hand has been dealt")
    history: list[tuple[int, int, int, int]] = []
    dealer = record.hands[0].dealer
    for index, data in enumerate(record.hands):
        if data.dealer != dealer:
            raise RecordError(Reason.WRONG_DEALER, f"the dealer must be seat {dealer}", hand=index)
        public = _replay_public(rules, index, data, seat)
        if index < len(record.hands) - 1:
            if len(public.plays) != 4 * rules.hand_size:
                raise RecordError(
                    Reason.UNFINISHED_HAND_NOT_LAST,
                    "only the last hand may be unfinished",
                    hand=index,
                )
            history.append(score_hand(rules, public.taken, public.winners[-1]).points)
        dealer = rules.next_dealer(dealer)
    return _view(
        rules,
        seat,
        index=len(record.hands) - 1,
        data=record.hands[-1],
        public=public,
        history=tuple(history),
    )


def _own_cards(rules: RuleSet, index: int, data: HandRecord, seat: int) -> _Public:
    dealt_cards = data.deal[seat]
    if dealt_cards is None:
        raise RecordError(Reason.BAD_FIELD, "the seat's own deal is needed", hand=index, seat=seat)
    dealt = mask_of(dealt_cards)
    if len(dealt_cards) != rules.hand_size or dealt.bit_count() != rules.hand_size:
        raise RecordError(
            Reason.WRONG_DEAL_SIZE, "wrong number of cards dealt", hand=index, seat=seat
        )
    if dealt & ~rules.deck_mask:
        raise RecordError(Reason.BAD_CARD, "a card not in this deck", hand=index, seat=seat)
    direction = rules.pass_direction(index)
    passed = received = None
    if direction is not PassDirection.HOLD and data.passes is not None:
        own = data.passes[seat]
        other = data.passes[(seat - direction.offset) % 4]
        passed = None if own is None else mask_of(own)
        received = None if other is None or own is None else mask_of(other)
    _check_pass(index, seat, dealt, passed, received)
    holding = dealt
    if passed is not None and received is not None:
        holding = dealt & ~passed | received
    return _Public(holding, dealt, passed, received, None, [], [], [0, 0, 0, 0])


def _check_pass(
    index: int, seat: int, dealt: int, passed: int | None, received: int | None
) -> None:
    if passed is not None and (passed.bit_count() != PASS_SIZE or passed & ~dealt):
        raise RecordError(
            Reason.WRONG_PASS_SIZE, "the seat's pass is not 3 of its cards", hand=index
        )
    if received is not None and (
        received.bit_count() != PASS_SIZE or received & dealt & ~(passed or 0)
    ):
        raise RecordError(
            Reason.DUPLICATE_CARD, "received cards the seat already holds", hand=index
        )


def _first_lead(rules: RuleSet, data: HandRecord, seat: int, public: _Public) -> int | None:
    if data.lead is not None:
        return data.lead
    if not rules.lead_lowest_club:
        return (data.dealer + 1) % 4
    if public.holding >> rules.lowest_club & 1:
        return seat
    return None


def _replay_public(rules: RuleSet, index: int, data: HandRecord, seat: int) -> _Public:
    public = _own_cards(rules, index, data, seat)
    passing = rules.pass_direction(index) is not PassDirection.HOLD and public.received is None
    if passing:
        if data.play:
            raise RecordError(Reason.WRONG_PHASE, "cards played before passing ended", hand=index)
        return public
    public.first_lead = _first_lead(rules, data, seat, public)
    if public.first_lead is None:
        if data.play:
            raise RecordError(Reason.WRONG_LEAD, "the record must say who led", hand=index)
        return public
    public.to_move = public.first_lead
    for number, card in enumerate(data.play):
        _play_public(rules, public, seat, card, (index, number))
    return public


def _play_public(
    rules: RuleSet, public: _Public, seat: int, card: Card, where: tuple[int, int]
) -> None:
    player = public.to_move
    assert player is not None
    seen = mask_of(public.plays)
    trick = public.plays[len(public.plays) - len(public.plays) % 4 :]
    bit = 1 << card
    refusal = None
    if seen & bit or not rules.deck_mask & bit or len(public.plays) == 4 * rules.hand_size:
        refusal = (Reason.DUPLICATE_CARD, "a card played twice or not in the deck")
    elif player == seat:
        legal = legal_cards(
            rules, public.holding, trick, len(public.plays) < 4, public.hearts_broken
        )
        if not legal & bit:
            refusal = (Reason.CARD_NOT_HELD, "the seat cannot play this card")
    elif public.holding & bit:
        refusal = (Reason.CARD_NOT_HELD, f"this card is held by seat {seat}")
    if refusal is not None:
        raise RecordError(
            *refusal, hand=where[0], trick=where[1] // 4, seat=player, card=str(CARDS[card])
        )
    _advance(rules, public, card)


def _advance(rules: RuleSet, public: _Public, card: int) -> None:
    public.holding &= ~(1 << card)
    public.plays.append(card)
    if 26 <= card < 39 or (card == QUEEN_OF_SPADES and rules.queen_breaks_hearts):
        public.hearts_broken = True
    assert public.to_move is not None
    if len(public.plays) % 4:
        public.to_move = (public.to_move + rules.direction) % 4
        return
    trick = public.plays[-4:]
    leader = (public.to_move - 3 * rules.direction) % 4
    winner = (leader + winner_position(trick) * rules.direction) % 4
    public.taken[winner] |= mask_of(trick)
    public.winners.append(winner)
    public.to_move = None if len(public.plays) == 4 * rules.hand_size else winner


def _view(
    rules: RuleSet,
    seat: int,
    *,
    index: int,
    data: HandRecord,
    public: _Public,
    history: tuple[tuple[int, int, int, int], ...],
) -> PlayerView:
    direction = rules.pass_direction(index)
    if public.first_lead is None:
        phase = (
            Phase.PASSING
            if direction is not PassDirection.HOLD and public.received is None
            else Phase.PLAYING
        )
    else:
        phase = Phase.SCORED if len(public.plays) == 4 * rules.hand_size else Phase.PLAYING
    totals = [sum(points[s] for points in history) for s in range(4)]
    if rules.teams:
        totals = [totals[s] + totals[(s + 2) % 4] for s in range(4)]
    counts = [rules.hand_size] * 4
    for number in range(len(public.plays)):
        counts[_seat_of(rules, public, number)] -= 1
    trick = public.plays[len(public.plays) - len(public.plays) % 4 :]
    to_move = public.to_move if phase is Phase.PLAYING else None
    legal = 0
    if to_move == seat:
        legal = legal_cards(
            rules, public.holding, trick, len(public.plays) < 4, public.hearts_broken
        )
    return PlayerView(
        rules=rules,
        seat=seat,
        hand_index=index,
        dealer=data.dealer,
        pass_direction=direction,
        phase=phase,
        hand=public.holding,
        dealt=public.dealt,
        passed=public.passed,
        received=public.received,
        first_lead=public.first_lead,
        plays=tuple(public.plays),
        trick_winners=tuple(public.winners),
        taken=(public.taken[0], public.taken[1], public.taken[2], public.taken[3]),
        hearts_broken=public.hearts_broken,
        to_move=to_move,
        legal=legal,
        counts=(counts[0], counts[1], counts[2], counts[3]),
        totals=(totals[0], totals[1], totals[2], totals[3]),
        history=history,
    )


def _seat_of(rules: RuleSet, public: _Public, number: int) -> int:
    trick, position = divmod(number, 4)
    assert public.first_lead is not None
    leader = public.winners[trick - 1] if trick else public.first_lead
    return (leader + position * rules.direction) % 4
