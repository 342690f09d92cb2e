"""The times stage and publication-date inference, on sentences written for these tests."""

import json
from datetime import date
from pathlib import Path

import pytest

from eventcoder.api import get_pipeline
from eventcoder.stages.times import find_times, infer_published

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
MON = date(2021, 3, 15)  # a Monday


@pytest.fixture(scope="module")
def nlp():
    return get_pipeline().nlp


def times(nlp, text, pub=MON):
    return find_times(text, pub, nlp(text))


def one(nlp, text, phrase, pub=MON):
    found = [t for t in times(nlp, text, pub) if phrase in t.text]
    assert found, f"no time mention covering {phrase!r} in {[t.text for t in times(nlp, text, pub)]}"
    return found[0]


# --- weekdays by tense ------------------------------------------------------------------------
def test_past_weekday_is_the_most_recent_one(nlp):
    t = one(nlp, "Rebels attacked the convoy on Thursday, police said.", "Thursday")
    assert (t.value, t.precision) == ("2021-03-11", "day")


def test_past_weekday_equal_to_publication_weekday_is_that_day(nlp):
    assert one(nlp, "Troops entered the town on Monday.", "Monday").value == "2021-03-15"


def test_said_weekday_after_publication_weekday_goes_back(nlp):
    assert one(nlp, "The ministry said Tuesday it had retaken the hills.", "Tuesday").value == "2021-03-09"


def test_future_weekday_is_the_next_one(nlp):
    assert one(nlp, "The two delegations will meet on Wednesday in Geneva.", "Wednesday").value == "2021-03-17"
    assert one(nlp, "Talks are set to resume Friday.", "Friday").value == "2021-03-19"


@pytest.mark.parametrize("text, value", [
    # a deadline given lies ahead of the giving
    ("The army gave the rebels until Friday to leave the town.", "2021-03-19"),
    ("The governor set a deadline of Friday for the gangs to disarm.", "2021-03-19"),
    # (guards: what had happened by a day, or lasted until it, is past)
    ("The rebels had left the town by Friday, residents said.", "2021-03-12"),
    ("The curfew lasted until Friday.", "2021-03-12"),
])
def test_a_deadline_given_is_ahead(nlp, text, value):
    assert one(nlp, text, "Friday").value == value


def test_a_weekdays_strike_to_come_is_ahead(nlp):
    # "Sunday's attack" was, whatever is to come of it; a general strike of a weekday is no such act
    assert one(nlp, "The unions said they would go ahead with Thursday's general strike.", "Thursday").value \
        == "2021-03-18"


def test_hours_later_and_the_same_day_count_from_the_day_named_before(nlp):
    text = "Rebels attacked Kelmora on Thursday. Hours later they shelled Dunde. The same day, police arrested ten."
    assert one(nlp, text, "Hours later").value == "2021-03-11"
    assert one(nlp, text, "The same day").value == "2021-03-11"


def test_next_and_last_weekday(nlp):
    assert one(nlp, "Elections are due next Monday.", "Monday").value == "2021-03-22"
    assert one(nlp, "The mayor resigned last Monday.", "Monday").value == "2021-03-08"


def test_weekday_with_part_of_day(nlp):
    t = one(nlp, "Late Saturday evening, shells hit the market.", "Saturday")
    assert t.value == "2021-03-13" and t.text == "Late Saturday evening"


# --- weekends, deictic words, relative periods ------------------------------------------------
def test_weekend_rules(nlp):
    for phrase in ("at the weekend", "over the weekend"):
        t = one(nlp, f"Fighters withdrew from the ridge {phrase}.", phrase)
        assert (t.value, t.end_value, t.precision) == ("2021-03-13", "2021-03-14", "weekend")
    sunday = date(2021, 3, 14)
    t = one(nlp, "Fighters withdrew from the ridge this weekend.", "weekend", pub=sunday)
    assert t.value == "2021-03-13"


def test_yesterday_today_day_before(nlp):
    assert one(nlp, "Gunmen killed two guards yesterday.", "yesterday").value == "2021-03-14"
    assert one(nlp, "The border reopened today.", "today").value == "2021-03-15"
    assert one(nlp, "A rocket fell the day before.", "day before").value == "2021-03-14"


