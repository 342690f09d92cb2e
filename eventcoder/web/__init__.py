"""The web app: `eventcoder serve` (extra `eventcoder[web]`)."""

from .app import create_app

__all__ = ["create_app"]
