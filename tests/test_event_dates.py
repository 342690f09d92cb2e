"""The event_dates stage on invented stories: which time mention dates which event."""

from datetime import date

import pytest

from eventcoder.api import get_pipeline
from eventcoder.document import Document, Event
from eventcoder.pipeline import Pipeline
from eventcoder.stages.event_dates import date_event

MON = date(2021, 3, 15)  # a Monday


@pytest.fixture(scope="module")
def pipe():
    get_pipeline()  # share the loaded spaCy model
    return Pipeline(stages=("sentences", "times"))


def dated(pipe, text, trigger, pub=MON, occurrence=0):
    ctx = next(pipe.run([Document(text=text, published=pub, published_source="given" if pub else "none")]))
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(trigger, start + 1)
    sent = ctx.sentence_at(start)
    ev = Event("Battles", "Armed clash", [sent.index], trigger=trigger, trigger_start=start)
    date_event(ctx, ev)
    return ev


def test_time_in_the_triggers_own_clause(pipe):
    ev = dated(pipe, "Rebels attacked the base on Thursday, the army said on Sunday.", "attacked")
    assert (ev.event_date, ev.time_precision, ev.historical) == ("2021-03-11", 1, False)


def test_reporting_date_when_the_event_clause_has_none(pipe):
    ev = dated(pipe, "The army said on Saturday that rebels had attacked the base.", "attacked")
    assert ev.event_date == "2021-03-13"


def test_relative_clause_date_is_background_not_this_events(pipe):
    text = "Soldiers found bodies at the weekend, believed to be hostages the militants abducted in 2014."
    ev = dated(pipe, text, "found")
    assert (ev.event_date, ev.time_precision, ev.historical) == ("2021-03-13", 2, False)
    ev = dated(pipe, text, "abducted")
    assert ev.historical and ev.event_date.startswith("2014") and ev.time_precision == 3


def test_previous_sentence_of_the_paragraph(pipe):
    text = "Fighting broke out on March 9 near the dam.\nSeparately, an aid office was looted.\n\n" \
           "Gunmen later burned two trucks on the road north."
    assert dated(pipe, text, "Fighting").event_date == "2021-03-09"
    # a new paragraph does not inherit the date: publication date, precision 2
    ev = dated(pipe, text, "burned")
    assert (ev.event_date, ev.time_precision) == ("2021-03-15", 2)


def test_week_weekend_month_precisions(pipe):
    ev = dated(pipe, "Last week gunmen abducted four aid workers.", "abducted")
    assert (ev.event_date, ev.time_precision) == ("2021-03-10", 2)  # that week's Wednesday
    ev = dated(pipe, "Militias clashed in January near the river.", "clashed")
    assert (ev.event_date, ev.time_precision) == ("2021-01-15", 3)
    ev = dated(pipe, "Militias clashed in early January near the river.", "clashed")
    assert ev.event_date == "2021-01-01"
    ev = dated(pipe, "Militias clashed in late January near the river.", "clashed")
    assert ev.event_date == "2021-01-31"


def test_since_gives_a_span_to_publication(pipe):
    ev = dated(pipe, "Troops have besieged the town since March 2.", "besieged")
    assert (ev.event_date, ev.date_end, ev.time_precision) == ("2021-03-02", "2021-03-15", 1)


def test_range_is_week_scale(pipe):
    ev = dated(pipe, "Strikes hit the port between 3 and 6 March.", "Strikes")
    assert (ev.event_date, ev.date_end, ev.time_precision) == ("2021-03-03", "2021-03-06", 2)


def test_no_date_and_no_publication_date(pipe):
    ev = dated(pipe, "Gunmen attacked a police post.", "attacked", pub=None)
    assert ev.event_date is None
    ev = dated(pipe, "Gunmen attacked a police post on 4 May 2019.", "attacked", pub=None)
    assert ev.event_date == "2019-05-04"


def test_recent_date_in_a_relative_clause_dates_the_event(pipe):
    ev = dated(pipe, "Six civilians were killed in fighting that erupted on Saturday, officials said on Monday.",
               "killed")
    assert ev.event_date == "2021-03-13"
    # but an old one does not: "kidnapped in 2014" is background
    ev = dated(pipe, "The army freed soldiers that rebels kidnapped in 2014.", "freed")
    assert ev.event_date == "2021-03-15" and ev.time_precision == 2


def test_the_next_sentence_gives_the_day_when_the_first_gives_only_the_report(pipe):
    ev = dated(pipe, "Gunmen attacked a village, killing ten people, the governor said on Sunday. "
                     "The raid took place on Friday.", "attacked")
    assert ev.event_date == "2021-03-12"
    # a later report date is not the event's day
    ev = dated(pipe, "Gunmen attacked a village, killing ten people. Police said on Sunday they had "
                     "arrested two men.", "attacked")
    assert ev.event_date == "2021-03-15"


