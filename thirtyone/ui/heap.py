"""Hand the memory the window freed back to the system, where the C library allows it.

Cards, text and layers are drawn into new surfaces and let go all evening; glibc's
allocator keeps the freed pages for reuse instead of returning them, so the window's
resident size crept up by about 20 MiB an hour of play that nothing held (measured with
``build_scripts/bench_memory.py``: 125 MiB before ``malloc_trim``, 112 MiB after, at the
first minute). ``release_freed`` asks glibc to return them; elsewhere it does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
from typing import Any, Callable

_trim: Callable[[int], Any] | None = None
if sys.platform.startswith("linux"):
    try:
        _trim = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
    except (OSError, AttributeError):  # musl and other C libraries have no malloc_trim
        _trim = None


def release_freed() -> bool:
    """Return freed heap pages to the system; whether the C library could."""
    if _trim is None:
        return False
    _trim(0)
    return True
