"""The web app in a real browser (Debian's Chromium driven by Playwright): the home page's map,
timeline and table, filtering through the form, an event page with its evidence and claims,
hostile article text shown as text, and the map without tiles.

One store, one server (uvicorn in a thread) and one browser serve the whole module. Each test
writes a full-page screenshot to screenshots/ at the repo root (EVENTCODER_SCREENSHOTS overrides
the folder). The store holds the reports of tests/data/merge_set.jsonl, plus the acceptance
article and the first ACLED dev documents when ../shared is present (read, never copied).

Needs /usr/bin/chromium (EVENTCODER_CHROMIUM overrides) and the playwright package; browsers
are never downloaded (`playwright install` is not used). Skipped when either is absent.
"""

from __future__ import annotations

import json
import os
import re
import threading
import time
from datetime import date
from pathlib import Path

import pytest

CHROMIUM = Path(os.environ.get("EVENTCODER_CHROMIUM", "/usr/bin/chromium"))
if not CHROMIUM.exists():
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium; CI installs it)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install playwright)")
pytest.importorskip("fastapi", reason="the web extra is not installed")
uvicorn = pytest.importorskip("uvicorn", reason="the web extra is not installed")

from eventcoder.document import Document  # noqa: E402
from eventcoder.store import open_store  # noqa: E402
from eventcoder.web.app import create_app  # noqa: E402

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
ACCEPTANCE = SHARED / "acceptance" / "000_bd314e2edf243133.txt"
ACLED_DEV = SHARED / "devdata" / "acled-dev.jsonl"
N_DEV = 60
SHOTS = Path(os.environ.get("EVENTCODER_SCREENSHOTS") or REPO / "screenshots")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TILE_HOST = "tile.openstreetmap.org"
TIMEOUT = 15_000  # ms, for anything the page does

XSS_ID = "xss-report"
XSS_TEXT = ("Police fired tear gas at protesters in Nairobi, Kenya, on Monday. "
            "<script>window.__xss=1</script> Witnesses said <img src=x onerror=\"window.__xss=2\"> "
            "the crowd dispersed. [click](javascript:window.__xss=3) "
            "<a href=\"javascript:window.__xss=3\">more</a> <svg onload=\"window.__xss=7\"></svg>")
XSS_TITLE = "<script>window.__xss=5</script><a href=\"javascript:window.__xss=5\">Nairobi</a> protest"
XSS_SOURCE = "<img src=x onerror=\"window.__xss=6\"> Times [x](javascript:window.__xss=6)"
XSS_URL = "javascript:window.__xss=4"


# -- fixtures ----------------------------------------------------------------------------------

def _documents() -> list[Document]:
    docs = []
    if ACCEPTANCE.exists():
        docs.append(Document(text=ACCEPTANCE.read_text(encoding="utf-8"), id="acceptance-000",
                             published=date(2017, 8, 28), published_source="given", source="AFP",
                             title="ISIS evacuates Syrian-Lebanese border region"))
    if ACLED_DEV.exists():
        with ACLED_DEV.open(encoding="utf-8") as f:
            for i, line in enumerate(f):
                if i >= N_DEV:
                    break
                r = json.loads(line)
                pub = date.fromisoformat(r["published"]) if r.get("published") else None
                docs.append(Document(text=r["text"], id=r["id"], published=pub,
                                     published_source="given" if pub else "none", source="ACLED dev set"))
    with (REPO / "tests" / "data" / "merge_set.jsonl").open(encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            docs.append(Document(text=r["text"], id=r["id"], published=date.fromisoformat(r["published"]),
                                 published_source="given", source=r["source"], title=r["title"]))
    docs.append(Document(text=XSS_TEXT, id=XSS_ID, published=date(2024, 6, 18), published_source="given",
                         source=XSS_SOURCE, title=XSS_TITLE, url=XSS_URL))
    return docs


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    """The store, coded here; with the sentences of each document, to check evidence against."""
    from eventcoder.api import get_pipeline

    url = f"sqlite:///{tmp_path_factory.mktemp('browser') / 'store.db'}"
    store = open_store(url)
    sentences: dict[str, list[str]] = {}
    for ctx in get_pipeline().run(_documents()):
        coded = ctx.to_dict()
        assert not coded["error"], f"{ctx.document.id}: {coded['error']}"
        store.add(ctx.document, coded)
        sentences[ctx.document.id] = [s.text for s in ctx.sentences]
    events = [store.event(ev["id"]) for ev in store.iter_query(None)]
    return {"url": url, "store": store, "sentences": sentences, "events": events}


def _events_of(data, document_id: str) -> list[dict]:
    return [ev for ev in data["events"] if any(r["document_id"] == document_id for r in ev["source_reports"])]


@pytest.fixture(scope="module")
def server(data):
    """The app with the default (OpenStreetMap) tiles, which cannot load here."""
    app = create_app(data["url"])
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="off")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not srv.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            pytest.fail("the web server did not start")
        time.sleep(0.02)
    port = srv.servers[0].sockets[0].getsockname()[1]
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def shots():
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS


