"""Helpers for the engine tests: staged hands, snapshots, a random player and a reference model.

The reference model (``Ref``) re-derives the rules of RULES.md from card *text* ("QS", "TH"),
without the engine's masks or tables, so the property tests compare two independent readings
of the rules: four seats and one deck, or Belmont's six and eight seats with two copies of a
card (holdings and takings are then multisets of texts, ``Counter``). Tests reach these helpers
through the ``kit`` fixture.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import pytest

from peppa_qt.engine import (
    Card,
    HandState,
    IllegalMove,
    Match,
    PassDirection,
    Phase,
    RuleSet,
    cards_of,
    mask_of,
    parse_cards,
)
from peppa_qt.engine.cards import CARDS
from peppa_qt.engine.cardset import listed, minus, set_of
from peppa_qt.engine.hand import FIELDS

RANKS = "23456789TJQKA"
SUITS = "CDHS"
FULL_DECK = [r + s for s in SUITS for r in RANKS]
SHORT_DECK = [r + s for s in SUITS for r in RANKS[4:]]
SEAT_SLOTS = FIELDS


# ------------------------------------------------------------------- card text


def mask(text: str) -> int:
    """``"QS AH"`` → mask."""
    return mask_of(parse_cards(text))


def names(mask_or_cards: int | Iterable[int]) -> set[str]:
    """A mask or some cards as a set of texts."""
    items = cards_of(mask_or_cards) if isinstance(mask_or_cards, int) else mask_or_cards
    return {str(CARDS[c]) for c in items}


def texts(cards: int) -> Counter[str]:
    """A card set as a multiset of texts, read from the layout ``cardset.py`` documents (bit
    ``c`` the card once, bit ``52 + c`` a second copy), not through its functions."""
    out: Counter[str] = Counter()
    for bit in range(2 * len(FULL_DECK)):
        if cards >> bit & 1:
            out[FULL_DECK[bit % len(FULL_DECK)]] += 1
    return out


def card_set(text: str) -> int:
    """``"QS QS AH"`` → a card set with copies."""
    return set_of(parse_cards(text))


def rank_of(card: str) -> int:
    """2..14 from the text."""
    return RANKS.index(card[0]) + 2


def trick_winner_position(trick: Sequence[str]) -> int:
    """Position of the highest card of the suit led (RULES.md), from card texts; of two
    identical highest cards (two decks), the one played later."""
    led = trick[0][1]
    best = max((rank_of(c), i) for i, c in enumerate(trick) if c[1] == led)
    return best[1]


# -------------------------------------------------------------------- staging


def rules_of(preset: str | RuleSet, *, seats: int | None = None, **options: Any) -> RuleSet:
    """A rule set from a preset name (plus options, at ``seats``) or as given."""
    if isinstance(preset, RuleSet):
        return preset.with_options(**options) if options else preset
    return RuleSet.preset(preset, options, seats=seats)


def holdings_from_tricks(rules: RuleSet, leader: int, tricks: Sequence[str]) -> list[int]:
    """Who must hold which card for ``tricks`` (four cards each, in play order) to be played."""
    held = [0, 0, 0, 0]
    for text in tricks:
        trick = text.split()
        assert len(trick) == 4, text
        for position, card in enumerate(trick):
            held[(leader + position * rules.direction) % 4] |= mask(card)
        leader = (leader + trick_winner_position(trick) * rules.direction) % 4
    return held


def deal_of(rules: RuleSet, seats: Mapping[int, str]) -> list[int]:
    """A deal from the cards of some seats (copies written twice: ``"QS QS"``); the seats not
    given get the rest of the deck, a hand each in seat order, low cards first."""
    masks = [card_set(seats[s]) if s in seats else 0 for s in range(rules.seats)]
    rest = rules.deck_mask
    for given in masks:
        rest = minus(rest, given)
    pool = listed(rest)
    for seat in (s for s in range(rules.seats) if s not in seats):
        masks[seat] = set_of(pool[: rules.hand_size])
        del pool[: rules.hand_size]
    assert not pool
    return masks


def staged_hand(
    rules: RuleSet,
    holdings: Sequence[int],
    *,
    dealer: int | None = None,
    direction: PassDirection = PassDirection.HOLD,
) -> HandState:
    """A hand with exactly these holdings (no pass unless ``direction`` says so)."""
    if dealer is None:
        dealer = 3
    return HandState(rules, dealer, list(holdings), direction)


def play(hand: HandState, text: str) -> None:
    """Play the cards of ``text`` in order (each must be legal)."""
    for card in parse_cards(text):
        hand.play(card)


def pass_plan(holdings: Sequence[int], offset: int) -> tuple[list[int], list[int]]:
    """The deal and the passes that leave exactly ``holdings`` after passing by ``offset``.

    Each seat passes the three lowest cards its receiver must end up with.
    """
    passes = [mask_of(cards_of(holdings[(s + offset) % 4])[:3]) for s in range(4)]
    deal = [holdings[s] & ~passes[(s - offset) % 4] | passes[s] for s in range(4)]
    return deal, passes


def staged_match_hand(match: Match, holdings: Sequence[int]) -> HandState:
    """Start the match's next hand so that after its passes the seats hold ``holdings``."""
    index = len(match.hands)
    direction = match.rules.pass_direction(index)
    deal, passes = pass_plan(holdings, match.rules.pass_offset(direction))
    hand = match.start_hand(holdings if direction is PassDirection.HOLD else deal)
    if direction is not PassDirection.HOLD:
        for seat in range(4):
            hand.pass_cards(seat, cards_of(passes[seat]))
    assert hand.hands == list(holdings)
    return hand


