"""One sentence for each problem with the player's files (storage gives only codes and paths)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLocale

from ..storage import FileKind, Problem, ProblemKind
from . import texts

# The context is written out in every call: pyside6-lupdate only collects literal ones.
#: The program's own files: a damaged one is replaced by defaults and kept aside.
OWN_FILES = (FileKind.SETTINGS, FileKind.STATISTICS, FileKind.AUTOSAVE)


def detail_text(problem: Problem) -> str:
    """The problem's detail in the player's language: the rule a game breaks, or the system's
    error; any other detail (a field of our own files) stays as the file checker said it.

    In English the checker's own words are the most precise ("unknown rule set 'chess'").
    """
    if QLocale().language() in (QLocale.Language.English, QLocale.Language.C):
        return problem.detail
    if problem.reason:
        return texts.record_problem(problem.reason, problem.place, problem.seats)
    if problem.errno is not None:
        return texts.system_error(problem.errno, problem.detail)
    return problem.detail


def problem_text(problem: Problem) -> str:
    """What happened and what was done about it, in one sentence."""
    if problem.kind is ProblemKind.NOT_SAVED:
        return _not_saved(problem)
    if problem.kind is ProblemKind.NO_PLAYERS:
        return QCoreApplication.translate(
            "StorageTexts",
            "{name} does not say who plays: you play South, and computers the other seats.",
        ).format(name=problem.path.name)
    if problem.file in OWN_FILES:
        return _own_file(problem)
    return _chosen_file(problem)


def _not_saved(problem: Problem) -> str:
    texts = {
        FileKind.SETTINGS: QCoreApplication.translate(
            "StorageTexts",
            "Your settings could not be saved ({detail}); the previous settings file is unchanged.",
        ),
        FileKind.STATISTICS: QCoreApplication.translate(
            "StorageTexts",
            "The statistics could not be saved ({detail}); the previous file is unchanged.",
        ),
        FileKind.AUTOSAVE: QCoreApplication.translate(
            "StorageTexts",
            "The game could not be saved automatically ({detail}); "
            "the previous autosave is unchanged.",
        ),
    }
    default = QCoreApplication.translate(
        "StorageTexts", "{name} could not be written ({detail}); any earlier file is unchanged."
    )
    return texts.get(problem.file, default).format(
        detail=detail_text(problem), name=problem.path.name
    )


def _own_file(problem: Problem) -> str:
    subject = {
        FileKind.SETTINGS: QCoreApplication.translate("StorageTexts", "Your settings file"),
        FileKind.STATISTICS: QCoreApplication.translate("StorageTexts", "Your statistics file"),
        FileKind.AUTOSAVE: QCoreApplication.translate("StorageTexts", "The autosaved game"),
    }[problem.file]
    states = {
        ProblemKind.NEWER: QCoreApplication.translate(
            "StorageTexts", "{subject} was written by a newer version of Peppa"
        ),
        ProblemKind.UNREADABLE: QCoreApplication.translate(
            "StorageTexts", "{subject} could not be opened ({detail})"
        ),
    }
    what = states.get(
        problem.kind, QCoreApplication.translate("StorageTexts", "{subject} is damaged")
    )
    what = what.format(subject=subject, detail=detail_text(problem))
    outcome = {
        FileKind.SETTINGS: QCoreApplication.translate(
            "StorageTexts", "so Peppa uses its default settings"
        ),
        FileKind.STATISTICS: QCoreApplication.translate(
            "StorageTexts", "so the statistics start again from zero"
        ),
        FileKind.AUTOSAVE: QCoreApplication.translate("StorageTexts", "so a new game starts"),
    }[problem.file]
    if problem.kept_as is not None:
        done = QCoreApplication.translate("StorageTexts", "the file was kept as {name}").format(
            name=problem.kept_as.name
        )
    else:
        done = QCoreApplication.translate("StorageTexts", "the file was left as it is")
    return QCoreApplication.translate("StorageTexts", "{what}, {outcome}; {done}.").format(
        what=what, outcome=outcome, done=done
    )


def _chosen_file(problem: Problem) -> str:
    name = problem.path.name
    texts = {
        ProblemKind.DAMAGED: QCoreApplication.translate(
            "StorageTexts", "{name} is not a game Peppa can open: {detail}."
        ),
        ProblemKind.NEWER: QCoreApplication.translate(
            "StorageTexts", "{name} was saved by a newer version of Peppa and cannot be opened."
        ),
        ProblemKind.UNREADABLE: QCoreApplication.translate(
            "StorageTexts", "{name} could not be opened ({detail})."
        ),
        ProblemKind.NOT_FOUND: QCoreApplication.translate(
            "StorageTexts", "{name} is not there any more."
        ),
    }
    return texts[problem.kind].format(name=name, detail=detail_text(problem))
