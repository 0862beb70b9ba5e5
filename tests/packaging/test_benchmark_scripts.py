"""Every benchmark script still runs and prints its figures (at a tiny size), so none can rot unseen.

These start a Python per script and take about a minute together, so they are kept out of
the README's test command (marked ``bench``); ``.ci/run`` runs them on their own:
``python -m pytest -m bench tests/packaging/test_benchmark_scripts.py``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.locations import ROOT

pytestmark = pytest.mark.bench
SCRIPTS = ROOT / "build_scripts"

RUNS = {
    "bench_autosave.py": (["--lengths", "30", "--kept-answers"], "journal"),
    "bench_bots.py": (["--games", "4", "--expert-games", "4", "--rows", "sharp-casual"], "%"),
    "bench_coach.py": (["--decisions", "6", "--presets", "classic", "--seats", "casual,casual"], "%"),
    "bench_decisions.py": (["--games", "1"], "CPU per decision"),
    "bench_dealer_choice.py": (["--games", "4", "--jobs", "1"], "always keeps"),
    "bench_duels.py": (["duels", "--duels", "20", "--misfire", "0"], "%"),
    "bench_engine.py": (["--seconds", "0.2", "--runs", "1"], "rounds"),
    "bench_inferred.py": (["--samples", "20", "--every", "40", str(ROOT / "tests" / "data" / "record_bots_inferred.json")],
                          "median"),
    "bench_network.py": (["--games", "1"], "p95"),
    "bench_memory.py": (["--minutes", "1", "--size", "640x400", "--speed", "instant"], "MiB"),
    "bench_review.py": (["--games", "1", "--lives", "1"], "read from kept answers"),
    "bench_old_west.py": (["--games", "4", "--rows", "seed"], "%"),
    "bench_startup.py": (["--runs", "1", "--", sys.executable, "-m", "thirtyone"], "first frame"),
    "bench_ui.py": (["frames", "idle", "startup", "coach", "bots", "--frames", "30", "--idle-seconds", "0.3",
                     "--runs", "1", "--hints", "1", "--bot-frames", "30"], "worker process"),
    "bench_unseen.py": (["--games", "4", "--styles", "early_knocker"], "%"),
    "life_losses.py": (["--games", "4"], "knocks"),
}


def test_every_benchmark_script_is_covered() -> None:
    scripts = {p.name for p in SCRIPTS.glob("bench_*.py")} | {"life_losses.py"}
    assert scripts == set(RUNS)


@pytest.mark.parametrize("script", sorted(RUNS))
def test_the_benchmark_runs_at_a_tiny_size_and_prints_figures(script: str, tmp_path: Path) -> None:
    args, expected = RUNS[script]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, str(SCRIPTS / script), *args], capture_output=True, text=True,
                          timeout=600, cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    assert expected in done.stdout, done.stdout[-2000:]


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="needs valgrind")
def test_the_instruction_count_runs_and_prints_a_count(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(SCRIPTS / "engine_instructions.py"), "--games", "2"],
                          capture_output=True, text=True, timeout=600, cwd=tmp_path,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.returncode == 0, done.stderr[-2000:]
    assert "instructions per round" in done.stdout


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="needs valgrind")
def test_the_instruction_count_counts_its_own_checkout_and_says_which(tmp_path: Path) -> None:
    # No PYTHONPATH: an installed copy of the package elsewhere must not be the one counted.
    env = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    done = subprocess.run([sys.executable, str(SCRIPTS / "engine_instructions.py"), "--games", "1"],
                          capture_output=True, text=True, timeout=600, cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    assert f"engine in {ROOT / 'thirtyone'}" in done.stdout, done.stdout
