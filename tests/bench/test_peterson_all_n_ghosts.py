"""bench/peterson_all_n_ghosts.py: which attempt it runs, and bad arguments."""
from __future__ import annotations

import pytest

from bench.peterson_all_n_ghosts import main


def test_a_bad_timeout_is_one_line_and_exit_2(capsys):
    assert main(["--timeout", "0", "--origins"]) == 2
    err = capsys.readouterr().err
    assert err == "--timeout must be positive\n"


def test_two_attempts_at_once_are_refused_with_exit_2(capsys):
    with pytest.raises(SystemExit) as refused:
        main(["--keys", "--origins"])
    assert refused.value.code == 2
    err = capsys.readouterr().err
    assert "not allowed with argument" in err and "Traceback" not in err
