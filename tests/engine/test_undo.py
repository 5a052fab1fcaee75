"""Undo restores the exact state before an action; refusals change nothing."""

from __future__ import annotations

import random
from types import ModuleType

import pytest

from peppa_qt.engine import Card, IllegalMove, Match, Phase, Reason, RuleSet, cards_of


def played_with_snapshots(
    kit: ModuleType, preset: str, seed: int, hands: int, **options: object
) -> tuple[Match, list[dict[str, object]]]:
    """A game of ``hands`` random hands, with the full state before every pass and play."""
    rules = RuleSet.preset(preset, {"end": {"mode": "hands", "count": hands}, **options})
    rng = random.Random(seed)
    match = Match(rules, seed)
    before: list[dict[str, object]] = []
    while not match.is_over:
        hand = match.start_hand()
        for seat in rng.sample(range(4), 4) if hand.phase is Phase.PASSING else []:
            before.append(kit.match_snapshot(match))
            hand.pass_cards(seat, rng.sample(cards_of(hand.hands[seat]), 3))
        while hand.phase is Phase.PLAYING:
            before.append(kit.match_snapshot(match))
            hand.play(rng.choice(cards_of(hand.legal_mask())))
    return match, before


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        ("peppa", {}),
        ("torino", {}),
        ("hearts", {}),  # the fourth hand is a hold hand: no passing to take back
        ("hearts", {"deck": 36, "teams": True}),
    ],
)
def test_undo_walks_back_to_the_first_deal(
    kit: ModuleType, preset: str, options: dict[str, object]
) -> None:
    match, before = played_with_snapshots(kit, preset, 31, 4, **options)
    assert match.is_over
    for expected in reversed(before):
        match.undo()
        assert kit.match_snapshot(match) == expected
    assert len(match.hands) == 1 and match.current.plays == []
    assert match.current.hands == list(match.current.deal)
    kit.assert_refused(match, match.undo, Reason.NOTHING_TO_UNDO)


def test_undo_then_replay_the_same_action_gives_the_same_state(kit: ModuleType) -> None:
    match = kit.random_game("hearts", 12, actions=40)
    hand = match.current
    card = cards_of(hand.legal_mask())[-1]
    hand.play(card)
    after = kit.match_snapshot(match)
    match.undo()
    hand.play(card)
    assert kit.match_snapshot(match) == after


def test_undo_of_the_last_pass_takes_back_the_exchange(kit: ModuleType) -> None:
    match = Match(RuleSet.preset("peppa"), 2)
    hand = match.start_hand()
    for seat in range(3):
        hand.pass_cards(seat, cards_of(hand.hands[seat])[:3])
    three_passed = kit.match_snapshot(match)
    hand.pass_cards(3, cards_of(hand.hands[3])[:3])
    assert hand.phase is Phase.PLAYING
    match.undo()
    assert kit.match_snapshot(match) == three_passed
    assert hand.phase is Phase.PASSING and hand.hands == list(hand.deal)
    hand.pass_cards(3, cards_of(hand.hands[3])[3:6])  # West may now choose other cards
    assert hand.received(0) == sum(1 << c for c in cards_of(hand.deal[3])[3:6])


def test_undo_crosses_the_start_of_a_hand(kit: ModuleType) -> None:
    match = kit.random_game("peppa", 6, end={"mode": "hands", "count": 3})
    match.undo()  # hand 3's last play
    match.hands[-1].play(cards_of(match.hands[-1].legal_mask())[0])
    assert match.is_over
    match_two = kit.random_game("peppa", 6, actions=4 + 52 + 4)  # hand 1 played, hand 2 passed
    assert len(match_two.hands) == 2
    for _ in range(4):
        match_two.undo()
    assert match_two.current.phase is Phase.PASSING and len(match_two.hands) == 2
    before_last_play = match_two.hands[0]
    match_two.undo()  # the fresh hand 2 goes; hand 1's last play is taken back
    assert len(match_two.hands) == 1
    assert before_last_play.phase is Phase.PLAYING and len(before_last_play.plays) == 51
    assert match_two.results() == [] and match_two.totals() == [0, 0, 0, 0]


