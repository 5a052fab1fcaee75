"""The coach's reasons read from its own search (issue 38, part 2): each says what the deals
came to after the better choice and after the other, and each has a position where it is true
and given, and one where it must not be given (the position contradicts it, or the deals do
not bear it out)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import replace
from types import ModuleType

import pytest

from peppa_qt.ai import make_player
from peppa_qt.ai.hints import FACTS, Hint, Why, sentence
from peppa_qt.ai.reasons import fact_holds
from peppa_qt.ai.review import (
    MISTAKE_UP_TO,
    HandReview,
    ReviewBudget,
    best_play,
    play_reason,
    play_search,
    review_hand,
)
from peppa_qt.ai.review_json import hand_from_dict, hand_to_dict
from peppa_qt.ai.review_values import Facts, Samples, play_samples
from peppa_qt.ai.search import Stakes
from peppa_qt.ai.search_reasons import reason_of, search_why
from peppa_qt.engine import Match, RuleSet, view_of
from peppa_qt.engine.cards import Card
from peppa_qt.engine.view import PlayerView
from peppa_qt.self_test import play_hand

PEPPA = RuleSet.preset("peppa")
NOTHING: Facts = (0, 0, 0, 0, 0)

Case = Callable[[ModuleType], tuple[PlayerView, Samples, str, str]]
#: Each deal's value and what it came to.
Deals = tuple[list[float], list[Facts]]


def card(name: str) -> int:
    return int(Card.parse(name))


def deals(*groups: tuple[int, float, Facts]) -> Deals:
    """Ten deals (or as many as the groups give): ``count`` deals of ``value`` and ``facts``."""
    values = [value for count, value, _ in groups for _ in range(count)]
    facts = [facts for count, _, facts in groups for _ in range(count)]
    return values, facts


def searched(better: str, mine: Deals, other: str, theirs: Deals) -> Samples:
    """The samples of two choices over the same deals."""
    weights = (1.0,) * len(mine[0])
    b, o = card(better), card(other)
    values = {b: tuple(mine[0]), o: tuple(theirs[0])}
    return Samples(weights, values, {b: tuple(mine[1]), o: tuple(theirs[1])})


def staged(
    core: str, plays: str = "", rules: RuleSet = PEPPA, leader: int | None = None
) -> Callable[[ModuleType], PlayerView]:
    """Seat 0 to play, holding ``core`` (the rest dealt), after ``plays``."""
    first = (-len(plays.split())) % 4 if leader is None else leader
    return lambda kit: kit.staged(rules, {0: core}, plays, leader=first)


#: Seat 0 leads with the Q♠ out; or with the Q♠ gone (it took it with the K♠).
LEAD = staged("2D 9D AS 3C 4C")
QUEEN_GONE = staged("2D 9D AS 3C 4C", "KS 5S QS 3S", leader=0)
#: Seat 0 second to play to a 9♦; or last, the trick's cards all under its 10♦.
SECOND = staged("2D KD 3C 4C", "9D")
LAST = staged("2D TD 3C 4C", "9D 3D 4D", leader=1)
#: Seat 0 took every heart so far; or seat 3 did, and leads the 9♦.
SHOOTING = staged("5H 2D KD", "2H 3H 4H 5H", leader=1)
STOPPING = staged("4H 2D KD", "2H 3H 5H 4H 9D", leader=1)

QUEEN_TAKEN = deals((7, -10.0, (1, 0, 13, 1, 0)), (3, 0.0, (1, 0, 0, 0, 0)))
CLEAN = deals((10, 0.0, NOTHING))
WINS_TWO = deals((8, -2.5, (1, 2, 0, 0, 0)), (2, 0.0, NOTHING))


def case(
    view: Callable[[ModuleType], PlayerView], better: str, mine: Deals, other: str, theirs: Deals
) -> Case:
    return lambda kit: (view(kit), searched(better, mine, other, theirs), better, other)


TRUE_AT: dict[Hint, Case] = {
    Hint.FACT_QUEEN: case(LEAD, "2D", CLEAN, "AS", QUEEN_TAKEN),
    Hint.FACT_DUCK: case(SECOND, "2D", CLEAN, "KD", WINS_TWO),
    Hint.FACT_TRICK: case(
        SECOND, "2D", deals((5, 0.0, (1, 0, 0, 0, 0)), (5, 0.0, NOTHING)), "KD", WINS_TWO
    ),
    Hint.FACT_LATER: case(LEAD, "2D", CLEAN, "9D", deals((10, -4.0, (0, 0, 3, 0, 0)))),
    Hint.FACT_STOP_MOON: case(
        STOPPING, "KD", CLEAN, "2D", deals((3, -30.0, (0, 0, 0, 0, 2)), (7, 0.0, NOTHING))
    ),
    Hint.FACT_SHOOT_MOON: case(
        SHOOTING, "KD", deals((4, 30.0, (1, 0, 20, 0, 1)), (6, 0.0, NOTHING)), "2D", CLEAN
    ),
}
FALSE_AT: dict[Hint, Case] = {
    # the Q♠ is gone: the deals' figures cannot be about it
    Hint.FACT_QUEEN: case(QUEEN_GONE, "2D", CLEAN, "AS", QUEEN_TAKEN),
    # last to play, the 10♦ wins the trick as it stands: it does not leave it to anyone
    Hint.FACT_DUCK: case(LAST, "TD", CLEAN, "2D", WINS_TWO),
    # under half a point apart in the trick: no "about 0 points fewer"
    Hint.FACT_TRICK: case(
        SECOND, "2D", CLEAN, "KD", deals((2, -0.5, (1, 2, 0, 0, 0)), (8, 0.0, NOTHING))
    ),
    # more points later after the better card: not its reason
    Hint.FACT_LATER: case(
        LEAD, "2D", deals((10, 0.0, (0, 0, 3, 0, 0))), "9D", deals((10, -4.0, (0, 4, 0, 0, 0)))
    ),
    # seat 0 has hearts: nobody else can take them all
    Hint.FACT_STOP_MOON: case(
        SHOOTING, "KD", CLEAN, "2D", deals((3, -30.0, (0, 0, 0, 0, 2)), (7, 0.0, NOTHING))
    ),
    # seat 3 has hearts: seat 0 cannot take them all
    Hint.FACT_SHOOT_MOON: case(
        STOPPING, "KD", deals((4, 30.0, (1, 0, 20, 0, 1)), (6, 0.0, NOTHING)), "2D", CLEAN
    ),
}


def test_every_reason_read_from_the_search_has_a_true_and_a_false_position() -> None:
    assert set(TRUE_AT) | {Hint.FACT_CLOSE, Hint.FACT_NOISE} == FACTS
    assert set(FALSE_AT) == set(TRUE_AT)


def _why(kit: ModuleType, made: Case) -> Why | None:
    view, samples, better, other = made(kit)
    assert view.seat == 0 and view.to_move == 0
    assert view.legal >> card(better) & 1 and view.legal >> card(other) & 1
    return search_why(view, samples, card(better), card(other))


@pytest.mark.parametrize("code", list(TRUE_AT))
def test_a_reason_from_the_search_is_given_where_it_is_true(code: Hint, aikit: ModuleType) -> None:
    why = _why(aikit, TRUE_AT[code])
    assert why is not None and why.code is code
    view = TRUE_AT[code](aikit)[0]
    assert fact_holds(view, why)


@pytest.mark.parametrize("code", list(FALSE_AT))
def test_a_reason_from_the_search_is_not_given_where_it_is_false(
    code: Hint, aikit: ModuleType
) -> None:
    why = _why(aikit, FALSE_AT[code])
    assert why is None or why.code is not code


def test_the_queen_s_sentence_gives_the_deals_as_a_beginner_reads_them(
    aikit: ModuleType,
) -> None:
    why = _why(aikit, TRUE_AT[Hint.FACT_QUEEN])
    assert why is not None
    assert sentence(why) == (
        "Playing 2D you took the Q♠ in under 1 deal in 20; playing AS, in about 7 deals in 10."
    )


def test_no_later_tricks_are_said_of_the_last_trick() -> None:
    match = Match(PEPPA, 3, track_undo=False)
    hand = match.start_hand()
    players = [make_player("normal", s) for s in range(4)]
    for seat in range(4):
        match.pass_cards(seat, players[seat].decide(view_of(match, seat)).cards)
    while len(hand.plays) < 4 * 12:
        assert hand.to_move is not None
        match.play(players[hand.to_move].decide(view_of(match, hand.to_move)).cards[0])
    assert hand.to_move is not None
    view = view_of(match, hand.to_move)
    held = (int(view.plays[0]),)
    assert not fact_holds(view, Why(Hint.FACT_LATER, held, held, points=2.0))


def _hinted(kit: ModuleType, gap: float, spread: float, facts: Facts) -> object:
    """A hint's reason for the 2♦ ``gap`` better than the 9♦, each deal ± ``spread``, the 9♦'s
    deals coming to ``facts`` (no rule of thumb)."""
    good = [gap + (spread if i % 2 else -spread) for i in range(10)]
    samples = Samples(
        (1.0,) * 10,
        {card("2D"): tuple(good), card("9D"): (0.0,) * 10},
        {card("2D"): (NOTHING,) * 10, card("9D"): (facts,) * 10},
    )
    return reason_of(LEAD(kit), samples, (card("2D"), card("2D")), card("9D"), Hint.SEARCH)


def test_two_cards_half_a_point_apart_are_said_to_be_about_the_same(aikit: ModuleType) -> None:
    said = _hinted(aikit, 0.3, 0.1, (0, 0, 3, 0, 0))
    assert isinstance(said, Why) and said.code is Hint.FACT_CLOSE
    assert sentence(said) == ("2D or 9D: about the same here, less than half a point apart.")


def test_a_difference_within_the_noise_is_said_to_be_so_not_explained(
    aikit: ModuleType,
) -> None:
    said = _hinted(aikit, 1.2, 3.0, (0, 0, 3, 0, 0))  # 1.2 ± about 1: the deals' luck
    assert isinstance(said, Why) and said.code is Hint.FACT_NOISE


def test_a_clear_difference_is_explained_not_called_close_or_noise(aikit: ModuleType) -> None:
    said = _hinted(aikit, 4.0, 0.1, (0, 0, 3, 0, 0))
    assert isinstance(said, Why) and said.code is Hint.FACT_LATER
    assert sentence(said) == (
        "Playing 2D you took about 3 points fewer in the later tricks than playing 9D."
    )


def test_a_clear_difference_no_fact_explains_keeps_the_general_reason(
    aikit: ModuleType,
) -> None:
    assert _hinted(aikit, 4.0, 0.1, NOTHING) is Hint.SEARCH


def test_the_search_keeps_what_each_deal_came_to(aikit: ModuleType) -> None:
    """Last to play on 9♦ 3♦ 4♥, the 10♦ wins that trick in every deal and takes the 4♥'s
    points; the 2♦ never does."""
    others = dict.fromkeys((1, 2, 3), "D")  # (the 4♥ is a discard)
    view = aikit.staged(PEPPA, {0: "2D TD 3C 4C"}, "9D 3D 4H", leader=1, voids=others)
    samples = play_samples(view, 5, 6, Stakes(view.rules))
    heart = PEPPA.card_points[card("4H")]
    assert heart > 0
    assert {facts[:2] for facts in samples.facts[card("TD")]} == {(1, heart)}
    assert {facts[:2] for facts in samples.facts[card("2D")]} == {(0, 0)}


def test_a_review_s_reasons_from_the_search_are_stored_and_an_old_review_still_loads() -> None:
    match = Match(PEPPA, 5, track_undo=False)
    players = [make_player("normal", 5 + s) for s in range(4)]
    play_hand(match, players)
    review = review_hand(match, 0, 2, ReviewBudget(worlds=12, pass_worlds=12, pass_candidates=3))
    first, second, *rest = review.decisions
    why = Why(Hint.FACT_LATER, (second.best,), (second.chosen,), 0.1, 0.4, 2.0)
    review = HandReview(0, 2, (first, replace(second, reason=why), *rest))
    document = hand_to_dict(review)
    again = hand_from_dict(match, 2, document)
    assert again.decisions[1].reason == why
    assert hand_to_dict(again) == document
    old = copy.deepcopy(document)  # as stored before the figures: codes alone
    for decision in old["decisions"]:
        del decision["why"]
        if decision["reason"] in FACTS:
            decision["reason"] = "search"
    assert hand_from_dict(match, 2, old).decisions[1].reason is Hint.SEARCH
    del document["decisions"][1]["why"]  # a reason from the search without its figures
    with pytest.raises(ValueError, match="figures"):
        hand_from_dict(match, 2, document)


def test_a_review_says_the_ace_of_spades_led_drew_the_queen(aikit: ModuleType) -> None:
    """The search itself, not figures made up: the A♠ led with the Q♠ out catches it."""
    view = aikit.staged(PEPPA, {0: "AS 2D 3D 4D 5D 6D 7D 8D 2C 3C 4C 5C 6C"}, leader=0)
    classes, samples = play_search(view, ReviewBudget(worlds=48))
    assert samples is not None
    ace, best = card("AS"), best_play(samples)
    assert samples.difference(best, ace)[0] > MISTAKE_UP_TO  # the review's blunder
    _, why = play_reason(view, classes, best, ace, samples)  # as the review explains it
    assert isinstance(why, Why), why
    assert why.code is Hint.FACT_QUEEN and why.other == (card("AS"),)
    assert why.mine + 0.5 < why.theirs  # (the 2♦ led: the Q♠ may come later)
