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
    ev = dated(pipe, "Nine people were killed in an overnight attack on a bar, witnesses said on Sunday.",
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
    ev = dated(pipe, "Four farmers have been killed in the east, their families said on Sunday. "
                     "Unknown gunmen opened fire on their truck on Friday near the river.", "killed")
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


def test_the_date_records_what_it_rests_on(pipe):
    own = dated(pipe, "Rebels attacked the base on Thursday, the army said on Sunday.", "attacked")
    report = dated(pipe, "The army said on Saturday that rebels had attacked the base.", "attacked")
    none = dated(pipe, "Rebels attacked the base.", "attacked")
    assert (own.date_basis, report.date_basis, none.date_basis) == ("act", "report", "published")


def test_a_noun_mention_under_a_claim_takes_the_claims_day_as_the_reports(pipe):
    ev = dated(pipe, "The Northern Front claimed responsibility on Saturday for the attack.", "attack")
    assert (ev.event_date, ev.date_basis) == ("2021-03-13", "report")


def test_merged_mentions_keep_the_acts_own_date_over_a_claims_day():
    from eventcoder.api import code

    text = ("A bomb ripped through the market of Kelmora on Tuesday, killing nine traders. "
            "The Northern Front claimed responsibility on Wednesday for the attack.")
    events = code(text, "2021-03-16")["events"]  # a Tuesday: the claim's Wednesday reads as a week ago
    assert events and events[0]["event_date"] == "2021-03-16"


def test_merged_mentions_keep_the_first_mentions_day_over_an_earlier_one():
    from eventcoder.api import code

    text = ("Gunmen killed six villagers in Kelmora on Monday. The gunmen had also shot dead a farmer "
            "in Kelmora on Sunday, police said.")
    events = code(text, "2021-03-16")["events"]
    assert [e["event_date"] for e in events] == ["2021-03-15"]
