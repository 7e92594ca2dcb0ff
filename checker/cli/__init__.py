"""The command line: `check` and `ringleader`.

Owns: parsing and dispatch (main), the measuring modes (modes), the proof modes (proofs), and
finding the algorithm or invariant a user names (loader). Nothing here decides a verdict; it
calls the rooms that do and prints what they return.

May import: everything (models, algorithms, specs, and every other room of checker).
"""
from .main import entry_point, main

__all__ = ["main", "entry_point"]
