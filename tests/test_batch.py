"""`--workers` and `eventcoder batch` (local processes and Ray Data) give exactly the coding of a
single process, and their Parquet shards ingest like the documents they came from."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from eventcoder.cli.main import main

pytestmark = pytest.mark.slow
REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"


def corpus(tmp_path: Path, n: int) -> Path:
    """Our merge set, then ACLED dev notes when ../shared is present, to n documents; one line broken."""
    rows = [json.loads(line) for line in (REPO / "tests" / "data" / "merge_set.jsonl").open(encoding="utf-8")]
    dev = SHARED / "devdata" / "acled-dev.jsonl"
    if dev.exists() and len(rows) < n:
        with dev.open(encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                rows.append({"id": f"acled-{len(rows)}", "text": r["text"], "published": r.get("published")})
                if len(rows) >= n:
                    break
    rows = rows[:n]
    path = tmp_path / "docs.jsonl"
    lines = [json.dumps({k: r.get(k) for k in ("id", "text", "published", "source", "title")}) for r in rows]
    lines.insert(len(lines) // 2, '{"id": "broken", "text": ')  # a bad line in the middle
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def code_lines(args: list[str], capsys) -> dict[str, dict]:
    main(["code", *args])
    out = {}
    for line in capsys.readouterr().out.splitlines():
        d = json.loads(line)
        out[d["id"]] = d
    return out


def shard_rows(out: Path) -> dict[str, dict]:
    from eventcoder.batch import read_coded_shards

    return {r["id"]: json.loads(r["coded"]) for r in read_coded_shards(out)}


def test_workers_keep_order_and_results(tmp_path, capsys):
    src = corpus(tmp_path, 80)
    main(["code", str(src)])
    one = capsys.readouterr().out.splitlines()
    main(["code", str(src), "--workers", "2", "--batch-size", "4"])
    two = capsys.readouterr().out.splitlines()
    assert len(one) == 81 and one == two  # same lines, same order, the broken line included


def test_local_batch_shards_equal_code_and_ingest(tmp_path, capsys):
    src = corpus(tmp_path, 60)
    single = code_lines([str(src)], capsys)
    out = tmp_path / "shards"
    assert main(["batch", str(src), "--engine", "local", "--out", str(out), "--workers", "2",
                 "--shard-size", "25"]) == 0
    capsys.readouterr()
    assert len(list(out.glob("*.parquet"))) == 3
    assert shard_rows(out) == single
    # not over a folder that holds shards already
    assert main(["batch", str(src), "--engine", "local", "--out", str(out)]) == 1
    assert "not empty" in capsys.readouterr().err
    # the shards ingest like the documents themselves
    db1, db2 = f"sqlite:///{tmp_path / 'a.db'}", f"sqlite:///{tmp_path / 'b.db'}"
    main(["ingest", str(src), "--db", db1, "-q"])
    main(["ingest", str(out), "--db", db2, "-q"])
    capsys.readouterr()
    from eventcoder.store import open_store

    a, b = open_store(db1), open_store(db2)
    assert a.counts() == b.counts() and a.counts()["documents"] == 60
    key = lambda e: (e["event_date"], e["event_type"], e["location"], e["fatalities"], e["n_sources"])  # noqa: E731
    assert sorted(map(key, a.query())) == sorted(map(key, b.query()))


def test_ray_batch_equals_single_process_coding(tmp_path, capsys):
    pytest.importorskip("ray")
    n = int(os.environ.get("EVENTCODER_RAY_DOCS", "200"))
    src = corpus(tmp_path, n)
    with src.open("ab") as f:  # (and a line of another encoding: it fails alone, as the broken one does)
        f.write(b'{"id": "latin", "text": "Caf\xe9 owners marched."}\n')
    single = code_lines([str(src)], capsys)
    out = tmp_path / "ray-shards"
    assert main(["batch", str(src), "--engine", "ray", "--out", str(out), "--workers", "2"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    coded = shard_rows(out)
    assert summary["documents"] == len(single) == len(coded)
    broken = sorted(d["error"] for d in coded.values() if d["error"])
    assert broken == sorted(d["error"] for d in single.values() if d["error"])
    assert len(broken) == 2 and "not valid JSON" in broken[0] and "not valid UTF-8" in broken[1]
    ok = {i: d for i, d in coded.items() if not d["error"]}
    assert ok == {i: d for i, d in single.items() if not d["error"]}
    assert sum(len(d["events"]) for d in ok.values()) > n // 2


def test_local_batch_codes_the_lines_around_one_of_another_encoding(tmp_path, capsys):
    from eventcoder.cli.main import main

    src = tmp_path / "in.jsonl"
    good = json.dumps({"text": "Officers used tear gas on marchers in Nakuru on Monday.", "published": "2021-06-09"})
    src.write_bytes(good.encode() + b'\n{"text": "Caf\xe9 owners marched in Nakuru."}\n' + good.encode() + b"\n")
    out = tmp_path / "shards"
    assert main(["batch", str(src), "--out", str(out), "--engine", "local"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["documents"] == 3 and summary["failed"] == 1
    assert main(["batch", str(src), "--out", str(tmp_path / "s2"), "--engine", "local", "--shard-size", "0"]) == 1
    assert "--shard-size must be 1 or more" in capsys.readouterr().err


def test_ray_rows_of_a_json_lines_file_are_its_lines_each_decoded_alone():
    from eventcoder.batch import _row_document, jsonl_lines
    from eventcoder.ingest.files import read_jsonl

    data = b'\xef\xbb\xbf{"text": "Riots in Kelmora."}\n\n{"text": "Caf\xe9 riots"}\n{"id": "x", "text": \n'
    rows = jsonl_lines({"bytes": data, "path": "in.jsonl"})
    assert [r["_origin"] for r in rows] == ["in.jsonl:1", "in.jsonl:3", "in.jsonl:4"]
    docs = [_row_document(dict(r)) for r in rows]
    # the same documents, ids and errors as `code` reads from the file
    import io

    same = list(read_jsonl(io.BytesIO(data), "in.jsonl"))
    assert [(d.id, d.text, d.error) for d in docs] == [(d.id, d.text, d.error) for d in same]
    assert docs[0].error is None and "in.jsonl:3: not valid UTF-8" in docs[1].error
    assert "in.jsonl:4: not valid JSON (Expecting value at character 22)" == docs[2].error


def test_the_lines_of_one_file_reach_ray_in_many_blocks(tmp_path):
    # (one block per file would go to one coder alone, however many the cluster runs)
    ray = pytest.importorskip("ray")
    from eventcoder.batch import input_dataset
    from eventcoder.settings import Settings

    src = tmp_path / "many.jsonl"
    src.write_text("".join(json.dumps({"id": f"d{i}", "text": f"Riots in Kelmora, report {i}."}) + "\n"
                           for i in range(100)), encoding="utf-8")
    started = not ray.is_initialized()
    if started:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        ds = input_dataset([str(src)], [], Settings.create(batch_size=4)).materialize()
        assert ds.count() == 100 and ds.num_blocks() >= 100 // 16
    finally:
        if started:
            ray.shutdown()
