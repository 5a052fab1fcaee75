"""The play heuristics' inputs: rule constants folded once, and the table as the mover sees it.

Everything here works on 52-bit card masks (see ``engine.cards``) so that one decision costs a
few microseconds: the search levels call the policy hundreds of thousands of times. Hands and
takings are card sets (``engine.cardset``): with one deck they are those same masks; with two
(Belmont) a card may be there twice, and the heuristics read the different cards of a set
(``faces``), counting copies where a count matters.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..engine.cards import (
    HEARTS,
    QUEEN_OF_SPADES,
    SPADES,
    SPADES_MASK,
    SUIT_MASKS,
)
from ..engine.cardset import COPY_SHIFT, FACES, minus, plus
from ..engine.rules import EndMode, MoonMode, RuleSet

QS: Final = int(QUEEN_OF_SPADES)
QS_BIT: Final = 1 << QS
HIGH_SPADES: Final = (1 << (QS + 1)) | (1 << (QS + 2))  # K♠ and A♠
BELOW_QUEEN: Final = SPADES_MASK & (QS_BIT - 1)
HEART_SHIFT: Final = 13 * HEARTS
SPADE_SUIT: Final = SPADES
#: Spades under the Q♠ that guard it: with this many it need not be passed nor feared.
SAFE_GUARDS: Final = 3


def top(mask: int) -> int:
    """The highest card of a non-empty mask."""
    return mask.bit_length() - 1


def bottom(mask: int) -> int:
    """The lowest card of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def above(card: int) -> int:
    """The mask of every card with a higher index than ``card``."""
    return ~((2 << card) - 1)


def from_card(card: int) -> int:
    """The mask of ``card`` and every card above it: what can beat ``card`` when played after
    it (a copy of the same card wins too, with two decks)."""
    return ~((1 << card) - 1)


def held_in(hand: int, mask: int) -> int:
    """How many cards of the card set ``hand`` lie in the 52-bit ``mask``, copies counted
    (two 5♠ are two guards under the Q♠, and a card held twice is no lone card)."""
    return (hand & (mask | mask << COPY_SHIFT)).bit_count()


def union(sets: Sequence[int], copies: bool) -> int:
    """Every card of ``sets`` together (their multiset sum when the deck has copies)."""
    if not copies:
        out = 0
        for cards in sets:
            out |= cards
        return out
    out = 0
    for cards in sets:
        out = plus(out, cards)
    return out


@dataclass(frozen=True, slots=True)
class PolicyRules:
    """The constants of a rule set the heuristics need, computed once per rule set."""

    rules: RuleSet
    direction: int
    seats: int
    #: Whether the deck holds copies (card sets may then hold a card twice).
    copies: bool
    points: tuple[int, ...]
    #: Cards that cost points (hearts, Q♠, J♦ +10, 7♣) and cards that are a prize (J♦ −10).
    plus_mask: int
    minus_mask: int
    moon_mask: int
    moon_value: int
    #: Moon logic on: the rules score a moon and the level knows about it.
    moon_on: bool
    #: Points one seat must hold alone before the others worry about a moon.
    moon_alarm: int
    #: Points of every 13-bit heart piece, and the point cards that are not hearts.
    heart_points: tuple[int, ...]
    extra_mask: int
    deck_mask: int
    hand_size: int
    last_trick: int
    no_card_bonus: int
    teams: bool
    end_points: bool
    end_value: int
    end_exceed: bool
    winners: int
    hand_total: int

    def mask_points(self, mask: int) -> int:
        """Points of the cards of the card set ``mask`` (without the last-trick point)."""
        total = self.heart_points[(mask >> HEART_SHIFT) & 0x1FFF]
        extra = mask & self.extra_mask
        if mask >> COPY_SHIFT:  # the second copies (two decks)
            high = mask >> COPY_SHIFT
            total += self.heart_points[(high >> HEART_SHIFT) & 0x1FFF]
            extra |= (high & self.extra_mask) << COPY_SHIFT
        while extra:
            low = extra & -extra
            total += self.points[(low.bit_length() - 1) % COPY_SHIFT]
            extra ^= low
        return total

    def unseen_of(self, hand: int, gone: int) -> int:
        """The different cards (52-bit) no longer in ``hand`` nor ``gone``: the others'."""
        if self.copies:
            return minus(minus(self.deck_mask, hand), gone) & FACES
        return self.deck_mask & ~hand & ~gone


