"""Sound effects with volume and mute; silent (never failing) without an audio device."""

from __future__ import annotations

import logging
import pygame

from ..paths import asset_path

_log = logging.getLogger(__name__)

EFFECTS = ("deal", "draw", "discard", "swap", "knock", "life_lost", "thirty_one", "eliminated", "win", "click",
           "gunshot", "misfire", "holster", "draw_gun", "your_turn", "refused", "pass")
EARCONS = ("your_turn", "refused", "pass")
"""Short sounds played only while speech is on, so the spoken lines can stay short."""


class SoundBoard:
    """Plays the named effects from ``assets/sounds``."""

    def __init__(self, volume: float = 0.7, muted: bool = False) -> None:
        self.volume = volume
        self.muted = muted
        self.available = False
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._failed: set[str] = set()
        self.played: list[str] = []
        """Names played so far (the last 50), for tests and the log."""
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.pre_init(44100, -16, 2, 512)
                pygame.mixer.init()
            pygame.mixer.set_num_channels(16)
            self.available = True
        except pygame.error:
            self.available = False

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play an effect (if there is sound and it is not muted)."""
        self.played = (self.played + [name])[-50:]
        if not self.available or self.muted or self.volume <= 0:
            return
        sound = self._sounds.get(name)
        try:
            if sound is None:
                sound = self._sounds[name] = pygame.mixer.Sound(str(asset_path("sounds", f"{name}.wav")))
            sound.set_volume(max(0.0, min(1.0, self.volume * volume)))
            sound.play()
        except (pygame.error, FileNotFoundError) as error:  # a missing sound never stops the game
            if name not in self._failed:  # once per sound, not at every card dealt
                self._failed.add(name)
                _log.warning("cannot play sound %s: %s", name, error)
