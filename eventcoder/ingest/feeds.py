"""RSS and Atom feeds to Documents: one per entry, in feed order.

Each entry's page is fetched (see urls.fetch_url) unless `fetch=False` or the entry has no link,
in which case the entry's own summary or content is the text. An entry whose page cannot be
fetched yields a Document with `error` set, so the batch goes on.
"""

from __future__ import annotations

import io
import re
from datetime import date
from html.parser import HTMLParser
from pathlib import Path
from typing import Iterator
from urllib.parse import urljoin, urlsplit

from ..document import Document, text_id
from ..errors import InputError
from .urls import document_from_page, fetch_url

_ROOT = re.compile(r"""\A(?:\ufeff)?\s*(?:<\?.*?\?>\s*|<!--.*?-->\s*|<!DOCTYPE[^>]*>\s*)*
                       <(?:[\w-]+:)?(?:rss|feed|RDF)\b""", re.S | re.I | re.X)
_BLOCK = {"p", "br", "div", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "tr"}
_SKIP = {"script", "style", "noscript"}


def is_feed(data: str | bytes) -> bool:
    """A cheap sniff: True when the document's root element is <rss>, <feed> (Atom) or <rdf:RDF>."""
    if isinstance(data, bytes):
        data = data[:4096].decode("utf-8", errors="replace")
    return bool(_ROOT.match(data[:4096]))


class _Stripper(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        self.skip += tag in _SKIP
        if tag in _BLOCK:
            self.parts.append("\n\n")

    def handle_endtag(self, tag):
        if tag in _SKIP and self.skip:
            self.skip -= 1
        if tag in _BLOCK:
            self.parts.append("\n\n")

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(re.sub(r"\s+", " ", data))


def strip_html(fragment: str) -> str:
    """The text of an HTML fragment (a feed summary), paragraphs kept as blank lines."""
    s = _Stripper()
    s.feed(fragment or "")
    s.close()
    text = re.sub(r"[ \t\r\f\v]+", " ", "".join(s.parts))
    text = re.sub(r" *\n *", "\n", text)
    return re.sub(r"\n{3,}", "\n\n", text).strip()


def _failed(origin: str, problem: str | InputError, **fields) -> Document:
    error = str(problem) if isinstance(problem, InputError) else str(InputError(origin, problem))
    return Document(text="", id=text_id(origin), origin=origin, error=error, **fields)


def _entry_date(entry) -> date | None:
    for key in ("published_parsed", "updated_parsed"):
        t = entry.get(key)
        if t:
            try:
                return date(t.tm_year, t.tm_mon, t.tm_mday)
            except (ValueError, AttributeError):
                continue
    return None


def _entry_text(entry) -> str:
    """The longest of the entry's content blocks and summary, HTML stripped."""
    candidates = [c.get("value", "") for c in entry.get("content") or []]
    candidates.append(entry.get("summary") or "")
    texts = [strip_html(c) for c in candidates if c]
    return max(texts, key=len, default="")


def documents_from_feed(source: str, *, published: date | None = None, allow_private: bool = False,
                        fetch: bool = True, page=None, **kw) -> Iterator[Document]:
    """Documents for the entries of the feed at `source` (an http(s) URL or a local file).
    `published` is used for entries with no date of their own; `page` is the feed already fetched
    (a FetchedPage); other keywords go to fetch_url."""
    import feedparser

    scheme = urlsplit(source).scheme.lower()
    own_client = False
    if scheme in ("http", "https"):
        if kw.get("client") is None:
            import httpx

            kw["client"], own_client = httpx.Client(follow_redirects=False), True
        try:
            page = page or fetch_url(source, allow_private=allow_private, **kw)
        except InputError as exc:
            if own_client:
                kw["client"].close()
            yield _failed(source, exc)
            return
        data, base, content_type = page.content, page.url, page.headers.get("content-type", "")
    elif len(scheme) > 1:  # a one-letter scheme is a Windows drive
        yield _failed(source, f"cannot read {scheme}:// addresses; give an http(s) address or a local file")
        return
    else:
        try:
            data = Path(source).read_bytes()
        except OSError as exc:
            yield _failed(source, f"cannot read the file ({exc.strerror or exc})")
            return
        base, content_type = None, ""
    try:
        yield from _entries(feedparser, source, data, base, content_type, published, allow_private, fetch, kw)
    finally:
        if own_client:
            kw["client"].close()


def _entries(feedparser, source, data, base, content_type, published, allow_private, fetch, kw):
    headers = {"content-type": content_type} if content_type else {}
    if base:
        headers["content-location"] = base
    # A stream, never a string: feedparser would fetch a string that looks like a URL itself.
    parsed = feedparser.parse(io.BytesIO(data), response_headers=headers)
    if not parsed.entries:
        if parsed.bozo:
            problem = getattr(parsed, "bozo_exception", None) or "malformed"
            yield _failed(source, f"cannot read this as an RSS or Atom feed ({problem})")
        elif not parsed.get("version"):
            yield _failed(source, "this is not an RSS or Atom feed; give the address of the feed itself")
        return
    feed_title = (parsed.feed.get("title") or "").strip() or None
    for index, entry in enumerate(parsed.entries, 1):
        link = (entry.get("link") or "").strip()
        if link and base:
            link = urljoin(base, link)
        if link and urlsplit(link).scheme.lower() not in ("http", "https"):
            link = ""
        title = (entry.get("title") or "").strip() or None
        when = _entry_date(entry)
        origin = link or f"{source}#entry{index}"
        if fetch and link:
            try:
                page = fetch_url(link, allow_private=allow_private, **kw)
                doc = document_from_page(page)
            except InputError as exc:
                yield _failed(origin, exc, url=link, title=title, source=feed_title)
                continue
            doc.origin = link
            doc.title = doc.title or title
            doc.source = doc.source or feed_title or urlsplit(page.url).hostname
        else:
            text = _entry_text(entry)
            if not text:
                why = "has no summary or content text" + ("" if link else " and no link")
                yield _failed(origin, f"the feed entry {why}; nothing to code",
                              url=link or None, title=title, source=feed_title)
                continue
            doc = Document(text=text, title=title, url=link or None,
                           source=feed_title or urlsplit(base or link).hostname or None, origin=origin)
        if doc.published is None:
            if when:
                doc.published, doc.published_source = when, "metadata"
            elif published:
                doc.published, doc.published_source = published, "given"
        yield doc
