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
