"""The accuracy gate: each development gold file scored on its first lines must stay at or above
the floors pinned in eval/floors.json (re-pin with eval/update_floors.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eventcoder.evaluate import below_floors, evaluate_files
from eventcoder.evaluate.report import format_tables

REPO = Path(__file__).resolve().parents[1]
FLOORS = REPO / "eval" / "floors.json"
DEVDATA = REPO.parent / "shared" / "devdata"
DEV_FILES = sorted(p.name for p in DEVDATA.glob("*.jsonl")) if DEVDATA.is_dir() else []


def _floors() -> dict:
    return json.loads(FLOORS.read_text(encoding="utf-8"))


def test_floors_file_is_well_formed():
    data = _floors()
    assert isinstance(data["limit"], int) and data["limit"] > 0
    assert data["limit_per"] in ("file", "dataset")
    assert 0 <= data["margin"] < 0.2
    from eventcoder.evaluate.scorer import METRICS

    for fname, groups in data["files"].items():
        assert fname.endswith(".jsonl")
        for group, metrics in groups.items():
            for metric, floor in metrics.items():
                assert metric in METRICS, f"{fname} {group}: unknown metric {metric!r}"
                assert 0 <= floor <= 1, f"{fname} {group} {metric}: floor {floor} outside 0..1"


@pytest.mark.slow
@pytest.mark.parametrize("fname", DEV_FILES or ["<none>"])
def test_dev_file_stays_above_its_floors(fname):
    if not DEV_FILES:
        pytest.skip("../shared/devdata is not present")
    data = _floors()
    floors = data["files"].get(fname)
    assert floors is not None, f"no floors pinned for {fname}: run python eval/update_floors.py"
    results, meta = evaluate_files([DEVDATA / fname], limit=data["limit"], limit_per=data["limit_per"],
                                   by="dataset")
    print(f"\n{fname}: {meta['documents']} documents in {meta['seconds']} s\n" + format_tables(results))
    problems = below_floors(results, floors)
    assert not problems, f"{fname} dropped below its floors:\n" + "\n".join(problems)


def _update_floors_module(monkeypatch, tmp_path, files):
    import importlib.util

    spec = importlib.util.spec_from_file_location("update_floors", REPO / "eval" / "update_floors.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    target = tmp_path / "floors.json"
    target.write_text(json.dumps({"limit": 5, "limit_per": "dataset", "margin": 0.02, "files": files}))
    monkeypatch.setattr(mod, "FLOORS", target)
    return mod, target


def _eval_json(tmp_path, value, limit=5, n=10_000):
    path = tmp_path / "run.json"
    path.write_text(json.dumps({
        "meta": {"files": ["/x/toy-dev.jsonl"], "limit": limit, "limit_per": "dataset", "by": "dataset"},
        "groups": {"toy": {"metrics": {"event_type": {"value": value, "n": n, "baseline": 0.1}}}}}))
    return str(path)


def test_update_floors_raises_but_refuses_to_lower(monkeypatch, tmp_path):
    mod, target = _update_floors_module(monkeypatch, tmp_path, {"toy-dev.jsonl": {"toy": {"event_type": 0.5}}})
    assert mod.main(["--from-json", _eval_json(tmp_path, 0.4)]) == 1
    assert json.loads(target.read_text())["files"]["toy-dev.jsonl"]["toy"]["event_type"] == 0.5
    assert mod.main(["--from-json", _eval_json(tmp_path, 0.8)]) == 0
    assert json.loads(target.read_text())["files"]["toy-dev.jsonl"]["toy"]["event_type"] == 0.78
    assert mod.main(["--from-json", _eval_json(tmp_path, 0.4), "--allow-lower"]) == 0
    assert json.loads(target.read_text())["files"]["toy-dev.jsonl"]["toy"]["event_type"] == 0.38


def test_floors_on_few_items_allow_for_their_noise(monkeypatch, tmp_path):
    mod, target = _update_floors_module(monkeypatch, tmp_path, {})
    assert mod.main(["--from-json", _eval_json(tmp_path, 0.8, n=10)]) == 0
    # 0.8 - 2 * sqrt(0.8 * 0.2 / 10) = 0.547, rounded down to 0.005
    assert json.loads(target.read_text())["files"]["toy-dev.jsonl"]["toy"]["event_type"] == 0.545


def test_update_floors_rejects_a_run_with_another_limit(monkeypatch, tmp_path):
    mod, _ = _update_floors_module(monkeypatch, tmp_path, {})
    with pytest.raises(SystemExit, match="--limit 5"):
        mod.main(["--from-json", _eval_json(tmp_path, 0.4, limit=300)])


def test_update_floors_raise_only_keeps_the_higher_floors(monkeypatch, tmp_path):
    mod, target = _update_floors_module(monkeypatch, tmp_path, {"toy-dev.jsonl": {"toy": {"event_type": 0.5,
                                                                                            "fatalities": 0.1}}})
    path = tmp_path / "run.json"
    path.write_text(json.dumps({
        "meta": {"files": ["/x/toy-dev.jsonl"], "limit": 5, "limit_per": "dataset", "by": "dataset"},
        "groups": {"toy": {"metrics": {"event_type": {"value": 0.4, "n": 10_000},
                                       "fatalities": {"value": 0.9, "n": 10_000}}}}}))
    assert mod.main(["--from-json", str(path), "--raise-only"]) == 0
    floors = json.loads(target.read_text())["files"]["toy-dev.jsonl"]["toy"]
    assert floors == {"event_type": 0.5, "fatalities": 0.88}
