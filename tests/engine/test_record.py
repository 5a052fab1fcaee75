"""Game records: write → read → replay, games in progress, and every refusal with its place."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from peppa_qt.engine import (
    Card,
    IllegalMove,
    Match,
    Phase,
    PlayerInfo,
    Reason,
    RecordError,
    RuleSet,
    cards_of,
    read_record,
    record_of,
    replay,
    summary,
    write_record,
)
from peppa_qt.engine.record import record_to_dict

SUMMARY_KEYS = {"hands", "totals", "over", "ranking", "winners", "to_move"}


def round_trip(match: Match) -> Match:
    return replay(read_record(write_record(record_of(match))))


def same_game(kit: ModuleType, a: Match, b: Match) -> None:
    snap_a, snap_b = kit.match_snapshot(a), kit.match_snapshot(b)
    assert snap_a == snap_b
    assert summary(a) == summary(b)


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        ("peppa", {}),
        ("torino", {}),
        ("hearts", {}),
        ("peppa", {"deck": 36, "jack_of_diamonds": -10, "end": {"mode": "hands", "count": 3}}),
        ("hearts", {"teams": True, "moon": "subtract", "pass_cycle": ["left", "across"]}),
        ("torino", {"moon": "give", "seven_of_clubs": 7, "end_when": "reach"}),
    ],
)
def test_finished_game_round_trips(kit: ModuleType, preset: str, options: dict[str, Any]) -> None:
    match = kit.random_game(preset, 77, **options)
    again = round_trip(match)
    same_game(kit, match, again)
    assert again.rules == match.rules and again.rules.options == match.rules.options
    assert summary(again)["over"] is True
    assert set(summary(again)) == SUMMARY_KEYS


def test_record_document_shape(kit: ModuleType) -> None:
    players = (
        PlayerInfo("Anna"),
        PlayerInfo("Bruno", "ai", "hard"),
        PlayerInfo("Carla", "ai", "normal"),
        PlayerInfo("Dario", "ai", "easy"),
    )
    match = kit.random_game("peppa", 3, end={"mode": "hands", "count": 2})
    document = json.loads(write_record(record_of(match, players)))
    assert document["format"] == "peppa-record" and document["version"] == 1
    assert document["rules"] == {
        "preset": "peppa",
        "options": {"end": {"mode": "hands", "count": 2}},
    }
    assert document["players"][1] == {"name": "Bruno", "kind": "ai", "level": "hard"}
    assert document["seed"] == 3
    first = document["hands"][0]
    assert first["dealer"] == match.first_dealer
    assert [len(d.split()) for d in first["deal"]] == [13, 13, 13, 13]
    assert [len(p.split()) for p in first["pass"]] == [3, 3, 3, 3]
    assert first["lead"] == (match.first_dealer + 1) % 4
    assert len(first["play"].split()) == 52
    assert read_record(write_record(record_of(match, players))).players == players


@pytest.mark.parametrize("preset", ["peppa", "torino", "hearts"])
@pytest.mark.parametrize("actions", [0, 2, 4, 5, 4 + 17, 56, 56 + 3, 56 + 4 + 30])
def test_game_in_progress_round_trips(kit: ModuleType, preset: str, actions: int) -> None:
    match = kit.random_game(preset, 41, actions=actions)
    again = round_trip(match)
    same_game(kit, match, again)
    hand = match.current
    expected = hand.to_move if hand.phase is Phase.PLAYING else None
    assert summary(again)["to_move"] == expected
    if hand.phase is Phase.PASSING:
        document = json.loads(write_record(record_of(match)))
        last = document["hands"][-1]
        assert last["play"] == "" and "lead" not in last
        passed = [p is not None for p in hand.passes]
        assert [p is not None for p in last.get("pass", [None] * 4)] == passed


def test_game_between_hands_and_over_have_no_one_to_move(kit: ModuleType) -> None:
    match = Match(RuleSet.preset("peppa"), 5)
    kit.finish(match.start_hand())  # hand 1 scored, hand 2 not dealt yet
    assert summary(round_trip(match))["to_move"] is None
    assert summary(round_trip(match))["over"] is False
    over = kit.random_game("peppa", 5, end={"mode": "hands", "count": 1})
    assert summary(round_trip(over)) == {**summary(over), "to_move": None, "over": True}


def test_in_progress_game_continues_after_loading(kit: ModuleType) -> None:
    match = kit.random_game("hearts", 9, actions=56 + 4 + 9)
    loaded = round_trip(match)
    kit.finish(loaded.current, seed=1)
    kit.finish(match.current, seed=1)
    same_game(kit, match, loaded)
    loaded.undo()  # a loaded game keeps its undo history
    assert len(loaded.current.plays) == 51


def test_extra_fields_are_kept(kit: ModuleType) -> None:
    match = kit.random_game("peppa", 5, actions=20)
    document = record_to_dict(record_of(match))
    document["autosave"] = {"when": "now"}
    record = read_record(json.dumps(document))
    assert record.extra == {"autosave": {"when": "now"}}
    assert json.loads(write_record(record))["autosave"] == {"when": "now"}


def test_pass_may_hold_nulls_while_passing(kit: ModuleType) -> None:
    match = kit.random_game("peppa", 5, actions=2)
    document = json.loads(write_record(record_of(match)))
    assert document["hands"][0]["pass"][2:] == [None, None]
    loaded = replay(read_record(json.dumps(document)))
    assert loaded.current.passes[:2] == match.current.passes[:2]
    assert loaded.current.passes[2:] == [None, None]


# -------------------------------------------------------------- refusals


def hearts_record(
    kit: ModuleType, seats: dict[int, str], dealer: int = 1, **options: Any
) -> dict[str, Any]:
    """A Hearts record whose first hand, after its passes, gives ``seats`` these cards."""
    match = Match(RuleSet.preset("hearts", options), 1, dealer=dealer)
    kit.staged_match_hand(match, kit.deal_of(match.rules, seats))
    return record_to_dict(record_of(match))


FIRST_TRICK = {  # South holds the 2♣; West (3) is void in clubs; North (2) holds only points.
    0: "2C 3C KD AD 2S 3S 4S 5S 6S 7S 8S 9S TS",
    3: "2H AS 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
    2: "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS",
}
HEARTS_UNBROKEN = {  # trick 1 all clubs, won by West's A♣; West then holds K♥ A♥ and spades.
    0: "2C 5C 6C 7C 2S 2D 3D 4D 5D 6D 7D 8D 9D",
    1: "3C AS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
    2: "4C 8C 9C TC JC QC KC 3S TD JD QD KD AD",
}


def with_play(document: dict[str, Any], play: str, hand: int = 0) -> dict[str, Any]:
    document["hands"][hand]["play"] = play
    document["hands"][hand].pop("lead", None)
    return document


def check_refused(document: object, reason: Reason, **place: Any) -> RecordError:
    text = document if isinstance(document, str | bytes) else json.dumps(document)
    with pytest.raises(RecordError) as caught:
        replay(read_record(text))
    error = caught.value
    assert error.reason is reason, error.describe()
    for name, value in place.items():
        assert getattr(error, name) == value, error.describe()
    assert "\n" not in error.describe()
    return error


def test_refused_bad_json() -> None:
    error = check_refused('{"format": "peppa-record",', Reason.BAD_JSON)
    assert "line 1" in error.describe()
    check_refused(b"\xff\xfe{", Reason.BAD_JSON)


def test_refused_unknown_format_and_versions(kit: ModuleType) -> None:
    document = hearts_record(kit, FIRST_TRICK)
    check_refused({**document, "format": "pbn"}, Reason.UNKNOWN_FORMAT)
    check_refused([document], Reason.UNKNOWN_FORMAT)
    newer = check_refused({**document, "version": 2}, Reason.UNSUPPORTED_VERSION)
    assert "newer" in newer.describe()
    check_refused({**document, "version": "1"}, Reason.UNSUPPORTED_VERSION)
    check_refused({**document, "version": 0}, Reason.UNSUPPORTED_VERSION)


def test_refused_duplicated_card(kit: ModuleType) -> None:
    document = hearts_record(kit, FIRST_TRICK)
    deal = document["hands"][0]["deal"]
    deal[2] = deal[2].replace(deal[2].split()[0], deal[0].split()[0])
    error = check_refused(document, Reason.DUPLICATE_CARD, hand=0, seat=2)
    assert error.card == deal[0].split()[0]


def test_refused_missing_card(kit: ModuleType) -> None:
    document = hearts_record(kit, FIRST_TRICK)
    deal = document["hands"][0]["deal"]
    dropped = deal[3].split()[-1]
    deal[3] = " ".join(deal[3].split()[:-1])
    error = check_refused(document, Reason.MISSING_CARD, hand=0, seat=3, card=dropped)
    assert "hand 1, seat 3 (West), card " + dropped in error.describe()


def test_refused_wrong_deal_size(kit: ModuleType) -> None:
    document = hearts_record(kit, FIRST_TRICK)
    deal = document["hands"][0]["deal"]
    moved = deal[3].split()[-1]
    deal[3] = " ".join(deal[3].split()[:-1])
    deal[0] += " " + moved
    check_refused(document, Reason.WRONG_DEAL_SIZE, hand=0, seat=0)


def test_refused_card_outside_a_short_deck(kit: ModuleType) -> None:
    match = kit.random_game("peppa", 2, actions=0, deck=36)
    document = record_to_dict(record_of(match))
    deal = document["hands"][0]["deal"]
    deal[1] = deal[1].replace(deal[1].split()[0], "2C")
    check_refused(document, Reason.BAD_CARD, hand=0, seat=1, card="2C")


def test_refused_wrong_pass_size(kit: ModuleType) -> None:
    document = hearts_record(kit, FIRST_TRICK)
    passes = document["hands"][0]["pass"]
    passes[1] = " ".join(passes[1].split()[:2])
    check_refused(with_play(document, ""), Reason.WRONG_PASS_SIZE, hand=0, seat=1)


def test_refused_pass_of_a_card_not_held(kit: ModuleType) -> None:
    document = hearts_record(kit, FIRST_TRICK)
    hand = document["hands"][0]
    stranger = hand["deal"][2].split()[0]
    hand["pass"][0] = " ".join([*hand["pass"][0].split()[:2], stranger])
    check_refused(document, Reason.CARD_NOT_HELD, hand=0, seat=0, card=stranger)


def test_refused_pass_on_a_hold_hand(kit: ModuleType) -> None:
    document = hearts_record(kit, FIRST_TRICK, pass_cycle=["hold"])
    assert "pass" not in document["hands"][0]
    document["hands"][0]["pass"] = ["2C 3C KD", None, None, None]
    check_refused(document, Reason.NO_PASS_THIS_HAND, hand=0)


def test_refused_play_before_passing_ended(kit: ModuleType) -> None:
    document = hearts_record(kit, FIRST_TRICK)
    document["hands"][0]["pass"][3] = None
    check_refused(with_play(document, "2C"), Reason.WRONG_PHASE, hand=0)


@pytest.mark.parametrize(
    ("deal", "reason", "where"),
    [
        ((FIRST_TRICK, "2C 3C"), Reason.CARD_NOT_HELD, (0, 3, "3C")),
        ((FIRST_TRICK, "2C 2D QS KS"), Reason.MUST_FOLLOW_SUIT, (0, 1, "KS")),
        ((FIRST_TRICK, "3C"), Reason.MUST_LEAD_LOWEST_CLUB, (0, 0, "3C")),
        ((FIRST_TRICK, "2C 2H"), Reason.NO_POINTS_ON_FIRST_TRICK, (0, 3, "2H")),
        ((HEARTS_UNBROKEN, "2C AC 4C 3C KH"), Reason.HEARTS_NOT_BROKEN, (1, 3, "KH")),
    ],
)
def test_refused_illegal_plays(
    kit: ModuleType,
    deal: tuple[dict[int, str], str],
    reason: Reason,
    where: tuple[int, int, str],
) -> None:
    seats, play = deal
    trick, seat, card = where
    document = with_play(hearts_record(kit, seats), play)
    error = check_refused(document, reason, hand=0, trick=trick, seat=seat, card=card)
    assert error.describe().startswith(f"hand 1, trick {trick + 1}, seat {seat} (")


def test_refused_wrong_lead(kit: ModuleType) -> None:
    document = with_play(hearts_record(kit, FIRST_TRICK), "2C 2D QS AC")
    document["hands"][0]["lead"] = 2
    check_refused(document, Reason.WRONG_LEAD, hand=0, seat=2)


def test_refused_hand_after_the_game_ended(kit: ModuleType) -> None:
    match = kit.random_game("peppa", 6, end={"mode": "hands", "count": 1})
    document = record_to_dict(record_of(match))
    document["hands"].append(dict(document["hands"][0], dealer=(match.first_dealer + 1) % 4))
    check_refused(document, Reason.HAND_AFTER_GAME_OVER, hand=1)


def test_refused_wrong_dealer(kit: ModuleType) -> None:
    match = kit.random_game("hearts", 6, end={"mode": "hands", "count": 2})
    document = record_to_dict(record_of(match))
    expected = match.hands[1].dealer
    document["hands"][1]["dealer"] = (expected + 2) % 4
    error = check_refused(document, Reason.WRONG_DEALER, hand=1)
    assert f"seat {expected}" in error.message


def test_refused_unfinished_hand_not_last(kit: ModuleType) -> None:
    match = kit.random_game("peppa", 6, end={"mode": "hands", "count": 2})
    document = record_to_dict(record_of(match))
    document["hands"][0]["play"] = " ".join(document["hands"][0]["play"].split()[:-4])
    check_refused(document, Reason.UNFINISHED_HAND_NOT_LAST, hand=0)


def test_refused_too_many_cards(kit: ModuleType) -> None:
    match = kit.random_game("peppa", 6, end={"mode": "hands", "count": 1})
    document = record_to_dict(record_of(match))
    document["hands"][0]["play"] += " 2C"
    check_refused(document, Reason.TOO_MANY_CARDS, hand=0)


BAD_SHAPES: list[tuple[str, Callable[[dict[str, Any]], None], Reason]] = [
    ("rules not an object", lambda d: d.update(rules="peppa"), Reason.BAD_RULES),
    ("unknown preset", lambda d: d["rules"].update(preset="scopa"), Reason.BAD_RULES),
    ("unknown option", lambda d: d["rules"].update(options={"jokers": 2}), Reason.BAD_RULES),
    ("bad deck", lambda d: d["rules"].update(options={"deck": 40}), Reason.BAD_RULES),
    ("bad end", lambda d: d["rules"].update(options={"end": {"mode": "x"}}), Reason.BAD_RULES),
    (
        "bool limit",
        lambda d: d["rules"].update(options={"end": {"mode": "points", "limit": True}}),
        Reason.BAD_RULES,
    ),
    ("three players", lambda d: d["players"].pop(), Reason.BAD_FIELD),
    ("nameless player", lambda d: d["players"][2].pop("name"), Reason.BAD_FIELD),
    ("seed text", lambda d: d.update(seed="12"), Reason.BAD_FIELD),
    ("hands not a list", lambda d: d.update(hands={}), Reason.BAD_FIELD),
    ("dealer 4", lambda d: d["hands"][0].update(dealer=4), Reason.BAD_FIELD),
    ("dealer text", lambda d: d["hands"][0].update(dealer="0"), Reason.BAD_FIELD),
    ("three deals", lambda d: d["hands"][0]["deal"].pop(), Reason.BAD_FIELD),
    ("null deal", lambda d: d["hands"][0]["deal"].__setitem__(1, None), Reason.BAD_FIELD),
    ("deal list", lambda d: d["hands"][0]["deal"].__setitem__(1, ["2C"]), Reason.BAD_FIELD),
    ("bad card", lambda d: d["hands"][0].update(play="2C 1C"), Reason.BAD_CARD),
    ("ten as 10", lambda d: d["hands"][0].update(play="10H"), Reason.BAD_CARD),
    ("play null", lambda d: d["hands"][0].update(play=None), Reason.BAD_FIELD),
    ("lead 7", lambda d: d["hands"][0].update(lead=7), Reason.BAD_FIELD),
]


@pytest.mark.parametrize(("what", "mutate", "reason"), BAD_SHAPES, ids=[b[0] for b in BAD_SHAPES])
def test_refused_bad_shapes(
    kit: ModuleType, what: str, mutate: Callable[[dict[str, Any]], None], reason: Reason
) -> None:
    match = kit.random_game("peppa", 8, actions=30)
    document = record_to_dict(record_of(match))
    mutate(document)
    check_refused(document, reason)


def test_hand_lines_write_what_write_record_writes_as_the_game_goes_and_goes_back() -> None:
    from peppa_qt.engine.record import HandLines

    rng = random.Random(3)
    match = Match(RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 4}}), 3)
    lines = HandLines()
    crossed = False
    while not match.is_over:
        hand = match.current
        if hand is None or hand.phase is Phase.SCORED:
            match.start_hand()
        elif hand.phase is Phase.PASSING:
            seat = next(s for s in range(4) if hand.passes[s] is None)
            hand.pass_cards(seat, rng.sample(cards_of(hand.hands[seat]), 3))
        elif rng.random() < 0.02:  # taken back, across a deal too, and played otherwise
            hands = len(match.hands)
            for _ in range(rng.randrange(1, 30)):
                try:
                    match.undo()
                except IllegalMove:
                    break
            crossed = crossed or len(match.hands) < hands
        else:
            hand.play(rng.choice(cards_of(hand.legal_mask())))
        assert write_record(record_of(match), lines.pieces(match)) == write_record(record_of(match))


def test_hand_lines_write_each_finished_hand_once(
    kit: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    from peppa_qt.engine import record_write as module

    match = kit.random_game("peppa", 4, actions=4 * (4 + 52) + 9)  # 4 hands played, 1 begun
    lines = module.HandLines()
    lines.pieces(match)
    written: list[object] = []
    real = module._hand_dict
    monkeypatch.setattr(module, "_hand_dict", lambda hand: written.append(hand) or real(hand))
    hand = match.current
    assert hand is not None
    hand.play(cards_of(hand.legal_mask())[0])
    lines.pieces(match)
    assert len(written) == 1  # the hand in play, not the four before it


# ------------------------------------------------------------------ long records


def long_match(hands: int, seed: int = 4, preset: str = "hearts") -> Match:
    """A game of ``hands`` random hands and one begun (20 of its cards played)."""
    rules = RuleSet.preset(preset, {"end": {"mode": "hands", "count": hands + 1}})
    match, rng = Match(rules, seed, track_undo=False), random.Random(seed)
    for index in range(hands + 1):
        hand = match.start_hand()
        for seat in range(4) if hand.phase is Phase.PASSING else ():
            match.pass_cards(seat, rng.sample(cards_of(hand.hands[seat]), 3))
        for _ in range(52 if index < hands else 20):
            match.play(rng.choice(cards_of(hand.legal_mask())))
    return match


def test_a_long_record_with_a_card_played_against_the_rules_late_is_refused_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every card of every hand is checked, the 14,990th as the first: ``check`` names the
    place and the rule as the engine refuses the card at that point of the game."""
    from peppa_qt import cli

    match = long_match(300)
    document = record_to_dict(record_of(match))
    index = 288
    cards = document["hands"][index]["play"].split()
    for number in range(4, 52):  # the first card of the hand its player may not play here
        before = json.loads(json.dumps(document))
        with_play(before, " ".join(cards[:number]), index)
        before["hands"] = before["hands"][: index + 1]
        hand = replay(read_record(json.dumps(before))).current
        assert hand is not None and hand.to_move is not None
        seat = hand.to_move
        wrong = cards_of(hand.hands[seat] & ~hand.legal_mask())
        if wrong:
            break
    refusal = hand.why_illegal(wrong[0])
    assert refusal is not None
    cards[number] = str(wrong[0])
    document["hands"][index]["play"] = " ".join(cards)
    error = check_refused(document, refusal.reason, hand=index, seat=seat, card=str(wrong[0]))
    names = ("South", "East", "North", "West")
    expected = (
        f"hand {index + 1}, trick {number // 4 + 1}, seat {seat} ({names[seat]}), "
        f"card {wrong[0]}: {refusal.message}"
    )
    assert error.describe() == expected
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert cli.main(["check", str(path)]) == 2
    assert capsys.readouterr().err == f"peppa-qt check: {path}: {expected}\n"


