"""One sentence for each problem with the player's files (storage gives only codes and paths)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ..storage import FileKind, Problem, ProblemKind

CONTEXT = "StorageTexts"
#: The program's own files: a damaged one is replaced by defaults and kept aside.
OWN_FILES = (FileKind.SETTINGS, FileKind.STATISTICS, FileKind.AUTOSAVE)


def _tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def problem_text(problem: Problem) -> str:
    """What happened and what was done about it, in one sentence."""
    if problem.kind is ProblemKind.NOT_SAVED:
        return _not_saved(problem)
    if problem.file in OWN_FILES:
        return _own_file(problem)
    return _chosen_file(problem)


def _not_saved(problem: Problem) -> str:
    texts = {
        FileKind.SETTINGS: _tr(
            "Your settings could not be saved ({detail}); the previous settings file is unchanged."
        ),
        FileKind.STATISTICS: _tr(
            "The statistics could not be saved ({detail}); the previous file is unchanged."
        ),
        FileKind.AUTOSAVE: _tr(
            "The game could not be saved automatically ({detail}); "
            "the previous autosave is unchanged."
        ),
    }
    default = _tr("{name} could not be written ({detail}); any earlier file is unchanged.")
    return texts.get(problem.file, default).format(detail=problem.detail, name=problem.path.name)


def _own_file(problem: Problem) -> str:
    subject = {
        FileKind.SETTINGS: _tr("Your settings file"),
        FileKind.STATISTICS: _tr("Your statistics file"),
        FileKind.AUTOSAVE: _tr("The autosaved game"),
    }[problem.file]
    states = {
        ProblemKind.NEWER: _tr("{subject} was written by a newer version of Peppa"),
        ProblemKind.UNREADABLE: _tr("{subject} could not be opened ({detail})"),
    }
    what = states.get(problem.kind, _tr("{subject} is damaged"))
    what = what.format(subject=subject, detail=problem.detail)
    outcome = {
        FileKind.SETTINGS: _tr("so Peppa uses its default settings"),
        FileKind.STATISTICS: _tr("so the statistics start again from zero"),
        FileKind.AUTOSAVE: _tr("so a new game starts"),
    }[problem.file]
    if problem.kept_as is not None:
        done = _tr("the file was kept as {name}").format(name=problem.kept_as.name)
    else:
        done = _tr("the file was left as it is")
    return _tr("{what}, {outcome}; {done}.").format(what=what, outcome=outcome, done=done)


def _chosen_file(problem: Problem) -> str:
    name = problem.path.name
    texts = {
        ProblemKind.DAMAGED: _tr("{name} is not a game Peppa can open: {detail}."),
        ProblemKind.NEWER: _tr(
            "{name} was saved by a newer version of Peppa and cannot be opened."
        ),
        ProblemKind.UNREADABLE: _tr("{name} could not be opened ({detail})."),
        ProblemKind.NOT_FOUND: _tr("{name} is not there any more."),
    }
    return texts[problem.kind].format(name=name, detail=problem.detail)
