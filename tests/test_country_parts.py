"""A part of a country named by compass words ("in northern Kelmoria", "Kelmoria's north-east", "the north of
Kelmoria"): the first-level region that part stands for, at its main town (ACLED's precision 3), not the
capital a country-wide event would be coded at."""

from __future__ import annotations

import pytest

from eventcoder.resources.gazetteer import get_gazetteer

PUB = "2024-05-14"


def _where(doc):
    return [(e["admin1"], e["geo_precision"]) for e in doc["events"]]


@pytest.mark.parametrize("text,admin1", [
    ("Gunmen on motorbikes killed seven villagers in northern Burkina Faso on Sunday, the army said.", "Sahel"),
    ("Boko Haram fighters burned a market in Nigeria's north-east on Friday, killing 11 traders.", "Borno"),
    ("Militants ambushed a police patrol on Saturday in eastern Afghanistan, killing four officers.", "Kunar"),
    ("Separatists attacked a gendarmerie post in Cameroon's far north on Monday, killing two gendarmes.",
     "Extreme-Nord"),
    # the middle: the region nearest the middle of the country's regions
    ("Al Shabaab fighters stormed a district town in the centre of Somalia on Monday, killing six soldiers.",
     "Galgaduud"),
    ("Gunmen killed eight farmers in Nigeria's central region on Tuesday, police said.", "Nasarawa"),
    # countries.json `compass_regions`: the region the news means where the geometry picks another
    ("Soldiers torched three villages in central Myanmar on Friday, killing four residents.", "Mandalay"),
    ("Insurgents beheaded five farmers in northern Mozambique on Thursday, local officials said.", "Cabo Delgado"),
    ("Rebels raided a village in eastern Congo overnight on Sunday, killing 14 people, a local chief said.",
     "Nord-Kivu"),
])
def test_a_part_of_a_country_is_its_region(code, text, admin1):
    assert _where(code(text, published=PUB)) == [(admin1, 3)]


def test_a_part_named_elsewhere_in_the_text(code):
    # the headline names the part; the sentence of the act names the country alone
    doc = code("Attack in northern Burkina Faso kills seven\n\nGunmen killed seven villagers in Burkina Faso on "
               "Sunday, the army said.", published=PUB)
    assert {e["admin1"] for e in doc["events"]} == {"Sahel"}


def test_capitalised_compass_word_before_a_country(code):
    # "South Lebanon" is also an Ohio village's name: in a report of Hezbollah's, the country's south
    doc = code("Hezbollah said it attacked an Israeli position in South Lebanon on Monday.", published=PUB)
    assert [(e["country"], e["admin1"]) for e in doc["events"]] == [("Lebanon", "Nabatieh")]


def test_the_village_addressed_by_its_state_stays(code):  # (guard)
    doc = code("Gunmen killed three people in South Lebanon, Ohio, on Monday, police said.", published=PUB)
    assert [(e["location"], e["admin1"]) for e in doc["events"]] == [("South Lebanon", "Ohio")]


def test_a_town_named_beats_the_part(code):  # (guard)
    doc = code("Jihadists attacked an army camp in the town of Menaka in northern Mali on Tuesday, killing six soldiers.",
               published=PUB)
    assert [e["location"] for e in doc["events"]] == ["Menaka"]


def test_a_country_without_a_part_is_coded_at_its_capital(code):  # (guard)
    doc = code("Riot police chased away stone-throwing students in Kenya on Tuesday.", published=PUB)
    assert [(e["location"], e["geo_precision"]) for e in doc["events"]] == [("Nairobi", 3)]


def test_compass_region_of_the_gazetteer(pipeline):
    gz = get_gazetteer(pipeline.settings)
    assert gz.compass_region("NGA", ("north", "east")).admin1 == "Borno"
    # not the capital's region, though Dakar is Senegal's westernmost town
    west = gz.compass_region("SEN", ("west",))
    assert west is not None and gz.main_town(west)[0] != "Dakar"
    assert gz.compass_region("NGA", ()) is None
    assert gz.compass_region("XXX", ("north",)) is None


def test_two_parts_named_keep_the_country(code):  # (guard)
    doc = code("Militants attacked army bases in northern and southwestern Somalia on Friday, killing nine soldiers.",
               published=PUB)
    assert [(e["location"], e["admin1"]) for e in doc["events"]] == [("Mogadishu", None)]


def test_shebelle_spelling_of_the_shabelle_regions(code):
    doc = code("Al Shabaab fighters attacked an army base in Lower Shebelle on Monday, killing three soldiers.",
               published=PUB)
    assert [e["admin1"] for e in doc["events"]] == ["Lower Shabelle"]


def test_a_name_s_centre_is_no_part(code):  # (guard)
    # "the Centre of" a union's name is no middle of the country
    doc = code("Dock workers of the Centre of Nepali Labour Unions held a sit-in over unpaid wages on Monday.",
               published=PUB)
    assert [(e["location"], e["admin1"]) for e in doc["events"]] == [("Kathmandu", None)]
