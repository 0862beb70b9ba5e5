"""How to play: the rules of a preset (or of this game) written by ``describe_rules``, scrollable,
with example hands and their values."""

from __future__ import annotations

from typing import Any, cast

import pygame

from ...i18n import N_, _, language
from ..pointer import WHEEL, pointer
from ...bots import fair_play
from ...model import PRESETS, Card, Rules
from ...model.describe import describe_rules
from ...model.scoring import count_hand, format_value
from ..layout import Box, ui_unit
from ..keys import AIM, DUEL, PLACES_SHOWN, REVIEW, RULES, TABLE, keys_of, label, listed, read
from ..scene import BaseScene, Context, Pop, Transition
from ..widgets import Button, Cycler, blit_text, draw_panel, draw_screen, fit_size, fit_text
from ..theme import TEXT

EXAMPLES = ("AS KS QS", "TH AH JC", "8D 4D 7D", "KC 9H 2S", "8C 8H 8S", "AH AD AC")
REVIEW_SHOWS_GUESSES = N_("In the replay of a finished game, {key} shows what a bot guessed of the other hands "
                          "at any of its moves, worked out from its seat alone, beside what they really held.")
"""How to play, under Bots: where a player can check that promise."""
KEY_COLUMN = 190
"""Design width of the keys' column in the list of keys."""


def gun_controls(rules: Rules) -> list[str]:
    """How the window's gun controls work, for Old West rules."""
    keys = keys_of(AIM, "fire", "holster")
    out = [_("Each name plate shows that player's derringer (grey when empty) and its chance to misfire now.")]
    if rules.quick_draw:
        out += [_("Draw your gun: press {gun} (or the Draw gun button) at any moment while your cards are on screen, then pick "
                  "a target: click their seat, press the red number on it, or use the arrows and {fire}. "
                  "{holster} holsters.").format(**keys, gun=label(TABLE, "gun")),
                _("When anyone draws, a red bar counts down the answer window ({ms} ms). "
                  "Fire back at the one who drew with {answer} if you are the player at the bottom of the screen; "
                  "other players at the same computer press the number shown over their own name plate. "
                  "The faster shot goes off first; a player shot before pulling the trigger never fires.").format(
                    ms=rules.answer_window_ms, answer=label(DUEL, "answer")),
                _("Bots fire back on their own, and may draw on anyone when a turn starts.")]
    else:
        out += [_("Fire: at the start of your turn press {gun} (or the Fire button), then pick a target: click their "
                  "seat, press the red number on it, or use the arrows and {fire}. {holster} holsters the gun.").format(
                    **keys, gun=label(TABLE, "gun"))]
    out.append(_("A hit turns the target's seat dark and their cards go face down under the stock; "
                 "a misfire only clicks and puffs."))
    return out


