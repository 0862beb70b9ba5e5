"""Running the ``thirtyone`` command in-process, as a user would from a shell."""

from thirtyone.cli import main


def run(capsys, *argv):
    """Exit code, standard output and standard error of ``thirtyone ARGV``."""
    code: object
    try:
        code = main(list(argv))
    except SystemExit as exit_:
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err
