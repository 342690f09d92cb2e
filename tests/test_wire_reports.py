"""Wire reports: herders who attack, a toll told in a paragraph of its own, a state's bombing, forces named only by a
foreign dateline, a bomber among the dead, ACLED's names of regions."""

from __future__ import annotations

import pytest

PUB = "2024-05-10"


def _sides(doc):
    return [(e["sub_event_type"], e["actor1"], e["actor2"]) for e in doc["events"]]


@pytest.mark.parametrize("text,expected", [
    # herders who kill or attack villagers are an unidentified communal militia attacking civilians, not a mob
    ("Camel herders raided a hamlet outside Marsabit on Sunday, killing two shopkeepers.",
     ("Attack", "Unidentified Communal Militia (Kenya)", "Civilians (Kenya)")),
    ("A maize grower was killed with machetes by herders near Narok town on Tuesday.",
     ("Attack", "Unidentified Communal Militia (Kenya)", "Civilians (Kenya)")),
    ("Herders killed 12 farmers in a raid at first light on a hamlet in the Tillaberi region of Niger on Tuesday.",
     ("Attack", "Unidentified Communal Militia (Niger)", "Civilians (Niger)")),
])
def test_herders_who_attack_villagers(code, text, expected):
    assert _sides(code(text, published=PUB)) == [expected]


def test_herders_who_are_killed_are_victims(code):  # (guard)
    doc = code("On Sunday four herdsmen were shot dead and 60 goats driven off by unknown gunmen near Garissa.",
               published=PUB)
    assert [e["actor1"] for e in doc["events"]] == ["Unidentified Armed Group (Kenya)"]


def test_herders_who_fight_the_police_are_a_mob(code):  # (guard)
    doc = code("Herders grazing on a private ranch injured two police officers near Rumuruti when officers tried to "
               "evict them on Monday.", published=PUB)
    assert [e["sub_event_type"] for e in doc["events"]] == ["Mob violence"]


@pytest.mark.parametrize("text,fatalities", [
    # one sentence per paragraph: the toll told in the next paragraph is the act's, not a killing of its own
    ("Russian forces pounded the town of Nikopol with artillery on Monday.\n\n"
     "Three people died and nine were hurt, the regional governor said.", [3]),
    ("Russian drones hit an apartment block in Kharkiv on Tuesday.\n\n"
     "Four people died and 20 were hurt, the mayor said.", [4]),
])
def test_a_toll_told_in_the_next_paragraph(code, text, fatalities):
    assert [e["fatalities"] for e in code(text, published=PUB)["events"]] == fatalities


def test_a_toll_in_another_town_next_paragraph_stays_apart(code):  # (guard)
    doc = code("Russian forces pounded the town of Nikopol with artillery on Monday.\n\n"
               "Shelling killed a pensioner in Kherson on Wednesday, officials said.", published=PUB)
    assert len(doc["events"]) == 2


@pytest.mark.parametrize("text", [
    "The Myanmar military bombed a monastery in Sagaing region on Tuesday, killing nine people.",
    "Sudan's army bombed positions of the RSF near El Fasher on Wednesday.",
])
def test_a_state_military_bombing_is_an_air_strike(code, text):
    assert [e["sub_event_type"] for e in code(text, published=PUB)["events"]] == ["Air/drone strike"]


def test_militants_bombing_is_no_air_strike(code):  # (guard)
    doc = code("Militants bombed a passenger bus in Quetta on Tuesday, killing five.", published=PUB)
    assert [e["sub_event_type"] for e in doc["events"]] == ["Remote explosive/landmine/IED"]


@pytest.mark.parametrize("text,forces", [
    ("DUBAI, May 9 (Reuters) - Security forces opened fire on protesters gathered in Zahedan on Thursday, "
     "killing two, rights groups said.", "Military Forces of Iran"),
    ("NEW YORK, May 9 (Reuters) - Police used tear gas on farmers protesting in Juliaca on Thursday.",
     "Police Forces of Peru"),
])
def test_forces_named_only_by_a_foreign_dateline(code, text, forces):
    doc = code(text, published=PUB)
    assert [e["actor2"].split(" (")[0] for e in doc["events"]] == [forces]


def test_forces_of_the_dateline_country_named_in_the_text(code):  # (guard)
    doc = code("BEIRUT, May 9 (Reuters) - Lebanese troops fired at protesters in Tripoli on Thursday.", published=PUB)
    assert [e["actor2"].split(" (")[0] for e in doc["events"]] == ["Military Forces of Lebanon"]


