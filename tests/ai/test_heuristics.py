"""Situations a card player would notice: the normal level plays them the way a good player does.

Seats: Peppa and Torino play counterclockwise (1 follows 0), Hearts clockwise (3 follows 0).
"""

from __future__ import annotations

from types import ModuleType

import pytest

from peppa_qt.ai.easy import EasyPlayer
from peppa_qt.ai.hints import Hint
from peppa_qt.ai.normal import NormalPlayer
from peppa_qt.engine import HandState, PassDirection, RuleSet
from peppa_qt.engine.view import PlayerView, hand_view

PEPPA = RuleSet.preset("peppa")


def play(view: PlayerView) -> tuple[str, str]:
    """The normal level's card (as text) and reason."""
    decision = NormalPlayer(3).decide(view)
    return str(decision.cards[0]), decision.reason


def test_ducks_under_the_winning_spade_while_the_queen_is_out(aikit: ModuleType) -> None:
    view = aikit.staged(PEPPA, {0: "AS 7S 2C 3C 4C 5D 6D 7D 8H 9H TH JD QD"}, "9S", leader=3)
    assert play(view) == ("7S", Hint.DUCK_QUEEN_OUT)


def test_goes_over_with_a_spade_below_the_queen_rather_than_the_king(aikit: ModuleType) -> None:
    view = aikit.staged(PEPPA, {0: "KS JS 2C 3C 4C 5D 6D 7D 8H 9H TH JD QD"}, "5S", leader=3)
    assert play(view) == ("JS", Hint.STAY_UNDER_QUEEN)


def test_dumps_the_queen_when_void_in_the_suit_led(aikit: ModuleType) -> None:
    view = aikit.staged(PEPPA, {0: "QS 3S AH 2H 5D 6D 7D 8D 9D TD JD QD KD"}, "AC", leader=3)
    assert play(view) == ("QS", Hint.DUMP_QUEEN)


def test_drops_the_queen_under_the_ace_of_spades(aikit: ModuleType) -> None:
    view = aikit.staged(PEPPA, {0: "QS 3S 4S 2H 5D 6D 7D 8D 9D TD JD QD KD"}, "AS", leader=3)
    assert play(view) == ("QS", Hint.DUMP_QUEEN)


def test_does_not_lead_a_heart_early_when_it_has_safe_alternatives(aikit: ModuleType) -> None:
    view = aikit.staged(PEPPA, {0: "2H 3H 4H 5H 2C 3C 2D 3D 4S 5S 6S 7S 8S"}, leader=0)
    card, _ = play(view)
    assert card[1] != "H"


def test_does_not_lead_spades_with_an_unguarded_king(aikit: ModuleType) -> None:
    view = aikit.staged(PEPPA, {0: "KS 2S 2C 3C 4C 5C 6D 7D 8D 9D 2H 3H 4H"}, leader=0)
    card, _ = play(view)
    assert card[1] != "S"


def test_wins_a_clean_trick_when_last_with_its_highest_card(aikit: ModuleType) -> None:
    view = aikit.staged(PEPPA, {0: "KC 3C 4S 5S 6S 7D 8D 9D TD 2H 3H 4H 5H"}, "2C 5C 9C", leader=1)
    assert play(view) == ("KC", Hint.WIN_CLEAN_TRICK)


def test_in_torino_stays_clean_for_the_bonus_when_it_can(aikit: ModuleType) -> None:
    torino = RuleSet.preset("torino")
    view = aikit.staged(torino, {0: "KC 3C 4S 5S 6S 7D 8D 9D TD 2H 3H 4H 5H"}, "2C 5C 9C", leader=1)
    assert play(view) == ("3C", Hint.AVOID_TRICKS)


def test_takes_a_point_to_stop_a_moon(aikit: ModuleType) -> None:
    hands = {
        0: "3S 4H 7H TH QH 2C 3C 4C 5C 6C 2D 3D 4D",
        1: "AS AH KH JH",
        2: "QS 2H 5H 8H",
        3: "2S 3H 6H 9H",
    }
    # Seat 1 has taken the Q♠ and every heart so far (28 of 36 points) and leads the J♥.
    plays = "AS QS 2S 3S AH 2H 3H 4H KH 5H 6H 7H JH 8H 9H"
    assert play(aikit.staged(PEPPA, hands, plays, leader=1)) == ("QH", Hint.STOP_MOON)
    no_moon = PEPPA.with_options(moon="off")
    assert play(aikit.staged(no_moon, hands, plays, leader=1)) == ("TH", Hint.DUCK_HIGH)


