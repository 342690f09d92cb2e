"""Ordered, named stages over documents in batches.

A stage is registered with the names it requires and assigns; `Pipeline` checks the wiring
at start-up, runs spaCy once per batch underneath, and turns a failure into an error on that
document alone, naming the stage.
"""

from __future__ import annotations

import logging

import importlib
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

from .document import Context, Document
from .errors import EventcoderError, PipelineError, StageError
from .settings import Settings

StageFn = Callable[[Context], None]


@dataclass(frozen=True)
class StageInfo:
    name: str
    factory: Callable[[Settings], StageFn]
    requires: tuple[str, ...]
    assigns: tuple[str, ...]


log = logging.getLogger("eventcoder")

REGISTRY: dict[str, StageInfo] = {}

# The default order; it reads like the flow in DESIGN.md.
DEFAULT_STAGES = (
    "sentences", "actors", "places", "times", "events", "typer", "roles",
    "event_dates", "event_locations", "merge", "fatalities", "claims", "notes",
)
# modules that register the default stages (imported lazily by Pipeline)
_STAGE_MODULES = DEFAULT_STAGES


def stage(name: str, requires: Iterable[str] = (), assigns: Iterable[str] = ()):
    """Register a stage factory: `factory(settings) -> callable(Context) -> None`."""

    def register(factory: Callable[[Settings], StageFn]):
        REGISTRY[name] = StageInfo(name, factory, tuple(requires), tuple(assigns))
        return factory

    return register


def _load_stage_modules() -> None:
    for mod in _STAGE_MODULES:
        importlib.import_module(f"eventcoder.stages.{mod}")


def _warn_published(document: Document, when=None, how: str = "") -> None:
    from .api import published_warning

    problem = published_warning(when or document.published)
    if problem:
        log.warning("document %s: %s%s", document.id, problem, f" ({how})" if how else "")


class Pipeline:
    """Runs the named stages in order. Build once per process; resources load on first use."""

    def __init__(self, settings: Settings | None = None, stages: Iterable[str] = DEFAULT_STAGES):
        self.settings = settings or Settings.create()
        _load_stage_modules()
        self.names = list(stages)
        available = {"text", "doc", "published"}
        for name in self.names:
            if name not in REGISTRY:
                raise PipelineError(f"unknown stage '{name}'; registered stages: {', '.join(sorted(REGISTRY))}")
            info = REGISTRY[name]
            missing = [r for r in info.requires if r not in available]
            if missing:
                raise PipelineError(
                    f"stage '{name}' requires {', '.join(missing)}, which no earlier stage assigns; "
                    f"put the stages that assign them before '{name}'"
                )
            available.update(info.assigns)
        self._fns: list[tuple[str, StageFn]] | None = None
        self._nlp = None

    @property
    def nlp(self):
        if self._nlp is None:
            from .nlp import load_model

            self._nlp = load_model(self.settings)
        return self._nlp

    def _stage_fns(self) -> list[tuple[str, StageFn]]:
        if self._fns is None:
            self._fns = [(n, REGISTRY[n].factory(self.settings)) for n in self.names]
        return self._fns

    def prepare(self, document: Document) -> Context:
        from .stages.language import check_document
        from .stages.times import infer_published

        ctx = Context(document=document)
        if document.error:
            ctx.error = document.error
            return ctx
        ctx.published = document.published
        ctx.published_source = document.published_source if document.published else "none"
        if document.published_source != "given":  # a given date was checked once, by the caller
            _warn_published(document)
        try:
            check_document(ctx, self.settings)
            if ctx.error is None and ctx.published is None:
                found = infer_published(ctx.text)
                if found is not None:
                    ctx.published, ctx.published_source = found, "text"
                    _warn_published(document, found, "read from the text")
        except EventcoderError as exc:
            ctx.error = str(exc)
        return ctx

    def run(self, documents: Iterable[Document]) -> Iterator[Context]:
        """Code documents in batches, yielding one Context per document, in input order."""
        batch: list[Document] = []
        for document in documents:
            batch.append(document)
            if len(batch) >= self.settings.batch_size:
                yield from self._run_batch(batch)
                batch = []
        if batch:
            yield from self._run_batch(batch)

    def _run_batch(self, documents: list[Document]) -> list[Context]:
        contexts = [self.prepare(d) for d in documents]
        live = [c for c in contexts if c.error is None]
        if live:
            nlp = self.nlp  # a missing model is fatal for every document: let it raise here
            try:
                texts = [c.text for c in live]
                if self.settings.prefilter:
                    from .nlp import pipe_with_prefilter

                    docs = pipe_with_prefilter(nlp, texts, self.settings.batch_size)
                else:
                    docs = list(nlp.pipe(texts))
            except Exception as exc:  # one bad text must not sink the batch: parse one by one
                log.debug("batch parse failed (%s); parsing its documents one by one", exc)
                docs = []
                for c in live:
                    try:
                        docs.append(nlp(c.text))
                    except Exception as exc:
                        c.error = str(StageError("spacy", c.document.id, exc))
                        docs.append(None)
            for c, d in zip(live, docs):
                c.doc = d
        for ctx in contexts:
            if ctx.error is None:
                self.apply(ctx)
        return contexts

    def apply(self, ctx: Context, until: str | None = None) -> Context:
        """Run the stages on one prepared, parsed context (all, or up to and including `until`)."""
        for name, fn in self._stage_fns():
            try:
                fn(ctx)
            except EventcoderError as exc:
                ctx.error = str(exc)
                break
            except Exception as exc:
                ctx.error = str(StageError(name, ctx.document.id, exc))
                break
            ctx.done.add(name)
            if name == until:
                break
        return ctx
