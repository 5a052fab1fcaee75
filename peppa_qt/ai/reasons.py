"""Whether a reason is true of the cards it is given with: one check per reason code.

The coach's hint and its review (``teacher.py``, ``review.py``) borrow the normal level's words
for a card or a pass the search found best. A rule of thumb's code says why *its* choice was
made under *its* premises; said of another pass, or of a card in another position, it can be
false ("pass your high spades" for J♦ K♥ A♠; a spade reason when the spades went in the pass
both choices share). Here every code is checked against the position and the cards named, and
where none holds the general reason (the search's) is given instead.

A pass is a card set (``engine.cardset``); a play is one card.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Final

from ..engine.cards import HEARTS, SPADES, SUIT_SIZE
from ..engine.cardset import (
    COPY_SHIFT,
    FACES,
    SUIT_SETS,
    faces,
    listed,
    minus,
    remove,
    set_of,
)
from ..engine.hand import Phase
from ..engine.rules import EndMode, MoonMode
from ..engine.trick import winner_position
from ..engine.view import PlayerView
from .hints import Hint, Why
from .passing import moon_pass
from .table import (
    BELOW_QUEEN,
    HIGH_SPADES,
    QS,
    QS_BIT,
    SAFE_GUARDS,
    PolicyRules,
    from_card,
    held_in,
    policy_rules,
)

#: The pass reasons the coach may give, most telling first: the first one true is said.
PASS_ORDER: Final = (
    Hint.PASS_FOR_MOON,
    Hint.PASS_QUEEN,
    Hint.PASS_HIGH_SPADES,
    Hint.VOID_CLUBS,
    Hint.VOID_DIAMONDS,
    Hint.VOID_HEARTS,
    Hint.VOID_SPADES,
    Hint.PASS_HIGH_HEARTS,
    Hint.PASS_HIGH_CARDS,
    Hint.PASS_POINT_CARD,
    Hint.PASS_LIKELY_WINNERS,
)
_VOIDS: Final = {
    Hint.VOID_CLUBS: 0,
    Hint.VOID_DIAMONDS: 1,
    Hint.VOID_HEARTS: 2,
    Hint.VOID_SPADES: 3,
}
#: A short suit: this many cards or fewer.
_SHORT: Final = 2
#: The rank index (2 = 0) from which a card is called high: the 9.
_HIGH_RANK: Final = 7
#: And a heart: the jack (lower hearts let a hand duck heart tricks).
_HIGH_HEART: Final = 9


@dataclass(frozen=True)
class _Pass:
    """Three (or the rules' number of) cards given from the hand."""

    view: PlayerView
    given: int

    @cached_property
    def pr(self) -> PolicyRules:
        return policy_rules(self.view.rules)

    @cached_property
    def kept(self) -> int:
        return minus(self.view.hand, self.given)

    @cached_property
    def cards(self) -> list[int]:
        return [int(c) for c in listed(self.given)]

    def most(self, cards: list[int]) -> bool:
        """Whether ``cards`` are most of the pass: the reason is about the pass, not a card."""
        return 2 * len(cards) > len(self.cards)

    def tops_its_suit(self, card: int) -> bool:
        """No kept card of its suit ranks above it."""
        return not self.kept & SUIT_SETS[card // SUIT_SIZE] & _above_any_copy(card)


def _above_any_copy(card: int) -> int:
    """The cards of ``card``'s suit and index ranked above it, either copy."""
    higher = FACES & ~((2 << card) - 1)
    return higher | higher << COPY_SHIFT


def _pass_queen(p: _Pass) -> bool:
    return (
        bool(p.given & QS_BIT)
        and p.pr.points[QS] > 0
        and (held_in(p.view.hand, BELOW_QUEEN) < SAFE_GUARDS)
    )


def _pass_high_spades(p: _Pass) -> bool:
    """Every high spade of the hand goes, they are most of the pass, and the Q♠ is out there."""
    spades = [c for c in p.cards if (HIGH_SPADES >> c) & 1]
    if not spades or p.pr.points[QS] <= 0 or p.view.hand & (QS_BIT | QS_BIT << COPY_SHIFT):
        return False
    return not held_in(p.kept, HIGH_SPADES) and p.most(spades)


def _pass_high_hearts(p: _Pass) -> bool:
    hearts = [c for c in p.cards if c // SUIT_SIZE == HEARTS]
    return (
        p.most(hearts)
        and all(c % SUIT_SIZE >= _HIGH_HEART and p.pr.points[c] > 0 for c in hearts)
        and all(p.tops_its_suit(c) for c in hearts)
    )


def _pass_high_cards(p: _Pass) -> bool:
    return all(c % SUIT_SIZE >= _HIGH_RANK and p.tops_its_suit(c) for c in p.cards)


def _pass_likely_winners(p: _Pass) -> bool:
    return not p.given & p.pr.minus_mask and all(p.tops_its_suit(c) for c in p.cards)


def _pass_for_moon(p: _Pass) -> bool:
    return p.given == moon_pass(p.pr, p.view.hand)  # 0 (no pass) when no moon is on


def _pass_highest(p: _Pass) -> bool:
    ranks = sorted((c % SUIT_SIZE for c in listed(p.view.hand)), reverse=True)
    return sorted((c % SUIT_SIZE for c in p.cards), reverse=True) == ranks[: len(p.cards)]


def _voids(suit: int) -> Callable[[_Pass], bool]:
    def check(p: _Pass) -> bool:
        return bool(p.view.hand & SUIT_SETS[suit]) and not p.kept & SUIT_SETS[suit]

    return check


_PASS_CHECKS: Final[dict[Hint, Callable[[_Pass], bool]]] = {
    Hint.PASS_QUEEN: _pass_queen,
    Hint.PASS_HIGH_SPADES: _pass_high_spades,
    Hint.PASS_HIGH_HEARTS: _pass_high_hearts,
    Hint.PASS_POINT_CARD: lambda p: bool(p.given & p.pr.plus_mask),
    Hint.PASS_HIGH_CARDS: _pass_high_cards,
    Hint.PASS_LIKELY_WINNERS: _pass_likely_winners,
    Hint.PASS_FOR_MOON: _pass_for_moon,
    Hint.PASS_HIGHEST: _pass_highest,
    **{code: _voids(suit) for code, suit in _VOIDS.items()},
}


@dataclass(frozen=True)
class _Play:
    """One card played, with the trick as it stands before it."""

    view: PlayerView
    card: int

    @cached_property
    def pr(self) -> PolicyRules:
        return policy_rules(self.view.rules)

    @property
    def suit(self) -> int:
        return self.card // SUIT_SIZE

    @cached_property
    def unseen(self) -> int:
        """The different cards (52-bit) the other seats may still hold."""
        return self.pr.unseen_of(self.view.hand, set_of(self.view.plays)) & FACES

    def mine(self, suit: int) -> int:
        """The different cards of ``suit`` in the hand."""
        held = self.view.hand & SUIT_SETS[suit]
        return faces(held)

    def points(self, card: int) -> int:
        return self.pr.points[card]

    @property
    def leads(self) -> bool:
        return not self.view.trick

    @cached_property
    def winning(self) -> int:
        """The card winning the trick before this one (there is a trick)."""
        trick = [int(c) for c in self.view.trick]
        return trick[winner_position(trick)]

    @property
    def led(self) -> int:
        return int(self.view.trick[0]) // SUIT_SIZE

    def beats(self) -> bool:
        """The card takes the trick as it stands (of two equal cards the later wins)."""
        return bool(self.view.trick) and self.suit == self.led and self.card >= self.winning

    def under(self) -> bool:
        """The card is played to a trick and does not take it as it stands."""
        return bool(self.view.trick) and not self.beats()

    def legal_under(self) -> int:
        """The legal cards that would not take the trick as it stands."""
        if not self.view.trick:
            return 0
        led = SUIT_SETS[self.led] & FACES
        return self.view.legal & ~(led & from_card(self.winning))

    def unseen_over(self) -> int:
        return (self.unseen & SUIT_SETS[self.suit] & from_card(self.card)).bit_count()

    def is_low(self) -> bool:
        """Most of the suit's cards still out outrank it, and none of ours is lower."""
        out = (self.unseen & SUIT_SETS[self.suit]).bit_count()
        lowest = self.mine(self.suit) & -self.mine(self.suit)
        return lowest == 1 << self.card and 2 * self.unseen_over() > out

    def queen_out(self) -> bool:
        return bool(self.unseen & QS_BIT) and self.points(QS) > 0

    def partner_wins(self) -> bool:
        rules, trick = self.view.rules, self.view.trick
        if not rules.teams or not trick:
            return False
        start = len(self.view.plays) - len(trick)
        seat = self.view.seat_of_play(start + [int(c) for c in trick].index(self.winning))
        return seat == rules.partner(self.view.seat)

    def cheapest(self) -> bool:
        """No legal card carries fewer points."""
        legal = listed(faces(self.view.legal))
        return all(self.points(self.card) <= self.points(c) for c in legal)

    def moon_taker(self) -> int | None:
        """The seat that alone took every point card taken so far (None: none yet, or split)."""
        takers = [s for s, t in enumerate(self.view.taken) if t & self.view.rules.moon_mask]
        return takers[0] if len(takers) == 1 else None

    def moon_on(self) -> bool:
        return self.view.rules.moon is not MoonMode.OFF


def _duck_high(m: _Play) -> bool:
    """The highest legal card of the suit led that stays under the winning card."""
    if not m.under() or m.suit != m.led:
        return False
    under = m.legal_under() & SUIT_SETS[m.led] & FACES
    return m.card == under.bit_length() - 1


def _follow_low(m: _Play) -> bool:
    """Every legal card goes over, and this is the lowest of them."""
    return m.beats() and not m.legal_under() and (m.view.legal & -m.view.legal) == 1 << m.card


def _win_forced(m: _Play) -> bool:
    return m.beats() and not m.legal_under() and m.view.legal.bit_length() - 1 == m.card


def _lead_winner(m: _Play) -> bool:
    mine = m.mine(m.suit)
    lowest = (mine & -mine).bit_length() - 1
    highest = mine.bit_length() - 1
    over = m.unseen & SUIT_SETS[m.suit] & from_card(lowest)
    return m.leads and m.card == highest and not over


def _take_bonus(m: _Play) -> bool:
    if m.pr.minus_mask >> m.card & 1:
        return m.leads or m.beats()  # the J♦ −10 itself, led or played to win
    return m.beats() and bool(set_of(m.view.trick) & m.pr.minus_mask)


def _shoot_moon(m: _Play) -> bool:
    taker = m.moon_taker()
    return m.moon_on() and (taker == m.view.seat or not any(m.view.taken))


def _stops_or_denies(m: _Play) -> bool:
    taker = m.moon_taker()
    return m.moon_on() and taker is not None and taker != m.view.seat


def _discard_high(m: _Play) -> bool:
    below = m.unseen & SUIT_SETS[m.suit] & ~from_card(m.card) & FACES
    return bool(m.view.trick) and m.suit != m.led and bool(below)


def _dump_hearts(m: _Play) -> bool:
    hearts = [c for c in listed(faces(m.view.legal)) if c // SUIT_SIZE == HEARTS]
    costliest = max((m.points(c) for c in hearts), default=0)
    discards = bool(m.view.trick) and m.led != HEARTS
    return m.suit == HEARTS and discards and m.points(m.card) == costliest > 0


def _last_of_suit(suit: int) -> Callable[[_Play], bool]:
    def check(m: _Play) -> bool:
        discards = bool(m.view.trick) and m.suit != m.led
        return discards and m.suit == suit and not remove(m.view.hand, m.card) & SUIT_SETS[suit]

    return check


_PLAY_CHECKS: Final[dict[Hint, Callable[[_Play], bool]]] = {
    Hint.ONLY_CARD: lambda m: m.view.legal == 1 << m.card,
    Hint.LEAD_LOW: lambda m: m.leads and m.is_low(),
    Hint.LEAD_UNDER: lambda m: (
        m.leads and (m.mine(m.suit) & -m.mine(m.suit)) == 1 << m.card and m.unseen_over() > 0
    ),
    Hint.LEAD_SHORT_SUIT: lambda m: m.leads and m.mine(m.suit).bit_count() <= _SHORT,
    Hint.LEAD_LOW_HEART: lambda m: m.leads and m.suit == HEARTS and m.is_low(),
    Hint.BLEED_SPADES: lambda m: m.leads and m.suit == SPADES and m.card < QS and m.queen_out(),
    Hint.LEAD_WINNER: _lead_winner,
    Hint.DUCK_HIGH: _duck_high,
    Hint.DUCK_QUEEN_OUT: lambda m: m.under() and m.led == SPADES == m.suit and m.queen_out(),
    Hint.STAY_UNDER_QUEEN: lambda m: (
        bool(m.view.trick) and m.led == SPADES == m.suit and m.card < QS and m.queen_out()
    ),
    Hint.FOLLOW_LOW: _follow_low,
    Hint.WIN_CLEAN_TRICK: lambda m: (
        m.beats()
        and len(m.view.trick) == m.view.rules.seats - 1
        and not any(m.points(int(c)) for c in m.view.trick)
    ),
    Hint.WIN_EARLY_ROUND: lambda m: m.beats() and m.led != HEARTS,
    Hint.WIN_FORCED: _win_forced,
    Hint.AVOID_TRICKS: lambda m: not m.view.taken[m.view.seat] and m.under(),
    Hint.DUMP_QUEEN: lambda m: m.card == QS and m.under(),
    Hint.DUMP_HIGH_SPADE: lambda m: (
        bool(HIGH_SPADES >> m.card & 1) and m.under() and m.suit != m.led and m.queen_out()
    ),
    Hint.DUMP_HEARTS: _dump_hearts,
    Hint.DUMP_POINTS: lambda m: m.points(m.card) > 0 and m.under(),
    Hint.DISCARD_HIGH: _discard_high,
    Hint.SPARE_PARTNER: lambda m: (
        m.partner_wins() and m.under() and (m.points(m.card) <= 0 or m.cheapest())
    ),
    Hint.AVOID_GAME_END: lambda m: (
        m.view.rules.end_mode is EndMode.POINTS
        and bool(m.view.trick)
        and (m.points(m.card) <= 0 or m.cheapest())
    ),
    Hint.GIFT_PARTNER: lambda m: m.partner_wins() and m.under() and m.points(m.card) < 0,
    Hint.KEEP_BONUS: lambda m: (
        bool(m.view.hand & m.pr.minus_mask) and not m.pr.minus_mask >> m.card & 1
    ),
    Hint.TAKE_BONUS: _take_bonus,
    Hint.STOP_MOON: _stops_or_denies,
    Hint.DENY_MOON: lambda m: _stops_or_denies(m) and m.points(m.card) <= 0,
    Hint.SHOOT_MOON: _shoot_moon,
    **{code: _last_of_suit(suit) for code, suit in _VOIDS.items()},
}


def reason_holds(code: Hint, view: PlayerView, cards: tuple[int, ...]) -> bool:
    """Whether ``code`` is true of ``cards`` (a pass, or the one card played) in ``view``.

    The general reason (the search's) always holds; a slip's (``HUNCH``) never is a reason.
    """
    if code is Hint.SEARCH:
        return True
    if view.phase is Phase.PASSING:
        check_pass = _PASS_CHECKS.get(code)
        return check_pass is not None and check_pass(_Pass(view, set_of(cards)))
    check_play = _PLAY_CHECKS.get(code)
    return len(cards) == 1 and check_play is not None and check_play(_Play(view, int(cards[0])))


def pass_reason_of(view: PlayerView, best: int, chosen: int | None = None) -> Hint:
    """Why the pass ``best`` (a card set) is good: the first pass reason true of it and, when
    a ``chosen`` pass is compared, not of that one too (else it does not tell them apart)."""
    mine = tuple(listed(best))
    other = tuple(listed(chosen)) if chosen is not None else None
    for code in PASS_ORDER:
        if reason_holds(code, view, mine) and (
            other is None or not reason_holds(code, view, other)
        ):
            return code
    return Hint.SEARCH


def true_reason(code: Hint, view: PlayerView, card: int, chosen: int | None = None) -> Hint:
    """``code`` when it is true of ``card`` (and, when a ``chosen`` card is compared, not of
    that one too), else the general reason."""
    if code is Hint.SEARCH or not reason_holds(code, view, (card,)):
        return Hint.SEARCH
    if chosen is not None and reason_holds(code, view, (chosen,)):
        return Hint.SEARCH
    return code


def fact_holds(view: PlayerView, why: Why) -> bool:
    """Whether the position bears out a reason read from the search (``search_reasons``):
    no Q♠ named once it is gone, no later tricks when this is the last, no moon once two
    seats have taken its cards, no trick left to another when the seat plays last and wins."""
    rules, taken = view.rules, view.taken
    takers = {s for s, t in enumerate(taken) if t & rules.moon_mask}
    match why.code:
        case Hint.FACT_QUEEN:
            gone = any(t & (QS_BIT | QS_BIT << COPY_SHIFT) for t in taken)
            return rules.card_points[QS] > 0 and not gone
        case Hint.FACT_STOP_MOON:
            return rules.moon is not MoonMode.OFF and view.seat not in takers and len(takers) <= 1
        case Hint.FACT_SHOOT_MOON:
            return rules.moon is not MoonMode.OFF and takers <= {view.seat}
        case Hint.FACT_LATER:
            return len(view.plays) // rules.seats < rules.hand_size - 1
        case Hint.FACT_DUCK | Hint.FACT_TRICK:
            return view.phase is Phase.PLAYING and _trick_fact(view, why)
        case _:
            return True


def _trick_fact(view: PlayerView, why: Why) -> bool:
    """The seat playing last: the better card must lose the trick where it is said to, and
    the other win it."""
    if len(view.trick) != view.rules.seats - 1 or why.code is not Hint.FACT_DUCK:
        return True
    better, other = _Play(view, why.better[0]), _Play(view, why.other[0])
    return better.under() and other.beats()
