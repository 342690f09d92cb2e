"""Air war reports: drones and missiles brought down, a country's name as the doer of an act of force, forces whose
country their teller gives ("Kelmoria said its troops ...")."""

from __future__ import annotations

import pytest

PUB = "2024-08-22"


def _brief(doc):
    return [(e["sub_event_type"], e["actor1"], e["actor2"], e["fatalities"]) for e in doc["events"]]


@pytest.mark.parametrize("text,expected", [
    # ACLED: a drone downed or a missile intercepted is a disrupted weapons use, the interceptor its first side
    ("Russian air defences downed nine Ukrainian drones over the Kursk region overnight, officials said.",
     [("Disrupted weapons use", "Military Forces of Russia (2000-)", "Military Forces of Ukraine (2019-)", 0)]),
    ("Russian air defence systems destroyed 18 Ukrainian drones above the Bryansk region on Sunday.",
     [("Disrupted weapons use", "Military Forces of Russia (2000-)", "Military Forces of Ukraine (2019-)", 0)]),
])
def test_drones_brought_down(code, text, expected):
    assert _brief(code(text, published=PUB)) == expected


def test_drones_shot_down_of_a_count(code):  # (guard)
    # the parser reads "down" of "shot down 11 of 13" as an adverb: still no shooting at anyone
    doc = code("Ukraine's air force said it shot down 11 of 13 Russian drones aimed at Odesa on Monday.", published=PUB)
    assert [(e["sub_event_type"], e["actor1"], e["fatalities"]) for e in doc["events"]] == [
        ("Disrupted weapons use", "Military Forces of Ukraine (2019-)", 0)]


def test_drones_shot_down_of_a_launch_are_no_dead(code):
    doc = code("Russian forces launched 50 drones at Kharkiv overnight, of which 41 were shot down, the air force "
               "said.", published=PUB)
    assert [(e["sub_event_type"], e["actor1"], e["fatalities"]) for e in doc["events"]] == [
        ("Air/drone strike", "Military Forces of Russia (2000-)", 0)]


@pytest.mark.parametrize("text,expected", [
    # ACLED: a crewed aircraft shot down is a shelling/artillery/missile attack
    ("Militia fighters shot down a small passenger plane as it came in to land at an airstrip outside Beledweyne on "
     "Friday, killing the three people on board.", ("Shelling/artillery/missile attack", 3)),
    ("Insurgents downed an army helicopter near Kidal on Monday, killing both pilots.",
     ("Shelling/artillery/missile attack", 2)),
])
def test_crewed_aircraft_brought_down(code, text, expected):
    assert [(e["sub_event_type"], e["fatalities"]) for e in code(text, published=PUB)["events"]] == [expected]


def test_downed_tools_is_no_weapon(code):  # (guard)
    assert code("Dock workers downed tools at the port of Mombasa on Tuesday over unpaid allowances.",
                published=PUB)["events"] == []


def test_drones_that_destroy_a_tank_strike_it(code):
    doc = code("Ukrainian drones destroyed two Russian tanks near Pokrovsk on Tuesday.", published=PUB)
    assert [(e["sub_event_type"], e["actor1"], e["admin1"]) for e in doc["events"]] == [
        ("Air/drone strike", "Military Forces of Ukraine (2019-)", "Donetsk")]


def test_air_defences_named_with_no_country_are_the_event_country(code):
    doc = code("A Ukrainian drone attack on Belgorod wounded five people on Monday, the governor said. "
               "Air defences downed six more drones over the region.", published=PUB)
    downed = [e for e in doc["events"] if e["sub_event_type"] == "Disrupted weapons use"]
    assert [e["actor1"] for e in downed] == ["Military Forces of Russia (2000-)"]


