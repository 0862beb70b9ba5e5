"""Is the coach honest? Predicted chance to keep one's lives this round against what happened.

    python build_scripts/bench_coach.py --decisions 5000            # the table for docs/coach.md
    python build_scripts/bench_coach.py --decisions 300 --seed 2    # a quick look
    python build_scripts/bench_coach.py --decisions 6000 --raw --save samples.jsonl   # data to refit the map
    python build_scripts/bench_coach.py --load a.jsonl --load b.jsonl --fit   # refit, each file checked by the others
    python build_scripts/bench_coach.py --load c.jsonl --rescore   # saved games through the map shipped now

Bots play games (the presets in turn, seats shuffled each game); at each bot
decision the coach scores the move made from that seat's observation; when the
round ends the decision is marked kept (no life lost) or not. The table groups
the shown chances by tenths; each group of 200+ decisions should be within 3
points. ``--raw`` skips the calibration map; ``--fit`` prints a new map fitted on
all the samples, and a cross-fitted table: with several ``--load`` files (runs
with different seeds, so different games) each file is checked with a map fitted
on the others; with one, even decisions are checked with a map fitted on odd
ones and the reverse.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

from thirtyone.coach.benchmark import (HOPELESS_DECISIONS, Sample, calibration_table, coached_games, fit_hopeless,
                                       fit_knots, format_table)
from thirtyone.coach.calibration import HOPELESS, KNOTS, SHARED_HOPELESS, Knots, shown

PRESETS = ("classic", "london", "kitty", "scat", "open-table", "commerce")
SEATS = ("expert", "sharp", "casual", "sharp")


def fit_maps(samples: list[Sample]) -> tuple[dict[str, Knots], dict[str, float]]:
    """Per decision kind found in ``samples``, a calibration map and a hopeless chance (``KNOTS`` and
    ``HOPELESS`` in ``thirtyone/coach/calibration.py``)."""
    kinds = sorted({s.kind for s in samples})
    parts = {kind: [s for s in samples if s.kind == kind] for kind in kinds}
    maps = {kind: knots for kind, part in parts.items() if (knots := fit_knots(part))}
    return maps, {kind: fit_hopeless(parts[kind], SHARED_HOPELESS) for kind in maps}


def through_maps(samples: list[Sample], maps: dict[str, Knots], hopeless: dict[str, float]) -> list[Sample]:
    """``samples`` with the chance each would show through its kind's map (``hopeless`` for a share of 0);
    samples of a kind with no map (none of that kind, or only hopeless ones, to fit on) are left out."""
    return [replace(s, predicted=shown(s.raw, maps[s.kind], hopeless[s.kind])) for s in samples if s.kind in maps]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=5000, help="coached decisions to collect")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--presets", default=",".join(PRESETS), help="comma-separated preset ids, played in turn")
    parser.add_argument("--seats", default=",".join(SEATS), help="comma-separated bot levels")
    parser.add_argument("--raw", action="store_true", help="report the play-outs' raw shares (no calibration map)")
    parser.add_argument("--save", type=Path, help="write every sample as a JSON line")
    parser.add_argument("--load", type=Path, action="append",
                        help="read samples saved by --save instead of playing (repeat to pool runs)")
    parser.add_argument("--fit", action="store_true", help="fit a calibration map from the raw shares")
    parser.add_argument("--rescore", action="store_true",
                        help="with --load: show the loaded raw shares through the map the game ships now")
    args = parser.parse_args(argv)
    if args.decisions < 1:
        parser.error("--decisions must be at least 1")
    started = time.perf_counter()
    runs: list[list[Sample]] = []
    if args.load:
        runs = [[Sample(**json.loads(line)) for line in path.read_text().splitlines() if line.strip()]
                for path in args.load]
        if args.rescore:
            runs = [through_maps(run, KNOTS, HOPELESS) for run in runs]
        samples = [sample for run in runs for sample in run]
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
    source = (f"from {', '.join(str(path) for path in args.load)}" if args.load else
              f"presets {args.presets}, seats {args.seats}, seed {args.seed}")
    print(f"{len(samples)} coached decisions, {source}{' (raw play-out shares)' if args.raw else ''}")
    print(format_table(calibration_table(samples)))
    for kind in sorted({s.kind for s in samples}):
        part = [s for s in samples if s.kind == kind]
        if part:
            print(f"\n{kind} decisions ({len(part)}):")
            print(format_table(calibration_table(part)))
    if args.fit:
        parts = runs if len(runs) > 1 else [samples[0::2], samples[1::2]]
        checked = []
        for index, check_on in enumerate(parts):
            fit_on = [s for other, part in enumerate(parts) if other != index for s in part]
            checked += through_maps(check_on, *fit_maps(fit_on))
        how = "each file checked with maps fitted on the others" if len(runs) > 1 else \
            "maps fitted on one half of the decisions, checked on the other"
        if len(checked) < len(samples):
            how += f"; {len(samples) - len(checked)} decisions of kinds the other part lacks left out"
        print(f"\ncross-fitted ({how}):")
        print(format_table(calibration_table(checked)))
        print("\nmaps fitted on all samples (KNOTS in thirtyone/coach/calibration.py):")
        maps, hopeless = fit_maps(samples)
        for kind, knots in maps.items():
            print(f"    {kind!r}: {knots},")
        print(f"HOPELESS (shared {SHARED_HOPELESS} below {HOPELESS_DECISIONS} such moves): {hopeless}")
    print(f"\n{time.perf_counter() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
