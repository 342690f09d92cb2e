"""Fetching pages and feeds: address guard, redirects, limits, extraction, feeds (a local server)."""

from __future__ import annotations

import threading
import time
from datetime import date
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from eventcoder.errors import InputError
from eventcoder.ingest import urls
from eventcoder.ingest.feeds import documents_from_feed, is_feed, strip_html
from eventcoder.ingest.urls import document_from_url, fetch_url, is_public_address

ARTICLE = """<!DOCTYPE html>
<html><head>
<title>Protesters block highway near Korvan - Northern Ledger</title>
<meta property="og:site_name" content="Northern Ledger">
<meta property="og:title" content="Protesters block highway near Korvan">
<meta property="article:published_time" content="2024-03-05T08:00:00Z">
</head><body>
<nav><a href="/">Home</a> <a href="/world">World</a></nav>
<article>
<h1>Protesters block highway near Korvan</h1>
<p>Several hundred farmers blocked the main highway near Korvan on Monday, demanding lower fuel
prices and the release of two union leaders detained last week by the regional police.</p>
<p>Witnesses said the protesters parked tractors across all four lanes and burned tyres at the
junction, while riot police watched from a nearby petrol station without intervening.</p>
<p>The regional governor told reporters that talks with the farmers' union would resume on Wednesday
and that the detained leaders would appear before a magistrate in the provincial capital.</p>
</article>
<footer>Copyright Northern Ledger</footer>
</body></html>"""

UNDATED = """<!DOCTYPE html>
<html><head><title>Clinic reopens in Dassel</title></head><body>
<article><h1>Clinic reopens in Dassel</h1>
<p>A health clinic in the town of Dassel reopened on Friday after being closed for three months
following an arson attack that destroyed its pharmacy and records room.</p>
<p>Local officials said the rebuilt clinic would serve about twelve thousand people from the
surrounding villages, and that a second clinic is planned for next year.</p>
</article></body></html>"""

PLAIN = "Two soldiers were wounded when a roadside bomb exploded near Tarsk on Sunday, officials said."


def rss(base):
    return f"""<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel>
<title>Ledger Wire</title><link>{base}/</link><description>Test wire</description>
<item><title>Highway blocked</title><link>{base}/article</link>
<pubDate>Mon, 04 Mar 2024 10:00:00 GMT</pubDate><description>Farmers block a highway.</description></item>
<item><title>Gone story</title><link>{base}/missing-story</link>
<pubDate>Tue, 05 Mar 2024 10:00:00 GMT</pubDate></item>
<item><title>Clinic reopens</title><link>{base}/undated</link>
<pubDate>Wed, 06 Mar 2024 09:30:00 GMT</pubDate></item>
</channel></rss>"""


