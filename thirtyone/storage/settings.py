"""The player's settings: one frozen ``Settings`` value saved as versioned JSON.

``config/settings.json`` looks like ``{"version": 1, "theme": "classic", ...}``.
Reading is forgiving: unknown keys are ignored (and kept when the file is
written back); a value of the wrong type or out of range falls back to that
setting's default and the rest are kept (the old file is set aside and the
repaired one written); a file that cannot be read as settings at all is set
aside and the defaults are used. Either way the player gets one line saying
what happened.

A file from a newer version is read as far as this one understands it (house
rules without the options it does not know) and is neither set aside nor
rewritten at start; when a setting is saved, every value this version did not
change stays as the newer version wrote it, version number included.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Mapping

from ..i18n import _
from ..model.errors import RulesError
from ..model.presets import PRESETS, preset
from ..model.record import Seat
from ..model.rule_choices import MAX_SEATS
from ..model.json_input import JsonInputError, decode_json
from ..model.rules import Rules, player_counts
from ..paths import read_regular
from .atomic import read_json, reject, write_atomic
from .paths import StoragePaths, storage_problem
from ..model.options import Option
from .setting_options import (MAX_NAME_LENGTH, OPTION_BY_FIELD, SETTING_OPTIONS, SPEECH_RATES, SPEEDS, UI_SCALES,
                              default_seats)

VERSION = 1

THEMES = tuple(value for value, _label in OPTION_BY_FIELD["theme"].choices)
UI_SCALE_RANGE = (min(UI_SCALES), max(UI_SCALES))
WINDOW_SIZE_RANGE = (100, 16384)
_BOT_PLAYER = re.compile(r"bot:[A-Za-z0-9_.:-]+")


class SettingsError(ValueError):
    """A setting with a value it cannot have; the message names it."""


DEFAULT_SEATS = default_seats()
_DEFAULT = {opt.field: opt.default for opt in SETTING_OPTIONS}


@dataclass(frozen=True)
class Settings:
    """Everything the player chooses, in one value; change with ``replace``.

    The menu settings take their defaults from ``setting_options.SETTING_OPTIONS``;
    the default game (preset, house rules, seats) and the window's place follow.
    """

    language: str = _DEFAULT["language"]
    theme: str = _DEFAULT["theme"]
    four_colour: bool = _DEFAULT["four_colour"]
    difficulty: str = _DEFAULT["difficulty"]
    animation_speed: str = _DEFAULT["animation_speed"]
    bot_speed: str = _DEFAULT["bot_speed"]
    volume: float = _DEFAULT["volume"]
    muted: bool = _DEFAULT["muted"]
    fullscreen: bool = _DEFAULT["fullscreen"]
    ui_scale: float = _DEFAULT["ui_scale"]
    show_hand_value: bool = _DEFAULT["show_hand_value"]
    confirm_knock: bool = _DEFAULT["confirm_knock"]
    coach_hints: str = _DEFAULT["coach_hints"]
    speech: str = _DEFAULT["speech"]
    speech_verbosity: str = _DEFAULT["speech_verbosity"]
    speech_interrupt: bool = _DEFAULT["speech_interrupt"]
    speech_rate: float = _DEFAULT["speech_rate"]
    quick_draw_window: str = _DEFAULT["quick_draw_window"]
    default_preset: str = "classic"
    house_rules: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    """Rule options that differ from ``default_preset``, in ``Rules.to_dict`` form."""
    default_seats: tuple[Seat, ...] = DEFAULT_SEATS
    window_size: tuple[int, int] | None = None
    """The window's last size (windowed); ``None`` until the window has been opened."""
    window_position: tuple[int, int] | None = None
    """Where the window's top-left corner was on the desktop last time."""
    wormhole_mailbox: str = ""
    """The magic-wormhole mailbox server for invitations over the internet; empty: the public one
    (``net.wormhole_invite.relays`` decides, after a command-line flag and the environment)."""
    wormhole_transit: str = ""
    """The magic-wormhole transit relay (``tcp:HOST:PORT``); empty: the public one."""

    def __post_init__(self) -> None:
        for name, check in _CHECKS.items():
            object.__setattr__(self, name, check(getattr(self, name)))
        object.__setattr__(self, "house_rules", MappingProxyType(dict(self.house_rules)))
        rules = self.rules()
        allowed = player_counts(rules)
        if len(self.default_seats) not in allowed:
            raise SettingsError(_("default_seats: these rules are for {min_players} to {max_players} players, not {count}").format(
                min_players=allowed.start, max_players=allowed.stop - 1, count=len(self.default_seats)))

    def replace(self, **changes: Any) -> Settings:
        """A copy with some settings changed; ``SettingsError`` names a bad one."""
        unknown = sorted(set(changes) - set(_CHECKS))
        if unknown:
            raise SettingsError(_("unknown setting: {names}").format(names=', '.join(unknown)))
        return dataclasses.replace(self, **changes)

    def rules(self) -> Rules:
        """The default preset with the house rules on top."""
        try:
            return Rules.from_dict(dict(self.house_rules), base=preset(self.default_preset))
        except RulesError as error:
            raise SettingsError(_("house_rules: {error}").format(error=error)) from None

    def duration_s(self, base_s: float) -> float:
        """A base animation duration at the chosen animation speed (0 when instant)."""
        return base_s * SPEEDS[self.animation_speed]

    def bot_delay_s(self, base_s: float = 0.8) -> float:
        """How long a bot visibly thinks before its move shows, at the chosen bot speed."""
        return base_s * SPEEDS[self.bot_speed]

    @property
    def deck(self) -> str:
        """The card deck folder for the theme and colour choice."""
        if self.theme == "pony":
            return "pony"
        return "classic4" if self.four_colour or self.theme == "contrast" else "classic"

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data with the version; ``from_dict`` reads it back."""
        out: dict[str, Any] = {"version": VERSION}
        for item in dataclasses.fields(self):
            out[item.name] = getattr(self, item.name)
        out["house_rules"] = dict(self.house_rules)
        out["default_seats"] = [{"name": seat.name, "player": seat.player} for seat in self.default_seats]
        for name in ("window_size", "window_position"):
            out[name] = list(out[name]) if out[name] is not None else None
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> tuple[Settings, tuple[str, ...]]:
        """Settings from plain data, and the names of the values that were replaced by defaults."""
        values: dict[str, Any] = {}
        rejected: list[str] = []
        for name, check in _CHECKS.items():
            if name not in data:
                continue
            try:
                values[name] = check(data[name])
            except (SettingsError, TypeError):
                rejected.append(name)
        # House rules and seats are checked against the preset; drop whichever does not fit.
        base = preset(values.get("default_preset", cls.default_preset))
        rules = base
        if "house_rules" in values:
            try:
                rules = Rules.from_dict(dict(values["house_rules"]), base=base)
            except RulesError:
                del values["house_rules"]
                rejected.append("house_rules")
        seats = values.get("default_seats", DEFAULT_SEATS)
        if len(seats) not in player_counts(rules):
            values.pop("default_seats", None)
            rejected.append("default_seats")
        try:
            return cls(**values), tuple(rejected)
        except SettingsError:
            return cls(), tuple(sorted(set(rejected) | set(values)))


def _choice(option: Option) -> Callable[[Any], str]:
    allowed = tuple(value for value, _label in option.choices)

    def check(value: Any) -> str:
        if not isinstance(value, str) or value not in allowed:
            raise SettingsError(_("{field} must be one of {names}, not {value}").format(
                field=option.field, names=', '.join(allowed), value=repr(value)))
        return value
    return check


def _flag(name: str) -> Callable[[Any], bool]:
    def check(value: Any) -> bool:
        if not isinstance(value, bool):
            raise SettingsError(_("{name} must be true or false, not {value}").format(name=name, value=repr(value)))
        return value
    return check


def _number(name: str, low: float, high: float) -> Callable[[Any], float]:
    def check(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
            raise SettingsError(_("{name} must be a number from {low} to {high}, not {value}").format(
                name=name, low=low, high=high, value=repr(value)))
        return float(value)
    return check


def _pair(name: str, low: int, high: int) -> Callable[[Any], tuple[int, int] | None]:
    def check(value: Any) -> tuple[int, int] | None:
        if value is None:
            return None
        if (not isinstance(value, (list, tuple)) or len(value) != 2
                or any(isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high for v in value)):
            raise SettingsError(_("{name} must be two whole numbers from {low} to {high}, not {value}").format(
                name=name, low=low, high=high, value=repr(value)))
        return (value[0], value[1])
    return check


def _relay(name: str, value: Any, schemes: tuple[str, ...]) -> str:
    if not isinstance(value, str) or len(value) > 300 or (value.strip() and not value.strip().startswith(schemes)):
        raise SettingsError(_("{name} must be empty or start with {schemes}, not {value}").format(
            name=name, schemes=" or ".join(schemes), value=repr(value)[:80]))
    return value.strip()


def _house_rules(value: Any) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise SettingsError(_("house_rules must be an object of rule options"))
    # The values are checked against the default preset in ``Settings.rules``.
    return MappingProxyType(dict(value))


def _seats(value: Any) -> tuple[Seat, ...]:
    if not isinstance(value, (list, tuple)) or not 2 <= len(value) <= MAX_SEATS:
        raise SettingsError(_("default_seats must be a list of 2 to {most} seats").format(most=MAX_SEATS))
    seats: list[Seat] = []
    for item in value:
        if isinstance(item, Seat):
            item = {"name": item.name, "player": item.player}
        if not isinstance(item, Mapping):
            raise SettingsError(_('each default seat must be {"name": ..., "player": ...}'))
        name, player = item.get("name"), item.get("player", "human")
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME_LENGTH:
            raise SettingsError(_("a seat needs a name of 1 to {most} characters, not {name}").format(
                most=MAX_NAME_LENGTH, name=repr(name)))
        if not isinstance(player, str) or not (player == "human" or _BOT_PLAYER.fullmatch(player)):
            raise SettingsError(_('a seat is played by "human" or "bot:<level>", not {player}').format(
                player=repr(player)))
        seats.append(Seat(name.strip(), player))
    if len({seat.name for seat in seats}) != len(seats):
        raise SettingsError(_("default seats need different names"))
    return tuple(seats)


def _preset_id(value: Any) -> str:
    if not isinstance(value, str) or value not in PRESETS:
        raise SettingsError(_("default_preset must be one of {names}, not {value}").format(
            names=', '.join(PRESETS), value=repr(value)))
    return value


_CHECKS: dict[str, Callable[[Any], Any]] = {
    "language": _choice(OPTION_BY_FIELD["language"]),
    "theme": _choice(OPTION_BY_FIELD["theme"]),
    "four_colour": _flag("four_colour"),
    "difficulty": _choice(OPTION_BY_FIELD["difficulty"]),
    "animation_speed": _choice(OPTION_BY_FIELD["animation_speed"]),
    "bot_speed": _choice(OPTION_BY_FIELD["bot_speed"]),
    "volume": _number("volume", 0.0, 1.0),
    "muted": _flag("muted"),
    "fullscreen": _flag("fullscreen"),
    "ui_scale": _number("ui_scale", *UI_SCALE_RANGE),
    "show_hand_value": _flag("show_hand_value"),
    "confirm_knock": _flag("confirm_knock"),
    "coach_hints": _choice(OPTION_BY_FIELD["coach_hints"]),
    "speech": _choice(OPTION_BY_FIELD["speech"]),
    "speech_verbosity": _choice(OPTION_BY_FIELD["speech_verbosity"]),
    "speech_interrupt": _flag("speech_interrupt"),
    "speech_rate": _number("speech_rate", min(SPEECH_RATES), max(SPEECH_RATES)),
    "quick_draw_window": _choice(OPTION_BY_FIELD["quick_draw_window"]),
    "default_preset": _preset_id,
    "house_rules": _house_rules,
    "default_seats": _seats,
    "window_size": _pair("window_size", *WINDOW_SIZE_RANGE),
    "window_position": _pair("window_position", -32768, 32768),
    "wormhole_mailbox": lambda value: _relay("wormhole_mailbox", value, ("ws://", "wss://")),
    "wormhole_transit": lambda value: _relay("wormhole_transit", value, ("tcp:",)),
}


def load_settings(paths: StoragePaths) -> tuple[Settings, str | None]:
    """The saved settings (or defaults) and a one-line notice if something was wrong."""
    path = paths.settings_file
    result = read_json(path, VERSION, accept_newer=True)  # the guarded reader: size, encoding, depth, numbers
    if not result.is_ok:
        return Settings(), result.notice
    found = result.data["version"]
    try:
        settings, rejected = Settings.from_dict(_understood(result.data) if found > VERSION else result.data)
    except Exception as error:  # this runs before the crash guard: damage must never stop the start
        logging.getLogger(__name__).warning("unusable settings: %r", error)
        return Settings(), reject(path, _("holds settings this version cannot use")).notice
    if not rejected:
        return settings, None
    if found > VERSION:  # not damage: a later thirtyone wrote it; its values stay in the file
        return settings, _("{file} is from a newer thirtyone (version {found}); this version uses its defaults "
                           "for {names} and leaves the file's own values as they are.").format(
            file=path.name, found=found, names=", ".join(rejected))
    aside = reject(path, _("had settings this version cannot use"), reason="invalid")
    problem = _write(paths, _merged(settings, result.data))  # the repaired file keeps the unknown keys
    if aside.set_aside_to:
        notice = _("Some settings were not understood and were reset to defaults: {names}; the old file is kept "
                   "as {kept}.").format(names=", ".join(rejected), kept=aside.set_aside_to.name)
    else:
        notice = _("Some settings were not understood and were reset to defaults: {names}.").format(
            names=", ".join(rejected))
    return settings, notice if problem is None else f"{notice} {problem}"


def _understood(data: Mapping[str, Any]) -> dict[str, Any]:
    """A newer version's settings as far as this version knows them: house rules without unknown options."""
    understood = dict(data)
    house = data.get("house_rules")
    if isinstance(house, Mapping):
        options = {item.name for item in dataclasses.fields(Rules) if item.init}
        understood["house_rules"] = {name: value for name, value in house.items() if name in options}
    return understood


