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
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "nl_BE.UTF-8"}, "nl"),
    ({"LANG": "pt_BR.UTF-8"}, "en"),
    ({"LANG": "C"}, "en"),
    ({"LANGUAGE": "pt:de"}, "de"),
])
def test_the_system_language_is_followed_when_the_game_speaks_it(monkeypatch, env, expected):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(locale, "getlocale", lambda: (None, None))
    assert i18n.system_language() == expected


@pytest.mark.parametrize("system", ["nb_NO.UTF-8", "no_NO.UTF-8", "nn_NO.UTF-8"])
def test_every_norwegian_system_reads_bokmal(monkeypatch, system):
    monkeypatch.setitem(i18n.LANGUAGES, "nb", "Norsk bokmål")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", system)
    monkeypatch.setattr(locale, "getlocale", lambda: (None, None))
    assert i18n.system_language() == "nb"


def test_a_language_without_its_catalogue_speaks_english(monkeypatch):
    monkeypatch.setitem(i18n.LANGUAGES, "zz", "Zzish")
    assert i18n.set_language("zz") == "zz"
    assert i18n._("Knock") == "Knock"
    assert i18n.ngettext("{count} life", "{count} lives", 0) == "{count} lives"


def test_each_catalogue_counts_by_its_own_plural_rule():
    i18n.set_language("fr")
    french = [i18n.ngettext("{count} life", "{count} lives", n).format(count=n) for n in (0, 1, 2)]
    i18n.set_language("nl")
    dutch = [i18n.ngettext("{count} life", "{count} lives", n).format(count=n) for n in (0, 1, 2)]
    assert french == ["0 vie", "1 vie", "2 vies"]
    assert dutch == ["0 levens", "1 leven", "2 levens"]


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


@pytest.mark.parametrize("code", [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE])
def test_every_language_translates_every_marked_string_and_keeps_its_placeholders(code):
    path = tool.LOCALE / code / "LC_MESSAGES" / "thirtyone.po"
    assert path.exists(), f"{code} is in LANGUAGES: run build_scripts/i18n.py update and translate"
    assert tool.catalogue_problems(path, tool.extract()) == [], f"{path}: build_scripts/i18n.py check"


def test_the_check_finds_a_lost_placeholder_and_a_missing_plural_rule(tmp_path):
    po = tmp_path / "xx.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "{name} knocks"\nmsgstr "Il frappe"\n\n'
        'msgid "{count} life"\nmsgid_plural "{count} lives"\nmsgstr[0] "une vie"\nmsgstr[1] "des vies"\n', encoding="utf-8")
    wanted = {"{name} knocks": tool.Entry("{name} knocks"), "{count} life": tool.Entry("{count} life", "{count} lives")}
    problems = tool.catalogue_problems(po, wanted)
    assert any("{name} knocks" in p and "placeholders" in p for p in problems)
    assert any("{count} life" in p and "placeholders" in p for p in problems)
    assert any("Plural-Forms" in p for p in problems)


def test_the_shipped_catalogues_are_compiled_from_their_po_files():
    for path in tool.po_files():
        header, entries = tool.read_po(path)
        assert path.with_suffix(".mo").read_bytes() == tool.mo_bytes(header, entries), \
            f"{path}: run build_scripts/i18n.py compile"
