"""A first end-to-end check: random games of every rule set replay from their records."""

import random

import pytest

from peppa_qt.engine import Match, Phase, RuleSet, cards_of, read_record, replay, summary
from peppa_qt.engine.record import record_of, write_record


def play_random_game(preset: str, seed: int) -> Match:
    rng = random.Random(seed)
    match = Match(RuleSet.preset(preset), seed)
    while not match.is_over:
        hand = match.start_hand()
        if hand.phase is Phase.PASSING:
            for seat in range(4):
                hand.pass_cards(seat, rng.sample(cards_of(hand.hands[seat]), 3))
        while hand.phase is Phase.PLAYING:
            hand.play(rng.choice(cards_of(hand.legal_mask())))
    return match


@pytest.mark.parametrize("preset", ["peppa", "torino", "hearts"])
def test_random_game_round_trips_through_its_record(preset: str) -> None:
    match = play_random_game(preset, 7)
    again = replay(read_record(write_record(record_of(match))))
    assert summary(again) == summary(match)
    assert summary(match)["over"] is True
