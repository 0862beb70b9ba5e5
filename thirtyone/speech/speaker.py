"""The voice the window talks through: verbosity, interrupt or queue, and what was said last.

A ``Speaker`` turns card symbols into words (``words.spoken``), remembers the last lines (the
"last actions" and "repeat" keys read them back) and hands each line to its backend. It holds
no pygame and no game: scenes and the table's voice decide *what* is said.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from ..i18n import _, language
from .backends import Backend, SilentBackend, system_backend
from .words import spoken

SHORT, FULL = "short", "full"
"""Verbosities: short says what changed; full adds whose turn it is and what may be done."""

HISTORY = 40
"""How many event lines are kept for the "last actions" key."""


@dataclass
class Heard:
    """One line said: its text and whether it was an event of the game (the "last actions" read those)."""

    text: str
    event: bool


class Speaker:
    """Says lines through ``backend`` while ``enabled``; ``forced`` (``--speech``) ignores the setting."""

    def __init__(self, backend: Backend | None = None, *, enabled: bool = True, verbosity: str = FULL,
                 interrupt: bool = False, forced: bool = False) -> None:
        self.backend: Backend = backend if backend is not None else SilentBackend(_("speech is off."))
        self.enabled = enabled
        self.verbosity = verbosity
        self.interrupt = interrupt
        """A new event cuts off the line being said (else lines queue)."""
        self.forced = forced
        """Chosen on the command line: the Settings switch does not turn it off."""
        self.heard: deque[Heard] = deque(maxlen=HISTORY)
        self.last = ""
        self._looked = backend is not None
        """Whether the backend was chosen (else the system's is looked for when speech is turned on)."""

    @property
    def speaking(self) -> bool:
        """Whether lines go anywhere: on, and a backend that speaks."""
        return (self.enabled or self.forced) and not isinstance(self.backend, SilentBackend)

    @property
    def unavailable(self) -> str:
        """Why there is no speech ("" when there is)."""
        return self.backend.reason if isinstance(self.backend, SilentBackend) else ""

    @property
    def full(self) -> bool:
        return self.verbosity == FULL

    def say(self, text: str, *, event: bool = False, interrupt: bool | None = None) -> None:
        """Say ``text`` (cards in words); ``event``: a line of the game, kept for "last actions"."""
        line = spoken(" ".join(text.split()))
        if not line:
            return
        self.last = line
        self.heard.append(Heard(line, event))
        if self.speaking:
            self.backend.speak(line, self.interrupt if interrupt is None else interrupt)

    def note(self, text: str) -> None:
        """Keep an event's line for "last actions" without saying it (short detail: its sound says it)."""
        line = spoken(" ".join(text.split()))
        if line:
            self.heard.append(Heard(line, True))

    def answer(self, text: str) -> None:
        """A reply to a question key: said at once, cutting off whatever was being said."""
        self.say(text, interrupt=True)

    def repeat(self) -> None:
        """Say the last line again."""
        if self.last:
            line = self.last
            if self.speaking:
                self.backend.speak(line, True)

    def recent_events(self, count: int = 5) -> list[str]:
        """The last ``count`` lines of the game, oldest first."""
        return [heard.text for heard in self.heard if heard.event][-count:]

    def follow(self, settings: Any) -> None:
        """Take the speech settings (``speech``, ``speech_verbosity``, ``speech_interrupt``) from ``settings``.

        The system's voice is looked for the first time speech is turned on (not at every start)."""
        self.enabled = getattr(settings, "speech", "off") != "off"
        if self.enabled and not self.forced and not self._looked:
            self._looked = True
            self.backend.close()
            self.backend = system_backend(language())
        self.verbosity = getattr(settings, "speech_verbosity", self.verbosity)
        self.interrupt = bool(getattr(settings, "speech_interrupt", self.interrupt))

    def close(self) -> None:
        self.backend.close()


__all__ = ["FULL", "SHORT", "Heard", "Speaker"]
