"""Benchmark: the coach's review of a game, worked out afresh and read from the answers kept while it was played.

Plays ``--games`` four-seat classic games (the reviewed seat played by a Casual bot,
three Casual bots against it), then times, per game: the review worked out afresh
(``review_record`` searching every decision, as before answers were kept), the
answers the window's worker keeps while the game is played (``advise_decisions``,
the same work spread over the game), the review read from those answers (what the
window's Review and the accuracy at game over do now), and ``thirtyone review FILE``
as a whole process on the record with its answers; and the review with its "Could you have
won?" lines (what the window shows) three ways: nothing kept, the answers kept, the answers and
the lines kept (CPU seconds count the review's worker processes too). ``--long N`` instead reads an N-action record whose one round is N - 1 passes (the
longest a round grows) and prints the seconds and peak memory of reading it and building the
window's replay (``--long`` measures only what both this tree and older ones have, so it can be
run against an old checkout by copying this file into it). Prints medians; CPU seconds for what
runs in this process. Usage:
    python build_scripts/bench_review.py [--games 3] [--lives 3] [--seed 1]
    python build_scripts/bench_review.py --long 20000
    python build_scripts/bench_review.py --fresh [--games 5] [--jobs N]

``--fresh`` prints only what the window's Review and ``thirtyone review`` wait for on a game with nothing
kept (the review and its could-have-won lines, its rounds in worker processes when the tree has them:
wall seconds, and CPU seconds of this process and its workers) and on the same game with the answers and
lines kept; it runs on trees before the workers too (copy this file into one), so the two can be timed
side by side.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's package, not an installed copy

from thirtyone.coach.advice import advise  # noqa: E402
from thirtyone.coach.review import (KEPT_KEY, advice_data, kept_entry, position_keys, review_record,  # noqa: E402
                                    seat_decisions)
from thirtyone.model import observe  # noqa: E402
from thirtyone.controller import Match  # noqa: E402
from thirtyone.model import preset  # noqa: E402
from thirtyone.model.record import GameRecord, Seat  # noqa: E402
from thirtyone.storage.saves import with_meta  # noqa: E402


def played_game(seed: int, lives: int) -> GameRecord:
    """A finished four-seat classic game of Casual bots; seat 0 is the one reviewed."""
    seats = [Seat("Ann", "bot:casual"), Seat("Ada", "bot:casual"), Seat("Bo", "bot:casual"), Seat("Cy", "bot:casual")]
    match = Match.new(preset("classic").replace(lives=lives), seats, seed=seed)
    match.play_bots_to_end()
    return match.record


def window_ready_s(record: GameRecord) -> float:
    """Wall seconds from opening the window's Review on ``record`` (dummy video driver, frames at 60
    per second) until the coach's review is there to draw."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from thirtyone.storage.settings import Settings
    from thirtyone.ui.app import App
    from thirtyone.ui.scene import Push
    from thirtyone.ui.screens.review import ReviewScene
    app = App(Settings(), (1280, 720), fast=True)
    began = time.perf_counter()
    scene = ReviewScene(app.ctx, record, "benchmark", seat=0)
    app.apply(Push(scene))
    while scene.review is None and time.perf_counter() - began < 120:
        app.frame([], 1 / 60)
        time.sleep(1 / 60)
    return time.perf_counter() - began


def long_read(length: int) -> None:
    """Read an ``length``-action one-round record and build the replay: seconds, then peak memory."""
    import tracemalloc
    from thirtyone.coach.replay import Replay
    from thirtyone.model.actions import DEAL, PASS
    rules = preset("london")
    seats = tuple(Seat(name) for name in ("Ann", "Ada", "Bo", "Cy"))
    text = GameRecord(rules, seats, 1, 3, (DEAL,) + (PASS,) * (length - 1), (), "london").to_json()
    began = time.perf_counter()
    record = GameRecord.from_json(text)
    read_s = time.perf_counter() - began
    began = time.perf_counter()
    Replay(record)
    replay_s = time.perf_counter() - began
    tracemalloc.start()
    Replay(GameRecord.from_json(text))
    _now, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"{length}-action record, one round of passes: read {read_s:.2f} s, replay built {replay_s:.2f} s wall; "
          f"peak memory of both {peak / 2**20:.0f} MB")


def cpu(task: object) -> tuple[float, object]:
    """CPU seconds ``task()`` took, its worker processes' included (once ended), and its answer."""
    began = cpu_now()
    answer = task()  # type: ignore[operator]
    return cpu_now() - began, answer