class Page:
    """A fresh browser context and page that records console errors and uncaught exceptions."""

    def __init__(self, browser, base: str, **context_options):
        self.base = base
        self.context = browser.new_context(viewport={"width": 1280, "height": 900}, **context_options)
        self.context.set_default_timeout(TIMEOUT)
        self.page = self.context.new_page()
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        self.tile_failures: list[str] = []
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda exc: self.page_errors.append(str(exc)))
        self.page.on("requestfailed", self._failed)

    def _console(self, msg) -> None:
        if msg.type == "error":
            where = (msg.location or {}).get("url", "")
            self.console_errors.append(f"{msg.text} [{where}]")

    def _failed(self, request) -> None:
        if TILE_HOST in request.url:
            self.tile_failures.append(request.url)

    def goto(self, path: str) -> None:
        # not waiting for `load`: with no network, tile images may take their time to fail
        self.page.goto(self.base + path, wait_until="domcontentloaded")

    def errors(self) -> list[str]:
        """Console errors and exceptions, leaving out failed tile loads (no internet here)."""
        return self.page_errors + [e for e in self.console_errors if TILE_HOST not in e]

    def close(self) -> None:
        self.context.close()


@pytest.fixture()
def web(browser, server):
    pages = []

    def make(**context_options) -> Page:
        pages.append(Page(browser, server, **context_options))
        return pages[-1]

    yield make
    for p in pages:
        p.close()


# -- helpers -----------------------------------------------------------------------------------

def _wait_map(page) -> int:
    """Wait for the map's points and for Leaflet to draw them; the number of points."""
    page.wait_for_selector("#map[data-points]", state="attached")
    points = int(page.get_attribute("#map", "data-points"))
    if points:
        # clusters are divs; single circle markers are drawn on the canvas (preferCanvas) or as SVG paths
        page.wait_for_function("""() => {
            if (document.querySelectorAll('#map .marker-cluster, #map path.leaflet-interactive').length) return true;
            for (const c of document.querySelectorAll('#map .leaflet-overlay-pane canvas')) {
                if (!c.width || !c.height) continue;
                const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
                for (let i = 3; i < d.length; i += 4) if (d[i]) return true;
            }
            return false;
        }""")
    page.wait_for_function("() => !document.querySelector('#map .leaflet-zoom-anim')")
    return points


def _wait_timeline(page) -> int:
    page.wait_for_selector("#timeline[data-periods]", state="attached")
    return int(page.get_attribute("#timeline", "data-periods"))


def _summary_count(page) -> int:
    return int(page.inner_text("#summary strong").replace(",", "").strip())


def _row_types(page) -> list[str]:
    return page.eval_on_selector_all("tr.event-row", "rows => rows.map(r => r.dataset.type)")


def _row_dates(page) -> list[str]:
    return page.eval_on_selector_all("tr.event-row td:first-child a", "as => as.map(a => a.textContent.trim())")


def _shoot(page, shots: Path, name: str) -> None:
    path = shots / name
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 5_000, f"{path} looks empty"


# -- tests -------------------------------------------------------------------------------------

def test_home_page_shows_map_timeline_and_table(web, data, shots):
    w = web()
    w.goto("/")
    page = w.page
    rows = page.locator("tr.event-row")
    assert rows.count() > 0
    assert rows.count() <= 50  # one page
    total = _summary_count(page)
    assert total == len(data["events"])
    assert page.locator("#events-table a[href^='/events/']").count() == rows.count()
    points = _wait_map(page)
    with_coordinates = sum(ev["latitude"] is not None and ev["longitude"] is not None for ev in data["events"])
    assert 0 < points == with_coordinates
    periods = _wait_timeline(page)
    assert periods > 0
    bars = page.locator("#timeline svg rect")
    assert bars.count() >= periods
    box = page.locator("#timeline svg").bounding_box()
    assert box and box["width"] > 200 and box["height"] > 100
    assert page.locator("#map .error, #timeline .error").count() == 0
    assert page.locator("#filters").is_visible() and page.locator("#type-filter").is_visible()
    _shoot(page, shots, "home.png")
    assert not w.errors(), w.errors()