def test_overnight_attack_reported_on_a_day_began_the_night_before(pipe):
    ev = dated(pipe, "Seven guards were killed when gunmen raided a depot overnight, witnesses said on Sunday.",
               "killed")
    assert ev.event_date == "2021-03-13"


def test_a_time_after_publication_dates_no_reported_event(pipe):
    ev = dated(pipe, "Bombs killed four people at a rally, the latest violence before the vote next month.",
               "killed")
    assert (ev.event_date, ev.time_precision) == ("2021-03-15", 2)


def test_a_next_sentence_telling_the_act_gives_the_day(pipe):
    ev = dated(pipe, "A village chief has been killed by gunmen. He was shot dead at his farm on Saturday.",
               "killed")
    assert ev.event_date == "2021-03-13"
    ev = dated(pipe, "Seven traders were killed in an ambush, police said on Sunday. "
                     "The gunmen attacked their convoy on Friday near the river.", "killed")
    assert ev.event_date == "2021-03-12"
    # a new victim introduced with "a" is another incident, not this one's day
    ev = dated(pipe, "Nine people were killed in the city, police said on Sunday. "
                     "A judge was shot dead on Friday in another district.", "killed")
    assert ev.event_date == "2021-03-14"


def test_a_verbless_piece_split_off_the_next_sentence_still_dates_it(pipe):
    ev = dated(pipe, "A village chief has been killed by gunmen in the north. "
                     "He was shot dead at his home around 8:00p.m. on Saturday.", "killed")
    assert ev.event_date == "2021-03-13"


def test_opened_fire_in_the_next_sentence_gives_the_day(pipe):
    ev = dated(pipe, "Four herders were killed in the north, their relatives said on Sunday. "
                     "Masked gunmen shot at their lorry on Friday near the river.", "killed")
    assert ev.event_date == "2021-03-12"


def test_a_reporting_clause_anywhere_in_the_sentence_gives_only_the_report_day(pipe):
    ev = dated(pipe, "Twelve villagers were killed, some of them beheaded and others shot, in a rebel raid "
                     "on a hamlet, a resident said on Sunday. Five others were hurt. "
                     "The raid happened on Friday night.", "beheaded")
    assert ev.event_date == "2021-03-12"


def test_a_verbless_piece_right_after_the_events_sentence_continues_it(pipe):
    ev = dated(pipe, "Twenty villagers were killed in a night raid on Kalo by gunmen. [in the north] on Friday "
                     "[12 March]", "killed")
    assert ev.event_date == "2021-03-12"


def test_a_relative_clause_with_its_own_subject_tells_another_act(pipe):
    ev = dated(pipe, "Militants have beheaded four farmers they abducted last week, police said.", "beheaded")
    assert (ev.event_date, ev.time_precision) == ("2021-03-15", 2)


def test_a_weekday_the_text_puts_in_last_week_is_not_read_as_the_reports_lag(pipe):
    # six days before a Monday report: a bare "Tuesday" may be a lagging wire date, "last week Tuesday" not
    ev = dated(pipe, "The chief of Kelmora was last week Tuesday shot dead in his compound.", "shot")
    assert ev.event_date == "2021-03-09"
    ev = dated(pipe, "The chief of Kelmora was shot dead in his compound on Tuesday.", "shot")
    assert ev.event_date == "2021-03-15"


def test_a_clause_whose_subject_is_the_blast_dates_the_event(pipe):
    # the small parser reads "others injured" as a participle on "others", so the "after" clause
    # hangs under a noun modifier; its subject is the blast itself, not another actor's act
    ev = dated(pipe, "Two traders died and eight others injured after a mine went off inside a minibus "
                     "at the Kelmora depot on 13/03.", "died")
    assert ev.event_date == "2021-03-13"
    # but not under a relative clause telling a person's earlier story
    ev = dated(pipe, "Traders marched to press for freeing a mayor who was detained after riots broke out "
                     "in Kelmora on 12/03.", "marched")
    assert ev.event_date == "2021-03-15"


def test_the_date_records_what_it_rests_on(pipe):
    own = dated(pipe, "Rebels attacked the base on Thursday, the army said on Sunday.", "attacked")
    report = dated(pipe, "The army said on Saturday that rebels had attacked the base.", "attacked")
    none = dated(pipe, "Rebels attacked the base.", "attacked")
    # (the day a verb of telling gives is "told": precision 2, ACLED's "as reported on D")
    assert (own.date_basis, report.date_basis, none.date_basis) == ("act", "told", "published")
    assert report.time_precision == 2


def test_a_noun_mention_under_a_claim_takes_the_claims_day_as_the_reports(pipe):
    ev = dated(pipe, "The Northern Front claimed responsibility on Saturday for the attack.", "attack")
    assert (ev.event_date, ev.date_basis) == ("2021-03-13", "told")


