"""How much memory a run may use, and how much this process uses now (Linux /proc, else no limit)."""
from __future__ import annotations

import os

_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def resident_bytes() -> int | None:
    """This process's resident set size, or None where /proc is not available."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return None


def physical_bytes() -> int | None:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None


def default_limit(jobs: int) -> int | None:
    """Three quarters of the machine's memory, shared by the worker processes."""
    total = physical_bytes()
    return None if total is None else int(total * 0.75) // max(jobs, 1)


def parse_size(text: str) -> int:
    """'4G', '512M', '2.5GB' or a number of bytes -> bytes; ValueError if it is none of those."""
    units = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}
    cleaned = text.strip().upper().removesuffix("B").removesuffix("I")
    number, unit = cleaned, ""
    if cleaned and cleaned[-1] in units:
        number, unit = cleaned[:-1], cleaned[-1]
    value = float(number) * units[unit]
    if value <= 0:
        raise ValueError(text)
    return int(value)


def format_size(size: int) -> str:
    """A size as the notes print it; below a MiB in KiB, so that --max-memory 1K does not read 0 MiB."""
    if size >= 2**30:
        return f"{size / 2**30:.1f} GiB"
    return f"{size / 2**20:.0f} MiB" if size >= 2**20 else f"{size / 2**10:.0f} KiB"
