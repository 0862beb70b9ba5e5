"""Pure, portable chance: shuffles and random draws from a seed and a counter.

Every chance event of a game (a deal, a reshuffle, a new board, a misfire)
takes the game's seed and a running counter and hashes them (BLAKE2b, SHAKE-256).
Nothing mutable is shared, a state can be replayed from any point, and a seed
gives the same cards on every platform and Python version (``random.Random``
promises none of that for ``shuffle``).
"""

from __future__ import annotations

import hashlib
import struct
from typing import Sequence, TypeVar

T = TypeVar("T")
_blake2b = hashlib.blake2b
_from_bytes = int.from_bytes


def chance_bits(seed: int, counter: int) -> int:
    """512 random bits for chance event number ``counter`` of game ``seed``."""
    # ``b"%d:%d"`` is the bytes of ``f"{seed}:{counter}"``; BLAKE2b's digest is 64 bytes by default.
    return _from_bytes(_blake2b(b"%d:%d" % (seed, counter)).digest(), "little")


def shuffled(seed: int, counter: int, items: Sequence[T]) -> tuple[T, ...]:
    """A random permutation of ``items`` (Fisher–Yates).

    Each step takes its own 32-bit number from SHAKE-256, so the bias of the
    modulo is below 52 / 2**32: far below anything measurable.
    """
    n = len(items)
    out = list(items)
    if n < 2:
        return tuple(out)
    raw = hashlib.shake_256(f"{seed}:{counter}".encode()).digest(4 * n)
    numbers = struct.unpack(f"<{n}I", raw)
    for i in range(n - 1, 0, -1):
        j = numbers[i] % (i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out)


def uniform(seed: int, counter: int) -> float:
    """A uniform float in ``[0, 1)`` for chance event ``counter``."""
    return (chance_bits(seed, counter) >> 459) / float(1 << 53)


def choice_index(seed: int, counter: int, n: int) -> int:
    """A uniform index in ``range(n)``."""
    return chance_bits(seed, counter) % n


def bot_seed(game_seed: int, seat: int, purpose: str, number: int) -> str:
    """The seed of a bot's generator for one decision: a one-way digest (BLAKE2b, hex).

    Seat, purpose (``"turn"``, ``"answer"``, ``"draw"``) and the action number
    make every decision's generator its own; the digest keeps the game's seed,
    which fixes every card still to come, out of reach of a bot that studies
    its generator.
    """
    text = f"bot:{purpose}:{game_seed}:{seat}:{number}".encode()
    return _blake2b(text, digest_size=16).hexdigest()
