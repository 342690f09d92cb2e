"""A catalogue of bad inputs. Each gives a clear one-line message naming the input, the rest of
the batch is coded, and nothing is written half (a failed document is not in the store)."""

from __future__ import annotations

import json
import sqlite3

import pytest

from eventcoder.cli.main import main

pytestmark = pytest.mark.slow

GOOD = ("Gunmen attacked a police post in Mandera, Kenya, on Monday, killing two officers, "
        "a county official said.")


def code(args, capsys):
    rc = main(["code", *args, "--published", "2021-06-09"])
    out, err = capsys.readouterr()
    return rc, [json.loads(line) for line in out.splitlines()], err


def with_good(tmp_path, name: str, data: bytes | str):
    bad = tmp_path / name
    if isinstance(data, bytes):
        bad.write_bytes(data)
    else:
        bad.write_text(data, encoding="utf-8")
    good = tmp_path / "zz-good.txt"
    good.write_text(GOOD, encoding="utf-8")
    return bad, good


def check(tmp_path, capsys, name, data, *words):
    """The bad input gives one line with an error naming it and saying what is wrong; the good one is coded."""
    bad, good = with_good(tmp_path, name, data)
    rc, lines, err = code([str(bad), str(good)], capsys)
    assert rc == 0 and len(lines) == 2
    message = lines[0]["error"]
    assert message and str(bad) in message and "\n" not in message and lines[0]["events"] == []
    for w in words:
        assert w.lower() in message.lower(), message
    assert str(bad) in err
    assert lines[1]["error"] is None and lines[1]["events"]
    return message


def test_whitespace_only(tmp_path, capsys):
    check(tmp_path, capsys, "blank.txt", " \n\t \n  ", "empty")


def test_utf16_with_bom_is_read(tmp_path, capsys):
    bad, good = with_good(tmp_path, "utf16.txt", GOOD.encode("utf-16"))
    rc, lines, _ = code([str(bad), str(good)], capsys)
    assert lines[0]["error"] is None and lines[0]["events"]  # a BOM says how to read it


def test_utf8_with_bom_is_read(tmp_path, capsys):
    bad, good = with_good(tmp_path, "bom.txt", b"\xef\xbb\xbf" + GOOD.encode("utf-8"))
    rc, lines, _ = code([str(bad), str(good)], capsys)
    assert lines[0]["error"] is None and lines[0]["events"]


def test_latin1_without_declaration(tmp_path, capsys):
    check(tmp_path, capsys, "latin.txt", "Des soldats tués près de Gao, a déclaré l'armée.".encode("latin-1"),
          "UTF-8")


