"""Actors and event types of common wire phrasings: a country's alias before a generic noun, "traded fire", local
government areas, Somali clans, gendarmerie targets."""

from __future__ import annotations

import pytest

PUB = "2024-03-13"


@pytest.mark.parametrize("text,actor1", [
    # an alias that names a group only in its country, before a generic noun, was the generic noun's unknown group
    ("ADF militants killed eleven villagers near Mabuo in Lubero territory on Tuesday.", "ADF: Allied Democratic Forces"),
    ("OLA rebels abducted 14 bus passengers near Ambo in Oromia region on Thursday.", "OLA: Oromo Liberation Army"),
    ("Suspected RSF gunmen abducted nine women near Tawila in North Darfur on Saturday.", "RSF: Rapid Support Forces"),
    ("Islamic State Sahel militants ambushed an army patrol near Menaka on Wednesday, killing eight soldiers.",
     "Islamic State (Greater Sahara)"),
])
def test_a_group_named_before_a_generic_noun(code, text, actor1):
    assert [e["actor1"] for e in code(text, published=PUB)["events"]] == [actor1]


def test_two_sides_trading_artillery_fire_clash(code):
    doc = code("Sudanese troops traded artillery fire with RSF fighters in Omdurman on Saturday.", published=PUB)
    assert [e["sub_event_type"] for e in doc["events"]] == ["Armed clash"]


@pytest.mark.parametrize("text", [
    "Bandits seized 30 villagers in the Tsafe local government area, Zamfara, on Sunday.",
    "Rioters set fire to a government building in Kano on Monday.",
])
def test_a_local_government_area_or_building_is_no_government_actor(code, text):
    doc = code(text, published=PUB)
    names = [n for e in doc["events"] for n in [e["actor1"], e["actor2"], *e["assoc_actor_1"], *e["assoc_actor_2"]]]
    assert doc["events"] and not any(n and n.startswith("Government of") for n in names)


def test_somali_clan_militias_are_named_by_clan(code):
    doc = code("Fighting between Habar Gidir and Abgal clan militias killed nine people near Galkayo on Monday.",
               published=PUB)
    assert [(e["actor1"], e["actor2"]) for e in doc["events"]] == [
        ("Habar Gedir Clan Militia (Somalia)", "Abgaal Clan Militia (Somalia)")]


def test_a_kenyan_people_s_militia_keeps_its_ethnic_name(code):  # (guard)
    doc = code("Pokot raiders killed four Turkana herders near Kapedo on Monday.", published=PUB)
    assert doc["events"][0]["actor1"] == "Pokot Ethnic Militia (Kenya)"


def test_a_gendarmerie_school_is_an_armed_target(code):
    doc = code("Militants attacked a gendarmerie training school in Kaya on Tuesday.", published=PUB)
    assert [e["event_type"] for e in doc["events"]] == ["Battles"]