def test_relative_weeks_months_years(nlp):
    t = one(nlp, "Protests spread last week.", "last week")
    assert (t.value, t.precision) == ("2021-03-08", "week")
    assert one(nlp, "Prices rose next month.", "next month").value == "2021-04-01"
    t = one(nlp, "Clashes broke out earlier this month.", "earlier this month")
    assert (t.value, t.precision) == ("2021-03-01", "month")
    assert one(nlp, "Turnout fell last year.", "last year").value == "2020-01-01"
    assert one(nlp, "The camp opened three weeks ago.", "three weeks ago").value == "2021-02-22"


# --- calendar dates ----------------------------------------------------------------------------
@pytest.mark.parametrize("text,phrase,value", [
    ("The offensive began on August 19.", "August 19", "2020-08-19"),
    ("The offensive began on 19 August.", "19 August", "2020-08-19"),
    ("It ended on Aug. 28, 2017.", "Aug. 28, 2017", "2017-08-28"),
    ("The decree is dated 28/08/2017.", "28/08/2017", "2017-08-28"),
    ("The file was updated 2019-04-02.", "2019-04-02", "2019-04-02"),
])
def test_calendar_days(nlp, text, phrase, value):
    t = one(nlp, text, phrase)
    assert (t.value, t.precision) == (value, "day")


def test_month_and_year(nlp):
    t = one(nlp, "Villagers fled in January.", "January")
    assert (t.value, t.precision) == ("2021-01-01", "month")
    assert one(nlp, "Villagers fled in June.", "June").value == "2020-06-01"  # the last June before
    t = one(nlp, "The town was first seized in 2014.", "2014")
    assert (t.value, t.precision) == ("2014-01-01", "year")
    t = one(nlp, "Aid stopped in late November 2019.", "November")
    assert (t.value, t.precision) == ("2019-11-01", "month") and t.text.startswith("late")


def test_ranges_since_and_on_or_around(nlp):
    t = one(nlp, "Strikes hit the port between 19 and 22 August.", "19")
    assert (t.value, t.end_value) == ("2020-08-19", "2020-08-22")
    t = one(nlp, "Roads were closed from 3 to 5 May.", "5 May")
    assert (t.value, t.end_value) == ("2020-05-03", "2020-05-05")
    t = one(nlp, "The siege has lasted since February 19.", "February 19")
    assert (t.value, t.end_value) == ("2021-02-19", "2021-03-15") and t.text.startswith("since")
    t = one(nlp, "He vanished on or around March 2.", "March 2")
    assert t.value == "2021-03-02" and t.text.startswith("on or around")


def test_absolute_dates_resolve_without_publication_date(nlp):
    ts = times(nlp, "Shelling on Tuesday followed the raid of 4 June 2016.", pub=None)
    by_text = {t.text: t for t in ts}
    assert by_text["4 June 2016"].value == "2016-06-04"
    assert by_text["Tuesday"].value is None


# --- durations and false positives --------------------------------------------------------------
@pytest.mark.parametrize("phrase", ["three years", "a week", "nine-day", "48 hours"])
def test_durations_are_not_dates(nlp, phrase):
    text = {"three years": "The group held the valley for three years.",
            "a week": "The siege comes a week into the campaign.",
            "nine-day": "They won the nine-day battle.",
            "48 hours": "The truce lasted 48 hours."}[phrase]
    t = one(nlp, text, phrase)
    assert t.duration and t.value is None and t.precision is None


@pytest.mark.parametrize("text", [
    "The army may still find mines in the caves.",
    "Thousands march on the capital every week.",
    "The Sunday Times reported the claim.",
    "The convoy carried 2014 refugees across the line.",
    "Donors pledged $2,014,000 and 12014 tonnes of grain.",
    "Under Resolution 2254 the talks continue.",
])
def test_false_positives(nlp, text):
    assert [t for t in times(nlp, text) if not t.duration] == []


