"""Exact play of the last tricks of a fully known (sampled) hand: max-n search.

Each seat picks the card that maximises its own value of the finished hand (search.Stakes);
with three tricks left at four seats the tree has at most a few thousand leaves; a table of
six or eight is solved over its last two tricks, which it reaches in as few.

The expert solves every deal it samples once the endgame begins, 720 of them for its
eleventh card of thirteen. Searched as a plain tree, a hand copied at every node, that card
took six times as long as the others on average (issue 36, benchmarks/README.md); the search
below leaves out the cards worth exactly the one below them and plays on the cards alone,
and values every card as the plain tree did.
"""

from __future__ import annotations

from ..engine.cards import cards_of
from ..engine.cardset import COPY_SHIFT, FACES, plus, remove, set_of
from ..engine.hand import HandState, Phase
from ..engine.legal import legal_cards
from ..engine.rules import MoonMode
from ..engine.scoring import score_hand
from ..engine.trick import trick_winner
from .search import Stakes

#: Solve exactly when at most this many tricks remain (four seats; more seats: fewer).
EXACT_TRICKS = 3
#: The most leaves an exact search may have at the start: k cards left each for N seats
#: make (k!)^N of them at most.
_LEAVES = 20_000


def exact_tricks(seats: int) -> int:
    """How many last tricks are solved exactly at a table of ``seats``: 3 at four, 2 at six
    and eight (three tricks at eight would be 1.7 million leaves)."""
    tricks, leaves = 0, 1
    while tricks < EXACT_TRICKS and leaves * (tricks + 1) ** seats <= _LEAVES:
        tricks += 1
        leaves *= tricks**seats
    return tricks


def solvable(world: HandState) -> bool:
    """Whether ``world`` is solved exactly: few tricks left, and no moon still possible.

    While one seat may yet take every moon card, the exact search misjudges the moon: in it
    the other seats see every card and always find the stopper, so a seat going for the moon
    gives up a moon it would have made against real players (and ends up with 25–35 points).
    Measured on the hard level's search in Peppa (165 deals, each played with and without
    the exact endgame, same cards and seats): solving those endgames too lost 3 moons that
    the played-out search made, 1.0 relative point a deal in all.
    """
    seats = world.rules.seats
    left = seats * world.rules.hand_size - len(world.plays)
    return left <= seats * exact_tricks(seats) and not moon_possible(world)


def moon_possible(world: HandState) -> bool:
    """Whether one seat can still take every moon card (no two seats have taken one)."""
    rules = world.rules
    if rules.moon is MoonMode.OFF:
        return False
    takers = sum(1 for taken in world.taken if taken & rules.moon_mask)
    return takers < 2  # noqa: PLR2004  (two seats with a moon card: nobody can have them all)


def outcome(world: HandState, stakes: Stakes) -> tuple[float, ...]:
    """The values of every seat when every seat plays perfectly from ``world``."""
    if world.phase is not Phase.PLAYING:
        assert world.result is not None
        points = world.result.points
        return tuple(stakes.value(points, seat) for seat in range(world.rules.seats))
    seat = world.to_move
    assert seat is not None
    return _Solver(world, stakes).best(seat)


def solve(world: HandState, stakes: Stakes) -> dict[int, float]:
    """The exact value, for the seat to move, of each of its legal cards."""
    seat = world.to_move
    assert seat is not None
    solver = _Solver(world, stakes)
    legal = world.legal_mask()
    searched = solver.distinct(seat, legal)
    values: dict[int, float] = {}
    value = 0.0
    for card in cards_of(legal):
        if searched >> card & 1:  # else worth the card below it, just valued
            value = solver.after(seat, card)[seat]
        values[card] = value
    return values


