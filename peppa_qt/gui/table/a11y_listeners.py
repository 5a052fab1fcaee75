"""Which events the screen readers on the accessibility bus listen for (AT-SPI, Linux).

Orca 43 (Debian 12) has no handler for ``object:announcement``: it hears none of the table's
announcements. It does speak an object of role notification when it is shown. The table
announces through such an object only when a reader listens for showing changes and none for
announcements, so that a newer reader, which handles announcements, never hears them twice.

The registry (``org.a11y.atspi.Registry.GetRegisteredEvents``) is asked by ``dbus-send`` in a
``QProcess``, never blocking the window: PySide6's QtDBus cannot read its ``a(ss)`` answer. The
answer is kept and asked again after a use, at most every ``ASK_EVERY`` seconds (not a
process for each card played), so a reader started or stopped meanwhile is known a few
seconds later.
"""

from __future__ import annotations

import re
import shutil
import sys
import time

from PySide6.QtCore import QObject, QProcess

ADDRESS_QUERY = (
    "--session",
    "--dest=org.a11y.Bus",
    "--print-reply=literal",
    "/org/a11y/bus",
    "org.a11y.Bus.GetAddress",
)
EVENTS_QUERY = (
    "--dest=org.a11y.atspi.Registry",
    "--print-reply",
    "/org/a11y/atspi/registry",
    "org.a11y.atspi.Registry.GetRegisteredEvents",
)
#: The event names, as a client registers them (any case, with or without dashes), that carry
#: announcements and showing changes: a whole class ("object:") carries all of it.
#: How often the registry is asked again at most (s).
ASK_EVERY = 5.0
ANNOUNCEMENT = ("", "object", "object:", "object:announcement")
SHOWING = (
    "",
    "object",
    "object:",
    "object:statechanged",
    "object:statechanged:",
    "object:statechanged:showing",
)


def wants_notice(events: list[str]) -> bool:
    """Whether readers listening for ``events`` hear a shown notification and no announcement."""
    names = {event.lower().replace("-", "") for event in events}
    return not names & set(ANNOUNCEMENT) and bool(names & set(SHOWING))


def registered_events(reply: str) -> list[str]:
    """The event names in ``dbus-send --print-reply``'s answer (each after its client's name)."""
    return re.findall(r'string "([^"]*)"', reply)[1::2]


class Listeners(QObject):
    """What the readers on the bus listen for, asked in the background and kept."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._tool = shutil.which("dbus-send") if sys.platform.startswith("linux") else None
        self._address = ""
        self._notice = False
        self._asking: QProcess | None = None
        self._asked_at = -ASK_EVERY

    def wants_notice(self) -> bool:
        """Whether announcements should be shown as a notification (the last answer kept),
        and the registry asked again for the next time."""
        self._ask()
        return self._notice

    def _ask(self) -> None:
        if self._tool is None or self._asking is not None:
            return
        if time.monotonic() - self._asked_at < ASK_EVERY:
            return
        self._asked_at = time.monotonic()
        if self._address:
            self._start([f"--bus={self._address}", *EVENTS_QUERY])
        else:
            self._start(list(ADDRESS_QUERY))

    def _start(self, arguments: list[str]) -> None:
        assert self._tool is not None
        process = QProcess(self)
        process.finished.connect(lambda *_: self._answered(process))
        process.errorOccurred.connect(lambda *_: self._answered(process))
        self._asking = process
        process.start(self._tool, arguments)

    def _answered(self, process: QProcess) -> None:
        if self._asking is not process:
            return  # told twice (an error, then finished)
        self._asking = None
        reply = bytes(process.readAllStandardOutput().data()).decode(errors="replace")
        process.deleteLater()
        if process.exitStatus() != QProcess.ExitStatus.NormalExit or process.exitCode():
            self._address, self._notice = "", False
            return
        if not self._address:  # the bus's address first, then at once what is listened to
            self._address = reply.strip()
            if self._address:
                self._start([f"--bus={self._address}", *EVENTS_QUERY])
            return
        self._notice = wants_notice(registered_events(reply))
