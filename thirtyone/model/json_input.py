"""Reading JSON that may be damaged or hostile: one guarded path for every file the game reads.

Game records, settings, statistics and the autosave are read by
``paths.read_regular`` (regular files only, capped at ``paths.MAX_FILE_BYTES``) and
decoded by ``decode_json``. Whatever they cannot use raises
``JsonInputError`` whose message completes a sentence about the file ("is not
UTF-8 text", "is nested too deeply") and never repeats more than a few dozen
characters of the input. Limits: the file's size, the nesting depth, the
length of numbers, and no ``NaN``/``Infinity``.
"""

from __future__ import annotations

import json
import math
import reprlib
from typing import Any

from ..i18n import _

MAX_DEPTH = 32
"""Deeper than any file the game writes (a record is 3 levels deep)."""
MAX_NUMBER_CHARS = 100
"""Seeds are 63-bit numbers (19 digits); longer numbers are damage."""
_UTF8_BOM = b"\xef\xbb\xbf"
_OTHER_BOMS = ((b"\x00\x00\xfe\xff", "UTF-32"), (b"\xff\xfe\x00\x00", "UTF-32"),
               (b"\xfe\xff", "UTF-16"), (b"\xff\xfe", "UTF-16"))

_brief_repr = reprlib.Repr()
_brief_repr.maxstring = 40
_brief_repr.maxother = 40
_brief_repr.maxlevel = 2
_brief_repr.maxlist = _brief_repr.maxdict = _brief_repr.maxtuple = 4


class JsonInputError(ValueError):
    """A file that cannot be read as the JSON the game expects; the message says why in a few words."""

    def __init__(self, message: str, line: int | None = None, detail: str = "") -> None:
        super().__init__(message)
        self.line = line
        """The line of a JSON syntax error, with ``detail`` the parser's words for it."""
        self.detail = detail


def brief(value: Any) -> str:
    """A short ``repr`` of a value from a file, safe for any size or depth (for error messages)."""
    return _brief_repr.repr(value)


def clip(message: str, limit: int = 240) -> str:
    """``message`` cut to ``limit`` characters on one line (a bad file must not flood the screen)."""
    line = " ".join(message.split())
    return line if len(line) <= limit else line[:limit - 1] + "…"


def decode_text(raw: bytes) -> str:
    """UTF-8 text (a byte-order mark is allowed); ``JsonInputError`` for any other encoding."""
    if raw.startswith(_UTF8_BOM):
        raw = raw[len(_UTF8_BOM):]
    for mark, name in _OTHER_BOMS:
        if raw.startswith(mark):
            raise JsonInputError(_("is {name} text; it must be saved as UTF-8").format(name=name))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise JsonInputError(_("is not UTF-8 text (byte {number} cannot be read)").format(number=error.start + 1)) from None


def decode_json(raw: bytes | str) -> Any:
    """The JSON value in ``raw``, checked against the limits above; ``JsonInputError`` if it cannot be used."""
    text = decode_text(raw) if isinstance(raw, bytes) else raw.removeprefix("\ufeff")
    if not text.strip():
        raise JsonInputError(_("is empty"))
    try:
        value = json.loads(text, parse_int=_whole_number, parse_float=_fraction, parse_constant=_no_constant)
    except JsonInputError:
        raise
    except json.JSONDecodeError as error:
        raise JsonInputError(_("is not valid JSON (line {lineno}: {msg})").format(lineno=error.lineno, msg=error.msg),
                             error.lineno, error.msg) from None
    except RecursionError:
        raise JsonInputError(_("is nested too deeply")) from None
    except ValueError as error:  # the interpreter's own limit on long numbers, if ours were bypassed
        raise JsonInputError(_("holds a value that cannot be read ({error})").format(error=clip(str(error), 80))) from None
    if _depth_exceeds(value, MAX_DEPTH):
        raise JsonInputError(_("is nested too deeply"))
    return value


def _whole_number(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise JsonInputError(_("holds a number {count} digits long").format(count=len(text)))
    return int(text)


def _fraction(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise JsonInputError(_("holds a number {count} characters long").format(count=len(text)))
    value = float(text)
    if not math.isfinite(value):
        raise JsonInputError(_("holds a number too large to use ({digits})").format(digits=text[:20]))
    return value


def _no_constant(text: str) -> float:
    raise JsonInputError(_("holds {text}, which is not a number JSON allows").format(text=text))


def _depth_exceeds(value: Any, limit: int) -> bool:
    """Whether containers nest more than ``limit`` deep (iterative: no recursion on hostile data)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False
