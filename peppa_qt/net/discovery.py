"""Tables on the local network found by themselves: DNS-SD over multicast DNS (no Qt).

A host announces each table that has free seats as a service of type ``_peppa._tcp.local.``
on its server's port, with a TXT record: ``protocol`` (1), ``code`` (the table's code),
``name`` (the host's display name, ≤ 24 characters), ``rules`` (the preset), ``seats`` and
``free`` (free seats, updated as seats are taken). A browser keeps the list of tables found
as services come and go. A TXT record is outside input like a client's message: every field
is checked and bounded, and a service with a wrong type, a huge value, a missing key or
another protocol is skipped (kept in ``skipped``), never a crash.

python-zeroconf does the multicast DNS (probing, announcing, caching, goodbyes). Of its two
APIs we use the threaded ``Zeroconf``, each instance on a thread and event loop of its own,
rather than ``AsyncZeroconf``, which runs on its caller's event loop: the window calls us
from Qt's thread, which has no event loop, and ``peppa-qt serve`` from an event loop that
is also its games' scheduler, which multicast DNS should not wait on nor hold up. So one
code serves both: announcing never blocks its caller (the work is handed to zeroconf's
loop), the browser's callback comes on zeroconf's browser thread (an adapter hands it to
its own thread: a Qt signal, ``loop.call_soon_threadsafe``), and only ``close()`` waits,
for the goodbyes (well under a second; an asyncio program runs it with
``asyncio.to_thread``).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import ipaddress
import logging
import secrets
import threading
from collections.abc import Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

import ifaddr
from zeroconf import (
    InterfaceChoice,
    ServiceBrowser,
    ServiceInfo,
    ServiceStateChange,
    Zeroconf,
)

from ..engine.record_read import name_problem
from ..engine.rules import PRESETS
from .messages import CODE_LENGTH, CODE_LETTERS, MAX_NAME, PROTOCOL, TABLE_SIZES

log = logging.getLogger("peppa.discovery")

#: The DNS-SD service type of a Peppa table.
SERVICE_TYPE: Final = "_peppa._tcp.local."
#: Tables a browser keeps at once: a flood of announcements costs a bounded list.
MAX_FOUND: Final = 64
#: The longest TXT value read, in bytes (a name of 24 characters is at most 96).
MAX_VALUE: Final = 100
#: TXT keys read at most (more: the service is skipped), addresses kept at most.
MAX_KEYS: Final = 32
MAX_ADDRESSES: Final = 8
#: How long the browser waits for a service's records, in milliseconds.
LOOKUP_MS: Final = 2000
#: How long ``close()`` waits for announcing work still under way, in seconds.
CLOSING: Final = 3.0
_PORTS: Final = range(1, 65536)
#: The TXT record's keys, all needed (others are let be: a later host may say more).
TXT_KEYS: Final = ("protocol", "code", "name", "rules", "seats", "free")


@dataclass(frozen=True)
class TableAd:
    """What a table tells the local network about itself."""

    code: str
    #: The host's display name (cut to 24 characters when announced).
    name: str
    #: The rule set's preset (``RuleSet.name``).
    rules: str
    seats: int
    free: int

    def txt(self) -> dict[str, str]:
        """The TXT record's keys and values."""
        return {
            "protocol": str(PROTOCOL),
            "code": self.code,
            "name": _display_name(self.name),
            "rules": self.rules,
            "seats": str(self.seats),
            "free": str(self.free),
        }


@dataclass(frozen=True)
class FoundTable:
    """A table announced on the local network, read and checked."""

    #: The DNS-SD instance's full name: the service's identity while it lasts.
    service: str
    name: str
    addresses: tuple[str, ...]
    port: int
    code: str
    rules: str
    seats: int
    free: int


def read_table(
    service: str, addresses: Sequence[str], port: object, properties: Mapping[Any, Any]
) -> FoundTable | None:
    """The table a service announces, or None if anything in it is wrong or out of bounds."""
    if len(properties) > MAX_KEYS or not isinstance(port, int) or port not in _PORTS:
        return None
    texts = {key: _text(properties.get(key.encode())) for key in TXT_KEYS}
    protocol, seats, free = (_small_int(texts[k]) for k in ("protocol", "seats", "free"))
    code, name, rules = texts["code"], texts["name"], texts["rules"]
    valid = [_address(a) for a in addresses[:MAX_ADDRESSES]]
    checks = (
        protocol == PROTOCOL,
        code is not None and len(code) == CODE_LENGTH and set(code) <= set(CODE_LETTERS),
        name is not None and name_problem(name, MAX_NAME) is None,
        rules in PRESETS,
        seats in TABLE_SIZES,
        free is not None and seats is not None and 0 <= free <= seats,
        bool(valid) and None not in valid,
    )
    if not all(checks):
        return None
    assert code is not None and name is not None and rules is not None  # (checked above)
    assert seats is not None and free is not None
    kept = tuple(a for a in valid if a is not None)
    return FoundTable(service[:255], name.strip(), kept, port, code, rules, seats, free)


