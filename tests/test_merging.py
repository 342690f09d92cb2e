"""The rules that decide whether two reports are one event (eventcoder.store.merging)."""

from __future__ import annotations

from eventcoder.store.merging import (Member, Text, actors_match, combine, copied, copies, dates_match, km,
                                     places_match)


def ev(**kw):
    base = {"event_type": "Battles", "sub_event_type": "Armed clash", "event_date": "2024-03-12",
            "time_precision": 1, "iso3": "SYR", "admin1": "Aleppo", "latitude": 36.20, "longitude": 37.16,
            "geo_precision": 1, "actor1": "Military Forces of Syria", "actor2": "Hayat Tahrir al-Sham",
            "fatalities": 0, "confidence": 0.6}
    base.update(kw)
    return base


def test_distance():
    assert 300 < km(33.51, 36.29, 36.20, 37.16) < 320  # Damascus to Aleppo


def test_dates():
    assert dates_match(ev(), ev(event_date="2024-03-13"))
    assert not dates_match(ev(), ev(event_date="2024-03-14"))
    # a week (precision 2, its middle day) overlaps a day three days away, a month fifteen
    assert dates_match(ev(), ev(event_date="2024-03-15", time_precision=2))
    assert not dates_match(ev(), ev(event_date="2024-03-17", time_precision=2))
    assert dates_match(ev(), ev(event_date="2024-03-27", time_precision=3))
    assert not dates_match(ev(), ev(event_date=None))


def test_places():
    assert places_match(ev(), ev(latitude=36.30))  # 11 km
    assert not places_match(ev(), ev(latitude=36.50))  # 33 km
    # region-level report: the same admin1 is enough, another admin1 is not
    assert places_match(ev(), ev(latitude=36.0, longitude=37.5, geo_precision=3))
    assert not places_match(ev(), ev(latitude=36.0, longitude=37.5, geo_precision=3, admin1="Idlib"))
    assert not places_match(ev(), ev(iso3="TUR"))


def test_actors_as_told_or_swapped():
    assert actors_match(ev(), ev(actor1="Hayat Tahrir al-Sham", actor2="Military Forces of Syria"))
    assert actors_match(ev(), ev(actor1=None, actor2="Hayat Tahrir al-Sham"))
    assert actors_match(ev(), ev(actor2="Civilians (Syria)"))  # generic actors never clash
    assert not actors_match(ev(), ev(actor2="Islamic State"))
    assert not actors_match(ev(), ev(actor1="Military Forces of Turkey", actor2="Islamic State"))


def test_combine_takes_lowest_figure_given_and_most_precise_place():
    a = Member("a#0", "a", ev(fatalities=9, fatality_claims=[{"count": 9}], geo_precision=2, location="near"))
    b = Member("b#0", "b", ev(fatalities=4, fatality_claims=[{"count": 4}], location="Aleppo"))
    c = Member("c#0", "c", ev(fatalities=0, fatality_claims=[], location="Aleppo"))
    out = combine([a, b, c])
    assert out["fatalities"] == 4 and out["location"] == "Aleppo" and out["n_sources"] == 3
    assert combine([c])["fatalities"] == 0
    # the type by weighted vote of the reports
    d = Member("d#0", "d", ev(event_type="Explosions/Remote violence", sub_event_type="Air/drone strike",
                              confidence=0.9))
    e = Member("e#0", "e", ev(event_type="Explosions/Remote violence", sub_event_type="Air/drone strike",
                              confidence=0.9))
    assert combine([b, d, e])["sub_event_type"] == "Air/drone strike"
    assert combine([b, d, e])["disorder_type"] == "Political violence"


def test_a_branch_or_period_of_an_actor_is_that_actor():
    a = ev(actor1="Military Forces of Nigeria (2023-)", actor2="Islamic State (West Africa)")
    assert actors_match(a, ev(actor1="Military Forces of Nigeria", actor2="Islamic State"))
    assert not actors_match(a, ev(actor1="Military Forces of Nigeria", actor2="Boko Haram"))


def runs(text):
    return Text.of(text).runs


WIRE = ("Gunmen stormed the Kelmora cattle market on Tuesday and opened fire on traders, killing "
        "six people and wounding eleven others, the district police chief told reporters. Witnesses said "
        "the attackers arrived on motorcycles shortly after dawn and burned several stalls before fleeing "
        "towards the forest. No group has claimed the attack, the second in the district this month.")


def test_a_copy_of_a_text_is_told_from_a_report_in_its_own_words():
    wire = runs(WIRE)
    # the wire story run by another outlet: a dateline and a byline before it, a paragraph after
    rerun = runs("KELMORA, March 12 (Dunde Post) - " + WIRE.replace("reporters", "journalists")
                     + " Our correspondent adds that the roads to the town were closed on Wednesday.")
    assert copies(wire, rerun) and copies(rerun, wire)
    # the same clash in another outlet's words, with one quote in common
    own = runs("Six traders died when attackers on motorcycles raided the Kelmora market early on "
                   "Tuesday. Police said attackers shot at traders, killing six people and "
                   "wounding eleven others. The market will stay shut for a week, the council said.")
    assert not copies(wire, own)
    # a short text and its double; nothing
    assert copies(runs("Kelmo shelled."), runs("kelmo  shelled"))
    assert not copies(runs(""), runs(""))


def test_copies_of_one_text_count_once():
    def member(doc, confidence, copy_of=None):
        return Member(f"{doc}#0", doc, {"event_type": "Battles", "sub_event_type": "Armed clash",
                                        "confidence": confidence}, source=f"Outlet {doc}", copy_of=copy_of)

    apart = combine([member("a", 0.6), member("b", 0.6), member("c", 0.5)])
    told_again = combine([member("a", 0.6), member("b", 0.6, copy_of="a"), member("c", 0.5)])
    assert apart["n_sources"] == 3 and told_again["n_sources"] == 2
    assert apart["confidence"] == round(1 - 0.4 * 0.4 * 0.5, 3) and told_again["confidence"] == round(1 - 0.4 * 0.5, 3)
    assert told_again["sources"] == "Outlet a; Outlet b; Outlet c"  # every outlet that ran it


def test_notes_written_to_one_pattern_are_no_copies_of_one_another():
    background = (" It was the second night of protests over the freeing of inmates, which a court "
                  "ordered after riots in the jails of the province last week.")
    kelmo = "On 30 April, in Kelmo, residents banged pots over the ruling." + background
    dunde = "On 30 April, in Dunde, residents banged pots over the ruling." + background
    assert copies(runs(kelmo), runs(dunde))  # the words are nearly all the same
    opening = {"evidence": [{"text": "On 30 April, in Dunde, residents banged pots over the ruling."}]}
    shared = {"evidence": [{"text": "It was the second night of protests"}]}
    # the event told in Dunde's own words is no copy of Kelmo's note; told in the words both hold, it is
    assert not copied(opening, Text.of(dunde), Text.of(kelmo))
    assert copied(shared, Text.of(dunde), Text.of(kelmo))
    assert Text.of(kelmo).holds("IN KELMO, residents") and not Text.of(kelmo).holds("in kelm")
