"""A focus ring plain to see on a dialog's combo and check boxes.

Fusion marks a combo box reached by Tab with a one-pixel line a shade off its grey frame, and
a check box not at all; a player going through the new-game dialog by keyboard lost track of
where they were. The table's buttons draw their ring by style sheet (panels/base.PANEL_STYLE); a
style sheet on a combo box would redraw all of it, so this proxy draws only the ring, over the
style's own drawing.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QPainter, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QProxyStyle,
    QStyle,
    QStyleOption,
    QStyleOptionComplex,
    QWidget,
)

#: The ring's width in pixels: two, as the table's buttons have.
RING_WIDTH = 2


def shows_ring(option: QStyleOption) -> bool:
    """Whether the widget has the focus and the player moves it by keyboard (as Fusion asks: a
    click gives no ring)."""
    state = option.state
    focus = QStyle.StateFlag.State_HasFocus | QStyle.StateFlag.State_KeyboardFocusChange
    return bool(state & focus == focus)


class FocusRingStyle(QProxyStyle):
    """The application's style, with a ring of the highlight colour round the focused widget."""

    def drawComplexControl(  # noqa: N802 (Qt's name)
        self,
        control: QStyle.ComplexControl,
        option: QStyleOptionComplex,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        """The style's combo box, then its ring."""
        super().drawComplexControl(control, option, painter, widget)
        if control == QStyle.ComplexControl.CC_ComboBox and shows_ring(option):
            draw_ring(painter, option, option.rect)

    def drawPrimitive(  # noqa: N802 (Qt's name)
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        """The focus frame of a check box as a ring; every other part as the style draws it."""
        if element == QStyle.PrimitiveElement.PE_FrameFocusRect and shows_ring(option):
            draw_ring(painter, option, option.rect.adjusted(0, -1, 3, 1))
            return
        super().drawPrimitive(element, option, painter, widget)


def draw_ring(painter: QPainter, option: QStyleOption, rect: QRect) -> None:
    """A rounded ring just inside ``rect``, in the palette's highlight colour."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    pen = QPen(option.palette.highlight().color(), RING_WIDTH)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    half = RING_WIDTH / 2
    painter.drawRoundedRect(rect.toRectF().adjusted(half, half, -half, -half), 3, 3)
    painter.restore()


def ring_focus(parent: QWidget) -> FocusRingStyle:
    """Give ``parent``'s combo and check boxes the ring (a widget's style is not its children's,
    so each gets it); the style lives as long as ``parent``."""
    style = FocusRingStyle()
    style.setParent(parent)
    for widget in parent.findChildren(QComboBox) + parent.findChildren(QCheckBox):
        widget.setStyle(style)
    return style
