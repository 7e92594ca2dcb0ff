"""``python -m checker ...`` is the ``check`` command, and ``entry_point`` is the ``check`` and
``ringleader`` scripts' (pyproject.toml)."""
import sys


def entry_point() -> None:
    """The command. The tool's modules load here, inside it, so that a Ctrl-C while they load
    (about 0.2 s) is an interrupt like one during the run: one line and status 3, not a
    traceback."""
    try:
        from .cli.main import entry_point as run_command
    except KeyboardInterrupt:
        print("check: interrupted; no verdict", file=sys.stderr)
        sys.exit(3)  # INCOMPLETE_EXIT of checker/cli/main.py, which did not finish loading
    run_command()


if __name__ == "__main__":
    entry_point()
