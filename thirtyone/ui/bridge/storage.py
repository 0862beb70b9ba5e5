"""Everything between the player's files (``thirtyone.storage``) and the game window.

``StorageBridge`` loads the settings, the autosaved game and the statistics at
start, saves every change the window makes to the one ``Settings`` value, saves the
game after every accepted action, archives a finished game and counts it in the
statistics exactly once, and offers Continue, Statistics and Settings on the
title. Problems with files never stop the game: they become one-line notices,
shown in a banner over the current screen (``screens/notice.py``) (and printed to stderr at start).
"""

from __future__ import annotations

import logging
import dataclasses
import sys
from typing import TYPE_CHECKING, Any, Callable

from ...i18n import _
from ...controller import Match
from ...model import PRESETS, preset
from ...model.growing_record import RecordSnapshot
from ...model.record import GameRecord, Seat
from ...storage import (Settings, SettingsError, Stats, StoragePaths, load_saved_game, load_settings, load_stats,
                       reset_stats, save_settings, storage_from_args)
from ...storage.finish import abandon_game, finish_game, finish_pending, pending_records
from ...storage.atomic import reject
from ...storage.crash import unreported_crash_log
from ...storage.saves import clean_leftovers, game_id
from ...daily import is_daily
from .autosave import AutosaveWriter
from .accuracy import AccuracyDesk
from .network_games import NetworkGameDesk
from .daily import DailyDesk
from ..game_setup import GameSetup, held_names
from ..scene import BaseScene, Context, Push
from ...session import GameHooks, LocalSession
from ..screens.title import DAILY_ENTRIES
from ...storage.rating_log import load_rating, rating_line, save_rating
from ...coach.keeper import ReviewKeeper

if TYPE_CHECKING:
    from ..app import App

_log = logging.getLogger(__name__)


