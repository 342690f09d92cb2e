"""The web app (extra `eventcoder[web]`): a map, a timeline, a table and event pages over a
store, and a JSON API under /api/ with OpenAPI docs at /docs.

Reads go through a read-only connection to the store. Writing (POST /api/documents, which codes
and stores an article) exists only when the app is given a write token, sent by the client as
`Authorization: Bearer TOKEN`. Pages are rendered with Jinja2's autoescaping and the map's
script builds its popups from text nodes, so article text never runs as markup.
"""


import hmac
import io
import json
import logging
import math
from datetime import date
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

from ..errors import ConfigError, EventcoderError, InputError
from ..export import write_acled_csv, write_geojson
from ..ingest.files import RECORD_SCHEMA, document_from_record
from ..resources.taxonomy import SUB_TO_TYPE, TAXONOMY
from ..store import open_store
from ..store.database import Filters

log = logging.getLogger("eventcoder.web")
HERE = Path(__file__).parent
PER_PAGE = 50
MAX_PER_PAGE = 500
MAP_LIMIT = 5000  # points sent to the map at most (the most recent)
MAX_BODY = 2_000_000  # bytes of a request body
DEFAULT_TILES = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"
TYPE_COLOURS = {"Battles": "#c0392b", "Explosions/Remote violence": "#e67e22",
                "Violence against civilians": "#8e44ad", "Protests": "#2980b9", "Riots": "#16a085",
                "Strategic developments": "#7f8c8d"}


class BadRequest(Exception):
    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.message = message
        self.status = status


def _day(value: str | None, name: str) -> date | None:
    if value in (None, ""):
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise BadRequest(f"'{name}' must be a date as YYYY-MM-DD, got {value!r}") from None


def parse_filters(since=None, until=None, country=None, type=None, actor=None, q=None) -> Filters:
    """Query parameters to Filters; a bad value is a BadRequest naming the parameter."""
    s, u = _day(since, "since"), _day(until, "until")
    if s and u and s > u:
        raise BadRequest(f"'since' ({s}) is after 'until' ({u})")
    if type and type not in TAXONOMY and type not in SUB_TO_TYPE:
        raise BadRequest(f"unknown event type {type!r}; use one of ACLED's types or sub-event types")
    clean = {k: (v.strip() or None) if isinstance(v, str) else v for k, v in
             (("country", country), ("actor", actor), ("text", q))}
    for k, v in clean.items():
        name = "q" if k == "text" else k
        if v and len(v) > 200:
            raise BadRequest(f"'{name}' is too long (at most 200 characters)")
        if v and "\x00" in v:
            raise BadRequest(f"'{name}' holds a NUL character")
    if clean["country"]:
        from ..resources.actors import country_code

        if country_code(clean["country"]) is None:
            raise BadRequest(f"'country': {clean['country']!r} names no country; give its name or ISO code "
                             "(\"Kenya\", \"KEN\")")
    return Filters(since=s, until=u, event_type=type or None, **clean)


MAX_ID = 2**63 - 1  # (the largest id SQLite and PostgreSQL store)


def _limit(limit: str | None) -> int | None:
    """The 'limit' parameter: None for none, else a whole number of at least 1 (one past the ids any
    store holds reads as all of them)."""
    if limit is None:
        return None
    try:
        n = int(limit)
    except ValueError:
        raise BadRequest("'limit' must be a whole number") from None
    if n < 1:
        raise BadRequest("'limit' must be at least 1")
    return min(n, MAX_ID)


def _paging(page: Any, per_page: Any) -> tuple[int, int]:
    try:
        page, per_page = int(page), int(per_page)
    except (TypeError, ValueError):
        raise BadRequest("'page' and 'per_page' must be whole numbers") from None
    if page < 1:
        raise BadRequest("'page' starts at 1")
    if not 1 <= per_page <= MAX_PER_PAGE:
        raise BadRequest(f"'per_page' must be between 1 and {MAX_PER_PAGE}")
    return page, per_page


def _last_page(total: int, page: int, per_page: int) -> int:
    """The number of pages; a page past them is a 404 naming how many there are."""
    pages = max(1, math.ceil(total / per_page))
    if page > pages:
        raise BadRequest(f"page {page} is past the end ({pages} page{'s' if pages > 1 else ''} of {per_page})", 404)
    return pages


