"""Benchmark the game window with the dummy video driver and print the figures.

    python build_scripts/bench_ui.py            # all three
    python build_scripts/bench_ui.py frames     # frame time, 8 seats mid-animation at 1920×1080
    python build_scripts/bench_ui.py idle       # CPU while the table waits for the human
    python build_scripts/bench_ui.py startup    # process start to first frame
    python build_scripts/bench_ui.py coach      # frame times while the coach thinks, and the hint's delay
    python build_scripts/bench_ui.py bots       # frame times while 8 Expert bots think: on a thread, then in the worker

Targets: frame time p95 ≤ 8 ms, idle CPU ≤ 2 % of a core, first frame ≤ 1 s; while the coach
or the bots think no frame over 20 ms, and the hint on screen within 150 ms at p95.
Run it under Xvfb too: ``SDL_VIDEODRIVER=x11 xvfb-run -a python build_scripts/bench_ui.py bots``.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def frame_figures(walls: list[float], cpus: list[float]) -> dict[str, float]:
    """Wall p50/p95/max of the frames (ms), how many took over 20 ms, and of those how many did over
    20 ms of their own work (the render thread's CPU) and how many only waited for a core (the machine
    is shared: the CPU time does not grow with the load, the wall time does)."""
    pairs = list(zip(walls, cpus)) or [(0.0, 0.0)]  # a tiny run may time no frame
    ordered = sorted(wall for wall, _ in pairs)
    spent = sorted(cpu for _, cpu in pairs)
    return {"p50_ms": statistics.median(ordered), "p95_ms": ordered[int(len(ordered) * 0.95)], "max_ms": ordered[-1],
            "over_20": sum(wall > 20 for wall, _ in pairs), "own_over_20": sum(cpu > 20 for _, cpu in pairs),
            "waited_over_20": sum(wall > 20 >= cpu for wall, cpu in pairs),
            "cpu_p50_ms": statistics.median(spent), "cpu_p95_ms": spent[int(len(spent) * 0.95)], "cpu_max_ms": spent[-1]}


def _frame_line(r: dict[str, float]) -> str:
    return (f"p50 {r['p50_ms']:.2f} ms, p95 {r['p95_ms']:.2f} ms, max {r['max_ms']:.2f} ms, {r['over_20']:.0f} over 20 ms "
            f"({r['own_over_20']:.0f} with over 20 ms of their own work, {r['waited_over_20']:.0f} waiting for a core); "
            f"render thread's CPU p50 {r['cpu_p50_ms']:.2f} ms, p95 {r['cpu_p95_ms']:.2f} ms, max {r['cpu_max_ms']:.2f} ms")


def _load() -> str:
    load = os.getloadavg()
    return f"load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores"


def process_cpu_ms(pid: int | None) -> float:
    """A process's CPU time so far (user and system) in ms, from /proc (0 where there is none)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def _cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def bench_frames(frames: int = 900) -> dict[str, float]:
    """Time whole frames (events, update, draw and present) while the table animates (8 seats, 1920×1080)."""
    import pygame
    from thirtyone.model import PRESETS
    from thirtyone.ui.app import App
    from thirtyone.ui.game_setup import GameSetup, SeatChoice
    from thirtyone.ui.scene import Push
    from thirtyone.ui.table.scene import TableScene
    from thirtyone.storage.settings import Settings
    app = App(Settings(animation_speed="normal", bot_speed="instant"), (1920, 1080))
    seats = [SeatChoice(n, "random") for n in ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana")]
    table = TableScene(app.ctx, GameSetup(seats, "classic", PRESETS["classic"].rules, 5))
    app.apply(Push(table))
    app.ctx.demo = True
    present = getattr(app, "present", pygame.display.flip)  # the same script times a build from before it
    for _ in range(30):  # warm the caches with the first deal
        app.frame([], 1 / 60)
        present()
    walls: list[float] = []
    cpus: list[float] = []
    for _ in range(frames):
        busy = table.choreo.busy
        start, cpu_start = time.perf_counter(), time.thread_time()
        app.frame(pygame.event.get(), 1 / 60)
        present()
        wall, cpu = (time.perf_counter() - start) * 1000, (time.thread_time() - cpu_start) * 1000
        if busy and app.stack[-1] is table:
            walls.append(wall)
            cpus.append(cpu)
    animating = len(walls)
    walls = sorted(walls) or [0.0]  # a tiny run may catch no animation
    cpus = sorted(cpus) or [0.0]
    return {"frames": frames, "animating_frames": animating,
            "p50_ms": statistics.median(walls), "p95_ms": walls[int(len(walls) * 0.95)], "max_ms": walls[-1],
            "cpu_p50_ms": statistics.median(cpus), "cpu_p95_ms": cpus[int(len(cpus) * 0.95)]}


def bench_idle(seconds: float = 5.0) -> dict[str, float]:
    """CPU used by the real loop while the human is to play and nothing moves."""
    import pygame
    from thirtyone.ui.app import App
    from thirtyone.ui.game_setup import GameSetup, SeatChoice
    from thirtyone.ui.scene import Push
    from thirtyone.ui.table.scene import TableScene
    from thirtyone.storage.settings import Settings
    app = App(Settings(animation_speed="instant", bot_speed="instant"), (1920, 1080))
    setup = GameSetup([SeatChoice("You", "human"), SeatChoice("Ada", "random"), SeatChoice("Ben", "random")], seed=3)
    table = TableScene(app.ctx, setup)
    app.apply(Push(table))
    deadline = time.perf_counter() + 60  # the bots answer from their worker process: real time, not frames
    while time.perf_counter() < deadline:
        app.frame([], 0.05)
        if table.input.obs is not None and not table.busy:
            break
        time.sleep(0.01)
    assert not app.busy, "the table should be idle on the human's turn"
    pygame.time.set_timer(pygame.event.Event(pygame.QUIT), int(seconds * 1000), loops=1)
    cpu0, wall0 = _cpu_s(), time.perf_counter()
    app.loop()
    cpu, wall = _cpu_s() - cpu0, time.perf_counter() - wall0
    return {"seconds": wall, "cpu_s": cpu, "cpu_percent": 100 * cpu / wall}


def bench_startup(runs: int = 3) -> dict[str, float]:
    """Wall time from launching Python to the first frame on screen (title scene)."""
    child = ("import time, os; "
             "from thirtyone.ui.launch import build_app; import pygame; "
             "app = build_app(); app.frame([], 0.016); pygame.display.flip(); print('first-frame')")
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, env=os.environ.copy())
        if "first-frame" not in out.stdout:
            raise SystemExit(out.stderr)
        times.append(time.perf_counter() - start)
    return {"runs": runs, "best_s": min(times), "median_s": statistics.median(times)}