class StorageBridge:
    """The player's files as the window sees them; one per run."""

    def __init__(self, paths: StoragePaths, settings: Settings, notices: list[str] | tuple[str, ...] = (),
                 window_override: bool = False) -> None:
        self.paths = paths
        self.settings = settings
        """The settings the window starts with and is kept in step with."""
        self.stored = load_settings(paths)[0] if window_override else settings
        """What the file holds: ``--windowed``/``--fullscreen`` and test speeds last one run, so only
        what the player changes reaches it."""
        self.notices: list[str] = list(notices)
        """One-line notices not shown yet."""
        self.stats, notice = load_stats(paths)
        self._note(notice)
        self._saved: GameRecord | RecordSnapshot | None = None
        self.app: App | None = None
        self._finished: set[tuple[int, int]] = set()
        self.writer = AutosaveWriter(paths)
        self._autosave_warned = False
        self.daily = DailyDesk(paths)
        """The Deal of the day: today's game, its par's worker, the history."""
        self.daily.saved_game = lambda: self.saved
        self.notices.extend(self.daily.notices)
        self.accuracy = AccuracyDesk(paths)
        """Each finished game's accuracy from the coach's review (worked out at its game over)."""
        self.notices.extend(self.accuracy.notices)
        self.rating, notice = load_rating(paths)
        """Your rating on the bots' ladder, moved by each finished game against bots (``thirtyone.rating``)."""
        self._note(notice)
        self.network_games = NetworkGameDesk(paths, lambda: self.stats, self._counted, self._note)
        """Games joined at tables hosted elsewhere: the seat's record archived and counted, off the window's thread."""
        self.review_keeper = ReviewKeeper()
        """The coach's answers to the human's decisions, worked out while the game is played and
        kept in its record, so Review and the accuracy at game over need not search again."""
        self._load_saved_game()
        self._report_last_crash()

    @property
    def saved(self) -> GameRecord | None:
        """The autosaved game that Continue resumes (``None``: no Continue)."""
        if isinstance(self._saved, RecordSnapshot):  # the record is built when asked for, not per action
            self._saved = self._saved.record()
        return self._saved

    @saved.setter
    def saved(self, game: GameRecord | RecordSnapshot | None) -> None:
        self._saved = game

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
        # Nothing is built from the save here (no seats, no bots): Continue builds the match.
        clean_leftovers(self.paths)
        pending = pending_records(self.paths)  # read first: finishing them removes their files
        self.stats, notices = finish_pending(self.paths, self.stats)
        self.notices.extend(notices)
        for game in pending:
            self._rate(game)
        record, notice = load_saved_game(self.paths)
        self._note(notice)
        if record is None:
            return
        names = held_names([seat.name for seat in record.seats])
        if names != [seat.name for seat in record.seats]:  # a hand-edited file: names as New game allows
            record = dataclasses.replace(record, seats=tuple(Seat(name, seat.player)
                                                             for name, seat in zip(names, record.seats)))
        if record.final_state().is_terminal:
            self.finish(record)
        else:
            self.saved = record

    def _report_last_crash(self) -> None:
        """Say once, at the next start, where the last crash log is (stderr may have gone unseen)."""
        newest = unreported_crash_log(self.paths)
        if newest is None:
            return
        note = _("thirtyone stopped because of an error last time; the details are in {file}.").format(file=newest)
        self._note(note + _(" Choose Continue to go on with your game.") if self._saved is not None else note)

    def title_entries(self) -> dict[str, Callable[[Context], BaseScene]]:
        """Title-menu entries: Continue (only with a saved game), Statistics, Settings."""
        from ..screens.daily import DailyScene
        from ..screens.settings import SettingsScene
        from ..screens.statistics import StatisticsScene
        entries: dict[str, Callable[[Context], BaseScene]] = {}
        if self._saved is not None:
            entries["Continue"] = self.continue_scene
        entries[self.daily_label()] = lambda ctx: DailyScene(ctx, self.daily)
        entries["Statistics"] = lambda ctx: StatisticsScene(ctx, self)
        entries["Settings"] = lambda ctx: SettingsScene(ctx, self)
        return entries

    def daily_label(self) -> str:
        """The title's Deal of the day entry: it says so once today's game is played."""
        return DAILY_ENTRIES[1] if self.daily.history.played(self.daily.today()) else DAILY_ENTRIES[0]

    def install(self, app: App) -> None:
        """Hook into a built app: autosave and game-end hooks, title entries, startup notices."""
        self.app = app
        ctx = app.ctx
        if not ctx.demo:  # a demo's bots must not overwrite the player's saved game
            ctx.game_hooks = GameHooks(after_action=self.after_action, after_game=self.after_game,
                                       keep_network_game=self.network_games.keep)
            ctx.abandon_game = self.abandon  # a new game asks first while one is saved
            ctx.data_paths = self.paths  # a table hosted from the window keeps its game there
        ctx.optional_scenes.update(self.title_entries())
        ctx.game_over_scene = self._game_over
        self.daily.on_played = self._sync_continue
        ctx.default_setup = self.default_setup  # New game starts from the remembered choices
        ctx.on_settings_changed = self._settings_changed
        self.settings = ctx.settings
        self._sync_continue()
        for notice in self.notices:
            print(f"thirtyone: {notice}", file=sys.stderr)
        self.show_notices()

    def _game_over(self, ctx: Context, setup: GameSetup, match: Match) -> BaseScene:
        from ..screens.daily_over import daily_game_over
        scene = daily_game_over(ctx, setup, match, self.daily)
        scene.accuracy_watch = self.accuracy.start(match)
        identity = game_id(match.record)
        scene.rating_text = lambda: "" if (game := self.rating.game(identity)) is None else rating_line(game)
        return scene

    def _sync_continue(self) -> None:
        if self.app is None:
            return
        scenes = self.app.ctx.optional_scenes
        factory = None
        for label in DAILY_ENTRIES:
            factory = scenes.pop(label, None) or factory
        if factory is not None:
            scenes[self.daily_label()] = factory
        if self._saved is not None:
            scenes["Continue"] = self.continue_scene
        else:
            scenes.pop("Continue", None)

    def show_notices(self) -> None:
        """Show waiting notices in a banner over the top scene (or the table's message line)."""
        if not self.notices or self.app is None or not self.app.stack:
            return
        text, self.notices = " ".join(self.notices), []
        if not self.app.stack[-1].notify(text):
            from ..screens.notice import NoticeScene
            self.app.apply(Push(NoticeScene(self.app.ctx, text)))

    # -- settings --------------------------------------------------------------------------
    def _settings_changed(self, old: Settings, new: Settings) -> None:
        """The window changed settings: save what changed (a notice if that failed)."""
        self.settings = new
        changes = {name: getattr(new, name) for name in _FIELDS if getattr(new, name) != getattr(old, name)}
        try:
            stored = self.stored.replace(**changes)
        except SettingsError as error:
            self._note(str(error))
            return
        if stored != self.stored:
            self.stored = stored
            self._note(save_settings(self.paths, stored))

    def update_settings(self, **changes: Any) -> str | None:
        """Change settings (a bad value is refused) and save at once; a one-line notice on failure."""
        before = len(self.notices)
        try:
            if self.app is not None:
                self.app.ctx.change_settings(**changes)
            else:
                self._settings_changed(self.settings, self.settings.replace(**changes))
        except SettingsError as error:
            return str(error)
        problems, self.notices = self.notices[before:], self.notices[:before]
        return " ".join(problems) or None

    def set_fullscreen(self, on: bool) -> None:
        """Switch the window to full screen or back (the choice is saved)."""
        if self.app is not None and self.app.settings.fullscreen != on:
            self.app.toggle_fullscreen()

    def default_setup(self) -> GameSetup:
        """The New game choices the player made last (preset, house rules, seats)."""
        return GameSetup.from_settings(self.settings)

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
        self.review_keeper.after_action(match)  # first: answers it notes are saved with this action
        snapshot = match.snapshot()  # not match.record: a save costs the same at any length of game
        if match.action_count == 1 and match.human_seats() and is_daily(match.record) is None:
            self.remember_setup(GameSetup.from_match(match))
        self.writer.submit(snapshot, {"humans": list(match.human_seats())})
        self.saved = snapshot
        if self.app is not None and "Continue" not in self.app.ctx.optional_scenes:
            self._sync_continue()
        if self.writer.problems and not self._autosave_warned:
            self._autosave_warned = True
            self._note(self.writer.problems[0])
            self.show_notices()

    def after_game(self, match: Match) -> None:
        """A finished game: archived, counted once in the statistics, the save cleared."""
        self.review_keeper.poll()  # the coach's answers that are in go into the archive with the game
        self.finish(match.record, match.events)
        self.show_notices()

    def finish(self, record: GameRecord, events: Any = None) -> None:
        """Archive ``record``, add it to the statistics (human seats only) and clear the save; once per game."""
        key = (record.seed, len(record.actions))
        if key in self._finished:
            return
        self._finished.add(key)
        self.writer.flush()  # the whole game is on disk before it is archived (kept if archiving fails)
        finished = finish_game(self.paths, record, self.stats, events)
        self.stats = finished.stats
        for notice in finished.notices:
            self._note(notice)
        self._rate(record, events)
        if finished.cleared:
            self.writer.discard()
        self.saved = None
        self._sync_continue()

    def _rate(self, record: GameRecord, events: Any = None) -> None:
        """Move your rating by a finished game against bots (once per game; on disk at once)."""
        rated = self.rating.rate_game(record, events)
        if rated is not self.rating:
            self.rating = rated
            self._note(save_rating(self.paths, rated))

    def abandon(self) -> str | None:
        """Keep the saved game in progress among the finished games, marked as abandoned, and forget
        it (it is not counted in the statistics). Returns why it could not be kept (the save then
        stays, and no new game may start over it), else ``None``.
        """
        self.writer.flush()  # the archive gets every action played
        record = self.saved
        if record is None:
            return None
        kept, notice = abandon_game(self.paths, record)
        if not kept:
            return notice
        self._note(notice)  # kept, but the old save could not be removed: the new game's autosave replaces it
        self.writer.discard()
        self.saved = None
        self._sync_continue()
        return None

    def continue_scene(self, ctx: Context) -> BaseScene:
        """The table for the saved game, exactly as it was, with its log rebuilt from the events."""
        from ..table.scene import TableScene
        record = self.saved
        if record is None:
            from ..screens.notice import NoticeScene
            return NoticeScene(ctx, _("There is no saved game to continue."))
        try:
            match = Match.from_record(record)
        except ValueError as error:  # every model error is one; the file must not stop the game
            self.writer.discard()
            self.saved = None
            self._sync_continue()
            from ..screens.notice import NoticeScene
            notice = reject(self.paths.current_game_file, _("could not be resumed ({problem})").format(problem=error)).notice
            return NoticeScene(ctx, notice or _("The saved game could not be resumed."))
        table = TableScene(ctx, GameSetup.from_match(match), LocalSession(match, ctx.game_hooks))
        for event in match.events:
            table.log.add(event, table.view.you)
        return table

    def _counted(self, stats: Stats) -> None:
        self.stats = stats

    def close(self) -> None:
        """When the window closes (or crashes): the last autosave reaches the disk."""
        self.writer.flush()
        self.network_games.close()
        self.daily.close()
        self.accuracy.close()
        self.review_keeper.close()

    def reset_statistics(self) -> str | None:
        """Start the statistics afresh (the old file is kept aside); a notice on failure."""
        notice = reset_stats(self.paths)
        if notice is None:
            self.stats = Stats()
        return notice


_FIELDS = tuple(field.name for field in dataclasses.fields(Settings))
