"""Entry point of the frozen executable: the same command line as ``thirtyone``."""

import multiprocessing
import sys

from thirtyone.cli import main

if __name__ == "__main__":
    # A frozen program is its own worker: plug-in bots and tournament --jobs start it again
    # as a spawned process, which this call serves instead of running the command line.
    multiprocessing.freeze_support()
    sys.exit(main())
