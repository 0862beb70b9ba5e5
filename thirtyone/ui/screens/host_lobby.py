"""Hosting from the window: New game with remote seats opens the table on the network and shows how to join.

The host (``net.host.TableHost``) runs on its own thread; the player at this
screen joins it like everyone else, over 127.0.0.1, and plays through a
``NetworkSession``. The lobby shows the addresses, the join code and who has
taken which seat; the game starts by itself when every remote seat is taken,
or at once with Start now (bots of the stand-in level take the free seats).
Cancel closes the table; leaving the table later closes it for everyone.

Like ``thirtyone serve``, the host keeps the game in progress after every action
(``net.hosted_save``, in the player's data folder) and archives it once finished;
a table opened while such a game is kept opens that game again, with its join
code, so the host takes back its seat and the others rejoin.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

import pygame

from ...i18n import YOU, N_, _
from ..game_setup import GameSetup
from ..keys import LOBBY, read
from ..layout import Box
from ..scene import BaseScene, Context, Pop, Replace, Transition
from ..theme import TEXT
from ..widgets import Button, blit_text, draw_panel, fit_text
from .base import open_page
from .wormhole_invites import InvitePanel

log = logging.getLogger(__name__)

HOST_PORT = 8765
"""The port a window's table tries first (as ``thirtyone serve``); another free one if it is taken."""


