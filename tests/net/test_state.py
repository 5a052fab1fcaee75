"""Saved tables: written as they change, read back whole, a damaged one set aside."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from peppa_qt.engine import RuleSet
from peppa_qt.net.hosted import token_hash
from peppa_qt.net.messages import SeatSpec
from peppa_qt.net.server import TableServer
from peppa_qt.net.state import TableStore

from .clients import Player, bounded
from .test_table_server import FAST, ONE_HAND


def test_a_table_saved_mid_hand_is_taken_up_again_and_damaged_ones_are_set_aside(
    tmp_path: Path,
) -> None:
    store = TableStore(tmp_path / "tables")
    (store.folder / "AAAAAA.json").write_text("{ not json", encoding="utf-8")

    async def first() -> tuple[str, str, str]:
        server = TableServer(times=FAST, store=store)
        port = await server.start("127.0.0.1", 0)
        url = f"ws://127.0.0.1:{port}/table"
        specs = [SeatSpec("human")] + [SeatSpec("ai", "easy")] * 3
        table = server.host(RuleSet.preset("peppa", ONE_HAND), specs)
        player = Player(url, table.code, "Anna")
        connection = await player.join()
        await bounded(player.play(connection, stop_after=4))
        await connection.close()
        await asyncio.sleep(0.05)
        plays = table.match.current.plays if table.match.current else []
        await server.stop()  # a stop keeps the tables
        assert player.token is not None
        return table.code, player.token, " ".join(map(str, plays))

    code, token, plays = asyncio.run(bounded(first(), 60))
    saved = json.loads((store.folder / f"{code}.json").read_text(encoding="utf-8"))
    assert token not in json.dumps(saved) and token_hash(token) in saved["tokens"].values()
    # A copy whose game the rules refuse (a card played twice) is set aside too.
    bad = json.loads(json.dumps(saved))
    bad["code"] = "BBBBBB"
    hand = bad["record"]["hands"][0]
    hand["play"] = " ".join([*hand["play"].split()[:2], hand["play"].split()[0]])
    (store.folder / "BBBBBB.json").write_text(json.dumps(bad), encoding="utf-8")

    async def second() -> None:
        server = TableServer(times=FAST, store=store)
        await server.start("127.0.0.1", 0)
        try:
            assert list(server.tables) == [code]
            table = server.tables[code]
            assert table.match.current is not None
            assert " ".join(map(str, table.match.current.plays)).startswith(plays)
            seat, back = table.join("Anna", None, token)
            assert (seat, back) == (0, token)
        finally:
            await server.stop()

    asyncio.run(bounded(second(), 60))
    assert sorted(p.name for p in store.folder.iterdir() if p.suffix == ".corrupt") == [
        "AAAAAA.json.corrupt",
        "BBBBBB.json.corrupt",
    ]
