"""An asyncio event loop in a thread of its own: the window's network side runs on it, so the
window never waits on a socket."""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")

#: How long the window waits for the network thread to start or stop a server, in seconds.
WAIT = 10.0


class NetThread:
    """An asyncio event loop running in a daemon thread of its own."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="peppa-net", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()

    def call(self, work: Callable[[], object]) -> None:
        """Run ``work`` on the event loop's thread, soon (from any thread)."""
        if not self.loop.is_closed():
            self.loop.call_soon_threadsafe(work)

    def submit(self, work: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        """Run the coroutine on the event loop; its future."""
        return asyncio.run_coroutine_threadsafe(work, self.loop)

    def wait(self, work: Coroutine[Any, Any, T], timeout: float = WAIT) -> T:
        """Run the coroutine on the event loop and wait for its result (raises its error)."""
        return self.submit(work).result(timeout)

    def stop(self) -> None:
        """Stop the event loop and let the thread end (waits a moment for it)."""
        if self.loop.is_closed():
            return
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(WAIT)
        if not self._thread.is_alive():
            self.loop.close()
