"""What the bench scripts that run `check` take as an algorithm: a built-in name, or the path of
a user's algorithm file, as check itself does (research on a variant is benchmarked too)."""
from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from algorithms import BUILTIN


def algorithm_or_file(text: str) -> str:
    """A built-in name as it is; a .py file as its absolute path (the scripts run check in
    other directories); anything else an argparse error naming both kinds."""
    if text in BUILTIN:
        return text
    if text.endswith(".py") and os.path.isfile(text):
        return os.path.abspath(text)
    raise argparse.ArgumentTypeError(
        f"{text!r} is neither a built-in algorithm ({', '.join(BUILTIN)}) nor an algorithm file (.py)")
