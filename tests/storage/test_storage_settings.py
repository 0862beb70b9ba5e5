"""Settings: round trip, forgiving reads, bad files set aside, reset."""

from __future__ import annotations

from typing import Any

import json
from pathlib import Path

import pytest

from thirtyone.model.record import Seat
from thirtyone.model.rule_choices import Exchange
from thirtyone.storage import settings as settings_module
from thirtyone.storage.paths import StoragePaths
from thirtyone.storage.setting_options import SPEEDS
from thirtyone.storage.settings import (Settings, SettingsError, load_settings, reset_settings,
                                        save_settings)


@pytest.fixture
def paths(tmp_path: Path) -> StoragePaths:
    return StoragePaths.portable(tmp_path)


def aside_files(paths: StoragePaths) -> list[str]:
    return sorted(p.name for p in paths.config_dir.iterdir() if p.name != "settings.json")


CUSTOM = Settings(theme="pony", four_colour=True, animation_speed="fast", bot_speed="instant", volume=0.25,
                  muted=True, fullscreen=True, ui_scale=1.5, show_hand_value=False, confirm_knock=False,
                  default_preset="london", house_rules={"lives": 5},
                  default_seats=(Seat("Me", "human"), Seat("Robo", "bot:random"), Seat("Kim", "human")))


def test_defaults_when_there_is_no_file(paths: StoragePaths) -> None:
    assert load_settings(paths) == (Settings(), None)


def test_round_trip(paths: StoragePaths) -> None:
    assert save_settings(paths, CUSTOM) is None
    loaded, notice = load_settings(paths)
    assert notice is None
    assert loaded == CUSTOM
    data = json.loads(paths.settings_file.read_text())
    assert data["version"] == 1 and data["house_rules"] == {"lives": 5}
    assert data["default_seats"][2] == {"name": "Kim", "player": "human"}


def test_rules_apply_house_rules_on_the_preset() -> None:
    rules = CUSTOM.rules()
    assert rules.exchange is Exchange.BOARD and rules.lives == 5
    assert Settings().rules().honor_life


def test_speeds_and_volume() -> None:
    assert SPEEDS["instant"] == 0.0 and SPEEDS["normal"] == 1.0
    assert CUSTOM.duration_s(1.0) == 0.5 and CUSTOM.bot_delay_s(1.0) == 0.0
    assert Settings(volume=0.3).volume == 0.3


@pytest.mark.parametrize("change", [
    {"theme": "neon"}, {"volume": 1.5}, {"volume": "loud"}, {"ui_scale": 0.5}, {"muted": 1},
    {"default_preset": "poker"}, {"house_rules": {"lives": "many"}}, {"house_rules": {"board_refresh": True}},
    {"default_seats": (Seat("A", "human"),)}, {"default_seats": (Seat("A", "human"), Seat("A", "bot:x"))},
    {"default_seats": (Seat("A", "human"), Seat("B", "robot"))}, {"animation_speed": 2}, {"colour": "red"},
])
def test_replace_refuses_bad_values(change: dict[str, Any]) -> None:
    with pytest.raises(SettingsError):
        Settings().replace(**change)


def test_replace_accepts_preset_relative_house_rules() -> None:
    commerce = Settings().replace(default_preset="commerce", house_rules={"board_refresh": False})
    assert commerce.rules().board_refresh is False


def test_unknown_keys_are_ignored(paths: StoragePaths) -> None:
    paths.config_dir.mkdir(parents=True)
    paths.settings_file.write_text(json.dumps({"version": 1, "theme": "pony", "sparkles": True}))
    settings, notice = load_settings(paths)
    assert settings == Settings(theme="pony") and notice is None
    assert aside_files(paths) == []


def test_wrong_types_fall_back_per_field_and_the_old_file_is_kept(paths: StoragePaths) -> None:
    paths.config_dir.mkdir(parents=True)
    paths.settings_file.write_text(json.dumps({
        "version": 1, "theme": "pony", "volume": "very loud", "muted": "yes", "ui_scale": 1.25,
        "default_preset": "classic", "default_seats": [{"name": str(n)} for n in range(9)],
    }))
    settings, notice = load_settings(paths)
    assert settings == Settings(theme="pony", ui_scale=1.25, default_preset="classic")
    assert notice is not None
    assert "volume" in notice and "muted" in notice and "default_seats" in notice and "\n" not in notice
    (kept,) = aside_files(paths)
    assert kept.startswith("settings.json.invalid-")
    assert load_settings(paths) == (settings, None), "the repaired settings were written back"


@pytest.mark.parametrize("content", ["", "garbage", '{"version": 1, "theme": "pony", "vol', "[]", "null",
                                     '{"theme": "pony"}'])
def test_unreadable_files_are_set_aside_and_defaults_used(paths: StoragePaths, content: str) -> None:
    paths.config_dir.mkdir(parents=True)
    paths.settings_file.write_text(content)
    settings, notice = load_settings(paths)
    assert settings == Settings()
    assert notice and "\n" not in notice
    assert not paths.settings_file.exists()
    (kept,) = aside_files(paths)
    assert kept.startswith("settings.json.corrupt-")
    assert save_settings(paths, CUSTOM) is None and load_settings(paths) == (CUSTOM, None)


