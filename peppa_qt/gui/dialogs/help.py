"""The rules inside the app (Italian and English), and About with the licences."""

from __future__ import annotations

import html

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QEvent, QLocale, Qt, qVersion
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ... import __version__
from ...resources import asset_text

LANGUAGES = (("en", "English"), ("it", "Italiano"))


def rules_html(language: str) -> str:
    """The rules page in ``language`` ("en" or "it"; English for any other)."""
    code = language if language in dict(LANGUAGES) else "en"
    return asset_text("help", f"rules_{code}.html")


class RulesDialog(QDialog):
    """The rules of the four rule sets, opened at the one being played."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.resize(620, 560)
        self.language = QComboBox()
        for code, name in LANGUAGES:
            self.language.addItem(name, code)
        self.language.currentIndexChanged.connect(self._on_language_changed)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)
        top = QHBoxLayout()
        self._language_label = QLabel()
        top.addWidget(self._language_label)
        top.addWidget(self.language)
        top.addStretch(1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addLayout(top)
        box.addWidget(self.browser, 1)
        box.addWidget(buttons)
        self.set_language("system")
        self._on_language_changed(self.language.currentIndex())
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        """The dialog's own texts in the language in use (the page keeps its own)."""
        self.setWindowTitle(self.tr("Rules"))
        self._language_label.setText(self.tr("Language"))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def set_language(self, language: str) -> None:
        """Show the rules in ``language`` ("en", "it"; "system" follows the locale)."""
        index = self.language.findData(language)
        if index < 0:
            italian = QLocale().language() == QLocale.Language.Italian
            index = self.language.findData("it" if italian else "en")
        self.language.setCurrentIndex(index)

    def show_rules(self, preset: str) -> None:
        """Show the dialog scrolled to ``preset`` (peppa, torino, hearts, belmont)."""
        self.browser.scrollToAnchor(preset)
        self.show()
        self.raise_()

    def _on_language_changed(self, index: int) -> None:
        self.browser.setHtml(rules_html(str(self.language.itemData(index))))


class KeyboardDialog(QDialog):
    """The keys: playing at the table, then every menu command that has keys."""

    def __init__(self, shortcuts: list[tuple[str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Keyboard"))
        table = [
            (self.tr("← →"), self.tr("Move the ring over your cards")),
            (self.tr("Home End"), self.tr("The ring to your first or last card")),
            (
                self.tr("1 2 3 4"),
                self.tr("The ring to your clubs, diamonds, hearts, spades (again: the next one)"),
            ),
            (self.tr("Space"), self.tr("Choose a card to pass, or raise the card to play")),
            (
                self.tr("Enter"),
                self.tr("Pass the three cards chosen, or play the card with the ring"),
            ),
            (self.tr("Tab"), self.tr("The buttons on the table, then the score sheet")),
            (self.tr("Any key"), self.tr("Sweep a finished trick at once (or click the table)")),
            (self.tr("Esc"), self.tr("Leave full screen (F11 too)")),
        ]
        #: (keys, what they do): the table's first, then the menus'.
        self.rows = [*table, *shortcuts]
        #: A list a screen reader reads line by line, "Enter: Pass the three cards…" (an
        #: HTML table was one unnamed label, its cells run together).
        self.keys = QTreeWidget()
        self.keys.setAccessibleName(self.tr("Keys of the game"))
        self.keys.setHeaderLabels([self.tr("Keys"), self.tr("What they do")])
        self.keys.setRootIsDecorated(False)
        self.keys.setItemsExpandable(False)
        self.keys.setAlternatingRowColors(True)
        self._add_section(self.tr("At the table"), table)
        self._add_section(self.tr("Menu commands"), shortcuts)
        self.keys.expandAll()
        self.keys.resizeColumnToContents(0)
        self.keys.resizeColumnToContents(1)
        self._fit()
        first = self.keys.topLevelItem(0)
        key = first.child(0) if first is not None else None
        if key is not None:  # the focus on the first key, not on a title
            self.keys.setCurrentItem(key)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addWidget(self.keys, 1)
        box.addWidget(buttons)
        self.keys.setFocus()

    def _fit(self) -> None:
        """Wide enough for every line to show whole, and as tall as the list, within the
        screen (its lines were cut off at 520 pixels wide)."""
        keys = self.keys
        wide = (
            keys.columnWidth(0) + keys.columnWidth(1) + keys.verticalScrollBar().sizeHint().width()
        )
        sections = [keys.topLevelItem(i) for i in range(keys.topLevelItemCount())]
        rows = sum(1 + section.childCount() for section in sections if section is not None)
        tall = keys.header().sizeHint().height() + rows * keys.sizeHintForRow(0)
        room = self.screen().availableGeometry()
        extra = 80  # the dialog's margins, its frame and the Close button
        self.resize(
            min(wide + extra, room.width() - 40), min(tall + extra + 30, room.height() - 60)
        )

    def _add_section(self, title: str, pairs: list[tuple[str, str]]) -> None:
        """A title in bold, then a line for each key: heard as "keys: what they do"."""
        section = QTreeWidgetItem(self.keys, [title])
        section.setFirstColumnSpanned(True)
        font = section.font(0)
        font.setBold(True)
        section.setFont(0, font)
        arrows = {self.tr("← →"): self.tr("Left and Right arrows")}
        for keys, what in pairs:
            item = QTreeWidgetItem(section, [keys, what])
            heard = self.tr("{keys}: {what}").format(keys=arrows.get(keys, keys), what=what)
            item.setData(0, Qt.ItemDataRole.AccessibleTextRole, heard)
            item.setData(1, Qt.ItemDataRole.AccessibleTextRole, what)


class AboutDialog(QDialog):
    """Version, licence (MIT) and the Qt / PySide6 third-party notice (LGPL)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("About Peppa"))
        self.resize(560, 480)
        browser = QTextBrowser()
        browser.setOpenExternalLinks(True)
        browser.setHtml(self._html())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addWidget(browser, 1)
        box.addWidget(buttons)

    def _html(self) -> str:
        try:
            licence = asset_text("LICENSE.txt")
        except OSError:
            licence = "MIT License"
        intro = self.tr(
            "The Italian Hearts card game: Peppa, Peppa Torino and Hearts for four players, "
            "and Belmont for six or eight with two decks."
        )
        third = self.tr(
            "Peppa uses Qt {qt} and Qt for Python (PySide6) {pyside}, by The Qt Company, "
            "under the GNU Lesser General Public License version 3 (LGPL-3.0). "
            "Their source code is available at https://code.qt.io and "
            "https://download.qt.io; you may replace them with your own modified versions."
        ).format(qt=qVersion(), pyside=pyside_version)
        licence_title = self.tr("Licence")  # outside the f-string: lupdate must see it
        third_title = self.tr("Third-party software")
        return (
            f"<h2>Peppa {html.escape(__version__)}</h2><p>{html.escape(intro)}</p>"
            f"<h3>{html.escape(licence_title)}</h3>"
            f"{_paragraphs(licence)}"
            f"<h3>{html.escape(third_title)}</h3>"
            f"<p>{html.escape(third)}</p>"
        )


def _paragraphs(text: str) -> str:
    """Plain text wrapped at 80 columns, as HTML paragraphs that wrap to the dialog's width
    (a pre-wrapped text wraps twice when the dialog is narrower: a word alone on a line)."""
    blocks = (" ".join(block.split()) for block in text.split("\n\n"))
    return "".join(f"<p>{html.escape(block)}</p>" for block in blocks if block)