class _Solver:
    """Max-n search of a hand's last tricks, on the hand's cards as plain numbers.

    It plays a card and takes it back on the hands, the trick and the takings alone (not
    a whole ``HandState`` copied at every node, its plays and tricks with it), as
    ``HandState.play_unchecked`` plays one: the same legal cards, trick winner, broken hearts
    and score (the engine's functions), the same values to the last digit.
    Each seat plays the card best for itself, the lowest of equals; of the cards worth
    exactly what the card below them is (``distinct``), only the lowest is searched.
    """

    __slots__ = (
        "breakers",
        "broken",
        "direction",
        "first",
        "hands",
        "leader",
        "moon",
        "points",
        "rules",
        "scores",
        "seats",
        "stakes",
        "taken",
        "trick",
        "twin",
    )

    def __init__(self, world: HandState, stakes: Stakes) -> None:
        rules = world.rules
        self.rules = rules
        self.stakes = stakes
        self.seats = rules.seats
        self.direction = rules.direction
        self.twin = rules.copies > 1
        self.hands = world.hands[:]
        self.trick = [int(card) for card in world.trick]
        self.taken = world.taken[:]
        self.leader = world.leader
        self.broken = world.hearts_broken
        self.first = not world.trick_winners
        #: Each seat's value of a finished hand, by the cards each took and the last winner.
        self.scores: dict[tuple[tuple[int, ...], int], tuple[float, ...]] = {}
        # The rules' masks the inner loop reads, as numbers (a RuleSet's fields are looked up
        # by name, as slow as the rest of a node together).
        self.breakers = rules.heart_breakers
        self.points = rules.card_points
        self.moon = rules.moon_mask | rules.moon_mask >> COPY_SHIFT

    def best(self, seat: int) -> tuple[float, ...]:
        """Every seat's value once ``seat``, to move, has played its best card."""
        legal = legal_cards(self.rules, self.hands[seat], self.trick, self.first, self.broken)
        if legal & (legal - 1):
            legal = self.distinct(seat, legal)
        best: tuple[float, ...] | None = None
        while legal:  # low card first: of two equal values, the lower card's is kept
            low = legal & -legal
            legal ^= low
            values = self.after(seat, low.bit_length() - 1)
            if best is None or values[seat] > best[seat]:
                best = values
        assert best is not None
        return best

    def after(self, seat: int, card: int) -> tuple[float, ...]:
        """Every seat's value once ``seat`` has played ``card``, then all played their best."""
        hands, trick = self.hands, self.trick
        hand, broken = hands[seat], self.broken
        hands[seat] = remove(hand, card) if self.twin else hand ^ 1 << card
        trick.append(card)
        if self.breakers >> card & 1:
            self.broken = True
        if len(trick) < self.seats:
            values = self.best((seat + self.direction) % self.seats)
        else:
            values = self.taken_by_winner()
        trick.pop()
        hands[seat], self.broken = hand, broken
        return values

    def taken_by_winner(self) -> tuple[float, ...]:
        """Every seat's value once the full trick has been taken and the hand played on."""
        trick, leader, first = self.trick, self.leader, self.first
        winner = trick_winner(leader, trick, self.direction, self.seats)
        before = self.take(winner, trick)
        hands = self.hands
        if not any(hands):
            values = self.score(winner)
        elif all(held and not held & (held - 1) for held in hands):
            values = self.last_trick(winner)
        else:
            self.trick, self.leader, self.first = [], winner, False
            values = self.best(winner)
            self.trick, self.leader, self.first = trick, leader, first
        self.taken[winner] = before
        return values

    def last_trick(self, leader: int) -> tuple[float, ...]:
        """Every seat's value once the last trick is played (a card left to each: forced)."""
        seats, direction, hands = self.seats, self.direction, self.hands
        cards = [hands[(leader + k * direction) % seats].bit_length() - 1 for k in range(seats)]
        winner = trick_winner(leader, cards, direction, seats)
        before = self.take(winner, cards)
        values = self.score(winner)
        self.taken[winner] = before
        return values

    def take(self, winner: int, cards: list[int]) -> int:
        """Give the trick's ``cards`` to ``winner``; what it had taken before."""
        before = self.taken[winner]
        if self.twin:
            self.taken[winner] = plus(before, set_of(cards))
        else:
            won = 0
            for card in cards:
                won |= 1 << card
            self.taken[winner] = before | won
        return before

    def score(self, last_winner: int) -> tuple[float, ...]:
        """Every seat's value of the finished hand (``last_winner`` took the last trick).

        Kept by the cards each seat took: two leaves in three are one already scored (the
        same cards to the same seats, played in another order)."""
        key = (tuple(self.taken), last_winner)
        values = self.scores.get(key)
        if values is None:
            points = score_hand(self.rules, self.taken, last_winner).points
            stakes = self.stakes
            values = tuple(stakes.value(points, seat) for seat in range(self.seats))
            self.scores[key] = values
        return values

    def distinct(self, seat: int, legal: int) -> int:
        """``legal`` without each card worth exactly the next lower legal card (52-bit masks).

        Two legal cards of a suit, next to each other among the seat's legal cards, are worth
        the same when they score alike (points, moon card, breaking hearts) and no card
        another seat holds or has put on the trick lies between them (nor a second copy of
        either, nor of a card between): against every card still to be played they win or
        lose alike. The hand after either is then the same game with the seat's cards renamed
        in order, so every seat's value is the same to the last digit, and ties still go to
        the lower card: the search of the higher one is left out, and nothing is lost.
        """
        if self.first:
            return legal  # the first trick's own rules tell cards apart
        hands = self.hands
        live = 0
        for other, held in enumerate(hands):
            if other != seat:
                live |= held
        for card in self.trick:
            live |= 1 << card
        if self.twin:  # any copy of a card elsewhere, or the seat's own second one
            live = (live | live >> COPY_SHIFT | hands[seat] >> COPY_SHIFT) & FACES
        points, moon, breakers = self.points, self.moon, self.breakers
        kept = 0
        below = -1
        while legal:
            low = legal & -legal
            legal ^= low
            card = low.bit_length() - 1
            if not (
                below >= 0
                and below // 13 == card // 13
                and points[below] == points[card]
                and not live & ((low << 1) - 1) & ~((1 << below) - 1)  # below..card
                and (moon >> below ^ moon >> card) & 1 == 0
                and (breakers >> below ^ breakers >> card) & 1 == 0
            ):
                kept |= low
            below = card
        return kept
