"""The window's place on the screen: its frame put back where the player left it.

``restoreGeometry`` puts the *client area* back, below a title bar of Qt's own guess (the
style's title bar height, 25 px under Fusion). Under a window manager whose title bar is
lower (openbox's is 20 px) a window left at the top of the screen came back 5 px down, its
bottom frame off a 1280×800 screen, at every start after the first. The frame's place is in
the saved bytes too; once the window is framed it is moved there.

``WindowPlace`` owns what the settings said of the place (the frame, whether there was one)
and sizes, puts back, fits and keeps the window it is handed.
"""

from __future__ import annotations

import struct
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QPoint, QRect, QSize, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMainWindow, QWidget

if TYPE_CHECKING:
    from ...storage.appearance import Appearance

#: The first field of what ``QWidget.saveGeometry()`` writes (then its version, big-endian).
GEOMETRY_MAGIC = 0x01D9D0CB
_HEAD = struct.Struct(">IHHiiii")  # magic, major, minor, the frame's left, top, right, bottom


def saved_frame(geometry: QByteArray) -> QRect | None:
    """The frame's rectangle in ``saveGeometry()``'s bytes (None if they are not Qt's)."""
    data = bytes(geometry.data())
    if len(data) < _HEAD.size:
        return None
    magic, major, _minor, left, top, right, bottom = _HEAD.unpack_from(data)
    if magic != GEOMETRY_MAGIC or major < 1 or right < left or bottom < top:
        return None
    return QRect(QPoint(left, top), QPoint(right, bottom))


def restore_frame(window: QWidget, frame: QRect) -> None:
    """Give ``window``'s frame ``frame``'s place and size, kept on the free area of its screen.

    Qt shortened the window to fit below its guess, too; the frame's size holds the real
    title bar's. A place on no screen now (a monitor since unplugged) is left to Qt, which
    has put the window on one already.
    """
    if window.isMaximized() or window.isFullScreen():
        return
    screen = QGuiApplication.screenAt(frame.topLeft())
    if screen is None:
        return
    free, now = screen.availableGeometry(), window.frameGeometry()
    extra = now.size() - window.size()  # the frame around the client area
    inner = frame.size().boundedTo(free.size()) - extra
    window.resize(inner.expandedTo(window.minimumSize()))
    size = window.frameGeometry().size()
    x = max(free.left(), min(frame.left(), free.right() + 1 - size.width()))
    y = max(free.top(), min(frame.top(), free.bottom() + 1 - size.height()))
    if window.frameGeometry().topLeft() != QPoint(x, y):
        window.move(x, y)


class WindowPlace:
    """The place of ``window`` on the screen: put back as the settings keep it, fitted to the
    screen at a first start, and kept again as text."""

    def __init__(self, window: QMainWindow) -> None:
        self._window = window
        #: Whether the settings kept a place (else this is a first start).
        self._kept = False
        #: The frame's rectangle the settings kept, put back once the window is framed.
        self._frame: QRect | None = None

    def restore(self, look: Appearance) -> None:
        """The window's size, place and docks as the player left them."""
        window = self._window
        window.resize(first_size(window))
        self._kept = bool(look.window_geometry)
        if look.window_geometry:
            geometry = QByteArray.fromBase64(look.window_geometry.encode("ascii"))
            window.restoreGeometry(geometry)  # the client area, below a title bar Qt guesses
            self._frame = saved_frame(geometry)
        if look.window_state:
            window.restoreState(QByteArray.fromBase64(look.window_state.encode("ascii")))

    def settle(self) -> None:
        """Once the window is framed (now, and again a moment later: a window manager may
        frame it late), fit it to the screen on a first start, or put its frame back."""
        if not self._kept:
            slot = self.fit_to_screen
        elif self._frame is not None:
            slot = self._restore_frame
        else:
            return
        for ms in (0, 400):
            QTimer.singleShot(ms, self._window, slot)  # not once the window is gone

    def _restore_frame(self) -> None:
        if self._frame is not None:
            restore_frame(self._window, self._frame)

    def fit_to_screen(self) -> None:
        """The whole window, title bar and frame included, on the screen's free area.

        A first start asks for 1280×800 at most, but the window manager's frame comes on top
        of that and would push the status line (which says why a card is refused) off the
        bottom of a 1280×800 screen; known only once the window is shown, it is taken off here.
        """
        window = self._window
        if window.isMaximized() or window.isFullScreen():
            return
        free = window.screen().availableGeometry()
        frame = window.frameGeometry()
        if free.contains(frame):
            return
        extra_w, extra_h = frame.width() - window.width(), frame.height() - window.height()
        width = max(window.minimumWidth(), min(window.width(), free.width() - extra_w))
        height = max(window.minimumHeight(), min(window.height(), free.height() - extra_h))
        window.resize(width, height)
        left = free.left() + max(0, (free.width() - width - extra_w) // 2)
        top = free.top() + max(0, (free.height() - height - extra_h) // 2)
        window.move(left, top)

    def kept(self, geometry: QByteArray | None = None) -> tuple[str, str]:
        """Qt's saveGeometry() (or ``geometry``: full screen's place from before) and
        saveState() as base64 text, for the settings."""
        saved = self._window.saveGeometry() if geometry is None else geometry
        state = self._window.saveState()
        return _text(saved), _text(state)


def _text(data: QByteArray) -> str:
    return bytes(data.toBase64().data()).decode("ascii")


def first_size(window: QWidget) -> QSize:
    """1280×800, or less on a smaller screen (never below the window's minimum)."""
    wanted = QSize(1280, 800)
    room = window.screen().availableGeometry().size()
    return wanted.boundedTo(room).expandedTo(window.minimumSize())