def test_a_folder_where_the_file_should_be_is_set_aside(paths: StoragePaths) -> None:
    paths.settings_file.mkdir(parents=True)
    settings, notice = load_settings(paths)
    assert settings == Settings() and notice
    assert not paths.settings_file.exists()
    assert save_settings(paths, CUSTOM) is None


def test_unwritable_folder_gives_a_notice_not_a_crash(paths: StoragePaths, monkeypatch) -> None:
    def refuse(path: Path, text: str) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(settings_module, "write_atomic", refuse)
    notice = save_settings(paths, CUSTOM)
    assert notice and "Permission denied" in notice and "\n" not in notice


def test_a_file_where_the_folder_should_be_gives_a_notice(tmp_path: Path) -> None:
    (tmp_path / "config").write_text("not a folder")
    paths = StoragePaths.portable(tmp_path)
    assert load_settings(paths)[0] == Settings()
    assert save_settings(paths, CUSTOM) is not None


def test_reset_puts_defaults_back(paths: StoragePaths) -> None:
    save_settings(paths, CUSTOM)
    assert reset_settings(paths) is None
    assert load_settings(paths) == (Settings(), None)


NEWER = {
    "version": 2, "language": "de", "theme": "aurora", "volume": 0.4, "default_preset": "scat",
    "house_rules": {"lives": 5, "wild_jokers": True},
    "default_seats": [{"name": "Mia", "player": "human"}, {"name": "Ada", "player": "bot:sharp"},
                      {"name": "Bo", "player": "bot:beginner"}],
    "sparkles": {"level": 3},
}
"""A settings file a later thirtyone might write: new keys, a new theme, a new house rule."""


def test_settings_from_a_newer_version_are_read_as_far_as_understood(paths: StoragePaths) -> None:
    paths.config_dir.mkdir(parents=True)
    paths.settings_file.write_text(json.dumps(NEWER), encoding="utf-8")
    written = paths.settings_file.read_bytes()
    settings, notice = load_settings(paths)
    assert (settings.language, settings.volume, settings.default_preset) == ("de", 0.4, "scat")
    assert settings.default_seats == (Seat("Mia", "human"), Seat("Ada", "bot:sharp"), Seat("Bo", "bot:beginner"))
    assert dict(settings.house_rules) == {"lives": 5} and settings.rules().lives == 5
    assert settings.theme == Settings().theme, "a theme this version does not have: its default, this time"
    assert notice is not None and "newer" in notice and "theme" in notice and "\n" not in notice
    assert aside_files(paths) == [] and paths.settings_file.read_bytes() == written, "nothing set aside or rewritten"


def test_writing_back_keeps_what_this_version_did_not_understand(paths: StoragePaths) -> None:
    paths.config_dir.mkdir(parents=True)
    paths.settings_file.write_text(json.dumps(NEWER), encoding="utf-8")
    settings, _notice = load_settings(paths)
    assert save_settings(paths, settings.replace(volume=0.9, muted=True)) is None
    data = json.loads(paths.settings_file.read_text(encoding="utf-8"))
    assert data["volume"] == 0.9 and data["muted"] is True, "what the player changed is written"
    for key in ("version", "language", "theme", "house_rules", "default_seats", "sparkles", "default_preset"):
        assert data[key] == NEWER[key], f"{key} is kept as the newer version wrote it"
    assert save_settings(paths, settings.replace(house_rules={"lives": 4})) is None
    data = json.loads(paths.settings_file.read_text(encoding="utf-8"))
    assert data["house_rules"] == {"lives": 4} and data["sparkles"] == {"level": 3}


def test_unknown_keys_of_this_version_are_kept_when_writing(paths: StoragePaths) -> None:
    paths.config_dir.mkdir(parents=True)
    paths.settings_file.write_text(json.dumps({"version": 1, "theme": "pony", "sparkles": True}))
    settings, _notice = load_settings(paths)
    assert save_settings(paths, settings.replace(volume=0.5)) is None
    data = json.loads(paths.settings_file.read_text(encoding="utf-8"))
    assert data["sparkles"] is True and data["theme"] == "pony" and data["volume"] == 0.5


def test_the_headless_commands_read_a_newer_language_without_moving_the_file(tmp_path: Path, capsys) -> None:
    from tests.cli_support import run
    from thirtyone.i18n import set_language
    paths = StoragePaths.portable(tmp_path)
    paths.config_dir.mkdir(parents=True)
    paths.settings_file.write_text(json.dumps(NEWER), encoding="utf-8")
    try:
        code, out, _err = run(capsys, "--data-dir", str(tmp_path), "rules", "--list")
    finally:
        set_language("en")
    assert code == 0 and "Klassisch 31" in out, out
    assert aside_files(paths) == []


def test_a_repaired_file_keeps_the_keys_it_did_not_understand(paths: StoragePaths) -> None:
    paths.config_dir.mkdir(parents=True)
    paths.settings_file.write_text(json.dumps({"version": 1, "sparkles": True, "volume": "loud", "theme": "pony"}))
    settings, notice = load_settings(paths)
    assert settings == Settings(theme="pony") and notice is not None and "volume" in notice
    data = json.loads(paths.settings_file.read_text(encoding="utf-8"))
    assert data["sparkles"] is True and data["volume"] == Settings().volume and data["theme"] == "pony"
    assert [name for name in aside_files(paths) if name.startswith("settings.json.invalid-")]
