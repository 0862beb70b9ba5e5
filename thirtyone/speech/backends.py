"""Where spoken lines go: a log file, the system's speech, or nowhere (with the reason).

First the player's own screen reader, or the system's voice, through Prism (``prismatoid``,
``prism_backend``): NVDA, JAWS, SAPI or OneCore on Windows; VoiceOver or AVSpeech on macOS; Orca or
speech-dispatcher on Linux. Where Prism is missing or finds nothing, the game voices itself
(``docs/accessibility.md`` says why):

- Linux and the BSDs: speech-dispatcher through its command-line client ``spd-say``; without it,
  ``espeak-ng``.
- macOS: ``say``, the system voice (the one VoiceOver uses), present on every Mac.
- Windows: SAPI, the system voice, through PowerShell's ``System.Speech`` (part of every Windows
  since 7), one long-lived process reading lines.

Every backend speaks without blocking the window: text goes to a worker thread, a child process's
input or command line and the call returns at once. A voice the game drives itself follows the
speech-rate setting (``set_rate``: 1.0 normal, 2.0 twice as fast); a screen reader keeps its own.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
from datetime import datetime, timezone
from pathlib import Path
from typing import IO, Callable, Protocol, runtime_checkable

from ..i18n import LANGUAGES, _
from .prism_backend import PrismBackend


class Backend(Protocol):
    """Something that says lines."""

    name: str
    """How Settings and the log name it ("speech-dispatcher", "log")."""

    def speak(self, text: str, interrupt: bool) -> None:
        """Say ``text``; with ``interrupt``, stop what is being said first."""
        ...

    def close(self) -> None:
        """Let go of the process or file."""
        ...


@runtime_checkable
class Paced(Protocol):
    """A voice the game drives itself, whose rate the Settings screen sets."""

    def set_rate(self, rate: float) -> None:
        """Speak at ``rate`` times the normal pace (0.5 to 2.0) from the next line on."""
        ...


class SilentBackend:
    """No speech, and why (shown in Settings as "Speech unavailable: …")."""

    name = "none"

    def __init__(self, reason: str) -> None:
        self.reason = reason

    def speak(self, text: str, interrupt: bool) -> None:
        pass

    def close(self) -> None:
        pass


class LogBackend:
    """Every line with its time (UTC, ISO 8601) and a tab, one per line, flushed at once (``--speech log:FILE``).

    For tests, and for braille users who read the file with their own reader.
    """

    name = "log"

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._file: IO[str] | None = open(path, "a", encoding="utf-8", newline="\n")

    def speak(self, text: str, interrupt: bool) -> None:
        stamp = datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")
        line = " ".join(text.split())  # one utterance, one line, whatever it held
        with self._lock:
            if self._file is not None:
                self._file.write(f"{stamp}\t{line}\n")
                self._file.flush()

    def close(self) -> None:
        with self._lock:
            if self._file is not None:
                self._file.close()
                self._file = None


class CommandBackend:
    """A speech command run once per line (``spd-say``, ``espeak-ng``, ``say``); interrupting ends the last one."""

    def __init__(self, name: str, command: list[str], stop: list[str] | None = None,
                 pace: Callable[[float], list[str]] | None = None) -> None:
        self.name = name
        self.command = command
        self.stop = stop
        self.pace = pace
        """The options that set the rate for this command (``spd-say -r 50``), from the rate factor."""
        self.rate = 1.0
        self._running: subprocess.Popen[bytes] | None = None

    def set_rate(self, rate: float) -> None:
        self.rate = rate

    def speak(self, text: str, interrupt: bool) -> None:
        if interrupt:
            self._interrupt()
        paced = self.pace(self.rate) if self.pace is not None and self.rate != 1.0 else []
        try:
            self._running = subprocess.Popen(self.command[:1] + paced + self.command[1:] + [text],
                                             stdin=subprocess.DEVNULL,
                                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        except OSError:
            self._running = None  # the voice went away mid-game: the game goes on silently

    def _interrupt(self) -> None:
        if self.stop is not None:
            try:
                subprocess.Popen(self.stop, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
            except OSError:
                pass
        elif self._running is not None and self._running.poll() is None:
            self._running.terminate()

    def close(self) -> None:
        if self._running is not None and self._running.poll() is None:
            self._running.terminate()


class SapiBackend:
    """Windows' own voice through one PowerShell process that reads lines ("!" first: stop, then say)."""

    name = "sapi"
    SCRIPT = ("Add-Type -AssemblyName System.Speech; $s = New-Object System.Speech.Synthesis.SpeechSynthesizer; "
              "[Console]::InputEncoding = [Text.Encoding]::UTF8; "
              "while ($null -ne ($l = [Console]::In.ReadLine())) { if ($l.StartsWith('@')) { "
              "$s.Rate = [int]$l.Substring(1); continue }; if ($l.StartsWith('!')) { $s.SpeakAsyncCancelAll(); "
              "$l = $l.Substring(1) } else { $l = $l.Substring(1) }; [void]$s.SpeakAsync($l) }")

    def __init__(self, powershell: str) -> None:
        flags = getattr(subprocess, "CREATE_NO_WINDOW", 0)
        self._process = subprocess.Popen([powershell, "-NoProfile", "-NonInteractive", "-Command", self.SCRIPT],
                                         stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL, creationflags=flags)

    def set_rate(self, rate: float) -> None:
        self._send(f"@{sapi_rate(rate)}\n")

    def speak(self, text: str, interrupt: bool) -> None:
        self._send(("!" if interrupt else " ") + " ".join(text.split()) + "\n")

    def _send(self, line: str) -> None:
        stdin = self._process.stdin
        try:
            if stdin is not None:
                stdin.write(line.encode("utf-8"))
                stdin.flush()
        except OSError:
            pass  # PowerShell ended: silence rather than a crash

    def close(self) -> None:
        if self._process.stdin is not None:
            try:
                self._process.stdin.close()
            except OSError:
                pass