def test_merged_mentions_keep_the_acts_own_date_over_a_claims_day():
    from eventcoder.api import code

    text = ("A bomb ripped through the market of Kelmora on Tuesday, killing nine traders. "
            "The Northern Front claimed responsibility on Wednesday for the attack.")
    events = code(text, "2021-03-16")["events"]  # a Tuesday: the claim's Wednesday reads as a week ago
    assert events and events[0]["event_date"] == "2021-03-16"


def test_merged_mentions_keep_the_first_mentions_day_over_an_earlier_one():
    from eventcoder.api import code

    # told in one sentence, the earlier day does not replace the first mention's
    text = ("Gunmen killed six villagers in Kelmora on Monday after they had shot dead a farmer "
            "in Kelmora on Sunday, police said.")
    events = code(text, "2021-03-16")["events"]
    assert [e["event_date"] for e in events] == ["2021-03-15"]
    # told in a sentence of its own, another day's killing is another event (one day, one event)
    text = ("Gunmen killed six villagers in Kelmora on Monday. The gunmen had also shot dead a farmer "
            "in Kelmora on Sunday, police said.")
    events = code(text, "2021-03-16")["events"]
    assert [e["event_date"] for e in events] == ["2021-03-15", "2021-03-14"]


def test_a_piece_split_off_the_events_sentence_gives_its_day(pipe):
    # the indefinite victim does not make the split-off time another incident's
    ev = dated(pipe, "A farmer was killed in an ambush near Kelmo. [in the hills] on Friday", "killed")
    assert ev.event_date == "2021-03-12"


def test_an_indefinite_attacker_in_the_next_sentence_still_tells_this_act(pipe):
    ev = dated(pipe, "Nine villagers were killed in Kelmo, officials said on Sunday. "
                     "A gang of gunmen attacked the market early Friday.", "killed")
    assert ev.event_date == "2021-03-12"


def test_news_breaking_is_no_occurrence_of_the_event(pipe):
    ev = dated(pipe, "Gunmen killed nine herders in a remote camp near Kelmo. "
                     "News of the attack broke only yesterday.", "killed")
    assert (ev.event_date, ev.time_precision) == ("2021-03-15", 2)
    ev = dated(pipe, "Gunmen killed nine herders in a remote camp near Kelmo. "
                     "Fighting broke out on Saturday after a dispute over water.", "killed")
    assert ev.event_date == "2021-03-13"


def test_a_similar_event_in_the_next_sentence_is_another_incident(pipe):
    ev = dated(pipe, "Five people were injured when protesters fought the police in Kelmo. "
                     "A similar protest took place in Dorvan on Thursday.", "injured")
    assert (ev.event_date, ev.time_precision) == ("2021-03-15", 2)


def test_the_date_of_an_earlier_attack_named_in_the_next_sentence_is_not_this_ones(pipe):
    ev = dated(pipe, "Herders attacked three men in Kelmo. One man was killed. This occurred in "
                     "reprisal for the raid of 10 March in Dorvan.", "killed")
    assert ev.event_date != "2021-03-10"


def test_a_week_is_narrowed_to_the_day_the_next_sentence_gives(pipe):
    ev = dated(pipe, "Gunmen have killed 30 people in attacks this week, officials said on Thursday. "
                     "Dozens of others were wounded in the attacks on the village on Tuesday.", "killed",
               pub=date(2021, 3, 19))
    assert (ev.event_date, ev.time_precision) == ("2021-03-16", 1)
    ev = dated(pipe, "A clash near Kelmo last weekend left 20 people dead. "
                     "A bomb blast on Sunday killed six people in the market.", "clash")
    assert (ev.event_date, ev.time_precision) == ("2021-03-14", 1)


def test_the_paragraph_just_before_gives_the_day(pipe):
    text = "Rebels attacked the town of Kelmo on Saturday.\nThe fighters looted shops and burned the market."
    ev = dated(pipe, text, "burned")
    assert (ev.event_date, ev.date_basis) == ("2021-03-13", "report")
    text = "9 March: rebels attack Kelmo\nThe fighters looted shops and burned the market."
    assert dated(pipe, text, "burned").event_date == "2021-03-09"


def test_the_incident_took_place_in_the_next_paragraph(pipe):
    text = ("Two men were killed in a gunfight with the police in Kelmo.\n"
            "The incident took place near the bus stand at around 2am on Wednesday.")
    assert dated(pipe, text, "killed").event_date == "2021-03-10"


def test_a_fronted_date_wins_over_a_trailing_one(pipe):
    ev = dated(pipe, "On 12 March, students from the northern branch of the national university in Kelmo "
                     "protested the killing of a classmate on 7 March.", "protested")
    assert ev.event_date == "2021-03-12"