def test_gives_no_points_to_its_teams_partner(aikit: ModuleType) -> None:
    hands = {0: "QS AH KH 2H 3S 4S 5S 6D 7D 8D 9D TD JD", 2: "AC"}
    plays = "5C AC 7C"
    teams = PEPPA.with_options(teams=True)
    card, reason = play(aikit.staged(teams, hands, plays, leader=1, voids={0: "C"}))
    assert card[1] in "DS" and card != "QS" and reason == Hint.SPARE_PARTNER
    assert play(aikit.staged(PEPPA, hands, plays, leader=1, voids={0: "C"}))[0] == "QS"


def test_gives_the_minus_ten_jack_to_its_partner(aikit: ModuleType) -> None:
    rules = PEPPA.with_options(teams=True, jack_of_diamonds=-10)
    hands = {0: "JD QS AH KH 2H 3S 4S 5S 6D 7D 8D 9D TD", 2: "AC"}
    view = aikit.staged(rules, hands, "5C AC 7C", leader=1, voids={0: "C"})
    assert play(view) == ("JD", Hint.GIFT_PARTNER)


def test_wins_the_trick_holding_the_minus_ten_jack(aikit: ModuleType) -> None:
    rules = PEPPA.with_options(jack_of_diamonds=-10)
    view = aikit.staged(
        rules, {0: "KD 2D 3S 4S 5S 6C 7C 8C 2H 3H 4H 5H 6H", 2: "JD"}, "5D JD 9D", leader=1
    )
    assert play(view) == ("KD", Hint.TAKE_BONUS)


def test_does_not_push_a_rival_over_the_limit_while_behind(aikit: ModuleType) -> None:
    hands = {0: "QS AH KH 2H 3S 4S 5S 6D 7D 8D 9D TD JD", 1: "AC"}
    view = aikit.staged(PEPPA, hands, "AC 5C 7C", leader=1, voids={0: "C"}, totals=(60, 92, 40, 30))
    card, reason = play(view)
    assert card[1] in "DS" and card != "QS" and reason == Hint.AVOID_GAME_END
    leading = aikit.staged(
        PEPPA, hands, "AC 5C 7C", leader=1, voids={0: "C"}, totals=(20, 92, 40, 30)
    )
    assert play(leading) == ("QS", Hint.DUMP_QUEEN)


def test_with_only_point_cards_gives_a_partner_or_a_rival_at_the_limit_the_fewest(
    aikit: ModuleType,
) -> None:
    hearts = "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    teams = RuleSet.preset("peppa", {"teams": True})
    partner_wins = aikit.staged(teams, {0: hearts, 2: "AC"}, "5C AC 7C", leader=1, voids={0: "C"})
    assert play(partner_wins) == ("TH", Hint.SPARE_PARTNER)  # 1 point, the highest such
    rival_ends = aikit.staged(
        PEPPA, {0: hearts, 1: "AC"}, "AC 5C 7C", leader=1, voids={0: "C"}, totals=(60, 92, 40, 30)
    )
    assert play(rival_ends) == ("TH", Hint.AVOID_GAME_END)
    far_from_it = aikit.staged(PEPPA, {0: hearts, 1: "AC"}, "AC 5C 7C", leader=1, voids={0: "C"})
    assert play(far_from_it) == ("QS", Hint.DUMP_QUEEN)


def test_goes_for_the_moon_with_a_hand_that_takes_everything(aikit: ModuleType) -> None:
    hand = "AH KH QH JH TH 9H 8H AS KS QS AC KC QC"
    assert play(aikit.staged(PEPPA, {0: hand}, leader=0))[1] == Hint.SHOOT_MOON
    torino = RuleSet.preset("torino")  # Torino scores no cappotto by default
    assert play(aikit.staged(torino, {0: hand}, leader=0))[1] != Hint.SHOOT_MOON


def _pass_view(
    rules: RuleSet, mine: str, direction: PassDirection, aikit: ModuleType
) -> PlayerView:
    holdings = aikit._fill(rules, {0: aikit.mask(mine)}, {})
    return hand_view(HandState(rules, 3, holdings, direction), 0)


def test_passes_the_queen_with_short_spades_and_keeps_it_with_long_ones(aikit: ModuleType) -> None:
    short = _pass_view(PEPPA, "QS 3S 2C 5C 9C 4D 6D 8D TD 3H 5H 7H 9H", PassDirection.RIGHT, aikit)
    assert "QS" in aikit.names(NormalPlayer(1).decide(short).cards)
    long = _pass_view(PEPPA, "QS 2S 3S 4S 5S 2C 5C 9C AD KD 3H 5H 7H", PassDirection.RIGHT, aikit)
    assert "QS" not in aikit.names(NormalPlayer(1).decide(long).cards)