ATOM = """<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<title>Ledger Atom</title><id>urn:test:atom</id><updated>2024-03-07T00:00:00Z</updated>
<entry><title>Bomb near Tarsk</title><id>urn:test:1</id><link href="/plain"/>
<updated>2024-03-07T06:00:00Z</updated></entry>
<entry><title>Missing</title><id>urn:test:2</id><link href="/missing-story"/>
<updated>2024-03-07T07:00:00Z</updated></entry>
</feed>"""


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def send(self, status, body: bytes, content_type=None, length=True, headers=()):
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        if length:
            self.send_header("Content-Length", str(len(body)))
        for k, v in headers:
            self.send_header(k, v)
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):  # the client gave up (timeout, size cap)
            pass

    def do_GET(self):
        base = f"http://127.0.0.1:{self.server.server_port}"
        path = self.path
        if path == "/article":
            self.send(200, ARTICLE.encode(), "text/html; charset=utf-8")
        elif path == "/undated":
            self.send(200, UNDATED.encode(), "text/html")
        elif path == "/plain":
            self.send(200, PLAIN.encode(), "text/plain; charset=utf-8")
        elif path == "/latin1":
            self.send(200, "Caf\u00e9 attack in S\u00e3o Tom\u00e9.".encode("latin-1"), "text/plain; charset=iso-8859-1")
        elif path == "/notype":
            self.send(200, PLAIN.encode())
        elif path == "/notype-binary":
            self.send(200, bytes(range(256)) * 8)
        elif path == "/redirect":
            self.send(302, b"", headers=[("Location", "/article")])
        elif path == "/redirect-abs":
            self.send(301, b"", headers=[("Location", f"{base}/plain")])
        elif path.startswith("/loop"):
            n = int(path[5:] or 0)
            self.send(302, b"", headers=[("Location", f"/loop{n + 1}")])
        elif path.startswith("/chain"):
            n = int(path[6:])
            self.send(302, b"", headers=[("Location", f"/chain{n - 1}" if n > 1 else "/plain")])
        elif path == "/huge":
            self.send(200, b"<p>" + b"x" * 200_000 + b"</p>", "text/html")
        elif path == "/huge-stream":  # no Content-Length: the cap must hold while streaming
            self.send(200, b"<p>" + b"y" * 200_000 + b"</p>", "text/html", length=False)
        elif path == "/image.png":
            self.send(200, b"\x89PNG\r\n\x1a\n" + b"\x00" * 64, "image/png")
        elif path == "/slow":
            time.sleep(1.5)
            self.send(200, b"late", "text/plain")
        elif path == "/trickle":  # each read is quick, the whole body is not
            self.send(200, b"", "text/plain", length=False)
            try:
                for _ in range(20):
                    self.wfile.write(b"tick ")
                    time.sleep(0.1)
            except (BrokenPipeError, ConnectionResetError):
                pass
        elif path == "/rss.xml":
            self.send(200, rss(base).encode(), "application/rss+xml")
        elif path == "/atom.xml":
            self.send(200, ATOM.encode(), "application/atom+xml")
        elif path == "/broken.xml":
            self.send(200, b"this is <<< not a feed", "application/rss+xml")
        else:
            self.send(404, b"not here", "text/plain")


@pytest.fixture(scope="module")
def server():
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    httpd.server_close()


# --- the address guard ---------------------------------------------------------------------------

@pytest.mark.parametrize("address", ["10.0.0.1", "192.168.1.1", "172.16.5.4", "169.254.169.254", "127.0.0.1",
                                     "::1", "::ffff:127.0.0.1", "::ffff:10.1.2.3", "0.0.0.0", "::",
                                     "224.0.0.1", "fe80::1", "fc00::1", "100.64.0.1", "240.0.0.1",
                                     "2002:7f00:1::1", "64:ff9b::a9fe:a9fe"])
def test_non_public_addresses_refused(address):
    assert is_public_address(address) is False


