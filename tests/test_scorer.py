"""The scorer on hand-made gold lines and coded documents (all invented)."""

from __future__ import annotations

import json

import pytest

from eventcoder.errors import InputError
from eventcoder.evaluate import read_gold, score
from eventcoder.evaluate.report import format_tables, to_json
from eventcoder.evaluate.scorer import (
    haversine_km,
    normalize_actor,
    pair_events,
    time_value_right,
)

# Two invented towns about 40 km apart, and a point 5 km from the first.
TOWN_A = (10.0, 20.0)
TOWN_A_NEAR = (10.045, 20.0)
TOWN_B = (10.36, 20.0)


def gold_line(id="d1", dataset="toy", events=None, places=None, times=None, negative=False,
              published="2021-03-05"):
    return {"id": id, "dataset": dataset, "text": "An invented report.", "published": published,
            "events": events or [], "places": places or [], "times": times or [], "negative": negative}


def gold_event(**kw):
    ev = {"event_type": "Battles", "sub_event_type": "Armed clash", "event_date": "2021-03-04",
          "latitude": TOWN_A[0], "longitude": TOWN_A[1], "geo_precision": 1, "fatalities": 3,
          "actor1": "Military Forces of Ruritania (2010-)", "actor2": "Red Hand Brigade"}
    ev.update(kw)
    return ev


def coded_doc(id="d1", events=None, places=None, times=None, error=None):
    return {"schema": "eventcoder/1", "id": id, "published": "2021-03-05", "published_source": "given",
            "language": "en", "error": error, "events": events or [], "places": places or [],
            "times": times or [], "actors": []}


def coded_event(**kw):
    ev = {"event_type": "Battles", "sub_event_type": "Armed clash", "event_date": "2021-03-04",
          "latitude": TOWN_A_NEAR[0], "longitude": TOWN_A_NEAR[1], "geo_precision": 1,
          "fatalities": 3, "actor1": "Military Forces of Ruritania", "actor2": "Red Hand Brigade"}
    ev.update(kw)
    return ev


def figures(gold, coded, group="toy"):
    return score(gold, coded)[group].figures


def test_haversine_known_distance():
    # one degree of latitude is about 111.2 km
    assert haversine_km(0, 0, 1, 0) == pytest.approx(111.19, abs=0.05)
    assert haversine_km(*TOWN_A, *TOWN_A) == 0


def test_actor_year_span_stripped_but_other_brackets_kept():
    assert normalize_actor("Military Forces of Ruritania (2010-)") == "military forces of ruritania"
    assert normalize_actor("Police Forces of Ruritania (2010-2016)") == "police forces of ruritania"
    assert normalize_actor("Protesters (Ruritania)") == "protesters (ruritania)"
    assert normalize_actor("  ") is None


def test_perfect_event_scores_one_everywhere():
    figs = figures([gold_line(events=[gold_event()])], [coded_doc(events=[coded_event()])])
    for metric in ("event_type", "event_type_recall", "sub_event_type", "event_date", "location_25km",
                   "geo_precision", "fatalities", "fatalities_with_deaths", "actors"):
        assert figs[metric].value == 1.0, metric
    assert figs["actors"].n == 2
    assert figs["fatalities_with_deaths"].baseline == 0.0
    assert figs["fatalities"].baseline == 0.0
    assert figs["event_date"].baseline == 0.0  # published is a day after the event


def test_wrong_fields_score_zero():
    coded = coded_event(sub_event_type="Attack", event_date="2021-03-03", latitude=TOWN_B[0],
                        longitude=TOWN_B[1], geo_precision=2, fatalities=4, actor1="Someone Else",
                        actor2=None)
    figs = figures([gold_line(events=[gold_event()])], [coded_doc(events=[coded])])
    assert figs["event_type"].value == 1.0
    for metric in ("sub_event_type", "event_date", "location_25km", "geo_precision", "fatalities", "actors"):
        assert figs[metric].value == 0.0, metric