def cpu_now() -> float:
    """CPU seconds of this process and of its worker processes that have ended."""
    import resource
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def fresh_review(games: int, lives: int, seed: int, jobs: int | None) -> None:
    """The review with its lines of ``games`` games, nothing kept and everything kept: wall and CPU medians."""
    import inspect
    from thirtyone.coach import what_if
    from thirtyone.coach.what_if import KEPT_LINES_KEY, WhatIf, kept_lines_entry, review_with_what_ifs
    from thirtyone.coach.review import GameReview
    options: dict[str, Any] = {"jobs": jobs} if jobs is not None and "jobs" in inspect.signature(
        review_with_what_ifs).parameters else {}

    def timed(record: GameRecord) -> tuple[float, float, tuple[GameReview, tuple[WhatIf, ...]]]:
        before, began = cpu_now(), time.perf_counter()
        answer = review_with_what_ifs(record, 0, **options)
        return time.perf_counter() - began, cpu_now() - before, answer
    fresh_wall, fresh_cpu, kept_ms, counts = [], [], [], []
    for game in range(games):
        record = played_game(seed * 1000 + game, lives)
        wall, cpu_s, (review, found) = timed(record)
        fresh_wall.append(wall)
        fresh_cpu.append(cpu_s)
        counts.append(len(review.decisions))
        answers = {position_keys(record)[d.index]: advice_data(d.advice, d.move) for d in review.decisions}
        kept = with_meta(record, **{KEPT_KEY: kept_entry(answers)})
        kept = GameRecord.from_json(with_meta(kept, **{KEPT_LINES_KEY: kept_lines_entry(kept, found, 0)}).to_json())
        kept_ms.append(timed(kept)[0] * 1000)
        print(f"  game {game}: {counts[-1]} decisions, {len(found)} lost rounds: nothing kept {wall:.2f} s wall, "
              f"{cpu_s:.2f} s CPU; kept {kept_ms[-1]:.0f} ms wall", flush=True)
    workers_note = f"jobs {options['jobs']}" if options else ("jobs default" if hasattr(what_if, "REVIEW_JOBS") else "one process")
    print(f"review with its could-have-won lines, 4-seat classic, {lives} lives, {games} games ({workers_note}, "
          f"median {statistics.median(counts):.0f} decisions): nothing kept median {statistics.median(fresh_wall):.2f} s wall, "
          f"{statistics.median(fresh_cpu):.2f} s CPU; answers and lines kept median {statistics.median(kept_ms):.0f} ms wall")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--lives", type=int, default=3, help="lives per player (3: a typical game)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--long", type=int, default=0, help="only read a record of this many actions (see above)")
    parser.add_argument("--fresh", action="store_true", help="only the review with its lines, nothing kept and all kept")
    parser.add_argument("--jobs", type=int, default=None, help="with --fresh: worker processes (default: the review's own)")
    args = parser.parse_args()
    if args.fresh:
        fresh_review(args.games, args.lives, args.seed, args.jobs)
        return
    if args.long:
        long_read(args.long)
        return
    from thirtyone.coach.what_if import KEPT_LINES_KEY, kept_lines_entry, review_with_what_ifs
    none_s, answers_only_s, all_kept_s = [], [], []
    fresh_s, kept_s, answers_s, command_s, counts, each_ms, window_s = [], [], [], [], [], [], []
    with tempfile.TemporaryDirectory() as folder:
        for game in range(args.games):
            record = played_game(args.seed * 1000 + game, args.lives)
            decisions = list(seat_decisions(record, 0))
            counts.append(len(decisions))
            took, fresh = cpu(lambda: review_record(record, 0, known={}))
            fresh_s.append(took)
            keys, answers = position_keys(record), {}
            for index, before, action in decisions:  # what the worker does after each decision
                took, advice = cpu(lambda: advise(observe(before, 0), also=action))
                each_ms.append(took * 1000)
                answers[keys[index]] = advice_data(advice, action)  # type: ignore[arg-type]
            answers_s.append(sum(each_ms[-len(decisions):]) / 1000)
            kept = GameRecord.from_json(with_meta(record, **{KEPT_KEY: kept_entry(answers)}).to_json())
            took, review = cpu(lambda: review_record(kept, 0))
            kept_s.append(took)
            if review.to_dict() != fresh.to_dict():  # type: ignore[attr-defined]
                raise SystemExit(f"game {game}: the review from kept answers differs from the fresh one")
            window_s.append(window_ready_s(kept))
            took, (_review, found) = cpu(lambda: review_with_what_ifs(kept, 0))  # type: ignore[misc]
            answers_only_s.append(took)
            lines = GameRecord.from_json(with_meta(kept, **{KEPT_LINES_KEY: kept_lines_entry(kept, found, 0)}).to_json())
            took, _found = cpu(lambda: review_with_what_ifs(lines, 0))
            all_kept_s.append(took)
            took, _found = cpu(lambda: review_with_what_ifs(record, 0))
            none_s.append(took)
            path = Path(folder) / f"game{game}.json"
            path.write_text(kept.to_json(), encoding="utf-8")
            began = time.perf_counter()
            subprocess.run([sys.executable, "-m", "thirtyone", "review", str(path)], check=True, capture_output=True,
                           cwd=ROOT)
            command_s.append(time.perf_counter() - began)
    print(f"review of one seat, 4-seat classic, {args.lives} lives, {args.games} games, "
          f"median {statistics.median(counts):.0f} decisions (each: {', '.join(map(str, counts))})")
    print(f"  worked out afresh:        median {statistics.median(fresh_s):6.2f} s CPU "
          f"({statistics.median(f / n for f, n in zip(fresh_s, counts)) * 1000:.0f} ms per decision)")
    each_ms.sort()
    print(f"  answers kept while played: median {statistics.median(answers_s):6.2f} s CPU in the worker, spread over the game; "
          f"per answer median {statistics.median(each_ms):.0f} ms, p95 {each_ms[int(len(each_ms) * 0.95)]:.0f} ms, "
          f"max {each_ms[-1]:.0f} ms CPU ({len(each_ms)} answers)")
    print(f"  read from kept answers:   median {statistics.median(kept_s) * 1000:6.1f} ms CPU "
          f"({statistics.median(f / k for f, k in zip(fresh_s, kept_s)):.0f}x faster)")
    print(f"  the window's Review, opened to the review there to draw (kept answers): median "
          f"{statistics.median(window_s) * 1000:.0f} ms wall")
    print(f"  review with its could-have-won lines: nothing kept median {statistics.median(none_s):.2f} s, "
          f"answers kept {statistics.median(answers_only_s):.2f} s, answers and lines kept "
          f"{statistics.median(all_kept_s) * 1000:.0f} ms CPU")
    print(f"  thirtyone review FILE (kept answers, whole process): median {statistics.median(command_s):.2f} s wall")


if __name__ == "__main__":
    main()