def test_a_dateline_is_the_filing_day_not_the_events(pipe):
    ev = dated(pipe, "KELMO, March 15 (Wire) - Rebels shelled the town, killing four, officials said. "
                     "The shelling began on Saturday night.", "shelled")
    assert (ev.event_date, ev.date_basis) == ("2021-03-13", "act")


def test_a_day_of_the_trigger_noun_itself_is_its_own(pipe):
    ev = dated(pipe, "Residents said five corpses were taken to the hospital yesterday after Saturday's "
                     "attack on the village.", "attack")
    assert ev.event_date == "2021-03-13"


def test_the_main_clause_day_of_the_next_sentence_comes_first(pipe):
    ev = dated(pipe, "An activist was killed near Kelmo, her group said on Sunday. "
                     "Ana Ruiz, seized on Tuesday, was found dead on Wednesday beside a ravine.", "killed")
    assert ev.event_date == "2021-03-10"


def test_a_bracket_the_parser_split_the_sentence_at_keeps_its_day(pipe):
    ev = dated(pipe, "A student was killed and four more were hurt during a fight between two wings of "
                     "the Union [Northern Union and  Southern Union] over joining a rally in Kelmo on Saturday "
                     "[13 March].", "killed")
    assert (ev.event_date, ev.date_basis) == ("2021-03-13", "act")
    # but a report's day in the split-off piece is still only the report's
    ev = dated(pipe, "At least 21 people were killed in clashes between militias in the Tama area of Kelmo "
                     "province [northern Kelmo]northern Kelmo, the United Nations said on Monday. A spokesman "
                     "said the weekend raids were the work of two militias.", "killed")
    assert ev.event_date == "2021-03-13"


def test_a_year_naming_a_noun_does_not_date_the_event(pipe):
    ev = dated(pipe, "Relatives of the victims of the 1997 cinema fire protested in Kelmo.", "protested")
    assert (ev.event_date, ev.time_precision, ev.historical) == ("2021-03-15", 2, False)
    # a year on the verb still makes the event background
    ev = dated(pipe, "Rebels protested in Kelmo in 1997.", "protested")
    assert ev.historical and ev.event_date.startswith("1997")


def test_a_time_inside_the_subject_of_a_reporting_verb_is_not_the_reports(pipe):
    # the small parser sometimes reads "23 injured in attacks on the capital on Tuesday" as the
    # subject of "revealed"; a hand-made parse keeps the test independent of the model
    from spacy.tokens import Doc
    from spacy.vocab import Vocab

    from eventcoder.stages.event_dates import _in_subject

    words = ["23", "people", "injured", "in", "Kelmo", ",", "the", "capital", "on", "Tuesday", ",",
             "police", "revealed", "on", "Wednesday"]
    heads = [1, 12, 1, 2, 3, 1, 7, 1, 7, 8, 1, 12, 12, 12, 13]
    deps = ["nummod", "nsubj", "acl", "prep", "pobj", "punct", "det", "appos", "prep", "pobj", "punct",
            "conj", "ROOT", "prep", "pobj"]
    pos = ["NUM", "NOUN", "VERB", "ADP", "PROPN", "PUNCT", "DET", "NOUN", "ADP", "PROPN", "PUNCT",
           "NOUN", "VERB", "ADP", "PROPN"]
    doc = Doc(Vocab(), words=words, heads=heads, deps=deps, pos=pos)
    assert _in_subject(doc[9], doc[12])
    assert not _in_subject(doc[14], doc[12])
    # "The agency, on Friday, confirmed ...": beside the subject, the report's own day
    words = ["agency", ",", "on", "Friday", ",", "confirmed", "deaths"]
    heads = [5, 0, 0, 2, 0, 5, 5]
    deps = ["nsubj", "punct", "prep", "pobj", "punct", "ROOT", "dobj"]
    pos = ["NOUN", "PUNCT", "ADP", "PROPN", "PUNCT", "VERB", "NOUN"]
    doc = Doc(Vocab(), words=words, heads=heads, deps=deps, pos=pos)
    assert not _in_subject(doc[3], doc[5])


def test_an_approximate_or_reported_day_has_precision_two(pipe):
    for text in ("Around 12 March, rebels attacked the base near Kelmo.",
                 "On or before 12 March, rebels attacked the base near Kelmo.",
                 "As reported on 12 March, rebels attacked the base near Kelmo.",
                 "On 12 March (as reported), rebels attacked the base near Kelmo."):
        ev = dated(pipe, text, "attacked")
        assert (ev.event_date, ev.time_precision) == ("2021-03-12", 2), text
    ev = dated(pipe, "On 12 March, rebels attacked the base near Kelmo.", "attacked")
    assert (ev.event_date, ev.time_precision) == ("2021-03-12", 1)


