"""Between the player's files (``thirtyone.storage``) and the window: settings, autosave, statistics, daily."""
