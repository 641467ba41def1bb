"""The command line: the Typer app (``commands``) over the commands' Typer-free bodies (``bodies``), its
Typer-free entry for ``grad`` (``app``, ``oneshot``), the supervised worker (``worker``), the REPL."""