def safe_link(url: str | None) -> str | None:
    """A URL fit for an href: http(s) only (never javascript:, data: or the like)."""
    if not url:
        return None
    try:
        return url if urlsplit(url).scheme.lower() in ("http", "https") else None
    except ValueError:
        return None


def highlight(text: str, spans: list[dict]) -> list[tuple[str, bool]]:
    """The text cut into (piece, is_evidence) parts by the evidence spans (merged when they overlap)."""
    cuts = sorted((max(0, int(s["start"])), min(len(text), int(s["end"]))) for s in spans
                  if isinstance(s, dict) and "start" in s and "end" in s)
    merged: list[list[int]] = []
    for a, b in cuts:
        if b <= a:
            continue
        if merged and a <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    parts, pos = [], 0
    for a, b in merged:
        if a > pos:
            parts.append((text[pos:a], False))
        parts.append((text[a:b], True))
        pos = b
    if pos < len(text):
        parts.append((text[pos:], False))
    return parts


def create_app(db: str, write_token: str | None = None, settings=None, tiles: str | None = DEFAULT_TILES,
               max_body: int = MAX_BODY):
    try:
        from fastapi import FastAPI, Request
        from fastapi.exceptions import RequestValidationError
        from fastapi.responses import HTMLResponse, JSONResponse, Response
        from fastapi.staticfiles import StaticFiles
        from fastapi.templating import Jinja2Templates
        from starlette.exceptions import HTTPException as StarletteHTTPException
        import xstatic.pkg.leaflet as xleaflet
        import xstatic.pkg.leaflet_markercluster as xcluster
    except ImportError as exc:
        raise ConfigError(f"the web app needs its extra: pip install 'eventcoder[web]' ({exc.name} is missing)") from exc
    from .. import __version__

    if write_token is not None and len(write_token) < 16:
        raise ConfigError("--write-token must be at least 16 characters (it guards writing to the store)")
    writer = open_store(db) if write_token else None  # creates the store when there is none
    store = open_store(db, readonly=True)

    app = FastAPI(title="eventcoder", version=__version__,
                  description="Events coded from news reports, merged across sources, with their evidence.")
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    templates.env.globals.update(colours=TYPE_COLOURS, event_types=list(TAXONOMY), sub_types=TAXONOMY,
                                 version=__version__)
    app.mount("/static/leaflet", StaticFiles(directory=xleaflet.BASE_DIR), name="leaflet")
    app.mount("/static/markercluster", StaticFiles(directory=xcluster.BASE_DIR), name="markercluster")
    app.mount("/static/app", StaticFiles(directory=str(HERE / "static")), name="app")

    def api(request: Request) -> bool:
        return request.url.path.startswith("/api/")

    def error_page(request: Request, status: int, message: str):
        if api(request):
            return JSONResponse({"error": message}, status_code=status)
        return templates.TemplateResponse(request, "error.html", {"status": status, "message": message},
                                          status_code=status)

    @app.exception_handler(BadRequest)
    async def _bad(request: Request, exc: BadRequest):
        return error_page(request, exc.status, exc.message)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError):
        problems = "; ".join(f"{'.'.join(str(x) for x in e.get('loc', ())[1:]) or 'body'}: {e.get('msg')}"
                             for e in exc.errors())
        return error_page(request, 400, f"bad request: {problems}")

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException):
        message = exc.detail if isinstance(exc.detail, str) else "error"
        if exc.status_code == 404 and message == "Not Found":
            message = f"nothing at {request.url.path}"
        return error_page(request, exc.status_code, message)

    @app.exception_handler(EventcoderError)
    async def _ours(request: Request, exc: EventcoderError):
        log.warning("request %s failed: %s", request.url.path, exc)
        status = 400 if isinstance(exc, (InputError, ConfigError)) else 503
        return error_page(request, status, str(exc) if status == 400 else "the store cannot be read right now")

    @app.exception_handler(Exception)
    async def _crash(request: Request, exc: Exception):
        log.exception("request %s failed", request.url.path)
        return error_page(request, 500, "internal error (logged on the server)")

    @app.middleware("http")
    async def _limits(request: Request, call_next):
        length = request.headers.get("content-length")
        if length is not None:
            try:
                too_big = int(length) > max_body
            except ValueError:
                return JSONResponse({"error": "bad Content-Length"}, status_code=400)
            if too_big:
                return JSONResponse({"error": f"request body over {max_body} bytes"}, status_code=413)
        # HEAD, as every GET answers it (`curl -I`): the GET's status and headers, without its body
        head = request.method == "HEAD"
        if head:
            request.scope["method"] = "GET"
        response = await call_next(request)
        if head:
            async for _ in response.body_iterator:
                pass
            response = Response(status_code=response.status_code, headers=dict(response.headers))
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        # tile servers (OpenStreetMap's among them) refuse requests without a Referer
        response.headers.setdefault("Referrer-Policy", "strict-origin-when-cross-origin")
        # the API's own documentation pages load Swagger UI / ReDoc from their CDN: no CSP there
        docs_page = request.url.path in ("/docs", "/redoc", "/docs/oauth2-redirect")
        if response.headers.get("content-type", "").startswith("text/html") and not docs_page:
            img = "'self' data:" + (f" {urlsplit(tiles).scheme}://{urlsplit(tiles).netloc}" if tiles else "")
            response.headers.setdefault(
                "Content-Security-Policy",
                f"default-src 'self'; img-src {img}; style-src 'self' 'unsafe-inline'; script-src 'self'; "
                "object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
        return response

    def filters_q(since: str | None = None, until: str | None = None, country: str | None = None,
                  type: str | None = None, actor: str | None = None, q: str | None = None) -> Filters:
        return parse_filters(since, until, country, type, actor, q)

    def page_of(f: Filters, page, per_page) -> dict:
        page, per_page = _paging(page, per_page)
        total = store.count(f)
        pages = _last_page(total, page, per_page)
        rows = store.query(f, limit=per_page, offset=(page - 1) * per_page, order="recent")
        return {"total": total, "page": page, "per_page": per_page, "pages": pages, "events": rows}

    from fastapi import Depends

    # -- API ---------------------------------------------------------------------------------

    @app.get("/api/events", summary="Events matching the filters, most recent first, a page at a time")
    def api_events(f: Filters = Depends(filters_q), page: str = "1", per_page: str = str(PER_PAGE)):
        return page_of(f, page, per_page)

    @app.get("/api/events.csv", summary="The filtered events as ACLED CSV")
    def api_events_csv(f: Filters = Depends(filters_q), limit: str | None = None):
        n = _limit(limit)
        buf = io.StringIO()
        write_acled_csv(store.iter_query(f, limit=n, order="recent") if n else store.iter_query(f), buf)
        return Response(buf.getvalue(), media_type="text/csv; charset=utf-8",
                        headers={"Content-Disposition": 'attachment; filename="events.csv"'})

    @app.get("/api/events.geojson", summary="The filtered events as GeoJSON points")
    def api_events_geojson(f: Filters = Depends(filters_q), limit: str | None = None):
        n = _limit(limit)
        buf = io.StringIO()
        written, skipped = write_geojson(store.iter_query(f, limit=n, order="recent"), buf)
        return Response(buf.getvalue(), media_type="application/geo+json",
                        headers={"X-Events-Without-Coordinates": str(skipped)})

    @app.get("/api/events/{event_id}", summary="One event with its sources, evidence and claims")
    def api_event(event_id: int):
        ev = store.event(event_id) if 0 < event_id <= MAX_ID else None
        if ev is None:
            raise BadRequest(f"no event with id {event_id}", 404)
        return ev

    @app.get("/api/timeline", summary="Events per day or week and event type")
    def api_timeline(f: Filters = Depends(filters_q), bucket: str = "auto"):
        if bucket not in ("auto", "day", "week"):
            raise BadRequest("'bucket' must be day, week or auto")
        if bucket == "auto":
            s = store.summary(f)
            span = ((date.fromisoformat(s["last_date"]) - date.fromisoformat(s["first_date"])).days
                    if s["first_date"] else 0)
            bucket = "week" if span > 120 else "day"
        return {"bucket": bucket, "series": store.timeline(f, bucket)}

    @app.get("/api/stats", summary="Counts, date range, types and countries of the filtered events")
    def api_stats(f: Filters = Depends(filters_q)):
        return store.stats(f)

    @app.get("/api/documents", summary="Stored documents, newest first, a page at a time")
    def api_documents(page: str = "1", per_page: str = str(PER_PAGE)):
        page, per_page = _paging(page, per_page)
        total, rows = store.documents_page(per_page, (page - 1) * per_page)
        pages = _last_page(total, page, per_page)
        return {"total": total, "page": page, "per_page": per_page, "pages": pages, "documents": rows}

    # (":path": an id may hold slashes, "feeds/nyeri/1")
    @app.get("/api/documents/{document_id:path}", summary="One document: its text and its coding")
    def api_document(document_id: str):
        doc = store.document(document_id)
        if doc is None:
            raise BadRequest(f"no document with id {document_id!r}", 404)
        return doc

    # (the handler reads the body itself, to bound its size and answer bad JSON with our message: the body's
    # shape is given to the OpenAPI description here)
    @app.post("/api/documents", status_code=201,
              summary="Code an article and store it (only with a write token: Authorization: Bearer TOKEN)",
              openapi_extra={"requestBody": {"required": True, "content": {
                  "application/json": {"schema": RECORD_SCHEMA}}}},
              responses={201: {"description": "stored or replaced: `id`, `status`, `events`, `events_added`, "
                               "`events_merged`"},
                         200: {"description": "stored already as it is (`status` \"unchanged\")"},
                         400: {"description": "the body is no JSON object with a 'text' string, or a field is wrong"},
                         401: {"description": "no valid write token"}, 403: {"description": "a read-only server"},
                         413: {"description": "the body is too large"},
                         422: {"description": "the document could not be coded"}})
    async def api_add_document(request: Request):
        if writer is None:
            raise BadRequest("this server is read-only (start it with --write-token to accept documents)", 403)
        auth = request.headers.get("authorization", "")
        given = auth[7:] if auth.lower().startswith("bearer ") else ""
        if not given or not hmac.compare_digest(given.encode(), write_token.encode()):
            raise BadRequest("a valid write token is needed: send Authorization: Bearer TOKEN", 401)
        body = await request.body()
        if len(body) > max_body:
            raise BadRequest(f"request body over {max_body} bytes", 413)
        try:
            record = json.loads(body)
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise BadRequest("the body must be a JSON object with at least a 'text' string") from None
        from starlette.concurrency import run_in_threadpool

        result = await run_in_threadpool(_code_and_store, record)
        # (201 for a document stored or replaced; 200 for one stored already as it is)
        return JSONResponse(result, status_code=200 if result["status"] == "unchanged" else 201)

    def _code_and_store(record) -> dict:
        from ..api import get_pipeline
        doc = document_from_record(record, "POST /api/documents")
        if not doc.text.strip():
            raise BadRequest("the document's text is empty")
        [ctx] = list(get_pipeline(settings).run([doc]))
        coded = ctx.to_dict()
        if coded["error"]:
            raise BadRequest(f"the document could not be coded: {coded['error']}", 422)
        result = writer.add(ctx.document, coded)
        return {"id": coded["id"], "status": result.status, "events": len(coded["events"]),
                "events_added": result.new, "events_merged": result.merged}

    # -- pages -------------------------------------------------------------------------------

    def query_string(params: dict, **change) -> str:
        merged = {k: v for k, v in {**params, **change}.items() if v not in (None, "")}
        return urlencode(merged)

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def home(request: Request, f: Filters = Depends(filters_q), page: str = "1"):
        params = {k: request.query_params.get(k) for k in ("since", "until", "country", "type", "actor", "q")}
        result = page_of(f, page, PER_PAGE)
        stats = store.summary(f)
        return templates.TemplateResponse(request, "index.html", {
            "params": params, "result": result, "stats": stats, "tiles": tiles or "",
            "filter_query": query_string(params), "map_limit": MAP_LIMIT,
            "prev_query": query_string(params, page=result["page"] - 1) if result["page"] > 1 else None,
            "next_query": query_string(params, page=result["page"] + 1) if result["page"] < result["pages"] else None,
        })

    @app.get("/events/{event_id}", response_class=HTMLResponse, include_in_schema=False)
    def event_page(request: Request, event_id: int):
        ev = store.event(event_id, with_text=True) if 0 < event_id <= MAX_ID else None
        if ev is None:
            raise BadRequest(f"no event with id {event_id}", 404)
        reports = [{**rep, "parts": highlight(rep["text"] or "", rep.get("evidence") or []),
                    "link": safe_link(rep.get("url"))} for rep in ev["source_reports"]]
        return templates.TemplateResponse(request, "event.html", {"ev": ev, "reports": reports})

    return app