class HostLobbyScene(BaseScene):
    """The open table before its game: addresses, code, seats; Start now, or Cancel."""

    name = "host_lobby"

    def __init__(self, ctx: Context, setup: GameSetup) -> None:
        super().__init__(ctx)
        self.setup = setup
        self.start_button = Button(N_("Start now"), self._start_now, "Enter")
        self.cancel_button = Button(N_("Cancel"), self._cancel, "Esc")
        self.problem = ""
        self.host: Any = None
        self.advertiser: Any = None
        self.client: Any = None
        self.addresses: list[str] = []
        self._result: dict[str, Any] = {}
        self._worker: threading.Thread | None = None
        self.own_seat = next(i for i, choice in enumerate(setup.seats) if choice.is_human)
        self.own_token: str | None = None
        self.resumed = False
        """A game this window hosted and left was kept (``net.hosted_save``): the table opens it again."""
        self.invites = InvitePanel(sum(1 for seat in setup.seats if seat.is_remote), ctx.settings)
        """Invitations over the internet, one wormhole code per remote seat (``net.wormhole_link``)."""
        self._open()

    def _open(self) -> None:
        from ...net.discovery import join_addresses
        from ...net.host import TableHost, TablePlan
        from ...net.hosted_save import keeper, load_hosted, own_seat
        from ...net.protocol import new_code
        setup = self.setup
        paths = self.ctx.data_paths
        resumed, notes, notice = load_hosted(paths) if paths is not None else (None, {}, None)
        if notice:
            log.warning("%s", notice)
        seat = own_seat(notes) if resumed is not None else None
        if resumed is not None and seat is not None:  # the table this window left: everyone rejoins
            code = str(notes["code"])
            self.own_seat, self.own_token = seat, str(notes["tokens"][seat])
            plan = TablePlan(resumed.rules, [], preset=resumed.preset, stand_in=str(notes.get("stand_in", "sharp")),
                             grace_s=float(notes.get("grace_s", 10.0)))
            self.resumed = True
        else:
            resumed, code = None, new_code()
            plan = TablePlan(setup.rules, setup.table_kinds(), preset=setup.preset, seed=setup.seed,
                             names=[_network_name(seat.name) for seat in setup.seats])
        save = keeper(paths, code, plan.grace_s, plan.stand_in, self.own_seat) if paths is not None else None
        for port in (HOST_PORT, 0):
            host = TableHost(plan, code, host="0.0.0.0", port=port, resume=resumed, save=save)
            try:
                host.start()
            except OSError as error:
                self.problem = _("The table could not be opened: {error}").format(error=error)
                continue
            self.host, self.problem = host, ""
            break
        if self.host is None:
            return
        self.addresses = join_addresses(self.host.port, False)
        self.invites.open(self.host.port, self.host.code)
        log.info("table open at %s with join code %s", ", ".join(self.addresses), self.host.code)
        try:
            from ...net.discovery import Advertiser
            me = next((_network_name(seat.name) for seat in setup.seats if seat.is_human), "")
            self.advertiser = Advertiser(_("{name}'s table").format(name=me), self.host.port, "",
                                         free_seats=sum(1 for seat in setup.seats if seat.is_remote))
        except Exception:  # noqa: BLE001 - no multicast here: the addresses on the screen still work
            self.advertiser = None
        self._worker = threading.Thread(target=self._join_own_seat, name="host-own-seat", daemon=True)
        self._worker.start()

    def _join_own_seat(self) -> None:
        """On a worker thread: this screen's player takes its seat, then waits for the game to start."""
        from ...net.client import JoinError, TableClient
        from ...net.session import NetworkSession
        host = self.host
        seat = self.own_seat
        name = _network_name(self.setup.seats[seat].name) if seat < len(self.setup.seats) else ""
        client = TableClient(f"ws://127.0.0.1:{host.port}", host.code, name=name, seat=seat, token=self.own_token)
        try:
            client.connect()
            self.client = client
            self._result["session"] = NetworkSession(client, on_close=self._close_table, hosting=True)
        except (JoinError, OSError) as error:
            self._result["problem"] = str(error)

    # -- leaving ---------------------------------------------------------------------------------
    def _close_table(self) -> None:
        """The host's table is gone: everyone is told, the announcement stops."""
        if self.advertiser is not None:
            self.advertiser.close()
            self.advertiser = None
        if self.host is not None:
            self.host.stop()
        self.invites.close()

    def _start_now(self) -> Transition:
        if self.host is not None:
            self.host.begin()
        return None

    def _cancel(self) -> Transition:
        if self.client is not None:
            self.client.close()
        self._close_table()
        return Pop()

    def shutdown(self) -> None:
        if "session" not in self._result and self._worker is not None:
            self._close_table()

    def update(self, dt: float) -> Transition:
        self.invites.update()
        if self._worker is not None and not self._worker.is_alive():
            self._worker = None
            session = self._result.pop("session", None)
            if session is not None:
                from ..table.remote_setup import setup_of
                from ..table.scene import TableScene
                return Replace(TableScene(self.ctx, setup_of(session, self.setup.preset), session))
            self.problem = self._result.pop("problem", "") or self.problem
        return None

    def handle_event(self, event: pygame.event.Event) -> Transition:
        clicked = self.click_buttons([self.start_button, self.cancel_button, *self.invites.buttons()], event)
        if clicked is not None:
            return clicked
        intent = read(event, LOBBY)
        command = intent.command if intent is not None else ""
        if command == "start":
            return self._start_now()
        if command == "cancel":
            return self._cancel()
        if command == "invite":
            self.invites.invite()
        elif command == "copy":
            self.invites.copy()
        return None

    @property
    def busy(self) -> bool:
        return True  # seats are taken from other threads

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ctx, theme = self.ctx, self.ctx.theme
        w, h, u = open_page(surface, ctx, N_("Your table is open"), 20)
        panel_w = min(w - 40 * u, 900 * u)
        left = (w - panel_w) / 2
        panel = Box(left, 76 * u, panel_w, min(h - 176 * u, 400 * u))
        draw_panel(surface, panel, theme, u)
        x, y = left + 18 * u, panel.y + 14 * u
        if self.host is not None:
            blit_text(surface, ctx.assets, _("Friends join with Join a table, or: thirtyone join ADDRESS --code CODE"),
                      TEXT.normal * u, theme.text_dim, (x, y))
            y += 30 * u
            blit_text(surface, ctx.assets, _("Join code"), TEXT.body * u, theme.text, (x, y))
            blit_text(surface, ctx.assets, self.host.code, TEXT.huge * u, theme.accent, (x, y + 20 * u), bold=True)
            ax = left + panel_w * 0.45
            blit_text(surface, ctx.assets, _("Addresses"), TEXT.body * u, theme.text, (ax, y))
            shown_addresses = self.addresses[:2 if self.invites.links else 3]
            for i, address in enumerate(shown_addresses):
                shown = fit_text(ctx.assets, address, TEXT.lead * u, panel.right - ax - 18 * u)
                blit_text(surface, ctx.assets, shown, TEXT.lead * u, theme.text, (ax, y + (24 + 26 * i) * u))
            invites_top = y + (34 + 26 * len(shown_addresses)) * u
            self.invites.draw(surface, ctx, Box(ax, invites_top, panel.right - ax - 18 * u,
                                                panel.bottom - invites_top - 8 * u), u)
            y += 104 * u
            blit_text(surface, ctx.assets, _("Seats"), TEXT.body * u, theme.text, (x, y))
            y += 26 * u
            for row in self._rows():
                blit_text(surface, ctx.assets, row, TEXT.normal * u, theme.text, (x + 12 * u, y))
                y += 22 * u
        if self.problem or self.resumed:
            text = self.problem or _("Your unfinished game is open again: its players rejoin with the same code.")
            shown = fit_text(ctx.assets, text, TEXT.body * u, panel_w)
            blit_text(surface, ctx.assets, shown, TEXT.body * u, theme.bad if self.problem else theme.accent,
                      (w / 2, panel.bottom + 10 * u), "midtop")
        buttons = [self.start_button, *self.invites.buttons(), self.cancel_button]
        gap = 16 * u
        bw, bh = min(220 * u, (w - 20 * u - gap * (len(buttons) - 1)) / len(buttons)), 50 * u
        top = panel.bottom + 40 * u
        start = w / 2 - (bw * len(buttons) + gap * (len(buttons) - 1)) / 2
        for i, button in enumerate(buttons):
            button.box = Box(start + i * (bw + gap), top, bw, bh)
        self.start_button.enabled = self.host is not None
        self.invites.invite_button.enabled = self.host is not None
        for button in buttons:
            button.draw(surface, ctx.assets, theme, u)

    def _rows(self) -> list[str]:
        """One line per seat: who sits there, or that it waits for a friend."""
        lobby = self.client.lobby if self.client is not None else {}
        rows = lobby.get("seats", []) if isinstance(lobby, dict) else []
        lines = []
        for row in rows:
            number = int(row.get("seat", 0)) + 1
            if number - 1 == self.own_seat:  # "you": the seat played at this screen, whatever it is called
                lines.append(_("{number}. {name} (you)").format(number=number, name=row.get("name")))
            elif row.get("kind") == "bot":
                lines.append(_("{number}. {name} (bot)").format(number=number, name=row.get("name")))
            elif row.get("taken"):
                lines.append(_("{number}. {name}: joined").format(number=number, name=row.get("name")))
            else:
                lines.append(_("{number}. waiting for a friend to join…").format(number=number))
        return lines


def _network_name(name: str) -> str:
    """The host player's name as the other players read it. The window's default name "You" means the
    player at this screen; on another screen it would be a name that reads like a pronoun ("You wins the
    game!"), so that default travels as "Host". Who is told "you" is never decided by it: every screen
    says "you" to its own seat."""
    return _("Host") if name == YOU else name


def kept_table_setup(ctx: Context) -> GameSetup | None:
    """The seats of the game this window hosted and left (kept in ``hosted_game.json``), to open its table
    again from the title; ``None`` when no such game is kept."""
    from ...net.hosted_save import load_hosted, own_seat
    from ..game_setup import SeatChoice
    paths = ctx.data_paths
    if paths is None:
        return None
    record, notes, _notice = load_hosted(paths)
    seat = own_seat(notes) if record is not None else None
    if record is None or seat is None:
        return None
    seats = [SeatChoice(s.name, "human" if index == seat else s.player.removeprefix("bot:"))
             for index, s in enumerate(record.seats)]
    return GameSetup(seats, record.preset or "classic", record.rules)
