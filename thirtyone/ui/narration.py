"""The game log's sentences: moved to ``thirtyone.narration`` (no pygame), where speech reads them too.

Kept so that ``from thirtyone.ui.narration import narrate`` goes on working."""

from __future__ import annotations

from ..narration import drawn_on, honor_status, narrate, status_text

__all__ = ["drawn_on", "honor_status", "narrate", "status_text"]
