"""Plug-in bots in the window: seated from --seat, never saved, replaced by their level when they fail."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.locations import ROOT
from tests.ui_support import make_app, open_table, run_until, setup

from thirtyone.cli import build_parser
from thirtyone.cli.plugin_seats import seat_argument

PLUGINS = '''
import os
import time

class Picky:
    def __init__(self, fail):
        self.fail, self.choices = fail, 0
    def choose(self, observation, rng):
        if len(observation.legal_actions) > 1:
            self.choices += 1
            if self.choices == 2:
                self.fail()
        return observation.legal_actions[0]

def raises():
    def fail():
        raise KeyError("no idea")
    return Picky(fail)

def sleeps():
    def fail():
        open(os.path.join(os.path.dirname(__file__), "sleeping"), "w").close()
        time.sleep(3600)
    return Picky(fail)

def slow_to_make():
    # A factory that reads a big table, say: it loads until the test says "go" (300 s only bounds a hang).
    here = os.path.dirname(__file__)
    deadline = time.monotonic() + 300
    while not os.path.exists(os.path.join(here, "go")) and time.monotonic() < deadline:
        time.sleep(0.01)
    open(os.path.join(here, "made"), "w").close()
    return Picky(lambda: None)

def computes():
    def fail():
        open(os.path.join(os.path.dirname(__file__), "computing"), "w").close()
        sum(range(10**11))  # one long call in C: no other thread of this process runs meanwhile
    return Picky(fail)
'''


@pytest.fixture()
def plugins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "windowbots.py").write_text(PLUGINS)
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("factory, reason", [("raises", "it raised KeyError: 'no idea'"),
                                              ("sleeps", "no answer within 0.3 s")])
def test_a_failing_plugin_is_replaced_by_its_seats_level_with_a_notice(
        plugins: Path, monkeypatch: pytest.MonkeyPatch, factory: str, reason: str) -> None:
    import thirtyone.bots.plugin as plugin
    monkeypatch.setattr(plugin, "DECISION_TIMEOUT_S", 0.3)
    app = make_app()
    app.ctx.demo = True  # round-end panels continue by themselves
    app.ctx.plugin_seats = {1: f"windowbots:{factory}"}
    table = open_table(app, setup(["random", "casual", "random"], seed=4))
    match = table.session.match
    assert type(match.record.seats[1].player) is str and match.record.seats[1].player == "bot:casual"
    assert run_until(app, lambda: "plug-in bot failed" in table.message, wall_s=20)
    assert table.message == f"Ben's plug-in bot failed ({reason}); Sunny plays on for Ben."
    assert any(line.startswith("Ben's plug-in bot was replaced by Sunny: bot 'windowbots:") for line in table.log_lines)
    # Ben (now Sunny) keeps playing: the game goes on past several of Ben's turns.
    failed_at = match.action_count
    assert run_until(app, lambda: match.is_over or match.action_count >= failed_at + 20, wall_s=30)
    assert "windowbots" not in match.record.to_json()


def test_seat_option_parses_and_refuses_what_it_cannot_seat() -> None:
    assert seat_argument("2=mybots:make_bot") == (1, "mybots:make_bot")
    for bad in ("2", "x=mybots:make", "0=mybots:make", "17=mybots:make", "2=casual"):
        with pytest.raises(Exception):
            seat_argument(bad)
    assert "--seat N=MODULE:FACTORY" in build_parser().format_help()


@pytest.mark.parametrize("argv, why", [
    (["--seat", "2=nosuchmodule:make"], "cannot load bot 'nosuchmodule:make': it raised ModuleNotFoundError"),
    (["--seat", "2=casual"], "is not N=module.path:factory"),
])
def test_a_bad_seat_option_exits_2_with_a_message(argv: list[str], why: str, tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "thirtyone", *argv, "--data-dir", str(tmp_path)],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})  # this tree's package, installed or not
    assert done.returncode == 2
    assert why in done.stderr and "Traceback" not in done.stderr


def test_a_sleeping_plugin_never_keeps_the_program_alive(plugins: Path) -> None:
    """Close the window while the plug-in sleeps mid-decision: the process ends at once."""
    script = textwrap.dedent(f'''
        import os, sys
        sys.path.insert(0, {str(plugins)!r})
        sys.path.insert(0, {str(ROOT)!r})
        from tests.ui_support import make_app, open_table, run_until, setup
        app = make_app()
        app.ctx.demo = True
        app.ctx.plugin_seats = {{1: "windowbots:sleeps"}}
        table = open_table(app, setup(["random", "casual", "random"], seed=4))
        assert run_until(app, lambda: os.path.exists({str(plugins / "sleeping")!r}), wall_s=120)
        app.stack[-1].session.close()  # the window closes while the plug-in sleeps
        print("closed", flush=True)
    ''')
    # The plug-in sleeps an hour: a program that waited for it would end only by this timeout.
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert "closed" in done.stdout, done.stderr
    assert done.returncode == 0


def test_a_plugin_holding_the_interpreter_in_c_is_replaced_within_its_bound(plugins: Path) -> None:
    """The window keeps drawing while the plug-in computes, and its level takes over after the bound."""
    script = textwrap.dedent(f'''
        import os, sys, time
        os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
        sys.path.insert(0, {str(plugins)!r})
        sys.path.insert(0, {str(ROOT)!r})
        import thirtyone.bots.plugin as plugin
        plugin.DECISION_TIMEOUT_S = 1.0
        from tests.ui_support import make_app, open_table, run_until, setup
        app = make_app()
        app.ctx.demo = True
        app.ctx.plugin_seats = {{1: "windowbots:computes"}}
        table = open_table(app, setup(["random", "casual", "random"], seed=4))
        computing = {str(plugins / "computing")!r}
        frames = []
        def failed():
            frames.append(os.path.exists(computing))
            return "plug-in bot failed" in table.message
        assert run_until(app, failed, wall_s=120)
        print("message", table.message, flush=True)
        print("frames while it computed", frames.count(True), flush=True)
    ''')
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert "message Ben's plug-in bot failed (no answer within 1 s); Sunny plays on for Ben." in done.stdout, done.stderr
    # A window that waited for the plug-in drew no frame between its start and the failure.
    assert int(done.stdout.split("frames while it computed ")[1]) >= 3, done.stdout
    assert done.returncode == 0


def test_a_plugin_in_the_default_seats_is_replaced_with_a_line_saying_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Settings may name ``bot:mybots:make``; New game seats only built-in levels, and the player is told."""
    from thirtyone.model.record import Seat
    from thirtyone.storage import Settings, StoragePaths, save_settings
    from thirtyone.ui import launch
    from thirtyone.ui.app import App
    from thirtyone.ui.game_setup import GameSetup

    seats = (Seat("You", "human"), Seat("Mallory", "bot:mybots:make"), Seat("Cy", "bot:sharp"))
    settings = Settings(default_seats=seats)
    save_settings(StoragePaths.portable(tmp_path), settings)
    shown: list[str] = []
    monkeypatch.setattr(App, "loop", lambda self: (shown.append(getattr(self.stack[-1], "text", "")), 0)[1])
    assert launch.run(build_parser().parse_args(["--data-dir", str(tmp_path)])) == 0
    level = GameSetup.from_settings(settings).seats[1].player
    from thirtyone.bots import LEVELS
    line = (f"Default seat 2 (Mallory) names the plug-in bot mybots:make; New game seats only built-in "
            f"levels, so {LEVELS[level].name} plays there. To seat the plug-in, start with --seat 2=mybots:make.")
    assert f"thirtyone: {line}" in capsys.readouterr().err.splitlines()
    assert shown == [line]  # the banner over the title says it too


def test_a_new_game_never_waits_for_a_slow_plugin_factory(plugins: Path) -> None:
    """The factory runs in the plug-in's process at its first decision: the table opens at once and
    frames go on while it loads; then the plug-in plays its seat."""
    app = make_app()
    app.ctx.demo = True
    app.ctx.plugin_seats = {1: "windowbots:slow_to_make"}
    table = open_table(app, setup(["random", "casual", "random"], seed=4))  # the factory has not run yet
    match = table.session.match
    # Frames go on while the factory loads; it finishes only once the test says so, after them
    # (a window that waited for it would wait here until the plug-in's bound failed it).
    assert run_until(app, lambda: table.session.thinking_seat == 1, wall_s=120)
    for _ in range(5):
        app.frame([], 0.05)
    assert not (plugins / "made").exists()
    (plugins / "go").touch()
    assert run_until(app, lambda: match.action_count >= 12, wall_s=120)
    assert (plugins / "made").exists() and "plug-in bot failed" not in table.message
