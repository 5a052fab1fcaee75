"""Belmont game records: six or eight ``players``, hands with two copies of a card ("QS QS"),
write → read → replay, and every refusal with its place (hand, trick, seat, card) and rule.
Four-seat records written before two decks existed still read and write exactly as then."""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any

import pytest

from peppa_qt.engine import (
    Match,
    Phase,
    PlayerInfo,
    Reason,
    RecordError,
    RuleSet,
    read_record,
    record_of,
    replay,
    summary,
    write_record,
)
from peppa_qt.engine.record import record_to_dict

SEATS = (6, 8)


def round_trip(match: Match) -> Match:
    return replay(read_record(write_record(record_of(match))))


def check_refused(document: object, reason: Reason, **place: Any) -> RecordError:
    """Reading and replaying ``document`` is refused for ``reason`` at ``place``, in one line."""
    text = document if isinstance(document, str | bytes) else json.dumps(document)
    with pytest.raises(RecordError) as caught:
        replay(read_record(text))
    error = caught.value
    assert error.reason is reason, error.describe()
    for name, value in place.items():
        assert getattr(error, name) == value, error.describe()
    assert "\n" not in error.describe()
    return error


def belmont_record(
    kit: ModuleType, seats: int, given: dict[int, str], dealer: int = 0, **options: Any
) -> dict[str, Any]:
    """A Belmont record of one hold hand dealt ``given`` (the rest of the deck to the others),
    nothing played yet."""
    rules = RuleSet.preset("belmont", {"pass_cycle": ["hold"], **options}, seats=seats)
    match = Match(rules, 1, dealer=dealer)
    match.start_hand(kit.deal_of(rules, given))
    return record_to_dict(record_of(match))


def with_play(document: dict[str, Any], play: str) -> dict[str, Any]:
    document["hands"][0]["play"] = play
    document["hands"][0].pop("lead", None)
    return document


# ---------------------------------------------------------------- good records


@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize(
    "options",
    [
        {},
        {
            "moon": "subtract",
            "pass_cycle": ["across", "left"],
            "end": {"mode": "hands", "count": 3},
        },
        {"queen_breaks_hearts": True, "end_when": "exceed", "end": {"mode": "points", "limit": 50}},
    ],
)
def test_finished_belmont_games_round_trip(
    kit: ModuleType, seats: int, options: dict[str, Any]
) -> None:
    match = kit.random_game("belmont", 77, seats=seats, **options)
    again = round_trip(match)
    assert kit.match_snapshot(again) == kit.match_snapshot(match)
    assert again.rules == match.rules and again.rules.seats == seats
    printed = summary(again)
    assert printed == summary(match) and printed["over"] is True
    assert all(len(h["points"]) == seats for h in printed["hands"])
    assert len(printed["totals"]) == seats and sorted(printed["ranking"]) == list(range(seats))


@pytest.mark.parametrize("seats", SEATS)
def test_the_belmont_record_document(kit: ModuleType, seats: int) -> None:
    players = tuple(PlayerInfo(f"P{s}", "ai", "easy") for s in range(seats))
    match = kit.random_game("belmont", 3, seats=seats, end={"mode": "hands", "count": 2})
    document = json.loads(write_record(record_of(match, players)))
    assert document["rules"] == {
        "preset": "belmont",
        "options": {"end": {"mode": "hands", "count": 2}},
    }
    assert len(document["players"]) == seats
    first = document["hands"][0]
    assert len(first["deal"]) == len(first["pass"]) == seats
    assert all(len(d.split()) == 13 for d in first["deal"]) and all(
        len(p.split()) == 3 for p in first["pass"]
    )
    dealt = [c for d in first["deal"] for c in d.split()]
    assert len(dealt) == {6: 78, 8: 104}[seats]
    doubled = [d for d in first["deal"] if len(set(d.split())) < 13]
    assert doubled, "no seat was dealt two copies of a card"
    for text in doubled:  # a copy is written right after its twin
        words = text.split()
        assert all(
            words.index(w) + 1 == len(words) - words[::-1].index(w) - 1
            for w in words
            if words.count(w) == 2
        )
    assert len(first["play"].split()) == 13 * seats
    assert first["lead"] == match.hands[0].first_lead
    assert read_record(write_record(record_of(match, players))).players == players


