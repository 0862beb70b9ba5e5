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
    done = _run(["--language", "fr", "rules", "classic"], tmp_path)
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
    assert [value for value, _label in option.choices] == ["auto", "en", "de"]
    assert Settings().language == "auto"
    with pytest.raises(SettingsError):
        Settings(language="xx")


def test_refusals_and_hand_counts_speak_german():
    from thirtyone.model import parse_cards
    from thirtyone.model.scoring import count_hand
    hand = parse_cards(["AS", "QS", "5H"])
    assert count_hand(hand, preset("classic")).explanation.startswith("spades: ")
    i18n.set_language("de")
    assert count_hand(hand, preset("classic")).explanation.startswith("Pik: A♠ 11 + Q♠ 10 = 21")


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
    assert narrate(ev.Passed(seat=0), names, rules) == ["You pass."]
    assert narrate(ev.Passed(seat=1), names, rules) == ["Ada passes."]
    i18n.set_language("de")
    assert narrate(ev.Passed(seat=0), names, rules) == ["Du schiebst."]
    assert narrate(ev.Knocked(seat=1, under_the_gun=False), names, rules) == [
        "Ada klopft! Alle anderen sind noch einmal dran."]
    assert narrate(ev.LifeLost(1, 2, 1), names, rules) == ["Ada verliert 2 Leben (noch 1)."]
    assert narrate(ev.LifeLost(1, 1, 1), names, preset("kitty")) == ["Ada zahlt ein Leben in den Pott (noch 1)."]


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
