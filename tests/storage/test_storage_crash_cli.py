"""Crash logs, the guarded entry point, and the storage command-line options."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

import pytest

from thirtyone.controller import Match
from thirtyone.model import preset
from thirtyone.model.record import Seat
from thirtyone.storage.cli_options import add_storage_arguments, data_dir_argument, storage_from_args
from thirtyone.storage.crash import guarded, write_crash_log
from thirtyone.storage.paths import StoragePaths
from thirtyone.storage.saves import load_saved_game, save_game
from thirtyone.storage.settings import Settings, load_settings, save_settings


def raise_error() -> None:
    raise RuntimeError("the table fell over")


def test_crash_log_has_the_traceback_version_and_platform(tmp_path: Path) -> None:
    paths = StoragePaths.portable(tmp_path)
    try:
        raise_error()
    except RuntimeError as exc:
        first = write_crash_log(paths, exc)
        second = write_crash_log(paths, exc)
    assert first is not None and first.parent == paths.log_dir and first.name.startswith("crash-")
    assert second is not None and second != first
    text = first.read_text()
    assert "thirtyone 0." in text and "Python 3." in text
    assert "RuntimeError: the table fell over" in text and "raise_error" in text


def test_a_crash_mid_game_leaves_a_log_and_a_resumable_save(tmp_path: Path) -> None:
    paths = StoragePaths.portable(tmp_path)
    match = Match.new(preset("classic"), [Seat("You"), Seat("B", "bot:random")], seed=9, preset="classic")

    def play_then_crash() -> int:
        for _ in range(12):
            if match.is_bot(match.current_seat):
                match.advance()
            else:
                match.submit(match.current_seat, match.observation(match.current_seat).legal_actions[0])
            save_game(paths, match.record)
        raise_error()
        return 0

    out = io.StringIO()
    assert guarded(play_then_crash, paths, out=out) == 1
    message = out.getvalue()
    (log,) = paths.log_dir.iterdir()
    assert message.count("\n") == 1 and str(log) in message and "resume" in message
    assert "the table fell over" in log.read_text()
    record, notice = load_saved_game(paths)
    assert notice is None and record is not None
    assert Match.from_record(record).events == match.events


def test_guarded_passes_on_the_exit_status_and_interrupts(tmp_path: Path) -> None:
    paths = StoragePaths.portable(tmp_path)
    assert guarded(lambda: 0, paths) == 0
    assert guarded(lambda: None, paths) == 0
    assert guarded(lambda: 3, paths) == 3
    with pytest.raises(KeyboardInterrupt):
        guarded(lambda: (_ for _ in ()).throw(KeyboardInterrupt()), paths)
    assert not paths.log_dir.exists()


def test_an_unwritable_log_folder_still_prints_the_details(tmp_path: Path) -> None:
    (tmp_path / "logs").write_text("a file where the folder should be")
    out = io.StringIO()
    assert guarded(raise_error, StoragePaths.portable(tmp_path), out=out) == 1
    assert "could not be saved" in out.getvalue() and "the table fell over" in out.getvalue()


def parser() -> argparse.ArgumentParser:
    built = argparse.ArgumentParser(prog="thirtyone")
    add_storage_arguments(built)
    return built


def test_no_options_means_the_platform_folders() -> None:
    args = parser().parse_args([])
    assert (args.display, args.data_dir, args.reset_settings) == (None, None, False)


def test_data_dir_window_mode_and_reset(tmp_path: Path) -> None:
    portable = StoragePaths.portable(tmp_path / "stick")
    save_settings(portable, Settings(theme="pony", fullscreen=False))
    args = parser().parse_args(["--data-dir", str(tmp_path / "stick"), "--fullscreen"])
    paths, settings, notices = storage_from_args(args)
    assert paths == portable and settings == Settings(theme="pony", fullscreen=True) and notices == []
    assert load_settings(paths)[0].fullscreen is False, "the command line does not change the saved setting"
    args = parser().parse_args(["--data-dir", str(tmp_path / "stick"), "--reset-settings", "--windowed"])
    paths, settings, notices = storage_from_args(args)
    assert settings == Settings() and notices == ["Settings were reset to their defaults."]


def test_a_bad_settings_file_becomes_a_notice(tmp_path: Path) -> None:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text("garbage")
    _, settings, notices = storage_from_args(parser().parse_args(["--data-dir", str(tmp_path)]))
    assert settings == Settings() and len(notices) == 1 and "settings.json" in notices[0]


@pytest.mark.parametrize("argv, message", [
    (["--windowed", "--fullscreen"], "not allowed with"),
    (["--data-dir", "{file}"], "is a file, not a folder"),
    (["--data-dir", "{file}/below"], "cannot be created"),
    (["--data-dir", ""], "must not be empty"),
    (["--data-dir"], "expected one argument"),
])
def test_bad_values_exit_2_with_a_clear_message(tmp_path: Path, capsys, argv: list[str], message: str) -> None:
    file = tmp_path / "file.txt"
    file.write_text("x")
    with pytest.raises(SystemExit) as stop:
        parser().parse_args([arg.replace("{file}", str(file)) for arg in argv])
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_a_new_folder_below_an_existing_one_is_fine(tmp_path: Path) -> None:
    assert data_dir_argument(str(tmp_path / "a" / "b")) == tmp_path / "a" / "b"
    assert not (tmp_path / "a").exists(), "validating does not create anything"


def test_a_crash_without_a_saved_game_does_not_promise_one(tmp_path: Path) -> None:
    paths = StoragePaths.portable(tmp_path)
    out = io.StringIO()
    assert guarded(raise_error, paths, out=out) == 1
    message = out.getvalue()
    assert message.count("\n") == 1 and "crash-" in message
    assert "autosaved" not in message and "resume" not in message
    assert load_saved_game(paths) == (None, None)


def test_the_newest_crash_log_is_reported_once(tmp_path: Path) -> None:
    from thirtyone.storage.crash import unreported_crash_log
    import os
    paths = StoragePaths.portable(tmp_path)
    assert unreported_crash_log(paths) is None  # no log folder yet
    try:
        raise_error()
    except RuntimeError as exc:
        old, new = write_crash_log(paths, exc), write_crash_log(paths, exc)
    assert old is not None and new is not None
    os.utime(old, (1_000_000, 1_000_000))
    assert unreported_crash_log(paths) == new
    assert (paths.log_dir / ".reported").read_text() == new.name + "\n"
    assert unreported_crash_log(paths) is None  # the next start says nothing more