def test_primary_type_versus_recall():
    gold = [gold_line(events=[gold_event()])]
    coded = [coded_doc(events=[coded_event(event_type="Riots", sub_event_type="Mob violence"),
                               coded_event()])]
    figs = figures(gold, coded)
    assert figs["event_type"].value == 0.0  # the first coded event is a riot
    assert figs["event_type_recall"].value == 1.0
    # the other metrics read the coded event that has the gold type
    assert figs["sub_event_type"].value == 1.0
    assert figs["fatalities"].value == 1.0


def test_missing_and_error_documents_are_wrong_on_everything():
    gold = [gold_line(id="a", events=[gold_event()]), gold_line(id="b", events=[gold_event()]),
            gold_line(id="c", events=[gold_event()])]
    coded = [coded_doc(id="a", events=[coded_event()]),
             coded_doc(id="b", events=[coded_event()], error="stage 'x' failed")]
    res = score(gold, coded)["toy"]
    assert res.documents == 3 and res.missing == 1 and res.errors == 1
    for metric in ("event_type", "event_date", "location_25km", "fatalities", "actors"):
        assert res.figures[metric].value == pytest.approx(1 / 3), metric


def test_fields_missing_in_gold_are_not_scored():
    ev = gold_event(fatalities=None, sub_event_type=None, actor2=None)
    del ev["geo_precision"]
    figs = figures([gold_line(events=[ev])], [coded_doc(events=[coded_event()])])
    assert "fatalities" not in figs and "sub_event_type" not in figs and "geo_precision" not in figs
    assert figs["actors"].n == 1


def test_fatalities_with_deaths_counts_only_gold_above_zero():
    gold = [gold_line(id="a", events=[gold_event(fatalities=0)]),
            gold_line(id="b", events=[gold_event(fatalities=5)])]
    coded = [coded_doc(id="a", events=[coded_event(fatalities=0)]),
             coded_doc(id="b", events=[coded_event(fatalities=0)])]
    figs = figures(gold, coded)
    assert figs["fatalities"].value == 0.5 and figs["fatalities"].n == 2
    assert figs["fatalities_with_deaths"].value == 0.0 and figs["fatalities_with_deaths"].n == 1
    assert figs["fatalities"].baseline == 0.5


def test_country_of_those_coded_leaves_out_events_without_a_country():
    gold = [gold_line(id=i, events=[gold_event(iso3="RUR")]) for i in "abc"]
    coded = [coded_doc(id="a", events=[coded_event(iso3="RUR")]),
             coded_doc(id="b", events=[coded_event(iso3="OTH")]),
             coded_doc(id="c", events=[coded_event(iso3=None)])]
    figs = figures(gold, coded)
    assert figs["country"].value == pytest.approx(1 / 3) and figs["country"].n == 3
    assert figs["country_of_located"].value == 0.5 and figs["country_of_located"].n == 2


def test_a_gold_country_given_only_by_name_or_code_is_scored_as_its_iso3():
    # gold files without `iso3` name the country: a name, a code, one of the kingdom's nations; a name of
    # no country ("Africa") is not scored
    names = {"a": "Kenya", "b": "USA", "c": "England", "d": "Africa", "e": "Kenya"}
    gold = [gold_line(id=i, events=[gold_event(country=n)]) for i, n in names.items()]
    coded = [coded_doc(id="a", events=[coded_event(iso3="KEN")]), coded_doc(id="b", events=[coded_event(iso3="USA")]),
             coded_doc(id="c", events=[coded_event(iso3="GBR")]), coded_doc(id="d", events=[coded_event(iso3="ETH")]),
             coded_doc(id="e", events=[coded_event(iso3="UGA")])]
    figs = figures(gold, coded)
    assert figs["country"].value == 0.75 and figs["country"].n == 4


