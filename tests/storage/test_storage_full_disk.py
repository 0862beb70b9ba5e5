"""A full disk (every write raising ENOSPC): the player is told only what is true on disk, and the
log's failures are said once, not with a traceback for every line."""

from __future__ import annotations

import errno
import io
import logging
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from thirtyone.controller import Match
from thirtyone.model import preset
from thirtyone.model.record import Seat
from thirtyone.storage import StoragePaths, load_stats, save_game
from thirtyone.storage import atomic as atomic_module
from thirtyone.storage.finish import finish_game, finish_pending
from thirtyone.storage.logs import setup_logging
from thirtyone.storage.saves import archived_games, game_id, load_saved_game
from thirtyone.storage.stats import Stats

KEPT = "The finished game is kept and will be stored at the next start."


@pytest.fixture
def paths(tmp_path: Path) -> StoragePaths:
    return StoragePaths.portable(tmp_path)


def no_space(*_args: Any, **_kwargs: Any) -> Any:
    raise OSError(errno.ENOSPC, "No space left on device")


def fill_the_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every atomic write (saves, archive, statistics, settings) fails as on a full disk."""
    monkeypatch.setattr(atomic_module, "tempfile", SimpleNamespace(mkstemp=no_space))


def finished_match(seed: int) -> Match:
    match = Match.new(preset("classic"), [Seat("You"), Seat("Bo", "bot:random")], seed=seed, preset="classic")
    while not match.is_over:
        if match.advance() is None:
            match.submit(match.current_seat, match.observation(match.current_seat).legal_actions[0])
    return match


def test_a_finished_game_is_said_kept_only_when_it_is_on_disk(paths: StoragePaths,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = finished_match(1), finished_match(2)
    assert game_id(first.record) != game_id(second.record)
    assert save_game(paths, first.record) is None
    fill_the_disk(monkeypatch)
    done = finish_game(paths, first.record, Stats(), first.events)
    assert KEPT in done.notices and not done.cleared
    assert save_game(paths, second.record) is not None, "the second game's autosaves fail too"
    done = finish_game(paths, second.record, done.stats, second.events)
    assert KEPT not in done.notices
    lost = [notice for notice in done.notices if "could not be stored" in notice]
    assert len(lost) == 1 and "No space left on device" in lost[0] and "\n" not in lost[0]
    monkeypatch.undo()
    on_disk, _notice = load_saved_game(paths)
    assert on_disk is not None and game_id(on_disk) == game_id(first.record), "the save is still the first game"
    assert finish_pending(paths, load_stats(paths)[0])[1] == ()
    assert archived_games(paths) == []


def test_a_game_kept_as_the_autosave_is_stored_at_the_next_start(paths: StoragePaths,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    match = finished_match(3)
    assert save_game(paths, match.record) is None
    fill_the_disk(monkeypatch)
    done = finish_game(paths, match.record, Stats(), match.events)
    assert KEPT in done.notices
    monkeypatch.undo()
    record, _notice = load_saved_game(paths)
    assert record is not None and record.final_state().is_terminal
    finished = finish_game(paths, record, load_stats(paths)[0])
    assert finished.cleared and len(archived_games(paths)) == 1
    assert load_stats(paths)[0].overall.games_played == 1


class FullStream(io.StringIO):
    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


def test_a_full_disk_is_said_once_on_stderr_not_for_every_log_line(paths: StoragePaths, capsys) -> None:
    handler = setup_logging(paths)
    assert handler is not None
    logger = logging.getLogger("thirtyone.test_full_disk")
    stream: Any = handler  # the handler's stream is swapped for stand-ins a file object would be
    try:
        stream.stream = FullStream()
        for number in range(265):
            logger.warning("autosave failed %d", number)
        err = capsys.readouterr().err
        assert "Logging error" not in err and "Traceback" not in err
        lines = err.splitlines()
        assert len(lines) == 1 and "No space left on device" in lines[0] and str(paths.log_dir) in lines[0]
        stream.stream = io.StringIO()
        logger.warning("space again")
        assert "space again" in stream.stream.getvalue() and capsys.readouterr().err == ""
        stream.stream = FullStream()
        logger.warning("full again")
        logger.warning("still full")
        assert len(capsys.readouterr().err.splitlines()) == 1, "full again after a good write: said once more"
    finally:
        logging.getLogger("thirtyone").removeHandler(handler)
        handler.stream = None
        handler.close()


def test_the_autosave_logs_a_full_disk_once_not_after_every_action(paths: StoragePaths, monkeypatch: pytest.MonkeyPatch,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    record = finished_match(4).record
    assert save_game(paths, record) is None  # a good write first: whatever failed before is over
    caplog.set_level(logging.INFO, logger="thirtyone.storage.saves")
    fill_the_disk(monkeypatch)
    notices = [save_game(paths, record) for _ in range(100)]
    assert all(notice is not None and "No space left" in notice for notice in notices), "each caller still hears it"
    failures = [r for r in caplog.records if "autosave failed" in r.getMessage()]
    assert len(failures) == 1 and "No space left on device" in failures[0].getMessage()
    monkeypatch.undo()
    assert save_game(paths, record) is None
    assert any("works again" in r.getMessage() for r in caplog.records)
    fill_the_disk(monkeypatch)
    save_game(paths, record)
    save_game(paths, record)
    assert len([r for r in caplog.records if "autosave failed" in r.getMessage()]) == 2