@pytest.mark.parametrize("address", ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111"])
def test_public_addresses_allowed(address):
    assert is_public_address(address) is True


def test_loopback_refused_without_allow_private(server):
    with pytest.raises(InputError) as info:
        fetch_url(server + "/article")
    assert "--allow-private" in str(info.value)
    assert "127.0.0.1" in str(info.value)
    with pytest.raises(InputError, match="--allow-private"):
        document_from_url(server + "/article")


def test_localhost_name_refused():
    with pytest.raises(InputError, match="--allow-private"):
        urls.check_host("localhost", 80)


def test_only_http_and_https():
    for url in ("file:///etc/passwd", "ftp://example.org/x", "gopher://example.org/"):
        with pytest.raises(InputError, match="only http:// and https://"):
            fetch_url(url)


def test_unresolvable_host_is_input_error(monkeypatch):
    import socket

    def no_dns(*args, **kwargs):
        raise socket.gaierror(-2, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", no_dns)  # no real DNS: fast and offline
    with pytest.raises(InputError, match="cannot be resolved") as info:
        fetch_url("http://no-such-host.invalid/page")
    assert info.value.source == "http://no-such-host.invalid/page"


# --- fetching and extraction ---------------------------------------------------------------------

def test_article_document(server):
    doc = document_from_url(server + "/article", allow_private=True, published=date(2024, 6, 1))
    assert "Several hundred farmers blocked the main highway near Korvan" in doc.text
    assert "regional governor" in doc.text
    assert "Home" not in doc.text and "Copyright" not in doc.text
    assert doc.title == "Protesters block highway near Korvan"
    assert doc.published == date(2024, 3, 5)
    assert doc.published_source == "metadata"
    assert doc.source == "Northern Ledger"
    assert doc.url == server + "/article"
    assert doc.origin == server + "/article"
    assert doc.error is None
    assert len(doc.id) == 16


def test_undated_page_uses_given_date_and_host(server):
    doc = document_from_url(server + "/undated", allow_private=True, published=date(2024, 6, 1))
    assert "health clinic in the town of Dassel" in doc.text
    assert doc.published == date(2024, 6, 1) and doc.published_source == "given"
    assert doc.source == "127.0.0.1"
    nodate = document_from_url(server + "/undated", allow_private=True)
    assert nodate.published is None and nodate.published_source == "none"


def test_plain_text_and_charset(server):
    doc = document_from_url(server + "/plain", allow_private=True)
    assert doc.text == PLAIN
    assert doc.title is None
    page = fetch_url(server + "/latin1", allow_private=True)
    assert page.text == "Caf\u00e9 attack in S\u00e3o Tom\u00e9."
    assert page.content_type == "text/plain"
    assert page.status == 200


def test_missing_content_type_is_sniffed(server):
    page = fetch_url(server + "/notype", allow_private=True)
    assert page.content_type is None and page.text == PLAIN
    with pytest.raises(InputError, match="not text"):
        fetch_url(server + "/notype-binary", allow_private=True)


def test_user_agent_sent(server):
    import httpx

    seen = {}

    def handler(request):
        seen["ua"] = request.headers["user-agent"]
        return httpx.Response(200, text="ok", headers={"content-type": "text/plain"})

    with httpx.Client(transport=httpx.MockTransport(handler)) as client:
        page = fetch_url("http://93.184.216.34/", client=client)
    assert page.text == "ok"
    assert seen["ua"].startswith("eventcoder/") and "research event coder" in seen["ua"]


def test_redirect_followed(server):
    page = fetch_url(server + "/redirect", allow_private=True)
    assert page.url == server + "/article"
    assert page.status == 200 and "Korvan" in page.text
    doc = document_from_url(server + "/redirect-abs", allow_private=True)
    assert doc.url == server + "/plain" and doc.origin == server + "/redirect-abs"
    assert doc.text == PLAIN


def test_redirect_to_loopback_refused(server, monkeypatch):
    real, calls = urls.check_host, []

    def first_hop_allowed(host, port, *, allow_private=False):
        calls.append(host)
        if len(calls) == 1:  # pretend the first host is a public one
            return ["93.184.216.34"]
        return real(host, port, allow_private=allow_private)

    monkeypatch.setattr(urls, "check_host", first_hop_allowed)
    with pytest.raises(InputError) as info:
        fetch_url(server + "/redirect")
    assert len(calls) == 2
    message = str(info.value)
    assert "--allow-private" in message
    assert f"redirected to {server}/article" in message


def test_too_many_redirects(server):
    with pytest.raises(InputError, match="more than 5 redirects"):
        fetch_url(server + "/loop0", allow_private=True)
    page = fetch_url(server + "/chain5", allow_private=True)  # exactly five redirects are fine
    assert page.url == server + "/plain" and page.text == PLAIN
    with pytest.raises(InputError, match="more than 5 redirects"):
        fetch_url(server + "/chain6", allow_private=True)


def test_size_cap(server):
    with pytest.raises(InputError, match="limit of 10000 bytes"):
        fetch_url(server + "/huge", allow_private=True, max_bytes=10_000)
    with pytest.raises(InputError, match="larger than the limit of 10000 bytes"):
        fetch_url(server + "/huge-stream", allow_private=True, max_bytes=10_000)
    page = fetch_url(server + "/huge-stream", allow_private=True, max_bytes=300_000)
    assert len(page.text) == 200_007


def test_non_text_refused(server):
    with pytest.raises(InputError, match="image/png"):
        fetch_url(server + "/image.png", allow_private=True)


def test_http_error(server):
    with pytest.raises(InputError, match="HTTP 404") as info:
        fetch_url(server + "/nowhere", allow_private=True)
    assert info.value.source == server + "/nowhere"


def test_timeout(server):
    start = time.monotonic()
    with pytest.raises(InputError, match="timed out"):
        fetch_url(server + "/slow", allow_private=True, timeout=0.3)
    assert time.monotonic() - start < 1.2


def test_total_time_cap(server):
    start = time.monotonic()
    with pytest.raises(InputError, match="longer than 0.6 s in total"):
        fetch_url(server + "/trickle", allow_private=True, timeout=0.3)
    assert time.monotonic() - start < 1.2


def test_feed_address_is_not_an_article(server):
    with pytest.raises(InputError, match="feed"):
        document_from_url(server + "/rss.xml", allow_private=True)


# --- feeds ---------------------------------------------------------------------------------------

def test_is_feed():
    assert is_feed(rss("http://x"))
    assert is_feed(ATOM.encode())
    assert is_feed('<?xml version="1.0"?>\n<!-- c -->\n<rdf:RDF xmlns:rdf="x"><channel/></rdf:RDF>')
    assert not is_feed(ARTICLE)
    assert not is_feed("<html><body>rss feed</body></html>")
    assert not is_feed(PLAIN)


def test_rss_feed(server):
    docs = list(documents_from_feed(server + "/rss.xml", allow_private=True))
    assert [d.origin for d in docs] == [server + "/article", server + "/missing-story", server + "/undated"]
    first, gone, clinic = docs
    assert first.error is None and "Korvan" in first.text
    assert first.published == date(2024, 3, 5) and first.published_source == "metadata"  # the page's own
    assert first.source == "Northern Ledger"
    assert gone.error is not None and "HTTP 404" in gone.error and gone.text == ""
    assert gone.title == "Gone story"
    assert clinic.error is None and "Dassel" in clinic.text
    assert clinic.published == date(2024, 3, 6) and clinic.published_source == "metadata"  # the entry's
    assert clinic.source == "Ledger Wire"  # the page names no site: the feed title


def test_atom_feed_relative_links(server):
    docs = list(documents_from_feed(server + "/atom.xml", allow_private=True))
    assert len(docs) == 2
    assert docs[0].error is None and docs[0].text == PLAIN
    assert docs[0].url == server + "/plain"
    assert docs[0].title == "Bomb near Tarsk"
    assert docs[0].published == date(2024, 3, 7)
    assert docs[1].error is not None and "HTTP 404" in docs[1].error
    assert docs[1].origin == server + "/missing-story"


def test_feed_guard_applies(server):
    docs = list(documents_from_feed(server + "/rss.xml"))
    assert len(docs) == 1 and "--allow-private" in docs[0].error


def test_broken_feed_is_one_error(server, tmp_path):
    docs = list(documents_from_feed(server + "/broken.xml", allow_private=True))
    assert len(docs) == 1 and "cannot read this as an RSS or Atom feed" in docs[0].error
    path = tmp_path / "page.xml"
    path.write_text(ARTICLE)
    docs = list(documents_from_feed(str(path)))
    assert len(docs) == 1 and docs[0].error is not None
    docs = list(documents_from_feed(str(tmp_path / "absent.xml")))
    assert len(docs) == 1 and "cannot read the file" in docs[0].error


def test_local_feed_without_fetching(tmp_path):
    path = tmp_path / "wire.xml"
    path.write_text("""<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>Valley Wire</title><link>http://valley.invalid/</link>
<description>d</description>
<item><title>Strike at the mine</title><link>http://valley.invalid/strike</link>
<pubDate>Thu, 02 May 2024 12:00:00 GMT</pubDate>
<description>&lt;p&gt;Miners at the &lt;b&gt;Ostrava pit&lt;/b&gt; walked out on Thursday.&lt;/p&gt;&lt;p&gt;Police
stood by.&lt;/p&gt;</description></item>
<item><title>No link here</title>
<description>Talks between the two parties collapsed in Mirel.</description></item>
<item><title>Empty</title><link>http://valley.invalid/empty</link></item>
</channel></rss>""", encoding="utf-8")
    docs = list(documents_from_feed(str(path), fetch=False, published=date(2024, 5, 10)))
    assert len(docs) == 3
    strike, nolink, empty = docs
    assert strike.text == "Miners at the Ostrava pit walked out on Thursday.\n\nPolice stood by."
    assert strike.published == date(2024, 5, 2) and strike.published_source == "metadata"
    assert strike.url == "http://valley.invalid/strike" and strike.source == "Valley Wire"
    assert strike.title == "Strike at the mine" and strike.error is None
    assert nolink.text == "Talks between the two parties collapsed in Mirel."
    assert nolink.published == date(2024, 5, 10) and nolink.published_source == "given"
    assert nolink.url is None and nolink.origin == f"{path}#entry2"
    assert empty.error is not None and "no summary or content" in empty.error


def test_strip_html():
    assert strip_html("<p>One &amp; two</p><script>x()</script><p>three</p>") == "One & two\n\nthree"