def test_huge_text_is_refused_with_the_limit(tmp_path, capsys):
    paragraph = (GOOD + " ") * 40 + "\n\n"
    message = check(tmp_path, capsys, "huge.txt", paragraph * (20_000_000 // len(paragraph)), "limit",
                    "max_chars")
    assert "characters" in message


@pytest.mark.parametrize("head", ['<meta charset="windows-1252">',
                                  '<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1">'])
def test_a_saved_page_is_read_in_the_encoding_it_declares(tmp_path, capsys, head):
    page = (f"<html><head>{head}<title>Attaque près de Gao</title></head><body><article><p>{GOOD} "
            "Le préfet a confirmé le bilan.</p></article></body></html>")
    path = tmp_path / "page.html"
    path.write_bytes(page.encode("latin-1"))
    rc, lines, _ = code([str(path), "--text"], capsys)
    assert rc == 0 and lines[0]["error"] is None and lines[0]["events"]
    assert "Le préfet a confirmé le bilan." in lines[0]["text"]


def test_a_page_declaring_an_unknown_encoding_is_refused(tmp_path, capsys):
    page = f'<html><head><meta charset="x-kelmo-8"></head><body><p>{GOOD} Préfet.</p></body></html>'
    check(tmp_path, capsys, "unknown.html", page.encode("latin-1"), "UTF-8")


def test_the_limit_is_set_on_the_command_line(tmp_path, capsys):
    long = tmp_path / "long.txt"
    long.write_text((GOOD + " ") * 30, encoding="utf-8")  # about 3,300 characters
    rc, lines, _ = code([str(long), "--max-chars", "2000"], capsys)
    assert rc == 1 and lines[0]["events"] == [] and "--max-chars" in lines[0]["error"] and "2,000" in lines[0]["error"]
    rc, lines, _ = code([str(long), "--max-chars", "5000"], capsys)
    assert rc == 0 and lines[0]["error"] is None and lines[0]["events"]
    rc, _, err = code([str(long), "--max-chars", "10"], capsys)
    assert rc != 0 and "max_chars" in err and "1000" in err


def test_five_megabyte_single_line(tmp_path, capsys):
    check(tmp_path, capsys, "line.txt", "x" * 5_000_000, "limit")


@pytest.mark.parametrize("name,html,words", [
    ("nobody.html", "<html><head><title>t</title></head></html>", ("no readable text",)),
    ("scripts.html", "<html><body><script>var a = 1;</script><style>p{}</style></body></html>",
     ("no readable text",)),
])
def test_html_without_text(tmp_path, capsys, name, html, words):
    check(tmp_path, capsys, name, html, *words)


def test_deeply_nested_html_still_gives_its_text(tmp_path, capsys):
    html = "<html><body>" + "<div>" * 5000 + f"<p>{GOOD}</p>" + "</div>" * 5000 + "</body></html>"
    bad, good = with_good(tmp_path, "nested.html", html)
    rc, lines, _ = code([str(bad), str(good)], capsys)
    assert lines[0]["error"] is None and lines[0]["events"], lines[0]["error"]


@pytest.mark.parametrize("text", [
    "هاجم مسلحون مركزا للشرطة في بلدة قرب الحدود يوم الاثنين وقتلوا اثنين من عناصر الشرطة.",
    "Des hommes armés ont attaqué un poste de police près de la frontière lundi, tuant deux agents.",
    "Вооружённые люди напали на полицейский пост у границы в понедельник и убили двух полицейских.",
])
def test_other_languages_are_skipped_with_a_message(tmp_path, capsys, text):
    check(tmp_path, capsys, "foreign.txt", text, "English")


def test_tables_of_numbers_give_no_dates_and_no_events(tmp_path, capsys):
    table = "\n".join(" ".join(str((i * 37 + j * 101) % 9973) for j in range(8)) for i in range(60))
    bad, good = with_good(tmp_path, "table.txt", "Quarterly figures\n" + table)
    rc, lines, _ = code([str(bad), str(good)], capsys)
    doc = lines[0]
    assert doc["events"] == [] and not [t for t in doc["times"] if not t["duration"]]


def test_nonsense_dates_in_json_lines(tmp_path, capsys):
    f = tmp_path / "docs.jsonl"
    f.write_text("\n".join(json.dumps(r) for r in [
        {"id": "a", "text": GOOD, "published": "2021-13-45"},
        {"id": "b", "text": GOOD, "published": "yesterday-ish"},
        {"id": "c", "text": GOOD, "published": "2021-06-09"},
    ]) + "\n", encoding="utf-8")
    rc = main(["code", str(f)])
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert rc == 0 and [d["id"] for d in lines] == ["a", "b", "c"]
    assert "docs.jsonl:1" in lines[0]["error"] and "YYYY-MM-DD" in lines[0]["error"]
    assert "docs.jsonl:2" in lines[1]["error"]
    assert lines[2]["error"] is None and lines[2]["events"]


def test_ingest_stores_nothing_of_a_failed_document(tmp_path, capsys):
    bad, good = with_good(tmp_path, "blob.txt", b"\x00\x01\x02" * 100)
    db = tmp_path / "s.db"
    assert main(["ingest", str(bad), str(good), "--db", f"sqlite:///{db}", "-q"]) == 0
    out = capsys.readouterr().out
    assert "2 documents read, 1 coded" in out and "1 failed" in out
    con = sqlite3.connect(db)
    assert con.execute("select count(*) from documents").fetchone()[0] == 1
    assert con.execute("select count(*) from documents where origin like '%blob%'").fetchone()[0] == 0
    con.close()


def test_a_document_made_in_python_reads_its_publication_date_or_says_why_not():
    # the Python API's Document takes "YYYY-MM-DD" and a datetime as the day, and refuses what is no date at
    # once, with the document's origin, rather than failing later inside the pipeline
    from datetime import date, datetime

    from eventcoder.document import Document
    from eventcoder.errors import InputError

    assert Document(text=GOOD, published="2021-06-09").published == date(2021, 6, 9)
    assert Document(text=GOOD, published=datetime(2021, 6, 9, 18, 30)).published == date(2021, 6, 9)
    with pytest.raises(InputError, match="notes.txt: cannot read 'next week'"):
        Document(text=GOOD, published="next week", origin="notes.txt")


def test_code_takes_a_datetime_as_its_day():
    from datetime import datetime

    import eventcoder

    coded = eventcoder.code(GOOD, published=datetime(2021, 6, 9, 18, 30))
    assert coded["published"] == "2021-06-09" and coded["events"][0]["event_date"] == "2021-06-07"


def test_a_documents_source_country_is_read_from_a_name_or_code_or_refused_at_once():
    from eventcoder.document import Document
    from eventcoder.errors import InputError

    assert [Document(text=GOOD, country=c).country for c in ("Kenya", "KEN", "ke", None, "")] == [
        "KEN", "KEN", "KEN", None, None]
    with pytest.raises(InputError, match="notes.txt: cannot read 'Kelmoria' as a country"):
        Document(text=GOOD, country="Kelmoria", origin="notes.txt")
    with pytest.raises(InputError, match="country: cannot read 404"):
        eventcoder_code(GOOD, country=404)


def eventcoder_code(text, **kw):
    import eventcoder

    return eventcoder.code(text, published="2021-06-09", **kw)


def test_a_document_refuses_metadata_that_is_no_string_and_mends_lone_surrogates():
    from eventcoder.document import Document
    from eventcoder.errors import InputError

    for field, value in (("url", 123), ("title", ["a headline"]), ("source", {"name": "x"})):
        with pytest.raises(InputError, match=f"notes.jsonl:3: '{field}' must be a string, got"):
            Document(text=GOOD, origin="notes.jsonl:3", **{field: value})
    with pytest.raises(InputError, match="'id' must be a string or a whole number, got dict"):
        Document(text=GOOD, id={"a": 1})
    with pytest.raises(InputError, match="the text must be a string, got int"):
        Document(text=5)
    assert Document(text=GOOD, id=17).id == "17"
    # half of a UTF-16 pair (a JSON "\ud800") becomes U+FFFD, one code point for one: the offsets hold
    doc = Document(text="Riots in Kelmora \ud800 spread.", title="a \udcff title")
    assert doc.text == "Riots in Kelmora \ufffd spread." and doc.title == "a \ufffd title"


def test_a_lone_surrogate_does_not_sink_the_document():
    coded = eventcoder_code(GOOD + " \ud800")
    assert coded["error"] is None and coded["events"]


@pytest.mark.parametrize("value,day", [
    ("2021-06-09", "2021-06-09"), ("2021-06-09T18:30:00Z", "2021-06-09"), ("2021-06-09 18:30", "2021-06-09"),
    ("2021-06-09T18:30:00.000+0300", "2021-06-09"), ("20210609", "2021-06-09"), (" 2021-06-09 ", "2021-06-09"),
    ("2021-06-09garbage", None), ("2021-06-09 and more words", None), (20210609, None), ("09/06/2021", None),
])
def test_publication_dates_are_read_whole(value, day):
    from eventcoder.api import parse_date
    from eventcoder.errors import InputError

    if day is None:
        with pytest.raises(InputError, match="YYYY-MM-DD"):
            parse_date(value)
    else:
        assert parse_date(value).isoformat() == day


def test_code_documents_names_what_is_no_document():
    import eventcoder
    from eventcoder.errors import InputError

    with pytest.raises(InputError, match=r"documents\[0\]: expected a Document, got str"):
        list(eventcoder.code_documents(["a text"]))
    with pytest.raises(InputError, match="expected an iterable of Document, got one str"):
        list(eventcoder.code_documents("a text"))
