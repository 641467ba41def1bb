"""The op table (see registry.py), one module per family of ops."""
