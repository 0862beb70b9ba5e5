"""Is the coach honest? Predicted chance to keep one's lives this round against what happened.

    python build_scripts/bench_coach.py --decisions 5000            # the table for docs/coach.md
    python build_scripts/bench_coach.py --decisions 300 --seed 2    # a quick look
    python build_scripts/bench_coach.py --decisions 6000 --raw --save samples.jsonl   # data to refit the map

Bots play games (the presets in turn, seats shuffled each game); at each bot
decision the coach scores the move made from that seat's observation; when the
round ends the decision is marked kept (no life lost) or not. The table groups
the shown chances by tenths; each group of 200+ decisions should be within 3
points. ``--raw`` skips the calibration map and, with ``--fit``, prints a new
map fitted on even games and checked on odd ones (and the reverse).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from thirtyone.coach.benchmark import Sample, calibration_table, coached_games, fit_scaling, format_table
from thirtyone.coach.calibration import scaled

PRESETS = ("classic", "london", "kitty", "scat", "open-table", "commerce")
SEATS = ("expert", "sharp", "casual", "sharp")


MIN_FIT = 150
"""Decisions a preset and kind need for a map of their own (else the ``any`` map serves)."""


def fit_maps(samples: list[Sample]) -> dict[str, tuple[float, float]]:
    """A logistic map per ``preset/kind`` with enough decisions, and ``any/kind`` over all presets."""
    maps = {}
    for kind in ("turn", "discard"):
        maps[f"any/{kind}"] = fit_scaling([s for s in samples if s.kind == kind])
        for preset in sorted({s.preset for s in samples}):
            part = [s for s in samples if s.kind == kind and s.preset == preset]
            if len(part) >= MIN_FIT:
                maps[f"{preset}/{kind}"] = fit_scaling(part)
    return maps


def pick(maps: dict[str, tuple[float, float]], sample: Sample) -> tuple[float, float]:
    return maps.get(f"{sample.preset}/{sample.kind}") or maps[f"any/{sample.kind}"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=5000, help="coached decisions to collect")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--presets", default=",".join(PRESETS), help="comma-separated preset ids, played in turn")
    parser.add_argument("--seats", default=",".join(SEATS), help="comma-separated bot levels")
    parser.add_argument("--raw", action="store_true", help="report the play-outs' raw shares (no calibration map)")
    parser.add_argument("--save", type=Path, help="write every sample as a JSON line")
    parser.add_argument("--load", type=Path, help="read samples saved by --save instead of playing")
    parser.add_argument("--fit", action="store_true", help="fit a calibration map from the raw shares")
    args = parser.parse_args(argv)
    if args.decisions < 1:
        parser.error("--decisions must be at least 1")
    started = time.perf_counter()
    if args.load:
        samples = [Sample(**json.loads(line)) for line in args.load.read_text().splitlines() if line.strip()]
    else:
        samples = []
        stream = coached_games(args.presets.split(","), args.seats.split(","), args.seed, args.decisions, args.raw)
        for sample in stream:
            samples.append(sample)
            if args.save:
                with args.save.open("a") as out:
                    out.write(json.dumps({f: getattr(sample, f) for f in Sample.__slots__}) + "\n")
            if len(samples) % 100 == 0:
                print(f"{len(samples)} decisions, {time.perf_counter() - started:.0f} s", file=sys.stderr)
    print(f"{len(samples)} coached decisions, presets {args.presets}, seats {args.seats}, seed {args.seed}"
          f"{' (raw play-out shares)' if args.raw else ''}")
    print(format_table(calibration_table(samples)))
    for kind in ("turn", "discard"):
        part = [s for s in samples if s.kind == kind]
        if part:
            print(f"\n{kind} decisions ({len(part)}):")
            print(format_table(calibration_table(part)))
    if args.fit:
        halves = samples[0::2], samples[1::2]
        checked = []
        for fit_on, check_on in (halves, halves[::-1]):
            maps = fit_maps(fit_on)
            checked += [Sample(s.preset, s.kind, s.raw, scaled(s.raw, pick(maps, s)), s.kept) for s in check_on]
        print("\ncross-fitted (maps fitted on one half of the decisions, checked on the other):")
        print(format_table(calibration_table(checked)))
        print("\nmaps fitted on all samples (SCALING in thirtyone/coach/calibration.py):")
        for key, value in sorted(fit_maps(samples).items()):
            print(f"    {key!r}: {value},")
    print(f"\n{time.perf_counter() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
