"""Benchmark: the total cost of autosaving a game after every action, whole-record rewrite vs journal.

For games of 300 and 3,000 actions it saves every prefix of the game in turn,
as the window does after each action, once by rewriting the whole record
(``save_game``, what every save did before the journal) and once through the
journal (``JournalWriter``: one appended line per action, the base rewritten
when the journal grows as long as it). Prints the CPU seconds of this process
(the disk syncs' waiting is not CPU) and the wall seconds, in total and per
action for the first and the last tenth of the game: with the journal the
per-action cost should not grow with the game. Usage:
    python build_scripts/bench_autosave.py [--lengths 300 3000] [--folder DIR]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Callable

from thirtyone.controller import Match
from thirtyone.model import preset
from thirtyone.model.record import GameRecord, Seat
from thirtyone.storage import StoragePaths, save_game
from thirtyone.storage.journal import JournalWriter
from thirtyone.storage.saves import load_saved_game


def long_game(length: int) -> GameRecord:
    """A random-bot game of at least ``length`` actions (8 seats, many lives), cut to ``length``."""
    seats = [Seat(f"P{n}", "bot:random") for n in range(8)]
    for seed in range(100):
        match = Match.new(preset("scat").replace(lives=40), seats, seed=seed, preset="scat")
        match.play_bots_to_end()
        if match.action_count >= length:
            record = match.record
            return GameRecord(record.rules, record.seats, record.seed, record.first_dealer,
                              record.actions[:length], record.decks, record.preset)
    raise SystemExit(f"no random game reached {length} actions")


def prefix(record: GameRecord, count: int) -> GameRecord:
    return GameRecord(record.rules, record.seats, record.seed, record.first_dealer, record.actions[:count],
                      record.decks, record.preset)


def measure(record: GameRecord, save: Callable[[GameRecord], object]) -> tuple[float, float, float, float]:
    """Total CPU s, total wall s, CPU ms per action over the first and the last tenth."""
    length = len(record.actions)
    tenth = max(1, length // 10)
    first = last = 0.0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for count in range(1, length + 1):
        step = prefix(record, count)
        started = time.process_time()
        save(step)
        spent = time.process_time() - started
        if count <= tenth:
            first += spent
        elif count > length - tenth:
            last += spent
    return (time.process_time() - cpu0, time.perf_counter() - wall0, first / tenth * 1000, last / tenth * 1000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", type=int, nargs="+", default=[300, 3000])
    parser.add_argument("--folder", type=Path, default=None, help="where to write (default: a temporary folder)")
    args = parser.parse_args()
    extra = {"humans": [0]}
    print(f"{'actions':>8} {'method':<9} {'CPU s':>7} {'wall s':>7} {'CPU ms/action first 10%':>24} "
          f"{'last 10%':>9}")
    for length in args.lengths:
        record = long_game(length)
        for method in ("rewrite", "journal"):
            with tempfile.TemporaryDirectory(dir=args.folder) as folder:
                paths = StoragePaths.portable(folder)
                if method == "rewrite":
                    save: Callable[[GameRecord], object] = partial(
                        lambda r, p: save_game(p, r, extra), p=paths)
                else:
                    journal = JournalWriter(paths)
                    base = partial(lambda r, e, t, p: save_game(p, r, e, journal_token=t), p=paths)
                    save = partial(lambda r, j: j.save(r, extra, base), j=journal)
                cpu, wall, first, last = measure(record, save)
                loaded, _ = load_saved_game(paths)
                assert loaded is not None and loaded.actions == record.actions, "resume is not exact"
                print(f"{length:>8} {method:<9} {cpu:>7.2f} {wall:>7.2f} {first:>24.3f} {last:>9.3f}")


if __name__ == "__main__":
    main()