def test_a_long_record_with_one_card_too_many_late_is_refused() -> None:
    match = long_match(200)
    document = record_to_dict(record_of(match))
    hand = document["hands"][150]
    hand["play"] += " 2C"
    error = check_refused(document, Reason.TOO_MANY_CARDS, hand=150, card="2C")
    assert error.describe() == "hand 151, card 2C: more cards than the hand holds"


def _deal_outcome(check: Callable[[], list[int]]) -> tuple[object, ...]:
    try:
        return ("taken", check())
    except RecordError as error:
        return ("refused", error.reason, error.describe())


@pytest.mark.parametrize(
    ("preset", "seats", "options"),
    [("hearts", 4, {}), ("peppa", 4, {"deck": 36}), ("belmont", 6, {}), ("belmont", 8, {})],
)
def test_a_deal_is_taken_or_refused_as_the_check_of_each_card_takes_or_refuses_it(
    monkeypatch: pytest.MonkeyPatch, preset: str, seats: int, options: dict[str, Any]
) -> None:
    """A whole deal is taken on its sets alone, a wrong one checked card by card: either way,
    what is taken and each refusal with its words are those of the card-by-card check."""
    from peppa_qt.engine import record as module
    from peppa_qt.engine.cardset import listed
    from peppa_qt.engine.deals import NumberedDeal
    from peppa_qt.engine.record import HandRecord

    rules = RuleSet.preset(preset, options, seats=seats)
    rng = random.Random(f"{preset}{seats}")
    names = [str(card) for card in listed((1 << 52) - 1)]
    whole_deal = module._whole_deal
    outcomes = set()
    for trial in range(400):
        deal = [list(listed(m)) for m in NumberedDeal(rng.randrange(1, 10**9)).masks(rules)]
        for _ in range(trial % 3):  # none, one or two changes
            seat, other = rng.randrange(seats), rng.randrange(seats)
            change = rng.randrange(5)
            if change == 0 and deal[seat]:  # a card taken out
                deal[seat].pop(rng.randrange(len(deal[seat])))
            elif change == 1:  # a card given again, maybe one of the deck's
                deal[seat].append(rng.choice(names))
            elif change == 2 and deal[seat]:  # a card written as another
                deal[seat][rng.randrange(len(deal[seat]))] = rng.choice(names)
            elif change == 3 and deal[seat]:  # a card moved to another seat
                deal[other].append(deal[seat].pop())
            elif deal[seat]:  # a seat's card given to it twice
                deal[seat].append(rng.choice(deal[seat]))
        data = HandRecord(0, tuple(tuple(Card.parse(str(c)) for c in cards) for cards in deal))
        fast = _deal_outcome(lambda data=data: module._check_deal(rules, 9, data))
        monkeypatch.setattr(module, "_whole_deal", lambda *_: None)
        slow = _deal_outcome(lambda data=data: module._check_deal(rules, 9, data))
        monkeypatch.setattr(module, "_whole_deal", whole_deal)
        assert fast == slow
        outcomes.add(fast[:2] if fast[0] == "refused" else fast[:1])
    assert ("taken",) in outcomes and len(outcomes) >= 4  # taken, and refused in several ways