def test_march_as_noun_but_month_with_cue(nlp):
    assert times(nlp, "The March of Return drew crowds.") == []
    assert one(nlp, "Crowds gathered in March.", "March").value == "2021-03-01"


# --- publication date ----------------------------------------------------------------------------
def test_infer_published_from_captions_prefers_the_latest():
    text = ("Soldiers stand near a checkpoint outside the city on Aug. 27, 2019.\n\n"
            "The army said it had cleared the area, which rebels took in 1998.\n\n"
            "A boy walks past a damaged school in the city on August 28, 2019.")
    assert infer_published(text) == date(2019, 8, 28)


def test_infer_published_from_dateline_and_stamp():
    assert infer_published("KANO, Nigeria, March 3, 2015 (AP) — Gunmen attacked a market.") == date(2015, 3, 3)
    assert infer_published("Published: 12 June 2018 08:30 GMT\nA bomb exploded.") == date(2018, 6, 12)
    assert infer_published("Updated Jan. 9, 2020\nProtesters gathered.") == date(2020, 1, 9)
    text = "GOMA, Oct 4 (Reuters) - Rebels attacked a camp, the army said. The camp opened in 2016."
    assert infer_published(text) == date(2016, 10, 4)


def test_infer_published_ignores_history_in_the_body():
    assert infer_published("The militia first appeared in 1998 and again in 2003 near the lake.") is None
    assert infer_published("") is None


def test_acceptance_article_times():
    txt = SHARED / "acceptance" / "000_bd314e2edf243133.txt"
    gold_path = SHARED / "acceptance" / "000_bd314e2edf243133.gold.json"
    if not txt.exists() or not gold_path.exists():
        pytest.skip("shared acceptance files are absent")
    text = txt.read_text()
    gold = json.loads(gold_path.read_text())["times"]
    inferred = infer_published(text)
    assert inferred == date(2017, 8, 28)
    ts = find_times(text, inferred, get_pipeline().nlp(text))
    for g in gold:
        end = g["start"] + len(g["text"])
        hit = [t for t in ts if t.start < end and g["start"] < t.end]
        assert hit, g
        if g.get("duration"):
            assert hit[0].duration, g
        else:
            assert hit[0].value.startswith(g["value"]), (g, hit[0])


def test_suspicious_publication_dates_warn(caplog):
    import logging
    from datetime import date, timedelta

    from eventcoder.api import code, published_warning

    today = date(2026, 11, 30)
    assert published_warning(date(2026, 12, 1), today) is None  # tomorrow: time zones
    assert "future" in published_warning(date(2027, 1, 5), today)
    assert "1900" in published_warning(date(1850, 5, 5), today)
    assert published_warning(date(2017, 8, 28), today) is None
    with caplog.at_level(logging.WARNING, logger="eventcoder"):
        coded = code("Gunmen killed three people in Kano on Monday.",
                     published=(date.today() + timedelta(days=400)).isoformat())
    assert coded["error"] is None
    assert any("in the future" in r.getMessage() for r in caplog.records)


def test_cli_warns_about_a_future_publication_date_and_rejects_a_bad_one(tmp_path, capsys):
    from eventcoder.cli.main import main

    article = tmp_path / "a.txt"
    article.write_text("Gunmen killed three people in Kano on Monday.", encoding="utf-8")
    assert main(["code", str(article), "--published", "2199-01-01"]) == 0
    assert "future" in capsys.readouterr().err
    assert main(["code", str(article), "--published", "2020-13-45"]) != 0
    assert "YYYY-MM-DD" in capsys.readouterr().err


def test_numbers_in_a_table_row_are_not_years(code):
    doc = code("Figures by district\n1817 2230 1954 77\n2011 1988 45 1993", published="2021-06-09")
    assert not [t for t in doc["times"] if not t["duration"]]
    assert [t["value"] for t in code("The group was founded in 1998.", published="2021-06-09")["times"]] == ["1998-01-01"]


