"""Bots: opponents that see only a seat's observation.

``make_bot(spec)`` builds a bot from a level id (``"random"``, ``"beginner"``,
…) or from an import path ``"package.module:factory"`` whose callable returns
an object with ``choose(observation, rng)``.
"""

from __future__ import annotations

import importlib

from .base import Bot, BotLevel, RandomBot

LEVELS: dict[str, BotLevel] = {
    "random": BotLevel("random", "Dice", "Plays any legal move at random.", RandomBot),
}
"""Bot levels by id, weakest first; the window lists them by ``name``."""


def make_bot(spec: str) -> Bot:
    """A new bot for a level id or a ``module:callable`` import path; ``ValueError`` if unknown."""
    if spec in LEVELS:
        return LEVELS[spec].make()
    if ":" not in spec:
        raise ValueError(f"unknown bot {spec!r}: use one of {', '.join(LEVELS)} or module.path:factory")
    module_name, _, attribute = spec.partition(":")
    try:
        factory = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError) as error:
        raise ValueError(f"cannot load bot {spec!r}: {error}") from None
    bot = factory()
    if not callable(getattr(bot, "choose", None)):
        raise ValueError(f"{spec!r} did not return a bot: it needs a choose(observation, rng) method")
    return bot


__all__ = ["Bot", "BotLevel", "LEVELS", "RandomBot", "make_bot"]