def test_a_withdrawn_iso3_in_the_gold_is_read_as_its_successor():
    # ACLED's rows give Romania as "ROM", ISO's code until 2002: a coded "ROU" is the same country
    gold = [gold_line(id=i, events=[gold_event(iso3=code)]) for i, code in (("a", "ROM"), ("b", "ROM"), ("c", "ZAR"))]
    coded = [coded_doc(id="a", events=[coded_event(iso3="ROU")]), coded_doc(id="b", events=[coded_event(iso3="BGR")]),
             coded_doc(id="c", events=[coded_event(iso3="COD")])]
    figs = figures(gold, coded)
    assert figs["country"].value == pytest.approx(2 / 3) and figs["country"].n == 3


def test_country_code_reads_names_and_codes_of_either_case():
    from eventcoder.resources.actors import country_code

    assert [country_code(v) for v in ("Kenya", "KEN", "ken", "ke", "Kenyan", "ROM", "XK")] == [
        "KEN", "KEN", "KEN", "KEN", "KEN", "ROU", "XKX"]
    assert [country_code(v) for v in ("Texas", "Africa", "QQ", "QQQ", "", "  ")] == [None] * 6


def test_admin1_is_scored_only_where_the_place_is_right_and_spelt_loosely():
    gold = [gold_line(id=i, events=[gold_event(admin1="Ruri-Tana")]) for i in "abc"]
    coded = [coded_doc(id="a", events=[coded_event(admin1="Ruri Taná")]),  # accent and hyphen aside
             coded_doc(id="b", events=[coded_event(admin1="Other Province")]),
             coded_doc(id="c", events=[coded_event(admin1="Ruri-Tana", latitude=TOWN_B[0])])]  # 40 km off
    figs = figures(gold, coded)
    assert figs["admin1_of_located"].value == 0.5 and figs["admin1_of_located"].n == 2


def test_pairing_one_to_one_by_agreement():
    gold_events = [gold_event(event_type="Protests", sub_event_type="Peaceful protest", fatalities=0),
                   gold_event()]
    coded = [coded_event(), coded_event(event_type="Protests", sub_event_type="Peaceful protest",
                                        fatalities=0)]
    assert pair_events(gold_events, coded) == [1, 0]
    # two gold battles, one coded: the one that agrees more takes it, the other is unpaired
    gold_events = [gold_event(event_date="2021-02-01"), gold_event()]
    assert pair_events(gold_events, [coded_event()]) == [None, 0]
    figs = figures([gold_line(events=gold_events)], [coded_doc(events=[coded_event()])])
    assert figs["event_type"].value == 0.5  # the unpaired gold event is wrong, type included
    assert figs["event_date"].value == 0.5
    assert figs["event_type_recall"].value == 1.0


def test_pairing_single_gold_event_takes_first_of_its_type():
    gold = [gold_event()]
    coded = [coded_event(event_type="Riots"), coded_event(event_date="2020-01-01"), coded_event()]
    assert pair_events(gold, coded) == [1]
    assert pair_events([gold_event()], [coded_event(event_type="Riots")]) == [0]
    assert pair_events([gold_event()], []) == [None]


def test_negatives():
    gold = [gold_line(id="n1", negative=True), gold_line(id="n2", negative=True),
            gold_line(id="n3", negative=True)]
    coded = [coded_doc(id="n1"), coded_doc(id="n2", events=[coded_event()]),
             coded_doc(id="n3", error="boom")]
    figs = figures(gold, coded)
    assert figs["negatives"].value == pytest.approx(1 / 3) and figs["negatives"].n == 3


def test_majority_type_baseline():
    gold = [gold_line(id=str(i), events=[gold_event(event_type=t)])
            for i, t in enumerate(["Battles", "Battles", "Riots"])]
    figs = figures(gold, [])
    assert figs["event_type"].value == 0.0
    assert figs["event_type"].baseline == pytest.approx(2 / 3)


def test_sub_event_macro_f1():
    gold = [gold_line(id=str(i), events=[gold_event(sub_event_type=s)])
            for i, s in enumerate(["Armed clash", "Armed clash", "Attack"])]
    coded = [coded_doc(id=str(i), events=[coded_event(sub_event_type=s)])
             for i, s in enumerate(["Armed clash", "Attack", "Attack"])]
    f1 = figures(gold, coded)["sub_event_type_macro_f1"]
    # Armed clash: p=1, r=.5 -> 2/3; Attack: p=.5, r=1 -> 2/3
    assert f1.value == pytest.approx(2 / 3) and f1.n == 3