# --- a relative day restated by a calendar date -------------------------------------------------
@pytest.mark.parametrize("text, phrase", [
    ("Two guards were killed on Monday [8 March] at the depot.", "Monday"),
    ("The market was shelled yesterday (8 March), residents said.", "yesterday"),
    ("Gunmen struck the camp last night, 8 March 2021, and fled.", "last night"),
])
def test_relative_day_takes_the_calendar_date_that_restates_it(nlp, text, phrase):
    assert one(nlp, text, phrase).value == "2021-03-08"


@pytest.mark.parametrize("text, phrase", [
    ("A bus was torched in Merrowby this morning (08/03), police said.", "this morning"),
    ("Traders shut their shops on Monday (08/03) in Palton.", "Monday"),
])
def test_relative_day_restated_in_bracketed_figures(nlp, text, phrase):
    # publication on the 15th: "this morning"/"Monday" alone would be the 15th
    assert one(nlp, text, phrase).value == "2021-03-08"


@pytest.mark.parametrize("text", [
    "Herders clashed with rangers near Palton on 08/03.",
    "Grenades were thrown at a patrol on the evening of 08/03 in Merrowby.",
])
def test_day_and_month_in_figures_after_on_or_of(nlp, text):
    assert one(nlp, text, "08/03").value == "2021-03-08"


@pytest.mark.parametrize("text, figures, value", [
    ("Cattle were stolen near Palton on or before 08/03.", "08/03", "2021-03-08"),
    ("The sit-in in Merrowby began late 07/03 and went on overnight.", "07/03", "2021-03-07"),
    ("Guards were attacked near Palton [before the dawn of 08/03].", "08/03", "2021-03-08"),
    ("A councillor was shot dead in Merrowby on 28/2.", "28/2", "2021-02-28"),
])
def test_day_and_month_in_figures_after_before_late_or_with_a_one_figure_month(nlp, text, figures, value):
    assert one(nlp, text, figures).value == value


@pytest.mark.parametrize("text", ["Fans in Palton marked 9/11 on 3/1.", "A 2/3 majority voted on 8/3 in Merrowby."])
def test_a_one_figure_month_after_a_day_a_month_could_be_is_no_date(nlp, text):
    assert not [t for t in times(nlp, text) if "/" in t.text]


@pytest.mark.parametrize("text", ["The shop is open 24/7 in Palton.", "Palton won 21/03 on points.",
                                  "Rangers were attacked on 08/03/21 near Palton."])
def test_other_figures_with_a_slash_are_no_day_and_month(nlp, text):
    assert not [t for t in times(nlp, text) if "/" in t.text and t.value and t.value.endswith("-08")]
    assert not [t for t in times(nlp, text) if t.text in ("24/7", "21/03")]


def test_bracketed_figures_take_the_order_nearer_publication(nlp):
    # 03/08 read day first would be 3 August 2020; month first it is 8 March 2021
    assert one(nlp, "Guards fired on the crowd today (03/08).", "today").value == "2021-03-08"
    # a ratio written without leading zeros is no date
    assert not [t for t in times(nlp, "The vote passed (2/1) on the council.") if t.precision == "day"]


def test_relative_day_and_a_separate_calendar_date_stay_apart(nlp):
    assert one(nlp, "Talks began on Friday and resume on March 3 next year.", "Friday").value == "2021-03-12"


def test_days_after_another_event_are_not_counted_from_publication(nlp):
    t = one(nlp, "The hostage was killed three days after he was seized.", "three days after")
    assert t.value is None
    assert one(nlp, "The hostage was freed three days ago.", "three days ago").value == "2021-03-12"


def test_holiday_eve_in_lower_case(nlp):
    assert one(nlp, "Rebels raided the town on Christmas eve.", "Christmas", pub=date(2021, 12, 27)).value == "2021-12-24"


@pytest.mark.parametrize("text", [
    "The gunmen struck at 2130 GMT near the bridge.",
    "Shots were heard at about 1930 local time in the market.",
    "Rebels shelled the camp [1800 gmt] on Friday.",
])
def test_clock_times_are_not_years(nlp, text):
    assert not [t for t in times(nlp, text) if t.precision == "year"]