def test_a_record_written_by_hand_with_two_queens_of_spades_replays(kit: ModuleType) -> None:
    document = belmont_record(kit, 8, {0: "QS QS KS KS AS AS 2H 2H 3H 3H 4H 4H 5H"})
    assert document["hands"][0]["deal"][0] == "2H 2H 3H 3H 4H 4H 5H QS QS KS KS AS AS"
    text = json.dumps(document).replace(
        "2H 2H 3H 3H 4H 4H 5H QS QS KS KS AS AS", "QS AS QS KS 2H AS 2H KS 3H 3H 4H 4H 5H"
    )
    match = replay(read_record(text))
    assert kit.texts(match.hands[0].deal[0])["QS"] == 2
    assert summary(match)["to_move"] == match.hands[0].first_lead


@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize("actions", [0, 3, 7, 40, 120, 200])
def test_belmont_games_in_progress_round_trip(kit: ModuleType, seats: int, actions: int) -> None:
    match = kit.random_game("belmont", 41, seats=seats, actions=actions)
    again = round_trip(match)
    assert kit.match_snapshot(again) == kit.match_snapshot(match)
    hand = match.current
    assert summary(again)["to_move"] == (hand.to_move if hand.phase is Phase.PLAYING else None)


# ------------------------------------------------------------------- refusals


def test_a_third_copy_is_refused_naming_the_seat_and_the_card(kit: ModuleType) -> None:
    document = belmont_record(kit, 8, {0: "QS QS KS KS AS AS 2H 2H 3H 3H 4H 4H 5H"})
    deal = document["hands"][0]["deal"]
    deal[5] = " ".join(["QS", *deal[5].split()[1:]])
    error = check_refused(document, Reason.DUPLICATE_CARD, hand=0, seat=5, card="QS")
    assert error.message == "dealt three times (twice to seat 0 already; the deck has two)"
    assert error.describe().startswith("hand 1, seat 5, card QS: ")
    document = belmont_record(kit, 8, {})
    deal = document["hands"][0]["deal"]
    deal[7] = " ".join(["9D", "9D", "9D", *deal[7].split()[3:]])  # three in one hand
    check_refused(document, Reason.DUPLICATE_CARD, hand=0, seat=7, card="9D")


@pytest.mark.parametrize("card", ["QS", "2S", "AC", "2C"])
def test_six_players_have_one_of_each_spade_and_club(kit: ModuleType, card: str) -> None:
    holder = 0 if card != "2C" else 1
    document = belmont_record(kit, 6, {holder: f"{card} 2D 2D 3D 3D 4D 4D 5D 5D 6D 6D 7D 7D"})
    deal = document["hands"][0]["deal"]
    other = 4
    deal[other] = " ".join([card, *deal[other].split()[1:]])
    error = check_refused(document, Reason.DUPLICATE_CARD, hand=0, seat=other, card=card)
    assert "twice" in error.message and "the deck has one" in error.message


def test_a_missing_copy_is_named(kit: ModuleType) -> None:
    document = belmont_record(kit, 6, {2: "AH AH KH KH 2C 3C 4C 5C 6C 7C 8C 9C TC"})
    deal = document["hands"][0]["deal"]
    deal[2] = deal[2].replace("AH AH", "AH")
    check_refused(document, Reason.MISSING_CARD, hand=0, seat=2, card="AH")


@pytest.mark.parametrize(
    ("preset", "count", "words"),
    [
        ("belmont", 5, "players must be a list of 4, 6 or 8"),
        ("belmont", 7, "players must be a list of 4, 6 or 8"),
        ("belmont", 9, "players must be a list of 4, 6 or 8"),
        ("belmont", 4, "belmont is played by 6 or 8 players, not 4"),
        ("peppa", 6, "peppa is played by 4 players, not 6"),
        ("hearts", 8, "hearts is played by 4 players, not 8"),
        ("belmont", None, "must list its 6 or 8 players"),
    ],
)
def test_a_wrong_number_of_players_is_refused(
    kit: ModuleType, preset: str, count: int | None, words: str
) -> None:
    document = belmont_record(kit, 6, {})
    document["rules"]["preset"] = preset
    if count is None:
        del document["players"]
    else:
        document["players"] = [{"name": f"P{s}"} for s in range(count)]
    error = check_refused(document, Reason.BAD_FIELD)
    assert words in error.describe()


