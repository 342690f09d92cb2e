"""Document (the input) and the working record the stages fill, turned into the coded-document
contract (shared/contract/OUTPUT.md) at the end."""

from __future__ import annotations

import hashlib
import re
from bisect import bisect_left, bisect_right
from itertools import accumulate
from operator import attrgetter, itemgetter
from dataclasses import asdict, dataclass, field
from datetime import date
from typing import Any

SCHEMA = "eventcoder/1"


def text_id(text: str) -> str:
    """The first 16 hex digits of the text's sha256 (a document's id when it has no URL or outlet)."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def derived_id(text: str, url: str | None = None, source: str | None = None) -> str:
    """The id of a document given none: its URL's (a page corrected at its address is the same document),
    else its outlet's and its text's (one wire story run by two outlets is two documents, two reports),
    else its text's."""
    if url:
        return text_id("url " + url)
    if source:
        return text_id(f"source {source}\n{text}")
    return text_id(text)


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def without_lone_surrogates(text: str) -> str:
    """The text with each lone surrogate (half of a UTF-16 pair, which no UTF-8 encoder writes: a JSON
    "\\ud800" or a file decoded with surrogateescape) replaced by U+FFFD, one code point for one, so
    offsets stay the same."""
    if text.isascii() or not _LONE_SURROGATE.search(text):
        return text
    return _LONE_SURROGATE.sub("\ufffd", text)


@dataclass
class Document:
    """One input document. `published` set by the caller counts as 'given', by the source as 'metadata'.
    `country` is the country the document's source covers, where the caller knows it (a national paper's
    feed): ISO3, read from a name or an ISO code; the places stage weighs it as evidence of the text's
    country."""

    text: str
    id: str | None = None
    published: date | None = None
    published_source: str = "none"  # given | metadata | text | none
    title: str | None = None
    url: str | None = None
    source: str | None = None
    origin: str = "<text>"  # where it was read from, for error messages
    error: str | None = None  # set by ingest when the document could not be read
    country: str | None = None

    def __post_init__(self) -> None:
        from .errors import InputError

        if not isinstance(self.text, str):
            raise InputError(self.origin, f"the text must be a string, got {type(self.text).__name__}")
        self.text = without_lone_surrogates(self.text)
        if self.id is not None:
            if isinstance(self.id, int) and not isinstance(self.id, bool):
                self.id = str(self.id)  # (a JSON line's numeric id; stored and returned as a string)
            elif not isinstance(self.id, str):
                raise InputError(self.origin, f"'id' must be a string or a whole number, got "
                                              f"{type(self.id).__name__}")
        for name in ("title", "url", "source"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, str):
                raise InputError(self.origin, f"'{name}' must be a string, got {type(value).__name__}")
            if value:
                setattr(self, name, without_lone_surrogates(value))
        if self.id is None:
            self.id = derived_id(self.text or "", self.url, self.source)
        if self.published is not None and (type(self.published) is not date):
            # ("2021-03-04" or a datetime from a caller's own records: the day, or a clear InputError
            # here rather than a TypeError deep in the pipeline)
            from .api import parse_date

            self.published = parse_date(self.published, self.origin)
        if self.country is not None:
            from .api import parse_country

            self.country = parse_country(self.country, self.origin)


def source_country(document: Document) -> tuple[str | None, str | None]:
    """(ISO3, "given" or "url") of the country a document's source covers: the one the caller gave, else the
    one whose country-code domain its URL is on; (None, None) for neither."""
    if document.country:
        return document.country, "given"
    from .resources.actors import country_of_url

    iso3 = country_of_url(document.url)
    return (iso3, "url") if iso3 else (None, None)


class SpanIndex:
    """Spans (objects with a start and an end, or anything `start` and `end` read them from) by position, so
    that a long document's hundreds of mentions are searched, not passed over for each one: `around(s, e)`
    gives every span that may overlap [s, e) (a superset the caller filters), `any(s, e)` whether one does
    (one does when the latest end among the spans that start before e lies after s)."""

    def __init__(self, spans, start=attrgetter("start"), end=attrgetter("end")):
        self.spans = sorted(spans, key=start)
        self.starts = [start(x) for x in self.spans]
        ends = [end(x) for x in self.spans]
        self.longest = max((b - a for a, b in zip(self.starts, ends)), default=0)
        self.max_end = list(accumulate(ends, max))

    def around(self, s: int, e: int) -> list:
        lo = bisect_right(self.starts, s - self.longest)
        hi = bisect_left(self.starts, e)
        return self.spans[lo:hi]

    def any(self, s: int, e: int) -> bool:
        i = bisect_left(self.starts, e)
        return i > 0 and self.max_end[i - 1] > s


PAIR = {"start": itemgetter(0), "end": itemgetter(1)}  # (SpanIndex of (start, end) pairs)


