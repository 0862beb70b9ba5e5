"""Bots: opponents that see only a seat's observation.

``make_bot(spec)`` builds a bot from a level id (``"random"``, ``"beginner"``,
…) or from an import path ``"package.module:factory"`` whose callable returns
an object with ``choose(observation, rng)``.

Every level from Beginner up is armed for Old West (``gunslinger``): its gun
style decides shots and Quick Draw answers; its card play never sees a gun.
"""

from __future__ import annotations

import importlib

from .base import Bot, BotLevel, RandomBot
from .casual import BeginnerBot, CasualBot
from .expert import DEFAULT_BUDGET_MS, ExpertBot
from .gunslinger import Gunslinger, armed
from .sharp import SharpBot

LEVELS: dict[str, BotLevel] = {level.id: level for level in (
    BotLevel("random", "Dice", "Plays any legal move at random.", RandomBot),
    BotLevel("beginner", "Pip", "Eager and friendly; now and then throws the wrong card or knocks on a whim.",
             lambda: armed(BeginnerBot(), "beginner")),
    BotLevel("casual", "Sunny", "Grabs whatever improves the hand and knocks once it looks good enough.",
             lambda: armed(CasualBot(), "casual")),
    BotLevel("sharp", "Marlowe", "Remembers every card, never feeds your suit, and knocks when the table is weak.",
             lambda: armed(SharpBot(), "sharp")),
    BotLevel("expert", "Oracle", "Reads your hand from what you pick up and plays the round out in its head.",
             lambda: armed(ExpertBot(), "expert")),
)}
"""Bot levels by id, weakest first; the window lists them by ``name``."""


def make_bot(spec: str, budget_ms: float | None = None, clock: bool = True) -> Bot:
    """A new bot for a level id or a ``module:callable`` import path; ``ValueError`` if unknown.

    ``budget_ms`` sets the thinking (play-outs) of bots that search (the Expert); ``clock=False``
    lets no clock cut a search short, so moves never depend on the machine. Others ignore both.
    """
    if spec == "expert" and (budget_ms is not None or not clock):
        return armed(ExpertBot(budget_ms=DEFAULT_BUDGET_MS if budget_ms is None else budget_ms, clock=clock), "expert")
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


__all__ = ["BeginnerBot", "Bot", "BotLevel", "CasualBot", "DEFAULT_BUDGET_MS", "ExpertBot", "Gunslinger", "LEVELS", "RandomBot",
           "SharpBot", "make_bot"]
