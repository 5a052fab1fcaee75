"""The normal level plays for the rule set and its options, where a player would notice.

Each test stages a concrete position (holdings after passing, plus the cards played so far)
and checks the normal player's card and reason code, usually against the same position under
another rule set or option, where the right card differs.

Seats: Peppa and Torino play counterclockwise (1 follows 0), Hearts clockwise (3 follows 0).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType

import pytest

from peppa_qt.ai.base import Decision
from peppa_qt.ai.hints import Hint
from peppa_qt.ai.normal import NormalPlayer
from peppa_qt.engine import HandState, PassDirection, RuleSet
from peppa_qt.engine.view import PlayerView, hand_view

PEPPA = RuleSet.preset("peppa")
TORINO = RuleSet.preset("torino")
HEARTS = RuleSet.preset("hearts")
#: Seeds tried for every decision: the card must not hang on a tie-break.
SEEDS = range(3)


def decide(view: PlayerView) -> Decision:
    """The normal level's decision, the same whatever its seed."""
    decisions = {NormalPlayer(seed).decide(view) for seed in SEEDS}
    assert len(decisions) == 1, decisions
    return decisions.pop()


def play(view: PlayerView) -> tuple[str, str]:
    """The normal level's card (as text) and reason."""
    decision = decide(view)
    return str(decision.cards[0]), decision.reason


def staged(
    aikit: ModuleType,
    rules: RuleSet,
    hands: Mapping[int, str],
    plays: str = "",
    *,
    leader: int,
    voids: Mapping[int, str] | None = None,
    totals: tuple[int, int, int, int] = (0, 0, 0, 0),
) -> PlayerView:
    """``aikit.staged`` with its type: the view of the seat to move (seat 0 in every test)."""
    view: PlayerView = aikit.staged(
        rules, hands, plays, leader=leader, voids=voids or {}, totals=totals
    )
    assert view.seat == 0 and view.to_move == 0
    return view


def pass_of(aikit: ModuleType, rules: RuleSet, mine: str, hand_index: int) -> tuple[set[str], str]:
    """Seat 0's pass (as texts) and reason in hand ``hand_index`` of the rules' pass cycle."""
    holdings: list[int] = aikit._fill(rules, {0: aikit.mask(mine)}, {})
    hand = HandState(rules, 3, holdings, rules.pass_direction(hand_index))
    decision = decide(hand_view(hand, 0, hand_index))
    cards = {str(card) for card in decision.cards}
    assert len(cards) == 3 and cards <= set(mine.split())  # three of its own cards
    return cards, decision.reason


# --------------------------------------------------------------------------- 7♣ worth 7


def test_discards_the_seven_of_clubs_when_it_is_worth_seven(aikit: ModuleType) -> None:
    # Void in diamonds on the A♦'s trick: the 7♣ (7) costs more than the A♥ (5).
    hand = {0: "7C 3C KC AH 2H 3S 5S 6S 8S 4C 5C 6C 8C"}
    sevens = PEPPA.with_options(seven_of_clubs=7)
    assert play(staged(aikit, sevens, hand, "5D AD 9D", leader=1)) == ("7C", Hint.DUMP_POINTS)
    assert play(staged(aikit, PEPPA, hand, "5D AD 9D", leader=1)) == ("AH", Hint.DUMP_HEARTS)


def test_drops_the_seven_of_clubs_under_the_ace(aikit: ModuleType) -> None:
    # 8♣ and 7♣ win exactly the same tricks from now on: only the 7 points differ.
    sevens = PEPPA.with_options(seven_of_clubs=7)
    hand = {0: "8C 7C 3S 4S 5S 6D 7D 8D 9D 2H 3H 4H 5H"}
    assert play(staged(aikit, sevens, hand, "AC", leader=3))[0] == "7C"


# --------------------------------------------------------------------------- J♦ +10 / −10


def test_sheds_the_costly_jack_of_diamonds_and_keeps_the_prize(aikit: ModuleType) -> None:
    # Void in clubs on the A♣'s trick.
    hand = {0: "JD 3D 8D 3S 4S 5S 6D 7D 9D 2H 3H 4H 5H"}
    plays = "5C AC 7C"
    plus = PEPPA.with_options(jack_of_diamonds=10)
    minus = PEPPA.with_options(jack_of_diamonds=-10)
    assert play(staged(aikit, plus, hand, plays, leader=1)) == ("JD", Hint.DUMP_POINTS)
    assert play(staged(aikit, minus, hand, plays, leader=1)) == ("5H", Hint.DUMP_HEARTS)