def saved_language(paths: StoragePaths) -> str:
    """The language setting saved in ``paths`` (default if there is none or it cannot be used)."""
    result = read_json(paths.settings_file, VERSION, accept_newer=True)
    data = result.data if result.is_ok else None
    value = data.get("language") if isinstance(data, dict) else None
    allowed = [code for code, _label in OPTION_BY_FIELD["language"].choices]
    return value if isinstance(value, str) and value in allowed else OPTION_BY_FIELD["language"].default


def save_settings(paths: StoragePaths, settings: Settings, keep_unknown: bool = True) -> str | None:
    """Write the settings; returns a one-line notice if they could not be saved.

    With ``keep_unknown``, what the file on disk holds that this version does not understand stays
    (see the module notes); without it the file holds exactly ``settings``."""
    return _write(paths, _merged(settings, _file_data(paths) if keep_unknown else None))


def _write(paths: StoragePaths, data: Mapping[str, Any]) -> str | None:
    try:
        write_atomic(paths.settings_file, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    except OSError as error:
        return storage_problem(_("Could not save settings to {path}: {reason}. They last until you quit."),
                               paths.settings_file, error)
    return None


def _file_data(paths: StoragePaths) -> Mapping[str, Any] | None:
    """The settings file's object as it is on disk, read only (``None`` if there is none to keep)."""
    try:
        existing = decode_json(read_regular(paths.settings_file))
    except (OSError, JsonInputError):
        return None
    return existing if isinstance(existing, dict) else None


def _merged(settings: Settings, existing: Mapping[str, Any] | None) -> dict[str, Any]:
    """``settings.to_dict()`` plus the keys of ``existing`` this version does not know; for a newer
    version's file also its version and every value this version did not change."""
    out = settings.to_dict()
    if existing is None:
        return out
    kept = {name: value for name, value in existing.items() if name not in out}
    found = existing.get("version")
    if isinstance(found, int) and not isinstance(found, bool) and found > VERSION:
        try:
            as_read, _rejected = Settings.from_dict(_understood(existing))
        except (SettingsError, RulesError, TypeError, ValueError):
            as_read = None
        for name in _CHECKS:
            if name in existing and as_read is not None and getattr(settings, name) == getattr(as_read, name):
                kept[name] = existing[name]
        kept["version"] = found
    return {**out, **kept}


def reset_settings(paths: StoragePaths) -> str | None:
    """Put the defaults back (the file is rewritten); returns a notice if that failed."""
    return save_settings(paths, Settings(), keep_unknown=False)
