"""A FIFO, device or folder where a profile file should be: refused at once and set aside, never
waited on (a FIFO with no writer would hang every start), and the game goes on with defaults."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any, Callable

import pytest

from thirtyone.controller import Match
from thirtyone.model import preset
from thirtyone.model.record import Seat
from thirtyone.storage import Settings, StoragePaths, load_settings, load_stats, save_game
from thirtyone.storage.finish import finish_pending
from thirtyone.storage.logs import LOG_FILE, setup_logging
from thirtyone.storage.saves import load_saved_game
from thirtyone.storage.stats import Stats
from tests.locations import ROOT

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")

BOUND_S = 30.0
"""Far more than reading any of these files takes, even on a busy machine."""


@pytest.fixture
def paths(tmp_path: Path) -> StoragePaths:
    return StoragePaths.portable(tmp_path)


def make_fifo(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def release(fifo: Path) -> None:
    """Unblock a reader or writer stuck on ``fifo`` (if the code under test waited on it), so a failure ends."""
    for candidate in [fifo, *fifo.parent.glob(fifo.name + ".*")]:
        for end in (os.O_RDONLY, os.O_WRONLY):
            try:
                os.close(os.open(candidate, end | os.O_NONBLOCK))
            except OSError:
                pass


def within_bound(call: Callable[[], Any], fifo: Path) -> Any:
    """``call()``'s result; fails if it has not returned within ``BOUND_S`` (waiting on the FIFO)."""
    outcome: list[Any] = []
    worker = threading.Thread(target=lambda: outcome.append(call()), daemon=True)
    worker.start()
    worker.join(BOUND_S)
    if worker.is_alive():
        release(fifo)
        worker.join(5)
        pytest.fail(f"still waiting on the FIFO {fifo.name} after {BOUND_S:.0f} s")
    assert outcome, "the call raised (see the thread's exception above)"
    return outcome[0]


def set_aside(folder: Path, name: str) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.startswith(f"{name}.corrupt-"))


def saved_match() -> Match:
    match = Match.new(preset("classic"), [Seat("You"), Seat("Bo", "bot:random")], seed=4, preset="classic")
    while match.action_count < 6:
        if match.advance() is None:
            match.submit(match.current_seat, match.observation(match.current_seat).legal_actions[0])
    return match


def test_a_fifo_as_settings_is_set_aside_and_defaults_used(paths: StoragePaths) -> None:
    fifo = make_fifo(paths.settings_file)
    settings, notice = within_bound(lambda: load_settings(paths), fifo)
    assert settings == load_settings(StoragePaths.portable(paths.config_dir / "fresh"))[0]
    assert notice is not None and "settings.json is not a regular file" in notice and "\n" not in notice
    assert not paths.settings_file.exists() and len(set_aside(paths.config_dir, "settings.json")) == 1


def test_a_fifo_as_statistics_is_set_aside(paths: StoragePaths) -> None:
    fifo = make_fifo(paths.stats_file)
    stats, notice = within_bound(lambda: load_stats(paths), fifo)
    assert stats == Stats() and notice is not None and "stats.json is not a regular file" in notice
    assert len(set_aside(paths.data_dir, "stats.json")) == 1


def test_a_fifo_as_the_autosave_is_set_aside(paths: StoragePaths) -> None:
    fifo = make_fifo(paths.current_game_file)
    record, notice = within_bound(lambda: load_saved_game(paths), fifo)
    assert record is None and notice is not None and "not a regular file" in notice
    assert len(set_aside(paths.data_dir, "current_game.json")) == 1


def test_a_fifo_as_the_journal_resumes_from_the_record(paths: StoragePaths) -> None:
    match = saved_match()
    assert save_game(paths, match.record, journal_token="abc") is None
    fifo = make_fifo(paths.current_game_journal)
    record, notice = within_bound(lambda: load_saved_game(paths), fifo)
    assert notice is None and record is not None and record.actions == match.record.actions


