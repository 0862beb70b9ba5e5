"""Languages: the system's language is followed, catalogues compile, every marked string is translated."""

from __future__ import annotations

import locale

import gettext
import importlib.util
import io
import sys

import pytest

from thirtyone import i18n

from tests.locations import ROOT
_spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "build_scripts" / "i18n.py")
assert _spec and _spec.loader
tool = importlib.util.module_from_spec(_spec)
sys.modules["i18n_tool"] = tool
_spec.loader.exec_module(tool)


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("env, expected", [
    ({"LANGUAGE": "de:en"}, "de"),
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LC_ALL": "de_AT.UTF-8", "LANG": "en_GB.UTF-8"}, "de"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"LANG": "C"}, "en"),
    ({"LANGUAGE": "fr:de"}, "de"),
])
def test_the_system_language_is_followed_when_the_game_speaks_it(monkeypatch, env, expected):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(locale, "getlocale", lambda: (None, None))
    assert i18n.system_language() == expected


def test_an_unknown_language_choice_falls_back_to_english():
    assert i18n.set_language("xx") == "en"
    assert i18n._("Knock") == "Knock"


def test_a_compiled_catalogue_translates_and_counts_in_german(tmp_path):
    po = tmp_path / "de.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "Knock"\nmsgstr "Klopfen"\n\n'
        'msgid "{n} life"\nmsgid_plural "{n} lives"\nmsgstr[0] "{n} Leben"\nmsgstr[1] "{n} Leben"\n\n'
        'msgid "Not yet"\nmsgstr ""\n', encoding="utf-8")
    header, entries = tool.read_po(po)
    catalogue = gettext.GNUTranslations(io.BytesIO(tool.mo_bytes(header, entries)))
    assert catalogue.gettext("Knock") == "Klopfen"
    assert catalogue.ngettext("{n} life", "{n} lives", 1) == "{n} Leben"
    assert catalogue.ngettext("{n} life", "{n} lives", 2) == "{n} Leben"
    assert catalogue.gettext("Not yet") == "Not yet"  # untranslated entries stay English


def test_a_po_file_survives_writing_and_reading_back(tmp_path):
    entries = {"Say \"hi\"\nthen go": tool.Entry("Say \"hi\"\nthen go", translations=["Sag \"hallo\"\ndann geh"]),
               "{n} card": tool.Entry("{n} card", "{n} cards", ["{n} Karte", "{n} Karten"])}
    path = tmp_path / "x.po"
    tool.write_po(path, "Content-Type: text/plain; charset=UTF-8\n", entries)
    header, back = tool.read_po(path)
    assert header.startswith("Content-Type")
    assert {k: (e.plural, e.translations) for k, e in back.items()} == \
        {k: (e.plural, e.translations) for k, e in entries.items()}


def test_every_marked_string_has_a_german_translation():
    wanted = tool.extract()
    for path in tool.po_files():
        _header, entries = tool.read_po(path)
        assert tool.untranslated(entries, wanted) == [], f"{path}: run build_scripts/i18n.py update and translate"


def test_the_shipped_catalogues_are_compiled_from_their_po_files():
    for path in tool.po_files():
        header, entries = tool.read_po(path)
        assert path.with_suffix(".mo").read_bytes() == tool.mo_bytes(header, entries), \
            f"{path}: run build_scripts/i18n.py compile"
