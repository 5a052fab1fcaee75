"""Decisions depend on the seat's view and the seed only: replayable, and blind to hidden cards."""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import ModuleType

import pytest

from peppa_qt.ai import make_player
from peppa_qt.ai.base import Decision
from peppa_qt.engine import HandState, PassDirection, Phase, RuleSet, cards_of, mask_of
from peppa_qt.engine.cardset import add, listed, minus, plus, remove, set_of
from peppa_qt.engine.view import PlayerView, hand_view

LEVELS = ("easy", "normal", "hard", "expert")


@pytest.fixture(autouse=True)
def _small_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Search levels with few deals and no time cap: same decisions, quicker tests."""
    from peppa_qt.ai.expert import ExpertPlayer
    from peppa_qt.ai.hard import HardPlayer
    from peppa_qt.ai.search import Budget

    monkeypatch.setattr(HardPlayer, "budget", Budget(worlds=6, seconds=60.0))
    monkeypatch.setattr(ExpertPlayer, "worlds", 24)
    monkeypatch.setattr(ExpertPlayer, "pass_worlds", 24)
    monkeypatch.setattr(ExpertPlayer, "seconds", 60.0)


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_view_and_seed_give_the_same_decision(level: str, aikit: ModuleType) -> None:
    rng = random.Random(f"determinism-{level}")
    for rules in aikit.all_rules()[::4]:
        _, view = aikit.random_position(rules, rng)
        first = make_player(level, seed=11).decide(view)
        assert make_player(level, seed=11).decide(view) == first
        assert make_player(level, seed=11).decide(view) == first


@dataclass(frozen=True)
class History:
    """A hand's deal, dealer, pass direction, passes and plays: enough to replay it."""

    deal: list[int]
    dealer: int
    direction: PassDirection
    passes: list[int]
    plays: list[int]

    def replay(self, rules: RuleSet, deal: list[int] | None = None) -> HandState:
        """The hand after the history, on this deal or another one."""
        hand = HandState(rules, self.dealer, self.deal if deal is None else deal, self.direction)
        for seat, given in enumerate(self.passes):
            hand.pass_cards(seat, listed(given))
        for card in self.plays:
            hand.play(card)
        return hand


def _random_history(rules: RuleSet, rng: random.Random, aikit: ModuleType) -> History:
    hand = aikit.random_hand(rules, rng)
    passes: list[int] = []
    if hand.phase is Phase.PASSING:
        for seat in range(4):
            chosen = rng.sample(cards_of(hand.hands[seat]), 3)
            passes.append(mask_of(chosen))
            hand.pass_cards(seat, chosen)
    plays: list[int] = []
    for _ in range(rng.randrange(4 * rules.hand_size - 1)):
        card = rng.choice(cards_of(hand.legal_mask()))
        plays.append(card)
        hand.play(card)
    return History(list(hand.deal), hand.dealer, hand.pass_direction, passes, plays)


