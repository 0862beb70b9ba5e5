"""Bots: opponents that see only a seat's observation.

Every level plays fair: it is handed what its seat sees (its own cards and the table) and nothing
else; the strongest one guesses hidden cards from what everyone saw. The one player that sees all
the hands, ``build_scripts/perfect_info.py``, is a yardstick for benchmarks, never a level.

``make_bot(spec)`` builds a bot from a level id (``"random"``, ``"beginner"``,
…) or from an import path ``"package.module:factory"`` whose callable returns
an object with ``choose(observation, rng)``; such a plug-in is loaded and asked
in a worker process of its own with a time bound, and any failure is a ``BotFailure``
(``plugin.py``, ``plugin_host.py``).

Every level from Beginner up is armed for Old West (``gunslinger``): its gun
style decides shots and Quick Draw answers; its card play never sees a gun.
"""

from __future__ import annotations

from ..i18n import N_, _
from .base import Bot, BotLevel, RandomBot
from .casual import BeginnerBot, CasualBot
from .expert import DEFAULT_BUDGET_MS, ExpertBot
from .gunslinger import Gunslinger, armed
from .plugin import BotFailure, PluginBot, is_plugin, load_plugin
from .sharp import SharpBot

LEVELS: dict[str, BotLevel] = {level.id: level for level in (
    BotLevel("random", N_("Dice"), N_("Plays any legal move at random, but never passes up a 31."), RandomBot),
    BotLevel("beginner", "Pip", N_("Eager and friendly; now and then throws the wrong card or knocks on a whim."),
             lambda: armed(BeginnerBot(), "beginner")),
    BotLevel("casual", "Sunny", N_("Grabs whatever improves the hand and knocks once it looks good enough."),
             lambda: armed(CasualBot(), "casual")),
    BotLevel("sharp", "Marlowe", N_("Remembers every card, never feeds your suit, and knocks when the table is weak."),
             lambda: armed(SharpBot(), "sharp")),
    BotLevel("expert", "Lovelace", N_("Sees only what its seat sees, like you; weighs your pickups and plays the round "
                                      "out in its head."),
             lambda: armed(ExpertBot(), "expert")),
)}
"""Bot levels by id, weakest first; the window lists them by ``name`` (personalities, and names that are
words, are marked for the catalogue and translated where shown). No name or line may suggest a bot
sees hidden cards: none does (issue 47; the strongest was called Oracle, "reads your hand")."""

FAIR_PLAY = N_("Every bot sees only what its seat sees: its own cards and what lies open on the table, never "
               "another player's hand or the order of the stock. The strongest, {name}, guesses hidden cards "
               "from what everyone has seen, as you can.")
"""What How to play says of the bots (format with ``name``, the strongest level's): the promise they keep."""


def fair_play() -> str:
    """``FAIR_PLAY`` in the current language, naming the strongest level."""
    return _(FAIR_PLAY).format(name=_(LEVELS["expert"].name))


def make_bot(spec: str, budget_ms: float | None = None, clock: bool = True,
             timeout_s: float | None = None) -> Bot:
    """A new bot for a level id or a ``module:callable`` import path; ``ValueError`` if unknown or unloadable.

    ``budget_ms`` sets the thinking (play-outs) of bots that search (the Expert); ``clock=False``
    lets no clock cut a search short, so moves never depend on the machine. Others ignore both.
    A plug-in gets ``timeout_s`` (default ``plugin.DECISION_TIMEOUT_S``) to load and to make each decision.
    """
    if spec == "expert" and (budget_ms is not None or not clock):
        return armed(ExpertBot(budget_ms=DEFAULT_BUDGET_MS if budget_ms is None else budget_ms, clock=clock), "expert")
    if spec in LEVELS:
        return LEVELS[spec].make()
    if not is_plugin(spec):
        raise ValueError(f"unknown bot {spec!r}: use one of {', '.join(LEVELS)} or module.path:factory")
    try:
        return load_plugin(spec, timeout_s)
    except BotFailure as failure:
        raise ValueError(str(failure)) from None


__all__ = ["BeginnerBot", "Bot", "BotFailure", "BotLevel", "CasualBot", "DEFAULT_BUDGET_MS", "ExpertBot", "FAIR_PLAY",
           "Gunslinger", "LEVELS", "fair_play", "PluginBot", "RandomBot", "SharpBot", "is_plugin", "make_bot"]
