"""Helpers for the engine tests: staged hands, snapshots, a random player and a reference model.

The reference model (``Ref``) re-derives the rules of RULES.md from card *text* ("QS", "TH"),
without the engine's masks or tables, so the property tests compare two independent readings
of the rules. Tests reach these helpers through the ``kit`` fixture.
"""

from __future__ import annotations

import random
import sys
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

RANKS = "23456789TJQKA"
SUITS = "CDHS"
FULL_DECK = [r + s for s in SUITS for r in RANKS]
SHORT_DECK = [r + s for s in SUITS for r in RANKS[4:]]
SEAT_SLOTS = tuple(n for n in HandState.__slots__ if not n.startswith("_"))


# ------------------------------------------------------------------- card text


def mask(text: str) -> int:
    """``"QS AH"`` → mask."""
    return mask_of(parse_cards(text))


def names(mask_or_cards: int | Iterable[int]) -> set[str]:
    """A mask or some cards as a set of texts."""
    items = cards_of(mask_or_cards) if isinstance(mask_or_cards, int) else mask_or_cards
    return {str(CARDS[c]) for c in items}


def rank_of(card: str) -> int:
    """2..14 from the text."""
    return RANKS.index(card[0]) + 2


def trick_winner_position(trick: Sequence[str]) -> int:
    """Position of the highest card of the suit led (RULES.md), from card texts."""
    led = trick[0][1]
    best = max((rank_of(c), i) for i, c in enumerate(trick) if c[1] == led)
    return best[1]


# -------------------------------------------------------------------- staging


