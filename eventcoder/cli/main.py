"""`eventcoder` entry point: argument parsing and the one place CLI errors become messages."""

from __future__ import annotations

import argparse
import importlib
import logging
import sys
import zipfile

from ..errors import EventcoderError

COMMANDS = ("code", "ingest", "batch", "events", "export", "stats", "serve", "eval", "train", "geocode", "gazetteer")


def build_parser() -> argparse.ArgumentParser:
    from .. import __version__

    parser = argparse.ArgumentParser(
        prog="eventcoder",
        description="Code news reports of conflict and unrest into ACLED-grade events.",
    )
    parser.add_argument("--version", action="version", version=f"eventcoder {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"eventcoder.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"eventcoder.cli.{name}":
                raise
            continue
        module.add_parser(sub)
    return parser


def _lower_level(record: logging.LogRecord) -> bool:
    record.levelname_lower = record.levelname.lower()
    return True


def _log_to_stderr() -> None:
    """The library's warnings ("document X: publication date ... is in the future") on stderr."""
    log = logging.getLogger("eventcoder")
    if not log.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.addFilter(_lower_level)
        handler.setFormatter(logging.Formatter("eventcoder: %(levelname_lower)s: %(message)s"))
        log.addHandler(handler)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    _log_to_stderr()
    if not getattr(args, "command", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        return int(args.run(args) or 0)
    except EventcoderError as exc:
        print(f"eventcoder: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("eventcoder: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except (OSError, UnicodeError, zipfile.BadZipFile) as exc:
        # a file the command was told to read or write ("--out /no/such/dir/x.csv", a disk full, a zip that
        # is none): what and why, in one line
        print(f"eventcoder: error: {_file_problem(exc)}", file=sys.stderr)
        return 1
    except Exception as exc:
        if type(exc).__module__.startswith("pyarrow"):  # (a Parquet file that is none, or broken)
            print(f"eventcoder: error: cannot read the Parquet data: {exc}", file=sys.stderr)
            return 1
        raise


def _file_problem(exc: BaseException) -> str:
    if isinstance(exc, UnicodeDecodeError):
        return f"not valid UTF-8 text (byte {exc.start + 1}); re-save the file as UTF-8"
    if isinstance(exc, OSError) and exc.filename is not None:
        return f"{exc.filename}: {exc.strerror or exc}"
    if isinstance(exc, OSError) and exc.strerror:
        return f"cannot read or write a file: {exc.strerror}"
    return str(exc) or type(exc).__name__


if __name__ == "__main__":
    sys.exit(main())
