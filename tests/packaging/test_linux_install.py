"""The Linux folder's install.sh: a menu entry and icons under the user's data folder, and an uninstall
that leaves nothing. Run on a folder laid out as ``build.py --onedir`` lays it out, with a stand-in program."""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.packaging.test_packaging import build
from tests.waiting import wait_for

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="install.sh is for Linux")
APP_ID = "io.github.thirtyone.Thirtyone"


def unpacked(parent: Path) -> Path:
    """The download unpacked under ``parent``: the program (here a stand-in script) and the desktop files."""
    folder = parent / "thirtyone"
    folder.mkdir(parents=True)
    program = folder / "thirtyone"
    # Writes how it was started to $THIRTYONE_LAUNCHED, as the real program would open its window.
    program.write_text('#!/bin/sh\nprintf "%s\\n" "$0" "$@" > "$THIRTYONE_LAUNCHED"\n', encoding="utf-8")
    program.chmod(0o755)
    build.add_desktop_files(folder)
    return folder


def run(folder: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["sh", str(folder / "install.sh"), *args], capture_output=True, text=True, env=env,
                          timeout=60)


def player_env(home: Path, data_home: Path | None) -> dict[str, str]:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home)}
    if data_home is not None:
        env["XDG_DATA_HOME"] = str(data_home)
    return env