def bench_coach(hints: int = 20, ask_after_s: float = 0.5) -> dict[str, float]:
    """Frames while the coach works out hints (8 seats, 1920×1080, frames paced at 60 per second as
    the window's loop does), and the time from the Hint key to the answer being there to draw. The key
    is pressed ``ask_after_s`` into the turn (a person looks at the cards before asking), or as soon as
    the table takes keys (nothing moving) if that is later; 0: at once."""
    import pygame
    from thirtyone.ui.app import App
    from thirtyone.ui.game_setup import GameSetup, SeatChoice
    from thirtyone.ui.scene import Push
    from thirtyone.ui.table.scene import TableScene
    from thirtyone.storage.settings import Settings
    app = App(Settings(animation_speed="instant", bot_speed="instant"), (1920, 1080))
    seats = [SeatChoice("You", "human")] + [SeatChoice(n, "random") for n in ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus")]
    from thirtyone.model import PRESETS
    table = TableScene(app.ctx, GameSetup(seats, "classic", PRESETS["classic"].rules, 5))
    app.apply(Push(table))
    app.ctx.demo = True  # a round's result goes on by itself
    present = getattr(app, "present", pygame.display.flip)
    period = 1 / 60
    walls: list[float] = []
    cpus: list[float] = []
    delays: list[float] = []

    timing = False

    def frame(events: list[pygame.event.Event]) -> None:
        start, cpu_start = time.perf_counter(), time.thread_time()
        app.frame(events, period)
        present()
        took = time.perf_counter() - start
        if timing:
            walls.append(took * 1000)
            cpus.append((time.thread_time() - cpu_start) * 1000)
        time.sleep(max(0.0, period - took))

    turn_began = [0.0]
    worker_at_turn = [0.0]  # the coach's worker's CPU when the turn began: the answer is worked out from then

    def my_turn() -> bool:
        """Frames until the table takes the player's keys (nothing moving); when the turn began."""
        turn_began[0] = 0.0
        for _ in range(2000):
            if app.stack[-1] is table and table.input.obs is not None:
                if not turn_began[0]:
                    turn_began[0] = time.perf_counter()
                    worker_at_turn[0] = process_cpu_ms(getattr(getattr(coach_worker, "_process", None), "pid", None))
                if not table.busy:
                    return True
            if table not in app.stack:  # the game is over
                return False
            frame([])  # the bots play, or a round's result is shown (and goes on by itself: ctx.demo)
        return False

    from thirtyone.thinking import shared_thinker
    coach_worker = shared_thinker("thirtyone-coach")
    worker_cpus: list[float] = []

    hint = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0)
    warm = time.perf_counter()
    while time.perf_counter() - warm < 3.0:  # the worker starts with the table: let it, as a player reading the cards would
        frame([])
    while len(delays) < hints and my_turn():
        pid = getattr(getattr(coach_worker, "_process", None), "pid", None)
        worker_before = worker_at_turn[0]
        timing = True  # from the turn's start the coach is thinking: these frames count too
        while time.perf_counter() - turn_began[0] < ask_after_s:
            frame([])
        asked = time.perf_counter()
        timing = True  # the frames from the key to the hint: the coach is thinking
        frame([hint])
        while table.coach.advice is None and time.perf_counter() - asked < 30:
            frame([])
        timing = False
        delays.append((time.perf_counter() - asked) * 1000)
        worker_cpus.append(process_cpu_ms(pid) - worker_before)
        advice = table.coach.advice
        if advice is None:
            break
        table.act(advice.best.action)
    delays = sorted(delays) or [0.0]
    worker_cpus = sorted(worker_cpus) or [0.0]
    return {"hints": len(delays), "frames": len(walls), **frame_figures(walls, cpus),
            "hint_p50_ms": statistics.median(delays), "hint_p95_ms": delays[min(len(delays) - 1, int(len(delays) * 0.95))],
            "worker_cpu_p50_ms": statistics.median(worker_cpus),
            "worker_cpu_p95_ms": worker_cpus[min(len(worker_cpus) - 1, int(len(worker_cpus) * 0.95))]}


