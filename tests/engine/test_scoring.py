"""Points of a hand: the tables of RULES.md, cappotto / the moon, Torino's −10, house rules."""

from __future__ import annotations

from types import ModuleType

import pytest

from peppa_qt.engine import Match, RuleSet
from peppa_qt.engine.scoring import score_hand


def taken_alone(
    kit: ModuleType, seat: int, text: str, fillers: tuple[str, ...] = ("2C", "3C", "4C", "5C")
) -> list[int]:
    """``seat`` takes the cards of ``text``; every other seat takes one zero-point card."""
    return [kit.mask(text) if s == seat else kit.mask(fillers[s]) for s in range(4)]


PEPPA_TABLE = [
    ("QS", 13),
    ("AH", 5),
    ("KH", 4),
    ("QH", 3),
    ("JH", 2),
    *[(f"{r}H", 1) for r in "23456789T"],
    ("KS", 0),
    ("AS", 0),
    ("JD", 0),
    ("7C", 0),
    ("AC", 0),
]
TORINO_TABLE = [
    ("QS", 14),
    ("AH", 6),
    ("KH", 5),
    ("QH", 4),
    ("JH", 3),
    ("TH", 2),
    *[(f"{r}H", 1) for r in "23456789"],
    ("KS", 0),
    ("JD", 0),
    ("7C", 0),
]
HEARTS_TABLE = [("QS", 13), *[(f"{r}H", 1) for r in "23456789TJQKA"], ("AS", 0), ("JD", 0)]


@pytest.mark.parametrize(
    ("preset", "card", "points"),
    [("peppa", c, p) for c, p in PEPPA_TABLE]
    + [("torino", c, p) for c, p in TORINO_TABLE]
    + [("hearts", c, p) for c, p in HEARTS_TABLE],
)
def test_each_row_of_the_scoring_tables(
    kit: ModuleType, preset: str, card: str, points: int
) -> None:
    rules = RuleSet.preset(preset)
    result = score_hand(rules, taken_alone(kit, 1, card), last_winner=0)
    assert result.points == (0, points, 0, 0)
    assert result.moon is None


@pytest.mark.parametrize(
    ("preset", "hearts", "queen", "total"),
    [("peppa", 23, 13, 36), ("torino", 28, 14, 42), ("hearts", 13, 13, 26)],
)
def test_all_the_hearts_and_the_queen_make_the_set_total(
    kit: ModuleType, preset: str, hearts: int, queen: int, total: int
) -> None:
    rules = RuleSet.preset(preset)
    taken = [
        kit.mask(" ".join(f"{r}H" for r in kit.RANKS)),
        kit.mask("QS 2C"),
        kit.mask("3C"),
        rules.deck_mask & ~kit.mask(" ".join(f"{r}H" for r in kit.RANKS) + " QS 2C 3C"),
    ]
    result = score_hand(rules, taken, last_winner=0)
    assert result.points == (hearts, queen, 0, 0)
    assert sum(result.points) == total == rules.hand_total


# ----------------------------------------------------------------- Torino −10


def test_torino_seat_taking_no_card_scores_minus_ten(kit: ModuleType) -> None:
    match = Match(RuleSet.preset("torino"), 1, dealer=3)
    hand = kit.play_scripted(match, kit.SOUTH_TAKES_POINTS, leader=0)
    assert hand.result.points == (42, 0, -10, -10)
    assert hand.result.moon is None  # cappotto is off in Torino by default
    assert match.totals() == [42, 0, -10, -10]


def test_torino_zero_point_cards_are_not_minus_ten(kit: ModuleType) -> None:
    rules = RuleSet.preset("torino")
    taken = [kit.mask("AH 2C"), kit.mask("3C 4C 5C 6C"), 0, kit.mask("QS")]
    assert score_hand(rules, taken, last_winner=0).points == (6, 0, -10, 14)


def test_torino_cappotto_option_gives_a_cardless_seat_42_minus_10(kit: ModuleType) -> None:
    match = Match(RuleSet.preset("torino", {"moon": "give"}), 1, dealer=3)
    hand = kit.play_scripted(match, kit.SOUTH_TAKES_POINTS, leader=0)
    assert hand.result.moon == 0
    assert hand.result.points == (0, 42, 32, 32)


def test_torino_moon_subtracts_and_cardless_seats_still_lose_ten(kit: ModuleType) -> None:
    match = Match(RuleSet.preset("torino", {"moon": "subtract"}), 1, dealer=3)
    hand = kit.play_scripted(match, kit.SOUTH_TAKES_POINTS, leader=0)
    assert hand.result.points == (-42, 0, -10, -10)


