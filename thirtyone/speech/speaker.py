"""The voice the window talks through: verbosity, interrupt or queue, and what was said last.

A ``Speaker`` turns card symbols into words (``words.spoken``), remembers the last lines (the
"last actions" and "repeat" keys read them back) and hands each line to its backend. It holds
no pygame and no game: scenes and the table's voice decide *what* is said.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping

from ..i18n import _, language
from .backends import Backend, Paced, SilentBackend, system_backend
from .words import spoken

SHORT, FULL = "short", "full"
"""Verbosities: short says what changed; full adds whose turn it is and what may be done."""

INTERRUPT, POLITE, CHOSEN = "interrupt", "polite", "chosen"
"""How a line meets the one being said: cuts it off, waits its turn, or as Settings → "Speech
interrupts itself" says."""

EVENT, TURN, CUE, ANSWER, NOTICE, SCREEN = "event", "turn", "cue", "answer", "notice", "screen"
"""The kinds of line the game says."""

PRIORITY: Mapping[str, str] = MappingProxyType({
    EVENT: CHOSEN,     # a line of the game log: a move, a round's end; waits unless the player chose otherwise
    TURN: CHOSEN,      # "Your turn", after the moves that led to it
    CUE: INTERRUPT,    # Quick Draw's "Draw!": the answer window is running
    ANSWER: INTERRUPT,  # the reply to a key the player just pressed (a question, the coach, aiming)
    NOTICE: INTERRUPT,  # a refusal or a notice about what the player just did
    SCREEN: INTERRUPT,  # a new screen or menu item: what was said for the last one is stale
})
"""Each kind of line and how it is said: the one table the window and the table read."""

HISTORY = 40
"""How many lines are kept for the "repeat" key (and events for "last actions")."""


@dataclass(frozen=True)
class Heard:
    """One line said: its text and the seat that was listening (``None``: nobody's hand was on the screen)."""

    text: str
    seat: int | None


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
        self.rate = 1.0
        """How fast a voice the game drives itself speaks (Settings → Speech rate; a screen reader keeps its own)."""
        self.listener: int | None = None
        """The seat whose player is at the screen now (``None``: nobody's hand is on it). Every line is
        kept with it, and "repeat" says only lines that seat heard or lines anybody may hear."""
        self.heard: deque[Heard] = deque(maxlen=HISTORY)
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

    @property
    def last(self) -> str:
        """The last line the seat at the screen may hear again: one said to it, or while nobody's hand was shown."""
        return next((heard.text for heard in reversed(self.heard) if heard.seat in (None, self.listener)), "")

    def listen(self, seat: int | None) -> None:
        """``seat``'s player has the screen now (``None``: nobody's hand is on it). The hand-off screen's
        line cuts off whatever was still being said to the last one (it interrupts, as every screen's does)."""
        self.listener = seat

    def interrupts(self, kind: str) -> bool:
        """Whether a line of ``kind`` cuts off the one being said (``PRIORITY``)."""
        priority = PRIORITY[kind]
        return self.interrupt if priority == CHOSEN else priority == INTERRUPT

    def say(self, text: str, kind: str = EVENT) -> None:
        """Say ``text`` (cards in words) to the seat at the screen as its ``kind`` asks, kept for "repeat"."""
        line = spoken(" ".join(text.split()))
        if not line:
            return
        self.heard.append(Heard(line, self.listener))
        if self.speaking:
            self.backend.speak(line, self.interrupts(kind))

    def answer(self, text: str) -> None:
        """A reply to a question key: said at once, cutting off whatever was being said."""
        self.say(text, ANSWER)

    def repeat(self) -> None:
        """Say the last line the seat at the screen heard again."""
        line = self.last
        if line and self.speaking:
            self.backend.speak(line, True)

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
        self.rate = float(getattr(settings, "speech_rate", self.rate))
        if isinstance(self.backend, Paced):
            self.backend.set_rate(self.rate)

    def close(self) -> None:
        self.backend.close()


__all__ = ["ANSWER", "CHOSEN", "CUE", "EVENT", "FULL", "Heard", "INTERRUPT", "NOTICE", "POLITE", "PRIORITY", "SCREEN",
           "SHORT", "Speaker", "TURN"]
