"""A hint's reason is true of its position: each reason code has a test of what it says.

"Lead a low heart: someone else will take the trick" came with the J♥ and the K♥, which took
the trick (issue 25). Every reason the normal level gives is checked here against the position
it was given in, over whole hands between normal players and over random positions, under
every rule combination.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property
from types import ModuleType

from peppa_qt.ai.advice import suggest
from peppa_qt.ai.hints import FACTS, Hint
from peppa_qt.ai.table import PolicyRules, policy_rules
from peppa_qt.engine import Phase, RuleSet, cards_of, mask_of
from peppa_qt.engine.cards import HEARTS, QUEEN_OF_SPADES, SPADES, SUIT_MASKS
from peppa_qt.engine.view import PlayerView, hand_view

QS = int(QUEEN_OF_SPADES)
HIGH_SPADES = (1 << (QS + 1)) | (1 << (QS + 2))


@dataclass(frozen=True)
class Move:
    """A suggested pass or play, with what its seat could see when it was suggested."""

    view: PlayerView
    cards: tuple[int, ...]

    @cached_property
    def pr(self) -> PolicyRules:
        return policy_rules(self.view.rules)

    @property
    def card(self) -> int:
        return self.cards[0]

    @property
    def suit(self) -> int:
        return self.card // 13

    @cached_property
    def unseen(self) -> int:
        """The cards in the other hands."""
        return self.view.rules.deck_mask & ~self.view.hand & ~mask_of(self.view.plays)

    def unseen_above(self) -> int:
        return (self.unseen & SUIT_MASKS[self.suit] & ~((2 << self.card) - 1)).bit_count()

    def unseen_below(self) -> int:
        return (self.unseen & SUIT_MASKS[self.suit] & ((1 << self.card) - 1)).bit_count()

    def lowest_of_suit(self) -> bool:
        return not self.view.legal & SUIT_MASKS[self.suit] & ((1 << self.card) - 1)

    @property
    def leads(self) -> bool:
        return not self.view.trick

    @property
    def follows(self) -> bool:
        return bool(self.view.trick) and self.suit == self.view.trick[0] // 13

    @property
    def discards(self) -> bool:
        return bool(self.view.trick) and not self.follows

    @cached_property
    def winning(self) -> int:
        """The card winning the trick before this one is played."""
        led = self.view.trick[0] // 13
        return max(c for c in self.view.trick if c // 13 == led)

    def goes_under(self) -> bool:
        """The card does not win the trick as it stands."""
        return self.discards or (self.follows and self.card < self.winning)

    def goes_over(self) -> bool:
        return self.follows and self.card > self.winning

    def none_goes_under(self) -> bool:
        return not self.view.legal & ((1 << self.winning) - 1)

    def winner_now(self) -> int:
        """The seat winning the trick before this card."""
        trick = self.view.trick
        start = len(self.view.plays) - len(trick)
        return self.view.seat_of_play(start + trick.index(self.winning))

    def partner_wins(self) -> bool:
        rules = self.view.rules
        return rules.teams and self.winner_now() == rules.partner(self.view.seat)

    def points(self, card: int) -> int:
        return self.pr.points[card]

    def cheapest(self) -> bool:
        """No legal card carries fewer points."""
        return all(self.points(self.card) <= self.points(c) for c in cards_of(self.view.legal))

    def trick_points(self) -> int:
        return sum(self.points(c) for c in self.view.trick)

    def queen_out(self) -> bool:
        return bool(self.unseen >> QS & 1)

    def holds_prize(self) -> bool:
        return bool(self.view.hand & self.pr.minus_mask)

    def moon_cards_taken_by_me_alone(self) -> bool:
        taken = self.view.taken
        collected = (taken[0] | taken[1] | taken[2] | taken[3]) & self.pr.moon_mask
        return taken[self.view.seat] & collected == collected

    def passed(self) -> int:
        return mask_of(self.cards)

    def passes_suit(self, suit: int) -> bool:
        mine = self.view.hand & SUIT_MASKS[suit]
        return bool(mine) and mine & self.passed() == mine

    def voids(self, suit: int) -> bool:
        """The pass takes every card of ``suit``, or the play discards the last one."""
        if self.view.to_move is None:
            return self.passes_suit(suit)
        last = (self.view.hand & SUIT_MASKS[suit]).bit_count() == 1
        return self.discards and self.suit == suit and last

    def passed_hearts_high(self) -> bool:
        hearts = cards_of(self.passed() & SUIT_MASKS[HEARTS])
        return bool(self.passed() & self.pr.plus_mask & SUIT_MASKS[HEARTS]) and all(
            c.rank >= 11 for c in hearts
        )


def _lead_low(m: Move) -> bool:
    """Low: more of the suit's cards still out outrank it than it outranks."""
    return m.leads and m.lowest_of_suit() and m.unseen_above() > m.unseen_below()


