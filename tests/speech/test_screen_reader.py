"""Speech through the player's own screen reader (Prism, ``prismatoid``), the kinds of line that interrupt,
and the speech rate reaching the voice.

The Prism tests run twice over: against a fake at Prism's API (``Context``, ``acquire_best``, the
backend's ``output`` and ``rate``), which any machine has, and against the real library speaking to a
private speech-dispatcher started for the test (sound to libao's null driver), where both are installed.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import threading
import time
from enum import IntEnum
from pathlib import Path

import pytest

from tests.speech.test_backends import fake_program
from thirtyone.speech import Speaker
from thirtyone.speech import backends
from thirtyone.speech.backends import CommandBackend, system_backend
from thirtyone.speech.prism_backend import PrismBackend
from thirtyone.speech.speaker import ANSWER, CUE, EVENT, NOTICE, PRIORITY, SCREEN, TURN
from thirtyone.storage.settings import Settings


class FakeId(IntEnum):
    NVDA = 1
    SPEECH_DISPATCHER = 2


class FakeReader:
    """A Prism backend: what it was told, and its rate on Prism's 0-to-1 scale."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.said: list[tuple[str, bool]] = []
        self.rate = 0.5
        self.voices_count = 0
        self.done = threading.Event()

    def output(self, text: str, interrupt: bool = False) -> None:
        self.said.append((text, interrupt))
        self.done.set()


class FakePrism:
    """The part of ``import prism`` the game uses."""

    BackendId = FakeId

    def __init__(self, name: str, hang: bool = False) -> None:
        self.reader = FakeReader(name)
        self.hang = hang
        self.release = threading.Event()
        outer = self

        class Context:
            def acquire_best(self) -> FakeReader:
                if outer.hang:
                    outer.release.wait(30)
                    raise RuntimeError("gone")
                return outer.reader

            def id_of(self, name: str) -> FakeId:
                return {"NVDA": FakeId.NVDA, "Speech Dispatcher": FakeId.SPEECH_DISPATCHER}[name]
        self.Context = Context


def said_through(prism: FakePrism, rate: float, *lines: tuple[str, bool]) -> FakeReader:
    backend = PrismBackend("en", prism)
    assert backend.start() == ""
    backend.set_rate(rate)
    for text, interrupt in lines:
        prism.reader.done.clear()
        backend.speak(text, interrupt)
        assert prism.reader.done.wait(10)
    backend.close()
    return prism.reader


def test_a_screen_reader_hears_each_line_with_its_interrupt_and_keeps_its_own_rate():
    reader = said_through(FakePrism("NVDA"), 2.0, ("Ada draws from the stock.", False), ("Draw!", True))
    assert reader.said == [("Ada draws from the stock.", False), ("Draw!", True)]
    assert reader.rate == 0.5  # the player's own rate in NVDA is left alone


def test_a_voice_the_game_drives_takes_the_speech_rate():
    reader = said_through(FakePrism("Speech Dispatcher"), 1.5, ("Your turn.", False))
    assert reader.said == [("Your turn.", False)] and reader.rate == 0.75


def test_a_prism_that_hangs_is_left_behind_and_the_game_speaks_another_way(monkeypatch, tmp_path):
    prism = FakePrism("NVDA", hang=True)
    backend = PrismBackend("en", prism)
    assert backend.start(wait_s=0.2) == "the screen reader interface did not answer"
    prism.release.set()
    broken = PrismBackend("en", object())  # no Context: as if prismatoid were missing or broken
    assert broken.start() != ""
    monkeypatch.setattr(backends, "PrismBackend", lambda language: PrismBackend(language, object()))
    monkeypatch.setenv("PATH", str(tmp_path))
    fake_program(tmp_path, "espeak-ng", tmp_path / "said.txt")
    fallback = system_backend("en")
    assert fallback.name in ("espeak-ng", "say", "sapi") or "PowerShell" in getattr(fallback, "reason", "")