def test_deals_and_passes_must_list_every_seat(kit: ModuleType) -> None:
    document = belmont_record(kit, 8, {})
    document["hands"][0]["deal"].pop()
    assert "deal must list 8 seats" in check_refused(document, Reason.BAD_FIELD, hand=0).describe()


@pytest.mark.parametrize(
    "option",
    [
        {"jack_of_diamonds": 10},
        {"jack_of_diamonds": -10},
        {"seven_of_clubs": 7},
        {"deck": 36},
        {"teams": True},
    ],
)
@pytest.mark.parametrize("seats", SEATS)
def test_a_belmont_record_with_a_four_seat_house_rule_is_refused(
    kit: ModuleType, seats: int, option: dict[str, Any]
) -> None:
    document = belmont_record(kit, seats, {})
    document["rules"]["options"] = {**document["rules"].get("options", {}), **option}
    error = check_refused(document, Reason.BAD_RULES)
    assert f"belmont does not take the rule option {next(iter(option))}" in error.describe()


# Eight seats, dealer 0 (turn 7, 6 … 0). Seat 7 leads its 2♣; seat 5 holds one Q♠ (and the
# other 2♣); seat 3 no club but K♠ and Q♠; seat 0 wins trick 1 with the A♣.
EIGHT = {
    7: "2C 3C 3C 4C 4C 5C 5C 6C 6C 7C 7C 8C 8C",
    6: "9C 9C TC TC JC JC QC QC KC KC 2D 2D 3D",
    5: "2C QS 3S 4S 5S 6S 7S 8S 9S TS JS 2S 2S",
    3: "KS QS 2H 2H 3H 3H 4H 4H 5H 5H 6H 6H 7H",
    0: "AC AC 3D 4D 4D 5D 5D 6D 6D 7D 7D 8D 8D",
}


@pytest.mark.parametrize(
    ("play", "reason", "trick", "seat", "card"),
    [
        ("3C", Reason.MUST_LEAD_LOWEST_CLUB, 0, 7, "3C"),
        ("2C 9C 3S", Reason.MUST_FOLLOW_SUIT, 0, 5, "3S"),
        ("2C 9C 2C 9D", Reason.CARD_NOT_HELD, 0, 4, "9D"),
        ("2C 9C 2C 9S 2H", Reason.NO_POINTS_ON_FIRST_TRICK, 0, 3, "2H"),
        ("2C 9C 2C 9S QS", Reason.NO_POINTS_ON_FIRST_TRICK, 0, 3, "QS"),
    ],
)
def test_illegal_plays_with_copies_are_refused_with_their_place(  # noqa: PLR0917
    kit: ModuleType, play: str, reason: Reason, trick: int, seat: int, card: str
) -> None:
    document = with_play(belmont_record(kit, 8, EIGHT), play)
    hand = document["hands"][0]
    assert "9S" in hand["deal"][4] and "9D" not in hand["deal"][4]  # the filler hands
    error = check_refused(document, reason, hand=0, trick=trick, seat=seat, card=card)
    assert error.describe().startswith(f"hand 1, trick {trick + 1}, seat {seat}, card {card}: ")


def test_the_second_copy_cannot_be_played_by_a_seat_that_held_one(kit: ModuleType) -> None:
    """Seat 3 plays its K♠ on trick 1, and later tries a K♠ again."""
    document = belmont_record(kit, 8, EIGHT)
    match = replay(read_record(json.dumps(with_play(document, ""))))
    hand = match.current
    assert hand is not None
    plays: list[str] = []
    while len(plays) < 8:  # trick 1: every seat its lowest legal card, seat 3 the K♠, seat 0 an A♣
        forced = {3: "KS", 0: "AC"}
        card = forced.get(hand.to_move or 0, str(kit.lowest_legal(hand)))
        hand.play(kit.Card.parse(card))
        plays.append(card)
    assert hand.trick_winners == [0]
    while hand.to_move != 3:
        card = str(kit.lowest_legal(hand))
        hand.play(kit.Card.parse(card))
        plays.append(card)
    check_refused(
        with_play(document, " ".join([*plays, "KS"])),
        Reason.CARD_NOT_HELD,
        hand=0,
        trick=1,
        seat=3,
        card="KS",
    )


