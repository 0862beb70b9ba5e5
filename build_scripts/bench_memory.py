"""The window's memory over an evening of ``--demo``: resident size per minute and its slope.

    python build_scripts/bench_memory.py [--minutes 20] [--size 1920x1080] [--speed normal] [--real-time]

Runs the real window code on the dummy video driver, bots at every seat as ``thirtyone
--demo`` does, on the window's clock: each frame advances 1/60 s, so twenty minutes of
play take far less than twenty minutes here (``--real-time`` paces them to the wall clock, an
evening as a player has it), and every animation a player would see
(cards in flight at every width, flips, tilts) is drawn. Prints the window's resident set size
(RSS, from /proc/self/statm), its worker processes' (bots, coach: summed from /proc) and
the bytes held by the surface caches at each minute, then the slope of each RSS over the
minutes after the first (MiB per hour; flat is near 0), or after ``--slope-from``. Target
(issue "runs all evening"): at most 160 MiB at 1920×1080, and no rising slope.

Each minute also says how many rounds and games were played so far (bots think in real time in
their worker processes, so a busy machine plays less in a minute of window time: compare runs by
games as well as minutes) and, on glibc, the C heap as ``mallinfo2`` sees it: bytes in use in the
heap, free bytes kept inside it (fragmentation) and blocks mapped on their own (surfaces of 128 KiB
and more).
"""

from __future__ import annotations

import argparse
import ctypes
import os
import sys
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

FRAME_S = 1 / 60
MIB = 1024 * 1024


def rss_bytes(pid: int | str = "self") -> int:
    """A process's resident set size (this one's unless told), 0 once it is gone."""
    try:
        with open(f"/proc/{pid}/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return 0


def descendants(pid: int) -> list[int]:
    """The process ids of ``pid``'s children, their children and so on (the bot and coach workers)."""
    found: list[int] = []
    try:
        with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as children:
            direct = [int(child) for child in children.read().split()]
    except OSError:
        return found
    for child in direct:
        found += [child, *descendants(child)]
    return found


def workers_rss_bytes() -> int:
    """The resident set sizes of this process's worker processes, summed (shared pages count in each)."""
    return sum(rss_bytes(child) for child in descendants(os.getpid()))


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]


def heap_figures() -> str:
    """glibc's heap now: in use, free inside the heap, mapped blocks (MiB); "" where there is no ``mallinfo2``."""
    try:
        mallinfo2 = ctypes.CDLL(None).mallinfo2
    except (OSError, AttributeError):
        return ""
    mallinfo2.restype = _MallInfo2
    info = mallinfo2()
    return (f", heap in use {info.uordblks / MIB:5.1f} free {info.fordblks / MIB:4.1f}, "
            f"mapped blocks {info.hblkhd / MIB:5.1f} MiB")


def slope_per_hour(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of (minute, MiB) points, in MiB per hour."""
    if len(points) < 2:
        return 0.0
    n = len(points)
    mean_x = sum(x for x, _ in points) / n
    mean_y = sum(y for _, y in points) / n
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    return 60 * sum((x - mean_x) * (y - mean_y) for x, y in points) / spread if spread else 0.0


def run(minutes: int, size: tuple[int, int], speed: str,
        real_time: bool = False) -> list[tuple[float, float, float, float]]:
    """(minute, window RSS MiB, cache MiB, workers' RSS MiB) once a minute of window time;
    ``real_time`` paces the frames to the wall clock, as a player's window runs."""
    import time

    import pygame
    from thirtyone.storage.settings import Settings
    from thirtyone.ui.launch import build_app
    app = build_app(demo=True, seed=1, settings=Settings(animation_speed=speed, bot_speed=speed), size=size)
    played = {"RoundEndScene": 0, "GameOverScene": 0}
    apply = app.apply

    def counting(transition: Any) -> None:
        scene = type(getattr(transition, "scene", None)).__name__
        if scene in played:
            played[scene] += 1
        apply(transition)

    app.apply = counting  # type: ignore[method-assign]
    samples = [(0.0, rss_bytes() / MIB, app.ctx.assets.cached_bytes / MIB, workers_rss_bytes() / MIB)]
    frames_per_minute = round(60 / FRAME_S)
    due = time.perf_counter()
    for minute in range(1, minutes + 1):
        for _frame in range(frames_per_minute):
            app.frame(pygame.event.get(), FRAME_S)
            app.draw(app.screen)
            if real_time:
                due += FRAME_S
                time.sleep(max(0.0, due - time.perf_counter()))
        samples.append((float(minute), rss_bytes() / MIB, app.ctx.assets.cached_bytes / MIB,
                        workers_rss_bytes() / MIB))
        print(f"minute {minute:3d}: window RSS {samples[-1][1]:6.1f} MiB, workers {samples[-1][3]:6.1f} MiB, "
              f"surface caches {samples[-1][2]:5.1f} MiB, {app.ctx.assets.evicted} surfaces let go so far"
              f"{heap_figures()}; {played['RoundEndScene']} rounds, {played['GameOverScene']} games played", flush=True)
    return samples


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=int, default=20, help="minutes of window time (default 20)")
    parser.add_argument("--size", default="1920x1080", help="window size WxH (default 1920x1080)")
    parser.add_argument("--speed", default="normal", choices=("slow", "normal", "fast", "instant"),
                        help="animation and bot speed (default normal, as a new player has it)")
    parser.add_argument("--real-time", action="store_true",
                        help="pace the frames to the wall clock: the minutes are real ones, and the bots' "
                             "thinking takes the share of them it takes a player (without it, window time "
                             "runs ahead of the bots and a minute holds fewer rounds)")
    parser.add_argument("--slope-from", type=int, default=1,
                        help="the slope counts the minutes from this one on (default 1: after the first)")
    args = parser.parse_args(argv)
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"--size {args.size!r}: give it as WIDTHxHEIGHT, e.g. 1920x1080")
    if args.minutes < 1:
        parser.error("--minutes must be at least 1")
    if not 0 <= args.slope_from <= args.minutes:
        parser.error("--slope-from must be between 0 and --minutes")
    samples = run(args.minutes, (width, height), args.speed, args.real_time)
    after_first = [(m, r) for m, r, _, _ in samples if m >= args.slope_from]
    peak = max(r for _, r, _, _ in samples)
    print(f"{args.size}, {args.minutes} min of --demo, the window alone: start {samples[0][1]:.1f} MiB, "
          f"peak {peak:.1f} MiB, end {samples[-1][1]:.1f} MiB; slope from minute {args.slope_from} "
          f"{slope_per_hour(after_first):+.1f} MiB/hour")
    workers_after_first = [(m, w) for m, _, _, w in samples if m >= args.slope_from]
    print(f"its worker processes: peak {max(w for _, _, _, w in samples):.1f} MiB, end {samples[-1][3]:.1f} MiB; "
          f"slope from minute {args.slope_from} {slope_per_hour(workers_after_first):+.1f} MiB/hour")
    return 0


if __name__ == "__main__":
    sys.exit(main())
