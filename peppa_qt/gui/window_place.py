"""The window's place on the screen: its frame put back where the player left it.

``restoreGeometry`` puts the *client area* back, below a title bar of Qt's own guess (the
style's title bar height, 25 px under Fusion). Under a window manager whose title bar is
lower (openbox's is 20 px) a window left at the top of the screen came back 5 px down, its
bottom frame off a 1280×800 screen, at every start after the first. The frame's place is in
the saved bytes too; once the window is framed it is moved there.
"""

from __future__ import annotations

import struct

from PySide6.QtCore import QByteArray, QPoint, QRect
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

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
