"""Hand the memory the window freed back to the system, where the C library allows it.

Cards, text and layers are drawn into new surfaces and let go all evening; glibc's
allocator keeps the freed pages for reuse instead of returning them, so the window's
resident size crept up by about 20 MiB an hour of play that nothing held (measured with
``build_scripts/bench_memory.py``: 125 MiB before ``malloc_trim``, 112 MiB after, at the
first minute). ``release_freed`` asks glibc to return them; elsewhere it does nothing.

Between two trims the freed pages still counted: glibc serves a block of 128 KiB or more
from its own mapping only until the program frees one of a larger size, then raises that
bar (to 8 MiB after the first full-window layer at 1920×1080), so every card, tilted card and
layer after it came from the heap and stayed resident when let go, until the next trim;
the window crept to 163 MiB over 40 minutes of ``--demo``. ``return_large_blocks_at_once``
fixes the bar at 128 KiB: such blocks are mapped and unmapped whole, and freeing one
returns it at once (measured: 116 MiB instead of 127 MiB after eight minutes of
``--demo``, growing 2.4 MiB after the fourth minute instead of 8).
"""

from __future__ import annotations

import ctypes
import sys
from functools import cache
from typing import Any, Callable


@cache
def _trim() -> Callable[[int], Any] | None:
    """glibc's ``malloc_trim``, found in the running program's own symbols on the first call
    (not at start-up: looking the C library up by name ran ``ldconfig``, 12 ms)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        trim: Callable[[int], Any] = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):  # musl and other C libraries have no malloc_trim
        return None
    return trim


@cache
def _mallopt() -> Callable[[int, int], int] | None:
    """glibc's ``mallopt``, where there is one."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        option: Callable[[int, int], int] = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return None
    return option


M_MMAP_THRESHOLD = -3
"""``mallopt``'s parameter for the size from which blocks are mapped on their own (glibc's malloc.h)."""
LARGE_BLOCK = 128 * 1024
"""glibc's own starting value, kept for good: a card of about 180×180 pixels or more."""


def return_large_blocks_at_once() -> bool:
    """Serve blocks of ``LARGE_BLOCK`` bytes or more from mappings of their own, freed back to the
    system when let go (glibc: this also stops the bar rising); whether the C library could."""
    option = _mallopt()
    return option is not None and option(M_MMAP_THRESHOLD, LARGE_BLOCK) == 1


def release_freed() -> bool:
    """Return freed heap pages to the system; whether the C library could."""
    trim = _trim()
    if trim is None:
        return False
    trim(0)
    return True
