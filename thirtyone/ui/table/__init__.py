"""The table scene and its parts: input boundary, moves, offers, the coach, drawing, the view."""
