"""``python -m checker ...`` is the ``check`` command."""
from .cli import entry_point

entry_point()
