"""Where the lines go: the speech log's format, the system's voice chosen per system, a clean fallback, ``--speech``."""

from __future__ import annotations

import os
import re
import stat
import time
from pathlib import Path

import pytest

from tests.cli_support import run
from thirtyone.i18n import set_language
from thirtyone.speech import LogBackend, SilentBackend, Speaker, spoken, system_backend
from thirtyone.speech.backends import CommandBackend, backend_from_spec
from thirtyone.storage.settings import Settings


def fake_program(folder: Path, name: str, record: Path) -> Path:
    """An executable ``name`` in ``folder`` that appends its arguments to ``record``."""
    path = folder / name
    # One write per call: a cancel and the next line run side by side and must not interleave.
    path.write_text(f'#!/bin/sh\nline=$(printf "%s|" "$@")\necho "$line" >> "{record}"\n')
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return path


def test_the_log_has_one_stamped_line_per_utterance_flushed_at_once(tmp_path):
    log = tmp_path / "speech.log"
    speaker = Speaker(LogBackend(log), forced=True)
    speaker.say("Ada takes 7♥ from the discard pile.")
    speaker.say("Two\nlines")
    lines = log.read_text(encoding="utf-8").splitlines()  # read before anything is closed
    assert len(lines) == 2
    stamp, text = lines[0].split("\t")
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", stamp)
    assert text == "Ada takes 7 of hearts from the discard pile."
    assert lines[1].endswith("\tTwo lines")


def test_linux_speaks_through_speech_dispatcher_then_espeak_ng_then_says_why_not(tmp_path, monkeypatch):
    record = tmp_path / "said.txt"
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    monkeypatch.setenv("PATH", str(bin_dir))
    none = system_backend("en", "linux")
    assert isinstance(none, SilentBackend) and "speech-dispatcher" in none.reason and "espeak-ng" in none.reason
    fake_program(bin_dir, "espeak-ng", record)
    espeak = system_backend("de", "linux")
    assert espeak.name == "espeak-ng"
    fake_program(bin_dir, "spd-say", record)
    spd = system_backend("en", "linux")
    assert spd.name == "speech-dispatcher"
    assert isinstance(spd, CommandBackend)
    spd.speak("-7 of hearts", interrupt=False)
    spd._running.wait(10)
    assert record.read_text().splitlines()[-1] == "-l|en|--|-7 of hearts|"  # a line starting with - is no option
    french = system_backend("fr_FR", "linux")
    assert isinstance(french, CommandBackend)
    french.speak("Je frappe", interrupt=False)
    french._running.wait(10)
    assert record.read_text().splitlines()[-1] == "-l|fr|--|Je frappe|"  # a French voice for French text
    spd.speak("next", interrupt=True)  # the cancel runs beside the next line: the window never waits on it
    spd._running.wait(10)
    spd.close()
    deadline = time.monotonic() + 10
    while "-C|" not in record.read_text().splitlines() and time.monotonic() < deadline:
        time.sleep(0.01)
    said = record.read_text().splitlines()
    assert "-C|" in said and "-l|en|--|next|" in said


def test_macos_uses_say_and_windows_without_powershell_says_why(tmp_path, monkeypatch):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    monkeypatch.setenv("PATH", str(bin_dir))
    silent = system_backend("en", "darwin")
    assert isinstance(silent, SilentBackend) and "say" in silent.reason
    fake_program(bin_dir, "say", tmp_path / "said.txt")
    assert system_backend("en", "darwin").name == "say"
    windows = system_backend("en", "win32")
    assert isinstance(windows, SilentBackend) and "PowerShell" in windows.reason


