"""Ingest: files, folders, JSON Lines and standard input, each turned into Documents."""

from .files import read_sources

__all__ = ["read_sources"]
