"""Announcements for a screen reader deaf to them (Orca 43 has no handler for AT-SPI's
``object:announcement``): shown as a notification named by the text, when readers listen for
showing changes and none for announcements; never both (a newer reader would hear twice)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent, QAccessibleEvent
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker

from peppa_qt.gui.table import a11y_listeners, accessible
from peppa_qt.gui.table.a11y_listeners import registered_events, wants_notice
from peppa_qt.gui.window.main_window import MainWindow

ORCA_43 = ["object:state-changed:showing", "object:state-changed:focused", "window:activate"]
NEWER = [*ORCA_43, "object:announcement"]

REPLY = """method return time=1 sender=:1.1 -> destination=:1.9 serial=5 reply_serial=2
   array [
      struct {
         string ":1.5"
         string "object:state-changed:showing"
      }
      struct {
         string ":1.5"
         string "Object:Announcement"
      }
   ]
"""


def test_the_registry_answer_is_read_and_only_a_reader_deaf_to_announcements_wants_notices() -> (
    None
):
    assert registered_events(REPLY) == ["object:state-changed:showing", "Object:Announcement"]
    assert wants_notice(ORCA_43)
    assert not wants_notice(NEWER)
    assert not wants_notice(registered_events(REPLY))
    assert not wants_notice([])  # nobody listening for showing either
    assert not wants_notice(["object:"])  # every object event: announcements too


@pytest.fixture
def sent(
    make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[MainWindow, list[QAccessibleEvent]]]:
    window = make_window()
    events: list[QAccessibleEvent] = []
    monkeypatch.setattr(accessible, "send", events.append)
    was = QAccessible.isActive()
    QAccessible.setActive(True)
    yield window, events
    QAccessible.setActive(was)


@pytest.mark.parametrize("listened", [ORCA_43, NEWER])
def test_an_announcement_is_a_notification_shown_only_to_a_reader_deaf_to_announcements(
    qtbot: QtBot,
    sent: tuple[MainWindow, list[QAccessibleEvent]],
    monkeypatch: pytest.MonkeyPatch,
    listened: list[str],
) -> None:
    window, events = sent
    table = window.presenter.accessible
    monkeypatch.setattr(table.listeners, "wants_notice", lambda: wants_notice(listened))
    table.announce("Bruno plays 4 of clubs.")
    assert len(events) == 1
    event = events[0]
    if listened is NEWER:
        assert isinstance(event, QAccessibleAnnouncementEvent)
        assert event.message() == "Bruno plays 4 of clubs."
        return
    assert event.type() == QAccessible.Event.ObjectShow
    notice = event.accessibleInterface()
    assert notice.role() == QAccessible.Role.Notification
    assert notice.text(QAccessible.Text.Name) == "Bruno plays 4 of clubs."
    assert not notice.state().invisible  # shown, to a reader (1 pixel, painting nothing)
    assert table.notice.width() * table.notice.height() <= 1


def test_the_registry_is_asked_at_most_every_few_seconds_not_at_every_card(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each announcement asks whether the readers changed: a process each card played would
    be a waste; one every ``ASK_EVERY`` seconds is enough."""
    started: list[list[str]] = []
    listeners = a11y_listeners.Listeners()
    monkeypatch.setattr(listeners, "_tool", "/usr/bin/dbus-send")
    monkeypatch.setattr(listeners, "_start", started.append)
    listeners._address = "unix:path=/tmp/bus"  # (known already)
    for _ in range(20):
        listeners.wants_notice()
    assert len(started) == 1
    monkeypatch.setattr(listeners, "_asked_at", listeners._asked_at - a11y_listeners.ASK_EVERY)
    listeners.wants_notice()
    assert len(started) == 2
