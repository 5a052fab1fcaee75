"""The table as a screen reader sees it: the hand, the trick and the plates as accessible objects.

The felt is a picture to assistive technology (AT-SPI on Linux, UI Automation on Windows):
its cards are no widgets. An accessibility factory gives the table's view an interface whose
first children are a list of the viewer's cards, a list of the cards in the trick and one
label per seat's plate; the panels floating over the felt follow as the widget's own. The
words come from a ``Speech`` (the presenter's, in the language in use), asked each time a
reader looks, so they are never stale.

Qt returns no interface as a null pointer: the stubs' return types do not say so, hence the
``type: ignore[override]`` on the methods that may return None. Nodes without a QObject are
registered in Qt's accessibility cache for good once a reader has seen them: they are made
once per view and kept (a pool that only grows), never freed under the cache's feet.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any, Protocol

import shiboken6
from PySide6.QtCore import QObject, QRect, Qt, QTimer
from PySide6.QtGui import (
    QAccessible,
    QAccessibleAnnouncementEvent,
    QAccessibleEvent,
    QAccessibleInterface,
)
from PySide6.QtWidgets import QAccessibleWidget, QWidget

from .a11y_listeners import Listeners

Role = QAccessible.Role
#: The felt's first children: the hand's list and the trick's; the plates follow.
HAND, TRICK, LISTS = 0, 1, 2
#: The object name of the widget that shows each announcement to a reader deaf to them.
NOTICE = "peppa-notice"


def send(event: QAccessibleEvent) -> None:
    """Tell the screen reader of ``event`` (one place, for tests to listen at)."""
    QAccessible.updateAccessibility(event)


@dataclass(frozen=True)
class Spoken:
    """One object on the table as it is read: its name and whether it has the focus or is
    chosen (a card raised to pass)."""

    name: str
    focused: bool = False
    selected: bool = False
    #: Which card it is (a card of the hand): the same object while the card is held.
    key: int | None = None


class Speech(Protocol):
    """The table's objects in words, in the language in use."""

    def table_title(self) -> str:
        """The table's own name: 'Card table'."""
        ...

    def hand_title(self) -> str:
        """The hand's list: 'Your hand, 13 cards'."""
        ...

    def hand(self) -> list[Spoken]:
        """The viewer's cards, left to right."""
        ...

    def trick_title(self) -> str:
        """The trick's list: 'Cards on the table'."""
        ...

    def trick(self) -> list[Spoken]:
        """The cards in the trick, in play order, with who played each."""
        ...

    def plates(self) -> list[Spoken]:
        """Each seat's plate: name, cards left, points taken, whose turn."""
        ...


class _Node(QAccessibleInterface):
    """An object on the felt without a widget of its own: what it says is asked each time."""

    def __init__(
        self, table: TableAccessibility, role: Role, path: tuple[int, ...], key: int | None = None
    ) -> None:
        super().__init__()
        self._table = table
        self._role = role
        #: Where it sits: (0,) the hand, (0, i) its i-th card, (1,) the trick, (2 + s,) a plate.
        self.path = path
        #: A card of the hand is the card ``key`` wherever it sits: a reader sees the card
        #: after a play as a new object (a new focus it speaks), not the same place renamed.
        self.key = key
        self._kids: list[_Node] = []
        self._cards: dict[int, _Node] = {}

    # The tree: the hand and the trick have children, made as the cards come (and kept).
    def kids(self) -> list[_Node]:
        if self.path == (HAND,):
            return [self._card(at, item.key) for at, item in enumerate(self._table.items(HAND))]
        count = self._table.count(self.path)
        while len(self._kids) < count:
            self._kids.append(_Node(self._table, Role.ListItem, (*self.path, len(self._kids))))
        return self._kids[:count]

    def _card(self, at: int, key: int | None) -> _Node:
        """The hand's card ``key`` (now at ``at``): one object per card, kept."""
        if key is None:  # a card without identity: its place stands for it
            key = -1 - at
        node = self._cards.get(key)
        if node is None:
            node = self._cards[key] = _Node(self._table, Role.ListItem, (HAND, at), key)
        node.path = (HAND, at)
        return node

    def spoken(self) -> Spoken:
        if self.key is not None:
            return self._table.card(self.key)
        return self._table.spoken(self.path)

    def isValid(self) -> bool:  # noqa: N802
        return self._table.alive()

    def object(self) -> QObject | None:  # type: ignore[override]
        return None

    def window(self) -> QWidget | None:  # type: ignore[override]
        view = self._table.view()
        return view.window() if view is not None else None

    def relations(self, match: Any = None) -> list[Any]:
        return []

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: N802
        return next((kid for kid in self.kids() if kid.spoken().focused), None)

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: N802
        return None

    def parent(self) -> QAccessibleInterface | None:  # type: ignore[override]
        if len(self.path) > 1:
            return self._table.node(self.path[:-1])
        view = self._table.view()
        return QAccessible.queryAccessibleInterface(view) if view is not None else None

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        kids = self.kids()
        return kids[index] if 0 <= index < len(kids) else None

    def childCount(self) -> int:  # noqa: N802
        return len(self.kids())

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: N802
        return next((i for i, kid in enumerate(self.kids()) if kid is child), -1)

    def text(self, kind: QAccessible.Text) -> str:
        if kind != QAccessible.Text.Name:
            return ""
        if len(self.path) == 1 and self.path[0] < LISTS:
            return self._table.title(self.path[0])
        return self.spoken().name

    def setText(self, kind: QAccessible.Text, text: str) -> None:  # noqa: N802
        """The names are the game's, not the reader's to change."""

    def rect(self) -> QRect:
        view = self._table.view()
        return view.rect().translated(view.mapToGlobal(view.rect().topLeft())) if view else QRect()

    def role(self) -> Role:
        return self._role

    def state(self) -> QAccessible.State:
        state = QAccessible.State()
        if self._role is Role.ListItem and self.path[0] == HAND:
            spoken = self.spoken()
            state.focusable = state.selectable = True
            state.focused = spoken.focused
            state.selected = spoken.selected
        elif self.path == (HAND,):  # the focus while no card has the ring (a card played)
            state.focusable = True
            state.focused = self._table.hand_focused()
        state.readOnly = True
        return state


