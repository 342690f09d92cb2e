"""Options and helpers shared by several commands."""

from __future__ import annotations

import sys

from ..api import parse_date, published_warning
from ..settings import Settings


def add_input_options(p) -> None:
    p.add_argument("inputs", nargs="*", default=["-"], metavar="INPUT",
                   help="text, HTML or JSON Lines files, folders, or - for standard input (default)")
    p.add_argument("--jsonl", action="store_true", help="read standard input as JSON Lines")
    p.add_argument("--published", metavar="YYYY-MM-DD",
                   help="publication date for documents that carry none")
    p.add_argument("--batch-size", type=int, default=None, help="documents parsed together (default 16)")
    add_model_options(p)


def add_model_options(p) -> None:
    p.add_argument("--model", metavar="MODEL", default=None,
                   help="a statistical event typer trained with `eventcoder train` (default: the rules)")
    p.add_argument("--spacy-model", metavar="NAME", default=None, help="spaCy model package (default: auto)")


def settings_from(args, **extra) -> Settings:
    return Settings.create(batch_size=args.batch_size, spacy_model=args.spacy_model, typer=args.model, **extra)


def published_from(args):
    when = parse_date(args.published, "--published")
    problem = published_warning(when)
    if problem:
        warn(f"warning: --published: {problem}")
    return when


def warn(message: str) -> None:
    print(f"eventcoder: {message}", file=sys.stderr)
