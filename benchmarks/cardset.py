"""Two ways to keep a set of cards where a card may be there twice, timed side by side.

    .venv/bin/python benchmarks/cardset.py [--rounds 7]

*Halves* (``engine/cardset.py``, what the game uses): one int, bit c = card c at least once,
bit 52 + c = twice. *Counts*: one int, two bits per card holding its count (0, 1, 2), so
adding and removing a copy is plain arithmetic. Each operation the engine and the players do
most is timed on the same random hands, once with one deck (every four-seat set) and once with
copies (Belmont's eight): removing a played card, the cards of a suit and how many, whether a
card is held, taking a trick's four cards into a player's takings, what is left of the deck.
Printed: nanoseconds per operation (the best of the rounds, process CPU time) and counts /
halves.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from peppa_qt.engine.cards import SUIT_MASKS
from peppa_qt.engine.cardset import COPY_SHIFT, SUIT_SETS, minus, plus, remove, set_of

#: The counts encoding: card c's count in bits 2c and 2c + 1; a suit is 26 bits.
COUNT_SUITS = tuple(((1 << 26) - 1) << (26 * s) for s in range(4))
LOW_BITS = sum(1 << (2 * c) for c in range(52))


def counts_of(cards: list[int]) -> int:
    """A set in the counts encoding."""
    out = 0
    for card in cards:
        out += 1 << (2 * card)
    return out


def counts_size(cards: int) -> int:
    """How many cards, copies counted, in the counts encoding."""
    return (cards & LOW_BITS).bit_count() + 2 * (cards & ~LOW_BITS).bit_count()


def timed(step: Callable[[], object], count: int, rounds: int) -> float:
    """Nanoseconds per call of ``step``, the best of ``rounds``."""
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        for _ in range(count):
            step()
        best = min(best, time.process_time() - start)
    return best / count * 1e9


def hands(copies: bool, rng: random.Random) -> list[list[int]]:
    """Thirteen-card hands of one deck, or of two decks (with copies)."""
    deck = list(range(52)) * (2 if copies else 1)
    rng.shuffle(deck)
    return [deck[k * 13 : (k + 1) * 13] for k in range(len(deck) // 13)]


Case = tuple[str, Callable[[], object], Callable[[], object]]


def _cases(  # noqa: PLR0917  (the one hand and trick all the cases time)
    card: int, h0: int, c0: int, trick: list[int], decks: tuple[int, int], copies: bool
) -> list[Case]:
    """The operations, as each encoding does them: with one deck the halves are the plain
    52-bit mask, so the engine's one-deck code does them as bit operations."""
    deck_h, deck_c = decks
    if copies:
        take_out: Callable[[], object] = lambda: remove(h0, card)  # noqa: E731
        into: Callable[[], object] = lambda: plus(h0, set_of(trick))  # noqa: E731
        left: Callable[[], object] = lambda: minus(deck_h, h0)  # noqa: E731
    else:
        take_out = lambda: h0 ^ 1 << card  # noqa: E731
        into = lambda: h0 | 1 << trick[0] | 1 << trick[1] | 1 << trick[2] | 1 << trick[3]  # noqa: E731
        left = lambda: deck_h & ~h0  # noqa: E731
    suit_h, suit_c = SUIT_MASKS[1], COUNT_SUITS[1]
    return [
        ("remove a played card", take_out, lambda: c0 - (1 << (2 * card))),
        (
            "a suit's cards, how many",
            lambda: (h0 & SUIT_SETS[2]).bit_count(),  # noqa: PLW0108  (timed as the others)
            lambda: counts_size(c0 & COUNT_SUITS[2]),
        ),
        ("the card held?", lambda: h0 >> card & 1, lambda: c0 >> (2 * card) & 3),
        ("a trick into the takings", into, lambda: c0 + sum(1 << (2 * x) for x in trick)),
        ("what is left of the deck", left, lambda: deck_c - c0),
        (
            "the lowest card of a suit",
            lambda: ((h0 & suit_h) & -(h0 & suit_h)).bit_length() - 1,
            lambda: (((c0 & suit_c) & -(c0 & suit_c)).bit_length() - 1) >> 1,
        ),
    ]


def main() -> None:
    """Time and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(1)
    print(f"command: {' '.join(sys.argv)}")
    print(f"{'operation':28} {'deck':8} {'halves ns':>10} {'counts ns':>10} {'ratio':>6}")
    for copies in (False, True):
        dealt = hands(copies, rng)
        halves = [set_of(h) for h in dealt]
        counts = [counts_of(h) for h in dealt]
        deck_h, deck_c = halves[0], counts[0]
        for h, c in zip(halves[1:], counts[1:], strict=True):
            deck_h, deck_c = plus(deck_h, h), deck_c + c
        cases = _cases(dealt[0][0], halves[0], counts[0], dealt[1][:4], (deck_h, deck_c), copies)
        deck = "two" if copies else "one"
        for name, with_halves, with_counts in cases:
            a = timed(with_halves, 20_000, args.rounds)
            b = timed(with_counts, 20_000, args.rounds)
            print(f"{name:28} {deck:8} {a:10.1f} {b:10.1f} {b / a:6.2f}")
    print(f"(copy bit at {COPY_SHIFT}: a set of one deck is the 52-bit mask itself)")


if __name__ == "__main__":
    main()
