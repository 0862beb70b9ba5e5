"""Low vision at the largest interface size: the table's buttons stay off the game log, the pile labels
never overlap, and the high-contrast theme plays with the four-colour deck."""

from __future__ import annotations

import pytest

from tests.ui_support import make_app
from thirtyone.storage.settings import Settings
from thirtyone.ui.assets import Assets
from thirtyone.ui.layout import table_layout
from thirtyone.ui.table.layer import pile_label_size
from thirtyone.ui.theme import THEMES


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("seats", [2, 4, 6])
def test_at_200_percent_the_buttons_stay_left_of_the_log_and_the_pile_labels_apart(size, seats):
    make_app()  # pygame and its fonts
    layout = table_layout(size[0], size[1], seats, ui_scale=2.0)
    for name, box in layout.buttons.items():
        assert box.right <= layout.log.x, (name, box, layout.log)
    assets = Assets()
    label_size = int(pile_label_size(assets, layout))
    stock_w = assets.font(label_size).size("stock 38")[0]
    discard_w = assets.font(label_size).size("discard")[0]
    gap = (layout.discard.center[0] - layout.stock.center[0]) - (stock_w + discard_w) / 2
    assert gap > 0, (size, seats, gap)


def test_the_high_contrast_theme_is_a_setting_with_the_four_colour_deck():
    settings = Settings(theme="contrast")
    assert settings.deck == "classic4" and Settings(theme="classic").deck == "classic"
    theme = THEMES["contrast"]
    assert theme.background == (0, 0, 0) and theme.text == (255, 255, 255)
    app = make_app(theme="contrast")
    assert app.ctx.theme is theme