def test_torino_all_52_cards_to_one_seat(kit: ModuleType) -> None:
    rules = RuleSet.preset("torino")
    match = Match(rules, 1, dealer=0)
    hand = kit.play_scripted(match, kit.leader_takes_all(rules), leader=1)
    assert hand.result.points == (-10, 42, -10, -10)


# ------------------------------------------------------------- cappotto / moon


@pytest.mark.parametrize(
    ("preset", "mode", "expected"),
    [
        ("peppa", "give", (0, 36, 36, 36)),
        ("peppa", "subtract", (-36, 0, 0, 0)),
        ("hearts", "give", (0, 26, 26, 26)),
        ("hearts", "subtract", (-26, 0, 0, 0)),
        ("torino", "give", (0, 42, 42, 42)),
        ("torino", "subtract", (-42, 0, 0, 0)),
        ("torino", None, (42, 0, 0, 0)),
        ("peppa", "off", (36, 0, 0, 0)),
    ],
)
def test_cappotto_and_moon_modes(
    kit: ModuleType, preset: str, mode: str | None, expected: tuple[int, ...]
) -> None:
    options = {} if mode is None else {"moon": mode}
    rules = RuleSet.preset(preset, options)
    moon_cards = " ".join(f"{r}H" for r in kit.RANKS) + " QS"
    taken = [kit.mask(moon_cards), kit.mask("2C"), kit.mask("3C"), kit.mask("4C")]
    result = score_hand(rules, taken, last_winner=1)
    assert result.points == expected
    assert result.moon == (None if mode in (None, "off") else 0)


@pytest.mark.parametrize(
    ("preset", "mode", "expected"),
    [
        ("peppa", "give", [0, 36, 36, 36]),
        ("peppa", "subtract", [-36, 0, 0, 0]),
        ("torino", "give", [0, 42, 32, 32]),
    ],
)
def test_cappotto_played_out(kit: ModuleType, preset: str, mode: str, expected: list[int]) -> None:
    match = Match(RuleSet.preset(preset, {"moon": mode}), 1, dealer=3)
    kit.play_scripted(match, kit.SOUTH_TAKES_POINTS, leader=0)
    assert match.results()[0].moon == 0
    assert match.totals() == expected


@pytest.mark.parametrize("mode", ["give", "subtract"])
def test_hearts_shooting_the_moon_played_out(kit: ModuleType, mode: str) -> None:
    # West holds every club with the 2♣: it leads and no one can follow, ever.
    rules = RuleSet.preset("hearts", {"moon": mode, "pass_cycle": ["hold"]})
    match = Match(rules, 1, dealer=0)
    kit.play_scripted(match, kit.leader_takes_all(rules), leader=3)
    assert match.results()[0].moon == 3
    assert match.totals() == ([26, 26, 26, 0] if mode == "give" else [0, 0, 0, -26])


def test_taking_all_hearts_without_the_queen_is_no_moon(kit: ModuleType) -> None:
    rules = RuleSet.preset("peppa")
    hearts = " ".join(f"{r}H" for r in kit.RANKS)
    taken = [kit.mask(hearts), kit.mask("QS"), kit.mask("2C"), kit.mask("3C")]
    result = score_hand(rules, taken, last_winner=0)
    assert result.moon is None
    assert result.points == (23, 13, 0, 0)


def test_moon_keeps_jack_seven_and_last_trick_for_their_takers(kit: ModuleType) -> None:
    """Only the hearts and the Q♠ are replaced by the moon: J♦ and 7♣ still count."""
    rules = RuleSet.preset("peppa", {"jack_of_diamonds": -10, "seven_of_clubs": 7})
    moon_cards = " ".join(f"{r}H" for r in kit.RANKS) + " QS"
    taken = [kit.mask(moon_cards + " 7C"), kit.mask("JD"), kit.mask("2C"), kit.mask("3C")]
    assert score_hand(rules, taken, last_winner=0).points == (7, 36 - 10, 36, 36)
    subtract = rules.with_options(moon="subtract")
    assert score_hand(subtract, taken, last_winner=0).points == (7 - 36, -10, 0, 0)


def test_moon_with_everything_taken_and_house_cards(kit: ModuleType) -> None:
    rules = RuleSet.preset("peppa", {"jack_of_diamonds": 10, "seven_of_clubs": 7})
    match = Match(rules, 1, dealer=3)
    kit.play_scripted(match, kit.leader_takes_all(rules), leader=0)
    assert match.totals() == [17, 36, 36, 36]


# ------------------------------------------------------------------ house rules


@pytest.mark.parametrize("preset", ["peppa", "torino", "hearts"])
@pytest.mark.parametrize("value", [10, -10])
def test_jack_of_diamonds(kit: ModuleType, preset: str, value: int) -> None:
    rules = RuleSet.preset(preset, {"jack_of_diamonds": value})
    assert score_hand(rules, taken_alone(kit, 2, "JD"), 0).points == (0, 0, value, 0)
    assert rules.hand_total == {"peppa": 36, "torino": 42, "hearts": 26}[preset] + value


