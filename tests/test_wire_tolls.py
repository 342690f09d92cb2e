"""Tolls, days and places of common wire phrasings: a day before a closing "residents said", a group's own dead,
dead told "also", lone and listed victims, settlements the index lacks under a dateline."""

from __future__ import annotations

import pytest

PUB = "2024-03-13"


def _events(code, text, published=PUB):
    return code(text, published=published)["events"]


@pytest.mark.parametrize("text,expected", [
    # a day between the act and a closing "residents said" is the act's, though the parser hangs it on the telling
    ("A junta air strike on a village in Sagaing region killed at least 12 villagers, including two children, on "
     "Tuesday, residents said.", [("2024-03-12", 1)]),
    ("Troops burned more than 80 homes in Kani township, Sagaing region, on Saturday, villagers said.",
     [("2024-03-09", 1)]),
    # (guard) the day of the telling stays the report's day
    ("Troops burned more than 80 homes in Kani township, villagers said on Saturday.", [("2024-03-09", 2)]),
])
def test_a_day_before_a_closing_teller_is_the_act_s(code, text, expected):
    assert [(e["event_date"], e["time_precision"]) for e in _events(code, text)] == expected


@pytest.mark.parametrize("text,deaths", [
    # a group telling of its own dead names them: the lowest of the two sides' figures
    ("The army said it killed 35 al Shabaab militants near Bulo Marer on Monday. Al Shabaab said only four of its "
     "fighters died.", 4),
    ("Pakistani troops said they killed 14 TTP militants in fighting in North Waziristan on Tuesday. The TTP said "
     "only three of its fighters had died.", 3),
    # dead told "also" are more than those before
    ("PDF fighters ambushed an army convoy near Budalin on Monday, killing six soldiers. Three resistance fighters "
     "were also killed.", 9),
])
def test_rival_and_added_tolls(code, text, deaths):
    assert [e["fatalities"] for e in _events(code, text)] == [deaths]


@pytest.mark.parametrize("text,deaths", [
    ("Israeli troops shot dead a Palestinian in Jenin on Monday.", 1),
    ("A Houthi sniper shot dead a boy in Taiz on Monday.", 1),
    ("Gunmen killed a farmer, a nurse and a shopkeeper in Tierralta on Saturday.", 3),
    ("Gunmen killed two Spanish tourists and an Afghan guide in Bamiyan on Saturday.", 3),
    # (guard) an apposition alone names the same person
    ("Gunmen killed the village chief, a retired teacher, in Kismayo on Monday.", 1),
])
def test_lone_and_listed_victims(code, text, deaths):
    assert [e["fatalities"] for e in _events(code, text)] == [deaths]


@pytest.mark.parametrize("text,precision", [
    # a settlement the index lacks, named before its word or after "near": the dateline's town only stands in
    ("YANGON (Reuters) - Junta jets bombed Kyauk Kyi village in Kani township on Monday, killing six villagers.", 2),
    ("BAMAKO (AFP) - Malian troops clashed with jihadists near Tinzaouaten on Saturday.", 3),
    # (guard) the dateline's own town named as the place
    ("BAMAKO (AFP) - Gunmen shot dead five traders in Bamako on Saturday.", 1),
])
def test_a_dateline_standing_in_for_an_unknown_settlement(code, text, precision):
    assert [e["geo_precision"] for e in _events(code, text)] == [precision]


def test_a_country_s_tanks_are_its_military_and_tanks_destroyed_a_fight(code):
    events = _events(code, "Israeli tanks shelled Khan Younis on Monday, killing four Palestinians. Hamas said its "
                           "fighters destroyed two tanks.")
    assert [(e["sub_event_type"], e["actor1"]) for e in events] == [
        ("Shelling/artillery/missile attack", "Military Forces of Israel (2022-)"), ("Armed clash", "Hamas Movement")]


@pytest.mark.parametrize("text,expected", [
    # herders who kill in Nigeria are the Fulani militia ACLED names, not a mob; herders killed are civilians
    ("Suspected herders killed 30 villagers in Bokkos, Plateau state, on Tuesday night, police said.",
     ("Attack", "Fulani Ethnic Militia (Nigeria)", "Civilians (Nigeria)")),
    ("Bandits killed five herdsmen in Zamfara on Monday.",
     ("Attack", "Unidentified Armed Group (Nigeria)", "Civilians (Nigeria)")),
])
def test_herders_in_nigeria(code, text, expected):
    assert [(e["sub_event_type"], e["actor1"], e["actor2"]) for e in _events(code, text, "2024-01-25")] == [expected]