def test_what_was_done_to_a_person_before_does_not_date_the_event(pipe):
    text = ("On 12 March 2021, a trader, who was detained on 4 March 2021 in Harlow Vale, said "
            "that guards beat him in the cells.")
    assert dated(pipe, text, "beat").event_date == "2021-03-12"
    # the detention itself keeps its own day
    assert dated(pipe, text, "detained").event_date == "2021-03-04"


def test_what_was_done_to_a_person_dates_the_event_when_nothing_else_does(pipe):
    text = "Four guards who were abducted over the weekend by bandits in Harlow Vale have been killed."
    ev = dated(pipe, text, "killed")
    assert (ev.event_date, ev.time_precision) == ("2021-03-13", 2)


def test_a_later_sentence_telling_the_act_beats_a_persons_earlier_story(pipe):
    text = ("Gunmen have killed Tom Vell, a friend of a farmer who was slain a week ago in Harlow Vale. "
            "Two men shot Vell dead on Friday near his home.")
    assert dated(pipe, text, "killed").event_date == "2021-03-12"


def test_a_fronted_day_dates_a_heading_trigger(pipe):
    ev = dated(pipe, "Arrests: On or before 12 March, police arrested six men in Harlow Vale.", "Arrests")
    assert (ev.event_date, ev.time_precision) == ("2021-03-12", 2)


def test_a_similar_incident_is_not_merged_into_the_event_told_first(code):
    # merge stage: "A similar protest" is another incident; its day must not date the riot
    out = code("Rioters fought police in Varn on 20 May. A similar protest took place in Kell on 12 May.",
               published="2021-05-21")
    dates = [(e["event_type"], e["event_date"]) for e in out["events"]]
    assert dates[0] == ("Riots", "2021-05-20")
    assert ("Protests", "2021-05-12") in dates


def test_an_undated_event_takes_the_day_the_text_says_its_source_is_dated(pipe):
    ev = dated(pipe, "Youths rioted after a rider died. No day given; source dated 12/03.", "rioted")
    assert (ev.event_date, ev.time_precision, ev.date_basis) == ("2021-03-12", 2, "report")
    # without it, the publication date
    ev = dated(pipe, "Youths rioted after a rider died.", "rioted")
    assert (ev.event_date, ev.date_basis) == ("2021-03-15", "published")


@pytest.mark.parametrize("text, expected", [
    # a Monday report that says "Tuesday": the wire date lags the writer's; coders take the report's day
    ("Gunmen attacked a police post in Kelmora on Tuesday, killing two officers.", "2021-03-15"),
    ("Gunmen attacked a police post in Kelmora early Tuesday, killing two officers.", "2021-03-15"),
    # the text names Monday as well: its Tuesday is last week's
    ("Officials said on Monday that gunmen attacked a police post in Kelmora on Tuesday.", "2021-03-09"),
    # five days back is no lag
    ("Gunmen attacked a police post in Kelmora on Wednesday, killing two officers.", "2021-03-10"),
])
def test_a_weekday_six_days_back_is_the_report_day_unless_the_text_names_that_day(pipe, text, expected):
    assert dated(pipe, text, "attacked").event_date == expected


@pytest.mark.parametrize("text, expected", [
    # told in two sentences on two days, or in two towns far apart: two events (ACLED: one place, one day)
    ("Protesters marched in Nairobi on Thursday. Protesters marched in Mombasa on Saturday.",
     [("Protests", "2021-03-11", "Nairobi"), ("Protests", "2021-03-13", "Mombasa")]),
    ("Protesters marched in Nairobi on Thursday. Protesters also marched in Mombasa on Thursday.",
     [("Protests", "2021-03-11", "Nairobi"), ("Protests", "2021-03-11", "Mombasa")]),
    # one day, one town, told twice: one event
    ("Protesters marched in Nairobi on Thursday. Protesters marched through Nairobi again on Thursday.",
     [("Protests", "2021-03-11", "Nairobi")]),
])
def test_mentions_on_other_days_or_in_towns_far_apart_are_other_events(code, text, expected):
    out = code(text, published="2021-03-15")
    assert [(e["event_type"], e["event_date"], e["location"]) for e in out["events"]] == expected


@pytest.mark.parametrize("text, expected", [
    # a weekday's own act of violence was, whatever the sentence says is to come of it
    ("Police will investigate Sunday's attack on a church near Kaduna that killed seven worshippers, the governor "
     "said.", ["2024-03-10"]),
    # a weekday six days back is not moved to the report's day where the text restates its date or tells a later
    # day of the story before publication
    ("Gunmen killed a local chief near Kidal on Wednesday (6 March), officials said.", ["2024-03-06"]),
    ("Jihadists attacked an army post near Djibo on Wednesday, killing 14 soldiers. On Thursday, they ambushed a "
     "supply convoy near Djibo, killing six more.", ["2024-03-06", "2024-03-07"]),
    # an overnight strike dated by a dateline began the night before
    ("KYIV, March 12, 2024 (Reuters) - Drones struck an energy plant in Odesa overnight, killing two workers, the "
     "regional governor said.", ["2024-03-11"]),
])
def test_weekdays_of_done_acts_restated_days_and_nights_before_a_dateline(code, text, expected):
    assert [e["event_date"] for e in code(text, published="2024-03-12")["events"]] == expected


