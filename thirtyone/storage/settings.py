"""The player's settings: one frozen ``Settings`` value saved as versioned JSON.

``config/settings.json`` looks like ``{"version": 1, "theme": "classic", ...}``.
Reading is forgiving: unknown keys are ignored; a value of the wrong type or out
of range falls back to that setting's default and the rest are kept (the old
file is set aside and the repaired one written); a file that cannot be read as
settings at all is set aside and the defaults are used. Either way the player
gets one line saying what happened.
"""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Mapping

from ..model.errors import RulesError
from ..model.presets import PRESETS, preset
from ..model.record import Seat
from ..model.rules import MAX_SEATS, Rules
from .atomic import read_json, reject, write_atomic
from .paths import StoragePaths, storage_problem

VERSION = 1

THEMES = ("classic", "pony")
SPEEDS: Mapping[str, float] = MappingProxyType({"instant": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.75})
"""Speed names and the factor they put on animation durations and bot thinking pauses."""
UI_SCALE_RANGE = (0.75, 2.0)
HINT_MODES = ("off", "on-request", "always")
"""The coach's hints at the table: never, when asked (Hint button, ? or F1), or on every turn."""
_BOT_PLAYER = re.compile(r"bot:[A-Za-z0-9_.:-]+")


class SettingsError(ValueError):
    """A setting with a value it cannot have; the message names it."""


DEFAULT_SEATS = (Seat("You", "human"), Seat("Ada", "bot:random"), Seat("Bo", "bot:random"),
                 Seat("Cy", "bot:random"))