def files_under(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")} if folder.exists() else set()


def exec_argv(value: str) -> list[str]:
    """An Exec value as a launcher splits it (desktop entry spec: string escapes first, then the quoting)."""
    unescaped = value.replace("\\\\", "\\")
    args, word, quoted, i = [], "", False, 0
    while i < len(unescaped):
        char = unescaped[i]
        if quoted and char == "\\":
            word += unescaped[i + 1]
            i += 2
            continue
        if char == '"':
            quoted = not quoted
        elif char == " " and not quoted:
            args.append(word)
            word = ""
        else:
            word += char
        i += 1
    return [arg.replace("%%", "%") for arg in args + [word] if arg]


def launched_by_glib(entry_file: Path, tmp_path: Path) -> list[str] | None:
    """How GLib's own launcher (``gio launch``, as GNOME's menu) starts the entry: the program's argv; None without gio."""
    if shutil.which("gio") is None:
        return None
    marker = tmp_path / "launched"
    env = dict(os.environ, THIRTYONE_LAUNCHED=str(marker))
    done = subprocess.run(["gio", "launch", str(entry_file)], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert wait_for(lambda: marker.is_file() and marker.read_text(encoding="utf-8").endswith("\n"), 30)
    return marker.read_text(encoding="utf-8").splitlines()


def read_entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


def test_install_puts_the_menu_entry_and_icons_in_xdg_data_home_and_uninstall_leaves_nothing(tmp_path: Path) -> None:
    folder = unpacked(tmp_path / "games")
    home, data_home = tmp_path / "home", tmp_path / "xdg-data"
    home.mkdir()
    env = player_env(home, data_home)

    done = run(folder, env)
    assert done.returncode == 0, done.stderr
    entry_file = data_home / "applications" / f"{APP_ID}.desktop"
    assert str(entry_file) in done.stdout and "--uninstall" in done.stdout
    entry = read_entry(entry_file)
    assert exec_argv(entry["Exec"]) == [str(folder / "thirtyone")]
    assert entry["TryExec"] == str(folder / "thirtyone")
    assert entry["Icon"] == APP_ID and entry["Name"] == "Thirtyone" and entry["Categories"] == "Game;CardGame;"
    for size in (16, 32, 48, 64, 128, 256):
        icon = data_home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        assert icon.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert int.from_bytes(icon.read_bytes()[16:20], "big") == size  # the PNG's width
    assert (data_home / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    assert files_under(home) == set(), "with XDG_DATA_HOME set nothing goes to ~/.local/share"
    if shutil.which("desktop-file-validate"):
        checked = subprocess.run(["desktop-file-validate", str(entry_file)], capture_output=True, text=True)
        assert checked.returncode == 0 and checked.stdout == "", checked.stdout
    assert launched_by_glib(entry_file, tmp_path) in (None, [str(folder / "thirtyone")])

    done = run(folder, env, "--uninstall")
    assert done.returncode == 0, done.stderr
    assert files_under(data_home) == set()
    assert (folder / "thirtyone").is_file(), "the game's own folder stays"


def test_without_xdg_data_home_it_uses_local_share_and_leaves_other_entries_alone(tmp_path: Path) -> None:
    folder = unpacked(tmp_path / "games")
    home = tmp_path / "home"
    other = home / ".local" / "share" / "applications" / "other.desktop"
    other_icon = home / ".local" / "share" / "icons" / "hicolor" / "48x48" / "apps" / "other.png"
    for path in (other, other_icon):
        path.parent.mkdir(parents=True)
        path.write_text("someone else's", encoding="utf-8")
    before = files_under(home)

    for data_home in (None, Path("relative/path")):  # a relative XDG_DATA_HOME is invalid: the default is used
        env = player_env(home, data_home)
        assert run(folder, env).returncode == 0
        assert (home / ".local" / "share" / "applications" / f"{APP_ID}.desktop").is_file()
        assert (home / ".local" / "share" / "icons" / "hicolor" / "256x256" / "apps" / f"{APP_ID}.png").is_file()
        assert run(folder, env, "--uninstall").returncode == 0
        assert files_under(home) == before
        assert other.read_text(encoding="utf-8") == "someone else's"


def test_a_folder_path_with_spaces_quotes_and_dollars_still_launches_the_program(tmp_path: Path) -> None:
    folder = unpacked(tmp_path / 'My "Games" $HOME `x` back\\slash')
    data_home = tmp_path / "data"
    assert run(folder, player_env(tmp_path, data_home)).returncode == 0
    entry_file = data_home / "applications" / f"{APP_ID}.desktop"
    assert exec_argv(read_entry(entry_file)["Exec"]) == [str(folder / "thirtyone")]
    assert launched_by_glib(entry_file, tmp_path) in (None, [str(folder / "thirtyone")])


def test_a_folder_path_with_a_percent_sign_is_refused_in_one_line(tmp_path: Path) -> None:
    folder = unpacked(tmp_path / "100% games")
    data_home = tmp_path / "data"
    done = run(folder, player_env(tmp_path, data_home))
    assert done.returncode == 1 and len(done.stderr.strip().splitlines()) == 1
    assert "move the folder" in done.stderr
    assert not data_home.exists()


def test_a_bad_argument_exits_2_with_the_usage_and_installs_nothing(tmp_path: Path) -> None:
    folder = unpacked(tmp_path / "games")
    data_home = tmp_path / "data"
    done = run(folder, player_env(tmp_path, data_home), "--frobnicate")
    assert done.returncode == 2
    assert done.stderr.startswith("usage: install.sh [--uninstall]") and "--frobnicate" in done.stderr
    assert not data_home.exists()


def test_an_unwritable_data_folder_is_one_line_and_exit_1(tmp_path: Path) -> None:
    folder = unpacked(tmp_path / "games")
    blocker = tmp_path / "data"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    done = run(folder, player_env(tmp_path, blocker))
    assert done.returncode == 1
    assert len(done.stderr.strip().splitlines()) == 1 and str(blocker) in done.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux folder build")
def test_the_linux_folder_build_carries_install_sh_and_what_it_installs(tmp_path: Path, monkeypatch) -> None:
    """build.py --onedir, with PyInstaller's run replaced by a stand-in that makes the program."""
    pyinstaller = pytest.importorskip("PyInstaller")
    monkeypatch.setattr(pyinstaller, "__version__", build.PYINSTALLER_VERSION)
    for part in ("thirtyone", "assets"):  # the version and the icons, read through the tree's root
        (tmp_path / part).symlink_to(build.ROOT / part)
    monkeypatch.setattr(build, "ROOT", tmp_path)
    monkeypatch.setattr(build, "DIST", tmp_path / "dist")

    def pyinstaller_run(command, **_kwargs):
        program = tmp_path / "dist" / "thirtyone" / "thirtyone"
        program.parent.mkdir(parents=True)
        program.write_text("#!/bin/sh\n", encoding="utf-8")
        program.chmod(0o755)
    monkeypatch.setattr(build.subprocess, "run", pyinstaller_run)

    build.build("onedir")
    folder = tmp_path / "dist" / "thirtyone"
    assert os.access(folder / "install.sh", os.X_OK)
    assert (folder / "share" / "applications" / f"{APP_ID}.desktop").is_file()
    assert (folder / "share" / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    assert sorted(p.parent.parent.name for p in (folder / "share" / "icons" / "hicolor").glob("*/apps/*.png")) == \
        sorted(f"{size}x{size}" for size in build.HICOLOR_SIZES)
