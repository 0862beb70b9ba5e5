"""Benchmark: what a bot inferred (the review's Bot's view), per bot decision of the test records.

For every position of each record at which a bot decides (every seat counted as a bot), times
``coach.inferred.infer`` on the bot's observation with the window's ``SAMPLES``, in CPU seconds of
this process, and prints the median, 95th percentile and largest per record. The window runs it on
a worker thread: these figures say why (a frame has about 16 ms). Usage:
    python build_scripts/bench_inferred.py [--samples 400] [--every 4] [RECORD ...]
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from thirtyone.coach.inferred import SAMPLES, bot_moment, bot_view, infer  # noqa: E402
from thirtyone.coach.replay import Replay  # noqa: E402
from thirtyone.model.record import GameRecord, Seat  # noqa: E402

DEFAULT_RECORDS = ("record_bots_inferred.json", "record_v1_classic.json", "record_v1_kitty.json",
                   "record_v1_london.json", "record_v1_old-west.json")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="*", type=Path)
    parser.add_argument("--samples", type=int, default=SAMPLES)
    parser.add_argument("--every", type=int, default=4, help="time every Nth bot decision (default 4)")
    args = parser.parse_args(argv)
    paths = args.records or [ROOT / "tests" / "data" / name for name in DEFAULT_RECORDS]
    print(f"infer, {args.samples} samples, CPU ms per bot decision")
    for path in paths:
        record = GameRecord.from_file(path)
        record = dataclasses.replace(record, seats=tuple(Seat(s.name, "bot:expert") for s in record.seats))
        replay = Replay(record)
        moments = [m for m in (bot_moment(record, replay.state_at, p) for p in range(replay.length + 1)) if m is not None]
        times = []
        for moment in sorted(set(moments), key=lambda m: m.position)[::args.every]:
            seen = bot_view(replay.state_at(moment.position), moment.seat)
            began = time.process_time()
            infer(seen, samples=args.samples)
            times.append((time.process_time() - began) * 1000)
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"{path.name:32} {len(record.seats)} seats  {len(times):4} decisions  median {statistics.median(times):6.1f}"
              f"  p95 {p95:6.1f}  max {times[-1]:6.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