class HowToPlayScene(BaseScene):
    name = "how_to_play"

    def __init__(self, ctx: Context, rules: Rules | None = None, title: str = "") -> None:
        super().__init__(ctx)
        self.fixed = rules is not None
        self.preset = Cycler([(p.id, p.title) for p in PRESETS.values()], 0)
        self.rules = rules if rules is not None else PRESETS[self.preset.value].rules
        self.title = title or _(PRESETS[self.preset.value].title)
        self.scroll = 0.0
        self.back = Button(N_("Back"), lambda: Pop(), "Esc")
        self._blocks: list[tuple[str, str, object]] = []
        self._blocks_key: tuple[object, ...] = ()
        self.content_h = 0.0

    def _choose(self, _value: object = None) -> None:
        preset = PRESETS[self.preset.value]
        self.rules, self.title, self.scroll = preset.rules, _(preset.title), 0.0

    def handle_event(self, event: pygame.event.Event) -> Transition:
        result = self.back.handle(event)
        if result is not None and result is not True:
            return cast(Transition, result)
        if not self.fixed and self.preset.handle(event):
            self._choose()
            return None
        page = self.ctx.size[1] * 0.6
        mouse = pointer(event)
        if mouse is not None and mouse.kind == WHEEL:
            self.scroll -= mouse.wheel * 60 * ui_unit(*self.ctx.size)
        elif (intent := read(event, RULES)) is not None:
            if intent.command == "leave":
                return Pop()
            step = {"line_down": 50, "line_up": -50, "page_down": page, "page_up": -page,
                    "top": -1e9, "bottom": 1e9}.get(intent.command)
            if step is not None:
                self.scroll += step * (1 if abs(step) > 100 else ui_unit(*self.ctx.size))
            elif intent.command in ("previous", "next") and not self.fixed:
                self.preset.step(-1 if intent.command == "previous" else 1)
                self._choose()
        self.scroll = max(0.0, min(self.scroll, self.content_h))
        return None

    def _layout_blocks(self, width: float, u: float) -> list[tuple[str, str, object]]:
        key = (id(self.rules), round(width), u, language())  # the text is rewritten in a new language
        if key == self._blocks_key:
            return self._blocks
        blocks: list[tuple[str, str, object]] = []
        for heading, paragraphs in describe_rules(self.rules):
            blocks.append(("heading", heading, None))
            for paragraph in paragraphs:
                lines = self.ctx.assets.wrap(paragraph, TEXT.label * u, width - 24 * u)
                for i, line in enumerate(lines):
                    blocks.append(("line", line, i == 0))
            if heading == _("Old West"):
                blocks.append(("heading", _("Guns in the window"), None))
                for paragraph in gun_controls(self.rules):
                    for i, line in enumerate(self.ctx.assets.wrap(paragraph, TEXT.label * u, width - 24 * u)):
                        blocks.append(("line", line, i == 0))
            if heading == _("Card values"):
                blocks.append(("heading", _("Example hands"), None))
                for text in EXAMPLES:
                    cards = tuple(Card.from_code(c) for c in text.split())
                    blocks.append(("example", text, count_hand(cards, self.rules)))
        blocks.append(("heading", _("Bots"), None))
        for paragraph in (fair_play(), _(REVIEW_SHOWS_GUESSES).format(key=label(REVIEW, "bot_view"))):
            for i, line in enumerate(self.ctx.assets.wrap(paragraph, TEXT.label * u, width - 24 * u)):
                blocks.append(("line", line, i == 0))
        blocks += self._key_blocks(width, u)
        self._blocks, self._blocks_key = blocks, key
        return blocks

    def _key_blocks(self, width: float, u: float) -> list[tuple[str, str, object]]:
        """The keys, written from the game's one table of bindings (``keys.BINDINGS``)."""
        blocks: list[tuple[str, str, object]] = [("heading", _("Keys"), None)]
        shown = [(place, heading) for place, heading in PLACES_SHOWN
                 if (place != AIM or self.rules.old_west) and (place != DUEL or self.rules.quick_draw)]
        for place, heading in shown:
            blocks.append(("subheading", _(heading), None))
            for keys, what in listed(place):
                for i, line in enumerate(self.ctx.assets.wrap(what, TEXT.label * u, width - KEY_COLUMN * u - 24 * u)):
                    blocks.append(("key", line, keys if i == 0 else ""))
        return blocks

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        w, h = surface.get_size()
        u = ui_unit(w, h, ctx.settings.ui_scale)
        theme = ctx.theme
        draw_screen(surface, ctx.assets, theme, u, _("How to play"))
        if self.fixed:
            blit_text(surface, ctx.assets, _(self.title), TEXT.lead * u, theme.text, (w / 2, 60 * u), "midtop")
        else:
            self.preset.box = Box(w / 2 - 170 * u, 58 * u, 340 * u, 32 * u)
            self.preset.draw(surface, ctx.assets, theme, u)
        panel = Box(max(20 * u, w / 2 - 460 * u), 100 * u, min(w - 40 * u, 920 * u), h - 170 * u)
        draw_panel(surface, panel, theme, u)
        blocks = self._layout_blocks(panel.w - 40 * u, u)
        heights = {"heading": 40 * u, "subheading": 30 * u, "line": 22 * u, "key": 22 * u, "example": 66 * u}
        self.content_h = max(0.0, sum(heights[b[0]] for b in blocks) - panel.h + 40 * u)
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(panel.inflate(-8 * u, -8 * u).rounded()))
        y = panel.y + 16 * u - min(self.scroll, self.content_h)
        x = panel.x + 20 * u
        for kind, text, extra in blocks:
            height = heights[kind]
            if y + height >= panel.y and y <= panel.bottom:
                if kind == "heading":
                    blit_text(surface, ctx.assets, text, TEXT.subhead * u, theme.accent, (x, y + 12 * u), bold=True)
                elif kind == "subheading":
                    blit_text(surface, ctx.assets, text, TEXT.strong * u, theme.text, (x, y + 6 * u), bold=True)
                elif kind == "key":
                    if extra:
                        blit_text(surface, ctx.assets, str(extra), TEXT.label * u, theme.accent, (x + 14 * u, y), bold=True)
                    blit_text(surface, ctx.assets, text, TEXT.label * u, theme.text, (x + KEY_COLUMN * u, y))
                elif kind == "line":
                    prefix_x = x + 14 * u
                    if extra:
                        blit_text(surface, ctx.assets, "•", TEXT.label * u, theme.accent, (x, y))
                    blit_text(surface, ctx.assets, text, TEXT.label * u, theme.text, (prefix_x, y))
                else:
                    self._draw_example(surface, text, extra, x + 14 * u, y, u, panel.right - 20 * u)
            y += height
        surface.set_clip(clip)
        if self.content_h > 0:
            frac = min(1.0, self.scroll / self.content_h)
            track = Box(panel.right - 8 * u, panel.y + 10 * u, 4 * u, panel.h - 20 * u)
            pygame.draw.rect(surface, theme.table_shade, pygame.Rect(track.rounded()))
            thumb_h = max(20 * u, track.h * panel.h / (panel.h + self.content_h))
            pygame.draw.rect(surface, theme.accent, (track.x, track.y + (track.h - thumb_h) * frac, track.w, thumb_h))
        self.back.box = Box(w / 2 - 90 * u, h - 58 * u, 180 * u, 44 * u)
        self.back.draw(surface, ctx.assets, theme, u)
        room = panel.right - (self.back.box.right + 12 * u)  # right of Back: at 200 % it would run under the button
        hint = _("Scroll with the wheel or ↑ ↓")
        size = fit_size(ctx.assets, hint, TEXT.small * u, room)
        if room > 40 * u:
            blit_text(surface, ctx.assets, fit_text(ctx.assets, hint, size, room), size, theme.text_dim,
                      (panel.right, h - 36 * u), "midright")

    def _draw_example(self, surface: pygame.Surface, text: str, count: Any, x: float, y: float, u: float,
                      right: float) -> None:
        ctx = self.ctx
        cw = round(40 * u)
        counted = set(count.counted)
        for i, code in enumerate(text.split()):
            card = Card.from_code(code)
            image = ctx.assets.card(ctx.settings.deck, card, cw)
            r = image.get_rect(topleft=(round(x + i * (cw + 5 * u)), round(y + 4 * u)))
            if card in counted:
                pygame.draw.rect(surface, ctx.theme.highlight, r.inflate(4 * u, 4 * u), border_radius=round(4 * u))
            surface.blit(image, r)
        tx = x + 3 * (cw + 5 * u) + 14 * u
        blit_text(surface, ctx.assets, format_value(count.value), TEXT.heading * u, ctx.theme.accent, (tx, y + 15 * u), bold=True)
        lines = ctx.assets.wrap(count.explanation, TEXT.normal * u, right - tx - 50 * u)[:2]
        for i, line in enumerate(lines):
            blit_text(surface, ctx.assets, line, TEXT.normal * u, ctx.theme.text_dim, (tx + 50 * u, y + (21 - 9 * (len(lines) - 1)) * u + i * 18 * u))
