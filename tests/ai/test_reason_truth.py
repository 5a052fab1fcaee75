"""Every reason the coach gives is true of the cards it names (issue 38, item 2).

Each reason code has a position where it is true and one where it must not be given; the
hint and the review take their reasons through the same checks (``ai/reasons.py``), so a
pass of J♦ K♥ A♠ is not "your high spades", and a review does not explain the better pass by
the spades both passes gave.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest

from peppa_qt.ai.advice import suggest
from peppa_qt.ai.hints import FACTS, Hint
from peppa_qt.ai.passing import moon_pass
from peppa_qt.ai.reasons import reason_holds
from peppa_qt.ai.review import pass_reason, play_reason
from peppa_qt.ai.table import policy_rules
from peppa_qt.engine import HandState, PassDirection, RuleSet, cards_of
from peppa_qt.engine.cards import Card
from peppa_qt.engine.cardset import listed, minus, set_of
from peppa_qt.engine.view import PlayerView, hand_view

PEPPA = RuleSet.preset("peppa")
TEAMS = PEPPA.with_options(teams=True, jack_of_diamonds=-10)
BONUS = PEPPA.with_options(jack_of_diamonds=-10)
#: Cards that fill a hand to thirteen without touching what a position is about.
CLUBS = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
LOW = "3C 4C 5C 6C 7C 8C 2S 3S 4S 5S 6S 7S 8S"
NO_SPADES = "3C 4C 5C 6C 7C 8C 2H 3H 4H 5H 6H 7H 8H"
NO_DIAMONDS = "3C 4C 5C 6C 7C 8C 9C TC 2H 3H 4H 5H 6H"
NO_CLUBS = "2D 3D 4D 5D 6D 7D 8D 2H 3H 4H 5H 6H 7H"

Case = Callable[[ModuleType], tuple[PlayerView, str]]


def full(core: str, pad: str, played: str = "") -> str:
    """``core`` and cards of ``pad`` up to thirteen (none the others have ``played``)."""
    cards = core.split()
    for card in pad.split():
        if len(cards) == PEPPA.hand_size:
            break
        if card not in cards and card not in played.split():
            cards.append(card)
    return " ".join(cards)


def passing(core: str, pad: str = CLUBS, rules: RuleSet = PEPPA) -> PlayerView:
    """Seat 0 about to pass, holding ``core`` filled up from ``pad``."""
    mine = set_of(card for card in _parse(full(core, pad)))
    rest = listed(minus(rules.deck_mask, mine))
    others = rules.seats - 1
    deal = [mine] + [set_of(rest[i::others]) for i in range(others)]
    return hand_view(HandState(rules, 3, deal, PassDirection.RIGHT, track_undo=False), 0)


def _parse(text: str) -> list[int]:
    return [int(Card.parse(t)) for t in text.split()]


def play(
    core: str, plays: str = "", pad: str = LOW, rules: RuleSet = PEPPA, leader: int | None = None
) -> Callable[[ModuleType], PlayerView]:
    """Seat 0 to play after ``plays`` (by default the trick's first cards, seat 0 next)."""
    count = len(plays.split())
    first = (-count) % 4 if leader is None else leader

    def make(kit: ModuleType) -> PlayerView:
        return kit.staged(rules, {0: full(core, pad, plays)}, plays, leader=first)  # type: ignore[no-any-return]

    return make


def at(view: Callable[[ModuleType], PlayerView], cards: str) -> Case:
    return lambda kit: (view(kit), cards)


def at_pass(view: PlayerView, cards: str) -> Case:
    return lambda kit: (view, cards)


def _void(suit: str, count: int) -> PlayerView:
    others = [f"{r}{s}" for s in "CDHS" if s != suit for r in "23456789TJQKA"]
    return passing(" ".join([f"{r}{suit}" for r in "234"[:count]] + others[: 13 - count]))


_MOON_HAND = "AH KH QH JH TH 9H 8H AS KS AC KC 2C 3C"
_SHOOT = play("5H 2D KD", "2H 3H 4H 5H", leader=1)  # seat 0 took every heart so far
_STOP = play("4H 2D KD", "2H 3H 5H 4H 9D", leader=1)  # seat 3 took them, leads 9D
_STOP_VOID = play("4H 2S KH", "2H 3H 5H 4H 9D", pad=NO_DIAMONDS, leader=1)
_LAST_HEARTS = play("6H JH KH", "2H 4H 3H", pad="6C JC AC 5D QD 2S 3S 4S 5S 6S 7S")

TRUE_AT: dict[Hint, Case] = {
    Hint.PASS_QUEEN: at_pass(passing("QS 2S"), "QS 9C 8C"),
    Hint.PASS_HIGH_SPADES: at_pass(passing("KS AS 2S"), "KS AS 8C"),
    Hint.PASS_HIGH_HEARTS: at_pass(passing("KH AH 2H"), "KH AH 8C"),
    Hint.PASS_POINT_CARD: at_pass(passing("5H"), "5H 8C 7C"),
    Hint.PASS_HIGH_CARDS: at_pass(passing("AC KD QD 5D 6D", LOW), "AC KD QD"),
    Hint.PASS_LIKELY_WINNERS: at_pass(passing("8C 7D 3H 2H 2D", LOW), "8C 7D 3H"),
    Hint.PASS_FOR_MOON: lambda kit: (
        passing(_MOON_HAND),
        " ".join(str(c) for c in listed(moon_pass(policy_rules(PEPPA), passing(_MOON_HAND).hand))),
    ),
    Hint.PASS_HIGHEST: at_pass(passing("AC AD AH", LOW), "AC AD AH"),
    Hint.VOID_CLUBS: at_pass(_void("C", 2), "2C 3C 2D"),
    Hint.VOID_DIAMONDS: at_pass(_void("D", 2), "2D 3D 2C"),
    Hint.VOID_HEARTS: at_pass(_void("H", 2), "2H 3H 2C"),
    Hint.VOID_SPADES: at_pass(_void("S", 2), "2S 3S 2C"),
    Hint.ONLY_CARD: at(play("KD", "9D"), "KD"),
    Hint.LEAD_LOW: at(play("2D 9D"), "2D"),
    Hint.LEAD_UNDER: at(play("9D"), "9D"),
    Hint.LEAD_SHORT_SUIT: at(play("2D 9D"), "9D"),
    Hint.LEAD_LOW_HEART: at(play("3H KH"), "3H"),
    Hint.BLEED_SPADES: at(play("2S 9S", pad=NO_SPADES), "2S"),
    Hint.LEAD_WINNER: at(play("KD AD"), "AD"),
    Hint.DUCK_HIGH: at(play("2D 8D KD", "9D"), "8D"),
    Hint.DUCK_QUEEN_OUT: at(play("2S 9S", "KS", NO_SPADES), "9S"),
    Hint.STAY_UNDER_QUEEN: at(play("9S KS", "5S", NO_SPADES), "9S"),
    Hint.FOLLOW_LOW: at(play("TD KD", "9D"), "TD"),
    Hint.WIN_CLEAN_TRICK: at(play("QD 2D", "9D TD JD"), "QD"),
    Hint.WIN_EARLY_ROUND: at(play("2D KD", "9D"), "KD"),
    Hint.WIN_FORCED: at(play("TD KD", "9D"), "KD"),
    Hint.AVOID_TRICKS: at(play("2D KD", "9D"), "2D"),
    Hint.DUMP_QUEEN: at(play("QS 2S", "9D", NO_DIAMONDS), "QS"),
    Hint.DUMP_HIGH_SPADE: at(play("KS 2S", "9D", NO_DIAMONDS), "KS"),
    Hint.DUMP_HEARTS: at(play("2H KH", "9D", NO_DIAMONDS), "KH"),
    Hint.DUMP_POINTS: at(play("2H KH 3S", "9D", NO_DIAMONDS), "KH"),
    Hint.DISCARD_HIGH: at(play("KS 3S", "9D", NO_DIAMONDS), "KS"),
    Hint.SPARE_PARTNER: at(play("2S KH", "9D 5D", NO_DIAMONDS, TEAMS), "2S"),
    Hint.AVOID_GAME_END: at(play("2D KD", "9D"), "2D"),
    Hint.GIFT_PARTNER: at(play("JD 2S", "9C 5C", NO_CLUBS, TEAMS), "JD"),
    Hint.KEEP_BONUS: at(play("JD 2S", rules=BONUS), "2S"),
    Hint.TAKE_BONUS: at(play("JD 2S", rules=BONUS), "JD"),
    Hint.STOP_MOON: at(_STOP, "KD"),
    Hint.DENY_MOON: at(_STOP_VOID, "2S"),
    Hint.SHOOT_MOON: at(_SHOOT, "2D"),
    Hint.SEARCH: at(play("2D KD", "9D"), "KD"),
}

FALSE_AT: dict[Hint, Case] = {
    Hint.PASS_QUEEN: at_pass(passing("QS 2S 3S 4S"), "QS 9C 8C"),  # enough spades to hide it
    # The pass of the defect: one spade of three is not "your high spades".
    Hint.PASS_HIGH_SPADES: at_pass(passing("JD KH AS 2S 2D 2H"), "JD KH AS"),
    Hint.PASS_HIGH_HEARTS: at_pass(passing("QH KH AH"), "QH KH 8C"),  # the A♥ stays
    Hint.PASS_POINT_CARD: at_pass(passing("5H"), "8C 7C 6C"),
    Hint.PASS_HIGH_CARDS: at_pass(passing("9C TC KC TD", LOW), "9C TC TD"),  # the K♣ stays
    Hint.PASS_LIKELY_WINNERS: at_pass(passing("8C 7D 3H 2H 2D", LOW), "3C 7D 3H"),
    Hint.PASS_FOR_MOON: at_pass(passing(_MOON_HAND), "AH KH QH"),
    Hint.PASS_HIGHEST: at_pass(passing("AC AD AH", LOW), "3C 4C 5C"),
    Hint.VOID_CLUBS: at_pass(_void("C", 3), "2C 3C 2D"),
    Hint.VOID_DIAMONDS: at_pass(_void("D", 3), "2D 3D 2C"),
    Hint.VOID_HEARTS: at_pass(_void("H", 3), "2H 3H 2C"),
    Hint.VOID_SPADES: at_pass(_void("S", 3), "2S 3S 2C"),
    Hint.ONLY_CARD: at(play("2D KD", "9D"), "KD"),
    Hint.LEAD_LOW: at(play("2D 9D"), "9D"),
    Hint.LEAD_UNDER: at(play("AD"), "AD"),
    Hint.LEAD_SHORT_SUIT: at(play("2D 3D 4D 9D"), "9D"),
    Hint.LEAD_LOW_HEART: at(play("3H KH"), "KH"),
    Hint.BLEED_SPADES: at(play("2S QS", pad=NO_SPADES), "2S"),  # the Q♠ is ours
    Hint.LEAD_WINNER: at(play("JD AD"), "AD"),
    Hint.DUCK_HIGH: at(play("2D 8D KD", "9D"), "2D"),
    Hint.DUCK_QUEEN_OUT: at(play("2S 9S QS", "KS", NO_SPADES), "9S"),
    Hint.STAY_UNDER_QUEEN: at(play("9S KS", "5S", NO_SPADES), "KS"),
    Hint.FOLLOW_LOW: at(play("TD KD", "9D"), "KD"),
    Hint.WIN_CLEAN_TRICK: at(play("QD 2D", "9D TD JD"), "2D"),
    Hint.WIN_EARLY_ROUND: at(play("2D KD", "9D"), "2D"),
    Hint.WIN_FORCED: at(_LAST_HEARTS, "6H"),  # "play your highest card": the K♥ is
    Hint.AVOID_TRICKS: at(play("2D KD", "9D"), "KD"),
    Hint.DUMP_QUEEN: at(play("QS 2S", "5S", NO_SPADES), "QS"),  # it wins the trick
    Hint.DUMP_HIGH_SPADE: at(play("KS QS", "9D", NO_DIAMONDS), "KS"),
    Hint.DUMP_HEARTS: at(play("2H KH", "9D", NO_DIAMONDS), "2H"),  # the K♥ costs more
    Hint.DUMP_POINTS: at(play("2H KH 3S", "9D", NO_DIAMONDS), "3S"),
    Hint.DISCARD_HIGH: at(play("2D KD", "9D"), "2D"),
    Hint.SPARE_PARTNER: at(play("2S KH", "9D 5D", NO_DIAMONDS, TEAMS), "KH"),
    Hint.AVOID_GAME_END: at(_STOP_VOID, "KH"),
    Hint.GIFT_PARTNER: at(play("JD 2S", "9C 5C", NO_CLUBS, TEAMS), "2S"),
    Hint.KEEP_BONUS: at(play("JD 2S", rules=BONUS), "JD"),
    Hint.TAKE_BONUS: at(play("2D 3D", "JD", rules=BONUS), "2D"),
    Hint.STOP_MOON: at(_SHOOT, "2D"),
    Hint.DENY_MOON: at(_STOP_VOID, "KH"),
    Hint.SHOOT_MOON: at(_STOP, "KD"),
    Hint.HUNCH: at(play("2D KD", "9D"), "KD"),  # a slip is never a reason
}


def _holds(code: Hint, case: Case, kit: ModuleType) -> bool:
    view, cards = case(kit)
    named = tuple(_parse(cards))
    assert view.seat == 0 and set_of(named) & view.hand == set_of(named)
    if view.to_move is not None:  # a play: it must be a legal card to mean anything
        assert view.to_move == 0 and view.legal >> named[0] & 1, f"{cards} is not legal"
    return reason_holds(code, view, named)


def test_every_reason_code_has_a_true_and_a_false_position() -> None:
    # (the reasons read from the search have theirs in test_search_reasons.py)
    assert set(TRUE_AT) == set(Hint) - {Hint.HUNCH} - FACTS  # a slip is true nowhere
    assert set(FALSE_AT) == set(Hint) - {Hint.SEARCH} - FACTS  # the search's best always is


@pytest.mark.parametrize("code", list(TRUE_AT))
def test_a_reason_is_given_where_it_is_true(code: Hint, aikit: ModuleType) -> None:
    assert _holds(code, TRUE_AT[code], aikit)


@pytest.mark.parametrize("code", list(FALSE_AT))
def test_a_reason_is_not_given_where_it_is_false(code: Hint, aikit: ModuleType) -> None:
    assert not _holds(code, FALSE_AT[code], aikit)


def test_a_mixed_pass_is_not_explained_by_its_one_spade() -> None:
    """Seen under Xvfb: J♦ K♥ A♠ hinted as "Pass your high spades"."""
    view = passing("JD KH AS 2S 2D 2H")
    assert pass_reason(view, set_of(_parse("JD KH AS"))) is Hint.PASS_HIGH_CARDS


def test_a_review_does_not_explain_the_better_pass_by_the_spades_both_passed() -> None:
    """Issue 38: "Pass your high spades…" for a pass that differed from the player's in other
    cards, the K♠ passed in both: the reason says what the better pass does that the other
    does not (here the A♥ and its points)."""
    view = passing("KS AS AH KC 2H 2S")
    best, chosen = set_of(_parse("KS AS AH")), set_of(_parse("KS AS KC"))
    assert reason_holds(Hint.PASS_HIGH_SPADES, view, tuple(listed(best)))
    assert pass_reason(view, best, chosen) is Hint.PASS_POINT_CARD
    assert pass_reason(view, best) is Hint.PASS_HIGH_SPADES  # a hint: nothing to compare


def test_a_rule_of_thumb_s_untrue_reason_becomes_the_search_s(aikit: ModuleType) -> None:
    """The normal level says "you have to win: play your highest card" with the 6♥ last on
    a heart trick; the coach, naming that card, says its search found it best instead."""
    view = _LAST_HEARTS(aikit)
    cards, said = suggest(view)
    assert (str(cards[0]), said) == ("6H", Hint.WIN_FORCED)
    classes = {int(c): int(c) for c in cards_of(view.legal)}
    assert play_reason(view, classes, int(cards[0])) == (int(cards[0]), Hint.SEARCH)
