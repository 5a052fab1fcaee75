"""The game each client is sent, written once per change for every seat (``SeatDocuments``),
is exactly the record seen from its seat (``record_to_dict(record_of(...).seen_from(seat))``)
at every moment of whole games: every rule set, both Belmont sizes, several hands."""

from __future__ import annotations

import json

import pytest

from peppa_qt.engine import RuleSet
from peppa_qt.engine.record import record_of, record_to_dict
from peppa_qt.net.hosted import HostedTable, TableTimes
from peppa_qt.net.messages import SeatSpec
from peppa_qt.table import ManualScheduler
from peppa_qt.table.events import Event


@pytest.mark.parametrize(
    ("preset", "seats", "hands"),
    [("peppa", 4, 3), ("torino", 4, 2), ("hearts", 4, 4), ("belmont", 6, 2), ("belmont", 8, 1)],
)
def test_every_seat_s_document_is_its_record_at_every_moment(
    preset: str, seats: int, hands: int
) -> None:
    scheduler = ManualScheduler()
    rules = RuleSet.preset(preset, {"end": {"mode": "hands", "count": hands}}, seats=seats)
    specs = [SeatSpec("human"), SeatSpec("human")] + [SeatSpec("ai", "easy")] * (seats - 2)
    times = TableTimes(grace=0.0, between_hands=0.0, ai_pause=0.0)
    table = HostedTable("ABCDEF", rules, specs, scheduler, lambda seat, view: None, times=times)
    checked = 0

    def check(event: Event) -> None:
        nonlocal checked
        whole = record_of(table.match, table.players())
        for seat in range(seats):
            expected = record_to_dict(whole.seen_from(seat))
            assert json.dumps(table.view(seat)["record"]) == json.dumps(expected), (event, seat)
        checked += 1

    table.loop.listen(check)
    table.start()  # nobody joined: the stand-ins play both human seats
    try:
        assert scheduler.run_until(lambda: table.over, timeout=120)
    finally:
        table.close()
    assert checked > hands * rules.hand_size * seats