def test_a_replayed_game_keeps_the_undo_history_of_its_last_hand_only() -> None:
    """The moves a player may take back are those of the hand in play; a long game's replay
    kept a snapshot of every card of every hand before it."""
    match = long_match(30)
    loaded = replay(read_record(write_record(record_of(match))))
    assert not any(hand.can_undo() for hand in loaded.hands[:-1])
    for _ in range(20 + 4):  # its 20 cards and the 4 passes
        loaded.undo()
    assert loaded.current is not None and loaded.current.phase is Phase.PASSING
    with pytest.raises(IllegalMove):
        loaded.undo()
    loaded.current.pass_cards(0, cards_of(loaded.current.hands[0])[:3])
    assert loaded.current.can_undo()  # and the moves from now on, as ever


def test_a_record_read_back_gives_its_finished_hands_lines_as_the_autosave_writes_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from peppa_qt.engine import record_write as module
    from peppa_qt.engine.record import HandLines, lines_as_written

    match = long_match(40)
    text = write_record(record_of(match))
    record = read_record(text)
    loaded = replay(record)
    lines = lines_as_written(text, json.loads(text), record)
    assert lines == HandLines().pieces(loaded)[0].split(",\n")  # the 40 finished hands'
    adopted = HandLines()
    adopted.adopt(loaded, lines)
    written: list[object] = []
    real = module._hand_dict
    monkeypatch.setattr(module, "_hand_dict", lambda hand: written.append(hand) or real(hand))
    assert write_record(record_of(loaded), adopted.pieces(loaded)) == text
    assert len(written) == 1  # the hand in play, not the 40 before it
    with pytest.raises(ValueError, match="before the last"):
        adopted.adopt(loaded, [*lines, "  {}"])


