"""Helpers of a generated algorithm (tests/fuzz): a module of its own."""
LIMIT = 1


def low(x):
    return x <= LIMIT
