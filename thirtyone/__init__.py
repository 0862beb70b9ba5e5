"""thirtyone: the card game 31 (Thirty-One, Scat, Blitz) for the desktop."""

__version__ = "0.1.0"
