"""`eventcoder geocode "TEXT"`: the places a text names, as the coder resolves them."""

from __future__ import annotations

import json
import sys

from ..api import get_pipeline, parse_country
from ..document import Document
from ..errors import InputError
from .common import warn

COLUMNS = (("text", 22), ("name", 24), ("kind", 8), ("admin1", 18), ("country", 20), ("latitude", 9),
           ("longitude", 10), ("confidence", 5))


def add_parser(sub) -> None:
    p = sub.add_parser("geocode", help="print the places found in a text",
                       description="Find and resolve the places a text names (for checking a result).")
    p.add_argument("text", nargs="?", default="-", help="the text, or - to read standard input (default)")
    p.add_argument("--json", action="store_true", help="one JSON object per place")
    p.add_argument("--country", metavar="COUNTRY",
                   help="the country of the text's source (a name or ISO code), as `code --country` takes it")
    p.add_argument("--max-chars", type=int, metavar="N", default=None,
                   help="a text of more characters is refused with a message (default 1,000,000; at least 1,000)")
    p.set_defaults(run=run)


def geocode(text: str, country: str | None = None, max_chars: int | None = None) -> list[dict]:
    """The resolved place mentions of a text (the contract's PLACE objects); `country`, the country of its
    source where known (a name or an ISO code); `max_chars`, the longest text to read (the setting's
    default when None)."""
    from ..settings import Settings

    pipeline = get_pipeline(Settings.create(max_chars=max_chars))
    ctx = pipeline.prepare(Document(text=text, origin="<geocode>", country=parse_country(country, "--country")))
    if ctx.error is None:
        ctx.doc = pipeline.nlp(text)
        pipeline.apply(ctx, until="places")
    if ctx.error:
        raise InputError("<geocode>", ctx.error.split(": ", 1)[-1])
    return [p.to_dict() for p in ctx.places]


def _cell(value, width: int) -> str:
    text = "" if value is None else str(value)
    return (text[: width - 1] + "…") if len(text) > width else text.ljust(width)


def run(args) -> int:
    if args.text == "-":
        from ..ingest.files import decode_bytes

        raw = getattr(sys.stdin, "buffer", None)
        text = decode_bytes(raw.read(), "<stdin>") if raw is not None else sys.stdin.read()
    else:
        text = args.text
    places = geocode(text, args.country, args.max_chars)
    if args.json:
        for p in places:
            print(json.dumps(p, ensure_ascii=False))
        return 0
    if not places:
        warn("no places found")
        return 0
    print("  ".join(_cell(n, w) for n, w in COLUMNS))
    for p in places:
        print("  ".join(_cell(p.get(n), w) for n, w in COLUMNS))
    return 0