@pytest.mark.parametrize("text,fatalities", [
    # ACLED counts a suicide bomber among the dead where the text tells of the bomber's death
    ("Outside a mosque, a suicide bomber triggered his vest in Peshawar on Friday, killing himself and 31 others.", 32),
    ("A suicide bomber hit a busy market in Bama on Friday, killing 18 people and himself.", 19),
    ("A suicide bomber hit a cattle market in Konduga on Friday, killing 11 people. The bomber was also killed.", 12),
])
def test_a_bomber_whose_death_is_told(code, text, fatalities):
    assert [e["fatalities"] for e in code(text, published=PUB)["events"]] == [fatalities]


def test_a_lone_victim_also_killed_adds_one(code):  # (guard)
    doc = code("Gunmen killed two soldiers at a checkpoint near Dikwa on Friday. A civilian was also killed.",
               published=PUB)
    assert [e["fatalities"] for e in doc["events"]] == [3]


@pytest.mark.parametrize("text,admin1", [
    ("Protesters rallied in Sidi Bouzid on Monday against rising prices.", "Sidi Bou Zid"),
    ("Gunmen killed three soldiers near Mosul on Monday.", "Ninewa"),
    ("Protesters blocked roads in Tripoli, Lebanon, on Monday.", "North"),
    ("Rebels attacked an army post near Goma on Monday.", "Nord-Kivu"),
])
def test_acled_region_names(code, text, admin1):
    assert [e["admin1"] for e in code(text, published=PUB)["events"]] == [admin1]


@pytest.mark.parametrize("text,expected", [
    # the counted-off clause has a day of its own and the act counted from none: the count runs forward
    ("Five days after the rebels captured Kidal on Saturday, army drones struck the town.",
     [("Air/drone strike", "2024-05-16", 1)]),
    ("Insurgents overran Sake on Saturday. Three days after the insurgents overran the town, the army shelled it.",
     [("Non-state actor overtakes territory", "2024-05-11", 1), ("Shelling/artillery/missile attack", "2024-05-14", 1)]),
])
def test_counting_forward_from_a_clause_with_a_day(code, text, expected):
    doc = code(text, published="2024-05-16")
    assert [(e["sub_event_type"], e["event_date"], e["time_precision"]) for e in doc["events"]] == expected


def test_counting_back_from_an_act_with_a_day(code):  # (guard)
    doc = code("Army jets bombed hideouts near Datta Khel on Monday, two days after insurgents ambushed a convoy in "
               "Razmak.", published="2024-05-17")
    assert sorted(e["event_date"] for e in doc["events"]) == ["2024-05-11", "2024-05-13"]


@pytest.mark.parametrize("text,expected", [
    ("Police arrested opposition leader Juma Otieno at his home in Kisumu on Monday.",
     ("Police Forces of Kenya (2022-)", "Civilians (Kenya)")),
    ("The Colombian government and the ELN signed a ceasefire deal in Caracas on Monday.",
     ("Government of Colombia (2022-)", "ELN: National Liberation Army")),
    ("Twenty Islamic State fighters surrendered to Afghan troops in Nangarhar province on Monday.",
     ("Islamic State (Afghanistan)", "Military Forces of Afghanistan (2021-)")),
])
def test_arrests_and_agreements_have_two_sides(code, text, expected):
    assert [(e["actor1"], e["actor2"]) for e in code(text, published=PUB)["events"]] == [expected]


def test_two_acts_of_one_sentence_on_days_of_their_own(code):
    doc = code("Bandits shot dead six traders in Tsafe on Monday and kidnapped 14 people in Gusau on Wednesday.",
               published=PUB)
    assert sorted((e["sub_event_type"], e["event_date"], e["location"]) for e in doc["events"]) == [
        ("Abduction/forced disappearance", "2024-05-08", "Gusau"), ("Attack", "2024-05-06", "Tsafe")]


def test_an_abduction_and_a_killing_of_one_day_are_one_attack(code):  # (guard)
    doc = code("Bandits shot dead six traders and kidnapped 14 people in Tsafe on Monday.", published=PUB)
    assert [(e["sub_event_type"], e["fatalities"]) for e in doc["events"]] == [("Attack", 6)]


