"""The command line: `code` on files, folders, JSON Lines and stdin, and its bad-input errors."""

from __future__ import annotations

import io
import json
import sqlite3
import sys

import pytest

from eventcoder.cli.main import main

ARTICLE = (
    "Gunmen attack police post in Garissa\n\n"
    "Suspected militants attacked a police post in Garissa on Monday, killing two officers, "
    "a police spokesman said.\n"
)


def run_cli(args, capsys, stdin_text=None, monkeypatch=None):
    if stdin_text is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin_text))
    rc = main(args)
    out, err = capsys.readouterr()
    lines = [json.loads(line) for line in out.splitlines() if line.strip().startswith("{")]
    return rc, lines, err


def test_code_text_file(tmp_path, capsys):
    f = tmp_path / "a.txt"
    f.write_text(ARTICLE, encoding="utf-8")
    rc, lines, err = run_cli(["code", str(f), "--published", "2021-06-09"], capsys)
    assert rc == 0, err
    assert len(lines) == 1
    doc = lines[0]
    assert doc["schema"] == "eventcoder/1" and doc["error"] is None
    assert doc["published"] == "2021-06-09" and doc["published_source"] == "given"
    assert doc["events"], "an attack that kills two officers is an event"


def test_bad_inputs_each_give_one_line_and_the_rest_is_coded(tmp_path, capsys):
    good = tmp_path / "good.txt"
    good.write_text(ARTICLE, encoding="utf-8")
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    binary = tmp_path / "blob.txt"
    binary.write_bytes(b"\x00\x01\x02\xff" * 50)
    latin = tmp_path / "latin.txt"
    latin.write_bytes("Soldats tués à Gao, café".encode("latin-1"))
    missing = tmp_path / "nope.txt"
    rc, lines, err = run_cli(["code", str(empty), str(binary), str(latin), str(missing), str(good),
                              "--published", "2021-06-09"], capsys)
    assert rc == 0  # not every document failed
    assert len(lines) == 5
    errors = [d["error"] for d in lines]
    assert "empty" in errors[0] and str(empty) in errors[0]
    assert "binary" in errors[1] and str(binary) in errors[1]
    assert "UTF-8" in errors[2] and str(latin) in errors[2]
    assert "no such file" in errors[3] and str(missing) in errors[3]
    assert errors[4] is None and lines[4]["events"]
    for path in (empty, binary, latin, missing):
        assert str(path) in err
    for e in errors[:4]:
        assert "\n" not in e
    assert all(d["events"] == [] for d in lines[:4])


def test_all_failed_exits_non_zero(tmp_path, capsys):
    rc, lines, err = run_cli(["code", str(tmp_path / "missing.txt")], capsys)
    assert rc == 1 and len(lines) == 1 and lines[0]["error"]


def test_malformed_jsonl_line_in_the_middle(tmp_path, capsys):
    f = tmp_path / "docs.jsonl"
    f.write_text("\n".join([
        json.dumps({"id": "a", "text": ARTICLE, "published": "2021-06-09"}),
        '{"id": "b", "text": "unterminated',
        json.dumps({"id": "c", "title": "no text field"}),
        json.dumps({"id": "d", "text": ARTICLE}),
    ]) + "\n", encoding="utf-8")
    rc, lines, err = run_cli(["code", str(f), "--published", "2021-06-10"], capsys)
    assert rc == 0
    assert [d["id"] for d in lines][0] == "a" and lines[3]["id"] == "d"
    assert lines[0]["published_source"] == "metadata" and lines[0]["published"] == "2021-06-09"
    assert lines[3]["published_source"] == "given" and lines[3]["published"] == "2021-06-10"
    assert "docs.jsonl:2" in lines[1]["error"] and "JSON" in lines[1]["error"]
    assert "docs.jsonl:3" in lines[2]["error"] and "text" in lines[2]["error"]
    assert lines[0]["error"] is None and lines[3]["error"] is None


def test_unparsable_published_is_a_one_line_error(tmp_path, capsys):
    f = tmp_path / "a.txt"
    f.write_text(ARTICLE, encoding="utf-8")
    rc, lines, err = run_cli(["code", str(f), "--published", "next Tuesday"], capsys)
    assert rc == 1 and lines == []
    assert err.strip().count("\n") == 0 and "--published" in err and "YYYY-MM-DD" in err


HYDERABAD = "Riot police used tear gas on traders who marched against new taxes in Hyderabad on Monday."