def test_hearts_may_not_be_led_unbroken_with_copies(kit: ModuleType) -> None:
    """Six seats: seat 2 wins trick 1 with the A♣ and may not lead a heart next."""
    six = {
        5: "2C 3C 4C 2D 2D 3D 3D 4D 4D 5D 5D 6D 6D",
        4: "5C 6C 7C 7D 7D 8D 8D 9D 9D TD TD JD JD",
        3: "8C 9C TC QD QD KD KD AD AD 2S 3S 4S 5S",
        2: "AC 2H 2H 3H 3H 4H 4H 5H 5H 6H 6H 7H 6S",
    }
    document = with_play(belmont_record(kit, 6, six), "2C 5C 8C AC 7S JC 2H")
    check_refused(document, Reason.HEARTS_NOT_BROKEN, hand=0, trick=1, seat=2, card="2H")


def test_passing_two_queens_out_of_one_is_refused(kit: ModuleType) -> None:
    rules = RuleSet.preset("belmont", {"pass_cycle": ["left"]}, seats=8)
    match = Match(rules, 1, dealer=0)
    match.start_hand(kit.deal_of(rules, EIGHT))
    document = record_to_dict(record_of(match))
    passes = [" ".join(d.split()[-3:]) for d in document["hands"][0]["deal"]]
    passes[5] = "QS QS 3S"
    document["hands"][0]["pass"] = passes
    error = check_refused(document, Reason.CARD_NOT_HELD, hand=0, seat=5, card="QS")
    assert "passed twice" in error.message
    passes[5] = "2S 2S 2S"
    document["hands"][0]["pass"] = passes
    check_refused(document, Reason.WRONG_PASS_SIZE, hand=0, seat=5)
    passes[5] = "2S 2S 3S"  # both copies held: a legal pass
    replay(read_record(json.dumps(document)))


def test_of_two_holders_of_the_two_of_clubs_the_farther_is_not_the_leader(kit: ModuleType) -> None:
    document = with_play(belmont_record(kit, 8, EIGHT), "2C")
    document["hands"][0]["lead"] = 5  # the other holder of a 2♣, after seat 7 in the turn
    error = check_refused(document, Reason.WRONG_LEAD, hand=0, seat=5)
    assert "seat 7 leads" in error.message
    document["hands"][0]["lead"] = 7
    assert summary(replay(read_record(json.dumps(document))))["to_move"] == 6


@pytest.mark.parametrize("seats", SEATS)
def test_the_next_dealer_is_the_one_on_the_dealers_left(kit: ModuleType, seats: int) -> None:
    match = kit.random_game("belmont", 6, seats=seats, end={"mode": "hands", "count": 2})
    document = record_to_dict(record_of(match))
    first = document["hands"][0]["dealer"]
    assert document["hands"][1]["dealer"] == (first - 1) % seats
    document["hands"][1]["dealer"] = (first + 1) % seats
    error = check_refused(document, Reason.WRONG_DEALER, hand=1)
    assert f"the dealer must be seat {(first - 1) % seats}" in error.message


@pytest.mark.parametrize("seat", range(8))
def test_a_refusal_at_any_of_eight_seats_is_one_line_naming_the_seat(
    kit: ModuleType, seat: int
) -> None:
    document = belmont_record(kit, 8, {})
    document["players"][seat] = {"kind": "human"}  # a player without a name
    error = check_refused(document, Reason.BAD_FIELD, seat=seat)
    assert error.describe() == f"seat {seat}: each player needs a name"
    document = belmont_record(kit, 8, {})
    document["hands"][0]["deal"][seat] = document["hands"][0]["deal"][seat].replace(" ", " XX ", 1)
    assert (
        check_refused(document, Reason.BAD_CARD, hand=0, seat=seat)
        .describe()
        .startswith(f"hand 1, seat {seat}: ")
    )