def test_an_event_months_before_fresh_news_is_background(code):
    # a story with news of this week tells a killing of five months before as background: its own event, marked
    # historical (not joined to the news, whose place it took)
    out = code("Gunmen killed three villagers near Gusau on Wednesday, police said. In October 2023, bandits killed "
               "37 people at a market in Maru.", published="2024-03-14")
    assert [(e["event_date"], e["historical"], e["fatalities"]) for e in out["events"]] == [
        ("2024-03-13", False, 3), ("2023-10-15", True, 37)]
    # news told with no day of its own is fresh too
    out = code("Gunmen killed three villagers near Gusau, police said. In October 2023, bandits killed 37 people at a "
               "market in Maru.", published="2024-03-14")
    assert [(e["historical"], e["fatalities"]) for e in out["events"]] == [(False, 3), (True, 37)]
    # the same killing told alone is late news, not background
    [ev] = code("In December 2023, bandits killed 37 people at a market in Maru.", published="2024-03-14")["events"]
    assert ev["historical"] is False


def test_a_toll_of_background_told_by_its_year_is_no_toll_of_the_news(code):
    out = code("Police shot dead one protester in Nairobi on Wednesday. Protests against the finance bill last year "
               "left more than 60 people dead.", published="2024-03-14")
    assert out["events"][0]["event_date"] == "2024-03-13" and out["events"][0]["fatalities"] == 1


@pytest.mark.parametrize("text, expected", [
    # another act of the story on a day of its own, its doers a pronoun or a definite noun: an event of its own,
    # with its own toll
    ("Jihadists attacked an army post near Djibo on Wednesday, killing 14 soldiers. On Thursday, they ambushed a "
     "supply convoy near Djibo, killing six more.", [("2021-03-17", 14), ("2021-03-18", 6)]),
    ("Jihadists attacked an army post near Djibo on Wednesday, killing 14 soldiers. A day later, they ambushed a "
     "supply convoy near Djibo, killing six more.", [("2021-03-17", 14), ("2021-03-18", 6)]),
    # an event noun subject of a verb of its happening again on another day: another event
    ("Protesters marched in Rajshahi on Tuesday. The protests resumed on Wednesday.",
     [("2021-03-16", 0), ("2021-03-17", 0)]),
    # a week and a day of the week after it
    ("Last week, rebels captured the town of Kibumba. On Tuesday they shelled army positions near Goma, killing five "
     "soldiers.", [("2021-03-10", 0), ("2021-03-16", 5)]),
    # a reference to the event on its own day is the event
    ("Gunmen attacked a village near Gao on Tuesday, killing five. The attack on Tuesday was claimed by a "
     "jihadist group.", [("2021-03-16", 5)]),
    # (and a noun referring back to it on another day, which tells no act of its own)
    ("Gunmen attacked a village near Gao on Tuesday, killing five. The attack was condemned by the governor on "
     "Wednesday.", [("2021-03-16", 5)]),
    ("Gunmen shot five villagers dead near Kaduna on Tuesday. Funerals for the victims of the attack were held on "
     "Wednesday.", [("2021-03-16", 5)]),
    # a weekend is its Saturday and Sunday: the Monday after is another day
    ("Jihadists attacked an army post near Djibo at the weekend, killing 14 soldiers. On Monday, they ambushed a "
     "supply convoy near Djibo, killing six more.", [("2021-03-13", 14), ("2021-03-15", 6)]),
    # "a week after the attack", "three days after the raid": counted from the day the story named
    ("Bandits raided Kaura Namoda on March 8, killing eight people. A week after the raid, they struck again, "
     "killing four herders.", [("2021-03-08", 8), ("2021-03-15", 4)]),
    # an act told by its month only, in a month the day is not in: another event, with its own toll
    ("Bandits raided Kaura Namoda on Tuesday, killing eight people. Last month, bandits killed 37 traders at the "
     "town's cattle market.", [("2021-03-16", 8), ("2021-02-15", 37)]),
    # (and an act of the month and its day: the day, with no end day of the month's date)
    ("Protests spread across the country in March. On Tuesday, police dispersed the marchers in Harare.",
     [("2021-03-16", 0)]),
])
def test_a_later_act_told_by_a_pronoun_on_a_day_of_its_own_is_another_event(code, text, expected):
    out = code(text, published="2021-03-18")
    assert [(e["event_date"], e["fatalities"]) for e in out["events"]] == expected