def test_prism_found_is_the_systems_speech(monkeypatch):
    prism = FakePrism("NVDA")
    monkeypatch.setattr(backends, "PrismBackend", lambda language: PrismBackend(language, prism))
    found = system_backend("de")
    try:
        assert isinstance(found, PrismBackend) and found.name == "NVDA"
    finally:
        found.close()


class Spy:
    name = "spy"

    def __init__(self) -> None:
        self.said: list[tuple[str, bool]] = []
        self.rates: list[float] = []

    def speak(self, text: str, interrupt: bool) -> None:
        self.said.append((text, interrupt))

    def set_rate(self, rate: float) -> None:
        self.rates.append(rate)

    def close(self) -> None:
        pass


def test_each_kind_of_line_interrupts_or_waits_by_the_one_table():
    assert set(PRIORITY) == {EVENT, TURN, CUE, ANSWER, NOTICE, SCREEN}
    spy = Spy()
    speaker = Speaker(spy)
    speaker.follow(Settings(speech="on", speech_interrupt=False))
    speaker.say("Ada discards 7♥.", EVENT)
    speaker.say("Draw! Ada draws on you! Press Space to fire back.", CUE)
    speaker.say("Your turn.", TURN)
    speaker.say("Settings. Theme: Classic green felt.", SCREEN)
    assert [interrupt for _text, interrupt in spy.said] == [False, True, False, True]
    speaker.follow(Settings(speech="on", speech_interrupt=True))  # the player's choice moves the log's lines only
    speaker.say("Ada knocks!", EVENT)
    speaker.answer("Your hand: A♠")
    assert [interrupt for _text, interrupt in spy.said[-2:]] == [True, True]


def test_the_quick_draw_cue_interrupts_and_the_log_waits_at_the_table():
    import dataclasses

    from tests.ui_support import make_app, open_table, run_until, setup
    from thirtyone.model.presets import PRESETS, QUICK_DRAW
    app = make_app(speech_interrupt=False)
    spy = Spy()
    app.ctx.speech = Speaker(spy, forced=True)
    rules = PRESETS["old-west-seed"].rules.replace(**QUICK_DRAW)
    game = setup(["human", "random", "random", "random"], seed=4)
    table = open_table(app, dataclasses.replace(game, rules=rules))
    assert run_until(app, lambda: table.input.obs is not None and not table.choreo.busy, 2000)
    logged = [interrupt for text, interrupt in spy.said if text.startswith("Three cards each")]
    assert logged == [False]  # a line of the log waits for the one being said
    table.quick.open(2, 0)
    assert spy.said[-1] == ("Draw! Ben draws on you! Press G to fire back.", True)


def test_the_speech_rate_setting_reaches_the_voice(tmp_path):
    spy = Spy()
    speaker = Speaker(spy)
    speaker.follow(Settings(speech="on", speech_rate=1.5))
    assert spy.rates == [1.5]
    record = tmp_path / "said.txt"
    spd = CommandBackend("speech-dispatcher", [str(fake_program(tmp_path, "spd-say", record)), "-l", "en", "--"],
                         pace=backends.spd_rate)
    speaker = Speaker(spd)
    speaker.follow(Settings(speech="on", speech_rate=1.5))
    speaker.say("7♥")
    assert spd._running is not None and spd._running.wait(10) == 0
    assert record.read_text().splitlines()[-1] == "-r|50|-l|en|--|7 of hearts|"


needs_speechd = pytest.mark.skipif(
    importlib.util.find_spec("prism") is None or shutil.which("speech-dispatcher") is None,
    reason="prismatoid or speech-dispatcher is not installed")


