"""The host lobby's invitations over the internet: one magic-wormhole code per remote seat.

Each invitation is a tunnel process (``net.wormhole_link``); the lobby's frame
only reads the events that came already (``update``) and never waits on one.
The newest code is drawn large, to be read aloud, with the line a friend types
(``thirtyone join --wormhole CODE``), which Copy puts on the clipboard. Closing
the table closes the tunnels on a thread of their own, so leaving never stalls
a frame either.
"""

from __future__ import annotations

import threading
from typing import Any

import pygame

from ...i18n import N_, _
from ..layout import Box
from ..theme import TEXT
from ..widgets import Button, blit_text, fit_text


class InvitePanel:
    """Invitations of one hosted table: ``invite`` adds one (up to ``limit``), ``draw`` shows them."""

    def __init__(self, limit: int, settings: Any = None) -> None:
        self.limit, self.settings = limit, settings
        self.links: list[Any] = []
        self.problem = ""
        self.note = ""
        self.invite_button = Button(N_("Invite over the internet"), self.invite, "I")
        self.copy_button = Button(N_("Copy invitation"), self.copy, "C")
        self._port, self._table_code = 0, ""

    def invite(self, port: int | None = None, table_code: str = "") -> None:
        """Start one more invitation to the table on 127.0.0.1:``port`` (``open`` gave them)."""
        from ...net.wormhole_invite import relays
        from ...net.wormhole_link import host_invite
        port, table_code = port or self._port, table_code or self._table_code
        if not port:
            return
        if len([link for link in self.links if link.state != "failed"]) >= self.limit:
            self.note = _("Every remote seat has an invitation already.")
            return
        self.links.append(host_invite(port, table_code, relays(saved=self.settings)))
        self.note = ""

    def open(self, port: int, table_code: str) -> None:
        """The table the invitations lead to."""
        self._port, self._table_code = port, table_code

    def copy(self) -> None:
        """Put the newest code's invite line on the clipboard."""
        from ...net.wormhole_invite import invite_line
        from .daily import copy_to_clipboard
        link = self.newest
        if link is None or link.state != "code":
            return
        line = invite_line(link.code)
        self.note = (_("Copied: {line}").format(line=line) if copy_to_clipboard(line)
                     else _("No clipboard here: {line}").format(line=line))

    @property
    def newest(self) -> Any:
        """The latest invitation (``None`` before the first)."""
        return self.links[-1] if self.links else None

    def update(self) -> None:
        """Take the tunnels' events that came since the last frame (never waits)."""
        for link in self.links:
            link.poll()

    def close(self) -> None:
        """Close every tunnel, on a thread: a frame never waits for a wormhole to close."""
        links, self.links = self.links, []
        if links:
            threading.Thread(target=lambda: [link.close() for link in links], name="wormhole-close",
                             daemon=True).start()

    def buttons(self) -> list[Button]:
        """The buttons to lay out and click."""
        self.copy_button.enabled = self.newest is not None and self.newest.state == "code"
        return [self.invite_button, self.copy_button]

    def rows(self) -> list[tuple[str, str]]:
        """One (text, kind) line per invitation but the newest: kind ``ok``, ``bad`` or ``dim``."""
        lines = []
        for number, link in enumerate(self.links, start=1):
            if link.state == "connected":
                lines.append((_("Invitation {number} ({code}): your friend is connected.").format(
                    number=number, code=link.code), "ok"))
            elif link.state == "failed":
                lines.append((_("Invitation {number}: {problem}").format(number=number, problem=link.problem), "bad"))
            elif link is not self.newest:
                lines.append((_("Invitation {number} ({code}): waiting for your friend…").format(
                    number=number, code=link.code), "dim"))
        return lines

    def draw(self, surface: pygame.Surface, ctx: Any, box: Box, u: float) -> None:
        """The newest code large with its invite line, then a line for each other invitation, inside ``box``."""
        from ...net.wormhole_invite import invite_line
        theme, assets = ctx.theme, ctx.assets
        x, y = box.x, box.y
        blit_text(surface, assets, _("Over the internet"), TEXT.body * u, theme.text, (x, y))
        y += 22 * u
        link = self.newest
        if link is None:
            text = _("Invite over the internet gives a code to read to a friend far away.")
            for line in assets.wrap(text, TEXT.normal * u, box.w)[:2]:
                blit_text(surface, assets, line, TEXT.normal * u, theme.text_dim, (x, y))
                y += 20 * u
        elif link.state == "starting":
            blit_text(surface, assets, _("Asking the mailbox for a code…"), TEXT.normal * u, theme.text_dim, (x, y))
            y += 22 * u
        elif link.state == "code":
            size = min(TEXT.display * u, box.w / max(1, len(link.code)) * 1.7)
            blit_text(surface, assets, link.code, size, theme.accent, (x, y), bold=True)
            y += size * 1.25
            shown = fit_text(assets, invite_line(link.code), TEXT.normal * u, box.w)
            blit_text(surface, assets, shown, TEXT.normal * u, theme.text, (x, y))
            y += 20 * u
            blit_text(surface, assets, _("Waiting for your friend…"), TEXT.normal * u, theme.text_dim, (x, y))
            y += 22 * u
        colours = {"ok": theme.text, "bad": theme.bad, "dim": theme.text_dim}
        for text, kind in self.rows() + ([(self.note, "dim")] if self.note else []):
            if y + 18 * u > box.bottom:
                break
            blit_text(surface, assets, fit_text(assets, text, TEXT.small * u, box.w), TEXT.small * u,
                      colours[kind], (x, y))
            y += 18 * u


__all__ = ["InvitePanel"]
