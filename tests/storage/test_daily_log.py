"""``data/daily.json``: the Deal of the day's history, its streak, and hostile files set aside."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest

from thirtyone.daily import DailyResult
from thirtyone.storage import StoragePaths
from thirtyone.storage.daily_log import DailyEntry, DailyHistory, daily_file, load_daily, save_daily

RESULT = DailyResult(2, 4, 0, 5, (0, 1, 0, 2, -1))
PAR = DailyResult(1, 4, 1, 8, (0,) * 8)


def entry(par: DailyResult | None = PAR) -> DailyEntry:
    return DailyEntry(RESULT, par, "g0123456789a")


def history(*days: str) -> DailyHistory:
    return DailyHistory({dt.date.fromisoformat(d): entry() for d in days})


def test_saved_history_reads_back(tmp_path) -> None:
    paths = StoragePaths.portable(tmp_path)
    kept = history("2026-11-24", "2026-11-25").with_day(dt.date(2026, 11, 26), entry(None))
    assert save_daily(paths, kept) is None
    assert load_daily(paths) == (kept, None)
    assert json.loads(daily_file(paths).read_text(encoding="utf-8"))["days"]["2026-11-26"]["par"] is None


def test_days_started_are_kept_and_read_back(tmp_path) -> None:
    paths = StoragePaths.portable(tmp_path)
    kept = history("2026-11-25")
    for n in range(40):
        kept = kept.with_start(dt.date(2026, 10, 1) + dt.timedelta(days=n))
    assert len(kept.started) == 31 and kept.was_started(dt.date(2026, 11, 9)) and not kept.was_started(dt.date(2026, 10, 1))
    assert kept.was_started(dt.date(2026, 11, 25))  # played counts as started
    save_daily(paths, kept)
    assert load_daily(paths) == (kept, None)


def test_a_day_keeps_its_first_game() -> None:
    first = history("2026-11-26")
    again = first.with_day(dt.date(2026, 11, 26), DailyEntry(PAR, PAR, "gbbbbbbbbbbb"))
    assert again.played(dt.date(2026, 11, 26)) == entry()


def test_streaks_count_days_in_a_row() -> None:
    days = history("2026-11-20", "2026-11-22", "2026-11-23", "2026-11-24")
    assert days.streak(dt.date(2026, 11, 24)) == 3
    assert days.streak(dt.date(2026, 11, 25)) == 3  # today not played yet: the streak still stands
    assert days.streak(dt.date(2026, 11, 26)) == 0
    assert days.best_streak() == 3
    assert DailyHistory().streak(dt.date(2026, 11, 26)) == 0 and DailyHistory().best_streak() == 0


def test_days_against_par() -> None:
    days = DailyHistory({dt.date(2026, 11, 1): DailyEntry(PAR, RESULT, "g0123456789a"),
                         dt.date(2026, 11, 2): DailyEntry(RESULT, RESULT, "g0123456789a"),
                         dt.date(2026, 11, 3): DailyEntry(RESULT, PAR, "g0123456789a"),
                         dt.date(2026, 11, 4): DailyEntry(RESULT, None, "g0123456789a")})
    assert days.par_record() == (1, 1, 1)


GOOD: dict[str, Any] = {"result": RESULT.to_dict(), "par": None, "game": "g0123456789a"}


@pytest.mark.parametrize("content", [
    b"",
    b"\xff\xfe garbage",
    b"[1, 2]",
    json.dumps({"version": 1, "days": []}).encode(),
    json.dumps({"version": 1, "days": {"yesterday": GOOD}}).encode(),
    json.dumps({"version": 1, "days": {"2026-11-26": {**GOOD, "game": "../../etc/passwd"}}}).encode(),
    json.dumps({"version": 1, "days": {"2026-11-26": {**GOOD, "result": {**GOOD["result"], "place": "1"}}}}).encode(),
    json.dumps({"version": 1, "days": {"2026-11-26": {**GOOD, "par": {"place": 1}}}}).encode(),
    json.dumps({"version": 9, "days": {}}).encode(),
    json.dumps({"version": 1, "days": {}, "started": ["2026-11-26"] * 32}).encode(),
    json.dumps({"version": 1, "days": {}, "started": "2026-11-26"}).encode(),
    json.dumps({"version": 1, "days": {}, "started": ["someday"]}).encode(),
    b"[" * 100_000 + b"]" * 100_000,
])
def test_a_damaged_or_hostile_file_is_set_aside_with_one_line(tmp_path, content: bytes) -> None:
    paths = StoragePaths.portable(tmp_path)
    daily_file(paths).parent.mkdir(parents=True)
    daily_file(paths).write_bytes(content)
    found, notice = load_daily(paths)
    assert found == DailyHistory()
    assert notice is not None and "daily.json" in notice and "\n" not in notice
    assert not daily_file(paths).exists()
    assert len(list(daily_file(paths).parent.glob("daily.json.*"))) == 1