@pytest.mark.parametrize("gold,value,precision,right", [
    ("2013-03-21", "2013-03-21", "day", True),
    ("2013-03-21", "2013-03-22", "day", False),
    ("2013-03-21", "2013-03-01", "month", False),  # a coded month cannot answer a gold day
    ("2013-03", "2013-03-21", "day", True),
    ("2013-03", "2013-03-01", "month", True),
    ("2013-03", "2013-04-01", "month", False),
    ("1998", "1998-07-04", "day", True),
    ("1998", "1998-01-01", "year", True),
    ("1998", "1999-01-01", "year", False),
    ("1998-W05", "1998-01-26", "week", True),   # Monday of ISO week 5
    ("1998-W05", "1998-02-01", "day", True),    # its Sunday
    ("1998-W05", "1998-02-02", "day", False),
    ("1998-W05", "1998-01-01", "month", False),
    ("2013-03-21", None, None, False),
])
def test_time_values_at_gold_precision(gold, value, precision, right):
    assert time_value_right(gold, value, precision) is right


def test_times_found_and_right():
    times = [{"text": "last Tuesday", "start": 10, "end": 22, "value": "2021-03-02"},
             {"text": "in May", "start": 40, "end": 46, "value": "2021-05"},
             {"text": "1999", "start": 60, "end": 64, "value": "1999"}]
    coded = [{"text": "Tuesday", "start": 15, "end": 22, "value": "2021-03-02", "precision": "day"},
             {"text": "May", "start": 43, "end": 46, "value": "2020-05-01", "precision": "month"},
             {"text": "1990s", "start": 70, "end": 75, "value": "1990-01-01", "precision": "year"}]
    figs = figures([gold_line(times=times)], [coded_doc(times=coded)])
    assert figs["times_found"].value == pytest.approx(2 / 3) and figs["times_found"].n == 3
    assert figs["times_value"].value == pytest.approx(1 / 3)
    assert figs["times_value_found"].value == 0.5 and figs["times_value_found"].n == 2


def test_places_overlap_and_distance():
    places = [{"text": "Townville", "start": 0, "end": 9, "latitude": TOWN_A[0], "longitude": TOWN_A[1]},
              {"text": "Lake Side", "start": 20, "end": 29, "latitude": TOWN_A[0], "longitude": TOWN_A[1]},
              {"text": "Far Hill", "start": 40, "end": 48, "latitude": TOWN_A[0], "longitude": TOWN_A[1]},
              {"text": "Nowhere", "start": 60, "end": 67, "latitude": TOWN_A[0], "longitude": TOWN_A[1]}]
    coded = [
        {"text": "Townville", "start": 0, "end": 9, "latitude": TOWN_A_NEAR[0], "longitude": TOWN_A_NEAR[1]},
        {"text": "Lake", "start": 20, "end": 24, "latitude": TOWN_B[0], "longitude": TOWN_B[1]},
        {"text": "Far Hill", "start": 40, "end": 48, "latitude": 40.0, "longitude": 20.0},
        {"text": "touching", "start": 67, "end": 70, "latitude": TOWN_A[0], "longitude": TOWN_A[1]},
    ]
    figs = figures([gold_line(places=places)], [coded_doc(places=coded)])
    assert figs["places_found"].value == 0.75 and figs["places_found"].n == 4  # adjacent is no overlap
    assert figs["places_acc161_found"].value == pytest.approx(2 / 3)
    assert figs["places_acc161"].value == 0.5
    assert figs["places_acc10"].value == 0.25
    # the other way: three of the four coded places overlap a gold one ("touching" only abuts one)
    assert figs["places_on_gold"].value == 0.75 and figs["places_on_gold"].n == 4