def spd_rate(rate: float) -> list[str]:
    """``spd-say``'s rate option: -100 to 100, 0 normal (2.0 → 100)."""
    return ["-r", str(max(-100, min(100, round(100 * rate - 100))))]


WORDS_PER_MINUTE = 175
"""The normal pace of ``say`` and ``espeak-ng``, in words a minute."""


def say_rate(rate: float) -> list[str]:
    """macOS ``say``'s rate option, in words a minute."""
    return ["-r", str(round(WORDS_PER_MINUTE * rate))]


def espeak_rate(rate: float) -> list[str]:
    """``espeak-ng``'s rate option, in words a minute."""
    return ["-s", str(round(WORDS_PER_MINUTE * rate))]


def sapi_rate(rate: float) -> int:
    """SAPI's rate: -10 to 10, 0 normal."""
    return max(-10, min(10, round(10 * (rate - 1))))


def _screen_reader(language: str) -> Backend | None:
    """Prism's best reader or voice, or ``None`` when it is not installed or finds nothing."""
    backend = PrismBackend(language)
    if backend.start():
        backend.close()
        return None
    return backend


def _language_voice(language: str) -> str:
    """The voice's language code for espeak-ng and speech-dispatcher: the game's language (they know all of
    ``LANGUAGES``: nl, fr, nb …), English for anything else."""
    code = language.split("_")[0].split("-")[0].lower()
    return code if code in LANGUAGES else "en"


def system_backend(language: str = "en", platform: str | None = None) -> Backend:
    """The best speech this system offers, or a ``SilentBackend`` that says why there is none.

    First the screen reader or voice Prism finds; ``platform`` names another system (tests), and then
    only that system's own commands are looked for."""
    lang = _language_voice(language)
    if platform is None:
        reader = _screen_reader(lang)
        if reader is not None:
            return reader
    platform = platform or sys.platform
    if platform.startswith("win"):
        powershell = shutil.which("powershell") or shutil.which("pwsh")
        if powershell is None:
            return SilentBackend(_("Windows PowerShell was not found, so the system voice cannot be reached."))
        try:
            return SapiBackend(powershell)
        except OSError as error:
            return SilentBackend(_("the system voice did not start: {error}").format(error=error))
    if platform == "darwin":
        say = shutil.which("say")
        if say is None:
            return SilentBackend(_("the say command of macOS was not found."))
        return CommandBackend("say", [say], pace=say_rate)
    spd = shutil.which("spd-say")
    if spd is not None:
        return CommandBackend("speech-dispatcher", [spd, "-l", lang, "--"], [spd, "-C"], pace=spd_rate)
    espeak = shutil.which("espeak-ng") or shutil.which("espeak")
    if espeak is not None:
        return CommandBackend("espeak-ng", [espeak, "-v", lang, "--"], pace=espeak_rate)
    return SilentBackend(_("neither speech-dispatcher (spd-say) nor espeak-ng is installed."))


def backend_from_spec(spec: str, language: str = "en") -> Backend:
    """``log:FILE`` → a ``LogBackend``, ``system`` → ``system_backend``, ``off`` → silence.

    Raises ``ValueError`` with a line for the player when ``spec`` is none of these or the log
    file cannot be opened.
    """
    if spec.startswith("log:"):
        path = Path(os.path.expanduser(spec[4:]))
        if not spec[4:]:
            raise ValueError(_("--speech log: needs a file name, like log:speech.txt"))
        try:
            return LogBackend(path)
        except OSError as error:
            raise ValueError(_("cannot write the speech log {path}: {reason}").format(
                path=path, reason=error.strerror or error)) from None
    if spec == "system":
        return system_backend(language)
    if spec == "off":
        return SilentBackend(_("speech is off."))
    raise ValueError(_("--speech takes system, off or log:FILE, not {spec!r}").format(spec=spec))


__all__ = ["Backend", "CommandBackend", "LogBackend", "Paced", "PrismBackend", "SapiBackend", "SilentBackend",
           "backend_from_spec", "espeak_rate", "sapi_rate", "say_rate", "spd_rate", "system_backend"]
