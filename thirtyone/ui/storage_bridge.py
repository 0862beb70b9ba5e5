"""Everything between the player's files (``thirtyone.storage``) and the game window.

``StorageBridge`` loads the settings, the autosaved game and the statistics at
start, turns the stored ``Settings`` into the window's ``UiSettings``, saves the
game after every accepted action, archives a finished game and counts it in the
statistics exactly once, and offers Continue, Statistics and Settings on the
title. Problems with files never stop the game: they become one-line notices,
shown in a banner over the current screen (``scenes/notice.py``) (and printed to stderr at start).
"""

from __future__ import annotations

import dataclasses
import sys
from typing import Any, Callable

from ..controller import Match
from ..model import PRESETS, preset
from ..model.errors import IllegalActionError, RecordError, RulesError
from ..model.record import GameRecord, Seat
from ..storage import (Settings, SettingsError, Stats, StatsError, StoragePaths, archive_game, clear_saved_game,
                       load_saved_game, load_settings, load_stats, record_finished_game, reset_stats,
                       save_settings, save_stats, storage_from_args, write_atomic)
from ..storage.atomic import reject
from .autosave import AutosaveWriter
from .game_setup import GameSetup, SeatChoice, default_level
from .narration import narrate
from .scene import BaseScene, Context, Push
from .settings import ANIMATION_SPEEDS, BOT_SPEEDS, UiSettings

_SAME_NAMED = ("theme", "four_colour", "volume", "muted", "fullscreen", "ui_scale", "show_hand_value",
               "confirm_knock", "coach_hints")
"""Fields that ``Settings`` and ``UiSettings`` share with the same meaning."""


def speed_value(name: str, choices: tuple[tuple[float, str], ...]) -> float:
    """The window's multiplier for a stored speed name ("instant" … "slow")."""
    return next((value for value, label in choices if label == name), 1.0)


def speed_name(value: float, choices: tuple[tuple[float, str], ...]) -> str:
    """The stored speed name closest to a window multiplier (only 0 is "instant")."""
    if value <= 0:
        return "instant"
    return min(((abs(v - value), label) for v, label in choices if v > 0))[1]


def ui_settings_from(settings: Settings) -> UiSettings:
    """The window's settings for stored ``settings``."""
    same = {name: getattr(settings, name) for name in _SAME_NAMED}
    return UiSettings(animation_speed=speed_value(settings.animation_speed, ANIMATION_SPEEDS),
                      bot_speed=speed_value(settings.bot_speed, BOT_SPEEDS), **same)


def stored_changes(ui: UiSettings, since: UiSettings) -> dict[str, Any]:
    """The ``Settings`` fields for what changed in ``ui`` since the snapshot ``since``."""
    changes = {name: getattr(ui, name) for name in _SAME_NAMED if getattr(ui, name) != getattr(since, name)}
    if ui.animation_speed != since.animation_speed:
        changes["animation_speed"] = speed_name(ui.animation_speed, ANIMATION_SPEEDS)
    if ui.bot_speed != since.bot_speed:
        changes["bot_speed"] = speed_name(ui.bot_speed, BOT_SPEEDS)
    return changes