class _TableInterface(QAccessibleWidget):
    """The table's view: the hand, the trick and the plates, then the widgets over the felt."""

    def __init__(self, view: QWidget, table: TableAccessibility) -> None:
        super().__init__(view, Role.Pane)
        self._table = table

    def _own(self) -> list[_Node]:
        return self._table.tops()

    def childCount(self) -> int:  # noqa: N802
        return len(self._own()) + super().childCount()

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        own = self._own()
        if 0 <= index < len(own):
            return own[index]
        return super().child(index - len(own))

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: N802
        own = self._own()
        for i, node in enumerate(own):
            if node is child:
                return i
        found = super().indexOfChild(child)
        return found + len(own) if found >= 0 else -1

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: N802
        return self._table.focused() or super().focusChild()

    def text(self, kind: QAccessible.Text) -> str:
        if kind == QAccessible.Text.Name and self._table.alive():
            return self._table.speech.table_title()
        return super().text(kind)


#: Each table's view and its accessibility, while the view lives.
_TABLES: weakref.WeakKeyDictionary[QWidget, TableAccessibility] = weakref.WeakKeyDictionary()


def _factory(key: str, obj: QObject) -> QAccessibleInterface | None:
    if isinstance(obj, QWidget) and obj.objectName() == NOTICE:
        return QAccessibleWidget(obj, Role.Notification)
    table = _TABLES.get(obj) if isinstance(obj, QWidget) else None
    return _TableInterface(obj, table) if table is not None else None  # type: ignore[arg-type]