@pytest.mark.parametrize("text,expected", [
    # a country's name that does an act of force is its military, not an unidentified group
    ("Russia launched 45 drones at Kyiv overnight, the city administration said.",
     ("Air/drone strike", "Military Forces of Russia (2000-)", "Kyiv")),
    ("Iran fired ballistic missiles at a base near Erbil on Sunday.",
     ("Shelling/artillery/missile attack", "Military Forces of Iran (1989-)", "Erbil")),
    ("Turkey carried out air strikes on militant hideouts in Duhok province on Thursday.",
     ("Air/drone strike", "Military Forces of Turkey (2002-)", "Dihok")),
    # and a state acting abroad is no evidence of where: Bryansk is Russia's city, not left unplaced
    ("Ukraine attacked a fuel depot in Bryansk with drones on Tuesday.",
     ("Air/drone strike", "Military Forces of Ukraine (2019-)", "Bryansk")),
])
def test_a_country_as_the_doer_of_force(code, text, expected):
    assert [(e["sub_event_type"], e["actor1"], e["location"]) for e in code(text, published=PUB)["events"]] == [
        expected]


def test_a_country_that_only_speaks_is_no_actor(code):  # (guard)
    doc = code("Russia said gunmen killed two guards at a checkpoint in Belgorod on Monday.", published=PUB)
    assert [e["actor1"] for e in doc["events"]] == ["Unidentified Armed Group (Russia)"]


def test_forces_the_teller_owns(code):
    doc = code("Russia said its air defences intercepted eight Ukrainian missiles over Crimea on Monday.",
               published=PUB)
    assert [(e["actor1"], e["actor2"]) for e in doc["events"]] == [
        ("Military Forces of Russia (2000-)", "Military Forces of Ukraine (2019-)")]


def test_its_forces_in_what_a_country_says(code):
    doc = code("Pakistan said its forces killed five militants in a raid in North Waziristan on Sunday.", published=PUB)
    assert [e["actor1"] for e in doc["events"]] == ["Military Forces of Pakistan (2022-)"]


def test_galilee_is_a_region_of_israel(code):
    doc = code("Israeli air defences intercepted three drones launched from Lebanon over the Upper Galilee on "
               "Monday, the military said.", published=PUB)
    assert [(e["location"], e["country"], e["actor1"]) for e in doc["events"]] == [
        ("Upper Galilee", "Israel", "Military Forces of Israel (2022-)")]


def test_a_country_that_tells_its_own_strike(code):
    doc = code("Ukraine said it hit an ammunition depot in the Voronezh region with drones overnight.", published=PUB)
    assert [(e["sub_event_type"], e["actor1"]) for e in doc["events"]] == [
        ("Air/drone strike", "Military Forces of Ukraine (2019-)")]


def test_strikes_read_as_a_second_subject_of_the_teller(code):
    # the parser makes "strikes" a subject of "said" and "killed" its participle: the officials speak, the
    # strikes are Israel's air strikes, and the Palestinians they killed civilians
    doc = code("Israeli strikes killed at least 25 Palestinians across the Gaza Strip on Sunday, medics said.",
               published=PUB)
    assert _brief(doc) == [("Air/drone strike", "Military Forces of Israel (2022-)", "Civilians (Palestine)", 25)]


@pytest.mark.parametrize("text,actor2", [
    # a demonym that takes no plural, before a noun of civilians: that country's civilians, not the event's
    ("Gunmen kidnapped two Chinese nationals at a gold mine in Zamfara on Monday, police said.", "Civilians (China)"),
    ("Bandits abducted four Turkish engineers from a road site near Kaduna on Tuesday.", "Civilians (Turkey)"),
    # (guard: soldiers are no civilians, whoever's)
    ("Gunmen killed two Nigerian soldiers in Zamfara on Monday.", "Military Forces of Nigeria (2023-)"),
])
def test_foreign_nationals_harmed(code, text, actor2):
    assert [e["actor2"] for e in code(text, published=PUB)["events"]] == [actor2]


def test_nationals_called_armed_are_no_civilians(code):  # (guard)
    doc = code("Israeli troops killed three Palestinian gunmen in Tubas on Monday.", published=PUB)
    assert [e["actor2"] for e in doc["events"]] != ["Civilians (Palestine)"]