_CACHE: dict[tuple[RuleSet, bool], PolicyRules] = {}
#: By object identity first: hashing a RuleSet costs microseconds, too much for a playout step.
_BY_ID: dict[tuple[int, bool], tuple[RuleSet, PolicyRules]] = {}


def policy_rules(rules: RuleSet, moon_logic: bool = True) -> PolicyRules:
    """The folded constants of ``rules`` (cached); ``moon_logic=False`` for the easy level."""
    hit = _BY_ID.get((id(rules), moon_logic))
    if hit is not None and hit[0] is rules:
        return hit[1]
    key = (rules, moon_logic)
    folded = _CACHE.get(key)
    if folded is None:
        folded = _CACHE[key] = _fold(rules, moon_logic)
    _BY_ID[id(rules), moon_logic] = (rules, folded)  # keeps ``rules`` alive: its id stays unique
    return folded


def _fold(rules: RuleSet, moon_logic: bool) -> PolicyRules:
    points = rules.card_points
    hearts = [points[HEART_SHIFT + i] for i in range(13)]
    table = [0] * 8192
    for piece in range(1, 8192):
        low = piece & -piece
        table[piece] = table[piece ^ low] + hearts[low.bit_length() - 1]
    plus = sum(1 << c for c in range(52) if points[c] > 0)
    teams = rules.teams
    return PolicyRules(
        rules=rules,
        direction=rules.direction,
        seats=rules.seats,
        copies=rules.copies > 1,
        points=points,
        plus_mask=plus,
        minus_mask=sum(1 << c for c in range(52) if points[c] < 0),
        moon_mask=rules.moon_mask,
        moon_value=rules.moon_value,
        moon_on=moon_logic and rules.moon is not MoonMode.OFF,
        # Two thirds of the points: earlier alarms cost more points than the moons they stop.
        moon_alarm=max(3, rules.moon_value * 65 // 100),
        heart_points=tuple(table),
        extra_mask=rules.point_mask & ~SUIT_MASKS[HEARTS],
        deck_mask=rules.deck_mask,
        hand_size=rules.hand_size,
        last_trick=rules.last_trick_points,
        no_card_bonus=rules.no_card_bonus,
        teams=teams,
        end_points=rules.end_mode is EndMode.POINTS,
        end_value=rules.end_value,
        end_exceed=rules.end_exceed,
        winners=2 if rules.two_winners or teams else 1,
        hand_total=rules.hand_total,
    )


class Table:
    """One decision's view of the table, derived from the raw inputs of ``policy_decide``."""

    __slots__ = (
        "after",
        "gone",
        "hand",
        "last",
        "led",
        "legal",
        "n",
        "partner",
        "pr",
        "queen_at",
        "queen_out",
        "salt",
        "seat",
        "shoot",
        "taken",
        "threat",
        "totals",
        "trick",
        "unseen",
        "value",
        "voids",
        "win",
        "winner",
    )

    def __init__(  # noqa: PLR0917  (mirrors policy_decide)
        self,
        pr: PolicyRules,
        seat: int,
        hand: int,
        legal: int,
        trick: Sequence[int],
        gone: int,
        taken: Sequence[int],
        voids: int,
        totals: Sequence[int] | None,
        queen_at: int,
        salt: int,
    ) -> None:
        self.pr = pr
        self.seat = seat
        self.hand = hand
        self.legal = legal
        self.trick = trick
        self.gone = gone
        self.taken = taken
        self.voids = voids
        self.totals = totals
        self.queen_at = queen_at
        self.salt = salt
        self.unseen = pr.unseen_of(hand, gone)
        self.queen_out = bool(self.unseen & QS_BIT)
        seats = pr.seats
        self.partner = (seat + seats // 2) % seats if pr.teams else -1
        self.shoot = False
        self.threat = -1
        n = self.n = len(trick)
        self.last = n == seats - 1  # the trick's last card: nobody plays after it
        d = pr.direction
        self.after = [(seat + k * d) % seats for k in range(1, seats - n)]
        self.led = self.win = self.winner = -1
        self.value = 0
        if n:
            self._read_trick(trick)

    def _read_trick(self, trick: Sequence[int]) -> None:
        pr = self.pr
        led = self.led = trick[0] // 13
        win = trick[0]
        position = 0
        value = 0
        for i, card in enumerate(trick):
            value += pr.points[card]
            if card // 13 == led and card >= win:  # of two equal cards the later wins
                win, position = card, i
        if self.hand.bit_count() == 1:
            value += pr.last_trick
        self.win = win
        self.value = value
        self.winner = (self.seat + (position - self.n) * pr.direction) % pr.seats

    def void(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` has shown out of ``suit``."""
        return bool(self.voids >> (4 * seat + suit) & 1)

    def can_beat(self, card: int) -> bool:
        """Whether a seat still to play may hold a card of the led suit that beats ``card``
        (above it, or its copy)."""
        higher = self.unseen & SUIT_MASKS[self.led] & from_card(card)
        if not higher:
            return False
        return any(not self.voids >> (4 * s + self.led) & 1 for s in self.after)

    def may_dump(self) -> bool:
        """Whether a seat still to play has shown out of the led suit (and may discard points)."""
        led = self.led
        return any(self.voids >> (4 * s + led) & 1 for s in self.after)

    def queen_after(self) -> bool:
        """Whether the Q♠ may still be played on this trick after the mover."""
        if not self.queen_out:
            return False
        if self.queen_at >= 0:
            return self.queen_at in self.after
        return any(not self.voids >> (4 * s + SPADES) & 1 for s in self.after)

    def avoid(self, seat: int, points: int) -> bool:
        """Whether giving ``points`` to ``seat`` hurts the mover (partner, or a bad game end)."""
        if seat == self.partner:
            return True
        totals = self.totals
        pr = self.pr
        if totals is None or not pr.end_points or seat == self.seat:
            return False
        if max(totals) + pr.hand_total < pr.end_value:
            return False  # nobody can reach the limit in this hand: skip the projection
        projected = self.projected(totals)
        after = projected[seat] + points
        ends = after > pr.end_value if pr.end_exceed else after >= pr.end_value
        if not ends:
            return False
        projected[seat] = after
        mine = projected[self.seat]
        better = sum(1 for s in range(pr.seats) if projected[s] < mine and s != self.partner)
        return better >= pr.winners

    def projected(self, totals: Sequence[int]) -> list[int]:
        """Game totals if the hand ended now (team totals when playing in teams)."""
        pr = self.pr
        taken = self.taken
        now = pr.rules.team_totals([pr.mask_points(taken[s]) for s in range(pr.seats)])
        return [totals[s] + now[s] for s in range(pr.seats)]


def costliest(pr: PolicyRules, mask: int) -> int:
    """The card of ``mask`` worth the most points (the highest card on a tie)."""
    best = top(mask)
    best_points = pr.points[best]
    rest = mask
    while rest:
        card = top(rest)
        rest ^= 1 << card
        if pr.points[card] > best_points:
            best, best_points = card, pr.points[card]
    return best


def top_danger(t: Table, pool: int) -> int:
    """The card of ``pool`` most likely to win an unwanted trick later."""
    best = -1
    best_score = -999
    hand = t.hand
    for suit, suit_mask in enumerate(SUIT_MASKS):
        mine = pool & suit_mask
        if not mine:
            continue
        card = top(mine)
        others = t.unseen & suit_mask
        beaten = (others & ((1 << card) - 1)).bit_count()
        higher = (others & from_card(card)).bit_count()
        # How many outstanding cards it beats, minus those that beat it; a lone card voids a suit.
        score = 4 * beaten - 2 * higher + (6 if held_in(hand, suit_mask) == 1 else 0)
        if not others:
            score = 10
        score = score * 4 + ((suit + t.salt) & 3)
        if score > best_score:
            best, best_score = card, score
    return best
