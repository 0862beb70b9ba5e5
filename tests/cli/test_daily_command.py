"""``thirtyone daily``: the day's setup and par, headless, the same everywhere; bad dates exit 2."""

from __future__ import annotations

from typing import Any

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli_support import run

WORKTREE = str(Path(__file__).resolve().parents[2])
PINNED_TEXT = """\
Deal of the day 2026-11-26 (derivation v1)
Rules: Classic 31
Seats: You (you), Ada (Marlowe), Ben (Marlowe), Cleo (Sunny)
Seed: 8513967853628174365
Par (Lovelace in your seat): 3rd of 4, 0 lives kept, 7 rounds  🟩🟨🟩🟨🟩🟨⬛
"""


def test_a_pinned_date_prints_its_setup_and_par(capsys, tmp_path) -> None:
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "--language", "en", "daily", "--date", "2026-11-26")
    assert (code, err) == (0, "")
    assert out == PINNED_TEXT


def test_json_is_one_object_per_day_and_jobs_do_not_change_it(tmp_path) -> None:
    def daily(jobs: str) -> list[dict[str, Any]]:
        done = subprocess.run([sys.executable, "-m", "thirtyone", "--data-dir", str(tmp_path), "daily", "--date",
                               "2026-11-28", "--days", "2", "--json", "--jobs", jobs],
                              capture_output=True, text=True, encoding="utf-8", timeout=300,
                              env={**os.environ, "PYTHONPATH": WORKTREE})
        assert done.returncode == 0, done.stderr
        return [json.loads(line) for line in done.stdout.splitlines()]
    one, two = daily("1"), daily("2")
    assert one == two
    assert [day["date"] for day in one] == ["2026-11-28", "2026-11-29"]
    assert one[1]["preset"] == "london" and one[1]["derivation"] == "v1"
    assert one[1]["par"]["symbols"] == "🟩🟩🟩🟨🟩🟨⬛" and one[1]["par"]["place"] == 3


@pytest.mark.parametrize("argv, message", [
    (["daily", "--date", "2026-13-01"], "is not a date: use YYYY-MM-DD"),
    (["daily", "--date", "2019-12-31"], "from 2020-01-01 on"),
    (["daily", "--date", "tomorrow"], "is not a date"),
    (["daily", "--days", "0"], "must be from 1 to 366"),
    (["daily", "--jobs", "x"], "is not a whole number"),
])
def test_bad_arguments_exit_2_with_usage(capsys, argv, message) -> None:
    code, out, err = run(capsys, "--language", "en", *argv)
    assert code == 2 and out == ""
    assert "usage: thirtyone daily" in err and message in err
    assert "Traceback" not in err