def rules_of(preset: str | RuleSet, **options: Any) -> RuleSet:
    """A rule set from a preset name (plus options) or as given."""
    if isinstance(preset, RuleSet):
        return preset.with_options(**options) if options else preset
    return RuleSet.preset(preset, options)


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
    """A deal from the cards of three or four seats; a missing seat gets the rest of the deck."""
    masks = [mask(seats[s]) if s in seats else 0 for s in range(4)]
    missing = [s for s in range(4) if s not in seats]
    assert len(missing) <= 1
    if missing:
        masks[missing[0]] = rules.deck_mask & ~(masks[0] | masks[1] | masks[2] | masks[3])
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
    """RULES.md read independently of the engine, on card texts."""

    preset: str
    options: Mapping[str, Any] = field(default_factory=dict)

    def opt(self, name: str, default: Any) -> Any:
        return self.options.get(name, default)

    @property
    def deck36(self) -> bool:
        return self.opt("deck", 52) == 36

    @property
    def deck(self) -> list[str]:
        return SHORT_DECK if self.deck36 else FULL_DECK

    @property
    def size(self) -> int:
        return 9 if self.deck36 else 13

    @property
    def step(self) -> int:
        """+1 counterclockwise (s → s+1), −1 clockwise (Hearts)."""
        return -1 if self.preset == "hearts" else 1

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
        default = ["left", "right", "across", "hold"] if self.preset == "hearts" else ["right"]
        return list(self.opt("pass_cycle", default))

    def pass_offset(self, hand_index: int) -> int | None:
        """Seat offset of the receiver (right +1, left −1, across +2), None on a hold hand."""
        cycle = self.cycle()
        name = cycle[hand_index % len(cycle)]
        return {"right": 1, "left": -1, "across": 2, "hold": None}[name]

    def card_points(self, card: str) -> int:
        """RULES.md tables plus the J♦ / 7♣ house rules."""
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

    @property
    def moon_cards(self) -> set[str]:
        return {c for c in self.deck if c[1] == "H"} | {"QS"}

    @property
    def moon_value(self) -> int:
        return sum(self.card_points(c) for c in self.moon_cards)

    @property
    def hand_total(self) -> int:
        """Points in a hand before moon / −10: the set's total plus house-rule cards."""
        base = 15 if self.deck36 else {"peppa": 36, "torino": 42, "hearts": 26}[self.preset]
        return base + self.opt("jack_of_diamonds", 0) + self.opt("seven_of_clubs", 0)

    def first_leader(self, dealer: int, holdings: Sequence[set[str]]) -> int:
        if self.preset == "hearts":
            return next(s for s in range(4) if self.lowest_club in holdings[s])
        return (dealer + 1) % 4

    def legal(self, holding: set[str], trick: Sequence[str], first: bool, broken: bool) -> set[str]:
        """The cards a seat may play (RULES.md common flow and set C restrictions)."""
        hearts = self.preset == "hearts"
        if trick:
            same = {c for c in holding if c[1] == trick[0][1]}
            allowed = same or set(holding)
            if first and hearts:
                clean = {c for c in allowed if c[1] != "H" and c != "QS"}
                allowed = clean or allowed
            return allowed
        if hearts and first:
            return {self.lowest_club} & holding
        if hearts and not broken:
            return {c for c in holding if c[1] != "H"} or set(holding)
        return set(holding)

    def breaks_hearts(self, card: str) -> bool:
        return card[1] == "H" or (card == "QS" and bool(self.opt("queen_breaks_hearts", False)))

    def score(self, taken: Sequence[set[str]], last_winner: int) -> list[int]:
        """Points of a hand from the cards each seat took (decisions of RULES.md and the brief)."""
        points = [sum(self.card_points(c) for c in taken[s]) for s in range(4)]
        if self.deck36:
            points[last_winner] += 1
        shooter = self.shooter(taken)
        if shooter is not None:
            # Only the hearts and Q♠ are replaced: other scoring cards still count.
            own = [sum(self.card_points(c) for c in taken[s] & self.moon_cards) for s in range(4)]
            points[shooter] -= own[shooter]
            if self.moon_mode == "subtract":
                points[shooter] -= self.moon_value
            else:
                for s in range(4):
                    partner = self.teams and s == (shooter + 2) % 4
                    if s != shooter and not partner:
                        points[s] += self.moon_value
        if self.preset == "torino":
            for s in range(4):
                if not taken[s]:
                    points[s] -= 10
        return points

    def shooter(self, taken: Sequence[set[str]]) -> int | None:
        if self.moon_mode == "off":
            return None
        return next((s for s in range(4) if self.moon_cards <= taken[s]), None)

    def expected_sum(self, taken: Sequence[set[str]]) -> int:
        """The sum of a hand's points, by the formula of each case."""
        cardless = sum(1 for t in taken if not t) if self.preset == "torino" else 0
        total = self.hand_total - 10 * cardless
        if self.shooter(taken) is None:
            return total
        if self.moon_mode == "subtract":
            return total - 2 * self.moon_value
        receivers = 2 if self.teams else 3
        return total + (receivers - 1) * self.moon_value

    def is_over(self, totals: Sequence[int], hands: int) -> bool:
        end = self.opt("end", {"mode": "points", "limit": 100})
        if end["mode"] == "hands":
            return hands >= end["count"]
        when = self.opt("end_when", "exceed" if self.preset == "torino" else "reach")
        top = max(totals)
        return top > end["limit"] if when == "exceed" else top >= end["limit"]


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
    ref: Ref = field(init=False)
    rules: RuleSet = field(init=False)
    rng: random.Random = field(init=False)
    actions: int = 0

    def __post_init__(self) -> None:
        self.ref = Ref(self.preset, self.options)
        self.rules = RuleSet.preset(self.preset, self.options)
        self.rng = random.Random(self.seed)

    def stopped(self) -> bool:
        return self.stop_after is not None and self.actions >= self.stop_after

    def game(self, *, track_undo: bool = True, max_hands: int = 40) -> Match:
        """Play until the game is over (or ``stop_after`` actions, or ``max_hands``)."""
        match = Match(self.rules, self.seed, track_undo=track_undo)
        totals = [0, 0, 0, 0]
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
        return match

    def hand(self, match: Match) -> list[int] | None:
        """Deal, pass and play one hand; its points (None if stopped before its end)."""
        ref = self.ref
        index = len(match.hands)
        expected_dealer = (
            match.first_dealer if not index else (match.hands[-1].dealer + ref.step) % 4
        )
        hand = match.start_hand()
        assert hand.dealer == expected_dealer
        holdings = [names(m) for m in hand.deal]
        assert all(len(h) == ref.size for h in holdings)
        assert set().union(*holdings) == set(ref.deck)
        offset = ref.pass_offset(index)
        if offset is None:
            assert hand.phase is Phase.PLAYING
        elif not self.passes(match, hand, holdings, offset):
            return None
        return self.tricks(match, hand, holdings)

    def passes(self, match: Match, hand: HandState, holdings: list[set[str]], offset: int) -> bool:
        rng = self.rng
        chosen: list[list[str]] = [[], [], [], []]
        for count, seat in enumerate(rng.sample(range(4), 4)):
            if self.stopped():
                return False
            if rng.random() < self.probe:
                self.probe_pass(match, hand, seat, holdings[seat])
            chosen[seat] = rng.sample(sorted(holdings[seat]), 3)
            hand.pass_cards(seat, parse_cards(" ".join(chosen[seat])))
            self.actions += 1
            if count < 3:  # simultaneous: nobody's hand changes before all four have passed
                assert hand.phase is Phase.PASSING and hand.to_move is None
                assert hand.hands == list(hand.deal)
        for seat in range(4):
            giver = (seat - offset) % 4
            holdings[seat] = holdings[seat] - set(chosen[seat]) | set(chosen[giver])
            assert names(hand.received(seat) or 0) == set(chosen[giver])
        assert [names(m) for m in hand.hands] == holdings
        return True

    def probe_pass(self, match: Match, hand: HandState, seat: int, holding: set[str]) -> None:
        rng = self.rng
        outside = sorted(set(self.ref.deck) - holding)
        mine = sorted(holding)
        bad = rng.choice(
            [
                rng.sample(mine, 2),
                rng.sample(mine, 4),
                [*rng.sample(mine, 2), rng.choice(outside)],
                [mine[0], mine[0], mine[1]],
            ]
        )
        assert_refused(match, lambda: hand.pass_cards(seat, parse_cards(" ".join(bad))))

    def tricks(self, match: Match, hand: HandState, holdings: list[set[str]]) -> list[int] | None:
        ref, rng = self.ref, self.rng
        leader = ref.first_leader(hand.dealer, holdings)
        taken: list[set[str]] = [set(), set(), set(), set()]
        broken = False
        winners = []
        for number in range(ref.size):
            trick: list[str] = []
            for position in range(4):
                if self.stopped():
                    return None
                seat = (leader + position * ref.step) % 4
                assert hand.to_move == seat
                legal = ref.legal(holdings[seat], trick, number == 0, broken)
                assert names(hand.legal_mask()) == legal
                if rng.random() < self.probe:
                    self.probe_play(match, hand, holdings[seat], legal)
                card = self.choose(seat, legal)
                hand.play(Card.parse(card))
                self.actions += 1
                holdings[seat].remove(card)
                trick.append(card)
            for card in trick:
                broken = broken or ref.breaks_hearts(card)
            leader = (leader + trick_winner_position(trick) * ref.step) % 4
            taken[leader] |= set(trick)
            winners.append(leader)
        assert hand.phase is Phase.SCORED and hand.to_move is None
        assert hand.trick_winners == winners
        assert hand.result is not None
        assert [names(m) for m in hand.result.taken] == taken
        points = ref.score(taken, winners[-1])
        assert list(hand.result.points) == points
        assert sum(points) == ref.expected_sum(taken)
        assert hand.result.moon == ref.shooter(taken)
        return points

    def choose(self, seat: int, legal: set[str]) -> str:
        if self.greedy is None or self.rng.random() < 0.2:
            return self.rng.choice(sorted(legal))
        order = sorted(legal, key=rank_of)
        return order[-1] if seat == self.greedy else order[0]

    def probe_play(self, match: Match, hand: HandState, holding: set[str], legal: set[str]) -> None:
        rng = self.rng
        wrong = sorted(holding - legal) or sorted(set(self.ref.deck) - holding)
        card = Card.parse(rng.choice(wrong))
        assert_refused(match, lambda: hand.play(card))


