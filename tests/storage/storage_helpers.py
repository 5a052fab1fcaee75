"""Games for the storage tests, advanced by random legal moves (imported by name)."""

from __future__ import annotations

import random

from peppa_qt.engine import GameRecord, Match, Phase, PlayerInfo, RuleSet, cards_of, record_of
from peppa_qt.engine.cardset import listed

PLAYERS = (
    PlayerInfo("Anna"),
    PlayerInfo("Bruno", "ai", "normal"),
    PlayerInfo("Carla", "ai", "hard"),
    PlayerInfo("Dario", "ai", "easy"),
)


def advance(match: Match, actions: int, seed: int = 0) -> Match:
    """``actions`` random legal passes or plays (dealing hands as needed); stops at game over."""
    rng = random.Random(seed)
    for _ in range(actions):
        hand = match.current
        if hand is None or hand.phase is Phase.SCORED:
            if match.is_over:
                break
            hand = match.start_hand()
        if hand.phase is Phase.PASSING:
            seat = next(s for s, cards in enumerate(hand.passes) if cards is None)
            hand.pass_cards(seat, rng.sample(listed(hand.hands[seat]), hand.rules.pass_size))
        else:
            hand.play(rng.choice(cards_of(hand.legal_mask())))
    return match


def finished(preset: str = "peppa", hands: int = 2, seed: int = 3, **options: object) -> Match:
    """A game played to its end."""
    rules = RuleSet.preset(preset, {"end": {"mode": "hands", "count": hands}, **options})
    return advance(Match(rules, seed, track_undo=False), 10_000, seed)


def belmont_players(seats: int) -> tuple[PlayerInfo, ...]:
    """Anna at South, computers of every level round the rest of the table."""
    levels = ("easy", "normal", "hard", "expert")
    names = ("Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ugo")
    return (
        PlayerInfo("Anna"),
        *(PlayerInfo(names[s], "ai", levels[s % 4]) for s in range(seats - 1)),
    )


def belmont_after(actions: int, seats: int, seed: int = 7, hands: int = 2) -> GameRecord:
    """The record of a Belmont game of ``hands`` hands at ``seats``, ``actions`` moves in."""
    rules = RuleSet.preset("belmont", {"end": {"mode": "hands", "count": hands}}, seats=seats)
    match = advance(Match(rules, seed, track_undo=False), actions, seed)
    return record_of(match, belmont_players(seats))


def record_after(actions: int, preset: str = "hearts", seed: int = 7) -> GameRecord:
    """The record of a two-hand game ``actions`` moves in."""
    rules = RuleSet.preset(preset, {"end": {"mode": "hands", "count": 2}})
    return record_of(advance(Match(rules, seed, track_undo=False), actions, seed), PLAYERS)
