"""Tables found on the local network by themselves (DNS-SD): announced with their fields,
their free seats updated, gone when withdrawn, hostile announcements skipped, and
``peppa-qt serve --announce``.

Multicast must never leave the machine: each test that announces or browses runs its
scenario (a function below, this file re-run as a script) in a network namespace of its own,
made by ``unshare --net``, with a loopback only and multicast on it. Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from zeroconf import ServiceInfo

from peppa_qt.net.discovery import (
    MAX_FOUND,
    SERVICE_TYPE,
    Announcer,
    FoundTable,
    TableAd,
    TableBrowser,
    announce,
    read_table,
)

ROOT = Path(__file__).resolve().parents[2]
LOOPBACK = ["127.0.0.1"]
#: The longest wait for one thing to be seen on the network, in seconds.
WAIT = 10.0
NAMESPACE = "ip link set lo up && ip link set lo multicast on && ip route add 224.0.0.0/4 dev lo"

# ---------------------------------------------------------------------- in a namespace


@functools.cache
def _unshare() -> tuple[list[str] | None, str]:
    """The command that runs a shell in a network namespace of its own, or None and why not."""
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        return None, "unshare or ip (util-linux, iproute2) is not installed"
    # Without root, a user namespace lends the rights a network namespace needs.
    command = ["unshare", "--net"] if os.geteuid() == 0 else ["unshare", "-r", "--net"]
    probe = subprocess.run(
        [*command, "sh", "-c", NAMESPACE], capture_output=True, text=True, timeout=30, check=False
    )
    if probe.returncode != 0:
        return None, f"no network namespace here: {probe.stderr.strip()[:200]}"
    return command, ""


def _in_namespace(scenario: str) -> str:
    """Run a scenario of this file in a network namespace of its own; what it printed."""
    command, why = _unshare()
    if command is None:
        pytest.skip(f"multicast tests run in a network namespace only: {why}")
    script = [sys.executable, __file__, scenario]
    done = subprocess.run(
        [*command, "sh", "-c", f'{NAMESPACE} && exec "$0" "$1" "$2"', *script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, f"{done.stdout}\n{done.stderr}"
    return done.stdout


def test_an_announced_table_is_found_with_its_fields_and_its_free_seats_updated() -> None:
    assert "found, updated" in _in_namespace("found")


def test_a_withdrawn_table_is_gone_and_the_others_stay() -> None:
    assert "gone" in _in_namespace("gone")


def test_hostile_announcements_are_skipped_and_the_browsing_goes_on() -> None:
    assert "skipped" in _in_namespace("hostile")


def test_serve_announces_a_table_with_free_seats_until_they_are_taken() -> None:
    assert "served" in _in_namespace("serve")


# ---------------------------------------------------------------------- the reading, alone

GOOD = {
    b"protocol": b"1",
    b"code": b"ABC234",
    b"name": "Caffè Nico".encode(),
    b"rules": b"belmont",
    b"seats": b"6",
    b"free": b"2",
}


def test_a_good_record_is_read() -> None:
    table = read_table("x", ["192.168.1.7", "fe80::1"], 8765, GOOD)
    assert table == FoundTable(
        "x", "Caffè Nico", ("192.168.1.7", "fe80::1"), 8765, "ABC234", "belmont", 6, 2
    )


@pytest.mark.parametrize(
    "change",
    [
        {b"protocol": b"2"},
        {b"protocol": b"01x"},
        {b"protocol": None},
        {b"code": b"abc234"},
        {b"code": b"ABC10I"},
        {b"code": b"ABC2345"},
        {b"name": b"\xff\xfe"},
        {b"name": b"A" * 5000},
        {b"name": b"Anna\nBruno"},
        {b"name": b"   "},
        {b"name": "N" * 25},
        {b"rules": b"poker"},
        {b"seats": b"5"},
        {b"seats": b"+6"},
        {b"seats": "٦".encode()},  # (an Arabic-Indic six: a digit, not ours)
        {b"free": b"7"},
        {b"free": b"-1"},
        {b"free": b"9" * 400},
        {b"free": 2},
    ],
)
def test_a_wrong_or_oversized_field_skips_the_service(change: dict[bytes, object]) -> None:
    record: dict[bytes, object] = {**GOOD}
    for key, value in change.items():
        record[key] = value.encode() if isinstance(value, str) else value
    assert read_table("x", ["10.0.0.2"], 8765, record) is None


@pytest.mark.parametrize("key", list(GOOD))
def test_a_missing_key_skips_the_service(key: bytes) -> None:
    assert read_table("x", ["10.0.0.2"], 8765, {k: v for k, v in GOOD.items() if k != key}) is None


@pytest.mark.parametrize(
    ("addresses", "port"),
    [([], 8765), (["not an address"], 8765), (["10.0.0.2"], 0), (["10.0.0.2"], 70000)],
)
def test_wrong_addresses_or_port_skip_the_service(addresses: list[str], port: int) -> None:
    assert read_table("x", addresses, port, GOOD) is None


def test_too_many_keys_skip_the_service_and_unknown_keys_alone_do_not() -> None:
    assert read_table("x", ["10.0.0.2"], 1, {**GOOD, b"later": b"1"}) is not None
    crowded = {**GOOD, **{f"k{i}".encode(): b"1" for i in range(40)}}
    assert read_table("x", ["10.0.0.2"], 1, crowded) is None


def test_a_host_name_that_is_not_a_name_is_announced_plainly() -> None:
    assert TableAd("ABC234", "x" * 40, "peppa", 4, 1).txt()["name"] == "x" * 24
    assert TableAd("ABC234", "\x00\n", "peppa", 4, 1).txt()["name"] == "Peppa"


# ---------------------------------------------------------------------- the scenarios


class Seen:
    """The browser's lists as they come, to wait for one."""

    def __init__(self) -> None:
        self.latest: tuple[FoundTable, ...] = ()
        self._change = threading.Condition()

    def __call__(self, tables: tuple[FoundTable, ...]) -> None:
        with self._change:
            self.latest = tables
            self._change.notify_all()

    def wait(self, what: str, test: Callable[[tuple[FoundTable, ...]], bool]) -> None:
        """Wait until the list passes ``test`` (``WAIT`` seconds at most)."""
        self.until(what, lambda: test(self.latest))

    def until(self, what: str, condition: Callable[[], bool]) -> None:
        """Wait until ``condition`` holds, looking at each change and ten times a second."""
        deadline = time.monotonic() + WAIT
        with self._change:
            while not condition():
                left = deadline - time.monotonic()
                assert left > 0, (what, self.latest)
                self._change.wait(min(left, 0.1))