def test_wins_the_minus_ten_jack_from_second_seat_but_ducks_the_plus_ten_one(
    aikit: ModuleType,
) -> None:
    # Seat 2 led the 4♦ and seat 3 dropped the J♦; the A♦ wins the trick for sure.
    hand = {0: "AD 2D 3S 4S 5S 6C 7C 8C 2H 3H 4H 5H 6H"}
    minus = PEPPA.with_options(jack_of_diamonds=-10)
    plus = PEPPA.with_options(jack_of_diamonds=10)
    assert play(staged(aikit, minus, hand, "4D JD", leader=2)) == ("AD", Hint.TAKE_BONUS)
    assert play(staged(aikit, plus, hand, "4D JD", leader=2)) == ("2D", Hint.DUCK_HIGH)


def test_keeps_the_minus_ten_jack_under_the_ace_of_diamonds(aikit: ModuleType) -> None:
    minus = PEPPA.with_options(jack_of_diamonds=-10)
    hand = {0: "JD 3D 3S 4S 5S 6C 7C 8C 2H 3H 4H 5H 6H"}
    assert play(staged(aikit, minus, hand, "AD", leader=3))[0] == "3D"


def test_does_not_offer_the_minus_ten_jack_to_higher_diamonds(aikit: ModuleType) -> None:
    # Third round of diamonds, seat 0 second with J♦ A♦; Q♦ and K♦ are out, nobody is void.
    minus = PEPPA.with_options(jack_of_diamonds=-10)
    hand = {0: "JD AD 5C 6C 7C 8C 9C 2S 3S"}
    plays = "4D 2D 5D 6D  7D 8D 3D 9D  2C 3C AC 4C  TD"
    assert play(staged(aikit, minus, hand, plays, leader=3))[0] == "AD"


def test_drops_the_plus_ten_jack_under_the_ace_of_diamonds(aikit: ModuleType) -> None:
    plus = PEPPA.with_options(jack_of_diamonds=10)
    hand = {0: "QD JD 3D 3S 4S 5S 6C 7C 8C 2H 3H 4H 5H"}
    assert play(staged(aikit, plus, hand, "AD", leader=3))[0] == "JD"


# --------------------------------------------------------------------------- moons


def test_still_stops_a_moon_when_the_moon_subtracts(aikit: ModuleType) -> None:
    # Seat 3 has taken the Q♠ and every heart played (28 of 36) and leads the 9♥.
    hand = {0: "QH 8H 2C 3C 4C 5C 6C 2D 3D 4D", 3: "9H"}
    plays = "AS 3S QS 4S  AH 3H 2H 4H  KH 5H 6H 7H  9H"
    subtract = PEPPA.with_options(moon="subtract")
    assert play(staged(aikit, subtract, hand, plays, leader=3)) == ("QH", Hint.STOP_MOON)
    no_moon = PEPPA.with_options(moon="off")
    assert play(staged(aikit, no_moon, hand, plays, leader=3)) == ("8H", Hint.DUCK_HIGH)


def test_stops_a_torino_cappotto_worth_42_when_the_option_is_on(aikit: ModuleType) -> None:
    # Seat 3 has taken the Q♠ and every heart played (31 of 42 points) and leads the 9♥;
    # seat 0 has taken no card yet, and still gives up its −10 bonus to stop the cappotto.
    hand = {0: "JH 8H 2C 3C 4C 5C 6C 2D 3D 4D", 3: "9H"}
    plays = "AS 3S QS 4S  AH 3H 2H 4H  KH 5H 6H 7H  9H"
    cappotto = TORINO.with_options(moon="give")
    assert cappotto.moon_value == 42
    assert play(staged(aikit, cappotto, hand, plays, leader=3)) == ("JH", Hint.STOP_MOON)
    # Torino has no cappotto by default: then ducking is right.
    assert play(staged(aikit, TORINO, hand, plays, leader=3)) == ("8H", Hint.DUCK_HIGH)


def test_stops_a_torino_cappotto_with_the_short_deck(aikit: ModuleType) -> None:
    # 36 cards: Q♠ 5 and nine hearts of 1, cappotto worth 14. Seat 3 has 9 and leads the 10♥.
    short = TORINO.with_options(deck=36, moon="give")
    assert short.moon_value == 14
    hand = {0: "KH 9H 6C 7C 8C 6D", 3: "TH"}
    plays = "AS 7S QS 8S  AH 6H 7H 8H  TH"
    assert play(staged(aikit, short, hand, plays, leader=3)) == ("KH", Hint.STOP_MOON)
    no_cappotto = TORINO.with_options(deck=36)
    assert play(staged(aikit, no_cappotto, hand, plays, leader=3)) == ("9H", Hint.DUCK_HIGH)


