"""Acts a sentence counts off in days from another ("..., two days after militants killed seven soldiers"), and
wire datelines parsed as no part of the story's first sentence."""

from __future__ import annotations

import pytest

PUB = "2024-03-19"


def _rows(doc):
    return [(e["sub_event_type"], e["event_date"], e["location"], e["fatalities"], e["actor1"], e["actor2"])
            for e in doc["events"]]


def test_an_act_counted_off_in_one_sentence_is_an_event_of_its_own(code):
    # the killing two days before Monday's strikes was joined to them (the strikes took its toll, place and sides)
    doc = code("Pakistani jets bombed suspected militant hideouts near Miran Shah on Monday, two days after "
               "insurgents killed nine soldiers in Wana, the army said.", published=PUB)
    rows = _rows(doc)
    assert [r[:4] for r in rows] == [("Air/drone strike", "2024-03-18", "Miran Shah", 0),
                                    ("Armed clash", "2024-03-16", "Wana", 9)]
    assert rows[0][4] == "Military Forces of Pakistan (2022-)" and rows[1][5] == "Military Forces of Pakistan (2022-)"


def test_an_act_counted_off_from_the_sentence_before_takes_its_own_day(code):
    # "The strikes came two days after ...": the killing was dated on the strikes' Monday and joined to them
    doc = code("Pakistani jets bombed suspected militant hideouts near Miran Shah on Monday. The raids came two days "
               "after insurgents killed nine soldiers in Wana, officials said.", published=PUB)
    assert [r[:4] for r in _rows(doc)] == [("Air/drone strike", "2024-03-18", "Miran Shah", 0),
                                          ("Armed clash", "2024-03-16", "Wana", 9)]


@pytest.mark.parametrize("text,expected", [
    # a week before the raid: precision of a week's count, the raid's own place for both
    ("Troops raided Kismayo on Sunday, a week after al Shabaab militants assaulted a police post there.",
     [("Armed clash", "2024-03-17", 1), ("Armed clash", "2024-03-10", 2)]),
    # the police's shooting two days before the protest is an attack of its own, in its own town
    ("Riot police in Nairobi lobbed tear gas at students on Tuesday, two days after officers shot dead a "
     "schoolboy in Kisumu.", [("Protest with intervention", "2024-03-19", 1), ("Attack", "2024-03-17", 1)]),
    # the shelling keeps its own town and no side of the other clause's clash
    ("Rebels shelled Goma on Monday, three days after M23 fighters battled the army in Sake.",
     [("Shelling/artillery/missile attack", "2024-03-18", 1), ("Armed clash", "2024-03-15", 1)]),
])
def test_counted_off_acts_by_weeks_and_of_other_kinds(code, text, expected):
    assert [(e["sub_event_type"], e["event_date"], e["time_precision"]) for e in code(text, published=PUB)["events"]] \
        == expected


def test_the_counted_off_act_lends_no_side_or_place(code):
    doc = code("Rebels shelled Goma on Monday, three days after M23 fighters battled the army in Sake.", published=PUB)
    shelling = doc["events"][0]
    assert (shelling["location"], shelling["actor2"]) == ("Goma", None)


@pytest.mark.parametrize("text", [
    # (guard) a clause counted off with no number of days is left as it was read: one act, dated by its sentence
    "Rebels shelled Goma on Monday, days after fighters battled the army there.",
    # (guard) an hour's count tells the same day's acts
    "Rebels shelled Goma on Monday, hours after fighters battled the army there.",
])
def test_no_count_of_days_no_second_day(code, text):
    assert {e["event_date"] for e in code(text, published=PUB)["events"]} == {"2024-03-18"}


@pytest.mark.parametrize("dateline", [
    "KHARTOUM, March 12 (Reuters) - ",
    "KHARTOUM (Reuters) - ",
    "MOGADISHU, Somalia (AP) — ",
])
def test_a_dateline_is_no_subject_of_the_first_sentence(code, dateline):
    # the parser read the dateline's town as the verb's subject and the group's fighters as its apposition: no
    # named doer was found ("Unidentified Armed Group")
    doc = code(dateline + "Rapid Support Forces fighters shelled the market in El Fasher on Monday, killing 11 people.",
               published="2024-03-12")
    assert [(e["actor1"], e["location"], e["fatalities"]) for e in doc["events"]] == \
        [("RSF: Rapid Support Forces", "El Fasher", 11)]


def test_a_dateline_after_a_headline_is_no_subject_either(code):
    doc = code("Fighting in Darfur\n\nKHARTOUM, March 12 (Reuters) - Rapid Support Forces fighters shelled the market "
               "in El Fasher on Monday, killing 11 people.", published="2024-03-12")
    assert [e["actor1"] for e in doc["events"]] == ["RSF: Rapid Support Forces"]


def test_a_day_counted_off_from_an_act_dated_by_the_report(code):
    # the act dated only by the report took the counted-off act's day (the two were joined)
    doc = code("Gunmen shot dead four traders in Quetta a day after three labourers were gunned down in that "
               "district, police said.", published=PUB)
    assert [(e["event_date"], e["fatalities"]) for e in doc["events"]] == [(PUB, 4), ("2024-03-18", 3)]


def test_an_abduction_that_ended_in_a_killing_days_later_is_one_attack(code):  # (guard)
    doc = code("Two aid workers were killed by militants in Kunduz province three days after gunmen abducted them, "
               "police said.", published=PUB)
    assert [(e["sub_event_type"], e["event_date"]) for e in doc["events"]] == [("Attack", PUB)]