def play_scripted(match: Match, tricks: Sequence[str], leader: int) -> HandState:
    """Start and play a whole hand of ``match`` from a trick script."""
    hand = staged_match_hand(match, holdings_from_tricks(match.rules, leader, tricks))
    assert hand.to_move == leader, "the script's leader is not the rules' first leader"
    play(hand, " ".join(tricks))
    return hand


def leader_takes_all(rules: RuleSet, suits: str = "CDHS") -> list[str]:
    """Tricks where the leader's suit is the only one it holds: the leader wins every trick.

    The leader holds all cards of ``suits[0]``, the next seats in turn order the others.
    """
    ranks = RANKS if rules.deck_size == 52 else RANKS[4:]
    return [" ".join(rank + suit for suit in suits) for rank in ranks]


# Scripts for Peppa/Torino with South (0) leading (dealer West), counterclockwise.

#: East (1) wins trick 1 (four clubs, no points); South wins the other twelve, with all the
#: hearts and the Q♠. North (2) and West (3) never win a trick: they take no card at all.
SOUTH_TAKES_POINTS = (
    "2C AC 3C 4C",
    "5C 6C 7C KC",
    "8C 2H 3H 4H",
    "9C 5H 6H 7H",
    "TC 8H 9H TH",
    "JC JH QH KH",
    "QC AH 2S 3S",
    "AD 2D 5D 7D",
    "KD 3D 6D 8D",
    "QD 4D 4S 5S",
    "JD 6S 7S 8S",
    "TD 9S TS JS",
    "9D QS KS AS",
)

#: East wins tricks 1-3 (clubs), North tricks 4-6 (diamonds), both without points; South takes
#: the Q♠ (13) in trick 7 and West all the hearts (23). East and North tie on 0, East's last
#: trick came first.
EAST_BEFORE_NORTH = (
    "2C AC 3C 4C",
    "KC 5C 6C 7C",
    "QC 8C 9C TC",
    "2D AD 3D 4D",
    "KD 5D 6D 7D",
    "QD 8D 9D TD",
    "2S 3S AS QS",
    "KS 4S 5S 6S",
    "JS 7S 8S 9S",
    "2H 3H 4H AH",
    "KH 5H 6H 7H",
    "QH 8H 9H TH",
    "JH JC JD TS",
)