def test_takes_a_heart_to_stop_a_moon_under_hearts_rules(aikit: ModuleType) -> None:
    # Clockwise: 2 → 1 → 0 → 3. Seat 1 won the first club and has since taken the Q♠ and
    # three hearts (16 of 26, every point played) and leads the 5♥ in trick 6.
    hand = {0: "9H 3H 2D 3D 4D 5D 6D 7D", 1: "5H"}
    plays = "2C AC 3C 4C  AS 2S QS 3S  KS 4S AH 5S  KC 6C KH 7C  QC 8C QH 9C  5H"
    view = staged(aikit, HEARTS, hand, plays, leader=2, voids={3: "CS"})
    assert play(view) == ("9H", Hint.STOP_MOON)
    no_moon = HEARTS.with_options(moon="off")
    assert play(staged(aikit, no_moon, hand, plays, leader=2, voids={3: "CS"})) == (
        "3H",
        Hint.DUCK_HIGH,
    )


# --------------------------------------------------------------------------- game end


QUEEN_HAND = {0: "QS AH KH 2H 3S 4S 5S 6D 7D 8D 9D TD JD", 1: "AC"}


def _club_trick(aikit: ModuleType, rules: RuleSet, totals: tuple[int, int, int, int]) -> str:
    """Seat 0, void in clubs, discards on seat 1's A♣: the card it throws."""
    view = staged(aikit, rules, QUEEN_HAND, "AC 5C 7C", leader=1, voids={0: "C"}, totals=totals)
    card, reason = play(view)
    if card == "QS":
        assert reason == Hint.DUMP_QUEEN
    else:
        assert reason == Hint.AVOID_GAME_END
    return card


def test_torino_ends_the_game_with_the_queen_when_it_is_one_of_the_two_winners(
    aikit: ModuleType,
) -> None:
    # The Q♠ puts seat 1 over 100: the game ends with 45 second lowest, a Torino winner.
    assert _club_trick(aikit, TORINO, (45, 95, 60, 30)) == "QS"
    # In Peppa only the lowest wins: ending the game now would make seat 0 lose.
    assert _club_trick(aikit, PEPPA, (45, 95, 60, 30)) == "JD"


def test_torino_keeps_the_game_going_while_it_is_one_of_the_two_losers(
    aikit: ModuleType,
) -> None:
    # With 65, seat 0 would be the second loser behind seat 1: it throws a safe diamond.
    assert _club_trick(aikit, TORINO, (65, 95, 60, 30)) == "JD"


def test_torino_counts_only_a_total_over_100_as_the_end(aikit: ModuleType) -> None:
    # 86 + 14 = 100 does not exceed 100: the game goes on, so the Q♠ is thrown as usual.
    assert _club_trick(aikit, TORINO, (65, 86, 60, 30)) == "QS"
    reach = TORINO.with_options(end_when="reach")
    assert _club_trick(aikit, reach, (65, 86, 60, 30)) == "JD"


# --------------------------------------------------------------------------- passing


def test_hearts_passes_the_king_with_the_queen_only_to_a_seat_playing_after_it(
    aikit: ModuleType,
) -> None:
    mine = "QS KS 3S AH KH 2H 3H 4H 2C 5C 7C 4D 6D"
    assert [HEARTS.pass_direction(i) for i in range(3)] == [
        PassDirection.LEFT,
        PassDirection.RIGHT,
        PassDirection.ACROSS,
    ]
    # Left and across play after seat 0 (clockwise): the K♠ goes along with the Q♠.
    assert pass_of(aikit, HEARTS, mine, 0) == ({"QS", "KS", "AH"}, Hint.PASS_QUEEN)
    assert pass_of(aikit, HEARTS, mine, 2) == ({"QS", "KS", "AH"}, Hint.PASS_QUEEN)
    # The right-hand seat plays before it: the K♠ stays, the K♥ goes instead.
    assert pass_of(aikit, HEARTS, mine, 1) == ({"QS", "AH", "KH"}, Hint.PASS_QUEEN)
    # Peppa passes right, to the seat that plays after it (counterclockwise).
    assert pass_of(aikit, PEPPA, mine, 0) == ({"QS", "KS", "AH"}, Hint.PASS_QUEEN)


@pytest.mark.parametrize("hand_index", [0, 2])
def test_hearts_keeps_a_guarded_queen_passing_left_or_across(
    hand_index: int, aikit: ModuleType
) -> None:
    mine = "QS 2S 3S 4S 8S KC 5C 9C AD 6D 8D 3H 7H"
    assert pass_of(aikit, HEARTS, mine, hand_index) == ({"KC", "AD", "9C"}, Hint.PASS_HIGH_CARDS)