def _lead_winner(m: Move) -> bool:
    mine = m.view.hand & SUIT_MASKS[m.suit]
    lowest = (mine & -mine).bit_length() - 1
    return m.leads and not m.unseen & SUIT_MASKS[m.suit] & ~((2 << lowest) - 1)


def _duck_high(m: Move) -> bool:
    under = m.view.legal & SUIT_MASKS[m.suit] & ((1 << m.winning) - 1)
    return m.follows and m.card < m.winning and m.card == under.bit_length() - 1


def _take_bonus(m: Move) -> bool:
    if m.pr.minus_mask >> m.card & 1:
        return True  # the J♦ −10 itself, led as a sure winner or played to win
    return m.goes_over() and bool(mask_of(m.view.trick) & m.pr.minus_mask)


#: What each reason says, as a test of the position it is given in.
TRUE_OF: dict[Hint, Callable[[Move], bool]] = {
    Hint.PASS_QUEEN: lambda m: (
        m.passed() >> QS & 1 == 1
        and (m.view.hand & SUIT_MASKS[SPADES] & ((1 << QS) - 1)).bit_count() <= 2
    ),
    Hint.PASS_HIGH_SPADES: lambda m: bool(m.passed() & HIGH_SPADES),
    Hint.PASS_HIGH_HEARTS: Move.passed_hearts_high,
    Hint.PASS_POINT_CARD: lambda m: bool(m.passed() & m.pr.plus_mask),
    Hint.PASS_HIGH_CARDS: lambda m: all(c.rank >= 9 for c in cards_of(m.passed())),
    Hint.PASS_LIKELY_WINNERS: lambda m: not m.passed() & m.pr.minus_mask,
    Hint.PASS_FOR_MOON: lambda m: not m.passed() & m.pr.moon_mask,
    Hint.PASS_HIGHEST: lambda m: True,  # the easy level's pass; never a hint
    Hint.VOID_CLUBS: lambda m: m.voids(0),
    Hint.VOID_DIAMONDS: lambda m: m.voids(1),
    Hint.VOID_HEARTS: lambda m: m.voids(2),
    Hint.VOID_SPADES: lambda m: m.voids(3),
    Hint.ONLY_CARD: lambda m: m.view.legal.bit_count() == 1,
    Hint.LEAD_LOW: _lead_low,
    Hint.LEAD_UNDER: lambda m: m.leads and m.lowest_of_suit() and m.unseen_above() > 0,
    Hint.LEAD_SHORT_SUIT: lambda m: m.leads and (m.view.hand & SUIT_MASKS[m.suit]).bit_count() <= 2,
    Hint.LEAD_LOW_HEART: lambda m: m.suit == HEARTS and _lead_low(m),
    Hint.BLEED_SPADES: lambda m: m.leads and m.suit == SPADES and m.card < QS and m.queen_out(),
    Hint.LEAD_WINNER: _lead_winner,
    Hint.DUCK_HIGH: _duck_high,
    Hint.DUCK_QUEEN_OUT: lambda m: (
        m.follows and m.suit == SPADES and m.card < m.winning and m.queen_out()
    ),
    Hint.STAY_UNDER_QUEEN: lambda m: (
        m.follows and m.suit == SPADES and m.card < QS and m.queen_out()
    ),
    Hint.FOLLOW_LOW: lambda m: m.goes_over() and m.none_goes_under(),
    Hint.WIN_CLEAN_TRICK: lambda m: (
        len(m.view.trick) == 3 and m.goes_over() and m.trick_points() <= 0
    ),
    Hint.WIN_EARLY_ROUND: Move.goes_over,
    Hint.WIN_FORCED: lambda m: m.goes_over() and m.none_goes_under(),
    Hint.AVOID_TRICKS: lambda m: not m.view.taken[m.view.seat] and m.goes_under(),
    Hint.DUMP_QUEEN: lambda m: m.card == QS and m.goes_under(),
    Hint.DUMP_HIGH_SPADE: lambda m: (
        bool(HIGH_SPADES >> m.card & 1) and m.discards and m.queen_out()
    ),
    Hint.DUMP_HEARTS: lambda m: m.suit == HEARTS and m.discards and m.points(m.card) > 0,
    Hint.DUMP_POINTS: lambda m: m.points(m.card) > 0 and m.goes_under(),
    Hint.DISCARD_HIGH: lambda m: m.discards,
    Hint.SPARE_PARTNER: lambda m: m.partner_wins() and (m.points(m.card) <= 0 or m.cheapest()),
    Hint.AVOID_GAME_END: lambda m: bool(m.view.trick) and (m.points(m.card) <= 0 or m.cheapest()),
    Hint.GIFT_PARTNER: lambda m: m.partner_wins() and m.points(m.card) < 0,
    Hint.KEEP_BONUS: lambda m: m.holds_prize() and not m.pr.minus_mask >> m.card & 1,
    Hint.TAKE_BONUS: _take_bonus,
    Hint.STOP_MOON: lambda m: not m.moon_cards_taken_by_me_alone(),
    Hint.DENY_MOON: lambda m: m.points(m.card) <= 0,
    Hint.SHOOT_MOON: Move.moon_cards_taken_by_me_alone,
    Hint.HUNCH: lambda m: True,  # the easy level's slip; never a hint
    Hint.SEARCH: lambda m: True,  # the search levels' choice; never a hint
    # the coach's, read from its search: never a level's (test_search_reasons.py)
    **dict.fromkeys(FACTS, lambda m: False),
}


