"""Hints: every reason has a sentence, and the suggestion is the normal level's move."""

from __future__ import annotations

import random
from collections import Counter
from types import ModuleType

from peppa_qt.ai.advice import suggest
from peppa_qt.ai.easy import SLIP_RATE, EasyPlayer
from peppa_qt.ai.hints import SENTENCES, Hint, sentence
from peppa_qt.ai.normal import NormalPlayer
from peppa_qt.engine import RuleSet


def test_every_reason_code_has_an_english_sentence() -> None:
    assert set(SENTENCES) == set(Hint)
    assert all(text.endswith(".") and text[0].isupper() for text in SENTENCES.values())
    assert sentence("dump_queen") == SENTENCES[Hint.DUMP_QUEEN]
    assert sentence("no_such_code") == ""


def test_a_hint_is_what_the_normal_level_would_do(aikit: ModuleType) -> None:
    rng = random.Random("suggest")
    for rules in aikit.all_rules()[::9]:
        _, view = aikit.random_position(rules, rng)
        decision = NormalPlayer(0).decide(view)
        assert suggest(view) == (decision.cards, decision.reason)


def test_the_easy_level_slips_about_one_play_in_four_and_has_no_moon_logic(
    aikit: ModuleType,
) -> None:
    rng = random.Random("slips")
    reasons: Counter[str] = Counter()
    rules = RuleSet.preset("hearts")
    while sum(reasons.values()) < 1500:
        _, view = aikit.random_position(rules, rng)
        if view.to_move is not None and view.legal.bit_count() > 1:
            reasons[EasyPlayer(rng.randrange(100)).decide(view).reason] += 1
    share = reasons[Hint.HUNCH] / sum(reasons.values())
    assert abs(share - SLIP_RATE) < 0.05
    assert not {Hint.SHOOT_MOON, Hint.STOP_MOON, Hint.DENY_MOON} & set(reasons)