def test_drones_shot_down_are_no_dead(code):
    doc = code("Air defences shot down 14 Ukrainian drones over the Kursk region overnight, the Russian defence "
               "ministry said.", published=PUB)
    assert [e["fatalities"] for e in doc["events"]] == [0]


def test_gunmen_who_gun_down_people_kill_them(code):  # (guard)
    doc = code("Gunmen gunned down three traders near Dikwa on Friday.", published=PUB)
    assert [e["fatalities"] for e in doc["events"]] == [3]


@pytest.mark.parametrize("text,place", [
    # a capital that speaks is its government, not the event's place
    ("Kyiv said Russian missiles hit a power plant in the Lviv region on Tuesday.", "Lviv"),
    ("Moscow said its air defences shot down nine drones over the Kursk region on Tuesday.", "Kursk"),
])
def test_a_capital_that_speaks_is_no_place(code, text, place):
    assert [e["location"] for e in code(text, published=PUB)["events"]] == [place]


def test_residents_of_a_town_who_speak_are_there(code):  # (guard)
    doc = code("Residents of Goma said shells fell on the city on Tuesday, killing three.", published=PUB)
    assert [e["location"] for e in doc["events"]] == ["Goma"]


def test_stun_grenades_are_no_grenade_attack(code):
    doc = code("Police threw stun grenades at demonstrators outside parliament in Tbilisi on Monday.", published=PUB)
    assert [(e["event_type"], e["admin1"]) for e in doc["events"]] == [("Protests", "Tbilisi")]


def test_a_riot_has_no_protesters_beside_its_rioters(code):
    doc = code("Protesters torched a bank branch in Mahabad on Monday. Security forces fired tear gas to scatter them.",
               published=PUB)
    assert [(e["sub_event_type"], e["assoc_actor_1"]) for e in doc["events"]] == [("Violent demonstration", [])]


@pytest.mark.parametrize("text", [
    "A mob beat a man suspected of stealing a phone to death in Kisumu on Monday before police arrived.",
    "Residents lynched a suspected cattle thief in Kisumu on Monday. Police arrived later and took the body away.",
])
def test_police_who_came_after_a_lynching_are_no_target(code, text):
    doc = code(text, published=PUB)
    assert [(e["actor1"], e["actor2"]) for e in doc["events"]] == [("Rioters (Kenya)", "Civilians (Kenya)")]


def test_villagers_who_stone_police_target_them(code):  # (guard)
    doc = code("Villagers stoned two police officers to death in Kisumu on Monday.", published=PUB)
    assert [e["actor2"] for e in doc["events"]] == ["Police Forces of Kenya (2022-)"]


@pytest.mark.parametrize("text", [
    "Police fired live rounds at a nurses' march in Nairobi on Monday, wounding six.",
    "Officers shot at a rally of opposition supporters in Nairobi on Monday, killing one.",
])
def test_fire_on_a_march_is_excessive_force(code, text):
    assert [e["sub_event_type"] for e in code(text, published=PUB)["events"]] == ["Excessive force against protesters"]


def test_wounded_who_died_later_add_to_the_toll(code):
    doc = code("A roadside bomb struck a minibus near Turbat on Monday, killing four passengers and wounding eleven. "
               "Three of the wounded died overnight in hospital.", published=PUB)
    assert [e["fatalities"] for e in doc["events"]] == [7]


def test_people_who_died_in_the_attack_are_no_mob(code):
    doc = code("Gunmen stormed a church in Owo on Sunday, killing 10 worshippers. On Tuesday a council official said "
               "that 15 people had died in the attack.", published=PUB)
    assert [e["event_type"] for e in doc["events"]] == ["Violence against civilians"]


@pytest.mark.parametrize("text,sub", [
    # (guards of the review: a rebel "army" bombs with no aircraft, and a weapon named is the weapon)
    ("The Kachin Independence Army bombed a bridge near Bhamo on Monday to cut a junta supply route.",
     "Looting/property destruction"),
    ("The army bombed rebel positions with mortars near the town of Sake on Monday, a military spokesman said.",
     "Shelling/artillery/missile attack"),
])
def test_bombing_by_a_rebel_army_or_with_artillery(code, text, sub):  # (guard)
    assert [e["sub_event_type"] for e in code(text, published=PUB)["events"]] == [sub]