@pytest.mark.parametrize("hand_index", [0, 2])
def test_hearts_passes_its_high_hearts(hand_index: int, aikit: ModuleType) -> None:
    mine = "AH KH QH 2H 3H 2C 3C 4C 2D 3D 4D 2S 3S"
    assert pass_of(aikit, HEARTS, mine, hand_index) == ({"AH", "KH", "QH"}, Hint.PASS_HIGH_HEARTS)


def test_passes_its_low_cards_for_the_moon_only_where_the_moon_scores(aikit: ModuleType) -> None:
    mine = "AH KH QH JH TH 9H 8H AS KS QS 2C 3D 4D"
    assert pass_of(aikit, HEARTS, mine, 0) == ({"2C", "3D", "4D"}, Hint.PASS_FOR_MOON)
    # Torino without cappotto: taking every point is just a disaster, the Q♠ goes.
    assert pass_of(aikit, TORINO, mine, 0) == ({"QS", "KS", "AS"}, Hint.PASS_QUEEN)


def test_going_for_the_moon_it_keeps_the_king_that_guards_its_queen(aikit: ModuleType) -> None:
    mine = "AH KH QH JH TH 9H 8H AS KS QS AC KC QC"
    cards, reason = pass_of(aikit, HEARTS, mine, 0)
    assert reason == Hint.PASS_FOR_MOON and "KS" not in cards


# --------------------------------------------------------------------------- leads, discards


def test_wins_the_first_club_with_the_ace_under_hearts_rules(aikit: ModuleType) -> None:
    # Trick 1 of Hearts: nobody may throw points on it and nobody is void: shed the A♣.
    view = staged(aikit, HEARTS, {0: "9C KC AC 4D 5D 6D 7D 2S 3S 4S 2H 3H 4H"}, "2C", leader=1)
    assert play(view) == ("AC", Hint.WIN_EARLY_ROUND)


def test_bleeds_spades_without_a_high_spade(aikit: ModuleType) -> None:
    view = staged(aikit, PEPPA, {0: "2S 5S 8S 3C 6C 9C JC 4D 7D TD KD 5H 9H"}, leader=0)
    assert play(view) == ("2S", Hint.BLEED_SPADES)


def test_leads_the_top_of_a_suit_that_wins_anyway(aikit: ModuleType) -> None:
    # The alternatives are a bare K♠ with the A♠ and Q♠ out, or hearts under the A♥.
    view = staged(aikit, PEPPA, {0: "AC KC QC JC TC KS KH QH JH TH 9H 8H 7H"}, leader=0)
    assert play(view) == ("AC", Hint.LEAD_WINNER)


def test_dumps_a_high_spade_before_a_heart_while_the_queen_is_out(aikit: ModuleType) -> None:
    view = staged(
        aikit,
        PEPPA,
        {0: "AS 4S 5S 6D 7D 8D 9D 2H 5H 9H KH 3D 2D"},
        "5C KC 7C",
        leader=1,
        voids={0: "C"},
    )
    assert play(view) == ("AS", Hint.DUMP_HIGH_SPADE)


# --------------------------------------------------------------------------- Belmont


def _belmont_moon_view(aikit: ModuleType, moon: str) -> PlayerView:
    """Six seats, clockwise: seat 1 has taken the K♠, A♠, Q♠ and eight hearts (38 of 56
    points) and leads the Q♥; seat 0, next to play, holds the K♥."""
    rules = RuleSet.preset("belmont", {"moon": moon}, seats=6)
    hands = {0: "KS QS 6H 8H KH 4H 5H 6S 7S 8S 9S TS JS"}
    plays = (
        "2C AC KS 3C 4C 5C "  # seat 2 leads, seat 1 takes it; seat 0 sheds the K♠
        "AS QS 2S 3S 4S 5S "  # seat 1 leads the A♠ and takes the Q♠ with it
        "AD 6H 7H 2D 3D 4D "  # seats 0 and 5 have no diamond
        "AH 8H 9H TH JH 2H "
        "QH"
    )
    view: PlayerView = aikit.staged(rules, hands, plays, leader=2, voids={0: "CD", 5: "D"})
    assert view.seat == 0 and view.to_move == 0
    return view


def test_in_belmont_takes_the_queen_of_hearts_trick_to_stop_the_moon(aikit: ModuleType) -> None:
    assert play(_belmont_moon_view(aikit, "give")) == ("KH", Hint.STOP_MOON)
    assert play(_belmont_moon_view(aikit, "subtract")) == ("KH", Hint.STOP_MOON)
    assert play(_belmont_moon_view(aikit, "off")) == ("5H", Hint.DUCK_HIGH)
