"""The native explorer takes things it worked out once instead of working them out again (in
models/native/explorer.c): where the parts of a chain's next state start, from the step that
made it (encode_work); where a queued state's parts start, kept from when it was found
(restore_work); and a successor's local contexts, from its predecessor's wherever the step
left them as they were (context_after). Built with RINGLEADER_CHECK_NATIVE set, it also works
each of them out afresh and aborts on the first that differs; these runs must then finish
with the usual verdict and counts. (Reusing the mover's own context, on purpose, aborts hs at
n = 4 at once.)"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# rings of each kind: unidirectional, bidirectional, unoriented (labelled ports); relays,
# replies that turn back, several messages per step; and networks (processes of different
# degrees, the ports and channels a graph lacks)
CASES = [("lcr", 5), ("cr", 5), ("peterson", 5), ("franklin", 4), ("hs", 4), ("hs-lecture", 4),
         ("hs-unoriented", 3), ("lelann", 4), ("dfs-election", 4)]


def _check(name: str, n: int, checked: bool) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "RINGLEADER_CHECK_NATIVE"}
    if checked:
        env["RINGLEADER_CHECK_NATIVE"] = "1"
    done = subprocess.run([sys.executable, "-m", "checker", name, "--n", str(n), "--json"], cwd=ROOT,
                          capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, (name, n, done.stderr[-2000:])
    return json.loads(done.stdout)


@pytest.mark.slow
@pytest.mark.parametrize("name, n", CASES)
def test_derived_offsets_are_what_decoding_finds(name, n):
    checked, plain = _check(name, n, True), _check(name, n, False)
    assert checked["engine"] == "native"
    assert (checked["verdict"], checked["states"], checked["transitions"]) == \
        (plain["verdict"], plain["states"], plain["transitions"])
