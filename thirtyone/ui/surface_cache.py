"""A cache of drawn surfaces bounded by the bytes it holds, dropping the least recently used.

The window caches every scaled card, tilted card, shadow and line of text it draws, so a
frame never scales or renders twice. Counting entries does not bound memory (a 1920×1080
felt weighs as much as a thousand small labels), so each cache here holds at most
``budget`` bytes of pixels and lets the surfaces it has not been asked for longest go.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Hashable

import pygame


def surface_bytes(surface: pygame.Surface) -> int:
    """The bytes of pixels ``surface`` holds."""
    return surface.get_pitch() * surface.get_height()


class SurfaceCache:
    """Surfaces by key, at most ``budget`` bytes of pixels in all (the newest one is always kept)."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.bytes = 0
        """Bytes of pixels held now."""
        self._entries: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self.evicted = 0
        """Surfaces let go to stay within the budget so far (a steady rise means the budget is too small)."""

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: Hashable) -> pygame.Surface | None:
        """The surface kept under ``key`` (now the most recently used), or None."""
        surface = self._entries.get(key)
        if surface is not None:
            self._entries.move_to_end(key)
        return surface

    def put(self, key: Hashable, surface: pygame.Surface) -> pygame.Surface:
        """Keep ``surface`` under ``key``; older surfaces go while the budget is exceeded. Returns it."""
        self.drop(key)
        self._entries[key] = surface
        self.bytes += surface_bytes(surface)
        while self.bytes > self.budget and len(self._entries) > 1:
            _old, gone = self._entries.popitem(last=False)
            self.bytes -= surface_bytes(gone)
            self.evicted += 1
        return surface

    def drop(self, key: Hashable) -> None:
        """Forget the surface under ``key``, if any."""
        gone = self._entries.pop(key, None)
        if gone is not None:
            self.bytes -= surface_bytes(gone)

    def clear(self) -> None:
        """Forget every surface."""
        self._entries.clear()
        self.bytes = 0
