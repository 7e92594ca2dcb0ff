import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

MUTANTS = os.path.join(ROOT, "tests", "mutants")

# One worker unless a test asks for more (tests/explore/test_engines.py compares jobs 1 and 2): most
# checks here are small, and each pool of workers is a fork of the test process.
os.environ.setdefault("RINGLEADER_JOBS", "1")
