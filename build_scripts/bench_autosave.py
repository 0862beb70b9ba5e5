"""Benchmark: the cost of autosaving a game after every action, whole-record rewrite vs journal.

For games of 300, 3,000 and 50,000 actions (eight players who make random moves but
never knock, so that one game runs that long) it saves after each action as the
window does: once by rewriting the whole record
(``save_game``, what every save did before the journal; skipped above 3,000 actions,
where it takes minutes), then through the journal given the whole ``match.record``
("record": what the window's autosave did until it took snapshots; it builds and
compares every action each time) and given the match's ``snapshot()`` ("journal", as
the window saves now: one appended line per action, the base rewritten when the
journal grows as long as it). Prints the CPU seconds of
this process (the disk syncs' waiting is not CPU) and the wall seconds, in total and
per action for the first and the last tenth of the game: with the journal the
per-action cost should not grow with the game (target: last tenth within 10% of the
first at 50,000 actions; the compactions are in both). With ``--kept-answers`` seat 0
plays as a person would, and the coach's kept answer to each of its decisions lands in
the match after the next action (``keeper.note_answers``, as the window's review keeper
notes them), before the save; the per-action figures then include noting the answer.
Usage:
    python build_scripts/bench_autosave.py [--lengths 300 3000 50000] [--folder DIR] [--kept-answers]
        [--methods rewrite record journal]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Callable

from thirtyone.coach.keeper import note_answers, start_kept
from thirtyone.coach.review import KEPT_KEY
from thirtyone.controller import Match
from thirtyone.model import Knock, Phase, preset
from thirtyone.model.record import GameRecord, Seat
from thirtyone.storage import StoragePaths, save_game
from thirtyone.storage.journal import JournalWriter
from thirtyone.storage.saves import load_saved_game


def long_match(seed: int = 1) -> Match:
    """Eight players in a Scat game of 99 lives (the players are moved by ``move``)."""
    seats = [Seat(f"P{n}", "human") for n in range(8)]
    return Match.new(preset("scat").replace(lives=99), seats, seed=seed, preset="scat")


def move(match: Match, rng: random.Random) -> bool:
    """One random legal move that is not a knock: nobody knocks, so one game runs past 50,000 actions.

    True if it was seat 0's decision (a turn or a discard: what the coach answers)."""
    seat = match.current_seat
    deciding = seat == 0 and match.state.phase in (Phase.TURN, Phase.DISCARD)
    legal = match.observation(seat).legal_actions
    match.submit(seat, rng.choice([a for a in legal if a != Knock()] or list(legal)))
    return deciding


ANSWER: dict[str, object] = {"move": "discard 7H", "note": "", "options": [
    ["discard 7H", 0.412, 0.231, 0.0], ["discard KS", 0.377, 0.198, 0.0], ["discard 2C", 0.301, 0.176, 0.0],
    ["discard JD", 0.288, 0.154, 0.0]]}
"""One answer as the coach keeps it (``advice_data``: a discard's four options)."""


def measure(length: int, save: Callable[[Match], object],
            kept_answers: bool = False) -> tuple[float, float, float, float, GameRecord]:
    """Play one game to ``length`` actions, saving after each one (and noting the coach's
    answer to seat 0's last decision first, with ``kept_answers``).

    Returns total CPU s, total wall s, CPU ms per action over the first and the last tenth,
    and the record of the game."""
    tenth = max(1, length // 10)
    first = last = 0.0
    match, rng = long_match(), random.Random(1)
    if kept_answers:
        start_kept(match)
    answered: int | None = None
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for count in range(1, length + 1):
        decided = move(match, rng)
        started = time.process_time()
        if answered is not None:
            note_answers(match, {f"{answered:024x}": ANSWER})
            answered = None
        if decided and kept_answers:
            answered = count
        save(match)
        spent = time.process_time() - started
        if count <= tenth:
            first += spent
        elif count > length - tenth:
            last += spent
    assert not match.is_over, "the game ended before it was long enough"
    return (time.process_time() - cpu0, time.perf_counter() - wall0, first / tenth * 1000, last / tenth * 1000,
            match.record)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", type=int, nargs="+", default=[300, 3000, 50000])
    parser.add_argument("--folder", type=Path, default=None, help="where to write (default: a temporary folder)")
    parser.add_argument("--methods", nargs="+", choices=("rewrite", "record", "journal"),
                        default=["rewrite", "record", "journal"], help="which ways of saving to time (default all)")
    parser.add_argument("--kept-answers", action="store_true",
                        help="seat 0 is a person whose decisions the coach answers, kept in the record as played")
    args = parser.parse_args(argv)
    extra = {"humans": [0]}
    print(f"{'actions':>8} {'method':<9} {'CPU s':>7} {'wall s':>7} {'CPU ms/action first 10%':>24} "
          f"{'last 10%':>9} {'last/first':>10}")
    for length in args.lengths:
        for method in args.methods:
            if method == "rewrite" and length > 3000:
                continue
            with tempfile.TemporaryDirectory(dir=args.folder) as folder:
                paths = StoragePaths.portable(folder)
                if method == "rewrite":
                    save: Callable[[Match], object] = partial(lambda m, p: save_game(p, m.record, extra), p=paths)
                else:
                    journal = JournalWriter(paths)
                    base = partial(lambda r, e, t, p: save_game(p, r, e, journal_token=t), p=paths)
                    take = (lambda m: m.record) if method == "record" else (lambda m: m.snapshot())
                    save = partial(lambda m, j, t: j.save(t(m), extra, base), j=journal, t=take)
                cpu, wall, first, last, record = measure(length, save, args.kept_answers)
                loaded, _ = load_saved_game(paths)
                assert loaded is not None and loaded.actions == record.actions, "resume is not exact"
                assert loaded.meta.get(KEPT_KEY) == record.meta.get(KEPT_KEY), "the kept answers did not come back"
                print(f"{length:>8} {method:<9} {cpu:>7.2f} {wall:>7.2f} {first:>24.3f} {last:>9.3f} "
                      f"{last / first if first else 0.0:>10.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
