"""Worker processes for the searches that take seconds (the hard and expert levels' deals,
the coach's reviews).

Processes, not threads: a thread searching in Python holds the interpreter's lock for long
stretches, and the compiled search (native.py) never hands it over between its calls back
into Python, so the window's thread, which takes the lock back at each of its many calls
into Python, would wait each time: animations stall while the computers think or the coach
works. Processes are started by spawn (a fork of the window's process would copy Qt's
state), and each ends as soon as the process that started it is gone.
"""

from __future__ import annotations

import atexit
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import wait as wait_futures
from multiprocessing import current_process, get_context, parent_process
from multiprocessing.connection import wait as wait_connections
from typing import Any, TypeVar

T = TypeVar("T")

#: How often (seconds) a caller waiting for a worker looks whether it was cancelled.
POLL = 0.05


def spawn_pool(workers: int) -> ProcessPoolExecutor | None:
    """A pool of ``workers`` processes, or None where none may be started (inside a worker
    of another pool, such as the arena's, or when the system refuses)."""
    if current_process().daemon:  # a pool's worker may start no processes
        return None
    try:
        return ProcessPoolExecutor(
            workers, mp_context=get_context("spawn"), initializer=leave_with_parent
        )
    except OSError:
        return None


def warm(pool: ProcessPoolExecutor, workers: int, ready: Callable[[], None]) -> None:
    """Start the pool's ``workers`` processes now, each loading ``ready``'s module, without
    waiting for them: a spawned process takes 0.3-0.5 s to start, which a first search,
    whose time cap runs meanwhile, would otherwise lose."""
    for _ in range(workers):  # submitted together: none is idle yet, so each starts one
        pool.submit(ready)


def waited(future: Future[T], cancelled: Callable[[], bool]) -> T | None:
    """The future's result; None as soon as ``cancelled()`` says so (it is then dropped)."""
    while not wait_futures([future], timeout=POLL).done:
        if cancelled():
            future.cancel()  # if it has not started; a running one ends at its time cap
            return None
    return future.result()


class LazyPool:
    """Worker processes started when the first task wants them and stopped at exit; ``get``
    gives None where none can be started (the caller then works in its own thread)."""

    def __init__(self, workers: Callable[[], int]) -> None:
        self._workers = workers
        #: The running pool, if any.
        self.pool: ProcessPoolExecutor | None = None
        self._refused = False
        atexit.register(self.shutdown)

    def get(self) -> ProcessPoolExecutor | None:
        """The pool, started now if it is not running (None: there can be none)."""
        if self.pool is None and not self._refused:
            self.pool = spawn_pool(self._workers())
            self._refused = self.pool is None
        return self.pool

    def shutdown(self) -> None:
        """Stop the processes (at exit, when the app closes, or after one died: a new pool
        is started for the next task)."""
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None

    def abandon(self) -> None:
        """Stop the processes now, their running tasks unfinished (their futures fail): for a
        task no longer wanted that would hold up the next one. A new pool starts with the
        next task."""
        pool = self.pool
        if pool is None:
            return
        self.pool = None
        # concurrent.futures has no public way to stop a running task before Python 3.14's
        # terminate_workers(); its processes are in _processes (pid: Process) since 3.2.
        processes: dict[int, Any] = getattr(pool, "_processes", None) or {}
        for process in list(processes.values()):
            process.terminate()
        pool.shutdown(wait=False, cancel_futures=True)


def leave_with_parent() -> None:
    """In a worker: exit as soon as the process that started the pool is gone.

    A pool is shut down when the app closes, but a crashed or killed app would otherwise
    leave its idle workers behind.
    """
    parent = parent_process()
    if parent is not None:
        sentinel = parent.sentinel

        def watch() -> None:
            wait_connections([sentinel])
            os._exit(0)

        threading.Thread(target=watch, name="leave-with-parent", daemon=True).start()
