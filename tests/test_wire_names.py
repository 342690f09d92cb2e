"""Names of wire stories: Haiti's gangs, India's District Reserve Guard, Al Qaeda's branch in Yemen, a
government's things, a teller's own act, a battle's unnamed first side, towns named after a country."""

from __future__ import annotations

import pytest

PUB = "2024-03-13"


def _sides(code, text, published=PUB):
    return [(e["actor1"], e["actor2"]) for e in code(text, published=published)["events"]]


@pytest.mark.parametrize("text,actor1", [
    ("400 Mawozo gunmen seized six travellers near Croix-des-Bouquets on Saturday.", "400 Mawozo Gang"),
    ("Viv Ansanm members stormed a police station in Mirebalais on Monday.", "Viv Ansanm"),
    ("Al-Qaeda fighters overran a checkpoint in Abyan province on Monday, killing three soldiers.",
     "AQAP: Al Qaeda in the Arabian Peninsula"),
])
def test_named_groups(code, text, actor1):
    assert [a for a, _ in _sides(code, text)] == [actor1]


def test_haiti_s_police_span_and_india_s_district_reserve_guard(code):
    assert _sides(code, "Viv Ansanm members stormed a police station in Mirebalais on Monday.", "2024-10-16") == [
        ("Viv Ansanm", "Police Forces of Haiti (2024-)")]
    sides = _sides(code, "Maoists ambushed a District Reserve Guard patrol in Sukma district of Chhattisgarh on "
                         "Tuesday, killing two.")
    assert sides[0][1] == "Police Forces of India (2014-) District Reserve Guard"


def test_a_government_s_jobs_are_no_actor(code):
    # "government job quotas" made the government the riot's other side (was the police's place)
    assert _sides(code, "Students angry over government job quotas set tyres ablaze and pelted police with stones in "
                        "Rajshahi on Tuesday.") == [("Rioters (Bangladesh)", "Police Forces of Bangladesh (2009-)")]


def test_a_teller_s_own_act(code):
    # "they" is the teller named above it, telling its own act (was a reference back to nothing: no event)
    events = code("Houthi forces announced on Tuesday they shot down a U.S. MQ-9 Reaper drone over Marib province.",
                  published="2024-07-24")["events"]
    assert [(e["sub_event_type"], e["actor1"]) for e in events] == [("Disrupted weapons use", "Ansar Allah")]


def test_a_battle_s_unnamed_first_side(code):
    assert _sides(code, "BEIRUT (AP) - Fighters from Arab tribes stormed SDF positions in Dhiban on Sunday.") == [
        ("Unidentified Armed Group (Syria)", "SDF: Syrian Democratic Forces")]


def test_a_town_named_after_a_country_is_no_country(code):
    assert _sides(code, "ELN rebels raided an army base in Puerto Jordan in Arauca on Monday, killing two soldiers.") \
        == [("ELN: National Liberation Army", "Military Forces of Colombia (2022-)")]


def test_niger_state_is_no_mention_of_niger(code):
    # "Niger state" counted as a mention of the country Niger, whose name the herders' militia then took
    events = code("Vigilantes clashed with herders in Niger state on Monday, leaving four dead.",
                  published=PUB)["events"]
    assert [e["actor2"] for e in events] == ["Fulani Ethnic Militia (Nigeria)"]
