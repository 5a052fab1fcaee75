"""Qt item models the window shows: the score sheet and the tricks of the hand."""

from .score_sheet import ScoreSheetModel
from .tricks import TrickListModel

__all__ = ["ScoreSheetModel", "TrickListModel"]
