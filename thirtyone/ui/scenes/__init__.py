"""One module per screen: title, new game, table, round end, game over, pause, how to play, hand-off."""
