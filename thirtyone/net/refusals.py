"""Every refusal a host sends, by key: its English sentence defined once, translated at the client.

A ``refused`` or ``error`` message carries ``key`` and ``args`` beside ``reason`` (the English
sentence, for a reader of the wire and for an older client). The client shows
``refusal_text(message)``: the key's sentence in the player's language, filled with the args;
a key it does not know (a newer host) falls back to the reason as sent. An arg named in
``TRANSLATED_ARGS`` is itself a message (the rules engine's reason for a refused move, a
field's JSON types) and is translated too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Union

from ..i18n import N_, _
from ..model.json_input import clip

ArgValue = Union[str, int, tuple[str, ...]]
"""What a refusal is filled with: text, a number, or a list of words (joined with "or")."""

REFUSALS: dict[str, str] = {
    # refused: the connection closes
    "binary": N_("messages are JSON text frames, not binary"),
    "too-big": N_("a message may be at most {limit} bytes"),
    "not-json": N_("not JSON: {detail}"),
    "not-object": N_("a message is a JSON object with a \"type\""),
    "unknown-type": N_("unknown message type {kind}; a client sends {types}"),
    "missing-field": N_("{kind}: the field {field} is missing"),
    "wrong-type": N_("{kind}: {field} must be {types}, not {value}"),
    "unknown-field": N_("{kind}: unknown field {field}"),
    "not-text": N_("{kind}: {field} is not valid text (it holds a lone surrogate)"),
    "hello-first": N_("say hello first"),
    "protocol-newer": N_("this table speaks protocol {host} and your program speaks protocol {client} (newer): "
                         "play with the same version of thirtyone as the host"),
    "protocol-older": N_("this table speaks protocol {host} and your program speaks protocol {client} (older): "
                         "play with the same version of thirtyone as the host"),
    "wrong-code": N_("wrong join code"),
    "guessing": N_("too many wrong join codes from your address: try again in {minutes} min"),
    "token": N_("this token does not open that seat"),
    "started": N_("the game has started: only its players can come back (with their token), "
                  "or watch as a spectator"),
    "full": N_("no free seat at this table"),
    "flooding": N_("too many messages: slow down"),
    "hello-twice": N_("hello is said once"),
    # error: the message changed nothing, the connection stays
    "spectator": N_("spectators watch; they do not play"),
    "not-started": N_("the game has not started"),
    "already-started": N_("the game has already started"),
    "host-starts": N_("only the host starts the game (Start now, in the host's lobby)"),
    "early-answer": N_("that answer came before the draw: fire back only after the cue"),
    "duel-on": N_("a draw is being answered: wait for the shot"),
    "stale": N_("that move was meant for an earlier moment: the table has moved on"),
    "unreadable-action": N_("the action cannot be read: {detail}"),
    "quickdraw-form": N_("draw with \"quickdraw YOUR-SEAT TARGET\"; the host times the answers"),
    "no-draw-target": N_("you cannot draw on that seat now"),
    "illegal": "{reason}",  # the rules engine's sentence, translated as an arg
}
"""Each refusal's key and English sentence (``{name}`` marks where an arg goes)."""

MAX_SHOWN_CHARS = 300
"""The longest refusal a client shows (a host's text is not trusted to be short)."""
TRANSLATED_ARGS = frozenset({"reason", "types"})
"""Args that are messages themselves: the client translates them (a list word by word)."""

TYPE_WORDS = {int: N_("a whole number"), str: N_("text"), bool: N_("true or false"), type(None): N_("null")}
"""How a JSON type is named in a refusal."""


@dataclass(frozen=True)
class Refusal:
    """One refusal: its ``key`` in ``REFUSALS`` and what fills the sentence."""

    key: str
    args: Mapping[str, ArgValue] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.key not in REFUSALS:
            raise KeyError(f"no refusal {self.key!r}")

    def __str__(self) -> str:
        """The sentence in English, as it travels in ``reason``."""
        return fill(REFUSALS[self.key], self.args, translate=False)

    def data(self) -> dict[str, Any]:
        """The fields a ``refused`` or ``error`` message carries."""
        args = {name: list(value) if isinstance(value, tuple) else value for name, value in self.args.items()}
        return {"reason": str(self), "key": self.key, "args": args}


def fill(sentence: str, args: Mapping[str, Any], translate: bool) -> str:
    """``sentence`` with its args put in; ``translate``: the sentence and the message args in the player's language."""
    shown: dict[str, str] = {}
    for name, value in args.items():
        words = [str(word) for word in value] if isinstance(value, (list, tuple)) else [str(value)]
        if translate and name in TRANSLATED_ARGS:
            words = [_(word) for word in words]
        shown[name] = (_(" or ") if translate else " or ").join(words)
    return (_(sentence) if translate else sentence).format(**shown)


def refusal_text(message: Mapping[str, Any]) -> str:
    """What the player reads of a host's ``refused`` or ``error`` ``message``, in their language.

    A key this program does not know, or args that do not fit its sentence, show the reason as it came."""
    reason = str(message.get("reason", ""))
    key, args = message.get("key"), message.get("args", {})
    if not isinstance(key, str) or key not in REFUSALS or not isinstance(args, dict):
        return clip(_(reason), MAX_SHOWN_CHARS) if reason else _("the host refused without a reason")
    try:
        return clip(fill(REFUSALS[key], args, translate=True), MAX_SHOWN_CHARS)
    except (KeyError, IndexError, ValueError):
        return clip(_(reason), MAX_SHOWN_CHARS) if reason else _(REFUSALS[key])


__all__ = ["REFUSALS", "Refusal", "TRANSLATED_ARGS", "TYPE_WORDS", "fill", "refusal_text"]