def test_a_year_after_at_is_still_a_year(nlp):
    assert one(nlp, "The law was passed in 1930 and amended at the end of 1990.", "1930").value == "1930-01-01"


def test_a_range_of_full_dates_with_commas_is_joined(nlp):
    t = one(nlp, "Police killed 40 people between December 30, 2020, and January 3, 2021, a group said.",
            "December 30")
    assert (t.value, t.end_value) == ("2020-12-30", "2021-01-03")


def test_a_date_naming_the_noun_after_it_is_not_placed_by_the_past_tense(nlp):
    # a past verb would put "Aug. 8" last year; it names the coming elections
    t = one(nlp, "Rivals clashed after their candidates were cleared to contest the Aug. 8 general elections.",
            "Aug. 8", pub=date(2021, 6, 3))
    assert t.value == "2021-08-08"
    # a date of the act itself keeps the tense rule
    t = one(nlp, "Rivals clashed on Aug. 8 in the town.", "Aug. 8", pub=date(2021, 6, 3))
    assert t.value == "2020-08-08"


def test_a_day_of_the_month_without_the_month(nlp):
    t = one(nlp, "Police fought protesters on the 12th, residents said.", "12th", pub=date(2021, 3, 15))
    assert (t.text, t.value, t.precision) == ("the 12th", "2021-03-12", "day")
    # a day after the publication day is last month's, unless the verb looks ahead
    assert one(nlp, "He was shot on the 20th.", "20th").value == "2021-02-20"
    assert one(nlp, "The talks will resume on the 20th.", "20th").value == "2021-03-20"
    # an ordinal naming a thing is no day
    assert not [t for t in times(nlp, "A member of the 5th House of Assembly was shot.") if "5th" in t.text]


def test_years_read_out_in_words(nlp):
    t = one(nlp, "In nineteen seventy-nine the army entered the capital.", "nineteen")
    assert (t.text, t.value, t.precision) == ("nineteen seventy-nine", "1979-01-01", "year")
    assert one(nlp, "They vowed to halve poverty by the year two thousand.", "two thousand").value == "2000-01-01"


def test_a_year_after_mid_and_a_hyphen(nlp):
    t = one(nlp, "The movement began to fall apart in mid-2016 after a split.", "2016")
    assert (t.text, t.value) == ("mid-2016", "2016-01-01")


def test_last_month_name_with_a_day_is_that_day(nlp):
    t = one(nlp, "The doctor was shot dead last Oct. 23 at his home.", "Oct", pub=date(2021, 4, 19))
    assert (t.value, t.precision) == ("2020-10-23", "day")


def test_a_month_closing_a_span_ahead_is_the_coming_one(nlp):
    t = one(nlp, "The company plans to repay the loan by February.", "February", pub=date(2021, 10, 30))
    assert t.value == "2022-02-01"
    # without the cue a month of the present tense is the last one
    t = one(nlp, "The company repays loans in February.", "February", pub=date(2021, 10, 30))
    assert t.value == "2021-02-01"
    t = one(nlp, "The board was reshuffled, effective Feb. 1.", "Feb. 1", pub=date(2021, 10, 26))
    assert t.value == "2022-02-01"


def test_a_holiday_naming_a_noun_is_no_day(nlp):
    assert not [t for t in times(nlp, "A truck ploughed into a busy Christmas market in the city.")
                if "Christmas" in t.text]
    assert one(nlp, "The church was attacked on Christmas Day.", "Christmas").value == "2020-12-25"


@pytest.mark.parametrize("text", [
    "Militants fired rockets at 1930, killing two civilians.",
    "A curfew runs from 1800 to 0600, and soldiers shot two men who broke it.",
    "Soldiers opened fire at 2045 on Monday near the market.",
])
def test_a_clock_time_is_no_year(nlp, text):
    assert [t.text for t in times(nlp, text) if t.precision == "year"] == []


def test_a_year_after_at_or_in_a_span_of_years_stays_a_year(nlp):
    assert one(nlp, "The rebels have held Kelmo since 2012.", "2012").precision == "year"
    assert one(nlp, "The militia ruled the valley from 2014 to 2016.", "2014").value == "2014-01-01"


