"""eventcoder: news reports of conflict and unrest in, ACLED-grade coded events out."""

from __future__ import annotations

from .api import code, code_documents
from .document import Document
from .errors import (
    ConfigError,
    EventcoderError,
    InputError,
    PipelineError,
    ResourceError,
    StageError,
    StoreError,
)
from .settings import Settings

__all__ = [
    "code", "code_documents", "Document", "Settings",
    "EventcoderError", "ConfigError", "InputError", "PipelineError",
    "ResourceError", "StageError", "StoreError",
]
__version__ = "0.1.0"