@pytest.mark.parametrize("text", [
    "Herders told reporters that gunmen shot dead four villagers near Wase on Sunday.",
    "Herders grazing their cattle near Mokwa were attacked by gunmen on Thursday; three of them died.",
])
def test_herders_who_speak_or_suffer_are_no_militia(code, text):  # (guard)
    doc = code(text, published=PUB)
    assert doc["events"] and not any("Communal" in (e["actor1"] or "") for e in doc["events"])


def test_arrested_officers_are_no_civilians(code):  # (guard)
    doc = code("Authorities in Niamey detained four army officers suspected of a coup plot on Thursday.",
               published=PUB)
    assert [e["actor2"] for e in doc["events"] if e["sub_event_type"] == "Arrests"] == [None]


@pytest.mark.parametrize("text", [
    "A mob stoned two police officers to death in Kisoro on Thursday after they came to arrest a suspected thief.",
    "A mob attacked police officers who came to detain a suspected cattle thief in Isiolo on Wednesday.",
])
def test_police_who_came_and_were_attacked_are_the_target(code, text):  # (guard)
    doc = code(text, published=PUB)
    assert [(e["sub_event_type"], (e["actor2"] or "").split(" (")[0]) for e in doc["events"]] == [
        ("Mob violence", "Police Forces of Uganda" if "Kisoro" in text else "Police Forces of Kenya")]


def test_gunmen_who_fire_on_a_rally_attack_it(code):  # (guard)
    doc = code("Gunmen sprayed bullets at a campaign rally in Jacobabad on Monday, killing two party workers.",
               published=PUB)
    assert [(e["event_type"], e["actor1"]) for e in doc["events"]] == [
        ("Violence against civilians", "Unidentified Armed Group (Pakistan)")]


def test_a_toll_between_a_clash_and_its_later_mention_is_the_clash_s(code):  # (guard: of the review's mends)
    doc = code("On Monday gunmen of two rival clans fought near Bacaadweyn. Four people were killed. Elders said the "
               "fighting began over a water well.", published=PUB)
    assert [(e["event_type"], e["fatalities"]) for e in doc["events"]] == [("Battles", 4)]


def test_a_fight_going_on_next_sentence_makes_the_raid_a_clash(code):  # (guard)
    doc = code("Police raided a hideout of militants near Swabi on Tuesday. The gunfight moved to a nearby house as "
               "the militants took cover.", published=PUB)
    assert [e["event_type"] for e in doc["events"]] == ["Battles"]


@pytest.mark.parametrize("text,place", [
    # a road between two towns places the event at its towns, not at the town the story was filed from
    ("NIAMEY, May 9 (Reuters) - Gunmen ambushed a Nigerien army patrol on the road between Tillaberi and Ayorou on "
     "Wednesday, killing six soldiers.", "Tillaberi"),
    ("MAPUTO, May 9 (Reuters) - Insurgents attacked a food convoy on the road linking Macomia to Mucojo on Wednesday.",
     "Mucojo"),
])
def test_a_road_between_towns_beats_the_dateline(code, text, place):
    assert [e["location"] for e in code(text, published=PUB)["events"]] == [place]


@pytest.mark.parametrize("text,group", [
    # a demonstration's crowd told as a kind of people is ACLED's associated group beside the protesters
    ("Hundreds of primary school teachers marched in Eldoret on Monday to demand overdue pay.", "Teachers (Kenya)"),
    ("Nurses held a sit-in outside a state hospital in Ibadan on Monday over unpaid allowances.",
     "Health Workers (Nigeria)"),
    ("Police dispersed striking dock workers with tear gas in Durban on Monday.", "Labour Group (South Africa)"),
])
def test_a_crowd_of_one_kind_is_the_protesters_associate(code, text, group):
    assert [e["assoc_actor_1"] for e in code(text, published=PUB)["events"]] == [[group]]


def test_a_crowd_of_no_kind_has_no_associate(code):  # (guard)
    doc = code("A crowd of several thousand rallied in Eldoret on Monday against a new housing levy.", published=PUB)
    assert [e["assoc_actor_1"] for e in doc["events"]] == [[]]


def test_a_party_s_workers_are_no_labour_group(code):  # (guard)
    doc = code("Hundreds of ANC workers marched through Durban on Monday to back the party's candidate.", published=PUB)
    assert [[n for n in e["assoc_actor_1"] if n.startswith("Labour Group")] for e in doc["events"]] == [[]]