@pytest.mark.parametrize("text, pub, value, end", [
    # a span across months told with a dash or "to" alone
    ("Rebels besieged Kelmo 30 April-2 May, killing 14 people.", date(2021, 5, 10), "2021-04-30", "2021-05-02"),
    ("Rebels besieged Kelmo April 30 - May 2, killing 14 people.", date(2021, 5, 10), "2021-04-30", "2021-05-02"),
    # a span of months or years ends on the last day of its last one
    ("Rebels besieged Kelmo from March to April, killing 14 people.", date(2021, 5, 10), "2021-03-01", "2021-04-30"),
    ("The militia ruled the valley between 2014 and 2016.", date(2021, 5, 10), "2014-01-01", "2016-12-31"),
])
def test_spans_without_from_and_spans_of_months_or_years(nlp, text, pub, value, end):
    first = times(nlp, text, pub)[0]
    assert (first.value, first.end_value) == (value, end)


@pytest.mark.parametrize("text, phrase, value", [
    # MON is Monday 15 March 2021: last week is 8 to 14 March
    ("Gunmen attacked the post on Thursday last week.", "Thursday last week", "2021-03-11"),
    ("Gunmen attacked the post on Monday of last week.", "Monday of last week", "2021-03-08"),
    ("Gunmen attacked the post last week on Tuesday.", "last week on Tuesday", "2021-03-09"),
    ("Herders will meet the governor on Friday next week.", "Friday next week", "2021-03-26"),
])
def test_a_weekday_of_a_named_week(nlp, text, phrase, value):
    found = [t for t in times(nlp, text) if t.precision in ("day", "week")]
    assert [(t.text, t.value, t.precision) for t in found] == [(phrase, value, "day")]


@pytest.mark.parametrize("text, phrase, value", [
    ("Rebels raided Kelmo on Saturday. A day later, troops shelled their camp.", "A day later", "2021-03-14"),
    ("Rebels raided Kelmo on Saturday. Two days earlier, troops shelled their camp.", "Two days earlier",
     "2021-03-11"),
    ("Rebels raided Kelmo on 2 March. The previous day, troops shelled their camp.", "The previous day",
     "2021-03-01"),
    ("Rebels raided Kelmo on 2 March. The next day troops shelled their camp.", "The next day", "2021-03-03"),
    ("Rebels raided Kelmo on 2 March. The day before, troops shelled their camp.", "The day before", "2021-03-01"),
    # with no day before it, counted from publication
    ("Two days earlier, troops shelled the rebels' camp.", "Two days earlier", "2021-03-13"),
])
def test_a_day_counted_from_the_day_the_story_named_before(nlp, text, phrase, value):
    assert one(nlp, text, phrase).value == value


def test_the_day_after_an_event_is_counted_from_that_event_not_from_publication(nlp):
    assert one(nlp, "Troops shelled the camp the day after the raid.", "the day after").value is None


@pytest.mark.parametrize("text, phrase, value, precision", [
    ("Rebels raided the base a decade ago.", "a decade ago", "2011-01-01", "year"),
    ("Rebels raided the base a fortnight ago.", "a fortnight ago", "2021-03-01", "day"),
    # a fraction of a year is counted in months, of a week in days
    ("Rebels raided the base 1.5 years ago.", "1.5 years ago", "2019-09-01", "month"),
    ("Rebels raided the base 2.5 weeks ago.", "2.5 weeks ago", "2021-02-25", "day"),  # (18 days)
])
def test_decades_fortnights_and_fractions_ago(nlp, text, phrase, value, precision):
    t = one(nlp, text, phrase)
    assert (t.value, t.precision, t.duration) == (value, precision, False)


@pytest.mark.parametrize("text, values", [
    # the period of a date named after it is not the one counted from publication
    ("Rioters torched cars in the last week of December in Kelmo.", [("December", "2020-12-01", "month")]),
    ("Militants raided Kelmo on the weekend of 6-7 March.", [("6-7 March", "2021-03-06", "day")]),
    # (guard: without a date after, as before)
    ("Militants raided Kelmo last weekend.", [("last weekend", "2021-03-13", "weekend")]),
])
def test_a_week_or_weekend_of_a_named_date(nlp, text, values):
    assert [(t.text, t.value, t.precision) for t in times(nlp, text)] == values