def test_country_option_gives_the_source_country_to_documents_without_their_own(tmp_path, capsys):
    # a name two countries have: the larger namesake without a country, the given country's with one; a
    # JSON line's own country wins over --country, and one that names no country fails that line alone
    f = tmp_path / "docs.jsonl"
    f.write_text("\n".join(json.dumps(r) for r in [
        {"id": "own", "text": HYDERABAD, "country": "Pakistan"},
        {"id": "bad", "text": HYDERABAD, "country": "Kelmoria"},
        {"id": "none", "text": HYDERABAD},
    ]) + "\n", encoding="utf-8")
    rc, lines, err = run_cli(["code", str(f), "--published", "2023-05-02"], capsys)
    assert rc == 0 and [d.get("source_country") for d in lines] == ["PAK", None, None]
    assert [e["iso3"] for e in lines[0]["events"]] == ["PAK"] and [e["iso3"] for e in lines[2]["events"]] == ["IND"]
    assert "docs.jsonl:2 (country)" in lines[1]["error"] and "Kelmoria" in lines[1]["error"]
    rc, lines, err = run_cli(["code", str(f), "--published", "2023-05-02", "--country", "pk"], capsys)
    assert rc == 0 and [d.get("source_country") for d in lines] == ["PAK", None, "PAK"]
    assert [e["iso3"] for e in lines[2]["events"]] == ["PAK"]
    rc, lines, err = run_cli(["code", str(f), "--country", "Kelmoria"], capsys)
    assert rc == 1 and lines == [] and "--country" in err and err.strip().count("\n") == 0


def test_stdin_jsonl(capsys, monkeypatch):
    data = json.dumps({"id": "x1", "text": ARTICLE, "published": "2021-06-09"}) + "\n"
    rc, lines, err = run_cli(["code", "-", "--jsonl"], capsys, data, monkeypatch)
    assert rc == 0 and lines[0]["id"] == "x1" and lines[0]["events"]


def test_stdin_text_and_out_file(tmp_path, capsys, monkeypatch):
    out = tmp_path / "out.jsonl"
    rc, lines, err = run_cli(["code", "-", "--published", "2021-06-09", "--out", str(out)], capsys,
                             ARTICLE, monkeypatch)
    assert rc == 0 and lines == []
    written = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(written) == 1 and written[0]["events"]


def test_folder_is_read_recursively_in_order(tmp_path, capsys):
    (tmp_path / "sub").mkdir()
    (tmp_path / "b.txt").write_text(ARTICLE, encoding="utf-8")
    (tmp_path / "sub" / "a.html").write_text(
        "<html><head><title>T</title><meta property='article:published_time' content='2021-06-08T10:00'>"
        "<script>var x = 1;</script></head><body><p>" + ARTICLE.replace("\n", " ") + "</p></body></html>",
        encoding="utf-8")
    (tmp_path / "ignored.bin").write_bytes(b"\x00")
    rc, lines, err = run_cli(["code", str(tmp_path), "--published", "2021-06-09"], capsys)
    assert rc == 0 and len(lines) == 2
    html_doc = lines[1]
    assert html_doc["published"] == "2021-06-08" and html_doc["published_source"] == "metadata"
    assert all("var x" not in p["text"] for p in html_doc["places"])


def test_no_command_prints_help(capsys):
    assert main([]) == 2
    assert "code" in capsys.readouterr().err


def test_unknown_option_exits_2(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["code", "--no-such-option"])
    assert exc.value.code == 2


def test_geocode_prints_places(capsys):
    assert main(["geocode", "--json", "Gunmen attacked a checkpoint near Kandahar, Afghanistan, on Monday."]) == 0
    places = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    kandahar = next(p for p in places if p["text"] == "Kandahar")
    assert kandahar["country"] == "Afghanistan" and abs(kandahar["latitude"] - 31.6) < 0.3


def test_geocode_takes_the_sources_country(capsys):
    text = "Protesters blocked a road in San Fernando on Friday."
    assert main(["geocode", "--json", text]) == 0
    assert capsys.readouterr().out == ""  # a name of many countries' towns, none standing out
    assert main(["geocode", "--json", text, "--country", "Philippines"]) == 0
    places = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(p["text"], p["iso3"]) for p in places] == [("San Fernando", "PHL")]
    assert main(["geocode", text, "--country", "Kelmoria"]) == 1
    assert "--country" in capsys.readouterr().err


def test_geocode_takes_max_chars_as_its_message_says(capsys):
    text = "Gunmen attacked a checkpoint near Kandahar on Monday. " * 30  # (1,590 characters)
    assert main(["geocode", "--json", "--max-chars", "1000", text]) == 1
    assert "--max-chars" in capsys.readouterr().err
    assert main(["geocode", "--json", "--max-chars", "2000", text]) == 0
    assert "Kandahar" in capsys.readouterr().out