def scenario_found() -> None:
    seen = Seen()
    browser = TableBrowser(seen, interfaces=LOOPBACK)
    ad = TableAd("ABC234", "Anna's laptop", "peppa", 4, 3)
    announcement = announce(ad, 8765, addresses=LOOPBACK, interfaces=LOOPBACK)
    try:
        seen.wait("the table is found", lambda tables: len(tables) == 1)
        table = seen.latest[0]
        fields = (table.name, table.addresses, table.port, table.code, table.rules, table.seats)
        assert fields == ("Anna's laptop", ("127.0.0.1",), 8765, "ABC234", "peppa", 4), table
        assert table.free == 3
        announcement.update(1)
        seen.wait("one seat free", lambda tables: [t.free for t in tables] == [1])
        print("found, updated")
    finally:
        announcement.close()
        browser.close()


def scenario_gone() -> None:
    asyncio.run(asyncio.wait_for(_gone_on_an_event_loop(), 60))
    print("gone")


async def _gone_on_an_event_loop() -> None:
    """The same calls from an asyncio program, on its loop (closing too: zeroconf's own loop
    sends the goodbyes while this one waits)."""
    seen = Seen()
    browser = TableBrowser(seen, interfaces=LOOPBACK)
    announcer = Announcer(9000, addresses=LOOPBACK, interfaces=LOOPBACK)
    try:
        for code in ("AAA222", "BBB333"):
            announcer.announce(TableAd(code, "Bruno", "hearts", 4, 2))
        await asyncio.to_thread(seen.wait, "both found", lambda tables: len(tables) == 2)
        announcer.withdraw("AAA222")
        only = ["BBB333"]
        await asyncio.to_thread(seen.wait, "one gone", lambda t: [x.code for x in t] == only)
    finally:
        announcer.close()
    await asyncio.to_thread(seen.wait, "all gone once the host stops", lambda tables: not tables)
    browser.close()


def _txt(**changes: object) -> dict[str, object]:
    """The good TXT record with ``changes`` (None: the key left out)."""
    record = {key.decode(): value for key, value in GOOD.items()} | changes
    return {key: value for key, value in record.items() if value is not None}