#: The same with the roles of East and North swapped: North's last trick comes first.
NORTH_BEFORE_EAST = (
    "2C 3C AC 4C",
    "KC 5C 6C 7C",
    "QC 8C 9C TC",
    "2D 3D 4D AD",
    "KD 5D 6D 7D",
    "QD 8D 9D TD",
    "2S QS 3S AS",
    "KS 4S 5S 6S",
    "JS 7S 8S 9S",
    "2H 3H 4H AH",
    "KH 5H 6H 7H",
    "QH 8H 9H TH",
    "JH JC JD TS",
)


# ------------------------------------------------------------------- snapshots


def hand_snapshot(hand: HandState) -> dict[str, Any]:
    """Every public attribute of a hand, as comparable values (lists become tuples)."""
    out: dict[str, Any] = {}
    for name in SEAT_SLOTS:
        value = getattr(hand, name)
        out[name] = tuple(value) if isinstance(value, list) else value
    out["legal"] = hand.legal_mask()
    out["trick_index"] = hand.trick_index
    return out


def match_snapshot(match: Match) -> dict[str, Any]:
    """Every public attribute of a match and of its hands."""
    return {
        "rules": match.rules,
        "seed": match.seed,
        "first_dealer": match.first_dealer,
        "hands": [hand_snapshot(h) for h in match.hands],
        "totals": match.totals(),
        "over": match.is_over,
        "ranking": match.ranking(),
        "winners": match.winners(),
    }


# ----------------------------------------------------------- reference model