def test_four_seat_refusals_still_name_the_compass_seat(kit: ModuleType) -> None:
    match = kit.random_game("hearts", 2, actions=0)
    document = record_to_dict(record_of(match))
    document["players"][3] = {"kind": "human"}
    assert (
        check_refused(document, Reason.BAD_FIELD).describe()
        == "seat 3 (West): each player needs a name"
    )


# ------------------------------------------------------- four-seat records as before

#: Records written by the code before two decks (commit 5aa4049), with what check printed.
BEFORE_TWO_DECKS: list[tuple[str, dict[str, Any]]] = [
    (
        (
            '{\n "format": "peppa-record",\n "version": 1,\n "rules": {"preset": "he'
            'arts", "options": {"end": {"mode": "hands", "count": 1}}},\n "players'
            '": [{"name": "Player 1", "kind": "human"}, {"name": "Player 2", "kin'
            'd": "human"}, {"name": "Player 3", "kind": "human"}, {"name": "Playe'
            'r 4", "kind": "human"}],\n "seed": 5,\n "hands": [\n  {"dealer": 0, "de'
            'al": ["2C 6C 7C TC 6D AD 9H JH QH 5S 6S QS KS", "4C 9C KC 2D 4D 5D K'
            'D 8H 7S 8S 9S TS AS", "8C QC AC 7D 8D TD JD QD 3H 4H 5H 6H 7H", "3C '
            '5C JC 3D 9D 2H TH KH AH 2S 3S 4S JS"], "pass": ["6D AD 5S", "9S TS A'
            'S", "8C QD 3H", "3D 3S JS"], "lead": 0, "play": "2C 3C QC 9C JS 7S Q'
            "S 5S 7C 5C AC KC 7D QD QH 6D 3H 9H 2H 5H AS 2S 3S 8S KS 4S 8D 8H TC "
            "JC TD 8C TH 4H KD JH 6S AD 7H 4D 6C KH JD 4C 9S AH 3D 5D TS 9D 6H 2D"
            '"}\n ]\n}\n'
        ),
        json.loads(
            '{"hands": [{"points": [25, 1, 0, 0], "moon": null}], "totals": [25, '
            '1, 0, 0], "over": true, "ranking": [2, 3, 1, 0], "winners": [2], "to'
            '_move": null}'
        ),
    ),
    (
        (
            '{\n "format": "peppa-record",\n "version": 1,\n "rules": {"preset": "pe'
            'ppa", "options": {"deck": 36, "teams": true}},\n "players": [{"name":'
            ' "Player 1", "kind": "human"}, {"name": "Player 2", "kind": "human"}'
            ', {"name": "Player 3", "kind": "human"}, {"name": "Player 4", "kind"'
            ': "human"}],\n "seed": 6,\n "hands": [\n  {"dealer": 3, "deal": ["TC AC'
            ' JD AD 9H TH JH QH KH", "KC 6D 8D 9D QD 7H 8H 6S KS", "7C 9C QC TD 8'
            'S TS JS QS AS", "6C 8C JC 7D KD 6H AH 7S 9S"], "pass": ["AC JH QH", '
            '"KC QD 6S", "QC JS QS", "6H AH 9S"], "lead": 0, "play": "TC AC 9C 8C'
            ' QH KC 7D AH TH"}\n ]\n}\n'
        ),
        json.loads(
            '{"hands": [], "totals": [0, 0, 0, 0], "over": false, "ranking": [3, '
            '1, 2, 0], "winners": [], "to_move": 1}'
        ),
    ),
]


@pytest.mark.parametrize(("text", "printed"), BEFORE_TWO_DECKS)
def test_four_seat_records_of_before_read_and_write_as_then(
    text: str, printed: dict[str, Any]
) -> None:
    record = read_record(text)
    assert write_record(record) == text
    match = replay(record)
    assert summary(match) == printed
    assert write_record(record_of(match)) == text
