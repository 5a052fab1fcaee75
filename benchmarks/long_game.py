#!/usr/bin/env python3
"""Long games cost linear time: checking, replaying and viewing a game of N hands.

    python benchmarks/long_game.py [--hands 1000,4000,9999]

For each length, a game of that many hands (and one under way) is played with random legal
cards, written as a record, then read and replayed as ``peppa-qt check`` does; the seat to
move is then viewed, as a computer player is before each card, and the public table made, as
the window's is after each card. It prints the time per hand of each
step; in linear time the figures per hand stay level as the game grows (the last column is
the ratio to the shortest game's).
"""

from __future__ import annotations

import argparse
import random
import time

from peppa_qt.engine import (
    Match,
    Phase,
    RuleSet,
    read_record,
    record_of,
    replay,
    summary,
    write_record,
)
from peppa_qt.engine.cards import cards_of
from peppa_qt.engine.public import table_of
from peppa_qt.engine.view import view_of


def long_game(hands: int, seed: int = 1) -> Match:
    """A game of ``hands`` hands played and one more under way (cards chosen at random among
    the legal ones): the position of a long game resumed mid-hand."""
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": hands + 1}})
    match = Match(rules, seed, track_undo=False)
    rng = random.Random(seed)
    for index in range(hands + 1):
        hand = match.start_hand()
        if hand.phase is Phase.PASSING:
            for seat in range(4):
                match.pass_cards(seat, rng.sample(cards_of(hand.hands[seat]), 3))
        moves = 52 if index < hands else 21
        for _ in range(moves):
            match.play(rng.choice(cards_of(hand.legal_mask())))
    return match


def measure(hands: int) -> tuple[float, float, float]:
    """Seconds: check per hand, one view of the seat to move, one public table."""
    text = write_record(record_of(long_game(hands)))
    start = time.perf_counter()
    match = replay(read_record(text), track_undo=False)
    summary(match)
    check = time.perf_counter() - start
    hand = match.current
    assert hand is not None and hand.to_move is not None
    seat = hand.to_move
    start = time.perf_counter()
    for _ in range(50):
        view_of(match, seat)
    views = (time.perf_counter() - start) / 50
    start = time.perf_counter()
    for _ in range(50):
        table_of(match)
    tables = (time.perf_counter() - start) / 50
    return check / hands, views, tables


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", default="1000,4000,9999", help="game lengths, commas")
    lengths = [int(n) for n in parser.parse_args().hands.split(",")]
    print(
        f"{'hands':>6} {'check ms/hand':>14} {'view µs/move':>13} "
        f"{'table µs/move':>14} {'ratio':>6}"
    )
    first = None
    for hands in lengths:
        check, view, table = measure(hands)
        first = first or check
        print(
            f"{hands:6d} {check * 1e3:14.3f} {view * 1e6:13.1f} {table * 1e6:14.1f} "
            f"{check / first:6.2f}"
        )


if __name__ == "__main__":
    main()
