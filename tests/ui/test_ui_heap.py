"""Memory the window frees goes back to the system at once, not at the next trim."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from tests.locations import ROOT


def measured(program: str, count: int) -> list[float]:
    """The last ``count`` figures ``program`` prints, run in a fresh interpreter (its own heap)."""
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr[-2000:]
    return [float(value) for value in done.stdout.split()[-count:]]

PROGRAM = textwrap.dedent('''
    import os
    os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame
    from thirtyone.ui.app import App

    def rss_mib():
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2 ** 20

    app = App(size=(1920, 1080))
    layer = pygame.Surface((1920, 1080)).convert()  # a full-window layer, drawn and let go
    del layer
    before = rss_mib()
    kept, drawn = [], []
    for number in range(120):  # cards drawn at new sizes between small things that stay
        drawn.append(pygame.Surface((200 + number % 7, 300)).convert_alpha())
        drawn[-1].fill((number, 0, 0, 255))
        kept.append(bytearray(600))
    grown = rss_mib() - before
    del drawn
    print(f"{grown:.1f} {rss_mib() - before:.1f}")
''')


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc; glibc's allocator")
def test_large_surfaces_let_go_leave_the_resident_size_at_once() -> None:
    grown, left = measured(PROGRAM, 2)
    assert grown > 20, f"the test drew {grown:.1f} MiB of surfaces (expected about 28)"
    assert left < 4, f"{left:.1f} MiB of {grown:.1f} MiB freed stayed resident"


FONTS_PROGRAM = textwrap.dedent('''
    import os
    os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
    from thirtyone.ui.app import App
    from thirtyone.ui.heap import release_freed

    def rss_mib():
        release_freed()
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2 ** 20

    app = App(size=(1920, 1080))
    assets = app.ctx.assets
    words = "Ada knocks! Ben is out — 31! Schwimmen, Feuer. 0123456789"
    assets.text(words, 20, (255, 255, 255), bold=True)
    before = rss_mib()
    for evening in range(3):  # popups grow and shrink through every size, many times an evening
        for size in range(11, 131):
            for bold in (False, True):
                assets.text(words, size, (255, 255, 255), bold=bold)
    print(f"{rss_mib() - before:.1f}")
''')


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_text_set_at_every_size_an_evening_holds_a_bounded_amount() -> None:
    (grown,) = measured(FONTS_PROGRAM, 1)
    # The rendered lines are bounded by the text cache (6 MiB), the fonts by their number and their
    # sizes squared (Assets.FONT_AREA): here the few largest are kept. All 240 held 64 MiB.
    assert grown < 20, f"{grown:.1f} MiB more after setting text at 240 font sizes"
