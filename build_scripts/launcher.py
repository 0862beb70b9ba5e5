"""Entry point of the frozen executable: the same command line as ``thirtyone``."""

import multiprocessing
import sys

from thirtyone.cli import main

if __name__ == "__main__":
    # A worker process (the Deal of the day's par, tournament --jobs) starts this executable again:
    # freeze_support makes it run the worker's task instead of opening another window.
    multiprocessing.freeze_support()
    sys.exit(main())
