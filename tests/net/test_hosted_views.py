"""A hosted table's views, with the scheduler run by hand: what each change sends."""

from __future__ import annotations

from typing import Any

from peppa_qt.ai import make_player
from peppa_qt.engine import RuleSet
from peppa_qt.net.hosted import HostedTable, TableTimes
from peppa_qt.net.messages import SeatSpec
from peppa_qt.table import ManualScheduler


def test_each_view_a_change_sends_is_the_one_its_seat_alone_would_be_shown() -> None:
    """The views of a change are cut from one record of the game (made once, not once per
    seat): each must still be exactly its own seat's view of the game as it stands."""
    scheduler = ManualScheduler()
    sent: list[tuple[int, dict[str, Any]]] = []
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 2}})
    table = HostedTable(
        "ABCDEF",
        rules,
        [SeatSpec("human")] * 4,
        scheduler,
        lambda seat, message: sent.append((seat, message)),
        times=TableTimes(between_hands=0, ai_pause=0),
    )
    for name in ("Anna", "Bruno", "Carla", "Dario"):
        table.join(name, None, None)
    chooser = make_player("easy", 1)
    checked = 0
    for _ in range(1000):  # (a bound: two hands take about 80 changes)
        scheduler.run_until(lambda: bool(sent) or table.over, timeout=10)
        for seat, message in sent:
            assert message == table.view(seat)  # made alone, at the same moment
            deals = message["record"]["hands"][-1]["deal"] if message["started"] else []
            assert [s for s, cards in enumerate(deals) if cards is not None] in ([], [seat])
            checked += 1
        sent.clear()
        if table.over:
            break
        for seat, remote in table.remote.items():
            if remote.person.asked and remote.person.request is not None:
                table.cards(seat, chooser.decide(remote.person.request.view).cards)
    table.close()
    assert table.over and len(table.match.hands) == 2
    assert checked > 200  # every seat, through both hands
