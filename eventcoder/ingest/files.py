"""Reading paths (text, HTML, JSON Lines, folders) and standard input into Documents.

A source that cannot be read yields a Document with `error` set, so a batch never loses the
documents around it and the output keeps one line per input.
"""

from __future__ import annotations

import codecs
import io
import json
import re
import sys
from datetime import date
from pathlib import Path
from typing import IO, Iterable, Iterator

from ..document import Document, text_id
from ..errors import InputError

TEXT_SUFFIXES = {".txt", ".text", ""}
HTML_SUFFIXES = {".html", ".htm", ".xhtml"}
JSONL_SUFFIXES = {".jsonl", ".ndjson"}
FEED_SUFFIXES = {".rss", ".atom", ".xml"}
KNOWN_SUFFIXES = TEXT_SUFFIXES | HTML_SUFFIXES | JSONL_SUFFIXES | FEED_SUFFIXES
# Share of control characters above which bytes are treated as binary, not text.
BINARY_CONTROL_SHARE = 0.05


def failed(origin: str, problem: str) -> Document:
    """A placeholder document carrying the error for an input that could not be read."""
    return Document(text="", id=text_id(origin), origin=origin, error=str(InputError(origin, problem)))


def decode_bytes(data: bytes, origin: str) -> str:
    """Bytes to text: UTF-8 (with or without BOM) or UTF-16/32 with a BOM; anything else is an error."""
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16")
    if b"\x00" in data[:8192]:
        raise InputError(origin, "this is a binary file, not text; give a .txt, .html or .jsonl file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(
            origin, f"not valid UTF-8 (byte {exc.start}); re-save the file as UTF-8"
        ) from None
    sample = text[:8192]
    controls = sum(1 for ch in sample if ord(ch) < 32 and ch not in "\t\n\r\f")
    if sample and controls / len(sample) > BINARY_CONTROL_SHARE:
        raise InputError(origin, "this looks like a binary file, not text")
    return text


_DECLARED = re.compile(rb"""<meta[^>]+charset=["']?([\w.:-]+)|<\?xml[^>]+encoding=["']([\w.:-]+)""", re.I)


def declared_charset(data: bytes) -> str | None:
    """The character encoding an HTML or XML document declares in its first 4 KB (`<meta charset>`,
    `<meta http-equiv="Content-Type" content="...; charset=...">`, `<?xml ... encoding=...?>`), when
    Python knows it; else None."""
    m = _DECLARED.search(data[:4096])
    if not m:
        return None
    name = (m.group(1) or m.group(2)).decode("ascii")
    try:
        return codecs.lookup(name).name
    except LookupError:
        return None


def _published(value, origin: str) -> date | None:
    from ..api import parse_date

    return parse_date(value, origin)


# A document as a JSON object (a JSON Lines line, the body of POST /api/documents): the fields
# `document_from_record` reads, as a JSON Schema for the web API's OpenAPI description
RECORD_SCHEMA = {
    "type": "object",
    "required": ["text"],
    "properties": {
        "text": {"type": "string", "description": "the article's text"},
        "id": {"type": ["string", "integer"], "description": "the document's id (else one made of its URL, else of its outlet and text)"},
        "published": {"type": "string", "description": "publication date: YYYY-MM-DD or YYYYMMDD, alone or "
                      "opening an ISO date and time"},
        "title": {"type": "string"},
        "url": {"type": "string"},
        "source": {"type": "string", "description": "the outlet"},
        "country": {"type": "string", "description": "the country the document's source covers: a name or "
                    "an ISO code"},
    },
}


def document_from_record(record: dict, origin: str, default_published: date | None = None) -> Document:
    if not isinstance(record, dict):
        raise InputError(origin, "each JSON line must be an object with at least a 'text' field")
    text = record.get("text")
    if not isinstance(text, str):
        raise InputError(origin, "the JSON object has no 'text' string; every line needs one")
    published = _published(record.get("published"), f"{origin} (published)")
    source = "metadata" if published else ("given" if default_published else "none")
    rid = record.get("id")
    # (the country the document's source covers, where the record gives it: a name or an ISO code)
    from ..api import parse_country

    country = parse_country(record.get("country"), f"{origin} (country)")
    return Document(text=text, id=rid if rid not in (None, "") else None,
                    published=published or default_published, published_source=source,
                    title=record.get("title"), url=record.get("url"), source=record.get("source"),
                    origin=origin, country=country)