def test_filter_by_type_and_dates_through_the_form(web, shots):
    w = web()
    w.goto("/")
    page = w.page
    unfiltered = _summary_count(page)

    with page.expect_navigation():
        page.select_option("#type-filter", "Protests")  # submits the form on change
    assert re.search(r"[?&]type=Protests(&|$)", page.url), page.url
    assert page.input_value("#type-filter") == "Protests"
    protests = _summary_count(page)
    assert 0 < protests < unfiltered
    types = _row_types(page)
    assert types and set(types) == {"Protests"}
    assert len(types) == min(protests, 50)
    assert 0 < _wait_map(page) <= protests
    assert _wait_timeline(page) > 0

    # a date range through the form, keeping the type: from the middle of these events' days on
    days = sorted(set(_row_dates(page)))
    if len(days) < 2:
        pytest.skip("all protests fall on one day: no date range can narrow them")
    since, until = days[len(days) // 2], days[-1]
    page.fill("input[name=since]", since)
    page.fill("input[name=until]", until)
    with page.expect_navigation():
        page.click("#filters button[type=submit]")
    assert f"since={since}" in page.url and f"until={until}" in page.url and "type=Protests" in page.url
    narrowed = _summary_count(page)
    assert 0 < narrowed < protests
    assert set(_row_types(page)) == {"Protests"}
    assert all(since <= d <= until for d in _row_dates(page)), _row_dates(page)
    assert page.input_value("input[name=since]") == since
    assert 0 < _wait_map(page) <= narrowed
    _wait_timeline(page)
    _shoot(page, shots, "home-filtered.png")
    assert not w.errors(), w.errors()


def _pick_event(data) -> dict:
    """An event of the acceptance article with evidence (and claims, when one has them); else any
    event with evidence, preferring one with fatality claims."""
    def score(ev):
        reps = ev["source_reports"]
        return (any(r["evidence"] for r in reps), any(r.get("fatality_claims") for r in reps), ev["fatalities"] or 0)

    pool = _events_of(data, "acceptance-000") or data["events"]
    best = max(pool, key=score)
    assert score(best)[0], "no stored event has evidence"
    return best


def test_event_page_shows_evidence_fields_and_claims(web, data, shots):
    ev = _pick_event(data)
    w = web()
    # reach it through the table: the home page filtered to its day
    w.goto(f"/?since={ev['event_date']}&until={ev['event_date']}")
    page = w.page
    link = page.locator(f"#events-table a[href='/events/{ev['id']}']")
    with page.expect_navigation():
        link.click()
    assert page.url.endswith(f"/events/{ev['id']}")
    title = page.inner_text("#event-title")
    assert ev["sub_event_type"] in title and ev["event_date"] in title

    fields = dict(page.eval_on_selector_all(
        "#event-fields tr", "rows => rows.map(r => [r.querySelector('th').textContent.trim(), "
                            "r.querySelector('td').textContent.trim()])"))
    assert fields["event_type"] == ev["event_type"]
    assert fields["sub_event_type"] == ev["sub_event_type"]
    assert fields["fatalities"] == str(ev["fatalities"])

    sections = page.locator("section.source")
    assert sections.count() == len(ev["source_reports"])
    marks_seen = 0
    for i, rep in enumerate(ev["source_reports"]):
        section = sections.nth(i)
        text = section.locator(".document").inner_text()
        doc_text = data["store"].document(rep["document_id"])["text"]
        sentences = data["sentences"][rep["document_id"]]
        assert text.strip() == doc_text.strip()
        marks = section.locator("mark.evidence").all_inner_texts()
        assert bool(marks) == bool(rep["evidence"])
        for m in marks:
            # each highlighted piece is one or more whole sentences of the document, found in its text
            assert m in doc_text and m in text
            assert any(m.startswith(s) for s in sentences) and any(m.endswith(s) for s in sentences), m
            assert m.strip() in {e["text"].strip() for e in rep["evidence"]} or len(rep["evidence"]) > 1
        marks_seen += len(marks)
        claims = rep.get("fatality_claims") or []
        rows = section.locator("table.claims tbody tr")
        assert rows.count() == len(claims)
        if claims:
            shown = section.locator("table.claims tbody td.num").all_inner_texts()
            assert [s.strip() for s in shown] == [str(c["count"]) for c in claims]
        else:
            assert "no fatality figure" in section.inner_text()
    assert marks_seen > 0
    if ev["fatalities"]:
        assert any(r.get("fatality_claims") for r in ev["source_reports"]), "fatalities but no claims shown"
    _shoot(page, shots, "event.png")
    assert not w.errors(), w.errors()


def test_hostile_article_text_stays_text(web, data, shots):
    [ev] = _events_of(data, XSS_ID) or [None]
    assert ev is not None, "the hostile report was coded with no event"
    # bypass_csp: the page's Content-Security-Policy would stop inline scripts on its own; this checks
    # that the text is escaped, without counting on that second line of defence
    w = web(bypass_csp=True)
    page = w.page
    w.goto(f"/?since={ev['event_date']}&until={ev['event_date']}")
    _wait_map(page)
    assert page.evaluate("typeof window.__xss") == "undefined"
    with page.expect_navigation():
        page.click(f"#events-table a[href='/events/{ev['id']}']")
    page.wait_for_load_state("load")
    assert page.evaluate("typeof window.__xss") == "undefined"

    body = page.inner_text("body")
    assert "<script>window.__xss=1</script>" in body
    assert '<img src=x onerror="window.__xss=2">' in body
    assert "[click](javascript:window.__xss=3)" in body
    assert '<a href="javascript:window.__xss=3">more</a>' in body
    assert XSS_TITLE in body  # the title, as text
    assert '<img src=x onerror="window.__xss=6"> Times' in body  # the outlet, as text

    dom = page.evaluate("""() => ({
        jsLinks: [...document.querySelectorAll('a[href]')].filter(a => /^\\s*javascript:/i.test(a.getAttribute('href'))).length,
        handlers: [...document.querySelectorAll('*')].filter(e => [...e.attributes].some(a => /^on/i.test(a.name))).length,
        scripts: [...document.querySelectorAll('script')].filter(s => !s.src || /__xss/.test(s.textContent)).length,
        markupInSources: document.querySelectorAll('section.source img, section.source svg, section.source script, .document a').length,
    })""")
    assert dom == {"jsLinks": 0, "handlers": 0, "scripts": 0, "markupInSources": 0}
    assert page.locator('a[href^="javascript:"]').count() == 0

    # click whatever links the source sections hold (an http(s) "original" link would leave the site)
    links = page.locator("section.source a")
    for i in range(links.count()):
        href = links.nth(i).get_attribute("href") or ""
        if not href.startswith(("http://", "https://")):
            links.nth(i).click(no_wait_after=True)
    page.locator(".document").first.click()
    page.wait_for_timeout(200)
    assert page.evaluate("typeof window.__xss") == "undefined"
    _shoot(page, shots, "event-hostile.png")
    assert not w.errors(), w.errors()


def test_map_shows_points_without_tiles(web, shots):
    w = web()
    tile_requests = []

    def no_tiles(route):
        tile_requests.append(route.request.url)
        route.abort("internetdisconnected")

    w.context.route(re.compile(r"^https?://(?!127\.0\.0\.1[:/])"), no_tiles)  # nothing leaves the machine
    w.goto("/")
    page = w.page
    assert _wait_map(page) > 0
    assert any(TILE_HOST in u for u in tile_requests)  # the tile layer is there, and its tiles failed
    assert page.locator("#map img.leaflet-tile-loaded").count() == 0
    assert page.locator("#map .leaflet-control-attribution").is_visible()
    _shoot(page, shots, "home-no-tiles.png")
    assert not w.errors(), w.errors()


def test_tile_requests_send_a_referer(web):
    w = web()
    referers = []
    png = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                        "1f15c4890000000d49444154789c63f8cfc0f01f0005000201ff8a1e5b0c0000000049454e44ae426082")

    def tile(route):
        referers.append(route.request.header_value("referer"))
        route.fulfill(status=200, content_type="image/png", body=png)

    w.context.route(re.compile(rf"^https?://{re.escape(TILE_HOST)}/"), tile)
    w.goto("/")
    _wait_map(w.page)
    w.page.wait_for_function("() => document.querySelectorAll('#map img.leaflet-tile-loaded').length > 0")
    assert referers and all(referers), referers
