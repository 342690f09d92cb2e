"""Sentences: paragraphs split on line breaks first, then spaCy's parser-based boundaries.

Captions and headings are their own sentences, marked so later stages can treat them apart
(a heading names no event; a caption dates the article).
"""

from __future__ import annotations

import re

from ..document import Context, Sentence
from ..nlp import DATELINE_HEAD
from ..pipeline import stage

# A line of at most this many words without closing punctuation reads as a heading
# (chosen by eye on wire copy: "DNA tests", "Analysis: ..." are 2-8 words).
HEADING_MAX_WORDS = 10
CAPTION_CUES = re.compile(
    r"\b(photo|picture|image|file photo|pictured|shows|seen in this|taken on|handout)\b", re.I
)

# "..., on Aug. 28, 2017." closing a paragraph is how agency photo captions end.
CAPTION_DATE_END = re.compile(r"\bon\s+[A-Z][a-z]{2,8}\.?\s+\d{1,2},\s+(19|20)\d\d\.?\s*$")


def _kind(par_text: str) -> str:
    words = par_text.split()
    if par_text.startswith(("(Photo", "Photo:", "PHOTO")):
        return "caption"
    if len(words) <= HEADING_MAX_WORDS and not re.search(r"[.!?\"”']\s*$", par_text):
        return "heading"
    if CAPTION_CUES.search(par_text) and re.search(r"\b(19|20)\d\d\.?\s*$", par_text):
        return "caption"
    if re.match(r"^(photo|picture)\b", par_text, re.I) or CAPTION_DATE_END.search(par_text):
        return "caption"
    return "body"


def next_in_paragraph(ctx: Context, index: int) -> Sentence | None:
    """The sentence after sentence `index`, when the same paragraph goes on (else None)."""
    if not 0 <= index < len(ctx.sentences) - 1:
        return None
    nxt = ctx.sentences[index + 1]
    return nxt if nxt.paragraph == ctx.sentences[index].paragraph else None


def split_sentences(ctx: Context) -> list[Sentence]:
    text = ctx.text
    out: list[Sentence] = []
    paragraph = 0
    last_par_end = -1
    for sent in ctx.doc.sents:
        start, end = sent.start_char, sent.end_char
        # trim surrounding whitespace and caption markers
        while start < end and (text[start].isspace() or text[start] in ":•*-"):
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if start >= end:
            continue
        if last_par_end >= 0 and "\n" in text[last_par_end:start]:
            paragraph += 1
        last_par_end = end
        out.append(Sentence(index=len(out), start=start, end=end, text=text[start:end], paragraph=paragraph))
    # kind is decided per paragraph
    by_par: dict[int, list[Sentence]] = {}
    for s in out:
        by_par.setdefault(s.paragraph, []).append(s)
    pars = sorted(by_par)
    for k, par in enumerate(pars):
        sents = by_par[par]
        par_text = text[sents[0].start:sents[-1].end]
        kind = _kind(par_text)
        if kind == "body" and k == 0 and len(pars) > 1 and _headline(par_text) \
                and DATELINE_HEAD.match(text, by_par[pars[1]][0].start):
            # "Gunmen kill 9 in Mexican bar, second attack in a week in Guanajuato" over "MEXICO CITY, June 7
            # (Reuters) - ...": a longer headline, known by the dateline that opens the story under it
            kind = "heading"
        for s in sents:
            s.kind = kind
    return out


# how many words a headline over a dateline may run to
HEADLINE_MAX_WORDS = 20


def _headline(par_text: str) -> bool:
    """A line of a headline's length that closes with no sentence's punctuation."""
    return "\n" not in par_text and len(par_text.split()) <= HEADLINE_MAX_WORDS \
        and not re.search(r"[.!?\"”']\s*$", par_text)


@stage("sentences", requires=("doc",), assigns=("sentences",))
def make_sentences(settings):
    def run(ctx: Context) -> None:
        ctx.sentences = split_sentences(ctx)

    return run