def test_every_reason_says_something_that_can_be_checked() -> None:
    assert set(TRUE_OF) == set(Hint)


def test_a_jack_of_hearts_led_under_fewer_hearts_than_over_it_is_not_a_low_heart(
    aikit: ModuleType,
) -> None:
    hearts = RuleSet.preset("hearts")
    plays = "2C 3C 4C 5C 6D 7D 8D 2H"  # seat 3 leads the third trick, hearts broken
    spades = "QS KS AS 9S TS JS 8S 7S 6S"

    def hint(mine: str) -> tuple[str, Hint]:
        view = aikit.staged(hearts, {3: f"{mine} {spades}"}, plays, leader=0, voids={2: "D"})
        cards, reason = suggest(view)
        return str(cards[0]), reason

    # Out: the 3♥ to the 10♥, and the Q♥ and A♥: the J♥ beats eight of them, two beat it.
    assert hint("JH KH") == ("JH", Hint.LEAD_UNDER)
    assert hint("3H KH") == ("3H", Hint.LEAD_LOW_HEART)


def test_every_reason_a_hint_gives_is_true_of_its_position(aikit: ModuleType) -> None:
    given: Counter[Hint] = Counter()
    false: Counter[Hint] = Counter()
    for move, reason in _hints(aikit):
        given[reason] += 1
        if not TRUE_OF[reason](move):
            false[reason] += 1
    assert not false, f"reasons given where untrue (of how many): {_of(false, given)}"
    # The positions reach the reasons that make claims about the cards still out.
    assert {Hint.LEAD_LOW, Hint.LEAD_UNDER, Hint.LEAD_LOW_HEART, Hint.DUCK_HIGH} <= set(given)


def _of(false: Counter[Hint], given: Counter[Hint]) -> str:
    return ", ".join(f"{hint} {count}/{given[hint]}" for hint, count in false.items())


def _hints(aikit: ModuleType) -> Iterator[tuple[Move, Hint]]:
    """Every hint of whole hands the normal level plays for all four seats, then hints at
    random positions of every rule combination."""
    rng = random.Random("true reasons")
    for rules in aikit.all_rules():
        hand = aikit.random_hand(rules, rng)
        totals = aikit.random_totals(rng, rules)
        if hand.phase is Phase.PASSING:
            for seat in range(4):
                view = hand_view(hand, seat, totals=totals)
                cards, reason = suggest(view)
                yield Move(view, tuple(cards)), reason
                hand.pass_cards(seat, cards)
        while hand.to_move is not None:
            view = hand_view(hand, hand.to_move, totals=totals)
            cards, reason = suggest(view)
            yield Move(view, tuple(cards)), reason
            hand.play(cards[0])
    for rules in aikit.all_rules() * 10:
        _, view = aikit.random_position(rules, rng)
        cards, reason = suggest(view)
        yield Move(view, tuple(cards)), reason
