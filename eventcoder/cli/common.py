"""Options and helpers shared by several commands."""

from __future__ import annotations

import sys

from ..api import parse_country, parse_date, published_warning
from ..settings import Settings


def add_input_options(p) -> None:
    p.add_argument("inputs", nargs="*", default=["-"], metavar="INPUT",
                   help="text, HTML, JSON Lines or RSS/Atom files, folders, http(s) URLs of pages or feeds, "
                        "or - for standard input (default)")
    p.add_argument("--allow-private", action="store_true",
                   help="let URLs reach private, loopback and link-local addresses (refused by default)")
    p.add_argument("--jsonl", action="store_true", help="read standard input as JSON Lines")
    p.add_argument("--published", metavar="YYYY-MM-DD",
                   help="publication date for documents that carry none")
    p.add_argument("--country", metavar="COUNTRY",
                   help="the country the documents' source covers (a name or ISO code: a national paper's "
                        "feed), weighed as evidence of each text's country; a JSON line's own 'country' wins")
    p.add_argument("--batch-size", type=int, default=None, help="documents parsed together (default 16)")
    p.add_argument("--workers", type=int, default=1, metavar="N",
                   help="code on N processes (0: one per CPU; default 1); output stays in input order")
    add_model_options(p)


def add_model_options(p) -> None:
    p.add_argument("--model", metavar="MODEL", default=None,
                   help="a statistical event typer trained with `eventcoder train` (default: the rules)")
    p.add_argument("--spacy-model", metavar="NAME", default=None, help="spaCy model package (default: auto)")
    p.add_argument("--max-chars", type=int, metavar="N", default=None,
                   help="a document of more characters is refused with a message (default 1,000,000; at least 1,000)")


def settings_from(args, **extra) -> Settings:
    return Settings.create(batch_size=args.batch_size, spacy_model=args.spacy_model, typer=args.model,
                           max_chars=args.max_chars, **extra)


def published_from(args):
    when = parse_date(args.published, "--published")
    problem = published_warning(when)
    if problem:
        warn(f"warning: --published: {problem}")
    return when


def country_from(args) -> str | None:
    """--country as an ISO3 code (an InputError for what names no country)."""
    return parse_country(args.country, "--country")


def warn(message: str) -> None:
    print(f"eventcoder: {message}", file=sys.stderr)


def add_db_option(p) -> None:
    p.add_argument("--db", default=None, help="database URL (default: EVENTCODER_DB or sqlite:///eventcoder.db)")


def add_filter_options(p) -> None:
    g = p.add_argument_group("filters")
    g.add_argument("--since", metavar="YYYY-MM-DD", help="events on or after this day")
    g.add_argument("--until", metavar="YYYY-MM-DD", help="events on or before this day")
    g.add_argument("--country", help="country name or ISO3 code")
    g.add_argument("--type", dest="event_type", metavar="TYPE", help="event type or sub-event type (ACLED's spelling)")
    g.add_argument("--actor", help="part of an actor's name (case-insensitive)")
    g.add_argument("--text", help="part of the notes or the location (case-insensitive)")


def filters_from(args):
    from ..errors import ConfigError
    from ..resources.actors import country_code
    from ..resources.taxonomy import SUB_TO_TYPE, TAXONOMY
    from ..store.database import Filters

    since, until = parse_date(args.since, "--since"), parse_date(args.until, "--until")
    if since and until and since > until:
        raise ConfigError(f"--since {since} is after --until {until}")
    event_type = args.event_type
    if event_type and event_type not in TAXONOMY and event_type not in SUB_TO_TYPE:
        # ("protests" is ACLED's "Protests")
        event_type = next((t for t in [*TAXONOMY, *SUB_TO_TYPE] if t.lower() == event_type.strip().lower()), None)
        if event_type is None:
            raise ConfigError(f"--type: unknown event type {args.event_type!r}; one of: "
                              + "; ".join(list(TAXONOMY) + list(SUB_TO_TYPE)))
    if args.country and country_code(args.country) is None:
        raise ConfigError(f"--country: {args.country!r} names no country; give its name or ISO code (\"Kenya\", "
                          "\"KEN\")")
    return Filters(since=since, until=until, country=args.country, event_type=event_type,
                   actor=args.actor, text=args.text)