#: Services a neighbour might announce: each wrong in its own way (TXT as zeroconf sends it).
HOSTILE: dict[str, dict[str, object] | bytes] = {
    "garbage": b"\x05\xff\xfe\x00\x01\x02\x99junk\x03=\x00\x01",
    "oversized": _txt(name="A" * 250),  # (a TXT entry holds 255 bytes at most)
    "other protocol": _txt(protocol="2"),
    "missing free": _txt(free=None),
    "free over seats": _txt(free="9"),
    "many keys": _txt(**{f"k{i}": "v" for i in range(60)}),
    "not utf-8": _txt(name=b"\xc3\x28"),
}


def scenario_hostile() -> None:
    from zeroconf import Zeroconf

    seen = Seen()
    browser = TableBrowser(seen, interfaces=LOOPBACK)
    neighbour = Zeroconf(interfaces=LOOPBACK)
    services = {f"{label}.{SERVICE_TYPE}": txt for label, txt in HOSTILE.items()}
    services[f"good.{SERVICE_TYPE}"] = _txt()
    loop = neighbour.loop
    assert loop is not None
    try:
        registering = [
            asyncio.run_coroutine_threadsafe(
                neighbour.async_register_service(_info(name, txt)),
                loop,
            )
            for name, txt in services.items()
        ]
        for future in registering:
            future.result(WAIT)
        seen.wait("the good one found", lambda tables: len(tables) == 1)
        hostile = {f"{label}.{SERVICE_TYPE}" for label in HOSTILE}
        seen.until("the others skipped", lambda: browser.skipped >= hostile)
        assert [t.service for t in browser.tables] == [f"good.{SERVICE_TYPE}"]
        assert len(browser.skipped) <= MAX_FOUND
        print("skipped")
    finally:
        browser.close()
        neighbour.close()


def _info(name: str, txt: dict[str, object] | bytes) -> ServiceInfo:
    return ServiceInfo(
        SERVICE_TYPE, name, port=8765, properties=txt, server="n.local.", parsed_addresses=LOOPBACK
    )


def scenario_serve() -> None:
    command = [sys.executable, "-m", "peppa_qt", "serve", "--host", "127.0.0.1", "--port", "0"]
    server = subprocess.Popen([*command, "--announce"], stderr=subprocess.PIPE, text=True)
    seen = Seen()
    browser = TableBrowser(seen, interfaces=LOOPBACK)
    try:
        assert server.stderr is not None
        found = re.search(r"ws://127\.0\.0\.1:(\d+)/table", server.stderr.readline())
        assert found
        asyncio.run(asyncio.wait_for(_create_and_join(int(found.group(1)), seen), 60))
        server.send_signal(signal.SIGTERM)
        server.communicate(timeout=30)
        assert server.returncode == 0
        print("served")
    finally:
        browser.close()
        if server.poll() is None:
            server.kill()
            server.communicate()


async def _create_and_join(port: int, seen: Seen) -> None:
    from websockets.asyncio.client import connect

    async def wait(what: str, test: Callable[[tuple[FoundTable, ...]], bool]) -> None:
        await asyncio.to_thread(seen.wait, what, test)

    url = f"ws://127.0.0.1:{port}/table"
    seats = [{"kind": "human"}] * 2 + [{"kind": "ai", "level": "easy"}] * 2
    create = {"type": "create", "protocol": 1, "rules": {"preset": "torino"}, "seats": seats}
    async with connect(url) as creator, connect(url) as anna, connect(url) as bruno:
        await creator.send(json.dumps(create))
        code = json.loads(await creator.recv())["table"]
        await wait(
            "the new table", lambda t: [(x.code, x.port, x.free) for x in t] == [(code, port, 2)]
        )
        for connection, name in ((anna, "Anna"), (bruno, "Bruno")):
            hello = {"type": "hello", "protocol": 1, "table": code, "name": name}
            await connection.send(json.dumps(hello | {"seat": None, "token": None}))
            assert json.loads(await connection.recv())["type"] == "welcome"
            if name == "Anna":
                await wait("one seat left", lambda t: [x.free for x in t] == [1])
        await wait("no free seat: withdrawn", lambda t: not t)


if __name__ == "__main__":
    globals()[f"scenario_{sys.argv[1]}"]()