def read_jsonl(stream: Iterable[str | bytes], name: str, published: date | None = None) -> Iterator[Document]:
    """One document per JSON line; a line given as bytes is decoded alone, so a line that is no UTF-8 fails
    alone and the others are read."""
    for lineno, line in enumerate(stream, 1):
        origin = f"{name}:{lineno}"
        if lineno == 1:  # (a byte order mark opening the file)
            line = line.removeprefix(b"\xef\xbb\xbf") if isinstance(line, bytes) else line.removeprefix("\ufeff")
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError as exc:
                yield failed(origin, f"not valid UTF-8 (byte {exc.start + 1} of the line); re-save the file as UTF-8")
                continue
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            # (some of json's messages end in "at": "Invalid control character at")
            # (the character of the line: json's column restarts after the line's own newline)
            yield failed(origin, f"not valid JSON ({exc.msg.removesuffix(' at')} at character {exc.pos + 1})")
            continue
        try:
            yield document_from_record(record, origin, published)
        except InputError as exc:
            yield Document(text="", id=str(record.get("id") or text_id(origin)) if isinstance(record, dict)
                           else text_id(origin), origin=origin, error=str(exc))


def read_file(path: Path, published: date | None = None, allow_private: bool = False) -> Iterator[Document]:
    origin = str(path)
    suffix = path.suffix.lower()
    if suffix in FEED_SUFFIXES:
        from .feeds import documents_from_feed

        yield from documents_from_feed(origin, published=published, allow_private=allow_private)
        return
    try:
        data = path.read_bytes()
    except OSError as exc:
        yield failed(origin, f"cannot read the file ({exc.strerror or exc})")
        return
    if suffix in JSONL_SUFFIXES and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        # (JSON is UTF-8: each line decoded alone, so one line of another encoding fails alone)
        yield from read_jsonl(io.BytesIO(data), origin, published)
        return
    try:
        text = decode_bytes(data, origin)
    except InputError as exc:
        declared = declared_charset(data) if suffix in HTML_SUFFIXES and b"\x00" not in data[:8192] else None
        if declared is None:  # (a saved page in its own encoding, as it says: "windows-1252")
            yield Document(text="", id=text_id(origin), origin=origin, error=str(exc))
            return
        text = data.decode(declared, errors="replace")
    if suffix in JSONL_SUFFIXES:  # (UTF-16 with its byte order mark)
        yield from read_jsonl(io.StringIO(text), origin, published)
        return
    if suffix in HTML_SUFFIXES:
        from .html import document_from_html

        try:
            yield document_from_html(text, origin, published)
        except InputError as exc:
            yield Document(text="", id=text_id(origin), origin=origin, error=str(exc))
        return
    yield Document(text=text, published=published, published_source="given" if published else "none",
                   origin=origin)


def read_url(url: str, published: date | None = None, allow_private: bool = False) -> Iterator[Document]:
    """A web page, or every entry of an RSS/Atom feed (each entry's page fetched)."""
    from .feeds import documents_from_feed, is_feed
    from .urls import document_from_page, fetch_url

    try:
        page = fetch_url(url, allow_private=allow_private)
    except InputError as exc:
        yield failed_with(url, exc)
        return
    if is_feed(page.text):
        yield from documents_from_feed(url, published=published, allow_private=allow_private, page=page)
        return
    try:
        yield document_from_page(page, published=published)
    except InputError as exc:
        yield failed_with(url, exc)


def failed_with(origin: str, exc: InputError) -> Document:
    return Document(text="", id=text_id(origin), origin=origin, error=str(exc))


def with_country(documents: Iterable[Document], country: str | None) -> Iterator[Document]:
    """The documents, each without a country of its own given `country` (an ISO3 code: `--country`)."""
    for doc in documents:
        if country and doc.country is None and not doc.error:
            doc.country = country
        yield doc


def read_sources(sources: Iterable[str], published: date | None = None, jsonl_stdin: bool = False,
                 stdin: IO[str] | None = None, allow_private: bool = False) -> Iterator[Document]:
    """Every document in the given paths, folders (recursively), URLs, feeds and '-' (standard
    input), in order."""
    for src in sources:
        if src.lower().startswith(("http://", "https://")):
            yield from read_url(src, published, allow_private)
            continue
        if src == "-":
            stream = stdin or sys.stdin
            # (the bytes where there are any, read as a file's are: a line or text of another encoding is
            # named, not passed on as escaped bytes)
            raw = getattr(stream, "buffer", None)
            if jsonl_stdin:
                yield from read_jsonl(raw if raw is not None else stream, "<stdin>", published)
                continue
            try:
                text = decode_bytes(raw.read(), "<stdin>") if raw is not None else stream.read()
            except InputError as exc:
                yield failed_with("<stdin>", exc)
                continue
            yield Document(text=text, published=published, published_source="given" if published else "none",
                           origin="<stdin>")
            continue
        path = Path(src)
        if path.is_dir():
            files = sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in KNOWN_SUFFIXES
                           and not p.name.startswith("."))
            if not files:
                yield failed(src, "the folder holds no .txt, .html, .jsonl or feed (.rss, .atom, .xml) files")
            for f in files:
                yield from read_file(f, published, allow_private)
        elif path.is_file():
            yield from read_file(path, published, allow_private)
        else:
            yield failed(src, "no such file or folder")
