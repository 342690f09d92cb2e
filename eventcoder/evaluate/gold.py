"""Reading gold files (shared/contract/GOLD.md): the input document for the coder, the answers apart."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from ..document import Document
from ..errors import InputError

# The only fields the coder may see; everything else on a gold line is an answer or a hint.
INPUT_FIELDS = ("id", "text", "published", "title", "url")


@dataclass
class GoldLine:
    """One gold line: `document` goes to the coder, `answers` is the whole line for the scorer."""

    document: Document
    answers: dict
    file: str
    line: int

    @property
    def id(self) -> str:
        return self.document.id

    @property
    def dataset(self) -> str:
        return self.answers.get("dataset") or Path(self.file).stem


def to_document(row: dict, origin: str = "<gold>") -> Document:
    """The input part of a gold row as a Document; `published` counts as 'metadata'."""
    from ..ingest.files import document_from_record

    return document_from_record({k: row[k] for k in INPUT_FIELDS if k in row}, origin)


def read_gold(path: str | Path, limit: int | None = None, limit_per: str = "file") -> Iterator[GoldLine]:
    """Yield the lines of one gold file in order; `limit` keeps the first N lines per file
    (`limit_per="file"`) or per `dataset` value (`limit_per="dataset"`)."""
    if limit_per not in ("file", "dataset"):
        raise InputError("--limit-per", f"expected 'file' or 'dataset', got {limit_per!r}")
    path = Path(path)
    try:
        handle = path.open(encoding="utf-8")
    except OSError as exc:
        raise InputError(str(path), f"cannot open the gold file ({exc.strerror or exc}); check the path") from None
    seen: dict[str, int] = defaultdict(int)
    ids: set[str] = set()
    with handle:
        for number, raw in enumerate(handle, start=1):
            if not raw.strip():
                continue
            origin = f"{path}:{number}"
            try:
                row = json.loads(raw)
            except json.JSONDecodeError as exc:
                raise InputError(origin, f"not valid JSON ({exc.msg} at column {exc.colno}); "
                                 "a gold file holds one JSON object per line") from None
            if not isinstance(row, dict):
                raise InputError(origin, f"expected a JSON object, got {type(row).__name__}")
            _check_answers(row, origin)
            doc = to_document(row, origin)
            if doc.id in ids:
                raise InputError(origin, f"duplicate id {doc.id!r}; ids must be unique within a gold file")
            ids.add(doc.id)
            row.setdefault("id", doc.id)
            key = "" if limit_per == "file" else str(row.get("dataset") or path.stem)
            if limit is not None and seen[key] >= limit:
                if limit_per == "file":
                    break
                continue
            seen[key] += 1
            yield GoldLine(document=doc, answers=row, file=str(path), line=number)


def _check_answers(row: dict, origin: str) -> None:
    for key in ("events", "places", "times"):
        value = row.get(key)
        if value is None:
            continue
        if not isinstance(value, list) or not all(isinstance(x, dict) for x in value):
            raise InputError(origin, f"'{key}' must be a list of objects")
    for key in ("places", "times"):
        for item in row.get(key) or []:
            if not isinstance(item.get("start"), int) or not isinstance(item.get("end"), int):
                raise InputError(origin, f"every item of '{key}' needs integer 'start' and 'end' offsets")


def read_gold_files(paths, limit: int | None = None, limit_per: str = "file") -> list[GoldLine]:
    """All lines of several gold files, in file order."""
    out: list[GoldLine] = []
    for p in paths:
        out.extend(read_gold(p, limit=limit, limit_per=limit_per))
    return out
