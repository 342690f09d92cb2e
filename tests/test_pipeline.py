"""Pipeline wiring, settings validation and error reporting per stage."""

from __future__ import annotations

import pytest

from eventcoder import ConfigError, PipelineError, Settings
from eventcoder.document import Document
from eventcoder.pipeline import REGISTRY, Pipeline, stage


def test_settings_validation_names_the_key():
    with pytest.raises(ConfigError, match="batch_size"):
        Settings.create(batch_size=0)
    with pytest.raises(ConfigError, match="unknown setting 'bogus'"):
        Settings.create(bogus=1)
    with pytest.raises(ConfigError, match="db"):
        Settings.create(db="eventcoder.db")


def test_stage_that_needs_something_unassigned_is_refused():
    with pytest.raises(PipelineError, match="requires"):
        Pipeline(Settings.create(), stages=["events"])
    with pytest.raises(PipelineError, match="unknown stage"):
        Pipeline(Settings.create(), stages=["sentences", "no_such_stage"])


def test_a_failing_stage_names_itself_and_spares_other_documents(pipeline):
    @stage("explode_on_boom", requires=("sentences",), assigns=())
    def make(settings):
        def run(ctx):
            if "boom" in ctx.text:
                raise ValueError("cannot handle boom")
        return run

    try:
        p = Pipeline(pipeline.settings, stages=["sentences", "explode_on_boom"])
        p._nlp = pipeline.nlp
        out = list(p.run([Document(text="A boom was heard in the town today."),
                          Document(text="Rebels attacked a town on Monday and fled.")]))
    finally:
        REGISTRY.pop("explode_on_boom", None)
    assert "explode_on_boom" in out[0].error and "cannot handle boom" in out[0].error
    assert out[1].error is None and out[1].sentences


def test_non_english_is_reported(code):
    doc = code("Les rebelles ont attaqué la ville de Gao lundi et ont tué trois soldats, selon l'armée malienne.")
    assert doc["error"] and "English" in doc["error"] and doc["events"] == []


def test_telegraphic_english_is_not_mistaken_for_another_language(code):
    doc = code("On 3 May 2021, Al Shabaab fired mortar rounds towards an army base in El Wak (Mandera). "
               "No casualties reported.", published="2021-05-04")
    assert doc["error"] is None and doc["events"]


def test_other_scripts_are_reported(code):
    doc = code("Вооруженные люди атаковали деревню в понедельник, погибли трое мирных жителей, сообщила полиция.")
    assert doc["error"] and "English" in doc["error"]


def test_sentence_at_finds_the_sentence_or_none_in_the_gaps():
    from eventcoder.document import Context, Sentence

    text = "One two.  Three four.\n\nFive."
    ctx = Context(document=Document(text=text))
    ctx.sentences = [Sentence(0, 0, 8, "One two."), Sentence(1, 10, 21, "Three four."),
                     Sentence(2, 23, 28, "Five.", paragraph=1)]
    got = [(i, s.index if (s := ctx.sentence_at(i)) else None) for i in range(len(text) + 2)]
    want = [(i, next((s.index for s in ctx.sentences if s.start <= i < s.end), None)) for i in range(len(text) + 2)]
    assert got == want
    assert ctx.sentence_at(8) is None and ctx.sentence_at(10).index == 1 and ctx.sentence_at(-1) is None
    assert Context(document=Document(text="x")).sentence_at(0) is None


def test_merge_index_reads_places_by_sentence_and_ranks_dates_by_their_basis():
    import dataclasses

    from eventcoder.document import Context, Event, PlaceMention, Sentence
    from eventcoder.stages.merge import SentenceIndex, loc_rank, time_rank

    text = "Fighting in Goma on Monday.  Later shelling.\n\nIn Goma again."
    ctx = Context(document=Document(text=text))
    ctx.sentences = [Sentence(0, 0, 27, text[0:27]), Sentence(1, 29, 44, text[29:44]),
                     Sentence(2, 46, 60, text[46:60], paragraph=1)]
    place_fields = {f.name for f in dataclasses.fields(PlaceMention)}
    base = {k: None for k in place_fields}
    base.update(text="Goma", start=12, end=16, name="Goma", latitude=-1.68, longitude=29.23)
    ctx.places = [PlaceMention(**base), PlaceMention(**{**base, "start": 49, "end": 53})]
    index = SentenceIndex(ctx)
    assert index.places == {0: {"Goma"}, 2: {"Goma"}}
    ev = Event(event_type="Battles", sub_event_type="Armed clash", sentences=[1], location="Goma")
    assert loc_rank(ev, index) == 1
    ranks = [time_rank(dataclasses.replace(ev, date_basis=b)) for b in ("act", "report", "published", None)]
    assert ranks == [0, 1, 2, 3]
    ev.sentences = [1, 2]
    assert loc_rank(ev, index) == 0
    ev.location = None
    assert loc_rank(ev, index) == 2


def test_no_break_spaces_read_as_spaces_and_the_output_keeps_them():
    # web pages put no-break spaces between words; the parser would take "in\u00a0Kelmora" for one word
    from eventcoder.api import code

    plain = "Gunmen killed two traders in Khyber Pakhtunkhwa on Friday, police said."
    text = plain.replace(" Khyber Pakhtunkhwa on", "\u00a0Khyber\u00a0Pakhtunkhwa\u00a0on")
    want, got = code(plain, "2020-05-04"), code(text, "2020-05-04")
    assert [p["name"] for p in got["places"]] == [p["name"] for p in want["places"]] == ["Khyber Pakhtunkhwa"]
    assert [(e["event_type"], e["location"], e["event_date"]) for e in got["events"]] == \
        [(e["event_type"], e["location"], e["event_date"]) for e in want["events"]]
    # offsets index the caller's text, and each span's text is that text's own
    spans = got["places"] + got["times"] + got["actors"] + [x for e in got["events"] for x in e["evidence"]]
    assert spans and all(text[s["start"]:s["end"]] == s["text"] for s in spans)
    assert "\u00a0" in got["places"][0]["text"]
