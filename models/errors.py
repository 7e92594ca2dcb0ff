"""The one error an algorithm author sees: what is wrong, where, and how to fix it."""


class AlgorithmError(Exception):
    """The algorithm (built-in or a user's file) breaks a rule of the DSL or cannot be loaded."""
