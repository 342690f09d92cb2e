"""Thin command-line wrappers over importable functions; one module per command."""
