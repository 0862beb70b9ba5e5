"""``thirtyone --self-test``: prove an installed or frozen copy works, headless.

Imports every module of the game, loads every asset it ships, plays a whole
bots-only game through the controller, walks every screen a player reaches in
every language (``selftest_tour``), then drives the real window code (dummy
video and audio drivers) through a demo game until someone wins. Exit status 0 means all is well;
otherwise one line per failure says what broke.
"""

from __future__ import annotations

import os
import sys
import time
import traceback
import wave
from typing import Any, Callable

os.environ["SDL_VIDEODRIVER"] = os.environ.get("THIRTYONE_SELFTEST_VIDEO", "dummy")
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from ..i18n import N_, _  # noqa: E402
from ..paths import asset_files, asset_path, assets_root  # noqa: E402

STALL_LIMIT_S = 300.0
"""How long the demo game may go without a move before it counts as stuck. Only a hang is bounded, never
the whole game: bots think in a worker process in real time, so a busy machine (a CI runner, a build
beside other work) stretched a game past the 120 s once allowed for all of it."""
DECKS = ("classic", "classic4", "pony")
RANKS, SUITS = "A23456789TJQK", "SHDC"


def check_assets() -> str:
    """Load every image, font and sound shipped in ``assets``; check the decks are complete."""
    root = assets_root()
    if not root.is_dir():
        raise RuntimeError(f"assets folder missing: {root}")
    shipped = set(asset_files())
    for deck in DECKS:
        missing = [f"{r}{s}.png" for r in RANKS for s in SUITS if ("cards", deck, f"{r}{s}.png") not in shipped]
        if missing or ("cards", deck, "back.png") not in shipped:
            raise RuntimeError(f"deck {deck} is incomplete: {', '.join(missing[:5]) or 'back.png'}")
    counts = {"images": 0, "fonts": 0, "sounds": 0}
    for parts in sorted(shipped):
        path = asset_path(*parts)
        if path.suffix == ".png":
            pygame.image.load(str(path))
            counts["images"] += 1
        elif path.suffix == ".ttf":
            font = pygame.font.Font(str(path), 24)
            if font.size("♠♥♦♣")[0] <= 0:
                raise RuntimeError(f"{path.name} draws no suit symbols")
            counts["fonts"] += 1
        elif path.suffix == ".wav":
            with wave.open(str(path)) as sound:
                if sound.getnframes() <= 0:
                    raise RuntimeError(f"{path.name} is empty")
            counts["sounds"] += 1
    return _("{images} images, {fonts} fonts, {sounds} sounds").format(
        images=counts["images"], fonts=counts["fonts"], sounds=counts["sounds"])


def check_modules() -> str:
    """Import every module of the game: a module the build left out fails here, not at a player's start."""
    import importlib
    import pkgutil
    import thirtyone
    names = sorted(info.name for info in pkgutil.walk_packages(thirtyone.__path__, "thirtyone.")
                   if not info.name.endswith("__main__"))
    for name in names:
        importlib.import_module(name)
    return _("{count} modules").format(count=len(names))


def check_headless_game() -> str:
    """A whole game of bots through the controller, replayed from its record."""
    from ..controller import Match
    from ..model import preset
    from ..model.record import GameRecord, Seat
    match = Match.new(preset("classic"), [Seat(n, "bot:random") for n in ("Ada", "Bo", "Cy", "Di")], seed=31)
    match.play_bots_to_end()
    again = Match.from_record(GameRecord.from_json(match.record.to_json()))
    if not match.is_over or again.events != match.events:
        raise RuntimeError("the replayed game differs from the game played")
    return _("{count} actions, winner {name}").format(count=match.action_count, name=match.names[match.winner])


def check_window() -> str:
    """Run the real window loop on the demo table until a game is won."""
    from .launch import build_app
    os.environ["THIRTYONE_TEST_FAST"] = "1"
    app = build_app(demo=True, seed=7, size=(1280, 720))
    frames = 0
    start = moved_at = time.perf_counter()
    progress: tuple[object, ...] = ()
    while time.perf_counter() - moved_at < STALL_LIMIT_S:
        app.frame(pygame.event.get(), 1 / 60)
        app.draw(app.screen)
        frames += 1
        if type(app.stack[-1]).__name__ == "GameOverScene":
            return _("demo game won after {frames} frames in {seconds} s").format(
                frames=frames, seconds=f"{time.perf_counter() - start:.1f}")
        now = _progress(app)
        if now != progress:
            progress, moved_at = now, time.perf_counter()
        time.sleep(0.001)  # as the window waits between frames: the bots' worker gets the processor
    raise RuntimeError(_("the demo game stopped: no move in {seconds} s").format(seconds=f"{STALL_LIMIT_S:.0f}"))


def _progress(app: Any) -> tuple[object, ...]:
    """What changes whenever the demo game moves on: the screens shown and the moves played."""
    matches = [scene.session.match for scene in app.stack if hasattr(getattr(scene, "session", None), "match")]
    return (tuple(type(scene).__name__ for scene in app.stack), tuple(match.action_count for match in matches))


def check_screens() -> str:
    """Every screen a player reaches, by clicks and keys, in every language (``selftest_tour``)."""
    from .selftest_tour import check_tour
    return check_tour()


def check_speech() -> str:
    """The speech log writes and reads back a line; the system's voice is found (required with
    ``THIRTYONE_SELFTEST_SPEECH=required``, as the release builds run it), or the reason it is not."""
    import tempfile
    from pathlib import Path
    from ..speech import LogBackend, SilentBackend, system_backend
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "speech.log"
        log = LogBackend(path)
        log.speak("7♥ self-test", False)
        log.close()
        if not path.read_text(encoding="utf-8").rstrip("\n").endswith("\t7♥ self-test"):
            raise RuntimeError("the speech log did not read back")
    backend = system_backend()
    try:
        if isinstance(backend, SilentBackend):
            if os.environ.get("THIRTYONE_SELFTEST_SPEECH") == "required":
                raise RuntimeError(_("no system speech: {reason}").format(reason=backend.reason))
            return _("log; no system speech ({reason})").format(reason=backend.reason.rstrip("."))
        return _("log and {backend}").format(backend=backend.name)
    finally:
        backend.close()


CHECKS: tuple[tuple[str, Callable[[], str]], ...] = (
    (N_("modules"), check_modules), (N_("assets"), check_assets), (N_("headless game"), check_headless_game),
    (N_("speech"), check_speech), (N_("screens"), check_screens), (N_("window"), check_window),
)


def run_self_test() -> int:
    """Run every check; print one line each; 0 if all passed."""
    failures = 0
    pygame.init()
    for name, check in CHECKS:
        try:
            print(_("ok    {check}: {detail}").format(check=_(name), detail=check()))
        except Exception as error:  # a self-test reports every failure, whatever it is
            failures += 1
            print(_("FAIL  {check}: {error}").format(check=_(name), error=error))
            traceback.print_exc(limit=3, file=sys.stderr)
    pygame.quit()
    print(_("self-test passed") if not failures else
          _("self-test failed: {failures} of {count} checks").format(failures=failures, count=len(CHECKS)))
    return 1 if failures else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run_self_test())