@dataclass
class Sentence:
    index: int
    start: int
    end: int
    text: str
    kind: str = "body"  # body | caption | heading
    paragraph: int = 0


@dataclass
class ActorMention:
    text: str
    start: int
    end: int
    name: str
    inter: str | None = None
    country: str | None = None
    source: str = "dictionary"  # dictionary | ner | generic
    owned: bool = False  # (a generic mention whose country its teller gave: "Russia said its air defences")
    state_doer: bool = False  # (a state's name or capital doing an act of force, read as its military: "Russia launched")

    def to_dict(self) -> dict:
        return {"text": self.text, "start": self.start, "end": self.end, "name": self.name,
                "inter": self.inter, "country": self.country}


@dataclass
class PlaceMention:
    text: str
    start: int
    end: int
    name: str
    latitude: float
    longitude: float
    country: str | None
    iso3: str | None = None
    admin1: str | None = None
    admin2: str | None = None
    geonameid: int | None = None
    kind: str = "city"  # city | region | country | feature
    confidence: float = 0.5
    population: int = 0
    near: bool = False  # "near X", "outskirts of X": ACLED geo_precision 2
    # (not in the contract: the gazetteer entry's source, "admin2" for GeoNames' second-level areas, whose
    # bare names stand for their seats)
    source: str | None = None

    def to_dict(self) -> dict:
        return {"text": self.text, "start": self.start, "end": self.end, "name": self.name,
                "geonameid": self.geonameid, "latitude": round(self.latitude, 4),
                "longitude": round(self.longitude, 4), "country": self.country, "iso3": self.iso3,
                "admin1": self.admin1, "kind": self.kind, "confidence": round(self.confidence, 3)}


@dataclass
class TimeMention:
    text: str
    start: int
    end: int
    value: str | None  # YYYY-MM-DD, first day of the period for coarser precisions
    precision: str | None  # day | week | weekend | month | year
    end_value: str | None = None
    duration: bool = False
    # not a contract field: where the day this one is counted from starts ("On 2 May ... the previous
    # day"), when it is counted from a day the text names
    anchor: int | None = None

    def to_dict(self) -> dict:
        return {"text": self.text, "start": self.start, "end": self.end, "value": self.value,
                "end_value": self.end_value, "precision": self.precision, "duration": self.duration}


@dataclass
class FatalityClaim:
    count: int
    text: str  # the sentence the figure is in
    start: int  # offsets of the number phrase
    end: int
    low: int | None = None
    high: int | None = None
    who: str | None = None
    claimed_by: str | None = None
    sentence: int = 0
    # death | toll | vague | singular (counted); subset | remains | reference | campaign (not counted)
    kind: str = "death"
    added: bool = False  # dead besides those told before ("two other policemen", "another victim")
    # a toll another source puts against a figure told before ("but villagers set the toll at 12"):
    # ACLED takes the lowest of conflicting reports
    rival: bool = False

    def to_dict(self) -> dict:
        return {"count": self.count, "low": self.low, "high": self.high, "who": self.who,
                "claimed_by": self.claimed_by, "text": self.text}


@dataclass
class Event:
    """An event as the stages build it; `to_dict` gives the contract's EVENT."""

    event_type: str
    sub_event_type: str
    sentences: list[int]
    trigger: str = ""
    trigger_start: int = 0
    disorder_type: str = ""
    plover: str | None = None
    event_date: str | None = None
    date_end: str | None = None
    time_precision: int = 1
    actor1: str | None = None
    actor2: str | None = None
    assoc_actor_1: list[str] = field(default_factory=list)
    assoc_actor_2: list[str] = field(default_factory=list)
    inter1: str | None = None
    inter2: str | None = None
    country: str | None = None
    iso3: str | None = None
    admin1: str | None = None
    admin2: str | None = None
    location: str | None = None
    latitude: float | None = None
    longitude: float | None = None
    geo_precision: int | None = None
    geonameid: int | None = None
    fatalities: int = 0
    fatality_claims: list[FatalityClaim] = field(default_factory=list)
    claimed_by: list[str] = field(default_factory=list)
    status: str = "reported"
    historical: bool = False
    confidence: float = 0.5
    notes: str = ""
    # not a contract field: what the date rests on ("act": a time of the act's own clause or a
    # later sentence telling the act; "told": the day a verb of telling gives; "report": an earlier
    # sentence's, or the day the text says its source is dated; "published": the publication-date
    # fallback); read by the merge stage
    date_basis: str | None = None
    # not a contract field: a copy of an event for another place of the list its place opens ("in Kelmo,
    # Dunde and Lurin"), made by the merge stage; the fatalities stage gives it no toll
    listed_copy: bool = False

    def to_dict(self, sentences: list[Sentence]) -> dict:
        d = {k: v for k, v in asdict(self).items()
             if k not in ("sentences", "trigger", "trigger_start", "fatality_claims", "date_basis", "listed_copy")}
        d["fatality_claims"] = [c.to_dict() for c in self.fatality_claims]
        d["evidence"] = [{"start": sentences[i].start, "end": sentences[i].end, "text": sentences[i].text}
                         for i in sorted(set(self.sentences))]
        d["confidence"] = round(float(self.confidence), 3)
        if self.latitude is not None:
            d["latitude"] = round(self.latitude, 4)
            d["longitude"] = round(self.longitude, 4)
        return d


