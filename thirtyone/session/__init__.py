"""What the table scene drives: ``TableSession`` (a protocol), its results, and ``LocalSession``.

No pygame here. The table sends its player's actions to a session and animates the
events that come back; whether the game runs on this machine (``LocalSession``), at a
network host or in a test's script is the session's business. See ``docs/session.md``.
"""

from .local import HINTS_USED, LocalSession
from .protocol import (CONNECTED, STAND_IN, WAITING, DrawCalled, Ending, GameHooks, Move, Notice, Outcome, Played, Refused, Sent,
                       TableSession, TakenBack)

__all__ = ["CONNECTED", "STAND_IN", "WAITING", "DrawCalled", "Ending", "GameHooks", "HINTS_USED", "LocalSession", "Move", "Notice", "Outcome", "Played",
           "Refused", "Sent", "TableSession", "TakenBack"]