@pytest.mark.parametrize("text,expected", [
    # a state that strikes with no weapon named strikes from afar; its "targets" are what it struck
    ("The U.S. struck Houthi radar stations near Hodeidah on Monday, the Pentagon said.",
     ("Air/drone strike", "Military Forces of the United States (2021-)")),
    ("Israel struck Hezbollah targets near Nabatieh on Sunday, the military said.",
     ("Air/drone strike", "Military Forces of Israel (2022-)")),
    # a country that says "it" bombed bombed from the air; a name the recogniser calls no place, with a verb only
    # armed forces do
    ("South Sudan said it bombed rebel positions near Nasir on Sunday.",
     ("Air/drone strike", "Military Forces of South Sudan (2011-)")),
    ("Chad bombed Boko Haram hideouts on islands of Lake Chad on Sunday.",
     ("Air/drone strike", "Military Forces of Chad")),
])
def test_a_state_striking_from_afar(code, text, expected):
    assert [(e["sub_event_type"], e["actor1"]) for e in code(text, published=PUB)["events"]] == [expected]


def test_a_man_named_like_a_country_is_no_army(code):  # (guard)
    doc = code("Chad shot his neighbour in Houston on Tuesday, police said.", published=PUB)
    assert all(not (e["actor1"] or "").startswith("Military Forces") for e in doc["events"])


def test_a_country_attacking_another_is_not_where(code):
    doc = code("Russia attacked Ukraine with 60 drones overnight. Air defences shot down 52 of the drones, the air "
               "force said.", published=PUB)
    assert [(e["sub_event_type"], e["actor1"], e["country"], e["fatalities"]) for e in doc["events"]] == [
        ("Air/drone strike", "Military Forces of Russia (2000-)", "Ukraine", 0),
        ("Disrupted weapons use", "Military Forces of Ukraine (2019-)", "Ukraine", 0)]


def test_a_country_s_missile_strike_is_no_air_strike(code):
    doc = code("A Russian missile strike on the city of Zaporizhzhia killed three people on Monday, officials said.",
               published=PUB)
    assert [(e["sub_event_type"], e["actor1"]) for e in doc["events"]] == [
        ("Shelling/artillery/missile attack", "Military Forces of Russia (2000-)")]


def test_a_country_striking_a_deal_strikes_no_one(code):  # (guard)
    doc = code("Zambia struck a deal with its creditors in Lusaka on Tuesday.", published=PUB)
    assert [e["sub_event_type"] for e in doc["events"] if e["event_type"] != "Strategic developments"] == []
    assert all(not (e["actor1"] or "").startswith("Military Forces") for e in doc["events"])


@pytest.mark.parametrize("text,expected", [
    # Russian regions GeoNames spells otherwise ("Voronezj", "Brjansk"): the region, at its capital, precision 3
    ("Ukrainian drones set fire to a fuel depot in the Voronezh region overnight, the governor said.",
     ("Voronezh", 3)),
    ("Drones hit a power substation in the Bryansk region on Monday, the governor said.", ("Bryansk", 3)),
    # the bare name stays the city's (guard)
    ("A drone hit an apartment block in Voronezh overnight, injuring three people.", ("Voronezh", 1)),
])
def test_russian_regions_geonames_spells_otherwise(code, text, expected):
    assert [(e["location"], e["geo_precision"]) for e in code(text, published=PUB)["events"]] == [expected]


def test_regime_shelling_is_the_state_s(code):
    doc = code("Regime shelling killed four civilians in the southern Idlib countryside on Monday, a monitor said.",
               published="2020-03-10")
    assert [e["actor1"] for e in doc["events"]] == ["Military Forces of Syria (2000-)"]


# review of 4d040f2 (these fail there, but the guards)
@pytest.mark.parametrize("text,actor1", [
    # a country that launches no weapon is no doer: the gunmen are
    ("Uganda launched an inquiry on Friday after gunmen shot dead four traders in the Kasese district town of Bwera.",
     "Unidentified Armed Group (Uganda)"),
    # the agent of a passive launch of drones is its military (guard)
    ("Drones launched by Russia struck a grain silo in Izmail on Friday, the governor said.",
     "Military Forces of Russia (2000-)"),
])
def test_launching_is_force_only_of_weapons(code, text, actor1):
    assert [e["actor1"] for e in code(text, published=PUB)["events"]][:1] == [actor1]


