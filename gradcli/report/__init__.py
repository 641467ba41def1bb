"""Renderings of engine objects: values, gradients, graphs, saved tensors, traces, tables.

Every format (Rich, plain text, JSON, DOT, Mermaid) reads the engine through
its public interface only, so what it shows is what a PyTorch user could see
with ``grad_fn``, ``next_functions`` and ``_saved_*``. Imports the engine and
numpy; never the language or the CLI. Rich is imported only by the Rich views.
"""