def _text(value: object) -> str | None:
    if not isinstance(value, bytes) or len(value) > MAX_VALUE:
        return None
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _small_int(text: str | None) -> int | None:
    """A count of a few digits, or None (no sign, no spaces, no other digits than 0-9)."""
    if text is None or not 1 <= len(text) <= 3 or not text.isascii() or not text.isdigit():  # noqa: PLR2004
        return None
    return int(text)


def _address(text: object) -> str | None:
    if not isinstance(text, str) or len(text) > 64:  # noqa: PLR2004  (the longest IPv6 text)
        return None
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        return None


def _display_name(name: str) -> str:
    """The host's name as announced: cut to 24 characters, a plain one if it is not a name."""
    name = name.strip()[:MAX_NAME]
    return "Peppa" if name_problem(name, MAX_NAME) else name


def own_addresses() -> list[str]:
    """This machine's IPv4 addresses others can reach (loopback only if there is no other)."""
    found = {ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips if ip.is_IPv4}
    every = sorted(str(address) for address in found)
    reachable = [a for a in every if not ipaddress.ip_address(a).is_loopback]
    return reachable or every


def _own_zeroconf(interfaces: Sequence[str] | None) -> Zeroconf:
    """A Zeroconf on a thread and event loop of its own, even when called on an event loop
    (zeroconf would otherwise join the caller's loop)."""
    choice: list[str] | InterfaceChoice = list(interfaces) if interfaces else InterfaceChoice.All
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return Zeroconf(interfaces=choice)
    with concurrent.futures.ThreadPoolExecutor(1) as maker:
        return maker.submit(Zeroconf, interfaces=choice).result()


class Announcer:
    """One host's tables announced on the local network (one multicast responder).

    Its methods return at once (the work runs on zeroconf's thread, one step at a time);
    ``close()`` sends the goodbyes and waits for them."""

    def __init__(
        self,
        port: int,
        *,
        addresses: Sequence[str] | None = None,
        interfaces: Sequence[str] | None = None,
    ) -> None:
        self.port = port
        self.addresses = list(addresses) if addresses else own_addresses()
        self._zc = _own_zeroconf(interfaces)
        self._server = f"peppa-{secrets.token_hex(4)}.local."
        self._infos: dict[str, ServiceInfo] = {}
        self._steps = asyncio.Lock()  # (bound to zeroconf's loop on first use)
        self._pending: set[concurrent.futures.Future[None]] = set()
        self._guard = threading.Lock()
        self._closed = False

    def announce(self, ad: TableAd) -> Announcement:
        """Announce a table, or update its TXT record if it is announced already."""
        self._run(self._announce(ad))
        return Announcement(self, ad)

    def withdraw(self, code: str) -> None:
        """Say goodbye for a table (nothing if it is not announced)."""
        self._run(self._withdraw(code))

    def close(self) -> None:
        """Withdraw every table and stop (waits for the goodbyes; not from zeroconf's
        threads). Announcing after it does nothing."""
        with self._guard:
            if self._closed:
                return
            self._closed = True
            pending = list(self._pending)
        concurrent.futures.wait(pending, timeout=CLOSING)
        self._zc.close()  # unregisters what is left, with goodbyes

    def _run(self, step: Coroutine[Any, Any, None]) -> None:
        loop = self._zc.loop
        assert loop is not None
        with self._guard:
            if self._closed:
                step.close()  # (never to run: closed without a warning)
                return
            future = asyncio.run_coroutine_threadsafe(self._one_at_a_time(step), loop)
            self._pending.add(future)
        future.add_done_callback(self._done)

    def _done(self, future: concurrent.futures.Future[None]) -> None:
        with self._guard:
            self._pending.discard(future)
        if not future.cancelled() and future.exception() is not None:
            log.warning("announcing a table failed: %s", future.exception())

    async def _one_at_a_time(self, step: Coroutine[Any, Any, None]) -> None:
        async with self._steps:
            await step

    async def _announce(self, ad: TableAd) -> None:
        old = self._infos.get(ad.code)
        info = ServiceInfo(
            SERVICE_TYPE,
            old.name if old is not None else f"Peppa {ad.code}.{SERVICE_TYPE}",
            port=self.port,
            properties=ad.txt(),
            server=self._server,
            parsed_addresses=self.addresses,
        )
        if old is None:
            await self._zc.async_register_service(info, allow_name_change=True)
        else:
            await self._zc.async_update_service(info)
        self._infos[ad.code] = info

    async def _withdraw(self, code: str) -> None:
        info = self._infos.pop(code, None)
        if info is not None:
            await (await self._zc.async_unregister_service(info))  # the goodbyes sent


