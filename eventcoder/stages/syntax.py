"""Small helpers over spaCy's parse that several stages share.

spaCy makes a new Token object at every access, so tokens are compared by index, never with `is`.
"""

from __future__ import annotations

# how far up the tree a verb is looked for; clauses in news sentences are rarely deeper
MAX_HOPS = 10


def token_at(doc, offset: int):
    """The token that covers a character offset (None outside the text)."""
    span = doc.char_span(offset, offset + 1, alignment_mode="expand")
    return span[0] if span is not None and len(span) else None


def span_root(doc, start: int, end: int):
    """The syntactic head of the tokens covering [start, end)."""
    if doc is None:
        return None
    span = doc.char_span(start, max(end, start + 1), alignment_mode="expand")
    return span.root if span is not None and len(span) else None


def verb_of(tok):
    """The token itself when it is verbal, else its nearest verbal ancestor (the root at most)."""
    for _ in range(MAX_HOPS):
        if tok.pos_ in ("VERB", "AUX") or tok.head.i == tok.i:
            return tok
        tok = tok.head
    return tok