def bench_bots(frames: int = 600, in_worker: bool = True) -> dict[str, float]:
    """Frames while eight Expert bots play each other (1920×1080, bots and cards instant, frames paced
    at 60 per second), thinking in the bots' worker process or, ``in_worker=False``, on a thread of
    the window's process as before issue 37; only the frames a bot was thinking in are timed."""
    import pygame
    from thirtyone.model import PRESETS
    from thirtyone.session import bot_worker
    from thirtyone.storage.settings import Settings
    from thirtyone.ui.app import App
    from thirtyone.ui.game_setup import GameSetup, SeatChoice
    from thirtyone.ui.scene import Push
    from thirtyone.ui.table.scene import TableScene

    class ThreadRunner(bot_worker.BotRunner):
        """The bots as they thought before the worker process: on a thread of this process."""

        def start(self, match: object) -> bool:
            if self.request is not None:
                return True
            request = match.bot_request()  # type: ignore[attr-defined]
            if request is None:
                return False
            self.request, self._match, self.elapsed_s = request, match, 0.0  # type: ignore[assignment]
            self.factor = bot_worker.thinking_time(request, 1.0)
            self._ticket, self._future = None, self._pool.submit(request.decide)
            return True

    app = App(Settings(animation_speed="instant", bot_speed="instant"), (1920, 1080))
    seats = [SeatChoice(n, "expert") for n in ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana")]
    table = TableScene(app.ctx, GameSetup(seats, "classic", PRESETS["classic"].rules, 5))
    session = table.session
    if not in_worker:
        session.bots = ThreadRunner(on_failure=session.bots.on_failure)  # type: ignore[attr-defined]
    app.apply(Push(table))
    app.ctx.demo = True
    present = getattr(app, "present", pygame.display.flip)
    period = 1 / 60
    walls: list[float] = []
    cpus: list[float] = []
    decisions = session.action_count
    for number in range(frames + 120):
        # Only the table's frames with a bot thinking count (not the round's result shown over it).
        thinking = session.thinking_seat >= 0 and app.stack[-1] is table
        start, cpu_start = time.perf_counter(), time.thread_time()
        app.frame(pygame.event.get(), period)
        present()
        took = time.perf_counter() - start
        if number >= 120 and thinking:  # the first two seconds start the worker and warm the caches
            walls.append(took * 1000)
            cpus.append((time.thread_time() - cpu_start) * 1000)
        if session.is_over or table not in app.stack:
            break
        time.sleep(max(0.0, period - took))
    decisions = session.action_count - decisions
    return {"frames": len(walls), "decisions": decisions, **frame_figures(walls, cpus)}


def main(argv: list[str]) -> int:
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("which", nargs="*", choices=("frames", "idle", "startup", "coach", "bots"), default=[],
                        help="which figures (default: all five)")
    parser.add_argument("--hints", type=int, default=20, help="hints to time in 'coach' (default 20)")
    parser.add_argument("--ask-after", type=float, default=0.5, metavar="S",
                        help="'coach': seconds into the turn the Hint key is pressed (default 0.5; 0: at once)")
    parser.add_argument("--frames", type=int, default=900, help="frames to time (default 900)")
    parser.add_argument("--idle-seconds", type=float, default=5.0, help="how long to measure idle CPU (default 5)")
    parser.add_argument("--bot-frames", type=int, default=600,
                        help="frames to time in 'bots', each way (default 600: ten seconds)")
    parser.add_argument("--runs", type=int, default=3, help="start-ups to time (default 3)")
    parser.add_argument("--worker-only", action="store_true",
                        help="'bots': time the bots in their worker process only (not on a thread as before)")
    args = parser.parse_args(argv)
    which = args.which or ["frames", "idle", "startup", "coach", "bots"]
    if "startup" in which:
        r = bench_startup(args.runs)
        print(f"start-up to first frame: best {r['best_s']:.2f} s, median {r['median_s']:.2f} s  (target ≤ 1 s)")
    if "frames" in which:
        r = bench_frames(args.frames)
        print(f"frame time with present, 8 seats, 1920×1080, {r['animating_frames']}/{r['frames']} frames animating: "
              f"wall p50 {r['p50_ms']:.2f} ms, p95 {r['p95_ms']:.2f} ms, max {r['max_ms']:.2f} ms  (target p95 ≤ 8 ms); "
              f"CPU p50 {r['cpu_p50_ms']:.2f} ms, p95 {r['cpu_p95_ms']:.2f} ms "
              "(wall minus CPU is time lost to other processes)")
    if "idle" in which:
        r = bench_idle(args.idle_seconds)
        print(f"idle CPU on the human's turn: {r['cpu_percent']:.2f} % of a core over {r['seconds']:.1f} s  (target ≤ 2 %)")
    if "coach" in which:
        r = bench_coach(args.hints, args.ask_after)
        print(f"frames while the coach thinks, 8 seats, 1920×1080, {os.environ['SDL_VIDEODRIVER']} driver, {_load()}, "
              f"{r['hints']:.0f} hints, {r['frames']:.0f} frames (target none over 20 ms): {_frame_line(r)}; "
              f"hint after the key, pressed {args.ask_after:g} s into the turn: p50 {r['hint_p50_ms']:.0f} ms, p95 {r['hint_p95_ms']:.0f} ms (target p95 ≤ 150 ms), "
              f"the coach's worker's CPU per hint p50 {r['worker_cpu_p50_ms']:.0f} ms, p95 {r['worker_cpu_p95_ms']:.0f} ms "
              "(in 10 ms ticks; what the hint takes when a core is free); "
              f"at the end {_load()}")
    if "bots" in which:
        print(f"frames while 8 Expert bots think, 1920×1080, {os.environ['SDL_VIDEODRIVER']} driver, {_load()} "
              "(target: none over 20 ms):")
        for in_worker in ((True,) if args.worker_only else (False, True)):
            r = bench_bots(args.bot_frames, in_worker)
            where = "worker process" if in_worker else "thread (before)"
            print(f"  {where:>16}: {r['frames']:.0f} frames, {r['decisions']:.0f} decisions: {_frame_line(r)}; "
                  f"{_load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
