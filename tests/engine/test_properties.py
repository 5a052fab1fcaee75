"""Property tests: thousands of seeded random games checked against the reference model,
and junk records that must be refused with a RecordError and nothing else."""

from __future__ import annotations

import json
import random
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from peppa_qt.engine import Match, Phase, RecordError, read_record, record_of, replay, summary
from peppa_qt.engine.record import record_to_dict, write_record
from peppa_qt.engine.rules import OPTION_NAMES

PRESETS = ["peppa", "torino", "hearts"]


def round_trip_equal(kit: ModuleType, match: Match) -> Match:
    """Write, read and replay ``match``; the replayed game must be the same state."""
    again = replay(read_record(write_record(record_of(match))))
    assert kit.match_snapshot(again) == kit.match_snapshot(match)
    assert summary(again) == summary(match)
    return again


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_random_games_keep_every_invariant(kit: ModuleType, preset: str) -> None:
    """Default rules: each deal, pass, legal-card set, trick winner and score against Ref."""
    hands = 0
    seed = 0
    while hands < 2000:
        checker = kit.Checker(preset, {}, seed=seed, probe=0.02)
        match = checker.game()
        assert match.is_over
        round_trip_equal(kit, match)
        hands += len(match.hands)
        seed += 1


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_random_house_rules_keep_every_invariant(kit: ModuleType, preset: str) -> None:
    """Random mixes of house rules, with a greedy seat so that the moon happens often."""
    rng = random.Random(f"house-rules-{preset}")
    hands = moons = 0
    for seed in range(200):
        options = kit.random_options(preset, rng)
        if rng.random() < 0.5:
            options["moon"] = rng.choice(["give", "subtract"])
        greedy = rng.choice([None, 0, 1, 2, 3])
        checker = kit.Checker(preset, options, seed=seed, probe=0.02, greedy=greedy)
        match = checker.game(max_hands=12)
        hands += len(match.hands)
        moons += sum(r.moon is not None for r in match.results())
        round_trip_equal(kit, match)
    assert hands >= 1000
    assert moons >= 10  # the moon formulas were exercised


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_a_thousand_one_deal_games_per_rule_set(kit: ModuleType, preset: str) -> None:
    """Many short games: every first deal, pass, play and score against Ref, then the record."""
    rng = random.Random(f"one-deal-{preset}")
    for seed in range(1000):
        options = {**kit.random_options(preset, rng), "end": {"mode": "hands", "count": 1}}
        greedy = rng.choice([None, None, 0, 1, 2, 3])
        match = kit.Checker(preset, options, seed=10_000 + seed, greedy=greedy).game()
        assert match.is_over and len(match.hands) == 1
        if seed % 10 == 0:
            round_trip_equal(kit, match)


@pytest.mark.parametrize("preset", PRESETS)
def test_games_in_progress_round_trip(kit: ModuleType, preset: str) -> None:
    rng = random.Random(f"progress-{preset}")
    phases = set()
    for seed in range(120):
        options = kit.random_options(preset, rng) if seed % 2 else {}
        checker = kit.Checker(preset, options, seed=seed, stop_after=rng.randrange(0, 200))
        match = checker.game()
        again = round_trip_equal(kit, match)
        hand = match.current
        if hand is None:  # stopped before the first deal
            assert summary(again)["to_move"] is None and again.hands == []
            continue
        phases.add(hand.phase)
        to_move = summary(again)["to_move"]
        assert to_move == (hand.to_move if hand.phase is Phase.PLAYING else None)
    assert phases == {Phase.PASSING, Phase.PLAYING, Phase.SCORED}


@pytest.mark.parametrize("preset", PRESETS)
def test_undo_back_to_the_deal_in_random_games(kit: ModuleType, preset: str) -> None:
    rng = random.Random(f"undo-{preset}")
    for seed in range(8):
        options = {**kit.random_options(preset, rng), "end": {"mode": "hands", "count": 2}}
        match = Match(kit.rules_of(preset, **options), seed)
        game_rng = random.Random(seed)
        states = []
        while not match.is_over:
            hand = match.start_hand()
            while hand.phase is not Phase.SCORED:
                states.append(kit.match_snapshot(match))
                if hand.phase is Phase.PASSING:
                    seat = next(s for s in range(4) if hand.passes[s] is None)
                    hand.pass_cards(seat, game_rng.sample(kit.cards_of(hand.hands[seat]), 3))
                else:
                    hand.play(game_rng.choice(kit.cards_of(hand.legal_mask())))
        for state in reversed(states):
            match.undo()
            assert kit.match_snapshot(match) == state


# ------------------------------------------------------------------ junk records


def refused_only_with_record_error(text: str | bytes) -> None:
    """Reading and replaying either works or raises RecordError; nothing else escapes."""
    try:
        match = replay(read_record(text))
    except RecordError as error:
        assert error.describe() and "\n" not in error.describe()
        return
    json.dumps(summary(match))


