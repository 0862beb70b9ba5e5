"""Hand the memory the window freed back to the system, where the C library allows it.

Cards, text and layers are drawn into new surfaces and let go all evening; glibc's
allocator keeps the freed pages for reuse instead of returning them, so the window's
resident size crept up by about 20 MiB an hour of play that nothing held (measured with
``build_scripts/bench_memory.py``: 125 MiB before ``malloc_trim``, 112 MiB after, at the
first minute). ``release_freed`` asks glibc to return them; elsewhere it does nothing.
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


def release_freed() -> bool:
    """Return freed heap pages to the system; whether the C library could."""
    trim = _trim()
    if trim is None:
        return False
    trim(0)
    return True
