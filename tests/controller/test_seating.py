"""Hot-seat covering: a human's cards leave the screen before another human sees it, and
only then (no needless hand-over when the same human acts again)."""

from __future__ import annotations

from peppa_qt.controller.seating import Seating
from peppa_qt.engine import HandState, Match, Phase, RuleSet, cards_of


def _playing(seed: int) -> HandState:
    """A Hearts hand without passing (the fourth hand holds), at the first trick's lead."""
    match = Match(RuleSet.preset("hearts"), seed)
    for _ in range(3):  # hands 1–3 pass: play them out
        hand = match.start_hand()
        for seat in range(4):
            hand.pass_cards(seat, cards_of(hand.hands[seat])[:3])
        while hand.to_move is not None:
            hand.play(cards_of(hand.legal_mask())[0])
    hand = match.start_hand()
    assert hand.phase is Phase.PLAYING
    return hand


def _play_until(hand: HandState, seat: int, place: int) -> None:
    """Play the lowest legal cards until ``seat`` is to play card ``place`` (0..3) of a trick."""
    while not (hand.to_move == seat and len(hand.trick) == place):
        hand.play(cards_of(hand.legal_mask())[0])


def test_a_human_playing_into_a_trick_another_human_finishes_is_covered_at_once() -> None:
    hand = _playing(3)
    lead = hand.to_move
    assert lead is not None
    turn = hand.rules.direction
    anna, marco = lead, (lead + turn) % 4  # Marco plays right after Anna
    seating = Seating([anna, marco], hand.rules.seats, turn)
    seating.covered, seating.viewer = False, anna
    hand.play(cards_of(hand.legal_mask())[0])
    assert seating.acted(anna, hand) and seating.covered


def test_when_the_trick_ends_first_the_cards_stay_and_the_winner_decides() -> None:
    for seed in range(30):
        hand = _playing(seed)
        lead = hand.to_move
        assert lead is not None
        turn = hand.rules.direction
        anna, marco = (lead + 2 * turn) % 4, lead  # Anna plays third, a computer fourth
        _play_until(hand, anna, 2)
        seating = Seating([anna, marco], hand.rules.seats, turn)
        seating.covered, seating.viewer = False, anna
        hand.play(cards_of(hand.legal_mask())[0])
        assert not seating.acted(anna, hand)  # who acts next is not known yet: nothing hidden
        hand.play(cards_of(hand.legal_mask())[0])  # the computer ends the trick
        winner = hand.to_move
        assert winner is not None
        following = seating.next_human(hand)
        assert following is not None
        # The same human next: no hand-over; another: covered before the table turns.
        assert seating.turning_to(following) is (following != anna)
        assert seating.covered is (following != anna)