def _swap_hidden(
    hand: HandState, me: int, passes: list[int], rng: random.Random
) -> list[int] | None:
    """The deal with two unplayed, unpassed cards of one suit swapped between two other seats."""
    a, b = rng.sample([s for s in range(4) if s != me], 2)
    fixed = sum(passes) | mask_of(hand.plays)
    for suit in rng.sample(range(4), 4):
        mine_a = [c for c in cards_of(hand.hands[a] & ~fixed) if c // 13 == suit]
        mine_b = [c for c in cards_of(hand.hands[b] & ~fixed) if c // 13 == suit]
        if mine_a and mine_b:
            x, y = rng.choice(mine_a), rng.choice(mine_b)
            deal = list(hand.deal)
            deal[a] ^= (1 << x) | (1 << y)
            deal[b] ^= (1 << x) | (1 << y)
            return deal
    return None


@pytest.mark.parametrize("level", LEVELS)
def test_hidden_cards_elsewhere_do_not_change_the_decision(level: str, aikit: ModuleType) -> None:
    rng = random.Random(f"fairness-{level}")
    compared = 0
    for rules in aikit.all_rules():
        history = _random_history(rules, rng, aikit)
        hand = history.replay(rules)
        me = hand.to_move
        assert me is not None
        other_deal = _swap_hidden(hand, me, history.passes, rng)
        if other_deal is None:
            continue
        twin = history.replay(rules, other_deal)
        assert twin.hands != hand.hands
        view, twin_view = hand_view(hand, me), hand_view(twin, me)
        assert view == twin_view
        assert _decide(level, view) == _decide(level, twin_view)
        compared += 1
    assert compared > len(aikit.COMBOS) // 2


def test_passes_do_not_depend_on_the_other_hands(aikit: ModuleType) -> None:
    rng = random.Random("fair-pass")
    for rules in aikit.all_rules()[::3]:
        hand = aikit.random_hand(rules, rng)
        if hand.phase is not Phase.PASSING:
            continue
        others = [hand.deal[s] for s in (1, 2, 3)]
        pool = cards_of(others[0] | others[1] | others[2])
        rng.shuffle(pool)
        size = rules.hand_size
        deal = [hand.deal[0]] + [mask_of(pool[i * size : (i + 1) * size]) for i in range(3)]
        twin = HandState(rules, hand.dealer, deal, hand.pass_direction)
        for level in LEVELS:
            assert _decide(level, hand_view(hand, 0)) == _decide(level, hand_view(twin, 0))


def _decide(level: str, view: PlayerView) -> Decision:
    return make_player(level, seed=2024).decide(view)


# --------------------------------------------------------------------------- Belmont


@pytest.mark.parametrize("level", LEVELS)
def test_in_belmont_the_same_view_and_seed_give_the_same_decision(
    level: str, aikit: ModuleType
) -> None:
    rng = random.Random(f"belmont-determinism-{level}")
    for rules in aikit.belmont_rules()[::3]:
        _, view = aikit.random_position(rules, rng)
        first = make_player(level, seed=11).decide(view)
        assert make_player(level, seed=11).decide(view) == first


def _belmont_history(rules: RuleSet, rng: random.Random, aikit: ModuleType) -> History:
    hand = aikit.random_hand(rules, rng)
    passes: list[int] = []
    if hand.phase is Phase.PASSING:
        for seat in range(rules.seats):
            chosen = rng.sample(listed(hand.hands[seat]), 3)
            passes.append(set_of(chosen))
            hand.pass_cards(seat, chosen)
    plays: list[int] = []
    for _ in range(rng.randrange(rules.seats * rules.hand_size - 1)):
        card = rng.choice(cards_of(hand.legal_mask()))
        plays.append(card)
        hand.play(card)
    return History(list(hand.deal), hand.dealer, hand.pass_direction, passes, plays)


def _swap_hidden_copies(
    hand: HandState, me: int, passes: list[int], rng: random.Random
) -> list[int] | None:
    """The deal with two unplayed, unpassed cards of one suit swapped between two other seats
    (a card and a card, whatever their copies: the seat sees the same either way)."""
    fixed = set_of(hand.plays)
    for given in passes:
        fixed = plus(fixed, given)
    others = [s for s in range(hand.rules.seats) if s != me]
    for _ in range(20):
        a, b = rng.sample(others, 2)
        suit = rng.randrange(4)
        mine_a = [c for c in listed(minus(hand.hands[a], fixed)) if c // 13 == suit]
        mine_b = [c for c in listed(minus(hand.hands[b], fixed)) if c // 13 == suit]
        pairs = [(x, y) for x in mine_a for y in mine_b if x != y]
        if pairs:
            x, y = rng.choice(pairs)
            deal = list(hand.deal)
            deal[a] = add(remove(deal[a], x), y)
            deal[b] = add(remove(deal[b], y), x)
            return deal
    return None


@pytest.mark.parametrize("level", LEVELS)
def test_in_belmont_hidden_cards_elsewhere_do_not_change_the_view_nor_the_decision(
    level: str, aikit: ModuleType
) -> None:
    rng = random.Random(f"belmont-fairness-{level}")
    compared = 0
    for rules in aikit.belmont_rules() * (1 if level == "expert" else 2):
        history = _belmont_history(rules, rng, aikit)
        hand = history.replay(rules)
        me = hand.to_move
        assert me is not None
        other_deal = _swap_hidden_copies(hand, me, history.passes, rng)
        if other_deal is None:
            continue
        twin = history.replay(rules, other_deal)
        assert twin.hands != hand.hands
        view, twin_view = hand_view(hand, me), hand_view(twin, me)
        assert view == twin_view  # the view type holds no card of another hand
        assert _decide(level, view) == _decide(level, twin_view)
        compared += 1
    assert compared >= 8


def test_in_belmont_passes_do_not_depend_on_the_other_hands(aikit: ModuleType) -> None:
    rng = random.Random("belmont-fair-pass")
    for rules in aikit.belmont_rules()[::2]:
        hand = aikit.random_hand(rules, rng)
        if hand.phase is not Phase.PASSING:
            continue
        pool = listed(minus(rules.deck_mask, hand.deal[0]))
        rng.shuffle(pool)
        size = rules.hand_size
        others = range(rules.seats - 1)
        deal = [hand.deal[0]] + [set_of(pool[i * size : (i + 1) * size]) for i in others]
        twin = HandState(rules, hand.dealer, deal, hand.pass_direction)
        for level in ("easy", "normal", "hard"):
            assert _decide(level, hand_view(hand, 0)) == _decide(level, hand_view(twin, 0))
