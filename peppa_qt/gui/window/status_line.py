"""The status line: the game's prompt, which stays, and short notices, which pass.

A ``QStatusBar`` message is cleared by any menu item's status tip passing over it: the prompt
("Your turn: play a card.") would be lost for good the first time a menu opened. Here the
prompt is a label of its own; Qt hides it while a notice or a menu's tip is shown and brings
it back afterwards.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QStatusBar, QWidget

#: How long a notice ("Saved as …") stays before the prompt comes back (ms).
NOTICE_MS = 5000


class StatusLine(QStatusBar):
    """A status bar whose game prompt survives menus and notices."""

    prompt_changed = Signal(str)
    #: A notice was shown: a screen reader is to say it too (the status bar is not read by
    #: itself: "A hint is for your turn." was silent).
    noticed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._prompt = QLabel()
        self._prompt.setTextFormat(Qt.TextFormat.PlainText)  # a prompt may carry a name
        self._prompt.setObjectName("prompt")
        self.addWidget(self._prompt, 1)

    def set_prompt(self, text: str) -> None:
        """What the player is to do now (or what just happened), until the next prompt."""
        self._prompt.setText(text)
        self.prompt_changed.emit(text)

    def prompt(self) -> str:
        """The prompt shown (whether or not a notice hides it just now)."""
        return self._prompt.text()

    def notice(self, text: str) -> None:
        """A passing word ("Saved as …"): shown over the prompt for a few seconds."""
        self.showMessage(text, NOTICE_MS)
        self.noticed.emit(text)
