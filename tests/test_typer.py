"""The optional statistical typer: reading ACLED exports, training, loading, and `code --model`."""

from __future__ import annotations

import csv
import json

import pytest

pytest.importorskip("sklearn")

from eventcoder.errors import ConfigError, InputError, ResourceError  # noqa: E402
from eventcoder.settings import Settings  # noqa: E402
from eventcoder.typer import cross_validate, load_typer, read_examples, train  # noqa: E402

TOWNS = ["Kiri", "Mosa", "Dabalo", "Ruvo", "Wela", "Fara", "Tamu", "Sado", "Lurin", "Koroma"]
TEMPLATES = {
    "Peaceful protest": "On {d} May 2020, {n} teachers marched peacefully in {t} demanding higher pay.",
    "Armed clash": "On {d} May 2020, soldiers clashed with rebels near {t}; {n} fighters were killed.",
    "Air/drone strike": "On {d} May 2020, military aircraft bombed positions near {t}, killing {n}.",
    "Arrests": "On {d} May 2020, police arrested {n} opposition activists in {t}.",
    "Abduction/forced disappearance": "On {d} May 2020, gunmen kidnapped {n} travellers on the road to {t}.",
    "Agreement": "On {d} May 2020, elders of {t} signed a peace agreement ending {n} weeks of feuding.",
}


def rows():
    out = []
    for sub, tpl in TEMPLATES.items():
        for i, town in enumerate(TOWNS):
            out.append({"event_date": f"2020-05-{i + 1:02d}", "sub_event_type": sub,
                        "notes": tpl.format(d=i + 1, n=i + 2, t=town)})
    return out


@pytest.fixture(scope="module")
def export(tmp_path_factory):
    path = tmp_path_factory.mktemp("acled") / "export.csv"
    with open(path, "w", encoding="utf-8-sig", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["event_date", "sub_event_type", "notes"], delimiter=";")
        w.writeheader()
        w.writerows(rows())
        w.writerow({"event_date": "2020-05-30", "sub_event_type": "Not a sub-type", "notes": "skipped"})
        w.writerow({"event_date": "2020-05-31", "sub_event_type": "Arrests", "notes": ""})
    return path


@pytest.fixture(scope="module")
def model(export, tmp_path_factory):
    out = tmp_path_factory.mktemp("model") / "typer.joblib"
    meta = train(read_examples(export), out)
    assert meta["examples"] == len(TOWNS) * len(TEMPLATES)
    return out


def test_read_an_acled_export_skips_unusable_rows(export):
    examples = read_examples(export)
    assert len(examples) == len(TOWNS) * len(TEMPLATES)
    assert {e.event_type for e in examples} >= {"Protests", "Battles", "Strategic developments"}


def test_an_export_without_the_columns_is_refused(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("date,text\n2020-05-01,something\n", encoding="utf-8")
    with pytest.raises(InputError, match="notes"):
        read_examples(bad)


def test_cross_validation_reports_held_out_accuracy(export):
    cv = cross_validate(read_examples(export), folds=3)
    assert cv["folds"] == 3 and cv["examples"] == 60
    assert 0.8 <= cv["sub_event_type"] <= 1.0  # the templates are easy; a broken fit is not


def test_the_model_predicts_sub_event_types(model):
    typer = load_typer(model)
    (sub, p), = typer.predict(["On 3 June 2021, police arrested 12 activists in Halo."])
    assert sub == "Arrests" and 0 < p <= 1


def test_code_with_the_model_retypes_events(model):
    from eventcoder.api import code

    text = "On 3 June 2021, police arrested twelve opposition activists in Kiri."
    plain = code(text, published="2021-06-04")
    typed = code(text, published="2021-06-04", settings=Settings.create(typer=str(model)))
    assert typed["events"], "the rules find the event; the model only types it"
    assert typed["events"][0]["sub_event_type"] == "Arrests"
    assert len(typed["events"]) == len(plain["events"])


def test_missing_and_foreign_models_fail_clearly(tmp_path):
    with pytest.raises(ConfigError, match="no trained typer"):
        Settings.create(typer=str(tmp_path / "absent.joblib"))
    junk = tmp_path / "junk.joblib"
    junk.write_bytes(b"not a model")
    with pytest.raises(ResourceError, match="cannot load the typer"):
        load_typer(junk)


def test_train_command(export, tmp_path, capsys):
    from eventcoder.cli.main import main

    out = tmp_path / "m.joblib"
    assert main(["train", str(export), "--out", str(out), "--cv", "3"]) == 0
    printed = capsys.readouterr().out
    assert "cross-validated accuracy" in printed and out.exists()
    assert main(["train", str(tmp_path / "none.csv"), "--out", str(out)]) != 0
    assert "cannot read" in capsys.readouterr().err


def test_gold_json_lines_are_training_data_too(tmp_path):
    path = tmp_path / "gold.jsonl"
    path.write_text("\n".join(json.dumps({"text": r["notes"], "events": [{"sub_event_type": r["sub_event_type"]}]})
                              for r in rows()), encoding="utf-8")
    assert len(read_examples(path)) == 60


def test_a_folder_as_the_model_file_is_refused_before_training(export, tmp_path):
    folder = tmp_path / "models"
    folder.mkdir()
    with pytest.raises(InputError, match="models: is a folder; give the model a file name"):
        train(read_examples(export), folder)
    assert [p.name for p in tmp_path.iterdir()] == ["models"]  # (no stray .tmp beside it)
