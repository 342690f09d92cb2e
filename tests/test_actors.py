"""The actor dictionary and the actors stage, on invented sentences."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from eventcoder.resources import actors as dictionary
from eventcoder.resources.actors import country_name, find_matches, generic_actor, lookup_actor, strip_span

INTERS = {"State forces", "Rebel group", "Political militia", "Identity militia", "Rioters", "Protesters",
          "Civilians", "External/Other forces"}
ACCEPTANCE = Path(__file__).resolve().parents[1] / ".." / "shared" / "acceptance"


def names(text, countries=(), when=None):
    return [(text[m.start:m.end], m.name) for m in find_matches(text, countries, when)]


# ---------------------------------------------------------------- the data files


def test_dictionary_entries_are_well_formed():
    import pycountry

    data = json.loads((Path(dictionary.__file__).parent / "data" / "actors.json").read_text("utf-8"))
    iso3 = {c.alpha_3 for c in pycountry.countries}
    for a in data["actors"]:
        # (no inter: a political party, which has a country)
        assert a["inter"] in INTERS or a["inter"] is None and a["country"], a["name"]
        assert a["country"] is None or a["country"] in iso3, a["name"]
        assert a["aliases"], a["name"]
    for s in data["state_aliases"]:
        assert s["kind"] in dictionary.GENERIC_KINDS and s["country"] in iso3
    for kind, spec in data["generic"].items():
        assert kind in dictionary.GENERIC_KINDS and spec["inter"] in INTERS


def test_no_alias_names_two_actors_everywhere():
    data = json.loads((Path(dictionary.__file__).parent / "data" / "actors.json").read_text("utf-8"))
    seen: dict[str, str] = {}
    for a in data["actors"]:
        ctx = a.get("context_aliases", {})
        for alias in a["aliases"]:
            if alias in ctx or a.get("context"):
                continue
            key = alias if alias.isupper() else alias.lower()
            assert seen.setdefault(key, a["name"]) == a["name"], (alias, seen[key], a["name"])


# ---------------------------------------------------------------- names


def test_country_names_follow_acled():
    assert country_name("SYR") == "Syria"
    assert country_name("IRN") == "Iran"
    assert country_name("RUS") == "Russia"
    assert country_name("COD") == "Democratic Republic of Congo"
    assert country_name("BOL") == "Bolivia"
    assert country_name("CIV") == "Ivory Coast"
    assert country_name("LBN") == "Lebanon"
    assert country_name("XXX") is None


def test_generic_names_for_several_countries():
    assert generic_actor("military", "LBN") == ("Military Forces of Lebanon", "State forces")
    assert strip_span(generic_actor("police", "IRQ")[0]) == "Police Forces of Iraq"
    assert strip_span(generic_actor("military", "PHL")[0]) == "Military Forces of the Philippines"
    assert generic_actor("government", "KEN")[0].startswith("Government of Kenya")
    assert generic_actor("protesters", "COD") == ("Protesters (Democratic Republic of Congo)", "Protesters")
    assert generic_actor("rioters", "BOL") == ("Rioters (Bolivia)", "Rioters")
    assert generic_actor("civilians", "SYR") == ("Civilians (Syria)", "Civilians")
    assert generic_actor("unidentified", "NGA") == ("Unidentified Armed Group (Nigeria)", "Political militia")
    assert generic_actor("unidentified", None)[0] == "Unidentified Armed Group"
    with pytest.raises(ValueError):
        generic_actor("aliens", "SYR")


def test_state_spans_as_they_read_at_the_time():
    assert generic_actor("military", "SYR", date(2017, 8, 28))[0] == "Military Forces of Syria (2000-)"
    assert generic_actor("military", "AFG", date(2020, 5, 1))[0] == "Military Forces of Afghanistan (2014-)"
    assert generic_actor("police", "AFG", date(2023, 1, 1))[0] == "Police Forces of Afghanistan (2021-)"
    # Kenya before 2013 (Kibaki's governments), Venezuela since 1999, Peru since 2018
    from eventcoder.resources.actors import state_span

    assert state_span("KEN", date(2008, 1, 5)) == "(2002-)"
    assert generic_actor("police", "KEN", date(2019, 1, 5))[0] == "Police Forces of Kenya (2013-)"
    assert generic_actor("prison", "VEN", date(2020, 5, 1))[0] == "Police Forces of Venezuela (1999-) Prison Guards"
    assert generic_actor("military", "PER", date(2020, 5, 1))[0] == "Military Forces of Peru (2018-)"


def test_periods_change_an_actors_name():
    before = lookup_actor("Taliban", "AFG", date(2020, 3, 1))
    after = lookup_actor("Taliban", "AFG", date(2022, 3, 1))
    assert before[:2] == ("Taliban", "Rebel group")
    assert after[0].startswith("Military Forces of Afghanistan") and after[1] == "State forces"


# ---------------------------------------------------------------- matching


def test_aliases_name_one_group():
    text = ("Daesh claimed the attack; ISIL and the Islamic State group have held the town, "
            "and Hizbullah and al-Shabab fighters were elsewhere, as were Ansar Allah and Hayat Tahrir al-Sham.")
    found = dict(names(text))
    assert found["Daesh"] == "Islamic State"
    assert found["ISIL"] == "Islamic State"
    assert found["Islamic State group"] == "Islamic State"
    assert found["Hizbullah"] == "Hezbollah"
    assert found["al-Shabab fighters"] == "Al Shabaab"
    assert found["Ansar Allah"] == "Ansar Allah"
    assert strip_span(found["Hayat Tahrir al-Sham"]).startswith("HTS")


def test_the_wire_spellings_of_al_shabaab_name_it():
    # AFP writes "Shebab"; a misspelling doubles the first vowel
    found = dict(names("Shebab gunmen and al-Shebab fighters raided a camp; Al-Shaabab militants fled."))
    assert found["Shebab gunmen"] == found["al-Shebab fighters"] == found["Al-Shaabab militants"] == "Al Shabaab"


def test_pro_government_militias_and_quoted_names():
    text = "Two 'Arbakis' and three pro-government militia members were wounded near Kalan."
    found = names(text, ["AFG"])
    assert ("Arbakis", "Militia (Pro-Government)") in found
    assert ("pro-government militia members", "Militia (Pro-Government)") in found
    # an apostrophe inside a word still blocks a match ("d'Ivoire" is no "Ivoire ...")
    assert all(not m[0].startswith("IS") for m in names("the men of d'IS fame", ["AFG"]))


def test_donbas_peoples_militias_are_the_naf():
    found = dict(names("Shelling hit the positions of the Luhansk People's Militia.", ["UKR"], date(2020, 5, 1)))
    assert found["Luhansk People's Militia"] == "NAF: United Armed Forces of Novorossiya"


def test_acronyms_are_case_sensitive():
    assert names("The pkk and isis are not written like that.") == []
    assert names("The PKK said so.") == [("PKK", "PKK: Kurdistan Workers Party")]


def test_demonyms_and_possessives_name_state_forces():
    text = "Lebanese soldiers, Lebanon's army, Syrian troops, Iraqi police and Kenyan protesters were there."
    found = names(text)
    assert ("Lebanese soldiers", "Military Forces of Lebanon") in found
    assert ("Lebanon's army", "Military Forces of Lebanon") in found
    assert [n for t, n in found if t == "Syrian troops"][0].startswith("Military Forces of Syria")
    assert [n for t, n in found if t == "Iraqi police"][0].startswith("Police Forces of Iraq")
    assert ("Kenyan protesters", "Protesters (Kenya)") in found
    found = names("Military forces of Armenia and Azerbaijan traded fire along the border.")
    assert [strip_span(n) for _, n in found] == ["Military Forces of Armenia", "Military Forces of Azerbaijan"]


def test_bare_generic_nouns_take_the_given_country():
    found = names("Gunmen killed three villagers before the army arrived.", ["NGA"])
    assert ("Gunmen", "Unidentified Armed Group (Nigeria)") in found
    assert ("villagers", "Civilians (Nigeria)") in found
    assert [n for t, n in found if t == "army"][0].startswith("Military Forces of Nigeria")
    assert ("Gunmen", "Unidentified Armed Group") in names("Gunmen fired.")


def test_context_aliases_need_their_country():
    assert names("Separatists attacked the post.", ["CMR"])[0][1] == "Ambazonian Separatists"
    assert all(n != "Ambazonian Separatists" for _, n in names("Separatists attacked the post.", ["ESP"]))


def test_ethnic_militias():
    found = names("Pokot raiders clashed with Turkana herders near the river in West Pokot County.", ["KEN"])
    assert ("Pokot raiders", "Pokot Ethnic Militia") in found
    assert ("Turkana herders", "Turkana Ethnic Militia") in found
    assert all(t != "Pokot" for t, _ in found)  # the county is a place


def test_longest_match_and_no_overlaps():
    text = "Islamic State in Iraq and the Levant militants and Syrian army troops fought; Syrian troops withdrew."
    ms = find_matches(text, [])
    assert text[ms[0].start:ms[0].end] == "Islamic State in Iraq and the Levant militants"
    for a, b in zip(ms, ms[1:]):
        assert a.end <= b.start


def test_lookup_actor_for_later_stages():
    assert lookup_actor("the army", "LBN") == ("Military Forces of Lebanon", "State forces", "LBN")
    assert lookup_actor("Daesh", None) == ("Islamic State", "Rebel group", None)
    assert lookup_actor("demonstrators", "IRQ")[:2] == ("Protesters (Iraq)", "Protesters")
    assert lookup_actor("the weather", "IRQ") is None


def test_document_countries():
    weights = dictionary.document_countries(
        "Lebanese troops crossed into Syria; Lebanon's army said the Lebanese side was calm.")
    assert weights[0][0] == "LBN" and dict(weights)["SYR"] > 0


# ---------------------------------------------------------------- the stage (needs the spaCy model)


def test_one_mention_counts_once_for_its_country():
    # a group's name matched by several of its aliases ("Al Shabaab", "al Shabaab", "Shabaab") is one
    # mention, and so is a demonym inside a state force's name: each counts once, at its heaviest weight
    assert dictionary.document_countries("Al Shabaab fighters raided a camp at dawn.") == [
        ("SOM", dictionary.WEIGHT_ACTOR)]
    weights = dict(dictionary.document_countries("The Kenyan army shelled the camp; Al Shabaab fled."))
    assert weights["SOM"] == dictionary.WEIGHT_ACTOR and weights["KEN"] == dictionary.WEIGHT_ADJECTIVE


@pytest.fixture(scope="module")
def run_stage():
    from eventcoder.api import get_pipeline
    from eventcoder.document import Context, Document
    from eventcoder.stages.actors import find_actor_mentions
    from eventcoder.stages.sentences import split_sentences

    nlp = get_pipeline().nlp

    def run(text, published=None):
        ctx = Context(document=Document(text=text), published=published)
        ctx.doc = nlp(text)
        ctx.sentences = split_sentences(ctx)
        return find_actor_mentions(ctx)

    return run


@pytest.mark.slow
def test_is_the_group_not_the_verb(run_stage):
    text = ("Iraqi forces said IS fighters had fled the town. The situation is calm now.\n"
            "This IS the end, a resident said.\n\nTHE TOWN IS QUIET AFTER THE FIGHTING")
    mentions = run_stage(text)
    is_mentions = [m for m in mentions if m.text.split()[0] in ("IS", "is")]
    assert [(m.text, m.name) for m in is_mentions] == [("IS fighters", "Islamic State")]


@pytest.mark.slow
def test_is_after_a_full_name_and_after_a_preposition(run_stage):
    text = "The Islamic State lost ground. Soldiers drove IS out of the valley, and villagers IS kidnapped were freed."
    got = [m.start for m in run_stage(text) if m.text == "IS"]
    assert got == [text.index("IS out"), text.index("IS kidnapped")]


@pytest.mark.slow
def test_stage_mentions_are_sorted_disjoint_and_exact(run_stage):
    text = ("Syrian troops and Hezbollah fighters pushed ISIS militants out of the hills, the Lebanese army said. "
            "Gunmen later shot two civilians, and protesters gathered outside parliament.")
    mentions = run_stage(text, date(2017, 8, 28))
    for m in mentions:
        assert text[m.start:m.end] == m.text
    for a, b in zip(mentions, mentions[1:]):
        assert a.end <= b.start
    by_text = {m.text: m for m in mentions}
    assert by_text["Hezbollah fighters"].name == "Hezbollah"
    assert by_text["ISIS militants"].name == "Islamic State"
    assert by_text["Lebanese army"].name == "Military Forces of Lebanon"
    assert by_text["Syrian troops"].name == "Military Forces of Syria (2000-)"
    assert by_text["civilians"].inter == "Civilians"


@pytest.mark.slow
def test_bare_army_takes_the_documents_country(run_stage):
    text = "Fighting flared in northern Mali on Sunday. The army said soldiers repelled an attack by gunmen."
    by_text = {m.text: m for m in run_stage(text)}
    assert by_text["army"].name.startswith("Military Forces of Mali")
    assert by_text["gunmen"].name == "Unidentified Armed Group (Mali)"


@pytest.mark.slow
def test_unknown_armed_groups_from_entities(run_stage):
    text = ("Fighters of the Northern Liberation Front attacked a checkpoint while the Sultan Murad Brigade "
            "shelled a road.")
    ner = {m.name: m for m in run_stage(text) if m.source == "ner"}
    assert ner["Northern Liberation Front"].inter == "Rebel group"
    assert ner["Sultan Murad Brigade"].inter == "Political militia"


@pytest.mark.slow
def test_acceptance_article_actors(run_stage):
    txt = ACCEPTANCE / "000_bd314e2edf243133.txt"
    gold = ACCEPTANCE / "000_bd314e2edf243133.gold.json"
    if not (txt.exists() and gold.exists()):
        pytest.skip("shared acceptance article not available")
    text = txt.read_text("utf-8")
    mentions = run_stage(text, date(2017, 8, 28))
    for g in json.loads(gold.read_text("utf-8"))["actors"]:
        hit = [m for m in mentions if m.start <= g["start"] < m.end]
        assert hit and hit[0].name == g["name"], g


def test_a_people_of_one_country_weighs_for_it():
    weights = dict(dictionary.document_countries("Turkana raiders attacked Pokot herders at dawn."))
    assert weights.get("KEN", 0) > 0


def test_the_noun_after_two_adjectives_serves_both_countries():
    # "Armenian and Azerbaijani troops": the forces of both countries
    found = names("Armenian and Azerbaijani troops exchanged fire near Tovuz on Monday.", when=date(2020, 7, 13))
    assert ("Armenian", "Military Forces of Armenia (2018-)") in found
    assert any(span == "Azerbaijani troops" and name.startswith("Military Forces of Azerbaijan") for span, name in found)


@pytest.mark.parametrize("text, found", [
    ("Cadres of the Kelmo National Liberation Front beat two shopkeepers.", False),
    ("Fighters of the National Liberation Front shelled the village.", True),
    ("Fighters of the Syrian National Liberation Front shelled the village.", True),
    ("National Liberation Front fighters shelled the village.", True),
])
def test_a_capitalised_word_before_a_groups_name_makes_it_another_group(text, found):
    # "the Kelmo National Liberation Front" is no Syrian faction; a country's adjective or a sentence's
    # first word before the name leaves it the faction
    names = [m.name for m in find_matches(text, [], date(2020, 1, 1)) if m.country == "SYR"]
    assert bool(names) is found, names


def test_a_context_alias_is_matched_once_the_places_name_the_country(code):
    # nothing but the places says the text is Afghan: "NDS" is matched once they are resolved, and its
    # members killed by gunmen are an armed side (a clash), not civilians
    doc = code("On 3 May 2023, gunmen on a motorbike killed two NDS members at a bazaar in Ghoryan district, Herat.",
               published=date(2023, 5, 4))
    assert any(a["name"].endswith("National Directorate of Security") for a in doc["actors"])
    assert [e["event_type"] for e in doc["events"]] == ["Battles"]
    assert doc["events"][0]["actor2"].startswith("Police Forces of Afghanistan")
    assert doc["events"][0]["actor2"].endswith("National Directorate of Security")
    # (a text whose places point nowhere in particular matches no such alias)
    doc = code("On 3 May 2023, gunmen on a motorbike killed two NDS members at a bazaar.", published=date(2023, 5, 4))
    assert not any("Directorate" in a["name"] for a in doc["actors"])


@pytest.mark.parametrize("text, iso3, country", [
    # a union, a movement or a party of one country says which country a note naming no place is about:
    # its crowd is that country's, coded at the capital as ACLED codes a country-level event
    ("Members of the Bajrang Dal marched against the screening of a film.", "IND", "India"),
    ("CITU members demonstrated outside a spinning mill over unpaid wages.", "IND", "India"),
    ("Hefazat-e-Islam supporters rallied after Friday prayers against a new law.", "BGD", "Bangladesh"),
    ("Cadres of the UCPN (Maoist) picketed the land revenue office.", "NPL", "Nepal"),
    ("Supporters of the National Super Alliance demonstrated outside the electoral commission.", "KEN", "Kenya"),
])
def test_a_national_party_or_union_gives_a_note_its_country(code, text, iso3, country):
    doc = code(text, published=date(2016, 3, 4))
    assert doc["events"], doc["places"]
    ev = doc["events"][0]
    assert ev["country"] == country and ev["actor1"] == f"Protesters ({country})", (ev["actor1"], ev["country"])


def test_a_national_group_resolves_a_city_many_countries_share(code):
    # Hyderabad is India's and Pakistan's: a Pakistani group's rally there is in Sindh
    doc = code("Workers of the Jamaat-ud-Dawa held a rally in Hyderabad to condemn the shelling.",
               published=date(2016, 3, 4))
    assert [(p["text"], p["iso3"]) for p in doc["places"]] == [("Hyderabad", "PAK")]


@pytest.mark.parametrize("text, published, name", [
    # the dictionary's names are ACLED's own, as its exports of 2020 spell them
    ("Wilayat Sinai fighters attacked an army checkpoint near Bir al-Abd on Monday, killing three soldiers.",
     "2020-05-05", "Islamic State (Egypt)"),
    ("Imbonerakure members beat a teacher in Kelmo commune, Burundi, on Monday.", "2020-05-05",
     "CNDD-FDD-Imbonerakure: National Council for the Defence of Democracy (Imbonerakure Faction)"),
    ("BRN gunmen shot dead a village headman in Narathiwat on Monday.", "2015-05-05",
     "Southern Muslim Separatists (Thailand)"),
    # since the split of August 2016 a report's bare "Boko Haram" may be either faction, and ACLED names
    # both; before it, the one group
    ("Boko Haram fighters raided Kelmo village in Borno on Monday, killing four farmers.", "2020-05-05",
     "Islamic State (West Africa) and/or Boko Haram - Jamatu Ahli is-Sunnah lid-Dawatai wal-Jihad"),
    ("Boko Haram fighters raided Kelmo village in Borno on Monday, killing four farmers.", "2014-05-05",
     "Boko Haram - Jamatu Ahli is-Sunnah lid-Dawatai wal-Jihad"),
    ("Fighters of the Shekau faction raided Kelmo village in Borno on Monday, killing four farmers.", "2020-05-05",
     "Boko Haram - Jamatu Ahli is-Sunnah lid-Dawatai wal-Jihad"),
    # France's operation in the Sahel is its armed forces, acting abroad
    ("Barkhane troops killed four militants near Kelmo, Gao region, Mali, on Monday.", "2020-05-05",
     "Military Forces of France"),
    # either of two groups, as a report leaves it, is ACLED's "A and/or B"
    ("Presumed JNIM or ISGS gunmen shot dead a herder near Kelmo, Burkina Faso, on Monday.", "2020-05-05",
     "JNIM: Group for Support of Islam and Muslims and/or Islamic State (Greater Sahara)"),
    ("Raia Mutomboki fighters looted shops in Kelmo village (Shabunda, Sud-Kivu) on Monday.", "2020-05-05",
     "Mayi Mayi Militia (Raia Mutomboki)"),
    # a name ACLED changed: the Arakan Army's in its data of 2015, and of 2020
    ("Tatmadaw troops fought Arakan Army fighters near Kelmo village, Rakhine State, on Monday.", "2015-05-05",
     "AA: Arakan Army"),
    ("Tatmadaw troops fought Arakan Army fighters near Kelmo village, Rakhine State, on Monday.", "2020-05-05",
     "ULA/AA: United League of Arakan/Arakan Army"),
    # Afghanistan's local police by the men of the force ("local policemen"), as by the force's name
    ("Two local policemen died when Taliban fighters stormed their checkpoint in Kelmo district, Baghlan, on Monday.",
     "2020-05-05", "Police Forces of Afghanistan (2014-) Afghan Local Police"),
])
def test_dictionary_names_are_acleds(code, text, published, name):
    doc = code(text, published=published)
    assert doc["events"], f"no event coded for: {text}"
    ev = doc["events"][0]
    assert name in (ev["actor1"], ev["actor2"])


def test_local_policemen_are_afghanistans_only_in_afghanistan(code):
    doc = code("Two local policemen were hurt when rioters stoned their post in Kelmo, Kenya, on Monday.",
               published="2020-05-05")
    assert not any("Afghan" in (a["name"] or "") for a in doc["actors"])


@pytest.mark.parametrize("iso3,day,span", [
    # a span that begins in the year the one before it ends begins on its first day
    ("MEX", date(2024, 3, 1), "(2018-)"), ("AFG", date(2021, 6, 1), "(2014-)"),
    ("NGA", date(2023, 3, 1), "(2015-)"), ("USA", date(2021, 1, 13), "(2017-)"),
    ("SYR", date(2024, 3, 1), "(2000-)"),
    # (guards: after the first day, and in years of one span)
    ("MEX", date(2024, 10, 2), "(2024-)"), ("AFG", date(2021, 9, 1), "(2021-)"),
    ("MEX", date(2019, 5, 1), "(2018-)"), ("MEX", date(2025, 5, 1), "(2024-)"),
])
def test_a_state_span_begins_on_its_first_day(iso3, day, span):
    from eventcoder.resources.actors import state_span

    assert state_span(iso3, day) == span