# Unicode's space separators other than the plain space (the no-break space of web pages above all),
# each read as a plain space: one character for one, so every offset into the text stays the same.
# The parser takes "in\u00a0Kelmora" for one word, and the stages' patterns write a plain space.
_SPACES = str.maketrans({c: " " for c in "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
                                       "\u2008\u2009\u200a\u202f\u205f\u3000"})


def plain_spaces(text: str) -> str:
    """The text with every space separator a plain space (same length, same offsets)."""
    return text.translate(_SPACES) if not text.isascii() else text


@dataclass
class Context:
    """Everything known about one document while it goes through the pipeline."""

    document: Document
    published: date | None = None
    published_source: str = "none"
    language: str | None = "en"
    doc: Any = None  # the spaCy Doc over the whole text
    sentences: list[Sentence] = field(default_factory=list)
    actors: list[ActorMention] = field(default_factory=list)
    places: list[PlaceMention] = field(default_factory=list)
    times: list[TimeMention] = field(default_factory=list)
    fatalities: list[FatalityClaim] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    countries: dict[str, float] = field(default_factory=dict)  # iso3 -> weight, the document's countries
    # iso3 -> weight: what the text says of its country besides place names (named groups, "LGA")
    country_hints: dict[str, float] = field(default_factory=dict)
    zones: list = field(default_factory=list)  # the conflict zones the text places it in (data/zones.json)
    # the countries some alias of the text names an actor in only ("NDS": Afghanistan), set by the actors stage
    alias_countries: frozenset = frozenset()
    error: str | None = None
    done: set[str] = field(default_factory=set)  # names of stages that have run
    # what a stage works out once per document and reads many times (keyed by the stage's own names)
    memo: dict = field(default_factory=dict, repr=False)
    _text: str | None = field(default=None, repr=False)

    @property
    def text(self) -> str:
        """The document's text as the stages read it: its space separators plain spaces (`plain_spaces`)."""
        if self._text is None:
            self._text = plain_spaces(self.document.text or "")
        return self._text

    def sentence_at(self, offset: int) -> Sentence | None:
        """The sentence holding the offset (sentences are in text order and do not overlap)."""
        i = bisect_right(self.sentences, offset, key=lambda s: s.start) - 1
        if i >= 0 and offset < self.sentences[i].end:
            return self.sentences[i]
        return None

    def derived(self, key: str, items, make):
        """`make(items)`, worked out once per document and kept in memo under `key` until `items` (a list of
        ctx, such as ctx.actors) is another list or of another length."""
        got = self.memo.get(key)
        if got is None or got[0] is not items or got[1] != len(items):
            got = self.memo[key] = (items, len(items), make(items))
        return got[2]

    def actors_starting(self, lo: int, hi: int) -> list[ActorMention]:
        """The actor mentions that start at or after `lo` and before `hi`, in order (the stages keep
        ctx.actors sorted by start): a search, not a pass over every mention of a long text."""
        keys = self.derived("actor starts", self.actors, lambda actors: [a.start for a in actors])
        return self.actors[bisect_left(keys, lo):bisect_left(keys, hi)] if lo < hi else []

    def to_dict(self, keep_text: bool = False) -> dict:
        out = {
            "schema": SCHEMA,
            "id": self.document.id,
            "published": self.published.isoformat() if self.published else None,
            "published_source": self.published_source,
            "language": self.language,
            "error": self.error,
            "events": [] if self.error else [e.to_dict(self.sentences) for e in self.events],
            "places": [p.to_dict() for p in self.places],
            "times": [t.to_dict() for t in self.times],
            "actors": [a.to_dict() for a in self.actors],
        }
        country, basis = source_country(self.document)
        if country:
            # (the country of the source, weighed as evidence by the places: given, or its URL's domain)
            out["source_country"], out["source_country_from"] = country, basis
        if keep_text:
            out["text"] = self.document.text
        if self._text is not None and self._text != self.document.text:
            # the spans' texts as the caller's text has them (a no-break space stays one)
            spans = out["places"] + out["times"] + out["actors"] + [
                x for e in out["events"] for x in e.get("evidence", [])]
            for d in spans:
                start, end = d.get("start"), d.get("end")
                if isinstance(start, int) and isinstance(end, int) and d.get("text") == self._text[start:end]:
                    d["text"] = self.document.text[start:end]
        return out
