"""German: the rules texts and the headless commands speak the chosen language, counted properly."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from thirtyone import i18n
from thirtyone.model.describe import rules_text
from thirtyone.model.presets import preset
from thirtyone.storage.settings import Settings, SettingsError
from thirtyone.storage.setting_options import OPTION_BY_FIELD


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def _run(args, tmp_path, **env):
    environment = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    environment.update(env, PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "thirtyone", "--data-dir", str(tmp_path), *args],
                          capture_output=True, text=True, encoding="utf-8", env=environment, timeout=60)


def test_a_german_system_gets_german_rules(tmp_path):
    done = _run(["rules", "classic"], tmp_path, LANG="de_DE.UTF-8")
    assert done.returncode == 0, done.stderr
    assert "Das Ziel\n--------" in done.stdout
    assert "Klopfe direkt nach dem Ablegen" in done.stdout or "Klopfe statt deines Zuges" in done.stdout
    assert "The aim" not in done.stdout


def test_the_language_option_overrides_the_system(tmp_path):
    english = _run(["--language", "en", "rules", "classic"], tmp_path, LANG="de_DE.UTF-8")
    german = _run(["--language", "de", "rules", "classic"], tmp_path, LANGUAGE="en", LANG="en_US.UTF-8")
    assert "The aim" in english.stdout and "Das Ziel" not in english.stdout
    assert "Das Ziel" in german.stdout


def test_the_saved_language_setting_is_followed_by_the_commands(tmp_path):
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text(
        json.dumps({**Settings(language="de").to_dict()}), encoding="utf-8")
    done = _run(["rules", "classic"], tmp_path, LANG="en_US.UTF-8")
    assert "Das Ziel" in done.stdout, done.stderr


def test_a_bad_language_option_exits_2_with_usage(tmp_path):
    done = _run(["--language", "xx", "rules", "classic"], tmp_path)
    assert done.returncode == 2
    assert "usage:" in done.stderr and "--language" in done.stderr


@pytest.mark.parametrize("lives, english, german", [
    (1, "Everyone starts with one life.", "Jeder beginnt mit einem Leben."),
    (2, "Everyone starts with 2 lives.", "Jeder beginnt mit 2 Leben."),
    (5, "Everyone starts with 5 lives.", "Jeder beginnt mit 5 Leben."),
])
def test_lives_are_counted_in_each_language(lives, english, german):
    rules = preset("classic").replace(lives=lives)
    assert english in rules_text(rules)
    i18n.set_language("de")
    assert german in rules_text(rules)


def test_every_rules_sentence_is_german_when_german_is_chosen():
    i18n.set_language("de")
    for preset_id in ("classic", "commerce", "kitty", "old-west", "quick-draw"):
        for line in rules_text(preset(preset_id)).splitlines():
            if line.startswith("- "):
                assert " the " not in line and " you " not in line, line


def test_language_is_a_setting_with_auto_english_and_german():
    option = OPTION_BY_FIELD["language"]
    assert [value for value, _label in option.choices] == ["auto", *i18n.LANGUAGES]  # every language, each named in itself
    assert [value for value, _label in option.choices][:3] == ["auto", "en", "de"]
    assert dict(option.choices)["fr"] == "Français"
    assert {"en", "de", "nb", "sv", "it"} <= set(i18n.LANGUAGES)
    assert Settings().language == "auto"
    with pytest.raises(SettingsError):
        Settings(language="xx")


def test_refusals_and_hand_counts_speak_german():
    from thirtyone.model import parse_cards
    from thirtyone.model.scoring import count_hand
    hand = parse_cards(["AS", "QS", "5H"])
    assert count_hand(hand, preset("classic")).explanation.startswith("spades: ")
    i18n.set_language("de")
    assert count_hand(hand, preset("classic")).explanation.startswith("Pik: A♠ 11 + D♠ 10 = 21")  # Dame: German letters


def test_the_score_command_explains_in_german(tmp_path):
    done = _run(["--language", "de", "score", "AS", "KS", "QS"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("31  Pik: ")


def test_round_reasons_are_written_in_the_language_read_in():
    from thirtyone.model.reasons import Why
    why = Why(("Ada", "Bo"), (), [("lowest", 21.0, False), ("safe", 27.0)], ["out", ""])
    assert why.sentences() == ("Ada had the lowest hand, 21: loses a life and is out of the game.", "Bo had 27: safe.")
    i18n.set_language("de")
    assert why.sentences() == ("Ada hatte das schlechteste Blatt, 21: verliert ein Leben und ist raus.",
                               "Bo hatte 27: sicher.")


@pytest.mark.parametrize("lost, german", [(1, "verliert ein Leben"), (2, "verliert 2 Leben")])
def test_lost_lives_are_counted_in_german(lost, german):
    from thirtyone.model.reasons import lives
    assert lives(lost) == ("loses a life" if lost == 1 else "loses 2 lives")
    i18n.set_language("de")
    assert lives(lost) == german


def test_the_log_narrates_in_german_with_the_player_addressed():
    from thirtyone.model import events as ev
    from thirtyone.model import preset
    from thirtyone.ui.narration import narrate
    names, rules = ("You", "Ada"), preset("classic")
    assert narrate(ev.Passed(seat=0), names, rules, 0) == ["You pass."]
    assert narrate(ev.Passed(seat=1), names, rules, 0) == ["Ada passes."]
    i18n.set_language("de")
    assert narrate(ev.Passed(seat=0), names, rules, 0) == ["Du schiebst."]
    assert narrate(ev.Knocked(seat=1, under_the_gun=False), names, rules, 0) == [
        "Ada klopft! Alle anderen sind noch einmal dran."]
    assert narrate(ev.LifeLost(1, 2, 1), names, rules, 0) == ["Ada verliert 2 Leben (noch 1)."]
    assert narrate(ev.LifeLost(1, 1, 1), names, preset("kitty"), 0) == ["Ada zahlt ein Leben in den Pott (noch 1)."]


def test_help_is_german_under_a_german_locale_and_english_otherwise(tmp_path):
    german = _run(["--help"], tmp_path, LANG="de_DE.UTF-8")
    assert german.returncode == 0, german.stderr
    assert german.stdout.startswith("Aufruf: thirtyone") and "Optionen:" in german.stdout
    assert "diese Hilfe zeigen und beenden" in german.stdout and "show this help" not in german.stdout
    english = _run(["--language", "en", "rules", "--help"], tmp_path, LANG="de_DE.UTF-8")
    assert english.stdout.startswith("usage: thirtyone rules") and "list the presets" in english.stdout


def test_a_mistyped_command_is_refused_in_german(tmp_path):
    done = _run(["scroe"], tmp_path, LANG="de_DE.UTF-8")
    assert done.returncode == 2
    assert "Fehler: Argument COMMAND: ungültige Wahl: 'scroe'" in done.stderr and "Traceback" not in done.stderr


def test_card_codes_take_german_letters_where_they_are_unambiguous():
    from thirtyone.model import CardError, parse_cards
    assert parse_cards("DP BKR 10KA AH KKR") == parse_cards("QS JC TD AH KC")  # Dame Pik, Bube Kreuz, Karo
    assert parse_cards("QD KD") == parse_cards("DD KKA")  # English codes keep their meaning
    with pytest.raises(CardError, match="has no suit"):
        parse_cards("AK")  # K alone would be Karo or Kreuz: refused, not guessed
    i18n.set_language("de")
    with pytest.raises(CardError, match="hat keine Farbe"):
        parse_cards("AK")


def test_cards_are_written_with_german_letters_for_a_german_player():
    from thirtyone.model import events as ev
    from thirtyone.model import parse_cards
    from thirtyone.ui.narration import narrate
    queen, jack, king, ace = parse_cards("QS JC KH AD")
    names, rules = ("You", "Ada"), preset("classic")
    assert narrate(ev.Discarded(seat=1, card=queen), names, rules, 0) == ["Ada discards Q♠."]
    i18n.set_language("de")
    assert [c.symbol for c in (queen, jack, king, ace)] == ["D♠", "B♣", "K♥", "A♦"]
    assert narrate(ev.Discarded(seat=1, card=jack), names, rules, 0) == ["Ada legt B♣ ab."]
    assert parse_cards(" ".join(c.symbol for c in (queen, jack, king, ace))) == (queen, jack, king, ace)


def test_new_game_names_the_strongest_bot_as_the_table_does():
    from tests.ui_support import make_app, setup
    from thirtyone.ui.screens.new_game import NewGameScene
    app = make_app((1024, 600), language="de")
    i18n.set_language("de")
    scene = NewGameScene(app.ctx, setup(["human", "expert"]))
    shown = i18n._(scene.types[1].label)  # as the cycler draws it
    assert "Lovelace" in shown and "Orakel" not in shown  # a name, the same in both languages
    assert scene.current_setup().kinds()[1] == "Lovelace"  # the table's plate


def test_the_settings_footer_speaks_the_new_language_at_once(tmp_path, monkeypatch):
    from tests.ui_support import click, drawn_texts, make_app
    from thirtyone.storage import StoragePaths
    from thirtyone.ui.scene import Push
    from thirtyone.ui.screens import settings as settings_menu
    from thirtyone.ui.screens.settings import SettingsScene
    from thirtyone.ui.bridge.storage import StorageBridge
    paths = StoragePaths.portable(tmp_path)
    bridge = StorageBridge(paths, Settings(language="en"))
    app = make_app((1280, 720), language="en")
    bridge.install(app)
    scene = SettingsScene(app.ctx, bridge)
    app.apply(Push(scene))
    app.frame([], 0.01)
    box = scene.cyclers["language"].box
    hint = OPTION_BY_FIELD["language"].hint
    texts = drawn_texts(monkeypatch, settings_menu)
    app.frame(click((box.right - 5, box.center[1]))[:1], 0.01)  # the mouse comes to rest on Language
    assert hint in texts
    texts.clear()
    app.frame(click((box.right - 5, box.center[1]))[1:], 0.01)  # a click, and the mouse stays still
    assert app.settings.language == "de" and i18n.language() == "de"
    german = i18n._(hint)
    assert german != hint and german in texts and hint not in texts
