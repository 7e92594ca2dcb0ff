"""Where the ghost-round all-n proof of Peterson stands: which obligations its partial invariant leaves.

    python bench/peterson_all_n_ghosts.py               # about half a minute
    python bench/peterson_all_n_ghosts.py --timeout 20  # each obligation up to 20 s
    python bench/peterson_all_n_ghosts.py --keys        # the third attempt: about three minutes
    python bench/peterson_all_n_ghosts.py --origins     # the fourth: about three minutes
    python bench/peterson_all_n_ghosts.py --origins --timeout 6   # every obligation proved

Nothing the checker uses: peterson has no invariant registered in specs/all_n (`check peterson
--all-n` exits 2), though ORIGINS is proved inductive by the second --origins line above. This
runs checker/prove/all_n.py's ``prove_all_n`` on ``PARTIAL`` of specs/all_n/peterson.py (ghost rounds and origins on every message, the FIFO
encoding), with ``--keys`` on ``KEYS`` (the third attempt: the keys each channel carries, with
the process before each one), or with ``--origins`` on ``ORIGINS`` (the fourth: whose alias a red
process takes), and prints every obligation that is not proved (docs/proofs-all-n.md, "Not yet:
peterson"). Exits 0 when it ran (whatever the verdict), 2 on a bad argument.
"""
from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from algorithms.peterson import Peterson  # noqa: E402
from checker.prove.all_n import PROVED, prove_all_n  # noqa: E402
from specs.all_n.peterson import KEYS, ORIGINS, PARTIAL  # noqa: E402


def parser() -> argparse.ArgumentParser:
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("--timeout", type=float, default=3.0, help="seconds per obligation (default 3)")
    arguments.add_argument("--counterexamples", action="store_true",
                           help="look for counterexamples (on rings of 1 to 4) where z3 answers unknown")
    attempt = arguments.add_mutually_exclusive_group()
    attempt.add_argument("--keys", action="store_true", help="the third attempt (KEYS) instead of the second (PARTIAL)")
    attempt.add_argument("--origins", action="store_true", help="the fourth attempt (ORIGINS)")
    return arguments


def main(argv=None) -> int:
    arguments = parser().parse_args(argv)
    if arguments.timeout <= 0:
        print("--timeout must be positive", file=sys.stderr)
        return 2
    invariant = KEYS if arguments.keys else ORIGINS if arguments.origins else PARTIAL
    proof = prove_all_n(Peterson, invariant, timeout=arguments.timeout, counterexamples=arguments.counterexamples)
    left = [o for o in proof.obligations if o.status != PROVED]
    print(f"{invariant.source}: {len(proof.obligations)} obligations, {len(proof.obligations) - len(left)} proved, "
          f"{len(left)} not ({proof.seconds:.1f} s)")
    for o in left:
        print(f"  {o.step} / {o.goal}: {o.status}")
        if o.counterexample:
            print(o.counterexample)
    return 0


if __name__ == "__main__":
    sys.exit(main())