@settings(max_examples=300)
@given(st.text() | st.binary())
def test_random_text_is_refused_cleanly(text: str | bytes) -> None:
    refused_only_with_record_error(text)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=20,
)


@settings(max_examples=300)
@given(json_values)
def test_random_json_is_refused_cleanly(value: Any) -> None:
    refused_only_with_record_error(json.dumps(value))


@settings(max_examples=300)
@given(
    st.fixed_dictionaries(
        {"format": st.just("peppa-record"), "version": st.just(1)},
        optional={
            "rules": json_values
            | st.fixed_dictionaries(
                {"preset": st.sampled_from([*PRESETS, "belmont"])},
                optional={
                    "options": st.dictionaries(
                        st.sampled_from(OPTION_NAMES),
                        json_values,
                    )
                },
            ),
            "players": json_values,
            "seed": json_values,
            "hands": st.lists(json_values, max_size=3),
        },
    )
)
def test_random_documents_of_the_right_format_are_refused_cleanly(value: Any) -> None:
    refused_only_with_record_error(json.dumps(value))


CARD_TEXTS = [r + s for s in "CDHS" for r in "23456789TJQKA"]


@st.composite
def mutated_records(draw: st.DrawFn) -> str:
    """A valid record with one or more damages: cards dropped, doubled, swapped or replaced,
    a field of the wrong type, a key removed, or the text cut short."""
    document = json.loads(json.dumps(draw(st.sampled_from(DOCUMENTS))))
    for _ in range(draw(st.integers(1, 3))):
        hand = draw(st.sampled_from(document["hands"]))
        key = draw(st.sampled_from(["deal", "pass", "play", "dealer", "lead"]))
        if key in ("dealer", "lead") or key not in hand:
            hand[key] = draw(json_values | st.integers(-2, 6))
        elif isinstance(hand[key], list) and len(hand[key]) in (4, 6, 8):
            seat = draw(st.integers(0, len(hand[key]) - 1))
            if hand[key][seat] is None or draw(st.integers(0, 5)) == 0:
                hand[key][seat] = draw(json_values)
            else:
                hand[key][seat] = damage(draw, hand[key][seat])
        else:
            hand[key] = damage(draw, hand[key])
    if draw(st.integers(0, 4)) == 0:
        name = draw(st.sampled_from(["rules", "players", "seed", "hands", "version", "format"]))
        if draw(st.booleans()):
            del document[name]
        else:
            document[name] = draw(json_values)
    text = json.dumps(document)
    if draw(st.integers(0, 9)) == 0:
        text = text[: draw(st.integers(0, len(text)))]
    return text


def damage(draw: st.DrawFn, cards: object) -> object:
    """Drop, double, swap or replace cards in a space-separated card list."""
    if not isinstance(cards, str):  # already replaced by a value of another type
        return draw(json_values)
    words = cards.split()
    op = draw(st.sampled_from(["drop", "double", "swap", "replace", "append", "junk"]))
    if not words or op == "append":
        words.append(draw(st.sampled_from(CARD_TEXTS)))
    elif op == "drop":
        words.pop(draw(st.integers(0, len(words) - 1)))
    elif op == "double":
        words.insert(draw(st.integers(0, len(words))), draw(st.sampled_from(words)))
    elif op == "swap":
        i, j = draw(st.integers(0, len(words) - 1)), draw(st.integers(0, len(words) - 1))
        words[i], words[j] = words[j], words[i]
    elif op == "replace":
        words[draw(st.integers(0, len(words) - 1))] = draw(st.sampled_from(CARD_TEXTS))
    else:
        words[draw(st.integers(0, len(words) - 1))] = draw(st.text(max_size=3))
    return " ".join(words)


DOCUMENTS: list[dict[str, Any]] = []


@pytest.fixture(scope="module", autouse=True)
def _documents(kit: ModuleType) -> None:
    if not DOCUMENTS:
        DOCUMENTS.extend(make_documents(kit))


def make_documents(kit: ModuleType) -> list[dict[str, Any]]:
    """Records of finished games, games in progress and games mid-pass (Belmont's too)."""
    documents = []
    cases: list[tuple[str, int | None, dict[str, Any]]] = [
        ("peppa", None, {}),
        ("hearts", None, {}),
        ("torino", 70, {}),
        ("hearts", 2, {}),
        ("peppa", 56 + 2, {"deck": 36}),
        ("hearts", 3 * 56 + 52 + 7, {"teams": True}),
        ("belmont", None, {"seats": 6}),
        ("belmont", 8 + 104 + 5, {"seats": 8}),
    ]
    for seed, (preset, actions, options) in enumerate(cases):
        end = {"end": {"mode": "hands", "count": 2}} if actions is None else {}
        match = kit.random_game(preset, seed, actions=actions, **options, **end)
        documents.append(record_to_dict(record_of(match)))
    return documents


@settings(max_examples=500)
@given(mutated_records())
def test_damaged_records_are_refused_cleanly(text: str) -> None:
    refused_only_with_record_error(text)
