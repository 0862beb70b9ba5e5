"""The environment of a game started in a real window by a test."""

import os


def window_env(**settings: str) -> dict[str, str]:
    """This process's environment without what earlier in-process tests may have left behind
    (``SDL_*``: the dummy driver, a window position off a small screen; ``THIRTYONE_*``: test
    switches), with the real X11 driver, the game's window class, no sound, and ``settings``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "THIRTYONE_"))}
    env.update(SDL_VIDEODRIVER="x11", SDL_VIDEO_X11_WMCLASS="thirtyone", SDL_AUDIODRIVER="dummy")
    env.update(settings)
    return env