def test_speech_on_without_a_voice_is_unavailable_with_the_reason(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr("thirtyone.speech.backends._screen_reader", lambda language: None)
    speaker = Speaker()
    assert not speaker.speaking and speaker.unavailable == "speech is off."
    speaker.follow(Settings(speech="on", speech_verbosity="short", speech_interrupt=True))
    assert speaker.enabled and not speaker.speaking and speaker.verbosity == "short" and speaker.interrupt
    assert "espeak-ng" in speaker.unavailable or "say" in speaker.unavailable or "PowerShell" in speaker.unavailable


def test_verbosity_and_interrupt_reach_the_backend(tmp_path):
    class Spy:
        name = "spy"

        def __init__(self) -> None:
            self.said: list[tuple[str, bool]] = []

        def speak(self, text: str, interrupt: bool) -> None:
            self.said.append((text, interrupt))

        def close(self) -> None:
            pass
    spy = Spy()
    speaker = Speaker(spy, interrupt=False)
    speaker.say("Ada draws from the stock.")
    speaker.answer("Your hand: A♠")
    speaker.repeat()
    assert spy.said == [("Ada draws from the stock.", False), ("Your hand: ace of spades", True),
                        ("Your hand: ace of spades", True)]
    speaker.enabled = False
    speaker.say("unheard")
    assert len(spy.said) == 3


def test_repeat_says_only_what_the_seat_at_the_screen_heard_or_anybody_may_hear():
    said: list[str] = []

    class Spy:
        name = "spy"

        def speak(self, text: str, interrupt: bool) -> None:
            said.append(text)

        def close(self) -> None:
            pass
    speaker = Speaker(Spy())
    speaker.listen(0)
    speaker.say("Your hand: A♠ 7♥")
    speaker.listen(None)
    speaker.say("Hand-off: pass the game to Bo.")
    speaker.listen(1)
    speaker.repeat()
    assert said[-1] == "Hand-off: pass the game to Bo."
    speaker.say("Your hand: K♣")
    speaker.listen(0)
    speaker.repeat()
    assert said[-1] == "Hand-off: pass the game to Bo."  # the last line seat 0 may hear; never Bo's hand
    speaker.say("Your hand: A♠ 7♥")
    speaker.listen(1)
    speaker.repeat()
    assert said[-1] == "Your hand: king of clubs"


def test_cards_are_said_in_german_words_in_german():
    assert spoken("pick a card (1–4)") == "pick a card (1 to 4)"
    set_language("de")
    try:
        assert spoken("Ada nimmt D♥ und 10♣") == "Ada nimmt Herz Dame und Kreuz 10"
        assert spoken("eine Karte (1–4)") == "eine Karte (1 bis 4)"
    finally:
        set_language("en")


@pytest.mark.parametrize("value", ["loud", "log:", "log"])
def test_a_bad_speech_option_exits_2_with_usage(capsys, value):
    code, _out, err = run(capsys, "--speech", value)
    assert code == 2 and "usage:" in err and "--speech" in err


def test_a_speech_log_in_a_folder_that_cannot_be_written_exits_2(capsys, tmp_path):
    code, _out, err = run(capsys, "--speech", f"log:{tmp_path}/missing/speech.log")
    assert code == 2 and "cannot write a file in" in err
    code, _out, err = run(capsys, "--speech", f"log:{tmp_path}")
    assert code == 2 and "is a folder, not a file" in err


def test_backend_from_spec_reads_the_three_forms(tmp_path):
    assert isinstance(backend_from_spec(f"log:{tmp_path / 'a.log'}"), LogBackend)
    assert isinstance(backend_from_spec("off"), SilentBackend)
    with pytest.raises(ValueError):
        backend_from_spec("loud")
    assert os.path.exists(tmp_path / "a.log")


def test_speech_and_the_narration_it_reads_load_without_pygame():
    import subprocess
    import sys
    from tests.locations import ROOT
    code = ("import sys, thirtyone.speech, thirtyone.speech.table_voice, thirtyone.speech.menus, thirtyone.narration; "
            "print('pygame' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, PYTHONPATH=str(ROOT)),
                          capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "False", done.stderr


def test_windows_without_a_screen_reader_library_speaks_through_one_powershell_reading_lines(tmp_path, monkeypatch):
    from thirtyone.speech.backends import SapiBackend
    record = tmp_path / "stdin.txt"
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "powershell"
    fake.write_text(f'#!/bin/sh\ncat > "{record}"\n')  # stands in for PowerShell: keeps the lines it is sent
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{bin_dir}:/usr/bin:/bin")
    backend = system_backend("en", "win32")
    assert isinstance(backend, SapiBackend)
    backend.speak("Ada knocks!", interrupt=False)
    backend.speak("Your turn.\nNow", interrupt=True)
    backend.close()
    backend._process.wait(10)
    assert record.read_text(encoding="utf-8").splitlines() == [" Ada knocks!", "!Your turn. Now"]
    assert "SpeakAsyncCancelAll" in SapiBackend.SCRIPT and "System.Speech" in SapiBackend.SCRIPT