def test_geocode_empty_text_is_an_error(capsys):
    assert main(["geocode", "   "]) == 1
    assert "empty" in capsys.readouterr().err


class _BytesStdin(io.TextIOWrapper):
    """Standard input as a terminal or a pipe gives it: text over bytes (`.buffer`)."""

    def __init__(self, data: bytes):
        super().__init__(io.BytesIO(data), encoding="utf-8", errors="surrogateescape")


def test_one_line_of_another_encoding_fails_alone(tmp_path, capsys, monkeypatch):
    f = tmp_path / "mixed.jsonl"
    good = json.dumps({"text": ARTICLE, "published": "2021-06-09"}).encode()
    f.write_bytes(b"\xef\xbb\xbf" + good + b"\n" + b'{"text": "Caf\xe9 owners marched in Garissa."}\n' + good + b"\n")
    rc, lines, err = run_cli(["code", str(f)], capsys)
    assert rc == 0 and len(lines) == 3
    assert lines[0]["events"] and lines[2]["events"] and lines[0]["error"] is None
    assert "mixed.jsonl:2: not valid UTF-8" in lines[1]["error"]
    # standard input, as a text or as JSON Lines, is read as a file is
    monkeypatch.setattr(sys, "stdin", _BytesStdin(b"Caf\xe9 owners marched in Garissa."))
    rc, lines, err = run_cli(["code", "-"], capsys)
    assert rc == 1 and "<stdin>: not valid UTF-8" in lines[0]["error"]
    monkeypatch.setattr(sys, "stdin", _BytesStdin(f.read_bytes()))
    rc, lines, err = run_cli(["code", "-", "--jsonl"], capsys)
    assert rc == 0 and [bool(d["error"]) for d in lines] == [False, True, False]


def test_files_that_cannot_be_written_give_one_line(tmp_path, capsys):
    f = tmp_path / "a.txt"
    f.write_text(ARTICLE, encoding="utf-8")
    missing = tmp_path / "no" / "such" / "out.jsonl"
    rc, lines, err = run_cli(["code", str(f), "--out", str(missing)], capsys)
    assert rc == 1 and err.strip() == f"eventcoder: error: {missing}: No such file or directory"
    from eventcoder.store import open_store

    db = f"sqlite:///{tmp_path / 's.db'}"
    open_store(db)
    rc, _, err = run_cli(["export", "--db", db, "-o", str(missing)], capsys)
    assert rc == 1 and err.strip() == f"eventcoder: error: {missing}: No such file or directory"


def test_export_never_writes_over_the_store(tmp_path, capsys):
    store_path = tmp_path / "s.db"
    db = f"sqlite:///{store_path}"
    f = tmp_path / "a.txt"
    f.write_text(ARTICLE, encoding="utf-8")
    assert main(["ingest", str(f), "--db", db, "--published", "2024-03-13", "-q"]) == 0
    def content():  # (the rows, not the file's bytes: SQLite moves its write-ahead log into the file when it likes)
        con = sqlite3.connect(store_path)
        try:
            return list(con.iterdump())
        finally:
            con.close()

    before = content()
    for out in (store_path, tmp_path / "." / "s.db", tmp_path / "s.db-wal"):
        rc, _, err = run_cli(["export", "--db", db, "-o", str(out)], capsys)
        assert rc == 1 and "the store's own file" in err, out
    assert content() == before and len(before) > 10
    rc, _, err = run_cli(["stats", "--db", db], capsys)
    assert rc == 0
    # sources go to JSON Lines only; asked of another format, that is said rather than left out
    rc, _, err = run_cli(["export", "--db", db, "-o", str(tmp_path / "e.csv"), "--with-sources"], capsys)
    assert rc == 1 and "--format jsonl" in err and not (tmp_path / "e.csv").exists()
    # a file is written whole, in its place: nothing else is left in the folder
    rc, _, err = run_cli(["export", "--db", db, "-o", str(tmp_path / "e.jsonl"), "-f", "jsonl", "--with-sources"],
                         capsys)
    assert rc == 0 and sorted(p.name for p in tmp_path.iterdir() if p.name.startswith((".e", "e."))) == ["e.jsonl"]
    assert all("source_reports" in json.loads(line) for line in (tmp_path / "e.jsonl").read_text().splitlines())


