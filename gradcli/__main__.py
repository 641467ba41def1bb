"""``python -m gradcli``: the same as the ``gradcli`` command."""
from gradcli.cli.app import entry

entry()
