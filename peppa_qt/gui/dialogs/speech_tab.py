"""The Settings dialog's page for a screen reader: how much it is told, and which kinds of
announcement (cards played, tricks taken…) it is told at all."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QLabel, QVBoxLayout, QWidget

from ...storage.settings import ANNOUNCEMENTS, VERBOSITY


class SpeechTab(QWidget):
    """The verbosity and a box for each kind of announcement; ``edited`` on each change."""

    edited = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        box = QVBoxLayout(self)
        form = QFormLayout()
        self.verbosity = QComboBox()
        levels = {
            "brief": self.tr("Brief"),
            "normal": self.tr("Normal"),
            "detailed": self.tr("Detailed: the computers' turns too"),
        }
        for level in VERBOSITY:
            self.verbosity.addItem(levels[level], level)
        self.verbosity.currentIndexChanged.connect(self.edited)
        form.addRow(self.tr("What a screen reader is told"), self.verbosity)
        box.addLayout(form)
        box.addWidget(QLabel(self.tr("Announce:")))
        names = {
            "cards": self.tr("Cards played"),
            "tricks": self.tr("Tricks taken and their points"),
            "hearts": self.tr("Hearts broken and the Peppa taken"),
            "received": self.tr("Cards received in the pass"),
            "turn": self.tr("Whose turn it is"),
            "points": self.tr("The hand's points"),
            "refusals": self.tr("Why a card is refused"),
        }
        self.kinds: dict[str, QCheckBox] = {}
        for kind in ANNOUNCEMENTS:
            check = self.kinds[kind] = QCheckBox(names[kind])
            check.toggled.connect(self.edited)
            box.addWidget(check)
        box.addStretch(1)

    def show_values(self, verbosity: str, quiet: tuple[str, ...]) -> None:
        """Show the verbosity and the kinds turned off."""
        self.verbosity.setCurrentIndex(max(0, self.verbosity.findData(verbosity)))
        for kind, check in self.kinds.items():
            check.setChecked(kind not in quiet)

    def values(self) -> tuple[str, tuple[str, ...]]:
        """The verbosity and the kinds turned off, as shown."""
        quiet = tuple(kind for kind, check in self.kinds.items() if not check.isChecked())
        return str(self.verbosity.currentData()), quiet
