"""The language of the window: Italian or English, following the system until chosen.

Our translation (``peppa_qt/i18n/peppa_it.qm``, compiled from ``peppa_it.ts`` by
``tools/translations.py``) and Qt's own (``qtbase_it``, for the standard buttons) are
installed on the application; installing or removing them makes Qt send every widget a
``LanguageChange`` event, on which each sets its texts again (``retranslate_ui``), so the
language changes live, in the middle of a hand.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from ...resources import package_path

#: The languages the window speaks; English is the source language of every text.
LANGUAGES = ("en", "it")
_LOCALES = {"en": QLocale.Language.English, "it": QLocale.Language.Italian}


def resolve(choice: str) -> str:
    """The language for a setting: "en", "it", or "system" (Italian on an Italian system)."""
    if choice in LANGUAGES:
        return choice
    return "it" if QLocale.system().language() == QLocale.Language.Italian else "en"


def catalogue_path(code: str) -> str:
    """Where our compiled translation into ``code`` is (inside the package)."""
    return package_path("i18n", f"peppa_{code}.qm")


class Translations:
    """The translators installed on the application for the language in use."""

    def __init__(self) -> None:
        self.code = ""
        self._installed: list[QTranslator] = []

    def use(self, choice: str) -> str:
        """Speak the language ``choice`` names ("system", "en", "it"); the code now in use."""
        code = resolve(choice)
        if code == self.code and self._installed:
            return code
        app = QCoreApplication.instance()
        if app is None:
            return self.code
        for translator in self._installed:
            app.removeTranslator(translator)
        self._installed = []
        for translator in self._load(code):
            app.installTranslator(translator)
            self._installed.append(translator)
        self.code = code
        QLocale.setDefault(QLocale(_LOCALES[code]))
        return code

    def _load(self, code: str) -> list[QTranslator]:
        """Our catalogue (English has one too: its plural forms) and, but for English, Qt's."""
        loaded = []
        ours = QTranslator()
        if ours.load(catalogue_path(code)):
            loaded.append(ours)
        if code != "en":
            qt = QTranslator()
            folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
            if qt.load(f"qtbase_{code}", folder):
                loaded.append(qt)
        return loaded


#: The application's one set of translators (every window speaks the same language).
translations = Translations()