def test_a_list_of_days_opens_its_span_and_a_weekday_span_ends_before_the_report(nlp):
    first = times(nlp, "Rebels shelled Kelmo on 1, 2 and 3 March, killing eight people.")[0]
    assert (first.text, first.value, first.end_value) == ("1, 2 and 3 March", "2021-03-01", "2021-03-03")
    # MON is a Monday: "from Monday to Wednesday" told in the past is the week before's
    span = times(nlp, "Rebels besieged Kelmo from Monday to Wednesday, killing 14 people.")[0]
    assert (span.value, span.end_value) == ("2021-03-08", "2021-03-10")


@pytest.mark.parametrize("text, pub, expected", [
    # (a review of the rules above; MON is Monday 15 March 2021)
    # a day counted from a weekday of a named week counts from that weekday
    ("Rebels raided Kelmo on Monday of last week. The next day, they burned its market.", MON,
     [("Monday of last week", "2021-03-08", None), ("The next day", "2021-03-09", None)]),
    # a count restated by its date keeps the date
    ("Officials met in Dunde on Friday. Two days earlier (3 March), gunmen raided Kelmo.", MON,
     [("Friday", "2021-03-12", None), ("Two days earlier", "2021-03-03", None), ("3 March", "2021-03-03", None)]),
    # "of" and no date after: the week counted from publication
    ("The killing last week of 12 protesters in Kelmo set off riots.", MON, [("last week", "2021-03-08", None)]),
    ("The arrest last month of Janet Dunde set off riots.", MON, [("last month", "2021-02-01", None)]),
    # a weekday beside another week's possessive is no weekday of that week
    ("Rebels raided Kelmo on Friday, next week's talks notwithstanding.", MON,
     [("Friday", "2021-03-12", None), ("next week", "2021-03-22", None)]),
    # a weekday span told of the future ends after its start
    ("Delegates will meet in Kelmo from Tuesday to Thursday.", date(2021, 3, 17),
     [("Tuesday", "2021-03-23", "2021-03-25"), ("Thursday", "2021-03-25", None)]),
    # no span of two weekdays across a dash, nor of a weekday and a date
    ("Gunmen raided Kelmo on Monday — Tuesday's funeral drew thousands.", date(2021, 3, 17),
     [("Monday", "2021-03-15", None), ("Tuesday", "2021-03-16", None)]),
    ("A magistrate put off the hearing Monday to March 20.", date(2021, 3, 17),
     [("Monday", "2021-03-15", None), ("March 20", "2021-03-20", None)]),
    # counts of fortnights and decades with a fraction; a count past the calendar's start is no date
    ("The sect first struck 1.5 decades ago.", MON, [("1.5 decades ago", "2006-01-01", None)]),
    ("Kelmo was founded 300 decades ago, and rebels raided it on Monday.", MON,
     [("300 decades", None, None), ("Monday", "2021-03-15", None)]),
    # the day beside a date that follows
    ("Soldiers shot two protesters in Kelmo the day after Christmas.", date(2020, 12, 30),
     [("the day after Christmas", "2020-12-26", None)]),
    # a number before "between" opens no list of days
    ("Police said 12, between 14 and 16 March, were held.", date(2021, 3, 20),
     [("between 14 and 16 March", "2021-03-14", "2021-03-16")]),
])
def test_reviewed_time_rules(nlp, text, pub, expected):
    assert [(t.text, t.value, t.end_value) for t in times(nlp, text, pub)] == expected


def test_figures_joined_by_dashes_are_a_date_day_first():
    from datetime import date as _date

    from eventcoder.stages.times import find_times

    got = [(t.text, t.value) for t in find_times("Militants killed three policemen on 10-03-2024 near Kelmora.",
                                                  _date(2024, 3, 13))]
    assert got == [("10-03-2024", "2024-03-10")]
