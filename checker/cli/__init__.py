"""The command line: `check` and `ringleader`.

Owns: parsing and dispatch (main), the measuring modes (modes), the proof modes (proofs), and
finding the algorithm or invariant a user names (loader). Nothing here decides a verdict; it
calls the rooms that do and prints what they return.

May import: everything (models, algorithms, specs, and every other room of checker).
"""
import gc

# A run builds its objects once and keeps them: a cyclic collection every 700 allocations while
# the modules load only walks live objects (5 % of `check lcr --n 6`). entry_point() freezes
# what is loaded, so later collections, and the forked workers, leave it alone.
gc.set_threshold(50_000, 50, 100)

from .main import entry_point, main  # noqa: E402

__all__ = ["main", "entry_point"]