class Announcement:
    """One table announced: its free seats updated, withdrawn on ``close()``."""

    def __init__(self, announcer: Announcer, ad: TableAd, *, owner: bool = False) -> None:
        self.announcer = announcer
        self.ad = ad
        self._owner = owner

    def update(self, free: int) -> None:
        """Tell the network how many seats are free now."""
        self.ad = replace(self.ad, free=free)
        self.announcer.announce(self.ad)

    def close(self) -> None:
        """Withdraw the table (and stop the responder if it was made for this table alone)."""
        self.announcer.withdraw(self.ad.code)
        if self._owner:
            self.announcer.close()


def announce(
    ad: TableAd,
    port: int,
    *,
    addresses: Sequence[str] | None = None,
    interfaces: Sequence[str] | None = None,
) -> Announcement:
    """Announce one table on the local network, on a responder of its own."""
    announcer = Announcer(port, addresses=addresses, interfaces=interfaces)
    announcer.announce(ad)
    return Announcement(announcer, ad, owner=True)


def _look_up(zeroconf: Zeroconf, service_type: str, name: str) -> tuple[bool, FoundTable | None]:
    """Whether a service answered, and the table in its records (None: nothing valid)."""
    try:
        info = zeroconf.get_service_info(service_type, name, timeout=LOOKUP_MS)
        if info is None:
            return False, None
        return True, read_table(name, info.parsed_addresses(), info.port, info.properties)
    except Exception as error:  # outside input: a bad record must not end the browsing
        log.debug("service %r unreadable: %s", name[:80], error)
        return True, None


Changed = Callable[[tuple[FoundTable, ...]], None]


class TableBrowser:
    """The tables announced on the local network, kept up to date as they come and go.

    ``on_change`` is called with the new list on zeroconf's browser thread: do not call
    ``close()`` from it."""

    def __init__(
        self, on_change: Changed | None = None, *, interfaces: Sequence[str] | None = None
    ) -> None:
        self._on_change = on_change
        self._found: dict[str, FoundTable] = {}
        self._skipped: set[str] = set()
        self._guard = threading.Lock()
        self._zc = _own_zeroconf(interfaces)
        self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[self._on_service])

    @property
    def tables(self) -> tuple[FoundTable, ...]:
        """The tables found now, by host name and code."""
        with self._guard:
            return tuple(sorted(self._found.values(), key=lambda t: (t.name, t.code)))

    @property
    def skipped(self) -> frozenset[str]:
        """The services seen whose records were wrong (a bounded set, for diagnosis)."""
        with self._guard:
            return frozenset(self._skipped)

    def close(self) -> None:
        """Stop browsing (waits for a lookup under way, two seconds at most)."""
        self._browser.cancel()
        self._zc.close()

    def _on_service(
        self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        """A service came, changed or went (zeroconf's browser thread)."""
        if state_change is ServiceStateChange.Removed:
            changed = self._forget(name)
        else:
            answered, table = _look_up(zeroconf, service_type, name)
            if not answered:
                return  # no answer in time: what was found (or not) stands
            changed = self._keep(name, table)
        if changed:
            self._tell()

    def _forget(self, name: str) -> bool:
        with self._guard:
            self._skipped.discard(name)
            return self._found.pop(name, None) is not None

    def _keep(self, name: str, table: FoundTable | None) -> bool:
        """Record what a service says now (None: nothing valid); whether the list changed."""
        with self._guard:
            if table is None or (name not in self._found and len(self._found) >= MAX_FOUND):
                if len(self._skipped) < MAX_FOUND:
                    self._skipped.add(name)
                return self._found.pop(name, None) is not None
            self._skipped.discard(name)
            changed = self._found.get(name) != table
            self._found[name] = table
            return changed

    def _tell(self) -> None:
        if self._on_change is None:
            return
        try:
            self._on_change(self.tables)
        except Exception:  # a failing callback must not stop the browsing
            log.exception("the found tables' callback failed")
