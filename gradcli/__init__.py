"""gradcli: differentiate tensor expressions from the shell, a script or a REPL."""

__version__ = "0.1.0"
