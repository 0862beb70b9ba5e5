"""The Deal of the day as the window sees it: today's game, the par's worker, the history file.

One ``DailyDesk`` per run (the ``StorageBridge`` makes it): it starts the par's worker
process when a daily starts (or resumes), hands the par over once it is ready, and writes
each day's first result to ``data/daily.json``.
"""

from __future__ import annotations

import datetime as dt
import logging
from pathlib import Path
from typing import Callable

from ...controller import Match
from ...daily import DailyResult, DailySetup, ParJob, is_daily, match_result
from ...model.record import GameRecord
from ...storage.daily_log import DailyEntry, DailyHistory, archived_file, load_daily, save_daily
from ...storage.paths import StoragePaths
from ...storage.saves import game_id
from ...storage.stats import StatsError

_log = logging.getLogger(__name__)
PRACTICE_KEY = "daily_practice"
"""Record ``meta`` key marking a replay of a day already played: never written to the history."""


class DailyDesk:
    """Today's daily, its par and the history; ``today`` is a function so tests can set the date."""

    def __init__(self, paths: StoragePaths, today: Callable[[], dt.date] = dt.date.today) -> None:
        self.paths = paths
        self.today = today
        self.history, notice = load_daily(paths)
        self.notices: list[str] = [notice] if notice else []
        self._jobs: dict[dt.date, ParJob] = {}
        self.on_played: Callable[[], None] | None = None
        """Called after a day is first recorded (the title's entry then says it was played)."""
        self.saved_game: Callable[[], GameRecord | None] = lambda: None
        """The autosaved game in progress, if any (storage sets it): today's unfinished daily is resumed, not restarted."""

    def in_progress(self) -> bool:
        """Whether the saved game is today's daily, unfinished (Play then continues it: one try a day)."""
        record = self.saved_game()
        return record is not None and is_daily(record) == self.today() and not record.meta.get(PRACTICE_KEY)

    def setup(self) -> DailySetup:
        """Today's game."""
        return DailySetup.for_day(self.today())

    def start(self, practice: bool = False) -> Match:
        """A new match of today's daily (its par starts working out now); ``practice`` is never recorded."""
        setup = self.setup()
        practice = practice or self.history.was_started(setup.day)
        match = setup.start()
        if practice:
            match.note(PRACTICE_KEY, True)
        else:
            self._save(self.history.with_start(setup.day))
        self.start_par(setup.day)
        return match

    def start_par(self, day: dt.date) -> None:
        """Work out ``day``'s par in a worker process, unless it is known or under way."""
        entry = self.history.played(day)
        if day not in self._jobs and (entry is None or entry.par is None):
            self._jobs[day] = ParJob(day)

    def par(self, day: dt.date) -> DailyResult | None:
        """``day``'s par if known now (never waits); a par that arrives is written to the history."""
        entry = self.history.played(day)
        if entry is not None and entry.par is not None:
            return entry.par
        job = self._jobs.get(day)
        if job is None:  # a daily resumed with Continue, or a par the last run did not finish
            self.start_par(day)
            return None
        found = job.result()
        if found is not None and entry is not None:
            self._save(DailyHistory({**self.history.days, day: DailyEntry(entry.result, found, entry.game)}))
        return found

    def par_failed(self, day: dt.date) -> bool:
        job = self._jobs.get(day)
        return job is not None and job.failed

    def finished(self, match: Match) -> DailyResult | None:
        """A finished daily: its result, written to the history if it is the day's first (not a practice)."""
        day = is_daily(match.record)
        if day is None:
            return None
        try:
            result = match_result(match)
        except StatsError:
            return None
        if not match.record.meta.get(PRACTICE_KEY) and self.history.played(day) is None:
            self._save(self.history.with_day(day, DailyEntry(result, self.par(day), game_id(match.record))))
            if self.on_played is not None:
                self.on_played()
        return result

    def replay_file(self, day: dt.date) -> Path | None:
        """The archived record of ``day``'s counted game."""
        entry = self.history.played(day)
        return archived_file(self.paths, entry.game) if entry is not None else None

    def replay_record(self, day: dt.date) -> GameRecord | None:
        path = self.replay_file(day)
        if path is None:
            return None
        try:
            return GameRecord.from_json(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as error:
            _log.warning("cannot read the daily of %s: %s", day, error)
            return None

    def _save(self, history: DailyHistory) -> None:
        self.history = history
        notice = save_daily(self.paths, history)
        if notice:
            self.notices.append(notice)

    def close(self) -> None:
        """The window closes: workers still thinking are stopped."""
        for job in self._jobs.values():
            job.cancel()
