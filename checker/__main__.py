"""``python -m checker ...`` is the ``check`` command."""
from .cli.main import entry_point

entry_point()
