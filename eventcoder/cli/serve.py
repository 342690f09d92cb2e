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

    if not 0 < args.port < 65536:
        raise ConfigError(f"--port must be between 1 and 65535, got {args.port}")
    settings = Settings.create(db=args.db)
    token = args.write_token or os.environ.get("EVENTCODER_WRITE_TOKEN") or None
    tiles = None if (args.tiles or "").lower() == "none" else (args.tiles or DEFAULT_TILES)
    app = create_app(settings.db, write_token=token, settings=settings, tiles=tiles)
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        warn(f"warning: listening on {args.host}: anyone who can reach it can read the store")
    _check_listen(args.host, args.port)
    warn(f"serving {settings.db} at http://{args.host}:{args.port}/ ({'writable with the token' if token else 'read-only'})")
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0


def _check_listen(host: str, port: int) -> None:
    """A ConfigError when the address cannot be listened on (the port taken, the host not this machine's),
    before the server says it is serving."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise ConfigError(f"--host {host!r}: cannot resolve it ({exc.strerror})") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # (as the server itself binds)
        try:
            sock.bind(address)
        except OSError as exc:
            raise ConfigError(f"cannot listen on {host}:{port} ({exc.strerror or exc}); is another server "
                              "using the port? Choose another with --port") from None
