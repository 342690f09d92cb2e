"""The maintainers' table tools, run on small files in their sources' formats."""

import importlib.util
import json
import sys
from pathlib import Path

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def _tool(name):
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_admin2_areas_are_added_from_the_subdivision_and_town_tables(tmp_path, monkeypatch):
    out = tmp_path / "admin_names.json"
    out.write_text(json.dumps({"_about": "", "country_centres": {}, "admin1": {"AF": {"23": "Kandahar"}},
                               "admin2": [["AF", "Kandahar", "Arghandab", 31.7, 65.6, 2]]}), encoding="utf-8")
    (tmp_path / "subdivisions").mkdir()
    (tmp_path / "cities").mkdir()
    # line 1 the province, 2 a district with two towns (its name without "District"), 3 one already
    # listed, 4 one with no town
    (tmp_path / "subdivisions" / "subdivisions.tsv").write_text(
        "Kandahar\tAF-KAN\tAF.23\t1\tProvince\t\t1\t\t3\n"
        "Kelmorwand District\t\tAF.23.9001\t2\t\tKelmorwand\t2\t1\t3\n"
        "Arghandab\t\tAF.23.9002\t3\t\tArghandab District\t2\t1\t3\n"
        "Dundewal\t\tAF.23.9003\t4\t\tDundewal District\t2\t1\t3\n", encoding="utf-8")
    (tmp_path / "cities" / "cities.tsv").write_text(
        "Kelmo\t11\t1|2\t3\t0\t31.0\t65.0\n"
        "Dunde\t12\t1|2\t3\t900\t31.4\t65.4\n"
        "Arghandab\t13\t1|3\t3\t0\t31.9\t65.9\n", encoding="utf-8")
    monkeypatch.setattr(sys, "argv", ["derive_admin2_areas", str(tmp_path), "--out", str(out)])
    _tool("derive_admin2_areas").main()
    areas = json.loads(out.read_text(encoding="utf-8"))["admin2"]
    assert areas == [["AF", "Kandahar", "Arghandab", 31.7, 65.6, 2], ["AF", "Kandahar", "Kelmorwand", 31.2, 65.2, 2]]