def random_options(preset: str, rng: random.Random) -> dict[str, Any]:
    """A random mix of house rules for ``preset``."""
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


def random_game(
    preset: str | RuleSet, seed: int, *, actions: int | None = None, **options: Any
) -> Match:
    """A game of uniformly random legal moves; stops after ``actions`` passes and plays if given."""
    rules = rules_of(preset, **options)
    rng = random.Random(seed)
    match = Match(rules, seed)
    done = 0
    while not match.is_over:
        hand = match.start_hand()
        seats = range(4) if hand.phase is Phase.PASSING else range(0)
        for seat in seats:
            if actions is not None and done >= actions:
                return match
            hand.pass_cards(seat, rng.sample(cards_of(hand.hands[seat]), 3))
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
            copy.pass_cards(seat, cards_of(passed))
    for card in original.plays:
        copy.play(card)


def lowest_legal(hand: HandState) -> Card:
    """The lowest card the seat to move may play."""
    return cards_of(hand.legal_mask())[0]


def finish(hand: HandState, seed: int = 0) -> None:
    """Pass (if still passing) and play random legal cards until the hand is scored."""
    rng = random.Random(seed)
    for seat in range(4):
        if hand.phase is Phase.PASSING and hand.passes[seat] is None:
            hand.pass_cards(seat, rng.sample(cards_of(hand.hands[seat]), 3))
    while hand.phase is Phase.PLAYING:
        hand.play(rng.choice(cards_of(hand.legal_mask())))


#: This very module, taken while it is being imported: every conftest is named "conftest",
#: so ``sys.modules["conftest"]`` later may well be another directory's.
_THIS_MODULE = sys.modules[__name__]


@pytest.fixture(scope="session")
def kit() -> ModuleType:
    """This module: the staging helpers, snapshots, random players and the reference model."""
    return _THIS_MODULE
