"""HTML to a Document: main text, title, outlet and publication date, the same for a saved page and
a fetched one.

trafilatura (a core dependency) extracts the main text; when it finds none, a small
standard-library extractor keeps headings and paragraphs and drops scripts and menus. The
publication date is, in this order: what the page's markup says its publication date is (meta
tags, JSON-LD `datePublished`, Dublin Core, `<time pubdate>`), a visible "Published:" line, then
what trafilatura's date search finds (the URL's path, other markup).
"""

from __future__ import annotations

import json
import re
from datetime import date
from email.utils import parsedate_to_datetime
from html.parser import HTMLParser
from urllib.parse import urlsplit

from ..document import Document
from ..errors import InputError

BLOCK_TAGS = {"p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "figcaption", "blockquote", "div", "br", "tr"}
SKIP_TAGS = {"script", "style", "noscript", "nav", "footer", "header", "aside", "form", "svg", "template"}
# meta tags (property, name or itemprop, lower case) that name the publication date, surest first; then
# JSON-LD's datePublished and <time pubdate>; then tags that name some date of the page (LOOSE_DATE_META)
DATE_META = ("article:published_time", "og:published_time", "datepublished", "dc.date.issued", "dcterms.issued",
             "dc.date.created", "dcterms.created", "publishdate", "publish-date", "publish_date", "publication_date",
             "citation_publication_date", "parsely-pub-date", "sailthru.date")
LOOSE_DATE_META = ("dc.date", "dcterms.date", "pubdate", "date")
# JSON-LD types of an article, whose datePublished is the page's
ARTICLE_TYPES = ("article", "newsarticle", "reportagenewsarticle", "analysisnewsarticle", "blogposting",
                 "report", "webpage")
# trafilatura leaves out the words inside <time> ("on <time datetime=...>Monday</time>" became "on ,"):
# the tags are taken away before it reads the page (their dates are read first)
_TIME_TAGS = re.compile(r"</?time\b[^>]*>", re.I)


class _Extractor(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip = 0
        self.title = ""
        self.in_title = False
        self.meta: dict[str, str] = {}
        self.json_ld: list[str] = []
        self._in_json_ld = False
        self.time_published: str | None = None  # <time pubdate> or <time itemprop="datePublished">
        self.canonical: str | None = None

    def handle_starttag(self, tag, attrs):
        tag = tag.lower()
        a = {k.lower(): (v or "") for k, v in attrs}
        if tag == "script" and a.get("type", "").lower().strip() == "application/ld+json":
            self._in_json_ld = True
            self.json_ld.append("")
        if tag in SKIP_TAGS:
            self.skip += 1
        elif tag == "title":
            self.in_title = True
        elif tag == "meta":
            key = (a.get("property") or a.get("name") or a.get("itemprop") or "").lower().strip()
            if key and a.get("content") and key not in self.meta:
                self.meta[key] = a["content"]
        elif tag == "link" and "canonical" in a.get("rel", "").lower().split() and a.get("href"):
            self.canonical = self.canonical or a["href"]
        elif tag == "time":
            # (a <time> in the story dates what it tells, not the page: only one marked as the publication's)
            if a.get("datetime") and ("pubdate" in a or a.get("itemprop", "").lower() == "datepublished"):
                self.time_published = self.time_published or a["datetime"]
        if tag in BLOCK_TAGS:
            self.parts.append("\n\n")

    def handle_endtag(self, tag):
        tag = tag.lower()
        if tag == "script":
            self._in_json_ld = False
        if tag in SKIP_TAGS and self.skip:
            self.skip -= 1
        elif tag == "title":
            self.in_title = False
        if tag in BLOCK_TAGS:
            self.parts.append("\n\n")

    def handle_data(self, data):
        if self._in_json_ld:
            self.json_ld[-1] += data
        elif self.in_title:
            self.title += data
        elif not self.skip:
            self.parts.append(data)


def _clean(text: str) -> str:
    text = re.sub(r"[ \t\r\f\v]+", " ", text)
    text = re.sub(r" *\n *", "\n", text)
    return re.sub(r"\n{3,}", "\n\n", text).strip()


def date_value(value: str) -> date | None:
    """A date as markup gives it: ISO 8601 (its day as written: "2024-03-13T08:00:00+03:00" is the 13th),
    "2024/03/13", "20240313", an e-mail style date ("Wed, 13 Mar 2024 08:00:00 GMT", with or without its
    time), or a date written out ("13 March 2024", "Mar 13, 2024"); else None."""
    value = (value or "").strip()
    m = re.match(r"(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?!\d)", value) or re.fullmatch(r"(\d{4})(\d{2})(\d{2})", value)
    try:
        if m:
            return date(int(m[1]), int(m[2]), int(m[3]))
        if re.match(r"[A-Za-z]{3},? +\d", value):
            try:
                return parsedate_to_datetime(value).date()
            except (TypeError, ValueError, IndexError):
                if value[:3].lower() in ("mon", "tue", "wed", "thu", "fri", "sat", "sun"):
                    value = value[3:].lstrip(", ")  # ("Wed, 13 Mar 2024" without its time: as below)
    except (TypeError, ValueError, IndexError):
        return None
    from ..stages.times import _parse_full

    return _parse_full(value)  # "13 March 2024", "Mar 13, 2024"


def _json_ld_dates(blocks: list[str]) -> list[date]:
    """The datePublished of the JSON-LD objects, articles' first (in a list or an @graph too)."""
    found: list[tuple[int, date]] = []

    def walk(node) -> None:
        if isinstance(node, list):
            for item in node:
                walk(item)
        elif isinstance(node, dict):
            types = node.get("@type")
            types = [t.lower() for t in (types if isinstance(types, list) else [types]) if isinstance(t, str)]
            when = date_value(node.get("datePublished") or "") if isinstance(node.get("datePublished"), str) else None
            if when:
                found.append((0 if any(t in ARTICLE_TYPES for t in types) else 1, when))
            for key, value in node.items():
                if key != "datePublished" and isinstance(value, (list, dict)):
                    walk(value)

    for block in blocks:
        try:
            walk(json.loads(block))
        except (ValueError, RecursionError):
            continue  # (a broken block: the other cues)
    return [d for _, d in sorted(found, key=lambda x: x[0])]


def markup_date(ex: _Extractor) -> date | None:
    """The publication date the page's markup gives, or None."""
    for key in DATE_META:
        when = date_value(ex.meta.get(key, ""))
        if when:
            return when
    dated = _json_ld_dates(ex.json_ld)
    if dated:
        return dated[0]
    when = date_value(ex.time_published or "")
    if when:
        return when
    for key in LOOSE_DATE_META:
        when = date_value(ex.meta.get(key, ""))
        if when:
            return when
    return None


def extract(html: str, url: str | None = None) -> dict | None:
    """Main text and metadata (title, sitename, date) by trafilatura's bare_extraction, or None when it
    is absent or finds no text."""
    try:
        import trafilatura
    except ImportError:
        return None
    params = {"original_date": True, "extensive_search": False, "max_date": date.today().isoformat()}
    try:
        result = trafilatura.bare_extraction(_TIME_TAGS.sub("", html), url=url, with_metadata=True,
                                             include_comments=False, include_tables=False,
                                             date_extraction_params=params)
    except Exception:  # a failed extraction falls back to the standard-library extractor
        return None
    if result is None:
        return None
    if not isinstance(result, dict):  # trafilatura >= 1.13 returns a Document object
        result = result.as_dict()
    return result if (result.get("text") or "").strip() else None


def document_from_html(html: str, origin: str, published: date | None = None, url: str | None = None) -> Document:
    """A page's main text, title, outlet and publication date (`url`: where it was fetched from, if it was)."""
    from ..stages.times import stamp_date

    ex = _Extractor()
    try:
        ex.feed(html)
        ex.close()
    except Exception as exc:  # html.parser rarely raises, but never let it sink a batch
        raise InputError(origin, f"cannot parse the HTML ({exc})") from exc
    page_url = url or ex.canonical or ex.meta.get("og:url")
    found = extract(html, page_url) or {}
    page_text = _clean("".join(ex.parts))
    text = (found.get("text") or "").strip() or page_text
    if not text.strip():
        raise InputError(origin, "the HTML page holds no readable text")
    when, source = markup_date(ex), "metadata"
    if when is None:
        # a visible "Published: 13 March 2024", which the main text may have left out with the byline
        when, source = stamp_date(page_text[:3000]), "text"
    if when is None:
        when, source = date_value(str(found.get("date") or "")), "metadata"
    if when is None:
        when, source = published, ("given" if published else "none")
    title = _clean(found.get("title") or "") or _clean(ex.title) or None
    sitename = (found.get("sitename") or "").strip()
    if page_url and sitename.lower() in _host_names(page_url):
        sitename = ""  # trafilatura's fallback from the URL, not a name the site gives itself
    return Document(text=text, published=when, published_source=source, title=title,
                    url=url or _own_address(ex.meta.get("og:url")),
                    source=sitename or ex.meta.get("og:site_name") or None,
                    origin=origin)


def _own_address(url: str | None) -> str | None:
    """A saved page's own address from its markup (og:url), or None for one that names only its site
    (pages that copy the site's tag give its home page): the address is the document's identity in a
    store, and a site's home page is no article's."""
    if not url:
        return None
    parts = urlsplit(url.strip())
    return url.strip() if parts.scheme in ("http", "https") and parts.path.strip("/") else None


def _host_names(url: str) -> set[str]:
    parts = urlsplit(url)
    names = {(parts.hostname or "").lower(), parts.netloc.lower()}
    return names | {n[4:] for n in names if n.startswith("www.")}
