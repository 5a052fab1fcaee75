"""A hosted table takes any cards a client sends: a legal answer is played, anything else is
refused with the rule's reason, never an exception; at every table size and deck."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from peppa_qt.engine import RuleSet, cards_of
from peppa_qt.engine.cards import CARDS
from peppa_qt.net.hosted import HostedTable, TableTimes
from peppa_qt.net.messages import Refusal, SeatSpec
from peppa_qt.table import ManualScheduler

TABLES = [("hearts", {}, 4), ("peppa", {"deck": 36}, 4), ("belmont", {}, 6), ("belmont", {}, 8)]


@pytest.mark.parametrize(("preset", "options", "seats"), TABLES)
@settings(max_examples=40, deadline=None)
@given(
    answers=st.lists(
        st.tuples(st.booleans(), st.lists(st.sampled_from(CARDS), max_size=8)), max_size=40
    )
)
def test_any_cards_are_played_if_legal_else_refused_with_the_reason(
    preset: str, options: dict[str, object], seats: int, answers: list[tuple[bool, list[int]]]
) -> None:
    scheduler = ManualScheduler()
    rules = RuleSet.preset(preset, options, seats=seats)
    specs = [SeatSpec("human")] + [SeatSpec("ai", "easy")] * (seats - 1)
    times = TableTimes(grace=1, between_hands=0, ai_pause=0)
    table = HostedTable("ABCDEF", rules, specs, scheduler, lambda seat, message: None, times=times)
    table.join("Anna", None, None)
    person = table.remote[0].person
    try:
        for right, random_cards in answers:
            assert scheduler.run_until(lambda: person.asked or table.over, timeout=30)
            if table.over:
                break
            request = person.request
            assert request is not None
            view = request.view
            if right:  # a legal answer: the first cards held, or the first legal card
                size = rules.pass_size if request.passing else 1
                cards = cards_of(view.hand if request.passing else view.legal)[:size]
            else:
                cards = random_cards
            legal = table.loop._why_illegal(request, tuple(cards)) is None
            moves = len(table.match.current.plays) if table.match.current else 0
            try:
                table.cards(0, cards)
            except Refusal as refusal:
                assert not legal and refusal.code == "illegal" and refusal.reason
            else:
                assert legal
                # (asked again at once when it leads the next trick: another request)
                assert scheduler.run_until(
                    lambda: person.request is not request or table.over,  # noqa: B023
                    timeout=30,
                )
                assert table.match.current is None or len(table.match.current.plays) >= moves
            assert legal or not right
    finally:
        table.close()