def test_export_through_a_link_or_into_a_pipe(tmp_path, capsys):
    import os
    import threading

    db = f"sqlite:///{tmp_path / 's.db'}"
    f = tmp_path / "a.txt"
    f.write_text(ARTICLE, encoding="utf-8")
    assert main(["ingest", str(f), "--db", db, "--published", "2024-03-13", "-q"]) == 0
    capsys.readouterr()
    # a link: the file it names gets the export, the link stays a link
    (tmp_path / "real.csv").write_text("old", encoding="utf-8")
    (tmp_path / "link.csv").symlink_to(tmp_path / "real.csv")
    rc, _, _ = run_cli(["export", "--db", db, "-o", str(tmp_path / "link.csv")], capsys)
    assert rc == 0 and (tmp_path / "link.csv").is_symlink()
    assert (tmp_path / "real.csv").read_text(encoding="utf-8").startswith("event_id_cnty")
    # a pipe is written to as it is, not replaced by a file
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text(encoding="utf-8")))
    reader.start()
    rc, _, _ = run_cli(["export", "--db", db, "-o", str(fifo)], capsys)
    reader.join(timeout=30)
    assert rc == 0 and got and got[0].startswith("event_id_cnty") and fifo.is_fifo()


def test_reading_commands_make_no_store_of_a_mistyped_db(tmp_path, capsys):
    typo = tmp_path / "tyop.db"
    for cmd in (["stats"], ["events"], ["export", "-o", str(tmp_path / "x.csv")]):
        rc, _, err = run_cli([*cmd, "--db", f"sqlite:///{typo}"], capsys)
        assert rc == 1 and "no store at" in err and "eventcoder ingest" in err, cmd
    assert not typo.exists()


def test_a_sqlite_file_of_something_else_is_left_alone(tmp_path, capsys):
    import sqlite3

    other = tmp_path / "photos.db"
    con = sqlite3.connect(other)
    con.execute("create table albums (name text)")
    con.commit()
    con.close()
    f = tmp_path / "a.txt"
    f.write_text(ARTICLE, encoding="utf-8")
    rc, _, err = run_cli(["ingest", str(f), "--db", f"sqlite:///{other}", "-q"], capsys)
    assert rc == 1 and "holds other tables (albums)" in err
    con = sqlite3.connect(other)
    assert [r[0] for r in con.execute("select name from sqlite_master where type='table'")] == ["albums"]
    con.close()


def test_filters_refuse_a_country_that_is_none(tmp_path, capsys):
    db = f"sqlite:///{tmp_path / 's.db'}"
    from eventcoder.store import open_store

    open_store(db)
    rc, _, err = run_cli(["events", "--db", db, "--country", "Kelmoria"], capsys)
    assert rc == 1 and "--country: 'Kelmoria' names no country" in err
    assert run_cli(["events", "--db", db, "--country", "ke"], capsys)[0] == 0


def test_two_ids_alike_in_one_input_are_warned_of(tmp_path, capsys):
    f = tmp_path / "ids.jsonl"
    f.write_text(json.dumps({"id": "same", "text": ARTICLE}) + "\n"
                 + json.dumps({"id": "same", "text": ARTICLE.replace("Garissa", "Wajir")}) + "\n", encoding="utf-8")
    rc, _, err = run_cli(["ingest", str(f), "--db", f"sqlite:///{tmp_path / 's.db'}", "-q",
                          "--published", "2021-06-09"], capsys)
    assert rc == 0 and "ids.jsonl:2 has the id 'same' of" in err and "ids.jsonl:1" in err


def _open_new_store(path, start):
    import time

    from eventcoder.store import open_store

    while time.time() < start:
        pass
    try:
        open_store(f"sqlite:///{path}")
        return "ok"
    except Exception as exc:  # (reported to the test)
        return f"{type(exc).__name__}: {exc}"


def test_two_processes_can_make_one_new_store_at_once(tmp_path):
    import multiprocessing
    import time

    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(2) as pool:
        pool.apply(time.sleep, (0,))  # (the workers up before the race starts)
        for i in range(4):
            start = time.time() + 0.5
            results = [pool.apply_async(_open_new_store, (tmp_path / f"s{i}.db", start)) for _ in range(2)]
            assert [r.get(timeout=60) for r in results] == ["ok", "ok"]


def test_serve_refuses_a_port_out_of_range(capsys):
    pytest.importorskip("uvicorn")
    rc, _, err = run_cli(["serve", "--port", "99999"], capsys)
    assert rc == 1 and "--port must be between 1 and 65535" in err


def test_filter_types_in_any_case_and_limits_of_one_or_more(tmp_path, capsys):
    from eventcoder.store import open_store

    db = f"sqlite:///{tmp_path / 's.db'}"
    open_store(db)
    assert run_cli(["events", "--db", db, "--type", "protests"], capsys)[0] == 0
    assert run_cli(["events", "--db", db, "--type", "peaceful protest"], capsys)[0] == 0
    rc, _, err = run_cli(["events", "--db", db, "--limit", "-1"], capsys)
    assert rc == 1 and "--limit must be 1 or more" in err
