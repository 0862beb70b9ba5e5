"""Entry point of the frozen executable: the same command line as ``thirtyone``."""

import multiprocessing
import sys

from thirtyone.cli import main

if __name__ == "__main__":
    # A frozen program is its own worker: plug-in bots, tournament --jobs and the Deal of the day's
    # par start it again as a spawned process, which this call serves instead of opening a window.
    multiprocessing.freeze_support()
    sys.exit(main())
