"""HTML to a Document: main text, title and publication date.

trafilatura (a core dependency) extracts the main text; when it finds none, a
small standard-library extractor keeps headings and paragraphs and drops scripts and menus.
"""

from __future__ import annotations

import re
from datetime import date
from html.parser import HTMLParser

from ..document import Document
from ..errors import InputError

BLOCK_TAGS = {"p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "figcaption", "blockquote", "div", "br", "tr"}
SKIP_TAGS = {"script", "style", "noscript", "nav", "footer", "header", "aside", "form", "svg", "template"}
DATE_META = ("article:published_time", "datepublished", "date", "pubdate", "dc.date", "og:published_time",
             "publishdate", "sailthru.date", "parsely-pub-date")


class _Extractor(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip = 0
        self.title = ""
        self.in_title = False
        self.meta: dict[str, str] = {}

    def handle_starttag(self, tag, attrs):
        tag = tag.lower()
        if tag in SKIP_TAGS:
            self.skip += 1
        elif tag == "title":
            self.in_title = True
        elif tag == "meta":
            a = {k.lower(): (v or "") for k, v in attrs}
            key = (a.get("property") or a.get("name") or a.get("itemprop") or "").lower()
            if key and a.get("content"):
                self.meta[key] = a["content"]
        elif tag == "time":
            a = {k.lower(): (v or "") for k, v in attrs}
            if a.get("datetime") and "time" not in self.meta:
                self.meta["time"] = a["datetime"]
        if tag in BLOCK_TAGS:
            self.parts.append("\n\n")

    def handle_endtag(self, tag):
        tag = tag.lower()
        if tag in SKIP_TAGS and self.skip:
            self.skip -= 1
        elif tag == "title":
            self.in_title = False
        if tag in BLOCK_TAGS:
            self.parts.append("\n\n")

    def handle_data(self, data):
        if self.in_title:
            self.title += data
        elif not self.skip:
            self.parts.append(data)


def _clean(text: str) -> str:
    text = re.sub(r"[ \t\r\f\v]+", " ", text)
    text = re.sub(r" *\n *", "\n", text)
    return re.sub(r"\n{3,}", "\n\n", text).strip()


def _meta_date(meta: dict[str, str]) -> date | None:
    for key in DATE_META + ("time",):
        value = meta.get(key)
        if value and re.match(r"\d{4}-\d{2}-\d{2}", value.strip()):
            try:
                return date.fromisoformat(value.strip()[:10])
            except ValueError:
                continue
    return None


def document_from_html(html: str, origin: str, published: date | None = None) -> Document:
    ex = _Extractor()
    try:
        ex.feed(html)
        ex.close()
    except Exception as exc:  # html.parser rarely raises, but never let it sink a batch
        raise InputError(origin, f"cannot parse the HTML ({exc})") from exc
    text = None
    try:
        import trafilatura

        text = trafilatura.extract(html, include_comments=False, include_tables=False)
    except ImportError:
        pass
    if not text:
        text = _clean("".join(ex.parts))
    if not text.strip():
        raise InputError(origin, "the HTML page holds no readable text")
    meta_date = _meta_date(ex.meta)
    if meta_date:
        when, source = meta_date, "metadata"
    else:
        when, source = published, ("given" if published else "none")
    return Document(text=text, published=when, published_source=source, title=_clean(ex.title) or None,
                    url=ex.meta.get("og:url"), source=ex.meta.get("og:site_name"), origin=origin)
