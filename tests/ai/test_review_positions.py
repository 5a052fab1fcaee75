"""The coach grades 20 hand-made positions where the right card is known as a player would.

Hearts (the 2♣ leads, clockwise: South, West, North, East), South to choose. Each position
is written as the tricks played so far and South's cards; the other seats' cards are dealt
at random around what they played and the voids they showed (the review sees South's view
only, so any such deal is the same position). A right card is graded good; a wrong one is
marked, as badly as it costs.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from peppa_qt.ai.passing import choose_pass
from peppa_qt.ai.review import Grade, Position, ReviewBudget, review_position
from peppa_qt.ai.table import policy_rules
from peppa_qt.engine import HandState, PassDirection, RuleSet
from peppa_qt.engine.cards import CARDS, Card, parse_cards
from peppa_qt.engine.cardset import set_of
from peppa_qt.engine.view import hand_view

RULES = RuleSet.preset("hearts", {})
SEATS = "SENW"  # seat 0 South, 1 East, 2 North, 3 West
SOUTH = 0
#: Enough deals for a clear verdict on positions this plain, in a few seconds.
BUDGET = ReviewBudget(worlds=240, pass_worlds=240)
MARKED = frozenset({Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER})
COSTLY = frozenset({Grade.MISTAKE, Grade.BLUNDER})


@dataclass(frozen=True)
class Staged:
    """A position: the plays so far as ``"E:2C S:3C …"`` (a trick per entry) and South's
    cards now."""

    name: str
    tricks: tuple[str, ...]
    south: str

    def position(self, chosen: str) -> Position:
        """The position with South choosing ``chosen`` (one card, or three for the pass)."""
        plays = [(SEATS.index(w[0]), Card.parse(w[2:])) for t in self.tricks for w in t.split()]
        deal = _deal(plays, parse_cards(self.south))
        hand = HandState(RULES, 1, deal, PassDirection.HOLD if plays else PassDirection.LEFT)
        for seat, card in plays:
            assert hand.to_move == seat, f"{self.name}: {CARDS[card]} played out of turn"
            hand.play(card)
        assert plays == [] or hand.to_move == SOUTH, f"{self.name}: not South's turn"
        world = hand.copy()
        if not plays:  # the others pass as the normal level would (hindsight plays them out)
            pr = policy_rules(RULES)
            offset = RULES.pass_offset(hand.pass_direction)
            world.passes = [choose_pass(pr, h, offset)[0] for h in hand.hands]
        return Position(hand_view(hand, SOUTH), tuple(parse_cards(chosen)), world)


def _deal(plays: list[tuple[int, Card]], south: list[Card]) -> list[int]:
    """South's cards and every card played where it was played; the rest dealt at random to
    the other seats, none to a seat in a suit it showed it did not have."""
    held: list[list[int]] = [[] for _ in SEATS]
    held[SOUTH] += south
    voids = [0] * len(SEATS)
    trick: list[int] = []
    for seat, card in plays:
        held[seat].append(card)
        trick = [] if len(trick) == len(SEATS) else trick
        if trick and card // 13 != trick[0] // 13:
            voids[seat] |= 1 << trick[0] // 13
        trick.append(card)
    rest = [c for c in range(52) if all(c not in h for h in held)]
    rng = random.Random(1)
    for _ in range(1000):
        rng.shuffle(rest)
        hands = [list(h) for h in held]
        for card in rest:
            room = [s for s in (1, 2, 3) if len(hands[s]) < 13 and not voids[s] >> card // 13 & 1]
            if not room:
                break
            hands[rng.choice(room)].append(card)
        else:
            return [set_of(h) for h in hands]
    raise AssertionError("no deal fits the position: the other seats cannot hold the rest")


TRICK_1 = "E:2C S:3C W:4C N:AC"  # North wins the first trick and leads the second

#: (position, the right card, a wrong card, the grades the wrong card may get)
CASES: list[tuple[Staged, str | None, str, frozenset[Grade]]] = [
    (
        Staged(  # a clear dump of the Q♠: void in diamonds, the A♦ is winning
            "dump the queen", (TRICK_1, "N:KD E:AD"), "5C 6C QS KS AS 2H 3H 4H 5H 6H 7H 8H"
        ),
        "QS",
        "5C",
        COSTLY,
    ),
    (
        Staged(  # a needless overtake of the Q♠: the A♠ is gone, East's Q♠ is winning
            "overtake the queen",
            (TRICK_1, "N:AS E:2S S:3S W:4S", "N:5S E:QS"),
            "KS 6S 5C 6C 7C 2D 3D 4D 2H 3H 4H",
        ),
        "6S",
        "KS",
        COSTLY,
    ),
    (
        Staged(  # a lead into a known void: East has no diamonds, and the K♦ wins the trick
            "lead into a void",
            (TRICK_1, "N:2D E:8H S:AD W:3D"),
            "KD QD 2S 3S 4S 5S 6C 7C 2H 3H 4H",
        ),
        "2S",
        "KD",
        COSTLY,
    ),
    (
        Staged(  # last on a heart trick: North's Q♥ wins it unless South goes over (the K♥
            # kept is a danger later, so taking the trick costs about a point, not four)
            "take the hearts",
            (TRICK_1, "N:2D E:3D S:4D W:2H", "S:5S W:AS N:6S E:7S", "W:3H N:QH E:4H"),
            "KH 5H 6C 7C 8C 5D 6D 8S 9S TS",
        ),
        "5H",
        "KH",
        MARKED,
    ),
    (
        Staged(  # the Q♠ under North's K♠, the A♠ gone: North takes it
            "queen under the king",
            (TRICK_1, "N:AS E:2S S:3S W:4S", "N:KS E:5S"),
            "QS 6S 5C 6C 7C 2D 3D 4D 2H 3H 4H",
        ),
        "QS",
        "6S",
        MARKED,
    ),
    (
        Staged(  # East threw the Q♠ on North's 9♦: South's 10♦ could take it
            "overtake a trick with the queen",
            (TRICK_1, "N:9D E:QS"),
            "TD 2D 5C 6C 7C 2S 3S 4S 2H 3H 4H 5H",
        ),
        "2D",
        "TD",
        COSTLY,
    ),
    (
        Staged(  # South plays last on it: the 10♦ would surely take the Q♠
            "take the queen last",
            ("N:2C E:3C S:5C W:AC", "W:9D N:QS E:8D"),
            "TD 2D 6C 7C 8C 2S 3S 4S 2H 3H 4H 5H",
        ),
        "2D",
        "TD",
        COSTLY,
    ),
    (
        Staged(  # the Q♠ is out, West plays after South: over East's 10♠ West drops it
            "stay under",
            (TRICK_1, "N:9S E:TS"),
            "KS 2S 3S 4S 5C 6C 7C 2D 3D 4D 2H 3H",
        ),
        "2S",
        "KS",
        MARKED,
    ),
    (
        Staged(  # leading a guarded Q♠ with the A♠ and K♠ out: the others duck, South takes it
            "lead the queen",
            ("S:2C W:3C N:4C E:AC", "E:2D S:AD W:3D N:4D"),
            "QS 2S 3S 4S 6C 7C 8C 5D 6D 2H 3H",
        ),
        None,
        "QS",
        COSTLY,
    ),
    (
        Staged(  # passing the three lowest cards and keeping every danger
            "pass the lowest", (), "AS KS QS AH KH QH JH 2C 3C 4C 2D 3D 4D"
        ),
        None,
        "2C 3C 4C",
        MARKED,
    ),
    (
        Staged(  # the same, keeping the Q♠ with its two guards above it
            "pass low diamonds", (), "AS KS QS AH KH QH JH 2C 3C 4C 2D 3D 4D"
        ),
        None,
        "2D 3D 4D",
        MARKED,
    ),
]


def _graded(staged: Staged, chosen: str) -> Grade:
    return review_position(staged.position(chosen), BUDGET).grade


@pytest.mark.parametrize(("staged", "right"), [(s, r) for s, r, _, _ in CASES if r])
def test_the_right_card_is_good(staged: Staged, right: str) -> None:
    assert _graded(staged, right) is Grade.GOOD


@pytest.mark.parametrize(("staged", "wrong", "grades"), [(s, w, g) for s, _, w, g in CASES])
def test_the_wrong_card_is_marked(staged: Staged, wrong: str, grades: frozenset[Grade]) -> None:
    assert _graded(staged, wrong) in grades


def test_a_forced_card_is_good() -> None:
    staged = Staged("one spade", (TRICK_1, "N:9S E:TS"), "2S 5C 6C 7C 2D 3D 4D 5D 2H 3H 4H 5H")
    assert _graded(staged, "2S") is Grade.GOOD


def test_there_are_twenty_positions() -> None:
    right = sum(1 for _, r, _, _ in CASES if r)
    assert right + len(CASES) + 1 == 20  # the right cards, the wrong ones, the forced card
