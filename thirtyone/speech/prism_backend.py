"""The player's own screen reader, or the system's voice, through ``prismatoid`` (``import prism``).

Prism (the Platform-Agnostic Reader Interface for Speech and Messages) finds what runs: NVDA, JAWS,
ZoomText and the rest on Windows, then SAPI or OneCore; VoiceOver, then AVSpeech on macOS; Orca, then
speech-dispatcher on Linux. A screen reader speaks with the player's own voice and rate (and shows the
line on a braille display); the game's speech-rate setting only paces the voices the game drives itself.

Prism is reached on one worker thread: a speech service that hangs (a speech-dispatcher without sound)
must never stop the window, so lines are queued to that thread and ``start`` gives up after a moment.
"""

from __future__ import annotations

import importlib
import queue
import threading
from typing import Any

SELF_VOICED = frozenset({"SAPI", "ONE_CORE", "AV_SPEECH", "SPEECH_DISPATCHER", "ANDROID_TTS", "WEB_SPEECH"})
"""Prism's backends that are a bare voice, not a screen reader: the game sets their rate and language."""

START_S = 3.0
"""How long the window waits for Prism to find a reader or voice before it speaks another way."""


def prism_rate(rate: float) -> float:
    """The game's rate factor (1.0 normal, 2.0 twice as fast) on Prism's scale (0 to 1, 0.5 normal)."""
    return min(1.0, max(0.0, rate / 2))


class PrismBackend:
    """Lines for Prism's best backend, said in order on its own thread (``interrupt`` drops the queue)."""

    def __init__(self, language: str = "en", prism: Any = None) -> None:
        self.name = "prism"
        self.language = language
        self.self_voiced = False
        """Whether the backend is a voice the game drives (its rate follows the setting) rather than a reader."""
        self.rate = 1.0
        """The game's rate factor, set before the next line (``set_rate``)."""
        self._prism = prism
        self._lines: queue.Queue[tuple[str, bool] | None] = queue.Queue()
        self._ready = threading.Event()
        self._problem = ""
        self._thread = threading.Thread(target=self._run, name="prism-speech", daemon=True)

    def start(self, wait_s: float = START_S) -> str:
        """Find the reader or voice; "" when it speaks, else why not (it is then left alone)."""
        self._thread.start()
        if not self._ready.wait(wait_s):
            self._lines.put(None)  # it ends on its own if the service ever answers
            return "the screen reader interface did not answer"
        return self._problem

    def _run(self) -> None:
        try:
            prism = self._prism if self._prism is not None else importlib.import_module("prism")
            context = prism.Context()
            backend = context.acquire_best()
            self.self_voiced = context.id_of(backend.name).name in SELF_VOICED
            self.name = backend.name
            if self.self_voiced:
                self._choose_voice(backend)
        except Exception as error:  # noqa: BLE001 - no library, no reader, no voice: the caller falls back
            self._problem = str(error) or type(error).__name__
            self._ready.set()
            return
        self._ready.set()
        paced = None
        while (item := self._lines.get()) is not None:
            try:
                if self.self_voiced and paced != self.rate:
                    paced = self.rate
                    backend.rate = prism_rate(paced)
                backend.output(*item)
            except Exception:  # noqa: BLE001 - a reader that went away must not stop the game
                pass
        del context  # the backend goes with its context

    def _choose_voice(self, backend: Any) -> None:
        """A voice of the game's language, when the voice offers one (a screen reader keeps its own)."""
        try:
            for index in range(backend.voices_count):
                if backend.get_voice_language(index).lower().startswith(self.language):
                    backend.voice = index
                    return
        except Exception:  # noqa: BLE001 - voices cannot be listed: the default voice speaks
            pass

    def speak(self, text: str, interrupt: bool) -> None:
        if not text.strip():
            return
        if interrupt:
            try:
                while True:
                    self._lines.get_nowait()
            except queue.Empty:
                pass
        self._lines.put((text, interrupt))

    def set_rate(self, rate: float) -> None:
        """Pace the voice from the next line on (1.0 normal); a screen reader keeps the player's own rate."""
        self.rate = rate

    def close(self) -> None:
        self._lines.put(None)


__all__ = ["PrismBackend", "SELF_VOICED", "START_S", "prism_rate"]