class StorageBridge:
    """The player's files as the window sees them; one per run."""

    def __init__(self, paths: StoragePaths, settings: Settings, notices: list[str] | tuple[str, ...] = (),
                 window_override: bool = False) -> None:
        self.paths = paths
        self.settings = settings
        """The settings in effect, kept in step with what the player changes."""
        self._file_fullscreen = load_settings(paths)[0].fullscreen if window_override else settings.fullscreen
        """``--windowed``/``--fullscreen`` last one run: the file keeps its own choice unless the player changes it."""
        self.notices: list[str] = list(notices)
        """One-line notices not shown yet."""
        self.stats, notice = load_stats(paths)
        self._note(notice)
        self.saved: GameRecord | None = None
        """The autosaved game that Continue resumes (``None``: no Continue)."""
        self.app: Any = None
        self._baseline = ui_settings_from(settings)
        self._finished: set[tuple[int, int]] = set()
        self.writer = AutosaveWriter(paths)
        self._autosave_warned = False
        self._load_saved_game()
        self._report_last_crash()

    @classmethod
    def from_args(cls, args: Any) -> StorageBridge:
        """Folders and settings from ``--data-dir``, ``--reset-settings``, ``--windowed``/``--fullscreen``."""
        paths, settings, notices = storage_from_args(args)
        return cls(paths, settings, notices, getattr(args, "display", None) is not None)

    def _note(self, notice: str | None) -> None:
        if notice:
            self.notices.append(notice)

    # -- start ---------------------------------------------------------------------------------
    def _load_saved_game(self) -> None:
        record, notice = load_saved_game(self.paths)
        self._note(notice)
        if record is None:
            return
        try:
            match = Match.from_record(record)
        except (IllegalActionError, RecordError, RulesError, ValueError, KeyError) as error:
            self._note(reject(self.paths.current_game_file, f"could not be resumed ({error})").notice)
            return
        if match.is_over:
            self.finish(match.record, match.events)
        else:
            self.saved = record

    def _report_last_crash(self) -> None:
        """Say once, at the next start, where the last crash log is (stderr may have gone unseen)."""
        try:
            logs = [(p.stat().st_mtime, p.name, p) for p in self.paths.log_dir.glob("crash-*.log")]
        except OSError:
            return
        if not logs:
            return
        newest = max(logs)[2]
        marker = self.paths.log_dir / ".reported"
        try:
            if marker.read_text(encoding="utf-8").strip() == newest.name:
                return
        except OSError:
            pass
        try:
            write_atomic(marker, newest.name + "\n")
        except OSError:
            pass
        resume = " Choose Continue to go on with your game." if self.saved is not None else ""
        self._note(f"thirtyone stopped because of an error last time; the details are in {newest}.{resume}")

    def ui_settings(self) -> UiSettings:
        """A fresh ``UiSettings`` for the stored settings (hand it to ``build_app``)."""
        return ui_settings_from(self.settings)

    def title_entries(self) -> dict[str, Callable[[Context], BaseScene]]:
        """Title-menu entries: Continue (only with a saved game), Statistics, Settings."""
        from .scenes.settings_menu import SettingsScene
        from .scenes.statistics import StatisticsScene
        entries: dict[str, Callable[[Context], BaseScene]] = {}
        if self.saved is not None:
            entries["Continue"] = self.continue_scene
        entries["Statistics"] = lambda ctx: StatisticsScene(ctx, self)
        entries["Settings"] = lambda ctx: SettingsScene(ctx, self)
        return entries

    def install(self, app: Any) -> None:
        """Hook into a built app: autosave and game-end hooks, title entries, startup notices."""
        self.app = app
        ctx = app.ctx
        if not ctx.demo:  # a demo's bots must not overwrite the player's saved game
            ctx.after_action = self.after_action
            ctx.after_game = self.after_game
        ctx.optional_scenes.update(self.title_entries())
        ctx.default_setup = self.default_setup  # New game starts from the remembered choices
        self._sync_continue()
        self._baseline = dataclasses.replace(app.settings)
        for notice in self.notices:
            print(f"thirtyone: {notice}", file=sys.stderr)
        self.show_notices()

    def _sync_continue(self) -> None:
        if self.app is None:
            return
        scenes = self.app.ctx.optional_scenes
        if self.saved is not None:
            scenes["Continue"] = self.continue_scene
        else:
            scenes.pop("Continue", None)
        for scene in self.app.stack:
            if getattr(scene, "name", "") == "title":
                scene.resume()
                scene.focus = 0

    def show_notices(self) -> None:
        """Show waiting notices in a banner over the top scene (or the table's message line)."""
        if not self.notices or self.app is None or not self.app.stack:
            return
        text, self.notices = " ".join(self.notices), []
        top = self.app.stack[-1]
        if getattr(top, "name", "") == "table" and hasattr(top, "say"):
            top.say(text)
        else:
            from .scenes.notice import NoticeScene
            self.app.apply(Push(NoticeScene(self.app.ctx, text)))

    # -- settings --------------------------------------------------------------------------
    def persist_settings(self) -> str | None:
        """Save what changed in the app's ``UiSettings`` since the last save (F11, H, Settings)."""
        if self.app is None:
            return None
        changes = stored_changes(self.app.settings, self._baseline)
        self._baseline = dataclasses.replace(self.app.settings)
        return self.update_settings(**changes) if changes else None

    def update_settings(self, **changes: Any) -> str | None:
        """Change stored settings (a bad value is refused) and save at once; a notice on failure."""
        try:
            new = self.settings.replace(**changes)
        except SettingsError as error:
            return str(error)
        if "fullscreen" in changes:
            self._file_fullscreen = new.fullscreen
        if new == self.settings:
            return None
        self.settings = new
        return save_settings(self.paths, new.replace(fullscreen=self._file_fullscreen))

    def set_fullscreen(self, on: bool) -> None:
        """Switch the window to full screen or back (the app toggles; the choice is then saved)."""
        if self.app is not None and self.app.settings.fullscreen != on:
            self.app.toggle_fullscreen()
        self.persist_settings()

    def default_setup(self) -> GameSetup:
        """The New game choices the player made last (preset, house rules, seats)."""
        try:
            rules = self.settings.rules()
        except SettingsError:
            rules = preset("classic")
        seats = [SeatChoice(s.name, "human" if s.player == "human" else _level(s.player[4:]))
                 for s in self.settings.default_seats]
        return GameSetup(seats, self.settings.default_preset, rules, None)

    def remember_setup(self, setup: GameSetup) -> str | None:
        """Keep a game's choices as the defaults for the next New game."""
        base = PRESETS[setup.preset].rules if setup.preset in PRESETS else preset("classic")
        full, plain = setup.rules.to_dict(), base.to_dict()
        house = {key: value for key, value in full.items() if plain.get(key) != value}
        seats = tuple(Seat(s.name, "human" if s.is_human else f"bot:{s.player}") for s in setup.seats)
        return self.update_settings(default_preset=setup.preset if setup.preset in PRESETS else "classic",
                                    house_rules=house, default_seats=seats)

    # -- games -------------------------------------------------------------------------------
    def after_action(self, match: Match) -> None:
        """Autosave after every accepted action; a new game's choices become the defaults."""
        record = match.record
        if match.action_count == 1 and match.human_seats():
            self.remember_setup(GameSetup.from_match(match))
        self.writer.submit(record, {"humans": list(match.human_seats())})
        self.saved = record
        if self.app is not None and "Continue" not in self.app.ctx.optional_scenes:
            self._sync_continue()
        if self.writer.problems and not self._autosave_warned:
            self._autosave_warned = True
            self._note(self.writer.problems[0])
            self.show_notices()
        self.persist_settings()

    def after_game(self, match: Match) -> None:
        """A finished game: archived, counted once in the statistics, the save cleared."""
        self.finish(match.record, match.events)
        self.show_notices()

    def finish(self, record: GameRecord, events: Any = None) -> None:
        """Archive ``record``, add it to the statistics (human seats only) and clear the save; once per game."""
        key = (record.seed, len(record.actions))
        if key in self._finished:
            return
        self._finished.add(key)
        self.writer.discard()  # a queued autosave must not bring the cleared save back
        _, notice = archive_game(self.paths, record)
        self._note(notice)
        if any(seat.player == "human" for seat in record.seats):
            try:
                self.stats = record_finished_game(self.stats, record, events=events)
                self._note(save_stats(self.paths, self.stats))
            except StatsError as error:
                self._note(f"This game could not be counted in the statistics: {error}.")
        self._note(clear_saved_game(self.paths))
        self.saved = None
        self._sync_continue()

    def continue_scene(self, ctx: Context) -> BaseScene:
        """The table for the saved game, exactly as it was, with its log rebuilt from the events."""
        from .scenes.table import TableScene
        record = self.saved
        if record is None:
            from .scenes.notice import NoticeScene
            return NoticeScene(ctx, "There is no saved game to continue.")
        match = Match.from_record(record)
        table = TableScene(ctx, GameSetup.from_match(match), match)
        table.log_lines.extend(line for event in match.events for line in narrate(event, match.names))
        return table

    def close(self) -> None:
        """When the window closes (or crashes): the last autosave reaches the disk, settings are saved."""
        self.writer.flush()
        self.persist_settings()

    def reset_statistics(self) -> str | None:
        """Start the statistics afresh (the old file is kept aside); a notice on failure."""
        notice = reset_stats(self.paths)
        if notice is None:
            self.stats = Stats()
        return notice


def _level(level_id: str) -> str:
    from .. import bots
    return level_id if level_id in bots.LEVELS else default_level()
