"""The one exception tree of eventcoder. Every message says what went wrong and what to do."""

from __future__ import annotations


class EventcoderError(Exception):
    """Base of every error eventcoder raises on purpose."""


class ConfigError(EventcoderError, ValueError):
    """A setting has a bad value; the message names the key and what is allowed."""


class InputError(EventcoderError, ValueError):
    """An input document or file cannot be read; the message names the input."""

    def __init__(self, source: str, problem: str):
        self.source = source
        self.problem = problem
        super().__init__(f"{source}: {problem}")


class ResourceError(EventcoderError, RuntimeError):
    """A model, gazetteer or data file is missing or broken; the message says how to get it."""


class StageError(EventcoderError, RuntimeError):
    """A pipeline stage failed on a document; names the stage and the document."""

    def __init__(self, stage: str, doc_id: str, cause: BaseException):
        self.stage = stage
        self.doc_id = doc_id
        self.cause = cause
        super().__init__(f"stage '{stage}' failed on document '{doc_id}': {type(cause).__name__}: {cause}")


class PipelineError(EventcoderError, RuntimeError):
    """The pipeline is wired wrongly: a stage needs something no earlier stage assigns."""


class StoreError(EventcoderError, RuntimeError):
    """The event store cannot be opened or written."""