def test_passes_the_king_with_the_queen_to_a_player_who_plays_after_it(aikit: ModuleType) -> None:
    view = _pass_view(PEPPA, "QS KS 3S 2C 5C 9C 4D 6D 8D 3H 5H 7H 9H", PassDirection.RIGHT, aikit)
    assert {"QS", "KS"} <= aikit.names(NormalPlayer(1).decide(view).cards)


def test_voids_a_short_suit_when_passing(aikit: ModuleType) -> None:
    view = _pass_view(PEPPA, "8C 2S 3S 4S 5S 2D 4D 6D 7D 2H 3H 4H 5H", PassDirection.RIGHT, aikit)
    decision = NormalPlayer(1).decide(view)
    assert "8C" in aikit.names(decision.cards)


@pytest.mark.parametrize("seed", range(3))
def test_easy_passes_its_three_highest_cards(seed: int, aikit: ModuleType) -> None:
    view = _pass_view(PEPPA, "AC KD QH 2S 3S 4S 5S 2D 4D 6D 7D 2H 3H", PassDirection.RIGHT, aikit)
    assert aikit.names(EasyPlayer(seed).decide(view).cards) == {"AC", "KD", "QH"}


# --------------------------------------------------------------------------- Belmont
# Six seats, clockwise: after seat s plays s − 1. The first trick is staged so that seat 5
# takes it (its A♣ wins) and leads the second: seat 0 then plays last.

BELMONT_6 = RuleSet.preset("belmont", seats=6)
BELMONT_8 = RuleSet.preset("belmont", seats=8)
FIRST_TRICK_6 = "2C AC 3C 4C 5C 6C "


def test_ducks_under_an_equal_card_which_would_win_the_trick(aikit: ModuleType) -> None:
    # 9♦ leads with a heart in the trick: a second 9♦ played now would take it.
    hands = {0: "9D 8D 2D 2S 3S 4S 5S 6S 7C 8C 9C TC"}
    plays = FIRST_TRICK_6 + "9D 3D 5D 2H 7D"  # seat 2 has no diamond
    view = aikit.staged(BELMONT_6, hands, plays, leader=0, voids={2: "D"})
    assert view.seat == 0 and view.to_move == 0
    assert play(view) == ("8D", Hint.DUCK_HIGH)


def test_takes_a_clean_last_trick_with_the_equal_card(aikit: ModuleType) -> None:
    hands = {0: "9D 8D 2D 2S 3S 4S 5S 6S 7C 8C 9C TC"}
    view = aikit.staged(BELMONT_6, hands, FIRST_TRICK_6 + "9D 3D 5D 4D 7D", leader=0)
    assert play(view) == ("9D", Hint.WIN_CLEAN_TRICK)


def test_drops_the_king_of_spades_worth_ten_under_the_ace(aikit: ModuleType) -> None:
    hands = {0: "KS 3S 2D 3D 4D 5D 6D 7C 8C 9C TC JC"}
    view = aikit.staged(BELMONT_6, hands, FIRST_TRICK_6 + "AS 4S 5S 6S 7S", leader=0)
    assert play(view) == ("KS", Hint.DUMP_POINTS)


def test_keeps_its_queen_under_the_other_queen_of_spades(aikit: ModuleType) -> None:
    # Eight seats, two Q♠: the one played second would take the first, 26 points.
    hands = {0: "QS 5S 2D 3D 4D 5D 6D 7C 8C 9C TC JC"}
    first = "2C AC 3C 4C 5C 6C 7C 8C "  # seat 7 takes it and leads; seat 0 plays last
    view = aikit.staged(BELMONT_8, hands, first + "QS 2S 3S 4S 6S 7S 8S", leader=0)
    assert view.to_move == 0
    assert play(view) == ("5S", Hint.DUCK_HIGH)


def test_passes_the_high_spades_that_carry_points(aikit: ModuleType) -> None:
    mine = "KS AS 3S 2C 5C 9C 4D 6D 8D 3H 5H 7H 9H"
    view = _pass_view(BELMONT_6, mine, PassDirection.LEFT, aikit)
    decision = NormalPlayer(1).decide(view)
    assert {"KS", "AS"} <= aikit.names(decision.cards)
    assert decision.reason == Hint.PASS_HIGH_SPADES


def test_two_copies_of_a_low_spade_are_two_guards_under_the_queen(aikit: ModuleType) -> None:
    guarded = _pass_view(
        BELMONT_8, "QS 2S 2S 3S 5C 9C 4D 6D 8D 3H 5H 7H 9H", PassDirection.LEFT, aikit
    )
    assert "QS" not in aikit.names(NormalPlayer(1).decide(guarded).cards)
    short = _pass_view(
        BELMONT_8, "QS 2S 3S 5C 9C 4D 6D 8D 3H 5H 7H 9H TH", PassDirection.LEFT, aikit
    )
    assert "QS" in aikit.names(NormalPlayer(1).decide(short).cards)
