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


@pytest.mark.parametrize("text,expected", [
    # a town taken after the other side withdrew, with no fight told, is one non-violent transfer (was also a
    # territory overtaken on the same day and place)
    ("RSF fighters took control of Singa on Saturday after the army withdrew.",
     [("Non-violent transfer of territory", "RSF: Rapid Support Forces")]),
    # (guard) taken after fighting stays overtaken
    ("Al Shabaab fighters seized the town of Mahas on Monday after heavy fighting with troops.",
     [("Non-state actor overtakes territory", "Al Shabaab")]),
])
def test_a_town_taken_after_a_withdrawal(code, text, expected):
    assert [(e["sub_event_type"], e["actor1"]) for e in code(text, published="2024-07-01")["events"]] == expected


@pytest.mark.parametrize("text,expected", [
    # an armed side beside a roadside bomb no one is said to have laid is its target (was its layer)
    ("An improvised bomb exploded beside a patrol of the Popular Mobilisation Forces in Muqdadiya on Sunday, wounding "
     "three fighters.", ("Unidentified Armed Group (Iraq)", "Popular Mobilization Forces")),
    # (guard) a group's bomb is the group's
    ("An Al Shabaab roadside bomb killed three soldiers near Afgoye on Sunday.",
     ("Al Shabaab", "Military Forces of Somalia (2022-)")),
])
def test_the_side_beside_a_roadside_bomb(code, text, expected):
    assert [(e["actor1"], e["actor2"]) for e in code(text, published=PUB)["events"]] == [expected]


@pytest.mark.parametrize("text,expected", [
    # those a mob lynches, whatever it suspects them of, are civilians (were an unidentified armed group)
    ("An angry mob lynched two suspected kidnappers in Jalingo on Monday.", ("Rioters (Nigeria)", "Civilians (Nigeria)")),
    # a crowd's act named by its verb, done by armed men, tells no rioters (they were the army's foe)
    ("Insurgents raided the town of Macomia on Friday, looting food and battling Mozambican troops for hours.",
     ("Unidentified Armed Group (Mozambique)", "Military Forces of Mozambique")),
])
def test_mob_victims_and_armed_men_looting(code, text, expected):
    assert [(e["actor1"], e["actor2"]) for e in code(text, published="2024-05-14")["events"]] == [expected]


@pytest.mark.parametrize("text,expected", [
    # those who repel an attack are its target; the attack's own doer is the first side, an ally the target's
    # associate (was the army against its own ally, the RSF left out)
    ("Sudan's army and allied Joint Forces repelled an RSF assault on El Fasher on Saturday.",
     ("RSF: Rapid Support Forces", "Military Forces of Sudan (2019-)", ["Joint Forces"])),
    ("Soldiers repulsed an ISWAP raid on Monguno on Friday, killing 20 militants.",
     ("Islamic State (West Africa)", "Military Forces of Nigeria (2023-)", [])),
    ("Troops repelled an assault on a base near Afgoye on Sunday.",
     ("Unidentified Armed Group (Somalia)", "Military Forces of Somalia (2022-)", [])),
])
def test_an_attack_repelled(code, text, expected):
    assert [(e["actor1"], e["actor2"], e["assoc_actor_2"]) for e in code(text, published="2024-06-30")["events"]] \
        == [expected]
