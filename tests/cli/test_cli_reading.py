"""Every command that reads a record (replay, position, review) reads it the same guarded way and
writes through the same output path: a missing file or one that is not a regular file is a usage
error (exit 2, one line), a damaged or oversized file exit 1 with one line, never a traceback, a
hang, or a crash on a console that cannot write card suits."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli_support import run
from tests.engine_support import scripted_record
from tests.locations import DATA, ROOT

READERS = ["replay", "position", "review"]


def thirtyone(*argv: str, env: dict[str, str] | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python -m thirtyone ARGV`` in a fresh process (a hang fails by its timeout)."""
    environment = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    return subprocess.run([sys.executable, "-m", "thirtyone", *argv], capture_output=True, text=True,
                          encoding="utf-8", errors="replace", timeout=timeout, env=environment)


def one_line(stderr: str) -> str:
    lines = [line for line in stderr.splitlines() if line.strip() and not line.startswith("usage:")
             and not line.startswith("       ")]
    assert len(lines) == 1, stderr
    assert "Traceback" not in stderr
    return lines[0]


@pytest.mark.parametrize("command", READERS)
def test_a_missing_record_is_a_usage_error(capsys, tmp_path: Path, command: str) -> None:
    code, out, err = run(capsys, command, str(tmp_path / "missing.json"))
    assert code == 2 and out == ""
    assert "usage:" in err and "missing.json" in one_line(err) and "no such file" in one_line(err)


@pytest.mark.parametrize("command", READERS)
def test_a_folder_is_a_usage_error(capsys, tmp_path: Path, command: str) -> None:
    code, _, err = run(capsys, command, str(tmp_path))
    assert code == 2 and "is a folder, not a file" in one_line(err)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("command", READERS)
def test_a_fifo_is_refused_at_once(tmp_path: Path, command: str) -> None:
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    result = thirtyone(command, str(fifo), timeout=300)  # opening the FIFO to read would wait for good
    assert result.returncode == 2
    assert "not a regular file" in one_line(result.stderr)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
@pytest.mark.parametrize("command", ["review", "replay"])
def test_endless_devices_are_refused_before_reading(command: str) -> None:
    for device in ("/dev/zero", "/dev/urandom"):
        result = thirtyone(command, device, timeout=60)
        assert result.returncode == 2 and "not a regular file" in one_line(result.stderr)


@pytest.mark.parametrize("command", READERS)
def test_a_record_over_16_mb_is_refused_by_every_command(tmp_path: Path, capsys, command: str) -> None:
    data = json.loads(scripted_record().to_json())
    data["meta"] = {"pad": "x" * (20 * 1024 * 1024)}
    path = tmp_path / "big.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, command, str(path))
    assert code == 1 and out == ""
    assert "larger than 16 MB" in one_line(err)


@pytest.mark.parametrize("command", READERS)
def test_damaged_records_exit_1_with_one_line(tmp_path: Path, capsys, command: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(b"\xff\xfe{ nope")
    code, _, err = run(capsys, command, str(path))
    assert code == 1 and "UTF-16" in one_line(err)


def test_review_writes_on_a_cp1252_console(tmp_path: Path) -> None:
    from thirtyone.coach.review import KEPT_KEY, kept_entry
    from thirtyone.model.record import GameRecord
    from thirtyone.storage.saves import with_meta
    from tests.review_once import kept_answers
    # Two rounds: as many suits and marks, a fifth of the review. With the coach's answers kept as the
    # window keeps them (worked out once per run), the commands print what a search prints
    # (tests/coach/test_kept_review.py) without searching twice in processes of their own.
    played = GameRecord.from_json((DATA / "record_coach_two_rounds.json").read_text())
    record = tmp_path / "kept.json"
    record.write_text(with_meta(played, **{KEPT_KEY: kept_entry(kept_answers(played, 1))}).to_json())
    result = thirtyone("review", str(record), "--seat", "2", env={"PYTHONIOENCODING": "cp1252"}, timeout=300)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout.startswith("Your review (seat 2): ") and "Costliest decisions:" in result.stdout
    assert "♠" not in result.stdout and "◀" not in result.stdout
    as_json = thirtyone("review", str(record), "--seat", "2", "--json", env={"PYTHONIOENCODING": "cp1252"},
                        timeout=300)
    assert as_json.returncode == 0 and json.loads(as_json.stdout)["seat"] == 2


def test_rules_list_with_a_preset_is_a_usage_error(capsys) -> None:
    code, out, err = run(capsys, "rules", "--list", "extra")
    assert code == 2 and out == ""
    assert "usage:" in err and "extra" in one_line(err)
    code, out, _ = run(capsys, "rules", "--list")
    assert code == 0 and out.startswith("classic")


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path: Path) -> None:
    # thirtyone replay F | true: the reader is gone before the first line is written.
    import os
    import subprocess
    import sys
    from tests.locations import ROOT
    command = f"{sys.executable} -m thirtyone replay {DATA / 'record_v1_classic.json'} | true"
    done = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.returncode == 0
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr, done.stderr