@dataclass
class Ref:
    """RULES.md read independently of the engine, on card texts (multisets: ``Counter``)."""

    preset: str
    options: Mapping[str, Any] = field(default_factory=dict)
    #: How many sit at the table: 4, or Belmont's 6 or 8 (rule set D).
    seats: int = 4

    def opt(self, name: str, default: Any) -> Any:
        return self.options.get(name, default)

    @property
    def belmont(self) -> bool:
        return self.preset == "belmont"

    @property
    def hearts_like(self) -> bool:
        """Rule set C's play (2♣ leads, clean first trick, hearts broken): Hearts and Belmont."""
        return self.preset in ("hearts", "belmont")

    @property
    def deck36(self) -> bool:
        return self.opt("deck", 52) == 36

    @property
    def deck(self) -> list[str]:
        """Every card of the deck, copies listed twice: Belmont's six add a second deck's
        hearts and diamonds, its eight a whole second deck."""
        if self.belmont:
            second = FULL_DECK if self.seats == 8 else [c for c in FULL_DECK if c[1] in "HD"]
            return FULL_DECK + second
        return SHORT_DECK if self.deck36 else FULL_DECK

    @property
    def size(self) -> int:
        return 9 if self.deck36 else 13

    @property
    def step(self) -> int:
        """+1 counterclockwise (s → s+1), −1 clockwise (Hearts, Belmont)."""
        return -1 if self.hearts_like else 1

    @property
    def moon_mode(self) -> str:
        return self.opt("moon", "off" if self.preset == "torino" else "give")

    @property
    def teams(self) -> bool:
        return bool(self.opt("teams", False))

    @property
    def lowest_club(self) -> str:
        return "6C" if self.deck36 else "2C"

    def cycle(self) -> list[str]:
        default = ["left", "right", "across", "hold"] if self.hearts_like else ["right"]
        return list(self.opt("pass_cycle", default))

    def pass_offset(self, hand_index: int) -> int | None:
        """Seat offset of the receiver (right +1, left −1, across +N/2), None on a hold hand."""
        cycle = self.cycle()
        name = cycle[hand_index % len(cycle)]
        return {"right": 1, "left": -1, "across": self.seats // 2, "hold": None}[name]

    def card_points(self, card: str) -> int:
        """RULES.md tables plus the J♦ / 7♣ house rules (per copy)."""
        if self.belmont:
            return {"QS": 13, "KS": 10, "AS": 7}.get(card, 1 if card[1] == "H" else 0)
        extra = {"JD": self.opt("jack_of_diamonds", 0), "7C": self.opt("seven_of_clubs", 0)}
        if card in extra:
            return extra[card]
        if self.deck36:
            return 5 if card == "QS" else 1 if card[1] == "H" else 0
        if card == "QS":
            return 14 if self.preset == "torino" else 13
        if card[1] != "H":
            return 0
        if self.preset == "hearts":
            return 1
        if self.preset == "peppa":
            return {"A": 5, "K": 4, "Q": 3, "J": 2}.get(card[0], 1)
        return {"A": 6, "K": 5, "Q": 4, "J": 3, "T": 2}.get(card[0], 1)

    def points_of(self, cards: Counter[str]) -> int:
        return sum(self.card_points(c) * n for c, n in cards.items())

    @property
    def moon_cards(self) -> Counter[str]:
        """What cappotto / the moon takes: the hearts and the Q♠; in Belmont every point card
        (every heart, every Q♠, K♠ and A♠), each copy."""
        spades = ("QS", "KS", "AS") if self.belmont else ("QS",)
        return Counter(c for c in self.deck if c[1] == "H" or c in spades)

    @property
    def moon_value(self) -> int:
        return self.points_of(self.moon_cards)

    @property
    def hand_total(self) -> int:
        """Points in a hand before moon / −10: the set's total plus house-rule cards."""
        if self.belmont:
            return {6: 56, 8: 86}[self.seats]
        base = 15 if self.deck36 else {"peppa": 36, "torino": 42, "hearts": 26}[self.preset]
        return base + self.opt("jack_of_diamonds", 0) + self.opt("seven_of_clubs", 0)

    def first_leader(self, dealer: int, holdings: Sequence[Counter[str]]) -> int:
        if self.belmont:  # of two holders, the nearer the dealer's left: dealer−1, dealer−2 …
            order = [(dealer - k) % self.seats for k in range(1, self.seats + 1)]
            return next(s for s in order if holdings[s][self.lowest_club])
        if self.preset == "hearts":
            return next(s for s in range(4) if self.lowest_club in holdings[s])
        return (dealer + 1) % 4

    def legal(
        self, holding: Counter[str], trick: Sequence[str], first: bool, broken: bool
    ) -> set[str]:
        """The cards a seat may play (RULES.md common flow and set C restrictions)."""
        hearts = self.hearts_like
        held = {c for c, n in holding.items() if n > 0}
        if trick:
            same = {c for c in held if c[1] == trick[0][1]}
            allowed = same or held
            if first and hearts:  # Belmont's K♠ and A♠ may be played
                clean = {c for c in allowed if c[1] != "H" and c != "QS"}
                allowed = clean or allowed
            return allowed
        if hearts and first:
            return {self.lowest_club} & held
        if hearts and not broken:
            return {c for c in held if c[1] != "H"} or held
        return held

    def play_refusal(
        self, holding: Counter[str], trick: Sequence[str], first: bool, broken: bool, card: str
    ) -> str:
        """The rule an illegal play of ``card`` breaks (a ``Reason`` value)."""
        if not holding[card]:
            return "card_not_held"
        if trick:
            led = trick[0][1]
            if card[1] != led and any(c[1] == led for c in holding if holding[c]):
                return "must_follow_suit"
            return "no_points_on_first_trick"
        if first and self.hearts_like:
            return "must_lead_lowest_club"
        return "hearts_not_broken"

    def pass_refusal(self, holding: Counter[str], chosen: Sequence[str]) -> str | None:
        """The rule a pass of ``chosen`` breaks (a ``Reason`` value), None if it is legal: three
        cards, none more often than the deck has it, each as often as the hand holds it."""
        wanted = Counter(chosen)
        deck = Counter(self.deck)
        if len(chosen) != 3 or any(n > deck[c] for c, n in wanted.items()):
            return "wrong_pass_size"
        if any(n > holding[c] for c, n in wanted.items()):
            return "card_not_held"
        return None

    def breaks_hearts(self, card: str) -> bool:
        return card[1] == "H" or (card == "QS" and bool(self.opt("queen_breaks_hearts", False)))

    def score(self, taken: Sequence[Counter[str]], last_winner: int) -> list[int]:
        """Points of a hand from the cards each seat took (decisions of RULES.md and the brief)."""
        seats = range(self.seats)
        points = [self.points_of(taken[s]) for s in seats]
        if self.deck36:
            points[last_winner] += 1
        shooter = self.shooter(taken)
        if shooter is not None:
            # Only the moon cards are replaced: other scoring cards still count.
            points[shooter] -= self.points_of(taken[shooter] & self.moon_cards)
            if self.moon_mode == "subtract":
                points[shooter] -= self.moon_value
            else:
                for s in seats:
                    partner = self.teams and s == (shooter + 2) % 4
                    if s != shooter and not partner:
                        points[s] += self.moon_value
        if self.preset == "torino":
            for s in seats:
                if not taken[s]:
                    points[s] -= 10
        return points

    def shooter(self, taken: Sequence[Counter[str]]) -> int | None:
        if self.moon_mode == "off":
            return None
        return next((s for s in range(self.seats) if self.moon_cards <= taken[s]), None)

    def expected_sum(self, taken: Sequence[Counter[str]]) -> int:
        """The sum of a hand's points, by the formula of each case."""
        cardless = sum(1 for t in taken if not t) if self.preset == "torino" else 0
        total = self.hand_total - 10 * cardless
        if self.shooter(taken) is None:
            return total
        if self.moon_mode == "subtract":
            return total - 2 * self.moon_value
        receivers = 2 if self.teams else self.seats - 1
        return total + (receivers - 1) * self.moon_value

    def is_over(self, totals: Sequence[int], hands: int) -> bool:
        end = self.opt("end", {"mode": "points", "limit": 100})
        if end["mode"] == "hands":
            return hands >= end["count"]
        when = self.opt("end_when", "exceed" if self.preset == "torino" else "reach")
        top = max(totals)
        return top > end["limit"] if when == "exceed" else top >= end["limit"]

    def ranking(
        self, totals: Sequence[int], last_tricks: Sequence[int | None], first_order: Sequence[int]
    ) -> list[int]:
        """Every seat, best first, without teams (RULES.md, set A's ties for N seats): the
        lower total; of equal totals, a seat that took no trick in the game (by its turn in
        the first trick of the last hand, ``first_order``), then the earlier last trick."""

        def key(seat: int) -> tuple[int, int, int]:
            last = last_tricks[seat]
            if last is None:
                return (totals[seat], 0, first_order.index(seat))
            return (totals[seat], 1, last)

        return sorted(range(self.seats), key=key)


# --------------------------------------------------------- checked random play


def assert_refused(match: Match, action: Any, *reasons: Any) -> IllegalMove:
    """``action()`` must raise IllegalMove (with one of ``reasons``) and change nothing."""
    before = match_snapshot(match)
    undo_before = [h.can_undo() for h in match.hands]
    with pytest.raises(IllegalMove) as caught:
        action()
    if reasons:
        assert caught.value.reason in reasons
    assert match_snapshot(match) == before
    assert [h.can_undo() for h in match.hands] == undo_before
    return caught.value


@dataclass
class Checker:
    """Plays a random legal game and checks every step against ``Ref``."""

    preset: str
    options: dict[str, Any]
    seed: int
    probe: float = 0.0
    stop_after: int | None = None
    #: A seat that plays its highest legal card while the others play their lowest (most of
    #: the time): it makes cappotto / the moon far more often than random play does.
    greedy: int | None = None
    #: The table's size (Belmont: 6 or 8; None: the preset's first).
    seats: int | None = None
    ref: Ref = field(init=False)
    rules: RuleSet = field(init=False)
    rng: random.Random = field(init=False)
    actions: int = 0
    #: Per seat, the game-wide number of the last trick it took (None: none yet).
    last_tricks: list[int | None] = field(init=False)
    tricks_played: int = 0
    #: The seats in their turn in the first trick of the last hand played.
    first_order: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rules = RuleSet.preset(self.preset, self.options, seats=self.seats)
        self.ref = Ref(self.preset, self.options, self.rules.seats)
        self.rng = random.Random(self.seed)
        self.last_tricks = [None] * self.rules.seats

    def stopped(self) -> bool:
        return self.stop_after is not None and self.actions >= self.stop_after

    def game(self, *, track_undo: bool = True, max_hands: int = 40) -> Match:
        """Play until the game is over (or ``stop_after`` actions, or ``max_hands``)."""
        match = Match(self.rules, self.seed, track_undo=track_undo)
        seats = self.ref.seats
        totals = [0] * seats
        while not match.is_over and len(match.hands) < max_hands and not self.stopped():
            points = self.hand(match)
            if points is None:
                break
            totals = [t + p for t, p in zip(totals, points, strict=True)]
            if self.ref.teams:
                shown = [totals[s] + totals[(s + 2) % 4] for s in range(4)]
            else:
                shown = totals
            assert match.totals() == shown
            assert match.is_over == self.ref.is_over(shown, len(match.hands))
        if match.is_over and not self.ref.teams:
            expected = self.ref.ranking(shown, self.last_tricks, self.first_order)
            assert match.ranking() == expected
        return match

    def hand(self, match: Match) -> list[int] | None:
        """Deal, pass and play one hand; its points (None if stopped before its end)."""
        ref = self.ref
        index = len(match.hands)
        expected_dealer = (
            match.first_dealer if not index else (match.hands[-1].dealer + ref.step) % ref.seats
        )
        hand = match.start_hand()
        assert hand.dealer == expected_dealer
        holdings = [texts(m) for m in hand.deal]
        assert all(h.total() == ref.size for h in holdings)
        assert sum(holdings, Counter()) == Counter(ref.deck)  # every card once, copies counted
        offset = ref.pass_offset(index)
        if offset is None:
            assert hand.phase is Phase.PLAYING
        elif not self.passes(match, hand, holdings, offset):
            return None
        return self.tricks(match, hand, holdings)

    def passes(
        self, match: Match, hand: HandState, holdings: list[Counter[str]], offset: int
    ) -> bool:
        rng = self.rng
        seats = self.ref.seats
        chosen: list[list[str]] = [[] for _ in range(seats)]
        for count, seat in enumerate(rng.sample(range(seats), seats)):
            if self.stopped():
                return False
            if rng.random() < self.probe:
                self.probe_pass(match, hand, seat, holdings[seat])
            chosen[seat] = rng.sample(sorted(holdings[seat].elements()), 3)
            hand.pass_cards(seat, parse_cards(" ".join(chosen[seat])))
            self.actions += 1
            if count < seats - 1:  # simultaneous: nobody's hand changes before all have passed
                assert hand.phase is Phase.PASSING and hand.to_move is None
                assert hand.hands == list(hand.deal)
        for seat in range(seats):
            giver = (seat - offset) % seats
            holdings[seat] = holdings[seat] - Counter(chosen[seat]) + Counter(chosen[giver])
            assert texts(hand.received(seat) or 0) == Counter(chosen[giver])
        assert [texts(m) for m in hand.hands] == holdings
        assert all(h.total() == self.ref.size for h in holdings)
        return True

    def probe_pass(self, match: Match, hand: HandState, seat: int, holding: Counter[str]) -> None:
        rng = self.rng
        outside = sorted(set(self.ref.deck) - set(holding))
        mine = sorted(holding)
        once = [c for c in mine if holding[c] == 1]
        # A card passed more often than it is held: with two decks, one held once passed twice
        # (or one held twice passed three times).
        doubled = [once[0], once[0], once[-1]] if once else [mine[0]] * 3
        bad = rng.choice(
            [
                rng.sample(mine, 2),
                rng.sample(mine, 4),
                [*rng.sample(mine, 2), rng.choice(outside)],
                doubled,
            ]
        )
        reason = self.ref.pass_refusal(holding, bad)
        assert reason is not None
        refusal = assert_refused(match, lambda: hand.pass_cards(seat, parse_cards(" ".join(bad))))
        assert refusal.reason.value == reason, (bad, refusal.message)

    def tricks(
        self, match: Match, hand: HandState, holdings: list[Counter[str]]
    ) -> list[int] | None:
        ref, rng = self.ref, self.rng
        seats = ref.seats
        leader = ref.first_leader(hand.dealer, holdings)
        taken: list[Counter[str]] = [Counter() for _ in range(seats)]
        broken = False
        winners = []
        for number in range(ref.size):
            trick: list[str] = []
            if number == 0:
                self.first_order = [(leader + k * ref.step) % seats for k in range(seats)]
            for position in range(seats):
                if self.stopped():
                    return None
                seat = (leader + position * ref.step) % seats
                assert hand.to_move == seat
                legal = ref.legal(holdings[seat], trick, number == 0, broken)
                assert names(hand.legal_mask()) == legal
                if rng.random() < self.probe:
                    self.probe_play(match, hand, holdings[seat], legal, (trick, number, broken))
                card = self.choose(seat, legal)
                hand.play(Card.parse(card))
                self.actions += 1
                holdings[seat] -= Counter([card])
                trick.append(card)
            for card in trick:
                broken = broken or ref.breaks_hearts(card)
            leader = (leader + trick_winner_position(trick) * ref.step) % seats
            taken[leader] += Counter(trick)
            winners.append(leader)
            self.last_tricks[leader] = self.tricks_played
            self.tricks_played += 1
        assert hand.phase is Phase.SCORED and hand.to_move is None
        assert hand.trick_winners == winners
        assert hand.result is not None
        assert [texts(m) for m in hand.result.taken] == taken
        points = ref.score(taken, winners[-1])
        assert list(hand.result.points) == points
        assert sum(points) == ref.expected_sum(taken)
        assert hand.result.moon == ref.shooter(taken)
        return points

    def choose(self, seat: int, legal: set[str]) -> str:
        if self.greedy is None or self.rng.random() < 0.2:
            return self.rng.choice(sorted(legal))
        # By rank, equal ranks by name: a set's order would follow the hash seed, and with it
        # the game (the moons the house-rules test counts came and went with PYTHONHASHSEED).
        order = sorted(legal, key=lambda card: (rank_of(card), card))
        return order[-1] if seat == self.greedy else order[0]

    def probe_play(
        self,
        match: Match,
        hand: HandState,
        holding: Counter[str],
        legal: set[str],
        where: tuple[list[str], int, bool],
    ) -> None:
        """Try a card the rules refuse (a card held, else one not held) and check the rule named."""
        rng = self.rng
        wrong = sorted(set(holding) - legal) or sorted(set(self.ref.deck) - set(holding))
        text = rng.choice(wrong)
        card = Card.parse(text)
        refusal = assert_refused(match, lambda: hand.play(card))
        trick, number, broken = where
        expected = self.ref.play_refusal(holding, trick, number == 0, broken, text)
        assert refusal.reason.value == expected, (text, refusal.message)


def random_options(preset: str, rng: random.Random) -> dict[str, Any]:
    """A random mix of house rules for ``preset``."""
    if preset == "belmont":
        return belmont_options(rng)
    options: dict[str, Any] = {}
    if rng.random() < 0.3:
        options["deck"] = 36
    if rng.random() < 0.3:
        options["teams"] = True
    if rng.random() < 0.3:
        options["jack_of_diamonds"] = rng.choice([10, -10])
    if rng.random() < 0.3:
        options["seven_of_clubs"] = 7
    if rng.random() < 0.4:
        options["moon"] = rng.choice(["give", "subtract", "off"])
    if rng.random() < 0.3:
        options["queen_breaks_hearts"] = True
    if rng.random() < 0.3:
        options["pass_cycle"] = rng.sample(["left", "right", "across", "hold"], rng.randint(1, 4))
    if rng.random() < 0.3:
        options["end_when"] = rng.choice(["reach", "exceed"])
    if rng.random() < 0.5:
        options["end"] = rng.choice(
            [{"mode": "points", "limit": rng.choice([50, 60, 100])}, {"mode": "hands", "count": 3}]
        )
    return options


def belmont_options(rng: random.Random) -> dict[str, Any]:
    """A random mix of the options Belmont takes (set C's: no J♦, 7♣, 36 cards or teams)."""
    options: dict[str, Any] = {}
    if rng.random() < 0.4:
        options["moon"] = rng.choice(["give", "subtract", "off"])
    if rng.random() < 0.3:
        options["queen_breaks_hearts"] = True
    if rng.random() < 0.3:
        options["pass_cycle"] = rng.sample(["left", "right", "across", "hold"], rng.randint(1, 4))
    if rng.random() < 0.3:
        options["end_when"] = rng.choice(["reach", "exceed"])
    if rng.random() < 0.5:
        options["end"] = rng.choice(
            [{"mode": "points", "limit": rng.choice([50, 60, 100])}, {"mode": "hands", "count": 3}]
        )
    return options


def random_game(
    preset: str | RuleSet,
    seed: int,
    *,
    actions: int | None = None,
    seats: int | None = None,
    **options: Any,
) -> Match:
    """A game of uniformly random legal moves; stops after ``actions`` passes and plays if given."""
    rules = rules_of(preset, seats=seats, **options)
    rng = random.Random(seed)
    match = Match(rules, seed)
    done = 0
    while not match.is_over:
        hand = match.start_hand()
        table = range(rules.seats) if hand.phase is Phase.PASSING else range(0)
        for seat in table:
            if actions is not None and done >= actions:
                return match
            hand.pass_cards(seat, rng.sample(listed(hand.hands[seat]), 3))
            done += 1
        while hand.phase is Phase.PLAYING:
            if actions is not None and done >= actions:
                return match
            hand.play(rng.choice(cards_of(hand.legal_mask())))
            done += 1
    return match


def replay_actions(copy: HandState, original: HandState) -> None:
    """Make on ``copy`` the passes and plays made on ``original``."""
    for seat, passed in enumerate(original.passes):
        if passed is not None and copy.phase is Phase.PASSING:
            copy.pass_cards(seat, listed(passed))
    for card in original.plays:
        copy.play(card)


def lowest_legal(hand: HandState) -> Card:
    """The lowest card the seat to move may play."""
    return cards_of(hand.legal_mask())[0]


def finish(hand: HandState, seed: int = 0) -> None:
    """Pass (if still passing) and play random legal cards until the hand is scored."""
    rng = random.Random(seed)
    for seat in range(hand.rules.seats):
        if hand.phase is Phase.PASSING and hand.passes[seat] is None:
            hand.pass_cards(seat, rng.sample(listed(hand.hands[seat]), 3))
    while hand.phase is Phase.PLAYING:
        hand.play(rng.choice(cards_of(hand.legal_mask())))


#: This very module, taken while it is being imported: every conftest is named "conftest",
#: so ``sys.modules["conftest"]`` later may well be another directory's.
_THIS_MODULE = sys.modules[__name__]


@pytest.fixture(scope="session")
def kit() -> ModuleType:
    """This module: the staging helpers, snapshots, random players and the reference model."""
    return _THIS_MODULE
