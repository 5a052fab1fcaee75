"""The hosted table's lobby: how friends join (address, port, code), who has, and Start now.

Shown beside the table (not modal) once a game is hosted, until the game begins; Network ▸
Host a game… shows it again while the table is open. It draws from ``NetworkTable``: its code, its
addresses and each seat's state, followed as players come and go.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QFont, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...controller.network import NetworkTable
from ...net.join import join_url, qr_svg
from .. import texts

#: The QR code's side on screen, in pixels (a phone reads it from across a table).
QR_SIZE = 168


def _qr_pixmap(url: str, size: int, ratio: float) -> QPixmap:
    """The QR code of ``url``, crisp at the screen's pixel ratio."""
    pixmap = QPixmap(round(size * ratio), round(size * ratio))
    pixmap.fill(Qt.GlobalColor.white)
    renderer = QSvgRenderer(QByteArray(qr_svg(url).encode()))
    painter = QPainter(pixmap)
    renderer.render(painter)
    painter.end()
    pixmap.setDevicePixelRatio(ratio)
    return pixmap


class TableLobby(QDialog):
    """Where friends join the table, and who has."""

    def __init__(self, network: NetworkTable, parent: QWidget | None) -> None:
        super().__init__(parent)
        self._network = network
        self._url = ""
        self.setWindowTitle(self.tr("Your table"))
        box = QVBoxLayout(self)
        box.addWidget(self._code_label())
        # Two columns (eight seats' rows under a QR code would not fit 640 pixels high): how
        # to join from Peppa and who has, beside how a phone joins.
        columns = QHBoxLayout()
        columns.addLayout(self._peppa_column(), 1)
        columns.addLayout(self._phone_column())
        box.addLayout(columns)
        buttons = QDialogButtonBox()
        self.start_now = QPushButton(self.tr("Start now"))
        self.start_now.setToolTip(self.tr("Computers play the seats nobody has taken"))
        self.start_now.clicked.connect(network.start_now)
        buttons.addButton(self.start_now, QDialogButtonBox.ButtonRole.AcceptRole)
        close = buttons.addButton(QDialogButtonBox.StandardButton.Close)
        close.clicked.connect(self.hide)
        box.addWidget(buttons)
        network.lobby_changed.connect(self.show_table)
        self.show_table()

    def _code_label(self) -> QLabel:
        self.code = QLabel()
        self.code.setObjectName("table_code")
        font = QFont(self.code.font())
        font.setPointSizeF(font.pointSizeF() * 2.2)
        font.setBold(True)
        font.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 120)
        self.code.setFont(font)
        self.code.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.code.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        return self.code

    def _peppa_column(self) -> QVBoxLayout:
        """How a friend joins from Peppa (address, port), and who has."""
        column = QVBoxLayout()
        self.how = QLabel()
        self.how.setWordWrap(True)
        self.how.setMinimumWidth(280)
        column.addWidget(self.how)
        where = QFormLayout()
        self.addresses = QLabel()
        self.addresses.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.port = QLabel()
        self.port.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        where.addRow(self.tr("Address"), self.addresses)
        where.addRow(self.tr("Port"), self.port)
        column.addLayout(where)
        group = QGroupBox(self.tr("Players"))
        self.seats = QFormLayout(group)
        column.addWidget(group)
        column.addStretch(1)
        return column

    def _phone_column(self) -> QVBoxLayout:
        """How a phone joins: the QR code of the join page (issue "Your phone as your hand")."""
        column = QVBoxLayout()
        self.qr = QLabel()
        self.qr.setFixedSize(QR_SIZE, QR_SIZE)
        column.addWidget(self.qr, 0, Qt.AlignmentFlag.AlignHCenter)
        self.phone_how = QLabel()
        self.phone_how.setWordWrap(True)
        self.phone_how.setFixedWidth(QR_SIZE + 24)
        self.phone_how.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        column.addWidget(self.phone_how)
        column.addStretch(1)
        return column

    def show_table(self) -> None:
        """Draw the table's code, its addresses and who sits where, as they stand."""
        network = self._network
        self.code.setText(network.code)
        self.how.setText(
            self.tr(
                "Friends join from their own Peppa with Network ▸ Join a game…: they pick this "
                "table from the list, or type the address, the port and the code."
            )
        )
        addresses = network.addresses()
        self.addresses.setText("\n".join(addresses))
        self.port.setText(str(network.port))
        url = join_url(addresses[0] if addresses else "127.0.0.1", network.port, network.code)
        if url != self._url:
            self._url = url
            self.qr.setPixmap(_qr_pixmap(url, QR_SIZE, self.devicePixelRatioF()))
            self.qr.setToolTip(url)
        self.phone_how.setText(
            self.tr(
                "Or from a phone's browser, no app needed: scan the code, or open {url}"
            ).format(url=url)
        )
        while self.seats.rowCount():
            self.seats.removeRow(0)
        states = {
            "here": self.tr("at this computer"),
            "joined": self.tr("joined"),
            "away": self.tr("away (a computer plays meanwhile)"),
            "open": self.tr("waiting for a player…"),
            "computer": self.tr("computer"),
        }
        for seat, (name, state) in enumerate(network.lobby()):
            label = QLabel(f"{seat + 1}. {texts.player_name(name)}")
            label.setTextFormat(Qt.TextFormat.PlainText)  # a name typed elsewhere: never HTML
            self.seats.addRow(label, QLabel(states.get(state, state)))
        started = network.started
        self.start_now.setEnabled(not started)
        self.start_now.setText(self.tr("The game has begun") if started else self.tr("Start now"))