def test_coded_places_on_gold_are_read_only_where_toponyms_were_annotated():
    coded = [{"text": "Townville", "start": 0, "end": 9, "latitude": TOWN_A[0], "longitude": TOWN_A[1]}]
    figs = figures([gold_line(events=[gold_event()])], [coded_doc(places=coded)])
    assert "places_on_gold" not in figs


def test_groups_by_dataset_and_file():
    gold = [gold_line(id="a", dataset="one", events=[gold_event()]),
            gold_line(id="b", dataset="two", events=[gold_event()])]
    coded = [coded_doc(id="a", events=[coded_event()]), coded_doc(id="b")]
    res = score(gold, coded)
    assert set(res) == {"one", "two"}
    assert res["one"].value("event_type") == 1.0 and res["two"].value("event_type") == 0.0
    assert score(gold, coded, by="all")["all"].figures["event_type"].n == 2
    text = format_tables(res)
    assert "== one: 1 documents ==" in text and "event type (first coded event)" in text
    data = to_json(res, {"limit": None})
    assert data["groups"]["two"]["metrics"]["event_type"] == {"value": 0.0, "n": 1, "baseline": 1.0}
    json.dumps(data)


def test_gold_reader_gives_the_coder_only_input_fields(tmp_path):
    path = tmp_path / "g.jsonl"
    row = gold_line(events=[gold_event()])
    row["title"] = "A title"
    row["secret_hint"] = "the answer"
    path.write_text(json.dumps(row) + "\n\n" + json.dumps(gold_line(id="d2", published=None)) + "\n")
    lines = list(read_gold(path))
    assert [l.id for l in lines] == ["d1", "d2"]
    doc = lines[0].document
    assert doc.title == "A title" and doc.published.isoformat() == "2021-03-05"
    assert doc.published_source == "metadata"
    assert not hasattr(doc, "secret_hint") and not hasattr(doc, "events")
    assert lines[1].document.published is None and lines[1].document.published_source == "none"
    assert lines[0].answers["events"][0]["event_type"] == "Battles"
    assert [l.id for l in read_gold(path, limit=1)] == ["d1"]


