"""Time on screen: tweens and easing, sprites, and the choreographer that turns events into motion."""
