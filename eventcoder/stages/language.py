"""Checks before parsing: empty text, text that is not prose, text that is not English."""

from __future__ import annotations

import re

from ..document import Context
from ..errors import InputError
from ..settings import Settings

# Share of common English function words among a text's words below which it is not English
# (English news runs at 0.35-0.5; French, Spanish or Indonesian news under 0.08).
MIN_ENGLISH_SHARE = 0.12
MIN_WORDS_TO_JUDGE = 12
ENGLISH_WORDS = frozenset(
    "the of and to in a is that for on was with he it as at by from his have an be has are were "
    "said they their who not but this had which been after its or will would there more when two "
    "also than we i she her them into about over up out said".split()
)
WORD = re.compile(r"[^\W\d_]+", re.UNICODE)


def check_document(ctx: Context, settings: Settings) -> None:
    text = ctx.text
    origin = ctx.document.origin
    if not text or not text.strip():
        raise InputError(origin, "the document is empty; nothing to code")
    if len(text) > settings.max_chars:
        raise InputError(
            origin,
            f"the document has {len(text):,} characters, over the limit of {settings.max_chars:,}; "
            "split it or raise the max_chars setting",
        )
    words = WORD.findall(text[:20000])
    if len(words) < 1:
        raise InputError(origin, "the document holds no words (numbers or symbols only); nothing to code")
    if len(words) >= MIN_WORDS_TO_JUDGE:
        share = sum(1 for w in words if w.lower() in ENGLISH_WORDS) / len(words)
        if share < MIN_ENGLISH_SHARE:
            ctx.language = None
            raise InputError(origin, "the document does not look like English text; only English is coded")