class TableAccessibility:
    """The accessible objects of one table's view, and what it announces."""

    #: Whether the factory is installed: one for every table (tests make many windows).
    _installed = False

    def __init__(self, view: QWidget, speech: Speech) -> None:
        self._view = weakref.ref(view)
        self.speech = speech
        self._tops: list[_Node] = []
        #: The card last told as focused, its name and whether it was chosen then.
        self._focus: tuple[_Node, str, bool] | None = None
        #: Whether the hand's list was last told focused (the ring gone from the hand).
        self._on_hand = False
        #: Whether the focus is to be told once this moment's changes are made.
        self._pending = False
        #: Whether readers hear announcements only as a shown notification (Orca 43).
        self.listeners = Listeners(view)
        if not TableAccessibility._installed:  # (before the notice: its interface is ours)
            QAccessible.installFactory(_factory)
            TableAccessibility._installed = True
        #: A widget no eye sees (1 pixel, painting nothing, deaf to the mouse): each
        #: announcement is its name, and it is told shown again.
        self.notice = QWidget(view)
        self.notice.setObjectName(NOTICE)
        if QAccessible.isActive():  # a reader made its interface as it was made: a filler
            self._renew(self.notice)
        self.notice.setGeometry(0, 0, 1, 1)
        self.notice.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        _TABLES[view] = self

    @staticmethod
    def _renew(widget: QWidget) -> None:
        """Forget ``widget``'s accessible interface made before it was named (a filler):
        the next one asked is made by the factory, a notification."""
        made = QAccessible.queryAccessibleInterface(widget)
        if made is not None and made.role() is not Role.Notification:
            QAccessible.deleteAccessibleInterface(QAccessible.uniqueId(made))

    # ------------------------------------------------------------------ the tree

    def view(self) -> QWidget | None:
        """The table's view, while it lives."""
        view = self._view()
        return view if view is not None and shiboken6.isValid(view) else None

    def alive(self) -> bool:
        """Whether the view is still there to be read."""
        return self.view() is not None

    def tops(self) -> list[_Node]:
        """The hand, the trick and one node per plate (made as seats come, and kept)."""
        wanted = LISTS + (len(self.speech.plates()) if self.alive() else 0)
        while len(self._tops) < wanted:
            at = len(self._tops)
            self._tops.append(_Node(self, Role.List if at < LISTS else Role.StaticText, (at,)))
        return self._tops[:wanted]

    def node(self, path: tuple[int, ...]) -> _Node | None:
        """The node at ``path``, if the table has it now."""
        tops = self.tops()
        if not path or path[0] >= len(tops):
            return None
        found: _Node | None = tops[path[0]]
        for index in path[1:]:
            kids = found.kids() if found is not None else []
            found = kids[index] if index < len(kids) else None
        return found

    def items(self, top: int) -> list[Spoken]:
        """The hand's or the trick's cards as they are read now."""
        return self._items(top)

    def card(self, key: int) -> Spoken:
        """What the hand's card ``key`` says now (nothing once it has left the hand)."""
        items = self._items(HAND)
        found = next((i for i, item in enumerate(items) if item.key == key), None)
        if found is None and key < 0 and -1 - key < len(items):  # known by its place only
            found = -1 - key
        return items[found] if found is not None else Spoken("")

    def _items(self, top: int) -> list[Spoken]:
        if not self.alive():
            return []
        return self.speech.hand() if top == HAND else self.speech.trick() if top == TRICK else []

    def count(self, path: tuple[int, ...]) -> int:
        """How many children the node at ``path`` has now."""
        return len(self._items(path[0])) if len(path) == 1 else 0

    def title(self, top: int) -> str:
        """The hand's or the trick's list name."""
        if not self.alive():
            return ""
        return self.speech.hand_title() if top == HAND else self.speech.trick_title()

    def spoken(self, path: tuple[int, ...]) -> Spoken:
        """What the node at ``path`` says now."""
        if not self.alive():
            return Spoken("")
        if len(path) > 1:
            items = self._items(path[0])
            return items[path[1]] if path[1] < len(items) else Spoken("")
        plates = self.speech.plates()
        at = path[0] - LISTS
        return plates[at] if 0 <= at < len(plates) else Spoken("")

    def focused(self) -> _Node | None:
        """The card of the hand with the keyboard's ring, if any."""
        hand = self.node((HAND,))
        return hand.focusChild() if hand is not None else None  # type: ignore[return-value]

    # ------------------------------------------------------------ what is told

    def hand_focused(self) -> bool:
        """Whether the hand's list itself has the focus (no card has the ring)."""
        view = self.view()
        return self._on_hand and view is not None and view.hasFocus() and self.focused() is None

    def hand_changed(self) -> None:
        """The ring moved, or the focused card's words changed: the reader is told.

        A card under the ring is told once the moment's changes are made: its words change
        with the mode just after the ring moves (at the turn, "playable" comes a moment after
        the ring), and a card played is renamed a moment before it leaves the hand (told then,
        a reader found an empty card where the ring had been). The ring gone is told at once,
        before what the moment announces."""
        if self.focused() is None:
            self._tell_focus()
        elif not self._pending:
            self._pending = True
            QTimer.singleShot(0, self.notice, self._tell_focus)

    def _tell_focus(self) -> None:
        """The focus to the card with the ring, the card chosen or put back, or to the hand
        when the ring has left it (a card played or passed: no empty card keeps the focus)."""
        self._pending = False
        view = self.view()
        if view is None or not QAccessible.isActive():
            return
        node = self.focused()
        now = None
        if node is not None:
            spoken = node.spoken()
            now = (node, spoken.name, spoken.selected)
        if now == self._focus:
            return
        was, self._focus = self._focus, now
        if not view.hasFocus():
            return
        if node is None or now is None:
            hand = self.node((HAND,))
            if was is not None and hand is not None:
                self._on_hand = True
                send(QAccessibleEvent(hand, QAccessible.Event.Focus))
            return
        self._on_hand = False
        if was is not None and was[0] is node and was[2] != now[2]:
            # Chosen or put back: a reader on the card hears its state (a focus on the
            # object it is on says nothing to Orca 43). Qt's AT-SPI bridge passes a selection
            # event on as "state-changed:selected" (a state change of "selected": not at all).
            chosen = QAccessible.Event.SelectionAdd if now[2] else QAccessible.Event.SelectionRemove
            send(QAccessibleEvent(node, chosen))
        send(QAccessibleEvent(node, QAccessible.Event.Focus))

    def announce(self, text: str, assertive: bool = False) -> None:
        """Have the screen reader say ``text`` (assertive: at once, over what it says)."""
        view = self.view()
        if view is None or not text or not QAccessible.isActive():
            return
        if self.listeners.wants_notice():
            self._show_notice(text)
            return
        event = QAccessibleAnnouncementEvent(view, text)
        if assertive:
            event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive)
        send(event)

    def _show_notice(self, text: str) -> None:
        """Orca 43's way: a notification named by the text, told shown (it stays on screen,
        unseen: hiding and showing it would tell the reader twice)."""
        self.notice.setAccessibleName(text)
        send(QAccessibleEvent(self.notice, QAccessible.Event.ObjectShow))
