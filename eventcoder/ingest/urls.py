"""Fetching a web page and turning it into a Document.

Fetching is guarded for use on untrusted addresses: only http and https, no private, loopback or
link-local hosts (at any redirect hop) unless `allow_private`, redirects followed by hand, a cap
on the body size and on the total time, and text content types only.
"""

from __future__ import annotations

import ipaddress
import socket
import time
from dataclasses import dataclass, field
from datetime import date
from urllib.parse import urljoin, urlsplit

from ..document import Document
from ..errors import InputError
from .files import BINARY_CONTROL_SHARE, declared_charset

MAX_REDIRECTS = 5
REDIRECT_STATUSES = {301, 302, 303, 307, 308}
HTML_TYPES = {"text/html", "application/xhtml+xml"}
FEED_TYPES = {"application/rss+xml", "application/atom+xml", "application/rdf+xml"}
XML_TYPES = {"application/xml", "text/xml"} | FEED_TYPES
TEXT_TYPES = HTML_TYPES | XML_TYPES | {"text/plain"}
ACCEPT = ("text/html,application/xhtml+xml,application/rss+xml,application/atom+xml,"
          "application/xml;q=0.9,text/plain;q=0.8,*/*;q=0.1")
PRIVATE_HINT = "pass --allow-private (allow_private=True) if you mean to fetch it"


def user_agent() -> str:
    from .. import __version__

    return f"eventcoder/{__version__} (+research event coder)"


@dataclass
class FetchedPage:
    """A fetched page: final URL (after redirects), status, media type, decoded text, headers."""

    url: str
    status: int
    content_type: str | None  # the media type without parameters, lower case; None when not sent
    text: str
    headers: dict[str, str] = field(default_factory=dict)
    content: bytes = b""  # the raw body (decompressed), for parsers that read the encoding themselves


def is_public_address(address: str) -> bool:
    """True when an IP address is globally routable: not private, loopback, link-local, multicast,
    reserved or unspecified (IPv4-mapped, 6to4 and Teredo addresses are judged by their IPv4)."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address):
        inner = ip.ipv4_mapped or ip.sixtofour or (ip.teredo[1] if ip.teredo else None)
        if inner is not None and not is_public_address(str(inner)):
            return False
    return not (ip.is_private or ip.is_loopback or ip.is_link_local or ip.is_multicast
                or ip.is_reserved or ip.is_unspecified or not ip.is_global)


def check_host(host: str, port: int, *, allow_private: bool = False) -> list[str]:
    """Resolve `host` and return its addresses; InputError when it does not resolve or, unless
    `allow_private`, when ANY address is not public."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        raise InputError(host, f"cannot be resolved ({exc}); check the address and your network") from None
    addresses = list(dict.fromkeys(str(info[4][0]) for info in infos))
    if not addresses:
        raise InputError(host, "resolves to no address; check the address")
    if not allow_private:
        for address in addresses:
            if not is_public_address(address):
                raise InputError(host, f"resolves to {address}, a private, loopback, link-local or "
                                       f"reserved address; fetching it is refused; {PRIVATE_HINT}")
    return addresses