def test_a_country_striking_gold_strikes_no_one(code):
    doc = code("Kenya struck gold in the steeplechase at the games in Paris on Friday.", published=PUB)
    assert all(not (e["actor1"] or "").startswith("Military Forces") for e in doc["events"])


def test_nationals_killed_in_a_fight_are_no_civilians(code):
    doc = code("Israeli troops killed two Palestinians in a shootout in Nablus on Friday.", published=PUB)
    assert [e["actor2"] for e in doc["events"]] != ["Civilians (Palestine)"]


@pytest.mark.parametrize("text,sides", [
    ("Air defences shot down four Ukrainian drones over Horlivka on Friday, Russian-installed officials said.",
     ("Military Forces of Russia (2000-)", "Military Forces of Ukraine (2019-)")),
    ("Houthi air defences downed an American drone over Marib on Friday.",
     ("Ansar Allah", "Military Forces of the United States (2021-)")),
    # (guard) the teller's, not the place's country (Syria's, by GeoNames) nor the teller's as the drone's owner
    ("Air defences intercepted a drone over the Golan Heights on Friday, the Israeli military said.",
     ("Military Forces of Israel (2022-)", None)),
])
def test_whose_air_defences(code, text, sides):
    assert [(e["actor1"], e["actor2"]) for e in code(text, published=PUB)["events"]] == [sides]


@pytest.mark.parametrize("text,expected", [
    # "shot down" of people, as South Asian reports write it, is a killing (not of a proposal)
    ("Unidentified gunmen shot down a shopkeeper in the Satellite Town area of Quetta on Friday.",
     [("Attack", 1)]),
    ("A constable was shot down by gunmen on motorcycles in Bannu on Friday.", [("Armed clash", 1)]),
    ("The senate committee shot down the budget proposal in Islamabad on Friday.", []),  # (guard)
])
def test_people_shot_down(code, text, expected):
    assert [(e["sub_event_type"], e["fatalities"]) for e in code(text, published=PUB)["events"]] == expected


@pytest.mark.parametrize("text,expected", [
    # a capital that does an act of force stands for its state, and is no place of the event
    ("Washington struck an ammunition store in eastern Syria on Friday, the Pentagon said.",
     ("Military Forces of the United States (2021-)", "Syria")),
    ("Kyiv said it struck a Russian patrol boat off Crimea on Friday.", ("Military Forces of Ukraine (2019-)", "Ukraine")),
])
def test_a_capital_as_the_doer_of_force(code, text, expected):
    assert [(e["actor1"], e["country"]) for e in code(text, published=PUB)["events"]] == [expected]


def _placed(doc):
    return [(e["sub_event_type"], e["actor1"], e["admin1"], e["fatalities"]) for e in doc["events"]]


@pytest.mark.parametrize("text,expected", [
    # an act in a clause opened by "after", done by a doer of its own at a place far from the main act's: two
    # events, each with its own sides and place (was one, the main act's doer placed at the clause's town)
    ("Israeli warplanes hit a house in southern Lebanon on Tuesday after Hezbollah launched rockets at Metula.",
     [("Air/drone strike", "Military Forces of Israel (2022-)", "Nabatieh", 0),
      ("Shelling/artillery/missile attack", "Hezbollah", "Northern", 0)]),
    ("Ukraine struck a fuel depot in Belgorod overnight after Russian missiles hit Sumy late on Monday, killing "
     "three people.",
     [("Air/drone strike", "Military Forces of Ukraine (2019-)", "Belgorod Oblast", 0),
      ("Shelling/artillery/missile attack", "Military Forces of Russia (2000-)", "Sumy", 3)]),
])
def test_an_act_after_another_far_away(code, text, expected):
    assert _placed(code(text, published=PUB)) == expected


@pytest.mark.parametrize("text,n", [
    # (guards: an act and its cause at one place stay one event)
    ("Anti-riot officers fired tear gas at students in Kisumu on Monday after they barricaded a road.", 1),
    ("Troops killed four insurgents in Bama on Sunday after they raided a checkpoint in the town.", 1),
])
def test_an_act_and_its_cause_at_one_place(code, text, n):
    assert len(code(text, published=PUB)["events"]) == n
