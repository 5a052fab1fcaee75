#!/usr/bin/env python3
"""The table server under many tables (issue 39): N tables of four scripted clients each.

    nice -n 5 python benchmarks/server.py [--tables 10,100,500] [--hands 1] [--workers 2]
                                          [--think S] [--profile FILE]
                                          [--against OTHER_CHECKOUT]

One server process holds every table; the clients run in ``--workers`` other processes
(asyncio, the ``websockets`` client). The server is this file's own runner (``--serve``), not
``peppa-qt serve``: it starts ``TableServer`` with ``TableTimes(between_hands=0,
ai_pause=0)`` and ``Limits`` generous with connections and messages per address, since every
client comes from 127.0.0.1 (``serve``'s defaults allow 32 connections per address). Each
table's first client sends ``create`` (four human seats, Hearts, ``--hands`` hands); once every
worker has its connections open and its tables created, all clients send ``hello`` at once
and play at computer speed: each chooses the lowest legal card (or passes its three lowest)
as soon as a view whose position changed says it is to act (``--think S``: a card S seconds
later on average, 0.5 S to 1.5 S, as people play, the client reading on meanwhile).

Measured, for each number of tables:
- latency: from a client's ``send`` of a card to each other client of the table receiving a
  view that holds that card (``time.monotonic``, CLOCK_MONOTONIC, comparable across the
  processes of one machine; the four clients of a table share a process anyway), p50/p99/max
  over every arrival, and per card until the last of the three others has it;
- messages a second at the server, sent and received (counted at the clients: every message a
  client receives the server sent), over the time from ``go`` to the last game's end;
- the server's resident memory (VmRSS) after one warm-up game, with the N tables created and
  their 4N connections open, and at its peak during play → memory per table;
- the server's CPU seconds during play, the workers' CPU seconds, refusals (should be 0).

Hundreds of sockets are opened inside a network namespace of the benchmark's own: it re-runs
itself under ``unshare --net`` (with only ``lo`` up) unless already inside one, and raises its
open-files limit as far as allowed. Every run is bounded by timeouts. ``--profile FILE`` runs
the server under cProfile (for one number of tables, the last given) and prints its top costs;
the time the garbage collector takes is timed apart (``gc.callbacks``). ``--against`` runs
another checkout's server after this one's for each number of tables (the clients stay
this checkout's), for a before and after in one run.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from peppa_qt.engine import RuleSet
from peppa_qt.engine.cards import CARDS, Card
from peppa_qt.engine.legal import legal_cards
from peppa_qt.engine.rules import PassDirection

#: This checkout (the server runs its code unless ``--against`` names another).
ROOT = Path(__file__).resolve().parent.parent
#: Set in the environment once the benchmark runs inside its own network namespace.
NETNS_MARK = "PEPPA_BENCH_NETNS"
PORT = 8765
#: Bounds of each phase (seconds): connecting and creating, playing, the server's stop.
CONNECT_TIMEOUT = 300.0
PLAY_TIMEOUT = 900.0
STOP_TIMEOUT = 60.0
#: Connections a worker opens at once (the server's listen backlog is asyncio's 100).
CONNECTING_AT_ONCE = 40
SEATS = 4

_CARDS: dict[str, int] = {}


def card_of(text: str) -> int:
    """A card's index from its name (cached: the clients read thousands)."""
    card = _CARDS.get(text)
    if card is None:
        card = _CARDS[text] = int(Card.parse(text))
    return card


def mask_of_text(text: str | None) -> int:
    """The mask of the cards a record's field names (``"2C 3C"``)."""
    mask = 0
    for name in (text or "").split():
        mask |= 1 << card_of(name)
    return mask


def lowest(mask: int, count: int) -> list[str]:
    """The names of the ``count`` lowest cards of ``mask`` (clubs first)."""
    out: list[str] = []
    while mask and len(out) < count:
        low = mask & -mask
        out.append(str(CARDS[low.bit_length() - 1]))
        mask ^= low
    return out


# ---------------------------------------------------------------------- the clients