def _rewritten(text: str, hand: int, change: Callable[[dict[str, Any]], None]) -> str:
    """``text`` with one hand's object changed, written back as the writer lays it out."""
    from peppa_qt.engine.record_write import _ENCODE

    lines = text.split("\n")
    start = lines.index(' "hands": [') + 1
    line = lines[start + hand]
    comma = "," if line.endswith(",") else ""
    entry = json.loads(line.rstrip(","))
    change(entry)
    lines[start + hand] = f"  {_ENCODE(entry)}{comma}"
    return "\n".join(lines)


def _swap_deal(entry: dict[str, Any]) -> None:
    cards = entry["deal"][1].split()
    entry["deal"][1] = " ".join([cards[1], cards[0], *cards[2:]])


@pytest.mark.parametrize(
    "change",
    [
        lambda e: e.update(deal=[d.lower() for d in e["deal"]]),  # read alike, written otherwise
        _swap_deal,  # the cards of a seat out of their order
        lambda e: e.update(play=e["play"].replace(" ", "  ", 1)),
        lambda e: e.pop("lead"),  # the writer writes it once a card is played
        lambda e: e.update(note="mine"),  # not the writer's: the reader passes over it
        lambda e: e.update(dealer=e.pop("dealer")),  # the writer's fields in another order
    ],
)
def test_no_line_is_taken_from_a_record_not_written_as_the_writer_writes(
    change: Callable[[dict[str, Any]], None],
) -> None:
    """The autosave would write such a hand otherwise: its lines are written anew."""
    from peppa_qt.engine.record import lines_as_written

    text = _rewritten(write_record(record_of(long_match(8))), 5, change)
    record = read_record(text)
    replay(record)  # a game all the same
    assert lines_as_written(text, json.loads(text), record) == []


def test_no_line_is_taken_from_a_record_laid_out_otherwise() -> None:
    from peppa_qt.engine.record import lines_as_written

    text = write_record(record_of(long_match(8)))
    document = json.loads(text)
    for other in (json.dumps(document), json.dumps(document, indent=1), text.rstrip("\n")):
        record = read_record(other)
        assert lines_as_written(other, json.loads(other), record) == []
    one = record_of(long_match(0))
    alone = write_record(one)
    assert lines_as_written(alone, json.loads(alone), read_record(alone)) == []
