"""Checks before parsing: empty text, text that is not prose, text that is not English."""

from __future__ import annotations

import re

from ..document import Context
from ..errors import InputError
from ..settings import Settings

# Share of common English function words among a text's words below which a text may not be
# English (English news runs at 0.35-0.5; telegraphic ACLED notes go down to 0.05, so a low share
# alone is not enough: the text must also read as another language, by its own function words).
MIN_ENGLISH_SHARE = 0.12
MIN_WORDS_TO_JUDGE = 12
# Below this share of Latin letters among all letters a text is in another script (Arabic, Cyrillic...).
MIN_LATIN_SHARE = 0.5
ENGLISH_WORDS = frozenset(
    "the of and to in a is that for on was with he it as at by from his have an be has are were "
    "said they their who not but this had which been after its or will would there more when two "
    "also than we i she her them into about over up out".split()
)
# function words of other languages written in Latin script that English text rarely uses
OTHER_WORDS = frozenset(
    "le la les des du et est une dans pour que qui sur pas par ont été avec sont aux ce cette il elle "
    "el los las del y en que por con para una es se al lo su como más pero sus fue "
    "der die das und ist nicht mit den dem ein eine zu von auf für sich auch "
    "o os da do dos das em um uma não com para é ao pela pelo "
    "il di che non per della sono nella anche gli "
    "yang dan di ini itu dengan untuk tidak dari dalam akan pada juga".split()
)
WORD = re.compile(r"[^\W\d_]+", re.UNICODE)


# the years a publication date may fall in: relative dates ("a century ago", "next year") are counted
# from it, and Python's calendar ends at the years 1 and 9999
PUBLISHED_YEARS = (1000, 9000)


def check_document(ctx: Context, settings: Settings) -> None:
    text = ctx.text
    origin = ctx.document.origin
    pub = ctx.published
    if pub is not None and not PUBLISHED_YEARS[0] <= pub.year <= PUBLISHED_YEARS[1]:
        raise InputError(origin, f"publication date {pub.isoformat()} is too far from our era to count the "
                                 f"text's dates from (years {PUBLISHED_YEARS[0]} to {PUBLISHED_YEARS[1]})")
    if not text or not text.strip():
        raise InputError(origin, "the document is empty; nothing to code")
    if len(text) > settings.max_chars:
        raise InputError(
            origin,
            f"the document has {len(text):,} characters, over the limit of {settings.max_chars:,}; "
            "split it or raise the limit (--max-chars, or the max_chars setting)",
        )
    words = WORD.findall(text[:20000])
    if len(words) < 1:
        raise InputError(origin, "the document holds no words (numbers or symbols only); nothing to code")
    latin = sum(1 for w in words for ch in w if ch.isascii() or "\u00c0" <= ch <= "\u024f")
    letters = sum(len(w) for w in words)
    english = sum(1 for w in words if w.lower() in ENGLISH_WORDS)
    other = sum(1 for w in words if w.lower() in OTHER_WORDS and w.lower() not in ENGLISH_WORDS)
    foreign_script = letters and latin / letters < MIN_LATIN_SHARE
    foreign_words = len(words) >= MIN_WORDS_TO_JUDGE and english / len(words) < MIN_ENGLISH_SHARE and other >= 3 and other > 2 * english
    if foreign_script or foreign_words:
        ctx.language = None
        raise InputError(origin, "the document does not look like English text; only English is coded")