@dataclass(frozen=True)
class Game:
    """What each table plays: ``hands`` hands, each card after ``think`` seconds on average
    (0: at once, at computer speed)."""

    hands: int
    think: float = 0.0


@dataclass
class Table:
    """A table's four clients' shared notes: when each card was sent, and by whom."""

    index: int
    code: str = ""
    rules: RuleSet | None = None
    #: (hand, play index) → (time sent, seat that sent it).
    sent: dict[tuple[int, int], tuple[float, int]] = field(default_factory=dict)
    #: (hand, play index) → arrivals at the other clients (time after sending).
    arrivals: dict[tuple[int, int], list[float]] = field(default_factory=dict)


@dataclass
class Client:
    """One scripted client: it plays its seat from the views it receives."""

    table: Table
    connection: ClientConnection
    think: float = 0.0
    seat: int = -1
    sent: int = 0
    received: int = 0
    refused: int = 0
    over: bool = False
    _seen: tuple[int, int] = (0, 0)  # the hand and the number of its cards seen played
    _answered: tuple[int, int, bool] | None = None
    _thinking: set[asyncio.Future[None]] = field(default_factory=set)

    async def play(self, name: str) -> None:
        """Take a seat and play until the game is over."""
        hello = {"type": "hello", "protocol": 1, "table": self.table.code, "name": name}
        await self._send({**hello, "seat": None, "token": None})
        async for text in self.connection:
            now = time.monotonic()
            self.received += 1
            message = json.loads(text)
            kind = message["type"]
            if kind == "welcome":
                self.seat = message["seat"]
            elif kind == "refused":
                self.refused += 1
            elif kind == "view":
                await self._viewed(message, now)
                if self.over:
                    return

    async def _viewed(self, view: dict[str, Any], now: float) -> None:
        hands = view["record"]["hands"]
        if hands:
            self._arrived(hands, now)
        if view["over"]:
            self.over = True
            return
        if not view["to_act"] or not hands:
            return
        if self.table.rules is None:
            rules = view["record"]["rules"]
            self.table.rules = RuleSet.preset(rules["preset"], rules["options"], seats=SEATS)
        await self._act(self.table.rules, len(hands) - 1, hands[-1])

    def _arrived(self, hands: list[dict[str, Any]], now: float) -> None:
        """Note the arrival of every card played since the last view (a view may skip some:
        the server keeps only the newest for a client)."""
        first_hand, first_card = self._seen
        count = 0
        for index in range(first_hand, len(hands)):
            plays = (hands[index].get("play") or "").split()
            count = len(plays)
            for card in range(first_card if index == first_hand else 0, count):
                sent = self.table.sent.get((index, card))
                if sent is not None and sent[1] != self.seat:
                    self.table.arrivals.setdefault((index, card), []).append(now - sent[0])
        self._seen = (len(hands) - 1, count)

    async def _act(self, rules: RuleSet, index: int, hand: dict[str, Any]) -> None:
        plays = (hand.get("play") or "").split()
        passes = hand.get("pass") or [None] * SEATS
        passing = rules.pass_direction(index) is not PassDirection.HOLD and not plays
        position = (index, len(plays), passing and passes[self.seat] is None)
        if position == self._answered:
            return  # a view sent before our answer was taken: nothing new to do
        self._answered = position
        held = mask_of_text(hand["deal"][self.seat])
        if passing and passes[self.seat] is None:
            await self._send({"type": "cards", "cards": lowest(held, rules.pass_size)})
            return
        for given in passes:
            held ^= mask_of_text(given)  # out our pass, in the one received
        played = [card_of(c) for c in plays]
        held &= ~sum(1 << c for c in played)
        start = len(played) - len(played) % SEATS
        broken = any(rules.heart_breakers >> c & 1 for c in played)
        legal = legal_cards(rules, held, played[start:], len(played) < SEATS, broken)
        card = lowest(legal, 1)
        if not self.think:
            await self._play(index, len(plays), card)
            return
        # A person's pace: the card goes later, while the client reads on.
        thought = asyncio.ensure_future(self._play(index, len(plays), card, self.think))
        self._thinking.add(thought)
        thought.add_done_callback(self._thinking.discard)

    async def _play(self, index: int, number: int, card: list[str], think: float = 0) -> None:
        if think:
            await asyncio.sleep(think * random.uniform(0.5, 1.5))
        self.table.sent[(index, number)] = (time.monotonic(), self.seat)
        await self._send({"type": "cards", "cards": card})

    async def _send(self, message: dict[str, Any]) -> None:
        self.sent += 1
        await self.connection.send(json.dumps(message, separators=(",", ":")))


