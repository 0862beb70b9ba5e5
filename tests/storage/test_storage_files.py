"""Storage basics: folders, atomic writes, setting bad files aside, reading versioned JSON."""

from __future__ import annotations

import os

import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest

from thirtyone.storage.atomic import ReadStatus, read_json, read_text, set_aside, write_atomic
from thirtyone.storage.paths import StoragePaths

MOMENT = datetime(2026, 11, 22, 10, 15, 0, tzinfo=timezone.utc)


def chmod_is_enforced(tmp_path: Path) -> bool:
    """False when running as root (or on a file system) where a read-only folder can still be written."""
    probe = tmp_path / "probe"
    probe.mkdir()
    probe.chmod(0o500)
    try:
        (probe / "x").write_text("x")
        return False
    except PermissionError:
        return True
    finally:
        probe.chmod(0o700)


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_portable_paths_put_everything_under_one_folder(tmp_path: Path) -> None:
    paths = StoragePaths.portable(tmp_path)
    assert paths.config_dir == tmp_path / "config"
    assert paths.data_dir == tmp_path / "data"
    assert paths.log_dir == tmp_path / "logs"
    assert paths.settings_file == tmp_path / "config" / "settings.json"
    assert paths.current_game_file == tmp_path / "data" / "current_game.json"
    assert paths.games_dir == tmp_path / "data" / "games"
    assert paths.is_portable
    assert not (tmp_path / "config").exists(), "folders are created only when written to"


XDG_HOMES = ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")


def test_default_paths_use_the_platform_folders_not_temp_or_cwd(tmp_path: Path, monkeypatch) -> None:
    # A home or XDG folder anywhere (under /tmp too) is the user's own choice: the test sets its own.
    home, elsewhere = tmp_path / "home", tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.setenv("HOME", str(home))
    for name in XDG_HOMES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(elsewhere)
    paths = StoragePaths.default()
    folders = (paths.config_dir, paths.data_dir, paths.log_dir)
    for folder in folders:
        assert "thirtyone" in folder.parts and folder.is_absolute()
        assert elsewhere not in folder.parents, "the folders never follow the working directory"
    assert len(set(folders)) == 3
    assert not paths.is_portable
    if sys.platform.startswith("linux"):
        assert paths.config_dir == home / ".config" / "thirtyone"
        assert paths.data_dir == home / ".local" / "share" / "thirtyone"
        assert paths.log_dir.is_relative_to(home / ".local" / "state" / "thirtyone")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG folders are a Linux convention")
def test_default_paths_follow_the_xdg_folders_the_user_set(tmp_path: Path, monkeypatch) -> None:
    for name in XDG_HOMES:
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    paths = StoragePaths.default()
    assert paths.config_dir == tmp_path / "xdg_config_home" / "thirtyone"
    assert paths.data_dir == tmp_path / "xdg_data_home" / "thirtyone"
    assert paths.log_dir.is_relative_to(tmp_path / "xdg_state_home" / "thirtyone")


def test_write_atomic_creates_folders_and_leaves_no_temp_files(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "file.json"
    write_atomic(target, "first")
    write_atomic(target, "second ✓")
    assert target.read_text(encoding="utf-8") == "second ✓"
    assert leftovers(target.parent) == []


def test_failed_replace_keeps_the_old_file_and_removes_the_temp(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "settings.json"
    write_atomic(target, "old and good")

    def broken_replace(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        write_atomic(target, "new" * 10_000)
    assert target.read_text() == "old and good"
    assert leftovers(tmp_path) == []


def test_failed_write_midway_keeps_the_old_file(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "stats.json"
    write_atomic(target, "old")

    def broken_fsync(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        write_atomic(target, "new")
    assert target.read_text() == "old"
    assert leftovers(tmp_path) == []


def test_set_aside_names_the_file_with_a_utc_stamp_and_a_counter(tmp_path: Path) -> None:
    for expected in ("settings.json.corrupt-20261122T101500", "settings.json.corrupt-20261122T101500-2",
                     "settings.json.corrupt-20261122T101500-3"):
        bad = tmp_path / "settings.json"
        bad.write_text("{")
        moved = set_aside(bad, "corrupt", now=MOMENT)
        assert moved.name == expected
        assert moved.read_text() == "{"
        assert not bad.exists()


@pytest.mark.parametrize("content, status, reason", [
    ("", ReadStatus.SET_ASIDE, "corrupt"),
    ("   \n", ReadStatus.SET_ASIDE, "corrupt"),
    ("garbage ☃", ReadStatus.SET_ASIDE, "corrupt"),
    ('{"version": 1, "theme": "po', ReadStatus.SET_ASIDE, "corrupt"),
    ("[1, 2]", ReadStatus.SET_ASIDE, "corrupt"),
    ('{"theme": "pony"}', ReadStatus.SET_ASIDE, "corrupt"),
    ('{"version": "1"}', ReadStatus.SET_ASIDE, "corrupt"),
    ('{"version": 99}', ReadStatus.SET_ASIDE, "newer"),
    ('{"version": 1, "x": 2}', ReadStatus.OK, None),
])
def test_read_json_sets_bad_files_aside(tmp_path: Path, content: str, status: ReadStatus, reason: str | None) -> None:
    path = tmp_path / "thing.json"
    path.write_text(content, encoding="utf-8")
    result = read_json(path, version=1)
    assert result.status is status
    if status is ReadStatus.OK:
        assert result.data == {"version": 1, "x": 2} and result.notice is None
        return
    assert not path.exists()
    assert result.set_aside_to is not None and result.set_aside_to.exists()
    assert result.set_aside_to.name.startswith(f"thing.json.{reason}-")
    assert result.notice and "\n" not in result.notice and result.set_aside_to.name in result.notice


def test_undecodable_bytes_and_a_folder_in_the_way_are_set_aside(tmp_path: Path) -> None:
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    assert read_json(binary, 1).status is ReadStatus.SET_ASIDE
    folder = tmp_path / "folder.json"
    (folder / "inside").mkdir(parents=True)
    result = read_text(folder)
    assert result.status is ReadStatus.SET_ASIDE
    assert not folder.exists() and result.set_aside_to is not None and (result.set_aside_to / "inside").is_dir()


def test_missing_file_and_missing_folder_are_just_missing(tmp_path: Path) -> None:
    assert read_json(tmp_path / "nope" / "x.json", 1).status is ReadStatus.MISSING
    assert read_json(tmp_path / "nope" / "x.json", 1).notice is None


def test_a_bad_file_that_cannot_be_moved_still_gives_defaults(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "x.json"
    path.write_text("garbage")

    def refuse(src: object, dst: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    result = read_json(path, 1)
    assert result.status is ReadStatus.UNREADABLE
    assert result.notice is not None and "could not be moved aside" in result.notice
    assert path.exists()


def test_read_only_folder_is_not_a_crash(tmp_path: Path) -> None:
    if not chmod_is_enforced(tmp_path):
        pytest.skip("running as root: chmod does not stop writes")
    folder = tmp_path / "ro"
    folder.mkdir()
    (folder / "x.json").write_text("garbage")
    folder.chmod(0o500)
    try:
        result = read_json(folder / "x.json", 1)
        assert result.status is ReadStatus.UNREADABLE and result.notice
        with pytest.raises(OSError):
            write_atomic(folder / "y.json", "{}")
        assert leftovers(folder) == []
    finally:
        folder.chmod(0o700)