@pytest.fixture
def speech_dispatcher(tmp_path, monkeypatch):
    """A private speech-dispatcher (sound to libao's null driver, every message in its log) that Prism
    reaches through ``SPEECHD_ADDRESS``; stopped after the test."""
    home, config, run = tmp_path / "home", tmp_path / "config", tmp_path / "run"
    for folder in (home, config, run):
        folder.mkdir()
    (home / ".libao").write_text("default_driver=null\n")
    shutil.copytree("/etc/speech-dispatcher", config / "speech-dispatcher")
    with open(config / "speech-dispatcher" / "speechd.conf", "a") as conf:
        conf.write('\nAudioOutputMethod "libao"\nLogLevel 5\nDefaultModule espeak-ng\n'
                   'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"\n')
    socket, log = run / "speechd.sock", tmp_path / "speechd.out"
    env = dict(os.environ, HOME=str(home), XDG_CONFIG_HOME=str(config), XDG_RUNTIME_DIR=str(run))
    with open(log, "w") as out:
        daemon = subprocess.Popen(["speech-dispatcher", "-d", "-t", "0", "-s", "-c", "unix_socket", "-S", str(socket),
                                   "-C", str(config / "speech-dispatcher")], env=env, stdout=out, stderr=out)
    try:
        for _ in range(200):
            if socket.exists():
                break
            time.sleep(0.05)
        monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{socket}")
        monkeypatch.setenv("XDG_RUNTIME_DIR", str(run))
        yield run / "speech-dispatcher" / "log" / "speech-dispatcher.log"  # where it logs, under its runtime folder
    finally:
        daemon.terminate()
        try:
            daemon.wait(10)
        except subprocess.TimeoutExpired:
            daemon.kill()


def heard(log: Path, text: str) -> bool:
    for _ in range(1200):
        if log.exists() and f"|<speak>{text}</speak>|" in log.read_text(errors="replace"):
            return True
        time.sleep(0.05)
    return False


@needs_speechd
def test_prismatoid_speaks_through_speech_dispatcher_at_the_chosen_rate(speech_dispatcher):
    speaker = Speaker(PrismBackend("en"))
    assert isinstance(speaker.backend, PrismBackend) and speaker.backend.start(wait_s=60) == ""
    assert speaker.backend.name == "Speech Dispatcher" and speaker.backend.self_voiced
    speaker.follow(Settings(speech="on", speech_rate=1.5))
    speaker.say("Ada takes 7♥ from the discard pile.")
    assert heard(speech_dispatcher, "Ada takes 7 of hearts from the discard pile.")
    assert "\nrate=50\n" in speech_dispatcher.read_text(errors="replace")
    speaker.close()


def test_speech_rate_on_the_settings_screen_is_saved_and_paces_the_voice(tmp_path):
    import pygame

    from tests.ui_support import key
    from tests.ui.test_ui_storage import open_title
    from thirtyone.storage.paths import StoragePaths
    from thirtyone.storage.settings import load_settings
    from thirtyone.ui.scene import Push
    from thirtyone.ui.screens.settings import ROWS, SettingsScene
    paths = StoragePaths.portable(tmp_path)
    app, bridge = open_title(paths, fast=False)
    spy = Spy()
    app.ctx.speech = Speaker(spy)
    app.apply(Push(SettingsScene(app.ctx, bridge)))
    fields = [row[0] for row in ROWS]
    app.frame([key(pygame.K_DOWN)] * fields.index("speech_rate") + [key(pygame.K_RIGHT)], 0.01)
    assert app.settings.speech_rate == 1.25 and load_settings(paths)[0].speech_rate == 1.25
    assert spy.rates[-1] == 1.25


@needs_speechd
def test_a_voice_the_game_drives_speaks_the_games_language(speech_dispatcher):
    backend = PrismBackend("de")
    assert backend.start(wait_s=60) == ""
    backend.speak("Herz Dame", False)
    assert heard(speech_dispatcher, "Herz Dame")
    assert "\nsynthesis_voice=German" in speech_dispatcher.read_text(errors="replace")
    backend.close()
