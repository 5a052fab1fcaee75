"""Full screen (F11, View ▸ Full screen): the table over the whole screen, for the family's
television. F11 again or Esc leaves it.

It is not remembered: the window's place kept in the settings is the one it had before going
full screen, so the next start opens windowed where it was (a laptop carried away from the
television would otherwise start covering its whole screen).
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QObject, QSignalBlocker, Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QWidget


class FullScreen(QObject):
    """Puts ``window`` full screen and back by ``action`` (checkable: F11 toggles it), ticks it
    as the window is, and keeps the window's place from before."""

    def __init__(self, window: QWidget, action: QAction) -> None:
        super().__init__(window)
        self._window, self.action = window, action
        action.setCheckable(True)
        action.toggled.connect(self.set_on)
        # Esc only while full screen: elsewhere it is the table's (any key sweeps a trick).
        self._leave = QShortcut(QKeySequence(Qt.Key.Key_Escape), window)
        self._leave.activated.connect(lambda: self.set_on(False))
        #: ``saveGeometry()`` from before going full screen (None when windowed).
        self._windowed: QByteArray | None = None
        self.state_changed()

    def set_on(self, on: bool) -> None:
        """Full screen, or back to the window as it was."""
        window = self._window
        if on == window.isFullScreen():
            self.state_changed()
            return
        if on:
            self._windowed = window.saveGeometry()
        window.setWindowState(window.windowState() ^ Qt.WindowState.WindowFullScreen)
        self.state_changed()

    def state_changed(self) -> None:
        """The window's state changed (by us, or by the window manager): the tick and Esc."""
        on = self._window.isFullScreen()
        with QSignalBlocker(self.action):
            self.action.setChecked(on)
        self._leave.setEnabled(on)
        if not on:
            self._windowed = None

    def geometry(self) -> QByteArray:
        """What to keep of the window's place: while full screen, the place it had before."""
        if self._window.isFullScreen() and self._windowed is not None:
            return self._windowed
        return self._window.saveGeometry()
