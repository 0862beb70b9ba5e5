"""The game window (pygame-ce): scenes, layout, animation and sound.

The only package that imports pygame. Start it with ``thirtyone`` or
``thirtyone.ui.launch.run(args)``.
"""
