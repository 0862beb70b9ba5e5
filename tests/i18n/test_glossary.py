"""Each language says the game's words the way its own tables do (docs/<language>.md explains the choices).

``tests/i18n/glossary/<code>.json`` maps an English msgid, exactly as the code writes it, to the native word its
translation must contain (any case): Dutch "klop" for Knock, French "brelan d'as" for three aces.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from build_scripts import i18n as tool
from thirtyone import i18n

GLOSSARIES = sorted((Path(__file__).parent / "glossary").glob("*.json"))


def _terms(path: Path) -> list[tuple[str, str]]:
    return list(json.loads(path.read_text(encoding="utf-8")).items())


@pytest.mark.parametrize("glossary", GLOSSARIES, ids=lambda path: path.stem)
def test_the_catalogue_uses_the_tables_own_words(glossary):
    code = glossary.stem
    assert code in i18n.LANGUAGES, f"{glossary.name}: {code} is not in LANGUAGES"
    _header, entries = tool.read_po(tool.LOCALE / code / "LC_MESSAGES" / "thirtyone.po")
    wanted = tool.extract()
    problems = []
    for msgid, word in _terms(glossary):
        if msgid not in wanted:
            problems.append(f"{msgid!r} is no longer a message of the game")
            continue
        translations = entries[msgid].translations if msgid in entries else []
        if not translations or not all(word.lower() in text.lower() for text in translations):
            problems.append(f"{msgid!r} -> {translations!r} lacks {word!r}")
    assert problems == [], "\n".join(problems)


def test_every_language_but_english_and_german_has_a_glossary():
    have = {path.stem for path in GLOSSARIES}
    assert set(i18n.LANGUAGES) - {"en", "de"} <= have
