"""Colours and font sizes for the themes (classic green felt, pastel pony, high contrast)."""

from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Theme:
    """One look: felt, text, accents. Sizes are in design pixels (× layout unit)."""

    name: str
    felt: str
    kitty: str
    token: str
    token_honor: str
    background: Colour
    table_rim: Colour
    table_shade: Colour
    text: Colour
    text_dim: Colour
    accent: Colour
    good: Colour
    bad: Colour
    panel: Colour
    panel_edge: Colour
    button: Colour
    button_hover: Colour
    button_text: Colour
    highlight: Colour
    label: Colour = (200, 210, 195)
    """Small labels on the felt (stock, discard, kitty)."""


CLASSIC = Theme(
    name="classic", felt="felt_classic.png", kitty="kitty_classic.png", token="coin.png",
    token_honor="coin_honor.png", background=(18, 44, 30), table_rim=(92, 58, 30),
    table_shade=(10, 30, 20), text=(244, 240, 226), text_dim=(190, 200, 185), accent=(246, 200, 80),
    good=(140, 230, 140), bad=(255, 120, 100), panel=(14, 30, 22), panel_edge=(200, 170, 90),
    button=(54, 98, 70), button_hover=(78, 132, 96), button_text=(250, 246, 230), highlight=(255, 214, 90),
)
PONY = Theme(
    name="pony", felt="felt_pony.png", kitty="kitty_pony.png", token="horseshoe.png",
    token_honor="horseshoe_honor.png", background=(96, 70, 120), table_rim=(236, 160, 200),
    table_shade=(70, 48, 92), text=(255, 250, 255), text_dim=(236, 220, 245), accent=(255, 190, 230),
    good=(170, 250, 200), bad=(255, 140, 160), panel=(72, 50, 96), panel_edge=(255, 180, 220),
    button=(150, 100, 180), button_hover=(186, 130, 214), button_text=(255, 255, 255), highlight=(255, 170, 230), label=(88, 58, 110),
)
CONTRAST = Theme(
    name="contrast", felt="felt_contrast.png", kitty="kitty_classic.png", token="coin.png",
    token_honor="coin_honor.png", background=(0, 0, 0), table_rim=(255, 255, 255),
    table_shade=(0, 0, 0), text=(255, 255, 255), text_dim=(235, 235, 235), accent=(255, 230, 0),
    good=(0, 255, 120), bad=(255, 110, 110), panel=(0, 0, 0), panel_edge=(255, 255, 255),
    button=(0, 0, 140), button_hover=(0, 60, 220), button_text=(255, 255, 255), highlight=(255, 230, 0),
    label=(255, 255, 255),
)
"""For low vision: white on black, yellow for what is chosen, blue buttons, the four-colour deck."""
THEMES = {"classic": CLASSIC, "pony": PONY, "contrast": CONTRAST}

MIN_FONT_PX = 11
"""No text is set smaller than this, even in the smallest window."""
SMALLEST_FIT = 0.8
"""How far a label may shrink to fit its box before it is shortened with "…"."""


@dataclass(frozen=True)
class TypeScale:
    """The text sizes every screen chooses from, in design pixels (× layout unit), smallest first."""

    tiny: int = 10
    """Fine print: seat numbers on cards, legends in tight corners."""
    caption: int = 12
    """Notes under controls, card counts, small labels on the felt."""
    small: int = 13
    """Hints, dim secondary lines, the game log."""
    normal: int = 14
    """Running text in panels and lists."""
    body: int = 15
    """Text meant to be read first in a panel: round reasons, coach lines."""
    label: int = 16
    """Buttons, menu rows, name plates."""
    strong: int = 17
    """Emphasised rows: the chosen option, totals."""
    lead: int = 18
    """Panel headings and big buttons."""
    subhead: int = 20
    """Sub-headings of whole screens."""
    heading: int = 24
    """Panel titles: a round's result, a duel."""
    display: int = 30
    """Large numbers and headlines."""
    huge: int = 44
    """The few words meant to fill the table: "Knock!", "Shot!"."""


TEXT = TypeScale()
"""The one type scale: change a step here and every screen that uses it follows."""

FONT = "DejaVuSans.ttf"
FONT_BOLD = "DejaVuSans-Bold.ttf"
SIZE_TITLE = 64
"""Design size of the game's name on the title screen."""
SIZE_SCREEN_TITLE = 32
"""Design size of a screen's title (New game, How to play, Settings, Statistics…)."""
SCREEN_TITLE_TOP = 10
"""Design distance of a screen's title from the top of the window."""