def test_the_hands_before_are_told_anew_after_one_is_taken_back_and_played_otherwise(
    kit: ModuleType,
) -> None:
    match = kit.random_game("hearts", 2, actions=2 * (12 + 52) + 4)  # 2 played, the 3rd passed
    before = match.history_before()
    while len(match.hands) == 3 or len(match.current.plays) > 12:  # back to hand 2's 4th trick
        match.undo()
    kit.finish(match.current, seed=5)  # played out otherwise
    points = tuple(r.points for r in match.results())
    assert points != before  # (this seed scores hand 2 otherwise)
    match.start_hand()
    assert match.history_before() == points


def test_a_refusal_leaves_nothing_to_undo(kit: ModuleType) -> None:
    match = kit.random_game("hearts", 3, actions=4 + 9)
    hand = match.current
    last = hand.plays[-1]
    illegal = cards_of(hand.hands[(hand.to_move + 1) % 4])[0]
    kit.assert_refused(match, lambda: hand.play(illegal))
    match.undo()
    assert last not in hand.plays and len(hand.plays) == 8


def test_undo_with_nothing_to_undo() -> None:
    match = Match(RuleSet.preset("peppa"), 1)
    with pytest.raises(IllegalMove) as caught:
        match.undo()
    assert caught.value.reason is Reason.NOTHING_TO_UNDO
    hand = match.start_hand()
    with pytest.raises(IllegalMove):
        hand.undo()


def test_match_without_undo_history_refuses_undo_unchanged(kit: ModuleType) -> None:
    rules = RuleSet.preset("peppa", {"end": {"mode": "hands", "count": 3}})
    match = Match(rules, 5, track_undo=False)
    kit.finish(match.start_hand())
    match.start_hand()
    kit.assert_refused(match, match.undo, Reason.NOTHING_TO_UNDO)
    assert len(match.hands) == 2


def refusals_at(kit: ModuleType, match: Match) -> set[Reason]:
    """Try every kind of wrong action at the current position; each must change nothing."""
    hand = match.current
    seen = set()
    if hand.phase is Phase.PASSING:
        seat = next(s for s in range(4) if hand.passes[s] is None)
        mine = cards_of(hand.hands[seat])
        stranger = next(c for c in range(52) if c not in mine)
        for bad in (mine[:2], [*mine[:2], stranger]):
            seen.add(kit.assert_refused(match, lambda b=bad: hand.pass_cards(seat, b)).reason)
        seen.add(kit.assert_refused(match, lambda: hand.play(mine[0])).reason)
        return seen
    legal = hand.legal_mask()
    for card in range(52):
        if not legal >> card & 1:
            seen.add(kit.assert_refused(match, lambda c=card: hand.play(Card(c))).reason)
    three = cards_of(hand.hands[0])[:3]
    seen.add(kit.assert_refused(match, lambda: hand.pass_cards(0, three)).reason)
    return seen


@pytest.mark.parametrize("preset", ["peppa", "torino", "hearts"])
def test_every_kind_of_refusal_changes_nothing(kit: ModuleType, preset: str) -> None:
    """Random positions: illegal cards, cards not held, bad passes, wrong phase."""
    rng = random.Random(preset)
    seen: set[Reason] = set()
    for seed in range(40):
        seen |= refusals_at(kit, kit.random_game(preset, seed, actions=rng.randrange(0, 60)))
    expected = {
        Reason.MUST_FOLLOW_SUIT,
        Reason.CARD_NOT_HELD,
        Reason.WRONG_PASS_SIZE,
        Reason.WRONG_PHASE,
    }
    if preset == "hearts":
        expected |= {Reason.MUST_LEAD_LOWEST_CLUB, Reason.HEARTS_NOT_BROKEN}
    assert expected <= seen
