"""Join a game: a table found on the local network, or an address and a code typed in.

The tables announced on the local network (mDNS, ``net.discovery.TableBrowser``) are listed
as they come and go; choosing one fills in its address and code. A table elsewhere is reached
by its address (``host`` or ``host:port``) and its code, read aloud by its host.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...controller.network import table_url
from ...engine.record import name_problem
from ...net.messages import CODE_LENGTH, normal_code
from .. import texts
from ..high_contrast import mark_problem
from .host_game import DEFAULT_PORT

log = logging.getLogger(__name__)


class _Found(QObject):
    """Carries the browser's news from zeroconf's thread to the dialog's."""

    changed = Signal(object)


class JoinGameDialog(QDialog):
    """Where to join; ``ask_join()`` returns the table's URL, its code and the player's name."""

    def __init__(self, name: str, parent: QWidget | None, *, browse: bool = True) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Join a game"))
        self.setMinimumWidth(440)  # the fields' examples whole ("192.168.1.20 oppure …")
        box = QVBoxLayout(self)
        box.addWidget(QLabel(self.tr("Tables on this network")))
        self.found = QListWidget()
        self.found.setMinimumHeight(90)
        self.found.currentItemChanged.connect(self._on_found_chosen)
        box.addWidget(self.found)
        self.nothing = QLabel(self.tr("None found yet: ask the host for the address and code."))
        self.nothing.setWordWrap(True)
        box.addWidget(self.nothing)
        form = QFormLayout()
        self.address = QLineEdit()
        self.address.setPlaceholderText(
            self.tr("192.168.1.20 or 192.168.1.20:{port}").format(port=DEFAULT_PORT)
        )
        self.code = QLineEdit()
        self.code.setPlaceholderText("ABCDEF")
        self.code.setMaxLength(CODE_LENGTH + 4)
        # "You" is nobody's name at a table of several devices: the others would read it.
        self.name = QLineEdit("" if name == texts.DEFAULT_HUMAN else texts.player_name(name))
        self.name.setPlaceholderText(self.tr("The name the others will see"))
        self.name.setMaxLength(24)
        form.addRow(self.tr("Address"), self.address)
        form.addRow(self.tr("Code"), self.code)
        form.addRow(self.tr("Your name"), self.name)
        box.addLayout(form)
        self.problem = QLabel()
        mark_problem(self.problem)
        self.problem.setWordWrap(True)
        box.addWidget(self.problem)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self._join = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self._join.setText(self.tr("Join"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        box.addWidget(buttons)
        for field in (self.address, self.code, self.name):
            field.textChanged.connect(self._check)
        self._browser: Any = None
        self._news = _Found(self)
        self._news.changed.connect(self.show_found)
        if browse:
            self._browse()
        self._check()
        self.address.setFocus()

    @classmethod
    def ask_join(cls, parent: QWidget | None, name: str) -> tuple[str, str, str] | None:
        """Show the dialog: the table's URL, its code and the name (None: cancelled). Tests
        replace this method."""
        dialog = cls(name, parent)
        try:
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return None
            return dialog.url(), normal_code(dialog.code.text()), dialog.name.text().strip()
        finally:
            dialog.stop_browsing()

    def _browse(self) -> None:
        from ...net.discovery import TableBrowser

        try:
            self._browser = TableBrowser(self._news.changed.emit)
        except (OSError, RuntimeError) as error:  # no network: typing the address still works
            log.warning("the local network cannot be searched: %s", error)

    def stop_browsing(self) -> None:
        """Stop looking for tables (the dialog is done)."""
        if self._browser is not None:
            with contextlib.suppress(Exception):
                self._browser.close()
            self._browser = None

    def show_found(self, tables: Any) -> None:
        """List the tables found (a host's name, its rules and free seats)."""
        self.found.clear()
        for table in tables:
            text = self.tr("{host}: {rules}, {free} of {seats} seats free").format(
                host=table.name,
                rules=texts.preset_name(table.rules),
                free=table.free,
                seats=table.seats,
            )
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, (table.addresses[0], table.port, table.code))
            self.found.addItem(item)
        self.nothing.setVisible(self.found.count() == 0)

    def _on_found_chosen(self, item: QListWidgetItem | None) -> None:
        if item is None:
            return
        address, port, code = item.data(Qt.ItemDataRole.UserRole)
        self.address.setText(f"{address}:{port}")
        self.code.setText(code)

    def url(self) -> str:
        """The WebSocket address typed (the default port if none is given)."""
        text = self.address.text().strip()
        host, _, port = text.rpartition(":") if text.count(":") == 1 else (text, "", "")
        if not host:
            host, port = text, ""
        return table_url(host, int(port) if port.isdigit() else DEFAULT_PORT)

    def _check(self) -> None:
        code = normal_code(self.code.text())
        problem = ""
        if self.name.text().strip() and name_problem(self.name.text().strip()):
            problem = self.tr("A name holds a character that cannot be saved: change it.")
        ready = bool(self.address.text().strip()) and len(code) == CODE_LENGTH
        self.problem.setText(problem)
        self._join.setEnabled(ready and not problem and bool(self.name.text().strip()))
