"""`check ALGO --n N --explore` from the command line: it serves, answers, stops on Ctrl-C with
status 0, and refuses what it does not do in one line."""
import json
import os
import signal
import socket
import subprocess
import sys
import urllib.request

import pytest

from checker.cli import main
from conftest import MUTANTS, ROOT


def test_the_command_serves_the_page_and_stops_on_ctrl_c():
    command = [sys.executable, "-m", "checker", os.path.join(MUTANTS, "lcr_no_terminate.py"), "--n", "3",
               "--explore", "--port", "0", "--no-browser"]
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        assert line.startswith("exploring lcr-no-terminate at n = 3 on http://127.0.0.1:"), line
        url = line.split(" on ")[1].split()[0]
        page = urllib.request.urlopen(url, timeout=30).read().decode()
        assert "<title>ringleader explorer</title>" in page
        state = json.load(urllib.request.urlopen(url + "api/state?ids=2,1,3&path=1.0", timeout=30))
        assert state["setting"] == {"ids": "2,1,3"} and len(state["trace"]["steps"]) == 2
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(url + "api/state?path=9", timeout=30)
        assert refused.value.code == 400
        assert json.load(refused.value) == {"error": "step 1 of the path takes choice 9, but only 3 transition(s) "
                                                     "are enabled there"}
        found = json.load(urllib.request.urlopen(url + "api/counterexample", timeout=60))
        assert found["verdict"] == "violated" and found["property"] == "election"
    finally:
        server.send_signal(signal.SIGINT)
        _out, err = server.communicate(timeout=30)
    assert server.returncode == 0 and err == ""


def test_a_port_in_use_is_one_line(capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["lcr", "--n", "3", "--explore", "--port", str(port), "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"check: --port {port}: cannot listen there") and err.count("\n") == 1


@pytest.mark.parametrize("argv, message", [
    (["lcr", "--explore"], "give the number of processes with --n"),
    (["lcr", "--n", "3..5", "--explore"], "--explore walks one n"),
    (["lcr", "--n", "40", "--explore"], "give --n between 1 and 12"),
    (["lcr", "--n", "3", "--explore", "--json"], "--json does not go with --explore"),
    (["lcr", "--n", "3", "--explore", "--no-por"], "--no-por does not go with --explore"),
    (["lcr", "--n", "3", "--explore", "--simulate", "5"], "choose one of --simulate"),
    (["lcr", "--n", "3", "--port", "8000"], "--port goes with --explore"),
    (["lcr", "--n", "3", "--explore", "--ids", "1,1,2"], "--ids must be distinct"),
    (["lcr", "--n", "3", "--explore", "--graph", "path"], "runs on a ring, not on a general network"),
    (["no-such-algorithm", "--n", "3", "--explore"], "no-such-algorithm"),
])
def test_what_the_explorer_does_not_do_is_refused_in_one_line(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err
