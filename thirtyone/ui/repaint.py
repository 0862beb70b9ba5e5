"""Repainting only what changed: a scene's frame as a list of items over a still background.

A scene describes its frame as ``Item``s in painting order, each with the screen area it
may touch and a key that changes whenever its look changes (``None``: changes every
frame). ``Repainter`` compares the list with the last frame's: where an item appeared,
went or changed, it restores the background and paints again, clipped to that area,
every item that reaches into it, in order. So the screen ends up as a full repaint
would leave it, and the window presents only those areas.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable, Hashable

import pygame

FULL_SHARE = 0.5
"""Above this share of the screen changed, one full repaint is cheaper than pieces."""
MAX_PIECES = 24
"""Changed areas kept apart at most; beyond this the nearest are joined."""


Signature = tuple[tuple[int, ...], object]
"""An item as a frame compares it: its area and its look."""


@dataclass(frozen=True, eq=False)
class Item:
    """One thing painted over the background: the area it may touch, its look and how to paint it."""

    area: pygame.Rect
    key: Hashable | None
    paint: Callable[[pygame.Surface], None]


def frame_signature(items: list[Item]) -> list[Signature]:
    """Each item as (area, key); an item without a key differs from every other frame's."""
    return [(tuple(item.area), item.key if item.key is not None else object()) for item in items]


def changed_areas(before: list[Signature], now: list[Signature]) -> list[pygame.Rect]:
    """Areas where the frame ``now`` may differ from ``before`` (both from ``frame_signature``)."""
    old, new = Counter(before), Counter(now)
    gone, came = old - new, new - old
    areas = [pygame.Rect(sig[0]) for sig in gone.elements()] + [pygame.Rect(sig[0]) for sig in came.elements()]
    kept_before = [sig for sig in before if sig not in gone]
    kept_now = [sig for sig in now if sig not in came]
    if kept_before != kept_now:  # the same things in another order overlap differently
        areas += [pygame.Rect(sig[0]) for sig in kept_now]
    return areas


def merge_areas(areas: list[pygame.Rect], bounds: pygame.Rect) -> list[pygame.Rect]:
    """``areas`` clipped to ``bounds``, overlapping ones joined, at most ``MAX_PIECES`` left."""
    pieces = [a.clip(bounds) for a in areas]
    pieces = [p for p in pieces if p.w > 0 and p.h > 0]
    merged = True
    while merged:
        merged = False
        for i in range(len(pieces)):
            hit = pieces[i].collidelist(pieces[i + 1:])
            if hit >= 0:
                pieces[i] = pieces[i].union(pieces.pop(i + 1 + hit))
                merged = True
                break
    while len(pieces) > MAX_PIECES:
        pieces.sort(key=lambda p: (p.x, p.y))
        pieces[0:2] = [pieces[0].union(pieces[1])]
    return pieces


class Repainter:
    """Keeps the last frame's items and repaints a surface where the next one differs."""

    def __init__(self) -> None:
        self._before: list[Signature] | None = None
        self._background: pygame.Surface | None = None

    def forget(self) -> None:
        """The screen was painted by someone else: the next frame is painted whole."""
        self._before = None

    def paint(self, surface: pygame.Surface, background: pygame.Surface, items: list[Item],
              full: bool = False) -> list[pygame.Rect] | None:
        """Bring ``surface`` to ``background`` + ``items``; the areas that changed, or ``None`` if all of it."""
        now = frame_signature(items)
        before, self._before = self._before, now
        bounds = surface.get_rect()
        whole = full or before is None or background is not self._background or background.get_size() != bounds.size
        self._background = background
        areas: list[pygame.Rect] = []
        if not whole and before is not None:
            areas = merge_areas(changed_areas(before, now), bounds)
            whole = sum(a.w * a.h for a in areas) > FULL_SHARE * bounds.w * bounds.h
        if whole:
            paint_all(surface, background, items)
            return None
        clip = surface.get_clip()
        for area in areas:
            surface.set_clip(area)
            surface.blit(background, area, area)
            for item in items:
                if item.area.colliderect(area):
                    item.paint(surface)
        surface.set_clip(clip)
        return areas


def paint_all(surface: pygame.Surface, background: pygame.Surface, items: list[Item]) -> None:
    """The whole frame, painted from scratch (what every partial repaint must equal)."""
    surface.blit(background, (0, 0))
    for item in items:
        item.paint(surface)
