"""This window's seat at a table hosted elsewhere: its views in, its cards out, comebacks.

``JoinedGame`` connects with ``net.client.TableClient`` on a ``NetThread``; what comes in
reaches the window as Qt signals. A dropped connection is taken up again with the seat's
token; a seat taken back in another window ends this one.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import json

from PySide6.QtCore import QObject, Signal
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..engine.cards import format_cards
from ..net.client import TableClient, taken_back
from ..net.messages import Refusal
from ..net.server import TABLE_PATH
from .net_thread import NetThread


def table_url(address: str, port: int, *, secure: bool = False) -> str:
    """The WebSocket address of the tables at ``address``:``port``."""
    host = f"[{address}]" if ":" in address and not address.startswith("[") else address
    return f"{'wss' if secure else 'ws'}://{host}:{port}{TABLE_PATH}"


class JoinedGame(QObject):
    """This window's seat at a table hosted elsewhere."""

    #: The seat was taken: its number.
    welcomed = Signal(int)
    #: A view of the game from the host (its seat's only).
    view = Signal(object)
    #: The host refused something: its code and reason (in English, from the protocol).
    refused = Signal(str, str)
    #: The connection dropped (the seat is taken up again meanwhile) / it is back.
    dropped = Signal()
    back = Signal()
    #: The seat could not be taken, or the host is gone for good: why.
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._net: NetThread | None = None
        self._client: TableClient | None = None
        self._task: concurrent.futures.Future[None] | None = None
        self.seat: int | None = None

    def join(self, url: str, code: str, name: str, seat: int | None = None) -> None:
        """Connect and take a seat (``welcomed``, then views), or ``failed``."""
        self.close()
        self._net = NetThread()
        self._client = TableClient(url, code, name, seat=seat)
        self._task = self._net.submit(self._run(self._client))

    async def _run(self, client: TableClient) -> None:
        try:
            await client.join()
        except Refusal as refusal:
            self.failed.emit(refusal.reason)
            return
        except (OSError, InvalidHandshake, InvalidURI, ConnectionClosed, TimeoutError) as error:
            self.failed.emit(str(error) or type(error).__name__)
            return
        assert client.seat is not None
        self.seat = client.seat
        self.welcomed.emit(client.seat)
        while True:
            try:
                message = await client.receive()
            except ConnectionClosed as closed:
                if taken_back(closed):  # the player went on in another window
                    self.failed.emit("the seat was taken back elsewhere")
                    return
                self.dropped.emit()
                try:
                    await client.come_back(30)
                except ConnectionClosed:
                    self.failed.emit("the host is gone")
                    return
                self.back.emit()
                continue
            kind = message.get("type")
            if kind == "view":
                self.view.emit(message)
            elif kind == "refused":
                self.refused.emit(str(message.get("code")), str(message.get("reason")))

    def send(self, seat: int, cards: tuple[int, ...]) -> None:
        """The seat's pass or card, sent to the host."""
        client, net = self._client, self._net
        if client is None or net is None or seat != self.seat:
            return
        text = json.dumps({"type": "cards", "cards": format_cards(cards).split()})
        net.submit(client.send_text(text))

    def ready(self) -> None:
        """The player here has read the hand's score (the host may deal the next hand)."""
        client, net = self._client, self._net
        if client is not None and net is not None:
            net.submit(client.send_text(json.dumps({"type": "ready"})))

    def close(self) -> None:
        """Leave the table (the seat stays ours for its grace; a computer plays it after)."""
        net, client, task = self._net, self._client, self._task
        self._net = self._client = self._task = None
        if task is not None:
            task.cancel()
        if net is not None and client is not None:
            with contextlib.suppress(Exception):
                net.wait(client.close(), 3.0)
        if net is not None:
            net.stop()
