"""Messages, questions and file choosers in one place, so that tests can replace them."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from .file_chooser import choose_path


def _title() -> str:
    return QCoreApplication.translate("Notices", "Peppa")


def _box(icon: QMessageBox.Icon, text: str, parent: QWidget | None) -> QMessageBox:
    """A message box showing ``text`` as it is: names and paths from files are never markup."""
    box = QMessageBox(icon, _title(), text, parent=parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    return box


class Notices:
    """Every modal exchange with the player about files; tests monkeypatch these classmethods."""

    @classmethod
    def inform(cls, parent: QWidget | None, text: str) -> None:
        """Tell the player that something went wrong, and what was done about it."""
        _box(QMessageBox.Icon.Warning, text, parent).exec()

    @classmethod
    def ask(cls, parent: QWidget | None, question: str) -> bool:
        """A yes/no question; True for yes."""
        box = _box(QMessageBox.Icon.Question, question, parent)
        box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        return box.exec() == QMessageBox.StandardButton.Yes

    @classmethod
    def confirm(cls, parent: QWidget | None, question: str, action: str) -> bool:
        """Whether to go ahead with ``action`` (a button's text); Cancel is the default."""
        box = _box(QMessageBox.Icon.Question, question, parent)
        go = box.addButton(action, QMessageBox.ButtonRole.AcceptRole)
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(cancel)
        box.setEscapeButton(cancel)
        box.exec()
        return box.clickedButton() is go

    @classmethod
    def open_path(
        cls, parent: QWidget | None, title: str, folder: Path, filters: str
    ) -> Path | None:
        """A file to open, or None."""
        return choose_path(parent, title, folder, filters, saving=False)

    @classmethod
    def save_path(
        cls, parent: QWidget | None, title: str, suggested: Path, filters: str
    ) -> Path | None:
        """Where to save, or None."""
        return choose_path(parent, title, suggested, filters, saving=True)
