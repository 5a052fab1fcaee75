"""benchmarks/openspiel_bot.py: a seat's view turned into an OpenSpiel hearts state.

The translation is plain Python and is checked here without OpenSpiel: the actions it builds
are decoded back into a deal and passes, which our engine then plays to the same position.
The tests that load OpenSpiel itself run only where pyspiel is installed (the ``bench``
extra; CI has none and skips them).
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from peppa_qt.engine import Match, Phase, PlayerView, RuleSet, cards_of, view_of
from peppa_qt.engine.cards import Card, parse_cards
from peppa_qt.engine.cardset import listed
from peppa_qt.engine.hand import HandState
from peppa_qt.engine.rules import PassDirection

ROOT = Path(__file__).resolve().parents[1]
HEARTS = RuleSet.preset("hearts")


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "openspiel_bot", ROOT / "benchmarks/openspiel_bot.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["openspiel_bot"] = module
    spec.loader.exec_module(module)
    return module


bot = _load()


def _views(seed: int, count: int) -> list[PlayerView]:
    """Views of random hearts hands: every pass direction, passing and mid-play."""
    rng = random.Random(seed)
    views = []
    for game in range(count):
        match = Match(HEARTS, rng.getrandbits(53), track_undo=False)
        for _ in range(game % 4):  # hands 1-3 pass right, across, hold
            hand = match.start_hand()
            if hand.phase is Phase.PASSING:
                for seat in range(4):
                    hand.pass_cards(seat, listed(hand.hands[seat])[:3])
            while hand.phase is Phase.PLAYING:
                hand.play(cards_of(hand.legal_mask())[0])
        hand = match.start_hand()
        if hand.phase is Phase.PASSING:
            views.append(view_of(match, rng.randrange(4)))
            for seat in range(4):
                hand.pass_cards(seat, rng.sample(listed(hand.hands[seat]), 3))
        for _ in range(rng.randrange(52)):
            hand.play(rng.choice(cards_of(hand.legal_mask())))
        assert hand.to_move is not None
        views.append(view_of(match, hand.to_move))
    return views


def _replayed(view: PlayerView, actions: list[int]) -> HandState:
    """Our engine playing the deal, passes and plays that the OpenSpiel actions say."""
    me = view.seat
    deal = [0] * 4
    for k, action in enumerate(actions[1:53]):
        deal[bot.our_seat(k % 4, me)] |= 1 << bot.our_card(action)
    hand = HandState(HEARTS, view.dealer, deal, view.pass_direction, track_undo=False)
    rest = actions[53:]
    if view.pass_direction is not PassDirection.HOLD:
        passes, rest = rest[:12], rest[12:]
        if view.phase is Phase.PASSING:
            assert passes == []  # the asking seat is OpenSpiel's first to pass
            return hand
        for player in range(4):
            cards = [bot.our_card(a) for a in passes[3 * player : 3 * player + 3]]
            hand.pass_cards(bot.our_seat(player, me), cards)
    for action in rest:
        hand.play(bot.our_card(action))
    return hand


def test_cards_and_seats_map_onto_openspiel_numbering_and_turns() -> None:
    # OpenSpiel numbers a card rank * 4 + suit (clubs, diamonds, hearts, spades).
    two_clubs, queen, ace_hearts = parse_cards("2C QS AH")
    assert [bot.os_card(c) for c in (two_clubs, queen, ace_hearts)] == [0, 10 * 4 + 3, 12 * 4 + 2]
    assert all(bot.our_card(bot.os_card(c)) == c for c in range(52))
    for me in range(4):
        assert bot.os_player(me, me) == 0
        for seat in range(4):
            player = bot.os_player(seat, me)
            assert bot.our_seat(player, me) == seat
            # OpenSpiel's next player is (p + 1) % 4, and p passes to (p + direction) % 4.
            assert bot.os_player(HEARTS.next_seat(seat), me) == (player + 1) % 4
            for direction, number in bot.PASS_DIR.items():
                receiver = HEARTS.receiver(seat, direction)
                assert bot.os_player(receiver, me) == (player + number) % 4


def test_only_the_hearts_preset_with_its_own_rules_is_taken() -> None:
    assert bot.rules_problem(HEARTS) == ""
    assert bot.rules_problem(RuleSet.preset("peppa"))
    assert bot.rules_problem(HEARTS.with_options(queen_breaks_hearts=True))
    assert bot.rules_problem(HEARTS.with_options(moon="subtract"))
    assert bot.rules_problem(HEARTS.with_options(jack_of_diamonds=-10))


def test_every_view_becomes_a_deal_passes_and_plays_our_engine_accepts() -> None:
    for view in _views(seed=4, count=80):
        actions = bot.state_actions(view, random.Random(1))
        assert actions[0] == bot.PASS_DIR[view.pass_direction]
        assert sorted(actions[1:53]) == list(range(52))
        hand = _replayed(view, actions)
        me = view.seat
        assert hand.deal[me] == view.dealt
        assert hand.hands[me] == view.hand
        if view.phase is Phase.PLAYING:
            assert hand.to_move == me
            assert tuple(hand.plays) == view.plays
            assert hand.legal_mask() == view.legal
            assert hand.hearts_broken == view.hearts_broken
            assert [len(cards_of(h)) for h in hand.hands] == list(view.counts)
            if view.pass_direction is not PassDirection.HOLD:
                assert hand.passes[me] == view.passed
                assert hand.received(me) == view.received


def test_hidden_cards_are_dealt_only_where_the_play_allows() -> None:
    # A seat that did not follow clubs holds none; one that threw a heart on the first
    # trick held nothing but hearts and the Q♠.
    for view in _views(seed=9, count=120):
        start = bot.play_start_hands(view, random.Random(2)) if view.plays else None
        if start is None:
            continue
        played = bot.played_by(view)
        for seat, allowed in enumerate(bot.allowed_cards(view)):
            if seat != view.seat:
                assert (start[seat] & ~played[seat]) & ~allowed == 0


def test_a_void_shown_in_the_first_trick_is_kept() -> None:
    rng = random.Random(0)
    needs = [0, 2, 2, 0]
    clubs_free = ~sum(1 << c for c in parse_cards("3C 4C"))
    allowed = [0, clubs_free, -1, 0]
    for _ in range(20):
        hands = bot.deal_out(sum(1 << c for c in parse_cards("3C 4C 5H 6H")), needs, allowed, rng)
        assert hands[1] == sum(1 << c for c in parse_cards("5H 6H"))
    with pytest.raises(ValueError, match="no deal"):
        bot.deal_out(1 << Card.parse("3C"), [1, 0], [0, -1], rng)


def test_the_search_seed_depends_on_the_seed_and_the_position_only() -> None:
    first, second = _views(seed=5, count=2)[:2]
    assert bot.search_seed(3, first) == bot.search_seed(3, first)
    assert bot.search_seed(3, first) != bot.search_seed(4, first)
    assert bot.search_seed(3, first) != bot.search_seed(3, second)


# ----------------------------------------------------------------- with OpenSpiel itself


def test_openspiel_reaches_the_same_position_and_answers_with_a_legal_choice() -> None:
    pytest.importorskip("pyspiel")
    player = bot.OpenSpielPlayer(seed=1, simulations=20)
    for view in _views(seed=6, count=24):
        state = player.state_of(view)
        assert state.current_player() == 0
        decision = player.decide(view)
        if view.phase is Phase.PASSING:
            assert len(set(decision.cards)) == 3
            assert all(view.hand >> c & 1 for c in decision.cards)
        else:
            theirs = sum(1 << bot.our_card(a) for a in state.legal_actions())
            assert theirs == view.legal
            assert view.legal >> decision.cards[0] & 1
    assert player.disagreements == 0


def test_the_bench_compares_with_openspiel_where_it_is_installed() -> None:
    import subprocess

    command = [sys.executable, "-m", "peppa_qt", "bench", "openspiel", "--seconds", "0.05"]
    done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT)
    lines = done.stdout.splitlines()
    if importlib.util.find_spec("pyspiel") is None:
        assert lines == [
            "OpenSpiel is not installed here: pip install open-spiel (the bench extra)"
        ]
    else:
        assert lines[0].startswith("build: ")
        assert lines[-1].startswith("peppa / openspiel: hands ")
        assert [line.split()[0] for line in lines[3:6]] == ["peppa", "openspiel", "openspiel"]