@pytest.mark.parametrize("preset", ["peppa", "torino", "hearts"])
def test_seven_of_clubs_is_worth_seven(kit: ModuleType, preset: str) -> None:
    rules = RuleSet.preset(preset, {"seven_of_clubs": 7})
    assert score_hand(rules, taken_alone(kit, 3, "7C QS"), 0).points[3] == 7 + (
        14 if preset == "torino" else 13
    )
    assert score_hand(RuleSet.preset(preset), taken_alone(kit, 3, "7C"), 0).points[3] == 0


@pytest.mark.parametrize("preset", ["peppa", "torino", "hearts"])
def test_short_deck_scores_queen_5_hearts_1_last_trick_1(kit: ModuleType, preset: str) -> None:
    rules = RuleSet.preset(preset, {"deck": 36})
    assert rules.hand_size == 9 and rules.deck_size == 36
    short = ("6D", "7D", "8D", "9D")
    assert score_hand(rules, taken_alone(kit, 1, "QS", short), 0).points == (1, 5, 0, 0)
    assert score_hand(rules, taken_alone(kit, 1, "AH", short), 2).points == (0, 1, 1, 0)
    assert score_hand(rules, taken_alone(kit, 1, "TH JH 6H", short), 1).points == (0, 4, 0, 0)
    assert rules.hand_total == 5 + 9 + 1
    moon = " ".join(f"{r}H" for r in "6789TJQKA") + " QS"
    result = score_hand(rules, [kit.mask(moon), kit.mask("6C"), kit.mask("7C"), kit.mask("8C")], 1)
    assert result.moon == (None if preset == "torino" else 0)
    if preset != "torino":
        assert result.points == (0, 14 + 1, 14, 14)  # the last trick still counts


@pytest.mark.parametrize("preset", ["peppa", "torino", "hearts"])
def test_short_deck_game_has_nine_cards_and_nine_tricks(kit: ModuleType, preset: str) -> None:
    match = kit.random_game(preset, 5, deck=36, end={"mode": "hands", "count": 4})
    assert len(match.hands) == 4
    for hand in match.hands:
        assert [m.bit_count() for m in hand.deal] == [9, 9, 9, 9]
        assert len(hand.trick_winners) == 9
        taken = hand.result.taken
        assert (
            taken[0] | taken[1] | taken[2] | taken[3]
            == RuleSet.preset(preset, {"deck": 36}).deck_mask
        )
        assert all(not c.startswith(("2", "3", "4", "5")) for c in kit.names(hand.plays))


def test_short_deck_hearts_lead_is_the_six_of_clubs(kit: ModuleType) -> None:
    rules = RuleSet.preset("hearts", {"deck": 36, "pass_cycle": ["hold"]})
    match = Match(rules, 1, dealer=2)
    hand = kit.play_scripted(match, kit.leader_takes_all(rules), leader=1)
    assert str(hand.plays[0]) == "6C"
    assert match.totals() == [14, 0 + 1, 14, 14]  # the moon (14) and the last trick


def test_short_deck_peppa_moon_is_fourteen(kit: ModuleType) -> None:
    rules = RuleSet.preset("peppa", {"deck": 36})
    match = Match(rules, 1, dealer=3)
    kit.play_scripted(match, kit.leader_takes_all(rules), leader=0)
    assert match.totals() == [1, 14, 14, 14]


def test_teams_moon_goes_to_the_two_opponents_only(kit: ModuleType) -> None:
    rules = RuleSet.preset("peppa", {"teams": True})
    match = Match(rules, 1, dealer=3)
    hand = kit.play_scripted(match, kit.SOUTH_TAKES_POINTS, leader=0)
    assert hand.result.points == (0, 36, 0, 36)
    assert match.totals() == [0, 72, 0, 72]


def test_teams_share_one_total_shown_for_both_partners(kit: ModuleType) -> None:
    rules = RuleSet.preset("torino", {"teams": True})
    match = Match(rules, 1, dealer=3)
    kit.play_scripted(match, kit.SOUTH_TAKES_POINTS, leader=0)
    # South 42, East 0, North −10, West −10: South+North 32, East+West −10.
    assert match.totals() == [32, -10, 32, -10]
    assert match.ranking()[:2] in ([1, 3], [3, 1])


def test_teams_subtract_moon(kit: ModuleType) -> None:
    rules = RuleSet.preset("hearts", {"teams": True, "moon": "subtract", "pass_cycle": ["hold"]})
    match = Match(rules, 1, dealer=0)
    kit.play_scripted(match, kit.leader_takes_all(rules), leader=3)
    assert match.totals() == [0, -26, 0, -26]
