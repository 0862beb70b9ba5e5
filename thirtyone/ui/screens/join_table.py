"""Join a table (from the title): tables found on this network, or an address and a join code.

Tables that announce themselves (mDNS, ``net.discovery``) are listed and a click
fills in their address; the code comes from the host. Join connects on a worker
thread and waits there for the game to start, so the window never freezes; then
the table opens on a ``NetworkSession``. Esc goes back and stops looking.
"""

from __future__ import annotations

import threading
from functools import partial
from typing import Any

import pygame

from ...i18n import N_, _
from ..keys import JOIN, Intent, read
from ..layout import Box
from ..scene import BaseScene, Context, Pop, Replace, Transition
from ..text_field import TextField
from ..theme import TEXT
from ..widgets import Button, blit_text, draw_panel, fit_text
from .base import open_page

MAX_LISTED = 5
"""Tables listed at once (a home network rarely has more)."""
LIST_REFRESH_S = 0.5
PANEL_LEAST_H = 262
"""Design height the panel keeps however long the problem under it: its three fields and their labels."""
PAGE_H = 470
"""Design height of the page under the title: the panel at its least, two lines of a problem, the buttons."""


class JoinTableScene(BaseScene):
    """Pick a table, give the code and a name, join; the table opens when the host starts the game."""

    name = "join_table"

    def __init__(self, ctx: Context, name: str = "") -> None:
        super().__init__(ctx)
        from ...net.protocol import MAX_NAME_CHARS
        self.address = TextField("", 60, "ws://192.168.1.5:8765 / 7-guitar-ocean")
        """The table's address, or a wormhole code from a host far away (the code then needs no join code)."""
        self.code = TextField("", 7, "KX4-TRM")
        self.player = TextField(name, MAX_NAME_CHARS, _("Your name"))
        self.fields = [self.address, self.code, self.player]
        self.join_button = Button(N_("Join"), self._join, "Enter")
        self.back_button = Button(N_("Back"), lambda: Pop(), "Esc")
        self.table_buttons: list[Button] = []
        self.status = ""
        self.problem = ""
        self._found: list[Any] = []
        self._refresh_s = 0.0
        self._worker: threading.Thread | None = None
        self._result: dict[str, Any] = {}
        self.browser: Any = None
        try:
            from ...net.discovery import Browser
            self.browser = Browser()
        except Exception as error:  # noqa: BLE001 - no multicast here: typing the address still works
            self.problem = _("Tables on this network cannot be listed here ({error}); type the address.").format(
                error=error)

    # -- joining ---------------------------------------------------------------------------------
    def _join(self) -> Transition:
        from ...net.protocol import address_problem, is_code, normal_code
        from ...net.wormhole_invite import normal_wormhole_code
        if self._worker is not None:
            return None
        wormhole = normal_wormhole_code(self.address.text)
        if wormhole is not None:
            self.problem, self.status = "", _("Opening the wormhole {code}…").format(code=wormhole)
            self._worker = threading.Thread(target=self._connect_wormhole, args=(wormhole, self.player.text.strip()),
                                            name="join-table", daemon=True)
            self._worker.start()
            return None
        address, code = self.address.text.strip(), normal_code(self.code.text)
        problem = address_problem(address)
        if problem:
            self.problem = problem
            return None
        if not is_code(code):
            self.problem = _("The join code has six characters, like KX4-TRM.")
            return None
        self.problem, self.status = "", _("Connecting to {address}…").format(address=address)
        self._worker = threading.Thread(target=self._connect, args=(address, code, self.player.text.strip()),
                                        name="join-table", daemon=True)
        self._worker.start()
        return None

    def _connect(self, address: str, code: str, name: str) -> None:
        """On the worker thread: connect (to the seat kept for this table and name, if any: a rejoin after a
        crash), then wait for the game to start (the lobby). A finished game forgets the seat's token."""
        from ...net.client import JoinError
        from ...net.seat_tokens import settle, take_seat
        from ...net.session import NetworkSession
        paths = self.ctx.data_paths
        try:
            client, notices = take_seat(paths, address, code, name)
            self._result["notices"] = notices
            self._result["waiting"] = True
            session = NetworkSession(client, on_close=lambda: settle(paths, address, code, name, session.end))
            session.hooks = self.ctx.game_hooks  # the seat's own record of the game is kept here
            self._result["session"] = session
            self._result["preset"] = client.welcome.get("preset")
        except (JoinError, OSError) as error:
            self._result["problem"] = str(error)

    def _connect_wormhole(self, wormhole: str, name: str) -> None:
        """On the worker thread: open the tunnel to the host far away, then join through it."""
        from ...net.client import JoinError, TableClient
        from ...net.session import NetworkSession
        from ...net.wormhole_invite import relays
        from ...net.wormhole_link import WormholeError, join_tunnel
        try:
            link = join_tunnel(wormhole, relays(saved=self.ctx.settings))
        except WormholeError as error:
            self._result["problem"] = str(error)
            return
        try:
            client = TableClient(f"ws://127.0.0.1:{link.port}", link.table_code, name=name)
            client.connect()
            self._result["waiting"] = True
            # Closing a tunnel waits for its process: never on the frame that leaves the table.
            session = NetworkSession(client, on_close=lambda: threading.Thread(
                target=link.close, name="wormhole-close", daemon=True).start())
            session.hooks = self.ctx.game_hooks
            self._result["session"] = session
            self._result["preset"] = client.welcome.get("preset")
        except (JoinError, OSError) as error:
            link.close()
            self._result["problem"] = str(error)

    def update(self, dt: float) -> Transition:
        self._refresh_s -= dt
        if self.browser is not None and self._refresh_s <= 0:
            self._refresh_s = LIST_REFRESH_S
            self._found = self.browser.tables()[:MAX_LISTED]
            self.table_buttons = [Button(f"{table.name} — {table.url}", partial(self._pick, table))
                                  for table in self._found]
        if self._worker is not None and not self._worker.is_alive():
            self._worker = None
            if "session" in self._result:
                from ..table.remote_setup import setup_of
                from ..table.scene import TableScene
                session = self._result.pop("session")
                self._close_browser()
                table = TableScene(self.ctx, setup_of(session, self._result.get("preset")), session)
                for notice in self._result.pop("notices", []):
                    table.say(notice)
                return Replace(table)
            self.status, self.problem = "", self._result.pop("problem", "")
        elif self._worker is not None and self._result.get("waiting"):
            self.status = _("Joined. Waiting for the host to start the game…")
        return None

    def _pick(self, table: Any) -> Transition:
        self.address.text = table.url
        self.code.focus(True)
        return None

    # -- input -----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Transition:
        typing = next((field for field in self.fields if field.focused), None)
        for field in self.fields:
            if field.handle(event):
                if field.refusal:
                    self.problem = field.refusal
                if typing is field and not field.focused:  # Enter, Tab or Esc left the field
                    return self._command(read(event, JOIN), field)
                return None
        clicked = self.click_buttons([*self.table_buttons, self.join_button, self.back_button], event)
        if clicked is not None:
            if isinstance(clicked, Pop):
                self._close_browser()
            return clicked
        return self._command(read(event, JOIN), None)

    def _command(self, intent: Intent | None, left: TextField | None) -> Transition:
        """Esc goes back (from a field: only leaves it), Enter joins, Tab moves to the next field."""
        command = intent.command if intent is not None else ""
        if command == "join":
            return self._join()
        if command == "next":
            following = 0 if left is None else (self.fields.index(left) + 1) % len(self.fields)
            self.fields[following].focus(True)
        elif command == "back" and left is None:
            self._close_browser()
            return Pop()
        return None

    def _close_browser(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def shutdown(self) -> None:
        self._close_browser()

    @property
    def busy(self) -> bool:
        return True  # the list of tables and the join come in from other threads

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ctx, theme = self.ctx, self.ctx.theme
        w, h, u = open_page(surface, ctx, N_("Join a table"), 24)
        u = min(u, h / PAGE_H)  # at 200% in 1024×600 the fields ran out of the panel and the buttons onto it
        panel_w = min(w - 40 * u, 980 * u)
        left = (w - panel_w) / 2
        column = (panel_w - 40 * u) / 2
        # The problem or status under the panel, on as many lines as it takes: the panel gives way for
        # them down to what its fields need, and what still does not fit above the buttons is cut.
        text_size = TEXT.body * u
        line_h = ctx.assets.font(int(text_size)).get_linesize()
        message = self.problem or self.status
        lines = ctx.assets.wrap(message, text_size, panel_w) if message else []
        extra = max(0, len(lines) - 1) * line_h
        panel_h = max(PANEL_LEAST_H * u, min(h - 190 * u - extra, 380 * u))
        panel = Box(left, 86 * u, panel_w, panel_h)
        bw, bh = 220 * u, 50 * u
        top = min(panel.bottom + 44 * u + extra, h - bh - 6 * u)
        room = max(1, int((top - panel.bottom - 18 * u) // line_h))
        if len(lines) > room:
            lines = lines[:room - 1] + [fit_text(ctx.assets, " ".join(lines[room - 1:]), text_size, panel_w)]
        draw_panel(surface, panel, theme, u)
        # Left: tables nearby, as many as the panel holds.
        x = left + 16 * u
        blit_text(surface, ctx.assets, _("Tables on this network"), TEXT.lead * u, theme.text, (x, panel.y + 14 * u))
        y = panel.y + 50 * u
        for button in self.table_buttons:
            fits = y + 40 * u <= panel.bottom - 8 * u
            button.box = Box(x, y, column, 40 * u) if fits else Box(0, 0, 0, 0)
            if fits:
                button.draw(surface, ctx.assets, theme, u)
            y += 48 * u
        if not self.table_buttons:
            text = _("Looking for tables…") if self.browser is not None else _("Type the address the host gave you.")
            for line in ctx.assets.wrap(text, TEXT.body * u, column):
                blit_text(surface, ctx.assets, line, TEXT.body * u, theme.text_dim, (x, y))
                y += 22 * u
        # Right: address, code, name.
        x = left + panel_w / 2 + 4 * u
        y = panel.y + 14 * u
        for label, field in ((_("Address or wormhole code"), self.address), (_("Join code"), self.code), (_("Your name"), self.player)):
            blit_text(surface, ctx.assets, label, TEXT.body * u, theme.text, (x, y))
            field.box = Box(x, y + 24 * u, column, 40 * u)
            field.draw(surface, ctx.assets, theme, u, blink_on=int(ctx.clock_s * 2) % 2 == 0)
            y += 80 * u
        # The status lines and the buttons under the panel.
        colour = theme.bad if self.problem else theme.text
        for i, line in enumerate(lines):
            blit_text(surface, ctx.assets, line, text_size, colour, (w / 2, panel.bottom + 12 * u + i * line_h), "midtop")
        self.join_button.box = Box(w / 2 - bw - 8 * u, top, bw, bh)
        self.back_button.box = Box(w / 2 + 8 * u, top, bw, bh)
        self.join_button.enabled = self._worker is None
        for button in (self.join_button, self.back_button):
            button.draw(surface, ctx.assets, theme, u)
