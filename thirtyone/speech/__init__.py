"""Speech for blind and low-vision players: the game speaks itself (no pygame here).

``backends`` says lines through a log file (``--speech log:FILE``) or the system's voice or
screen reader; ``Speaker`` keeps the verbosity, the interrupt choice and what was said;
``TableVoice`` turns the table's events and the viewer's observation into sentences;
``words.spoken`` writes card symbols as words. The window plugs these in at its scenes'
intents and the table's events; ``docs/accessibility.md`` describes it for players.
"""

from __future__ import annotations

from .backends import Backend, LogBackend, SilentBackend, backend_from_spec, system_backend
from .speaker import FULL, SHORT, Speaker
from .words import card_name, spoken

__all__ = ["Backend", "FULL", "LogBackend", "SHORT", "SilentBackend", "Speaker", "backend_from_spec",
           "card_name", "spoken", "system_backend"]