def test_a_fifo_as_an_unarchived_game_is_set_aside(paths: StoragePaths) -> None:
    fifo = make_fifo(paths.data_dir / "unarchived-g0123456789a.json")
    stats, notices = within_bound(lambda: finish_pending(paths, Stats()), fifo)
    assert stats == Stats() and len(notices) == 1 and "unarchived-g0123456789a.json" in notices[0]
    assert len(set_aside(paths.data_dir, "unarchived-g0123456789a.json")) == 1


def test_a_fifo_as_the_log_file_is_set_aside_and_logging_goes_on(paths: StoragePaths) -> None:
    fifo = make_fifo(paths.log_dir / LOG_FILE)
    handler = within_bound(lambda: setup_logging(paths), fifo)
    try:
        assert handler is not None
        within_bound(lambda: logging.getLogger("thirtyone.test").warning("a line for the log"), fifo)
        handler.flush()
        assert (paths.log_dir / LOG_FILE).is_file()
        assert "a line for the log" in (paths.log_dir / LOG_FILE).read_text(encoding="utf-8")
        assert len(set_aside(paths.log_dir, LOG_FILE)) == 1
    finally:
        if handler is not None:
            logging.getLogger("thirtyone").removeHandler(handler)
            handler.close()


def test_a_headless_command_starts_with_a_fifo_for_every_profile_file(tmp_path: Path) -> None:
    paths = StoragePaths.portable(tmp_path)
    fifos = [make_fifo(path) for path in (paths.settings_file, paths.stats_file, paths.current_game_file,
                                          paths.current_game_journal, paths.log_dir / LOG_FILE)]
    try:
        result = subprocess.run([sys.executable, "-m", "thirtyone", "--data-dir", str(tmp_path), "rules", "classic"],
                                capture_output=True, text=True, timeout=120,
                                env=dict(os.environ, PYTHONPATH=str(ROOT)))
    finally:
        for fifo in fifos:
            release(fifo)
    assert result.returncode == 0 and result.stdout.startswith("Classic 31 (classic)"), result.stderr
    assert "Traceback" not in result.stderr


def test_a_regular_settings_file_still_loads(paths: StoragePaths) -> None:
    paths.config_dir.mkdir(parents=True)
    paths.settings_file.write_text(json.dumps({"version": 1, "theme": "pony"}), encoding="utf-8")
    settings, notice = load_settings(paths)
    assert settings.theme == "pony" and notice is None


def test_the_window_start_reads_no_fifo(tmp_path: Path) -> None:
    """Everything the window reads at start (the bridge: statistics, unarchived games, the autosave and its
    journal, the last crash's "reported" marker) is a FIFO: the bridge is built within the bound."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from thirtyone.ui.bridge.storage import StorageBridge
    paths = StoragePaths.portable(tmp_path)
    paths.log_dir.mkdir(parents=True)
    (paths.log_dir / "crash-20261122T101500.log").write_text("a crash\n", encoding="utf-8")
    fifos = [make_fifo(path) for path in (paths.log_dir / ".reported", paths.stats_file, paths.current_game_file,
                                          paths.current_game_journal, paths.data_dir / "unarchived-gabc.json")]
    try:
        bridge = within_bound(lambda: StorageBridge(paths, Settings(), window_override=True), fifos[0])
    finally:
        for fifo in fifos:
            release(fifo)
    assert bridge.saved is None and bridge.stats == Stats()
    assert any("crash-20261122T101500.log" in notice for notice in bridge.notices)


def test_a_socket_as_settings_is_set_aside(paths: StoragePaths) -> None:
    import socket
    paths.config_dir.mkdir(parents=True)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        server.bind(str(paths.settings_file))
        settings, notice = load_settings(paths)
    finally:
        server.close()
    assert settings == Settings() and notice is not None and "not a regular file" in notice
    assert len(set_aside(paths.config_dir, "settings.json")) == 1
