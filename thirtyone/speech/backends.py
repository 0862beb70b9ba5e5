"""Where spoken lines go: a log file, the system's speech, or nowhere (with the reason).

Chosen per system (``docs/accessibility.md`` says why):

- Linux and the BSDs: speech-dispatcher, the desktop's speech service that Orca uses too, so the
  game speaks with the voice, rate and synthesiser the player set up; reached through its
  command-line client ``spd-say`` (no Python binding to ship). Without it, ``espeak-ng``.
- macOS: ``say``, the system voice (the one VoiceOver uses), present on every Mac.
- Windows: the running screen reader through ``accessible_output2`` when it is installed (NVDA,
  JAWS and the rest), else SAPI, the system voice, through PowerShell's ``System.Speech``
  (part of every Windows since 7), one long-lived process reading lines.

Every backend speaks without blocking the window: text goes to a child process's input or
command line and the call returns at once.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
from datetime import datetime, timezone
from pathlib import Path
from typing import IO, Any, Protocol

from ..i18n import LANGUAGES, _


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

    def __init__(self, name: str, command: list[str], stop: list[str] | None = None) -> None:
        self.name = name
        self.command = command
        self.stop = stop
        self._running: subprocess.Popen[bytes] | None = None

    def speak(self, text: str, interrupt: bool) -> None:
        if interrupt:
            self._interrupt()
        try:
            self._running = subprocess.Popen(self.command + [text], stdin=subprocess.DEVNULL,
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
              "while ($null -ne ($l = [Console]::In.ReadLine())) { if ($l.StartsWith('!')) { $s.SpeakAsyncCancelAll(); "
              "$l = $l.Substring(1) } else { $l = $l.Substring(1) }; [void]$s.SpeakAsync($l) }")

    def __init__(self, powershell: str) -> None:
        flags = getattr(subprocess, "CREATE_NO_WINDOW", 0)
        self._process = subprocess.Popen([powershell, "-NoProfile", "-NonInteractive", "-Command", self.SCRIPT],
                                         stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL, creationflags=flags)

    def speak(self, text: str, interrupt: bool) -> None:
        line = ("!" if interrupt else " ") + " ".join(text.split()) + "\n"
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


class ScreenReaderBackend:
    """The running screen reader (NVDA, JAWS, …) through ``accessible_output2`` (Windows, optional)."""

    name = "screen reader"

    def __init__(self, output: Any) -> None:
        self._output = output

    def speak(self, text: str, interrupt: bool) -> None:
        try:
            self._output.output(text, interrupt=interrupt)
        except Exception:  # noqa: BLE001 - a reader that went away must not stop the game
            pass

    def close(self) -> None:
        pass


def _language_voice(language: str) -> str:
    """The voice's language code for espeak-ng and speech-dispatcher: the game's language (they know all of
    ``LANGUAGES``: nl, fr, nb …), English for anything else."""
    code = language.split("_")[0].split("-")[0].lower()
    return code if code in LANGUAGES else "en"


def system_backend(language: str = "en", platform: str | None = None) -> Backend:
    """The best speech this system offers, or a ``SilentBackend`` that says why there is none."""
    platform = platform or sys.platform
    lang = _language_voice(language)
    if platform.startswith("win"):
        try:
            from accessible_output2.outputs.auto import Auto  # type: ignore[import-not-found,unused-ignore]
            return ScreenReaderBackend(Auto())
        except Exception:  # noqa: BLE001 - not installed, or no reader running: SAPI below
            pass
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
        return CommandBackend("say", [say])
    spd = shutil.which("spd-say")
    if spd is not None:
        return CommandBackend("speech-dispatcher", [spd, "-l", lang, "--"], [spd, "-C"])
    espeak = shutil.which("espeak-ng") or shutil.which("espeak")
    if espeak is not None:
        return CommandBackend("espeak-ng", [espeak, "-v", lang, "--"])
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


__all__ = ["Backend", "CommandBackend", "LogBackend", "SapiBackend", "ScreenReaderBackend", "SilentBackend",
           "backend_from_spec", "system_backend"]
