"""Old West at the table: the derringer, Quick Draw's answer window, the duel's animation."""
