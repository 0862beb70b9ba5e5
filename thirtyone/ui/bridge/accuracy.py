"""Each finished game's accuracy, worked out by the coach's review in a worker process at its game over.

The game over asks ``start(match)`` for a poll function (only with one human at the table:
the figure is about a person's play); the first answer is written to ``data/accuracy.json``
and the game over shows it. The window never waits: the review runs in its own process.
"""

from __future__ import annotations

from ...background import ProcessJob
from ...coach.accuracy import accuracy_of_record
from ...controller import Match
from ...i18n import _, ngettext
from ...storage.accuracy_log import RECENT, AccuracyLog, GameAccuracy, load_accuracy, save_accuracy
from ...storage.paths import StoragePaths
from ...storage.saves import game_id

class AccuracyWatch:
    """One game's review under way: ``result()`` never waits; the first answer is saved once."""

    def __init__(self, desk: AccuracyDesk, job: ProcessJob, game: str) -> None:
        self._desk, self._job, self._game = desk, job, game
        self._figures: GameAccuracy | None = None
        self.failed = False

    def result(self) -> GameAccuracy | None:
        if self._figures is not None or self.failed:
            return self._figures
        data = self._job.result()
        self.failed = self._job.failed
        if not isinstance(data, dict):
            return None
        try:
            self._figures = GameAccuracy.from_dict({"game": self._game, "accuracy": data.get("accuracy"),
                                                    "given_away": data.get("lives_given_away"),
                                                    "decisions": data.get("scored_decisions")})
        except ValueError:
            self.failed = True
            return None
        self._desk.add(self._figures)
        return self._figures


class AccuracyDesk:
    """The accuracy figures of this profile and the reviews under way."""

    def __init__(self, paths: StoragePaths) -> None:
        self.paths = paths
        self.log, notice = load_accuracy(paths)
        self.notices: list[str] = [notice] if notice else []
        self._jobs: list[ProcessJob] = []

    def start(self, match: Match) -> AccuracyWatch | None:
        """Review the one human's play in finished ``match`` (``None``: no one human, or not over)."""
        humans = match.human_seats()
        if len(humans) != 1 or not match.is_over:
            return None
        record = match.record
        job = ProcessJob(accuracy_of_record, (record.to_json(), humans[0]), name="thirtyone-accuracy")
        self._jobs.append(job)
        return AccuracyWatch(self, job, game_id(record))

    def add(self, figures: GameAccuracy) -> None:
        """Keep one game's figures (on disk at once)."""
        self.log = self.log.with_game(figures)
        notice = save_accuracy(self.paths, self.log)
        if notice:
            self.notices.append(notice)

    def close(self) -> None:
        """The window closes: reviews still running are stopped."""
        for job in self._jobs:
            job.cancel()


def accuracy_stat_lines(log: AccuracyLog) -> list[tuple[str, str]]:
    """Statistics' rows: accuracy and lives given away per game over the last games, with the ten before."""
    now = log.average(RECENT)
    if now is None:
        return []
    before = log.average(RECENT, skip=RECENT)
    count = len(log.recent(RECENT))
    accuracy = f"{round(now[0] * 100)}%"
    given = f"{now[1]:.2f}"
    if before is not None:
        accuracy = _("{now} (before: {before})").format(now=accuracy, before=f"{round(before[0] * 100)}%")
        given = _("{now} (before: {before})").format(now=given, before=f"{before[1]:.2f}")
    return [(ngettext("Accuracy, last game", "Accuracy, last {count} games", count).format(count=count), accuracy),
            (_("Lives given away per game"), given)]
