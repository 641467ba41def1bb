"""The command line: the Typer app (``commands``), its Typer-free entry for ``grad`` (``app``, ``oneshot``), the REPL."""