def _split(url: str, origin: str) -> tuple[str, int]:
    """The host and port of an http(s) URL; InputError for any other scheme or a URL without a host."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise InputError(origin, f"not a valid URL ({exc})") from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        raise InputError(origin, f"cannot fetch {url!r}: only http:// and https:// addresses are supported")
    if not parts.hostname:
        raise InputError(origin, f"{url!r} has no host name; give a full address such as https://example.org/")
    return parts.hostname, port or (443 if scheme == "https" else 80)


def _media_type(value: str | None) -> str | None:
    media = (value or "").split(";", 1)[0].strip().lower()
    return media or None


def _looks_like_text(data: bytes) -> bool:
    sample = data[:8192]
    if b"\x00" in sample and not sample.startswith((b"\xff\xfe", b"\xfe\xff")):
        return False
    text = sample.decode("utf-8", errors="replace")
    controls = sum(1 for ch in text if (ord(ch) < 32 and ch not in "\t\n\r\f") or ch == "\ufffd")
    return not text or controls / len(text) <= BINARY_CONTROL_SHARE


def _decode(data: bytes, charset: str | None) -> str:
    """Bytes to text: the header's charset, a BOM, UTF-8, the document's declared charset, then UTF-8
    with replacement characters."""
    if charset:
        try:
            return data.decode(charset, errors="replace")
        except LookupError:
            pass
    for bom, codec in ((b"\xef\xbb\xbf", "utf-8-sig"), (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16")):
        if data.startswith(bom):
            return data.decode(codec, errors="replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    declared = declared_charset(data)
    if declared:
        return data.decode(declared, errors="replace")
    return data.decode("utf-8", errors="replace")


def fetch_url(url: str, *, allow_private: bool = False, timeout: float = 20.0, max_bytes: int = 5_000_000,
              client=None) -> FetchedPage:
    """GET a text page; every failure (refused address, HTTP error, timeout, size, content type)
    is an InputError naming the URL. `timeout` bounds each connect and read; the whole fetch,
    redirects included, is abandoned after twice that."""
    import httpx

    own = client is None
    if own:
        client = httpx.Client(follow_redirects=False, trust_env=True)
    deadline = time.monotonic() + 2 * timeout
    current = url

    def fail(problem: str) -> InputError:
        where = f" (redirected to {current})" if current != url else ""
        return InputError(url, problem + where)

    try:
        for hop in range(MAX_REDIRECTS + 1):
            host, port = _split(current, url)
            try:
                check_host(host, port, allow_private=allow_private)
            except InputError as exc:
                raise fail(f"host {exc.source} {exc.problem}") from None
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise fail(f"took longer than {2 * timeout:g} s in total; try again later or raise the timeout")
            headers = {"User-Agent": user_agent(), "Accept": ACCEPT}
            try:
                with client.stream("GET", current, headers=headers, follow_redirects=False,
                                   timeout=httpx.Timeout(min(timeout, remaining))) as response:
                    status = response.status_code
                    if status in REDIRECT_STATUSES:
                        location = response.headers.get("location")
                        if not location:
                            raise fail(f"the server answered HTTP {status} (a redirect) without a Location")
                        if hop == MAX_REDIRECTS:
                            raise fail(f"more than {MAX_REDIRECTS} redirects; open the address in a browser "
                                       "and give the final one")
                        current = urljoin(current, location.strip())
                        continue
                    if status >= 400:
                        raise fail(f"the server answered HTTP {status} {response.reason_phrase}".rstrip()
                                   + "; check the address")
                    media = _media_type(response.headers.get("content-type"))
                    if media is not None and media not in TEXT_TYPES:
                        raise fail(f"the content type is {media}, not a web page or text; "
                                   "give the address of an article or a feed")
                    declared = response.headers.get("content-length", "")
                    if declared.isdigit() and int(declared) > max_bytes:
                        raise fail(f"the page is {int(declared)} bytes, more than the limit of {max_bytes} bytes")
                    chunks, size = [], 0
                    for chunk in response.iter_bytes():
                        size += len(chunk)
                        if size > max_bytes:
                            raise fail(f"the page is larger than the limit of {max_bytes} bytes")
                        if time.monotonic() > deadline:
                            raise fail(f"took longer than {2 * timeout:g} s in total; "
                                       "try again later or raise the timeout")
                        chunks.append(chunk)
                    data = b"".join(chunks)
                    if media is None and not _looks_like_text(data):
                        raise fail("the server sent no content type and the body is not text; "
                                   "give the address of an article or a feed")
                    return FetchedPage(url=current, status=status, content_type=media,
                                       text=_decode(data, response.charset_encoding).lstrip("\ufeff"),
                                       headers=dict(response.headers), content=data)
            except httpx.TimeoutException:
                raise fail(f"timed out (no answer within {min(timeout, remaining):g} s); "
                           "try again later or raise the timeout") from None
            except httpx.HTTPError as exc:
                raise fail(f"the request failed ({type(exc).__name__}: {exc}); check the address "
                           "and your network") from None
        raise fail("too many redirects")  # not reached: the loop returns or raises
    finally:
        if own:
            client.close()


def document_from_page(page: FetchedPage, published: date | None = None) -> Document:
    """A fetched page to a Document, read as a saved page is (`html.document_from_html`, with the page's
    URL). `source` is the site name from the page's markup, or None (document_from_url falls back to
    the host)."""
    origin = page.url
    if page.content_type == "text/plain" or (page.content_type is None and not page.text.lstrip().startswith("<")):
        text = page.text.strip()
        if not text:
            raise InputError(origin, "the page holds no readable text")
        return Document(text=text, published=published, published_source="given" if published else "none",
                        url=page.url, origin=origin)
    from .feeds import is_feed
    from .html import document_from_html

    if is_feed(page.text):
        raise InputError(origin, "this address is an RSS or Atom feed, not an article; read it as a feed "
                                 "(eventcoder.ingest.feeds.documents_from_feed)")
    return document_from_html(page.text, origin, published, url=page.url)


def document_from_url(url: str, *, published: date | None = None, allow_private: bool = False,
                      **kw) -> Document:
    """Fetch `url` (see fetch_url for the keywords) and return its main text as a Document."""
    page = fetch_url(url, allow_private=allow_private, **kw)
    doc = document_from_page(page, published)
    doc.source = doc.source or urlsplit(page.url).hostname
    doc.origin = url
    return doc