@pytest.mark.parametrize("text, expected", [
    ("Gunmen attacked a police post in Kelmora on Tuesday last week, killing two officers.", "2021-03-09"),
    ("Militants fired rockets at Kelmora at 1930, killing two civilians.", "2021-03-15"),
])
def test_weeks_and_clock_times_date_the_event(code, text, expected):
    out = code(text, published="2021-03-15")
    assert [(e["event_date"], e["historical"]) for e in out["events"]] == [(expected, False)]


@pytest.mark.parametrize("text, expected", [
    # an incident the clause tells, dated by its own modifier, is history told as such
    ("Last year's raid on the Kelmo market killed nine traders.", ("2020-07-01", 3, True)),
    ("The militia killed 300 villagers in the 2014 massacre.", ("2014-07-01", 3, True)),
    # a year naming another thing stays out of the event's date
    ("Relatives of victims of the 2014 massacre marched in Kelmo on Thursday.", ("2021-03-11", 1, False)),
])
def test_a_date_of_the_incident_the_clause_tells(code, text, expected):
    e = code(text, published="2021-03-15")["events"][0]
    assert (e["event_date"], e["time_precision"], e["historical"]) == expected


def test_a_day_counted_from_the_sentences_own_day_dates_only_its_clause(code):
    out = code("On 2 March, rebels attacked the town, and the army bombed their camp the next day.",
               published="2021-03-15")
    assert [(e["event_type"], e["event_date"]) for e in out["events"]] == [
        ("Battles", "2021-03-02"), ("Explosions/Remote violence", "2021-03-03")]


@pytest.mark.parametrize("text, expected", [
    # only the day it was told of: ACLED's "as reported on D", precision 2
    ("Gunmen shot five herders dead at a hamlet near Gao, officials said on Monday.", ("2024-03-11", 2)),
    # (guards: the act's own day; a night before the day it was told of)
    ("Gunmen shot five herders dead near Gao on Monday, officials said.", ("2024-03-11", 1)),
    ("Drones struck an energy plant in Odesa overnight, killing two workers, the governor said on Tuesday.",
     ("2024-03-11", 1)),
])
def test_the_day_an_event_was_told_of_is_precision_2(code, text, expected):
    [ev] = code(text, published="2024-03-12")["events"]
    assert (ev["event_date"], ev["time_precision"]) == expected


def test_a_span_of_days_merged_into_one_event_is_no_one_day(code):
    # a later day told in the event's own sentence extends the event to it: a span of days, precision 2 (a one-day
    # precision with an end day said two things)
    [ev] = code("Demonstrators clashed with officers at Sylhet on Tuesday and on Wednesday police arrested ten of them.",
                published="2021-03-18")["events"]
    assert (ev["event_date"], ev["date_end"], ev["time_precision"]) == ("2021-03-16", "2021-03-17", 2)



def test_a_later_undated_sentence_takes_the_acts_day_not_the_tellings(code):
    # the sentence before told the act (Sunday) and the telling (Tuesday): the act's day dates what follows
    out = code("Gunmen killed 15 villagers in Kelmora on Sunday, police said on Tuesday. Residents said the gunmen "
               "also looted shops and burned a clinic.", published="2024-03-13")
    assert {e["event_date"] for e in out["events"]} == {"2024-03-10"}, out["events"]


def test_a_noun_with_an_infinitive_tells_what_is_to_be(code):
    out = code("Dozens of cyclists rode through Kelmora on Saturday. They protested against the council and its "
               "decision to hold a vote in June.", published="2020-05-10")
    assert [t["value"] for t in out["times"] if t["text"] == "June"] == ["2020-06-01"]
    assert [e["event_date"] for e in out["events"]] == ["2020-05-09"]


def test_what_is_set_for_a_coming_day_is_no_event(code):
    # a simple present with a weekday, told as someone's word, is what is set to happen: the day is ahead, no event is coded
    out = code("Junior doctors picket the Kelmora health ministry on Friday, their union said.",
               published="2024-03-13")
    assert [t["value"] for t in out["times"] if t["text"] == "Friday"] == ["2024-03-15"]
    assert out["events"] == []
    # (a headline's present tells the past)
    out = code("Gunmen kill 15 in Kelmora on Sunday\nGunmen killed 15 villagers in Kelmora on Sunday, police said.",
               published="2024-03-13")
    assert [(e["event_date"], e["fatalities"]) for e in out["events"]] == [("2024-03-10", 15)]
    # (a note written in the present with no telling tells the past, as ACLED's Kenyan notes do)
    out = code("Students gather outside the Kelmora law courts on Tuesday to protest fee rises.", published="2024-03-13")
    assert [e["event_date"] for e in out["events"]] == ["2024-03-12"]