async def open_tables(url: str, first: int, count: int, game: Game) -> list[Client]:
    """Open four connections for each of ``count`` tables and create each table (by its
    first client): the clients, four by four, ready to say hello."""
    gate = asyncio.Semaphore(CONNECTING_AT_ONCE)

    async def opened() -> ClientConnection:
        async with gate:
            return await connect(url, compression=None, ping_interval=None, open_timeout=120)

    connections = await asyncio.gather(*(opened() for _ in range(SEATS * count)))
    tables = [Table(first + index) for index in range(count)]
    clients = [Client(tables[i // SEATS], c, game.think) for i, c in enumerate(connections)]
    rules = {"preset": "hearts", "options": {"end": {"mode": "hands", "count": game.hands}}}
    create = {"type": "create", "protocol": 1, "rules": rules, "seats": [{"kind": "human"}] * 4}

    async def created(client: Client) -> None:
        await client.connection.send(json.dumps(create))
        while not client.table.code:
            message = json.loads(await client.connection.recv())
            if message["type"] == "refused":
                raise RuntimeError(f"create refused: {message}")
            client.table.code = message.get("table", "")

    await asyncio.gather(*(created(c) for c in clients[::SEATS]))
    return clients


async def play_clients(clients: list[Client]) -> tuple[float, float, list[str]]:
    """Every client says hello and plays to the end: the times of the start and of the
    end, and the errors met."""
    go = time.monotonic()
    names = [f"T{c.table.index}S{i % SEATS}" for i, c in enumerate(clients)]
    done = await asyncio.gather(
        *(c.play(name) for c, name in zip(clients, names, strict=True)), return_exceptions=True
    )
    end = time.monotonic()
    errors = [repr(e) for e in done if isinstance(e, BaseException)]
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.gather(*(c.connection.close() for c in clients)), 30)
    return go, end, errors


def client_results(
    clients: list[Client], go: float, end: float, errors: list[str]
) -> dict[str, Any]:
    """What a worker found, for the parent to add up."""
    tables = {id(c.table): c.table for c in clients}.values()
    arrivals = [t for table in tables for times in table.arrivals.values() for t in times]
    complete = [max(v) for t in tables for v in t.arrivals.values() if len(v) == SEATS - 1]
    cards = sum(len(t.sent) for t in tables)
    return {
        "go": go,
        "end": end,
        "sent": sum(c.sent for c in clients),
        "received": sum(c.received for c in clients),
        "refused": sum(c.refused for c in clients),
        "over": sum(c.over for c in clients),
        "cards": cards,
        "incomplete": cards - len(complete),
        "errors": errors[:5],
        "arrivals": [round(t, 6) for t in arrivals],
        "all_others": [round(t, 6) for t in complete],
    }


async def worker(port: int, first: int, count: int, game: Game, result: str) -> None:
    """A client process: open its tables, say ready, wait for ``go`` on stdin, play."""
    url = f"ws://127.0.0.1:{port}/table"
    clients = await asyncio.wait_for(open_tables(url, first, count, game), CONNECT_TIMEOUT)
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    cpu = os.times()
    go, end, errors = await asyncio.wait_for(play_clients(clients), PLAY_TIMEOUT)
    out = client_results(clients, go, end, errors)
    after = os.times()
    out["cpu"] = after.user + after.system - cpu.user - cpu.system
    Path(result).write_text(json.dumps(out))


# ---------------------------------------------------------------------- the server


def serve(port: int, profile: str | None) -> None:
    """The server process: a ``TableServer`` until SIGTERM (under cProfile if asked)."""
    import cProfile  # (only here: the clients never profile)

    profiler = cProfile.Profile() if profile else None
    collecting = GcTime()
    if profiler is not None:
        profiler.enable()
    asyncio.run(_serve(port, collecting))
    if profiler is not None and profile:
        profiler.disable()
        profiler.dump_stats(profile)


class GcTime:
    """The CPU time the garbage collector takes, per generation (cProfile does not see it)."""

    def __init__(self) -> None:
        self.seconds = [0.0, 0.0, 0.0]
        self.counts = [0, 0, 0]
        #: The most objects tracked at the start of a full collection.
        self.largest = 0
        self._started = 0.0
        gc.callbacks.append(self._called)

    def _called(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            if info["generation"] == 2:
                self.largest = max(self.largest, len(gc.get_objects()))
            self._started = time.process_time()
        else:
            self.seconds[info["generation"]] += time.process_time() - self._started
            self.counts[info["generation"]] += 1

    def reset(self) -> None:
        """Count from now."""
        self.seconds, self.counts, self.largest = [0.0, 0.0, 0.0], [0, 0, 0], 0


async def _serve(port: int, collecting: GcTime) -> None:
    import peppa_qt
    from peppa_qt.net.hosted import TableTimes
    from peppa_qt.net.server import Limits, TableServer

    # Every client comes from 127.0.0.1: the limits per address would refuse the benchmark.
    limits = Limits(
        connections_per_address=1_000_000, messages_per_second=1000.0, burst=1000, tables=100_000
    )
    server = TableServer(limits=limits, times=TableTimes(between_hands=0, ai_pause=0))
    await server.start("127.0.0.1", port)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    loop.add_signal_handler(signal.SIGUSR1, collecting.reset)  # (the play starts)
    print("listening", Path(peppa_qt.__file__).parent.parent, flush=True)
    await stop.wait()
    tracked = Counter(type(o).__name__ for o in gc.get_objects())
    gc_time = {
        "gc_seconds": collecting.seconds,
        "gc_counts": collecting.counts,
        "tracked": tracked.total(),
        "largest": collecting.largest,
        "most": tracked.most_common(8),
    }
    print(json.dumps(gc_time), flush=True)  # (before the stop: play only)
    await asyncio.wait_for(server.stop(), STOP_TIMEOUT)


# ---------------------------------------------------------------------- the parent


def status(pid: int) -> dict[str, int]:
    """VmRSS (KiB) and Threads of a process, from /proc/PID/status."""
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "Threads"):
            out[key] = int(value.split()[0])
    return out


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of a process so far, from /proc/PID/stat."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank ``q`` quantile of ``values`` (nan if none)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def _line(stream: asyncio.StreamReader | None, timeout: float) -> str:
    assert stream is not None
    return (await asyncio.wait_for(stream.readline(), timeout)).decode().strip()


async def _sample(pid: int, peak: dict[str, int]) -> None:
    """Keep the peak resident memory and threads of the server until cancelled."""
    while True:
        for key, value in status(pid).items():
            peak[key] = max(peak.get(key, 0), value)
        await asyncio.sleep(0.2)


async def measure(
    tables: int, game: Game, workers: int, profile: str | None, root: Path
) -> dict[str, Any]:
    """One run: a fresh server with ``root``'s code, a warm-up game, ``tables`` tables
    played; the figures."""
    command = [sys.executable, __file__, "--serve", str(PORT)]
    server = await asyncio.create_subprocess_exec(
        *command,
        *(["--profile", profile] if profile else []),
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(root)},  # (before the installed checkout)
    )
    try:
        listening = await _line(server.stdout, 60)
        assert listening == f"listening {root}", f"{listening!r}: not {root}'s code"
        warm = await open_tables(f"ws://127.0.0.1:{PORT}/table", -1, 1, Game(1))
        await asyncio.wait_for(play_clients(warm), 120)
        figures = await _played(server.pid, tables, game, workers)
    finally:
        with contextlib.suppress(ProcessLookupError):
            server.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(server.wait(), STOP_TIMEOUT + 5)
        except TimeoutError:
            server.kill()
            await server.wait()
    assert server.stdout is not None
    collected = json.loads(await server.stdout.read())
    figures["gc"] = sum(collected["gc_seconds"])
    figures["gc_by_generation"] = collected
    return figures


async def _played(pid: int, tables: int, game: Game, workers: int) -> dict[str, Any]:
    base = status(pid)
    workers = min(workers, tables)
    shares = [tables // workers + (w < tables % workers) for w in range(workers)]
    with tempfile.TemporaryDirectory() as folder:
        results = [str(Path(folder) / f"{w}.json") for w in range(workers)]
        procs = []
        for w, share in enumerate(shares):
            args = ["--worker", str(sum(shares[:w])), str(share), str(game.hands)]
            args += [str(game.think), results[w]]
            procs.append(
                await asyncio.create_subprocess_exec(
                    sys.executable, __file__, *args, stdin=subprocess.PIPE, stdout=subprocess.PIPE
                )
            )
        try:
            for proc in procs:
                assert await _line(proc.stdout, CONNECT_TIMEOUT) == "ready"
            connected = status(pid)
            peak: dict[str, int] = {}
            sampler = asyncio.ensure_future(_sample(pid, peak))
            cpu = cpu_seconds(pid)
            os.kill(pid, signal.SIGUSR1)  # the server counts its collections from now
            for proc in procs:
                assert proc.stdin is not None
                proc.stdin.write(b"go\n")
                await proc.stdin.drain()
            for proc in procs:
                await asyncio.wait_for(proc.wait(), PLAY_TIMEOUT + 60)
            cpu = cpu_seconds(pid) - cpu
            sampler.cancel()
        finally:
            for proc in procs:
                if proc.returncode is None:
                    proc.kill()
                    await proc.wait()
        found = [json.loads(Path(r).read_text()) for r in results]
    return summed(found, tables=tables, base=base, connected=connected, peak=peak, cpu=cpu)


def summed(
    found: list[dict[str, Any]],
    *,
    tables: int,
    base: dict[str, int],
    connected: dict[str, int],
    peak: dict[str, int],
    cpu: float,
) -> dict[str, Any]:
    """The figures of one run from what the workers found and the server's samples."""
    window = max(f["end"] for f in found) - min(f["go"] for f in found)
    messages = sum(f["sent"] + f["received"] for f in found)
    arrivals = [t for f in found for t in f["arrivals"]]
    others = [t for f in found for t in f["all_others"]]
    ms = 1000.0
    return {
        "tables": tables,
        "cards": sum(f["cards"] for f in found),
        "incomplete": sum(f["incomplete"] for f in found),
        "over": sum(f["over"] for f in found),
        "refused": sum(f["refused"] for f in found),
        "errors": [e for f in found for e in f["errors"]][:5],
        "seconds": window,
        "messages": messages,
        "per_second": messages / window,
        "p50": percentile(arrivals, 0.5) * ms,
        "p99": percentile(arrivals, 0.99) * ms,
        "max": max(arrivals, default=float("nan")) * ms,
        "all_p50": percentile(others, 0.5) * ms,
        "all_p99": percentile(others, 0.99) * ms,
        "rss_base": base["VmRSS"] / 1024,
        "rss_connected": connected["VmRSS"] / 1024,
        "rss_peak": peak.get("VmRSS", 0) / 1024,
        "kib_per_table": (peak.get("VmRSS", 0) - base["VmRSS"]) / tables,
        "threads": peak.get("Threads", 0),
        "server_cpu": cpu,
        "workers_cpu": sum(f["cpu"] for f in found),
    }


HEADER = (
    f"{'tables':>6} {'cards':>6} {'s':>6} {'msg/s':>7} {'p50 ms':>7} {'p99 ms':>7} "
    f"{'max ms':>7} {'all p50':>7} {'all p99':>7} {'RSS MB':>16} {'KiB/tbl':>7} "
    f"{'srv CPU':>7} {'gc s':>5} {'cli CPU':>7} {'thr':>4}  code"
)


def row(r: dict[str, Any]) -> str:
    """One run's figures as a line under ``HEADER``."""
    rss = f"{r['rss_base']:.0f}/{r['rss_connected']:.0f}/{r['rss_peak']:.0f}"
    return (
        f"{r['tables']:>6} {r['cards']:>6} {r['seconds']:>6.1f} {r['per_second']:>7.0f} "
        f"{r['p50']:>7.1f} {r['p99']:>7.1f} {r['max']:>7.1f} {r['all_p50']:>7.1f} "
        f"{r['all_p99']:>7.1f} {rss:>16} {r['kib_per_table']:>7.0f} {r['server_cpu']:>7.1f} "
        f"{r['gc']:>5.1f} {r['workers_cpu']:>7.1f} {r['threads']:>4}  {r['code']}"
    )


def top_costs(profile: str, count: int = 25) -> None:
    """Print the profiled server's top functions, by own time and by cumulative time."""
    import pstats

    stats = pstats.Stats(profile)
    stats.sort_stats("tottime").print_stats(count)
    stats.sort_stats("cumulative").print_stats(count)


# ---------------------------------------------------------------------- main


def own_network() -> None:
    """Re-run this benchmark in a network namespace of its own (only ``lo``), unless in one."""
    if os.environ.get(NETNS_MARK) == "1":
        subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
        return
    unshare = ["unshare", "--net"] + ([] if os.geteuid() == 0 else ["--map-root-user"])
    os.environ[NETNS_MARK] = "1"
    os.execvp("unshare", [*unshare, "--", sys.executable, *sys.argv])


def more_files() -> None:
    """Raise the open-files limit as far as allowed (thousands of sockets)."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def parse_args() -> argparse.Namespace:
    """The command line (``--serve`` and ``--worker`` are the benchmark's own processes)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="10,100,500", help="numbers of tables, comma-separated")
    parser.add_argument("--hands", type=int, default=1, help="hands a game lasts")
    parser.add_argument(
        "--think", type=float, default=0.0, help="seconds before each card, on average (0)"
    )
    parser.add_argument("--workers", type=int, default=2, help="client processes")
    parser.add_argument("--profile", help="profile the server (last run) into this file")
    parser.add_argument("--verbose", action="store_true", help="the GC by generation")
    parser.add_argument("--against", type=Path, help="another checkout's server, in turn")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--worker", nargs=5, help=argparse.SUPPRESS)
    return parser.parse_args()


def main() -> int:
    """Run the benchmark, or one of its processes."""
    args = parse_args()
    if args.serve is not None:
        serve(args.serve, args.profile)
        return 0
    more_files()
    if args.worker is not None:
        first, count, hands, think, result = args.worker
        asyncio.run(worker(PORT, int(first), int(count), Game(int(hands), float(think)), result))
        return 0
    own_network()
    counts = [int(n) for n in args.tables.split(",")]
    print(
        f"load average before: {os.getloadavg()}; {args.hands} hand(s), {args.workers} workers,"
        f" {args.think} s before each card"
    )
    print(HEADER, flush=True)
    verbose = args.verbose
    roots = [ROOT] + ([args.against.resolve()] if args.against else [])
    for n in counts:
        for root in roots:
            profile = args.profile if n == counts[-1] and root == ROOT else None
            game = Game(args.hands, args.think)
            figures = asyncio.run(measure(n, game, args.workers, profile, root))
            figures["code"] = "this" if root == ROOT else root.name
            print(row(figures), flush=True)
            if verbose:
                print("  gc (seconds, collections by generation):", figures["gc_by_generation"])
            if figures["refused"] or figures["errors"] or figures["incomplete"]:
                keys = ("refused", "errors", "incomplete", "over")
                print("  !", {k: figures[k] for k in keys})
    print(f"load average after: {os.getloadavg()}")
    if args.profile:
        top_costs(args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
