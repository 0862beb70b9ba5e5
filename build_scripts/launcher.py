"""Entry point of the frozen executable: the same command line as ``thirtyone``."""

import sys

from thirtyone.cli import main

if __name__ == "__main__":
    sys.exit(main())
