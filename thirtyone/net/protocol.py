"""The table protocol: versioned JSON messages, one schema each, checked before anything reads them.

Every message is one WebSocket text frame holding one JSON object with a
``"type"``. A client's messages are at most ``MAX_CLIENT_MESSAGE_BYTES``; the
host refuses anything else (see ``docs/network.md``, which lists every field).
``read_client_message`` is the one door for what a client sends: it returns the
checked object or raises ``ProtocolError`` with one short sentence.
"""

from __future__ import annotations

import json
import secrets
from typing import Any
from urllib.parse import urlsplit

from ..i18n import _
from ..model.json_input import JsonInputError, brief, decode_json
from .refusals import TYPE_WORDS, ArgValue, Refusal

PROTOCOL = 2
"""The protocol version: a host refuses a client of another version with a clear message (2: states are deltas)."""
SERVICE_TYPE = "_thirtyone._tcp.local."
"""The mDNS service type hosts advertise and the Join screen browses."""
MAX_CLIENT_MESSAGE_BYTES = 4096
"""The longest message a client may send (a hello with a 32-character name is about 200 bytes)."""
MAX_HOST_MESSAGE_BYTES = 4 * 1024 * 1024
"""The longest message a client accepts from a host (a state after hundreds of rounds stays far below)."""
MAX_NAME_CHARS = 24
"""The longest player name at a table."""
CODE_ALPHABET = "ACDEFHJKMNPRTVWXY34679"
"""Join-code letters: no look-alikes (0/O, 1/I/L, 2/Z, 5/S, 8/B, G/6, U/V) and easy to say aloud."""
CODE_LENGTH = 6
CODE_SPACE = len(CODE_ALPHABET) ** CODE_LENGTH
"""How many join codes there are: 22^6, about 113 million (26.8 bits)."""
TOKEN_BYTES = 24


class ProtocolError(ValueError):
    """A message that is not one of this protocol's; ``refusal`` says why (its text, in English, is the error's)."""

    def __init__(self, key: str, **args: ArgValue) -> None:
        self.refusal = Refusal(key, args)
        super().__init__(str(self.refusal))


_OPTIONAL = object()
"""Marks a field that may be missing."""

CLIENT_SCHEMAS: dict[str, dict[str, tuple[tuple[type, ...], bool]]] = {
    # field: (allowed JSON types, required)
    "hello": {"protocol": ((int,), True), "code": ((str,), True), "name": ((str,), False),
              "seat": ((int, type(None)), False), "token": ((str, type(None)), False),
              "spectate": ((bool,), False)},
    "act": {"action": ((str,), True), "turn": ((int,), False)},
    "answer": {"cue": ((int,), True)},
    "start": {},
    "bye": {},
}
"""What a client may send, by type: each field's JSON types and whether it must be there."""

HOST_TYPES = ("welcome", "refused", "lobby", "state", "cue", "error", "end")
"""What a host sends (``docs/network.md`` has their fields)."""


def new_code() -> str:
    """A fresh join code such as ``"KX4-TRM"``: six letters from ``CODE_ALPHABET`` (``CODE_SPACE`` codes,
    26.8 bits: ``admission.CodeGuard`` keeps guessing slow)."""
    letters = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{letters[:3]}-{letters[3:]}"


def normal_code(text: str) -> str:
    """A code as typed (any case, spaces or dashes) in its one written form, e.g. ``kx4 trm`` → ``KX4-TRM``."""
    letters = "".join(ch for ch in text.upper() if ch not in " -")
    return f"{letters[:3]}-{letters[3:]}" if len(letters) == CODE_LENGTH else letters


def is_code(text: str) -> bool:
    """Whether ``text`` (in its normal form) is a join code this program could have made."""
    letters = text.replace("-", "")
    return len(letters) == CODE_LENGTH and all(ch in CODE_ALPHABET for ch in letters)


def address_problem(text: str) -> str | None:
    """Why ``text`` is not a table's address (``ws://HOST:PORT`` or ``wss://HOST:PORT``), or ``None``."""
    parts = urlsplit(text)
    try:
        port = parts.port
    except ValueError:
        port = None
    if parts.scheme not in ("ws", "wss") or not parts.hostname or port is None:
        return _("{text!r} is not a table address: write ws://HOST:PORT or wss://HOST:PORT").format(text=text[:80])
    return None


def new_token() -> str:
    """A seat's secret reconnect token (URL-safe, 192 bits)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def encode(message: dict[str, Any]) -> str:
    """One message as the text of a frame."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def read_client_message(raw: str | bytes) -> dict[str, Any]:
    """A client's frame, checked against its type's schema; ``ProtocolError`` if it is not one."""
    if isinstance(raw, bytes):
        raise ProtocolError("binary")
    if len(raw.encode("utf-8")) > MAX_CLIENT_MESSAGE_BYTES:
        raise ProtocolError("too-big", limit=MAX_CLIENT_MESSAGE_BYTES)
    try:
        data = decode_json(raw)
    except JsonInputError as error:
        raise ProtocolError("not-json", detail=str(error)) from None
    if not isinstance(data, dict):
        raise ProtocolError("not-object")
    kind = data.get("type")
    schema = CLIENT_SCHEMAS.get(kind) if isinstance(kind, str) else None
    if schema is None:
        raise ProtocolError("unknown-type", kind=brief(kind), types=", ".join(CLIENT_SCHEMAS))
    for field, (types, required) in schema.items():
        if field not in data:
            if required:
                raise ProtocolError("missing-field", kind=str(kind), field=repr(field))
            continue
        value = data[field]
        if isinstance(value, bool) and bool not in types or not isinstance(value, types):
            raise ProtocolError("wrong-type", kind=str(kind), field=field, types=tuple(TYPE_WORDS[t] for t in types),
                                value=brief(value))
        if isinstance(value, str) and not _is_text(value):
            raise ProtocolError("not-text", kind=str(kind), field=field)
    extra = set(data) - set(schema) - {"type"}
    if extra:
        raise ProtocolError("unknown-field", kind=str(kind), field=brief(sorted(extra)[0]))
    return data


def _is_text(value: str) -> bool:
    """Whether ``value`` is real text: JSON's ``\\ud800`` escapes let a lone surrogate in, which nothing can encode."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def version_refusal(hello: dict[str, Any]) -> Refusal | None:
    """Why a hello of another protocol version is refused, or ``None``."""
    version = hello["protocol"]
    if version == PROTOCOL:
        return None
    return Refusal("protocol-newer" if version > PROTOCOL else "protocol-older", {"host": PROTOCOL, "client": version})


def check_version(hello: dict[str, Any]) -> str | None:
    """Why a hello of another protocol version is refused, in English, or ``None``."""
    refusal = version_refusal(hello)
    return None if refusal is None else str(refusal)


def clean_name(name: Any, fallback: str) -> str:
    """A player's name as the table shows it: printable, trimmed, at most ``MAX_NAME_CHARS``; ``fallback`` if empty."""
    text = "".join(ch for ch in str(name) if ch.isprintable()).strip()[:MAX_NAME_CHARS].strip()
    return text or fallback