@pytest.mark.parametrize("text, expected", [
    # (review of 16bba35) a habit is no plan, nor a past spelt as a present; a toll since a full date is news
    ("Protesters rally every Sunday in Kelmora against the new law, organisers said, and on Sunday police detained "
     "12 of them.", ["2024-03-10"]),
    ("Riots spread to Kelmora on Monday, police said, after youths burned tyres in the capital on Sunday.",
     ["2024-03-11"]),
    ("Fighting between soldiers and rebels near Goma has killed 30 people since March 10, the Red Cross said.",
     ["2024-03-10"]),
    ("A turf war between rival gangs in Kelmora has killed 20 people this week, police said.", ["2024-03-13"]),
    # an order given is no plan: its month is past
    ("The commander gave the order to open fire on marchers in Khartoum in January, a UN report found.",
     ["2024-01-15"]),
    # counted from the act's day, not from a later day the story named; a reference to the act adds no end day
    ("Gunmen attacked a church in Owo on Sunday, killing 40 worshippers. On Tuesday the governor toured the town. "
     "Two days after the attack, youths marched through Owo, blocking roads.", ["2024-03-10", "2024-03-12"]),
    # a year and a day of it: one event
    ("In 2023, bandits killed 37 traders at the Kelmora cattle market. Police said the market attack happened on "
     "4 May 2023.", ["2023-05-04"]),
])
def test_review_of_the_plans_tolls_and_counts(code, text, expected):
    out = code(text, published="2024-03-14" if "Owo" in text else "2024-03-13")
    assert [e["event_date"] for e in out["events"]] == expected, [(e["event_date"], e["date_end"]) for e in out["events"]]
    assert all(e["date_end"] is None for e in out["events"] if "Owo" in text)


@pytest.mark.parametrize("text, expected", [
    # a sentence opening on another incident ("Separately", "In Kelmora state,") neither dates nor retypes the one
    # before, nor takes its toll
    ("Gunmen killed 15 villagers in Maru, police said on Tuesday. Separately, soldiers fought bandits near "
     "Gusau on Sunday.", [("Violence against civilians", "2024-03-12", 15), ("Battles", "2024-03-10", 0)]),
    ("Gunmen killed 15 villagers in Maru, police said on Tuesday. In Sokoto state, soldiers killed 12 bandits during "
     "a firefight on Sunday.", [("Violence against civilians", "2024-03-12", 15), ("Battles", "2024-03-10", 12)]),
])
def test_another_incident_opening_the_next_sentence(code, text, expected):
    out = code(text, published="2024-03-13")
    assert [(e["event_type"], e["event_date"], e["fatalities"]) for e in out["events"]] == expected, out["events"]


def test_relative_days_count_from_a_datelines_day_before_publication(code):
    # the writer dated the story the 11th; published the 13th: "on Tuesday" is the Tuesday before the 11th
    out = code("KELMORA, March 11 (Reuters) - Gunmen killed 15 villagers near Kelmora on Tuesday, police said.",
               published="2024-03-13")
    assert [e["event_date"] for e in out["events"]] == ["2024-03-05"]


@pytest.mark.parametrize("text,day", [
    # a day of this or last month told with the month's words; a weekend's act
    ("Gunmen killed 12 villagers in Kelmora on the 5th of this month, police said.", "2024-03-05"),
    ("Gunmen killed 12 villagers in Kelmora on the 28th of last month, police said.", "2024-02-28"),
    ("Gunmen killed 12 villagers in a weekend attack in Kelmora, police said.", "2024-03-09"),
    # a dateline more than a week before the given publication day is still the day counted from
    ("KELMORA, March 12 (Wire) - Gunmen killed 12 villagers in Kelmora on Monday, police said.", "2024-03-11"),
])
def test_days_of_a_month_weekend_acts_and_late_feeds(code, text, day):
    published = "2024-03-20" if text.startswith("KELMORA") else "2024-03-13"
    assert [e["event_date"] for e in code(text, published=published)["events"]] == [day]


@pytest.mark.parametrize("text,dated", [
    # the headline's day of the act, not the day the first paragraph says it was told
    ("Gunmen kill 12 in Kelmora village raid on Monday\n\nKELMORA (Wire) - Gunmen killed 12 villagers in a raid on "
     "a village near Kelmora, police said on Tuesday.", ("2024-03-11", 1)),
    ("Gunmen kill 12 in Kelmora village raid\n\nKELMORA (Wire) - Gunmen killed 12 villagers in a raid on a village "
     "near Kelmora, police said on Tuesday.", ("2024-03-12", 2)),  # (guard: a headline with no day)
])
def test_a_headline_s_day_of_the_act(code, text, dated):
    assert [(e["event_date"], e["time_precision"]) for e in code(text, published="2024-03-13")["events"]] == [dated]
