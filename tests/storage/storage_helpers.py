"""Games for the storage tests, advanced by random legal moves (imported by name)."""

from __future__ import annotations

import random

from peppa_qt.engine import GameRecord, Match, Phase, PlayerInfo, RuleSet, cards_of, record_of

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
            seat = next(s for s in range(4) if hand.passes[s] is None)
            hand.pass_cards(seat, rng.sample(cards_of(hand.hands[seat]), 3))
        else:
            hand.play(rng.choice(cards_of(hand.legal_mask())))
    return match


def finished(preset: str = "peppa", hands: int = 2, seed: int = 3, **options: object) -> Match:
    """A game played to its end."""
    rules = RuleSet.preset(preset, {"end": {"mode": "hands", "count": hands}, **options})
    return advance(Match(rules, seed, track_undo=False), 10_000, seed)


def record_after(actions: int, preset: str = "hearts", seed: int = 7) -> GameRecord:
    """The record of a two-hand game ``actions`` moves in."""
    rules = RuleSet.preset(preset, {"end": {"mode": "hands", "count": 2}})
    return record_of(advance(Match(rules, seed, track_undo=False), actions, seed), PLAYERS)
