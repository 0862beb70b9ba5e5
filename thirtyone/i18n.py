"""Which language the player reads, and the one door every player-facing string goes through.

Text is translated when it is shown, not when a module is imported: ``_("Knock")`` looks the
string up in the catalogue chosen *now*, so switching the language needs no restart. Strings
that must be written at import time (tables of labels) are marked with ``N_`` and translated
with ``_`` where they are drawn or printed.

Catalogues are GNU gettext ``.mo`` files inside the package
(``thirtyone/locale/<code>/LC_MESSAGES/thirtyone.mo``), compiled from the ``.po`` beside them by
``build_scripts/i18n.py compile``. Standard library only: the rules engine may use it too.
"""

from __future__ import annotations

import gettext
import locale
import os
import struct
from importlib import resources

DOMAIN = "thirtyone"
"""The gettext domain: the catalogues' file name."""

LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "nl": "Nederlands", "fr": "Français", "it": "Italiano",
                             "nb": "Norsk bokmål", "sv": "Svenska"}
"""The languages with a complete catalogue, by code, each named in itself."""

SYSTEM_ALIASES: dict[str, str] = {"no": "nb", "nn": "nb"}
"""System language codes the game answers in a near language: Norwegian (``no``) and Nynorsk read bokmål."""

SOURCE_LANGUAGE = "en"
"""The language the code is written in; it needs no catalogue."""

AUTO = "auto"
"""The setting that follows the system's language."""

_ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where gettext itself looks for the language, in its order."""

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE


def system_language() -> str:
    """The system's language if the game speaks it, else English.

    Reads the variables gettext reads (``LANGUAGE`` may list several, ``de:en``), then the
    locale Python was started with (Windows and macOS set no variables).
    """
    candidates: list[str] = []
    for name in _ENVIRONMENT:
        value = os.environ.get(name, "")
        if value:
            candidates.extend(value.split(":"))
            break
    try:
        found = locale.getlocale()[0]
    except ValueError:  # an unparsable locale name in the environment
        found = None
    if found:
        candidates.append(found)
    for candidate in candidates:
        code = candidate.split(".")[0].split("_")[0].split("-")[0].lower()
        code = SYSTEM_ALIASES.get(code, code)
        if code in LANGUAGES:
            return code
        if code in ("c", "posix"):
            return SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def catalogue(code: str) -> gettext.NullTranslations:
    """The translations for one language code (English, or an unknown code: none)."""
    if code == SOURCE_LANGUAGE or code not in LANGUAGES:
        return gettext.NullTranslations()
    path = resources.files(__package__ or "thirtyone").joinpath("locale", code, "LC_MESSAGES", f"{DOMAIN}.mo")
    try:
        with path.open("rb") as stream:
            return gettext.GNUTranslations(stream)
    except (OSError, struct.error, ValueError):  # a missing or damaged catalogue: the game still speaks English
        return gettext.NullTranslations()


def set_language(choice: str | None) -> str:
    """Speak ``choice`` from now on (a code of ``LANGUAGES``, or ``auto``/None for the system's).

    Returns the code now in use.
    """
    global _translations, _language
    code = system_language() if choice in (None, "", AUTO) else str(choice)
    if code not in LANGUAGES:
        code = SOURCE_LANGUAGE
    _translations = catalogue(code)
    _language = code
    return code


def language() -> str:
    """The code of the language in use."""
    return _language


RANK_LETTERS = {"de": {"J": "B", "Q": "D"}}
"""Court-card letters a language writes its own way: German Bube and Dame (Ass and König are A and K in
both). ``Card.from_code`` reads these letters too, so a card written for a player can be typed back."""


def rank_letter(letter: str) -> str:
    """A rank's letter (``"Q"``) as the language in use writes it on a card (German ``"D"``)."""
    return RANK_LETTERS.get(_language, {}).get(letter, letter)


DECIMAL_MARKS = {"de": ",", "nl": ",", "fr": ",", "nb": ",", "sv": ",", "it": ","}
"""Languages that write a decimal comma ("30,5"); the others write a point."""


def decimal(text: str) -> str:
    """A number written for reading (``"30.5"``) with the language's decimal mark (``"30,5"``)."""
    mark = DECIMAL_MARKS.get(_language)
    return text.replace(".", mark) if mark else text


def _(message: str) -> str:
    """``message`` in the language in use (the empty string stays empty: gettext would give the header)."""
    return _translations.gettext(message) if message else message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a counted message that fits ``count`` ("1 life", "2 lives"; German "1 Leben").

    The catalogue's own ``Plural-Forms`` rule picks the form: French "0 vie" (``n > 1``), Dutch "0 levens"."""
    return _translations.ngettext(singular, plural, count)


YOU = "You"
"""The window's default name for a human seat, shown translated (``seat_name``). Only a name: who is told
"you" is decided by the seat that is looking, never by this (``narrate``'s ``you``)."""


def seat_name(name: str) -> str:
    """A seat's name as the player reads it: the seat called You is "Du" in German, others are names."""
    return _("You") if name == YOU else name


def ordinal(n: int) -> str:
    """A place as a player reads it: 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … (German: 1., 2., 3.)."""
    form = N_("{n}th") if 10 <= n % 100 <= 20 else {1: N_("{n}st"), 2: N_("{n}nd"), 3: N_("{n}rd")}.get(n % 10, N_("{n}th"))
    return _(form).format(n=n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it yet (it is translated where shown)."""
    return message
