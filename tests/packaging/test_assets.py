"""The shipped assets: every file the UI loads exists, loads and has the right shape."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import wave  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from thirtyone.paths import asset_files, asset_path, assets_root  # noqa: E402

DECKS = ("classic", "classic4", "pony")
CODES = [r + s for s in "SHDC" for r in "A23456789TJQK"]
TOKENS = {"coin.png": (128, 128), "coin_honor.png": (128, 128), "horseshoe.png": (128, 128),
          "horseshoe_honor.png": (128, 128), "kitty_classic.png": (256, 192),
          "kitty_pony.png": (256, 192), "derringer.png": (200, 120), "muzzle_flash.png": (128, 128),
          "smoke.png": (128, 128)}
ICON_SIZES = (16, 32, 48, 64, 128, 256)
SOUNDS = ("deal", "draw", "discard", "swap", "knock", "life_lost", "thirty_one", "eliminated",
          "win", "click", "gunshot", "misfire", "holster", "draw_gun", "your_turn", "refused", "pass")


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield
    pygame.quit()


def _load(*parts: str) -> pygame.Surface:
    path = asset_path(*parts)
    assert path.is_file(), f"missing {path}"
    return pygame.image.load(str(path))


@pytest.mark.parametrize("deck", DECKS)
def test_deck_complete_and_card_sized(deck):
    for name in CODES + ["back"]:
        img = _load("cards", deck, f"{name}.png")
        assert img.get_size() == (250, 350), f"{deck}/{name}"


@pytest.mark.parametrize("deck", DECKS)
def test_card_corners_are_transparent(deck):
    img = _load("cards", deck, "AS.png")
    assert img.get_flags() & pygame.SRCALPHA or img.get_bitsize() == 32
    for x, y in ((0, 0), (249, 0), (0, 349), (249, 349)):
        assert img.get_at((x, y)).a == 0
    assert img.get_at((125, 175)).a == 255


def test_highlight():
    assert _load("cards", "highlight.png").get_size() == (250, 350)


@pytest.mark.parametrize("name", sorted(TOKENS))
def test_tokens(name):
    assert _load("tokens", name).get_size() == TOKENS[name]


@pytest.mark.parametrize("name", ["felt_classic.png", "felt_pony.png"])
def test_felts(name):
    assert _load("table", name).get_size() == (256, 256)


def test_icons():
    for size in ICON_SIZES:
        assert _load("icon", f"icon-{size}.png").get_size() == (size, size)
    data = asset_path("icon", "icon.ico").read_bytes()
    assert data[:4] == b"\x00\x00\x01\x00"
    assert int.from_bytes(data[4:6], "little") == len(ICON_SIZES)


@pytest.mark.parametrize("name", ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"])
def test_fonts_have_suit_symbols(name):
    font = pygame.font.Font(str(asset_path("fonts", name)), 24)
    for symbol in "♠♥♦♣":
        assert font.size(symbol)[0] > 0
        metrics = font.metrics(symbol)[0]
        assert metrics is not None and metrics[1] > metrics[0]   # real glyph, not blank
    assert font.render("♠♥♦♣", True, (0, 0, 0)).get_width() > 0


@pytest.mark.parametrize("name", SOUNDS)
def test_sound_is_short_mono_16bit_wav(name):
    path = asset_path("sounds", f"{name}.wav")
    assert path.is_file(), f"missing {path}"
    with wave.open(str(path), "rb") as w:
        assert w.getnchannels() == 1
        assert w.getsampwidth() == 2
        assert w.getframerate() in (22050, 44100)
        seconds = w.getnframes() / w.getframerate()
    assert 0.05 <= seconds <= (2.5 if name == "win" else 1.5), seconds


def test_total_size_under_10_mb():
    total = sum(len(assets_root().joinpath(*parts).read_bytes()) for parts in asset_files())
    assert total < 10 * 1024 * 1024, total


def test_credits_and_font_licence():
    assert "CC0" in asset_path("CREDITS.md").read_text(encoding="utf-8")
    assert "Bitstream" in asset_path("fonts", "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
