"""`eventcoder serve`: the web app over a store (extra `eventcoder[web]`)."""

from __future__ import annotations

import os

from ..errors import ConfigError
from ..settings import Settings
from .common import add_db_option, warn


def add_parser(sub) -> None:
    p = sub.add_parser("serve", help="the web app: map, timeline, table, event pages and a JSON API",
                       description="Serve the store on a map with a timeline, a table, event pages with their "
                                   "evidence, and a JSON API under /api/ (docs at /docs). Read-only unless "
                                   "--write-token (or EVENTCODER_WRITE_TOKEN) is set.")
    add_db_option(p)
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--write-token", default=None,
                   help="accept POST /api/documents with `Authorization: Bearer TOKEN` (16+ characters; "
                        "default: EVENTCODER_WRITE_TOKEN, else read-only)")
    p.add_argument("--tiles", default=None,
                   help="map tile URL template (default OpenStreetMap; 'none' for a plain background)")
    p.set_defaults(run=run)


def run(args) -> int:
    try:
        import uvicorn
    except ImportError as exc:
        raise ConfigError("the web app needs its extra: pip install 'eventcoder[web]'") from exc
    from ..web.app import DEFAULT_TILES, create_app

    settings = Settings.create(db=args.db)
    token = args.write_token or os.environ.get("EVENTCODER_WRITE_TOKEN") or None
    tiles = None if (args.tiles or "").lower() == "none" else (args.tiles or DEFAULT_TILES)
    app = create_app(settings.db, write_token=token, settings=settings, tiles=tiles)
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        warn(f"warning: listening on {args.host}: anyone who can reach it can read the store")
    warn(f"serving {settings.db} at http://{args.host}:{args.port}/ ({'writable with the token' if token else 'read-only'})")
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0
