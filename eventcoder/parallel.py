"""Coding on several processes of one machine (`--workers N`), results in input order.

Documents go to worker processes in chunks; each worker loads the pipeline (spaCy model,
gazetteer, dictionaries) once and codes its chunks; the caller gets (document, coded) pairs in
the order of the input. At most two chunks per worker are in flight, so memory stays bounded
whatever the size of the input. Workers start with `spawn`: no state is shared by forking.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Iterable, Iterator

from .document import Document
from .errors import ConfigError, EventcoderError
from .settings import Settings

_PIPELINE = None  # the worker process's pipeline


def _init_worker(settings: Settings) -> None:
    global _PIPELINE
    from .api import get_pipeline

    _PIPELINE = get_pipeline(settings)


def _code_chunk(documents: list[Document]) -> list[dict]:
    keep = _PIPELINE.settings.keep_text
    return [ctx.to_dict(keep_text=keep) for ctx in _PIPELINE.run(documents)]


def resolve_workers(workers: int | None) -> int:
    if workers is None:
        return 1
    if workers < 0:
        raise ConfigError(f"--workers must be 0 (one per CPU) or more, got {workers}")
    return workers or (os.cpu_count() or 1)


def _chunks(documents: Iterable[Document], size: int) -> Iterator[list[Document]]:
    chunk: list[Document] = []
    for d in documents:
        chunk.append(d)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def code_pairs(documents: Iterable[Document], settings: Settings, workers: int = 1) -> Iterator[tuple[Document, dict]]:
    """(document, coded document) for every input document, in input order."""
    if workers <= 1:
        from .api import get_pipeline

        pipeline = get_pipeline(settings)
        for ctx in pipeline.run(documents):
            yield ctx.document, ctx.to_dict(keep_text=settings.keep_text)
        return
    size = settings.batch_size * 2
    pending: deque = deque()
    mp = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=mp, initializer=_init_worker, initargs=(settings,)) as pool:
        chunks = _chunks(documents, size)
        try:
            for chunk in chunks:
                pending.append((chunk, pool.submit(_code_chunk, chunk)))
                while len(pending) >= 2 * workers:
                    yield from _collect(*pending.popleft())
            while pending:
                yield from _collect(*pending.popleft())
        except BrokenProcessPool as exc:
            raise EventcoderError(f"a worker process died ({exc}); try fewer --workers or a smaller "
                                  "--batch-size (memory?)") from exc
        finally:
            for _, fut in pending:
                fut.cancel()


def _collect(chunk: list[Document], future) -> Iterator[tuple[Document, dict]]:
    for doc, coded in zip(chunk, future.result()):
        yield doc, coded