@dataclass(frozen=True)
class Settings:
    """Everything the player can choose in the Settings screen. Change with ``replace``."""

    theme: str = "classic"
    four_colour: bool = False
    animation_speed: str = "normal"
    bot_speed: str = "normal"
    volume: float = 0.8
    muted: bool = False
    fullscreen: bool = False
    ui_scale: float = 1.0
    show_hand_value: bool = True
    confirm_knock: bool = True
    coach_hints: str = "on-request"
    default_preset: str = "classic"
    house_rules: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    """Rule options that differ from ``default_preset``, in ``Rules.to_dict`` form."""
    default_seats: tuple[Seat, ...] = DEFAULT_SEATS

    def __post_init__(self) -> None:
        for name, check in _CHECKS.items():
            object.__setattr__(self, name, check(getattr(self, name)))
        object.__setattr__(self, "house_rules", MappingProxyType(dict(self.house_rules)))
        rules = self.rules()
        if not rules.min_players <= len(self.default_seats) <= rules.max_players:
            raise SettingsError(f"default_seats: these rules are for {rules.min_players} to "
                                f"{rules.max_players} players, not {len(self.default_seats)}")

    def replace(self, **changes: Any) -> Settings:
        """A copy with some settings changed; ``SettingsError`` names a bad one."""
        unknown = sorted(set(changes) - set(_CHECKS))
        if unknown:
            raise SettingsError(f"unknown setting: {', '.join(unknown)}")
        return dataclasses.replace(self, **changes)

    def rules(self) -> Rules:
        """The default preset with the house rules on top."""
        try:
            return Rules.from_dict(dict(self.house_rules), base=preset(self.default_preset))
        except RulesError as error:
            raise SettingsError(f"house_rules: {error}") from None

    @property
    def animation_factor(self) -> float:
        """Multiply animation durations by this (0 means no animation)."""
        return SPEEDS[self.animation_speed]

    @property
    def bot_delay_factor(self) -> float:
        """Multiply bots' thinking pauses by this (0 means they move at once)."""
        return SPEEDS[self.bot_speed]

    @property
    def effective_volume(self) -> float:
        """The volume to play at: 0 when muted."""
        return 0.0 if self.muted else self.volume

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data with the version; ``from_dict`` reads it back."""
        out: dict[str, Any] = {"version": VERSION}
        for item in dataclasses.fields(self):
            out[item.name] = getattr(self, item.name)
        out["house_rules"] = dict(self.house_rules)
        out["default_seats"] = [{"name": seat.name, "player": seat.player} for seat in self.default_seats]
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
        if not rules.min_players <= len(seats) <= rules.max_players:
            values.pop("default_seats", None)
            rejected.append("default_seats")
        try:
            return cls(**values), tuple(rejected)
        except SettingsError:
            return cls(), tuple(sorted(set(rejected) | set(values)))


def _choice(name: str, choices: tuple[str, ...] | Mapping[str, float]) -> Callable[[Any], str]:
    def check(value: Any) -> str:
        if value not in choices or not isinstance(value, str):
            raise SettingsError(f"{name} must be one of {', '.join(choices)}, not {value!r}")
        return value
    return check


def _flag(name: str) -> Callable[[Any], bool]:
    def check(value: Any) -> bool:
        if not isinstance(value, bool):
            raise SettingsError(f"{name} must be true or false, not {value!r}")
        return value
    return check


def _number(name: str, low: float, high: float) -> Callable[[Any], float]:
    def check(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
            raise SettingsError(f"{name} must be a number from {low} to {high}, not {value!r}")
        return float(value)
    return check


def _house_rules(value: Any) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise SettingsError("house_rules must be an object of rule options")
    # The values are checked against the default preset in ``Settings.rules``.
    return MappingProxyType(dict(value))


def _seats(value: Any) -> tuple[Seat, ...]:
    if not isinstance(value, (list, tuple)) or not 2 <= len(value) <= MAX_SEATS:
        raise SettingsError(f"default_seats must be a list of 2 to {MAX_SEATS} seats")
    seats: list[Seat] = []
    for item in value:
        if isinstance(item, Seat):
            item = {"name": item.name, "player": item.player}
        if not isinstance(item, Mapping):
            raise SettingsError("each default seat must be {\"name\": ..., \"player\": ...}")
        name, player = item.get("name"), item.get("player", "human")
        if not isinstance(name, str) or not name.strip() or len(name) > 40:
            raise SettingsError(f"a seat needs a name of 1 to 40 characters, not {name!r}")
        if not isinstance(player, str) or not (player == "human" or _BOT_PLAYER.fullmatch(player)):
            raise SettingsError(f"a seat is played by \"human\" or \"bot:<level>\", not {player!r}")
        seats.append(Seat(name.strip(), player))
    if len({seat.name for seat in seats}) != len(seats):
        raise SettingsError("default seats need different names")
    return tuple(seats)


def _preset_id(value: Any) -> str:
    if not isinstance(value, str) or value not in PRESETS:
        raise SettingsError(f"default_preset must be one of {', '.join(PRESETS)}, not {value!r}")
    return value


_CHECKS: dict[str, Callable[[Any], Any]] = {
    "theme": _choice("theme", THEMES),
    "four_colour": _flag("four_colour"),
    "animation_speed": _choice("animation_speed", SPEEDS),
    "bot_speed": _choice("bot_speed", SPEEDS),
    "volume": _number("volume", 0.0, 1.0),
    "muted": _flag("muted"),
    "fullscreen": _flag("fullscreen"),
    "ui_scale": _number("ui_scale", *UI_SCALE_RANGE),
    "show_hand_value": _flag("show_hand_value"),
    "confirm_knock": _flag("confirm_knock"),
    "coach_hints": _choice("coach_hints", HINT_MODES),
    "default_preset": _preset_id,
    "house_rules": _house_rules,
    "default_seats": _seats,
}


def load_settings(paths: StoragePaths) -> tuple[Settings, str | None]:
    """The saved settings (or defaults) and a one-line notice if something was wrong."""
    path = paths.settings_file
    result = read_json(path, VERSION)
    if not result.is_ok:
        return Settings(), result.notice
    settings, rejected = Settings.from_dict(result.data)
    if not rejected:
        return settings, None
    aside = reject(path, "had settings this version cannot use", reason="invalid")
    problem = save_settings(paths, settings)
    kept = f"; the old file is kept as {aside.set_aside_to.name}" if aside.set_aside_to else ""
    notice = f"Some settings were not understood and were reset to defaults: {', '.join(rejected)}{kept}."
    return settings, notice if problem is None else f"{notice} {problem}"


def save_settings(paths: StoragePaths, settings: Settings) -> str | None:
    """Write the settings; returns a one-line notice if they could not be saved."""
    try:
        write_atomic(paths.settings_file, json.dumps(settings.to_dict(), indent=2, ensure_ascii=False) + "\n")
    except OSError as error:
        return storage_problem("save settings to", paths.settings_file, error) + " They last until you quit."
    return None


def reset_settings(paths: StoragePaths) -> str | None:
    """Put the defaults back (the file is rewritten); returns a notice if that failed."""
    return save_settings(paths, Settings())
