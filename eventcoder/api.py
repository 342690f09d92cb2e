"""The Python entry points: `code()` for one text, `code_documents()` for many."""

from __future__ import annotations

import logging
import re
from datetime import date, datetime
from typing import Iterable, Iterator

from .document import Document
from .errors import InputError
from .settings import Settings

_PIPELINES: dict = {}


def get_pipeline(settings: Settings | None = None):
    """One pipeline per settings object per process: the model and resources load once."""
    from .pipeline import Pipeline

    settings = settings or Settings.create()
    if settings not in _PIPELINES:
        _PIPELINES[settings] = Pipeline(settings)
    return _PIPELINES[settings]


# YYYY-MM-DD (or ISO 8601's YYYYMMDD), alone or opening an ISO 8601 date and time ("2024-03-13T08:30:00Z",
# as feeds and JSON records give them): the day is read, the time left
_ISO_DAY = re.compile(r"(\d{4}-?\d{2}-?\d{2})(?:[T ](?P<h>\d{2}):(?P<m>\d{2})(?::(?P<s>\d{2})(?:[.,]\d+)?)?"
                     r"(?:Z|[+-]\d{2}(?::?\d{2})?)?)?")


def parse_date(value, source: str = "published") -> date | None:
    """A YYYY-MM-DD string (or one with an ISO time after it, or a date, or a datetime's day) to a date;
    anything else is an InputError."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if not isinstance(value, str):  # (a JSON number, true, a list: named as the JSON value it is)
        raise InputError(source, f"a date must be a string such as \"2024-03-13\" (YYYY-MM-DD), not {_json_kind(value)}")
    m = _ISO_DAY.fullmatch(value.strip())
    if m is None:
        raise InputError(source, f"cannot read {value!r} as a date; give it as YYYY-MM-DD")
    try:
        day = date.fromisoformat(m.group(1))
    except ValueError:
        raise InputError(source, f"{value!r} is no day of the calendar (read as YYYY-MM-DD)") from None
    if m["h"] is not None and (int(m["h"]) > 24 or int(m["m"]) > 59 or int(m["s"] or 0) > 60):  # (24:00, :60 are ISO)
        raise InputError(source, f"{value!r} holds no time of day ({m['h']}:{m['m']}"
                                 f"{':' + m['s'] if m['s'] else ''})")
    return day


def _json_kind(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"


def parse_country(value, source: str = "country") -> str | None:
    """A country's name or ISO code ("Kenya", "KEN", "KE") to its ISO3 code; anything else is an InputError."""
    if value is None or value == "":
        return None
    from .resources.actors import country_code

    iso3 = country_code(value) if isinstance(value, str) else None
    if iso3 is None:
        raise InputError(source, f"cannot read {value!r} as a country; give its name or ISO code (\"Kenya\", "
                                 "\"KEN\")")
    return iso3


# Publication dates outside these bounds are accepted with a warning: relative dates ("on Monday")
# resolve against them, which is rarely what the caller meant.
EARLIEST_PUBLISHED = date(1900, 1, 1)
FUTURE_SLACK_DAYS = 1  # time zones: a report dated tomorrow is not yet suspicious


def published_warning(when: date | None, today: date | None = None) -> str | None:
    """Why a publication date looks wrong (in the future, before 1900), or None."""
    if when is None:
        return None
    today = today or date.today()
    if (when - today).days > FUTURE_SLACK_DAYS:
        return (f"publication date {when.isoformat()} is in the future; relative dates in the text "
                "('on Monday', 'last week') resolve against it")
    if when < EARLIEST_PUBLISHED:
        return (f"publication date {when.isoformat()} is before 1900; relative dates in the text "
                "resolve against it")
    return None


def code_documents(documents: Iterable[Document], settings: Settings | None = None) -> Iterator[dict]:
    """Code documents in order, yielding one coded-document dict each (errors inside the dict)."""
    pipeline = get_pipeline(settings)
    for ctx in pipeline.run(_checked(documents)):
        yield ctx.to_dict(keep_text=pipeline.settings.keep_text)


def _checked(documents: Iterable[Document]) -> Iterator[Document]:
    if isinstance(documents, (str, bytes, Document)):
        raise InputError("documents", f"expected an iterable of Document, got one {type(documents).__name__}; "
                                      "wrap it in a list, or call code() for one text")
    for i, doc in enumerate(documents):
        if not isinstance(doc, Document):
            raise InputError(f"documents[{i}]", f"expected a Document, got {type(doc).__name__} (code() takes "
                                                "a text; Document(text=...) wraps one for code_documents())")
        yield doc


def code(text: str, published: str | date | None = None, *, id: str | None = None,
         settings: Settings | None = None, country: str | None = None) -> dict:
    """Code one text; `published` (YYYY-MM-DD) anchors relative dates; `country` (a name or ISO code), the
    country the text's source covers where known, weighs as evidence of the text's country. Returns the
    contract dict."""
    if not isinstance(text, str):
        raise InputError("text", f"expected a str, got {type(text).__name__}")
    when = parse_date(published)
    problem = published_warning(when)
    if problem:
        logging.getLogger("eventcoder").warning("%s", problem)
    doc = Document(text=text, id=id, published=when, published_source="given" if when else "none",
                   country=parse_country(country, "country"))
    return next(code_documents([doc], settings))