def test_gold_reader_limit_per_dataset(tmp_path):
    path = tmp_path / "g.jsonl"
    rows = [gold_line(id=f"x{i}", dataset="x") for i in range(3)] + \
           [gold_line(id=f"y{i}", dataset="y") for i in range(3)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert [l.id for l in read_gold(path, limit=2, limit_per="dataset")] == ["x0", "x1", "y0", "y1"]
    assert [l.id for l in read_gold(path, limit=2)] == ["x0", "x1"]


@pytest.mark.parametrize("content,problem", [
    ('{"id": "a", "text": "ok"}\n{"id": "b", "text": \n', "not valid JSON"),
    ('{"id": "a", "text": "ok"}\n[1, 2]\n', "expected a JSON object"),
    ('{"id": "a", "text": 5}\n', "'text'"),
    ('{"id": "a", "text": "ok", "published": "last week"}\n', "cannot read"),
    ('{"id": "a", "text": "ok"}\n{"id": "a", "text": "again"}\n', "duplicate id"),
    ('{"id": "a", "text": "ok", "places": [{"text": "X"}]}\n', "offsets"),
])
def test_bad_gold_lines_name_file_and_line(tmp_path, content, problem):
    path = tmp_path / "bad.jsonl"
    path.write_text(content)
    with pytest.raises(InputError) as err:
        list(read_gold(path))
    message = str(err.value)
    assert problem in message
    bad_line = content.count("\n")
    assert f"bad.jsonl:{bad_line}" in message


def test_missing_gold_file_is_an_input_error(tmp_path):
    with pytest.raises(InputError, match="cannot open"):
        list(read_gold(tmp_path / "nope.jsonl"))


# ---- the `eventcoder eval` command


def _write_gold_and_coded(tmp_path):
    gold = tmp_path / "gold.jsonl"
    coded = tmp_path / "coded.jsonl"
    rows = [gold_line(id="a", events=[gold_event()]), gold_line(id="b", events=[gold_event()])]
    gold.write_text("".join(json.dumps(r) + "\n" for r in rows))
    coded.write_text(json.dumps(coded_doc(id="a", events=[coded_event()])) + "\n")
    return gold, coded


def test_cli_eval_scores_given_coded_file(tmp_path, capsys):
    from eventcoder.cli.main import main

    gold, coded = _write_gold_and_coded(tmp_path)
    assert main(["eval", str(gold), "--coded", str(coded), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["meta"]["documents"] == 2
    toy = data["groups"]["toy"]
    assert toy["missing"] == 1
    assert toy["metrics"]["event_type"] == {"value": 0.5, "n": 2, "baseline": 1.0}
    assert main(["eval", str(gold), "--coded", str(coded), "--limit", "1"]) == 0
    out = capsys.readouterr().out
    assert "== toy: 1 documents ==" in out and "baseline" in out


def test_cli_eval_bad_gold_is_a_one_line_error(tmp_path, capsys):
    from eventcoder.cli.main import main

    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "a", "text": "fine"}\nnot json\n')
    assert main(["eval", str(bad), "--coded", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "bad.jsonl:2" in err and "not valid JSON" in err


@pytest.mark.slow
def test_cli_eval_country_from_gold_codes_each_text_with_its_gold_country(tmp_path, capsys):
    # a text naming only a town two countries have is placed in the larger namesake's country; told the
    # gold event's country as its source's, the coder places it in that country's town
    from eventcoder.cli.main import main

    gold = tmp_path / "gold.jsonl"
    event = gold_event(event_type="Protests", sub_event_type="Protest with intervention", iso3="PAK",
                       latitude=25.392, longitude=68.374, fatalities=0, actor1="Protesters (Pakistan)", actor2=None)
    row = {"id": "h1", "dataset": "toy", "published": "2023-06-05", "events": [event],
           "text": "Riot police used tear gas on traders who marched against new taxes in Hyderabad on Monday."}
    gold.write_text(json.dumps(row) + "\n")
    found = {}
    for flag in ([], ["--country-from-gold"]):
        saved = tmp_path / f"coded{len(flag)}.jsonl"
        assert main(["eval", str(gold), "--json", "--progress", "0", "--save-coded", str(saved)] + flag) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["meta"]["country_from_gold"] is bool(flag)
        found[bool(flag)] = data["groups"]["toy"]["metrics"]["location_25km"]["value"]
        coded = json.loads(saved.read_text())
        assert coded.get("source_country") == ("PAK" if flag else None)
    assert found == {False: 0.0, True: 1.0}
    # (the flag is for coding: documents coded before are refused with it)
    assert main(["eval", str(gold), "--coded", str(tmp_path / "coded0.jsonl"), "--country-from-gold"]) == 1
    assert "--country-from-gold" in capsys.readouterr().err


@pytest.mark.slow
def test_cli_eval_codes_documents(tmp_path, capsys):
    from eventcoder.cli.main import main

    gold = tmp_path / "gold.jsonl"
    rows = [{"id": "n1", "dataset": "toy", "text": "The city council approved a new budget for parks on Tuesday.",
             "published": "2031-06-05", "negative": True, "events": []},
            {"id": "e1", "dataset": "toy", "published": "2031-06-05", "events": [gold_event()],
             "text": "Soldiers and rebels clashed near the northern border on Tuesday, officials said."}]
    gold.write_text("".join(json.dumps(r) + "\n" for r in rows))
    saved = tmp_path / "coded.jsonl"
    assert main(["eval", str(gold), "--json", "--progress", "1", "--save-coded", str(saved)]) == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert data["groups"]["toy"]["documents"] == 2
    assert data["groups"]["toy"]["metrics"]["negatives"]["n"] == 1
    assert "2/2 documents coded" in captured.err
    assert [json.loads(l)["id"] for l in saved.read_text().splitlines()] == ["n1", "e1"]
