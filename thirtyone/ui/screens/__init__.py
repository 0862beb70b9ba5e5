"""The screens around the table: title, New game, settings, statistics, review, game over, Deal of the day."""
