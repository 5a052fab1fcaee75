"""Hints: every reason has a sentence, and the suggestion is the normal level's move."""

from __future__ import annotations

import random
from collections import Counter
from types import ModuleType

import pytest

from peppa_qt.ai import make_player
from peppa_qt.ai.advice import suggest
from peppa_qt.ai.easy import SLIP_RATE, EasyPlayer
from peppa_qt.ai.hints import SENTENCES, Hint, sentence
from peppa_qt.ai.normal import NormalPlayer
from peppa_qt.ai.table import HIGH_SPADES, QS, QS_BIT, from_card
from peppa_qt.engine import RuleSet
from peppa_qt.engine.cards import HEARTS, SPADES, SUIT_MASKS, Card, cards_of
from peppa_qt.engine.cardset import FACES, SUIT_SETS, listed, minus, remove, set_of, size
from peppa_qt.engine.rules import EndMode, MoonMode
from peppa_qt.engine.trick import winner_position
from peppa_qt.engine.view import PlayerView


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


# --------------------------------------------------------------------------- Belmont


def _others_hold(view: PlayerView) -> int:
    """The different cards the other seats may hold, as the seat knows it."""
    return minus(minus(view.rules.deck_mask, view.hand), set_of(view.plays)) & FACES


def _winning(view: PlayerView) -> int:
    """The card that takes the trick in progress so far."""
    trick = view.trick
    return trick[winner_position(trick)]


def _pass_is_true(view: PlayerView, cards: tuple[Card, ...], reason: str) -> bool:
    given = set_of(cards)
    kept = minus(view.hand, given)
    points = view.rules.card_points
    if reason in _VOIDS:
        suit = _VOIDS[reason]
        return bool(given & SUIT_SETS[suit]) and not kept & SUIT_SETS[suit]
    facts = {
        Hint.PASS_QUEEN: given & QS_BIT,
        Hint.PASS_HIGH_SPADES: given & HIGH_SPADES,
        Hint.PASS_HIGH_HEARTS: any(c.suit == HEARTS and points[c] > 0 for c in cards),
        Hint.PASS_POINT_CARD: any(points[c] > 0 for c in cards),
        Hint.PASS_HIGH_CARDS: True,
        Hint.PASS_FOR_MOON: view.rules.moon is not MoonMode.OFF,
        Hint.PASS_HIGHEST: sorted((c.rank for c in cards), reverse=True)
        == sorted((c.rank for c in listed(view.hand)), reverse=True)[:3],
    }
    return bool(facts[Hint(reason)])


def _moon_taker(view: PlayerView) -> int | None:
    """The seat that has taken every point card taken so far (None: none, or split)."""
    takers = [s for s in range(view.seats) if view.taken[s] & view.rules.moon_mask]
    return takers[0] if len(takers) == 1 else None


def _play_is_true(view: PlayerView, card: Card, reason: str) -> bool:
    rules, trick, legal = view.rules, view.trick, view.legal
    others = _others_hold(view)
    suit_cards = SUIT_MASKS[card.suit]
    if reason == Hint.ONLY_CARD:
        return legal == 1 << card
    if reason in _VOIDS:
        return card.suit == _VOIDS[reason] and not remove(view.hand, card) & SUIT_SETS[card.suit]
    if reason in _MOON:
        taker = _moon_taker(view)
        mine = taker == view.seat or (taker is None and not any(view.taken))
        return rules.moon is not MoonMode.OFF and (mine if reason == Hint.SHOOT_MOON else taker)
    if not trick:
        low = min(c for c in listed(view.hand) if c.suit == card.suit)
        over = (others & suit_cards & from_card(card)).bit_count()  # a copy beats it too
        is_low = 2 * over > (others & suit_cards).bit_count()  # most of those out beat it
        leads = {
            Hint.LEAD_LOW: is_low,
            Hint.LEAD_UNDER: card == low and over > 0,
            Hint.LEAD_SHORT_SUIT: size(view.hand & SUIT_SETS[card.suit]) <= 2,
            Hint.LEAD_LOW_HEART: card.suit == HEARTS and card == low and is_low,
            Hint.BLEED_SPADES: card.suit == SPADES and card < QS and others & QS_BIT,
            Hint.LEAD_WINNER: not others & suit_cards & from_card(low),
        }
        return bool(leads[Hint(reason)])
    win = _winning(view)
    led = trick[0] // 13
    beats = card.suit == led and card >= win  # of two equal cards the later wins
    last = len(trick) == view.seats - 1
    clean = not any(rules.card_points[c] for c in trick)
    facts = {
        Hint.DUCK_HIGH: card.suit == led and not beats,
        Hint.DUCK_QUEEN_OUT: led == SPADES and not beats and others & QS_BIT,
        Hint.STAY_UNDER_QUEEN: card.suit == SPADES and card < QS and others & QS_BIT,
        Hint.FOLLOW_LOW: beats and not legal & ((1 << win) - 1),
        Hint.WIN_CLEAN_TRICK: beats and last and clean,
        Hint.WIN_EARLY_ROUND: beats and led != HEARTS,
        Hint.WIN_FORCED: beats and not legal & ((1 << win) - 1),
        Hint.DUMP_QUEEN: card == QS and not beats,
        Hint.DUMP_HIGH_SPADE: 1 << card & HIGH_SPADES and not beats and others & QS_BIT,
        Hint.DUMP_HEARTS: card.suit == HEARTS != led
        and rules.card_points[card] == max(rules.card_points[c] for c in cards_of(legal)),
        Hint.DUMP_POINTS: rules.card_points[card] > 0 and not beats,
        Hint.DISCARD_HIGH: card.suit != led,
        Hint.AVOID_GAME_END: rules.end_mode is EndMode.POINTS and not beats,
    }
    return bool(facts[Hint(reason)])


_VOIDS = {Hint.VOID_CLUBS: 0, Hint.VOID_DIAMONDS: 1, Hint.VOID_HEARTS: 2, Hint.VOID_SPADES: 3}
_MOON = (Hint.SHOOT_MOON, Hint.STOP_MOON, Hint.DENY_MOON)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_every_belmont_hint_says_something_true_of_the_position(
    level: str, aikit: ModuleType
) -> None:
    rng = random.Random(f"true-hints-{level}")
    player = make_player(level, seed=4)
    seen: Counter[str] = Counter()
    for rules in aikit.belmont_rules() * 50:
        _, view = aikit.random_position(rules, rng)
        decision = player.decide(view)
        reason = decision.reason
        seen[reason] += 1
        if reason == Hint.HUNCH:
            continue
        if view.to_move is None:
            true = _pass_is_true(view, decision.cards, reason)
        else:
            true = _play_is_true(view, decision.cards[0], reason)
        assert true, (reason, [str(c) for c in decision.cards], rules.seats, view.plays)
    assert len(seen) >= 12, seen
