"""The publication date a document carries or states: HTML markup (saved pages and fetched ones read
alike), a visible "Published:" line, datelines and headers of plain text. Invented texts."""

from __future__ import annotations

import logging
from datetime import date

import pytest

from eventcoder.api import parse_date
from eventcoder.errors import InputError
from eventcoder.ingest.html import date_value, document_from_html
from eventcoder.stages.times import infer_published

BODY = ("Gunmen raided the village of Kelmo near Gao on Monday, killing five herders, "
        "the district officer said. Residents fled towards the river after the raid.")


def page(head: str = "", before: str = "", body: str = BODY, after: str = "") -> str:
    return (f"<html><head><title>Raid near Gao</title>{head}</head><body>{before}<article><h1>Raid near Gao</h1>"
            f"<p>{body}</p><p>Elders of the district asked the army for more patrols on the roads.</p>"
            f"{after}</article></body></html>")


@pytest.mark.parametrize("head", [
    '<meta property="article:published_time" content="2024-03-13T08:00:00+03:00">',
    '<script type="application/ld+json">{"@type": "NewsArticle", "datePublished": "2024-03-13T08:00:00Z"}</script>',
    '<script type="application/ld+json">{"@graph": [{"@type": "WebSite", "name": "Kelmo Times"}, '
    '{"@type": "NewsArticle", "datePublished": "2024-03-13"}]}</script>',
    '<meta name="DC.date.issued" content="2024-03-13">',
    '<meta name="dcterms.created" content="2024-03-13">',
    '<meta name="pubdate" content="Wed, 13 Mar 2024 08:00:00 GMT">',
    '<meta name="publishdate" content="2024/03/13">',
    '<meta name="parsely-pub-date" content="20240313">',
    # the page's day as its markup writes it, whatever the time zone
    '<meta property="article:published_time" content="2024-03-13T23:30:00-05:00">',
    # a generic "date" names some date of the page; the article's own datePublished wins
    '<meta name="date" content="2024-03-20"><script type="application/ld+json">'
    '{"@type": "NewsArticle", "datePublished": "2024-03-13"}</script>',
])
def test_markup_gives_the_publication_date(head):
    doc = document_from_html(page(head=head), "saved.html")
    assert (doc.published, doc.published_source) == (date(2024, 3, 13), "metadata")


def test_a_date_in_the_pages_address_or_a_visible_line():
    canonical = '<link rel="canonical" href="https://kelmotimes.example.org/2024/03/13/raid-near-gao">'
    assert document_from_html(page(head=canonical), "saved.html").published == date(2024, 3, 13)
    # a byline before the story, which the main text leaves out
    doc = document_from_html(page(before='<p class="byline">Published: 13 March 2024</p>'), "saved.html")
    assert (doc.published, doc.published_source) == (date(2024, 3, 13), "text")


def test_a_time_in_the_story_dates_the_event_not_the_page():
    body = BODY.replace("on Monday", 'on <time datetime="2024-03-11">Monday</time>')
    doc = document_from_html(page(body=body), "saved.html")
    assert doc.published is None  # no publication date on the page
    assert "near Gao on Monday, killing" in doc.text  # (the words of a <time> are kept)
    stamped = '<time datetime="2024-03-20">20 March</time> | <time datetime="2024-03-13" pubdate>13 March</time>'
    assert document_from_html(page(body=body, before=stamped), "saved.html").published == date(2024, 3, 13)


def test_markup_date_values():
    assert date_value("2024-03-13T08:00:00+03:00") == date(2024, 3, 13)
    assert date_value("Wed, 13 Mar 2024 08:00:00 GMT") == date(2024, 3, 13)
    assert date_value("2024/3/13") == date(2024, 3, 13) and date_value("20240313") == date(2024, 3, 13)
    for written in ("Wed, 13 Mar 2024", "13 March 2024", "Mar 13, 2024", "Wednesday, 13 March 2024"):
        assert date_value(written) == date(2024, 3, 13), written
    # figures in the order day, month, year are read when the order is plain (13 is no month)
    assert date_value("13/03/2024") == date(2024, 3, 13) == date_value("13.03.2024")
    for bad in ("2024-02-30", "yesterday", "", "03/04/2024", "2024-13-01", "31/02/2024"):
        assert date_value(bad) is None, bad


@pytest.mark.parametrize("text,day", [
    # a dateline's full date beats a sentence of the body that ends in a date of history
    ("KELMORA, March 12, 2024 (Reuters) - " + BODY + "\n\nThe last accord was signed in Bamako on May 15, 2015.",
     date(2024, 3, 12)),
    ("Nairobi, Kenya — Tuesday, March 12, 2024: " + BODY, date(2024, 3, 12)),
    ("(Kelmo Times) March 12, 2024 — " + BODY, date(2024, 3, 12)),
    ("BAMAKO, Mali (AP) — Tuesday, March 12, 2024 — " + BODY, date(2024, 3, 12)),
    ("Wednesday, 13 March 2024\n\n" + BODY, date(2024, 3, 13)),
    ("By Staff Reporter | 13 March 2024\n\n" + BODY, date(2024, 3, 13)),
    # a dateline in figures: ISO's, or day and month in a plain order; none when either could be the month
    ("GAO, Mali, 25/03/2024 - " + BODY, date(2024, 3, 25)),
    ("GAO, Mali, 03/25/2024 (AFP) - " + BODY, date(2024, 3, 25)),
    ("GAO, 2024-03-12 (AFP) - " + BODY, date(2024, 3, 12)),
    ("GAO, Mali, 25.03.2024 — " + BODY, date(2024, 3, 25)),
    ("GAO, Mali, 03/04/2024 - " + BODY, None),
    ("GAO, Mali, 31/02/2024 - " + BODY, None),
    ("By Staff Reporter | 25/03/2024\n\n" + BODY, date(2024, 3, 25)),
    # "Published" wins over "Updated", wherever each stands; a line opening with the word "Date" is none
    ("Updated: 20 March 2024\nPublished: 13 March 2024\n\n" + BODY, date(2024, 3, 13)),
    ("Date palm growers in Gao said on 1 January 2020 that prices fell.\n\nKELMORA, March 12, 2024 (AFP) - "
     + BODY, date(2024, 3, 12)),
    # a headline's date of history is no publication date
    ("Kelmora Residents Recall The Market Massacre Of June 4, 1998\n\n" + BODY, None),
    # a past-tense sentence ending in a date is no photo caption
    (BODY + "\n\nThe last accord was signed in Bamako on May 15, 2015.", None),
    ("The first sentence of a story names no date at all.\n\n" + BODY, None),
    # the agencies that close a dateline with their tag and no dash, or open it with the tag
    ("Kelmapur, Mar 12, 2024 (PTI) " + BODY, date(2024, 3, 12)),
    ("(Xinhua) Kelmora, March 3, 2024 -- " + BODY, date(2024, 3, 3)),
    # (an agency's tag in small letters is one too; an aside in brackets is none: see below)
    ("KELMORA, March 3, 2024 (dpa) - " + BODY, date(2024, 3, 3)),
    # a header with the time of day, a byline on a line of its own before the date, figures joined by dots (day
    # first, as the countries writing them so order them; slashes leave the order open)
    ("March 12, 2024 at 10:15 a.m. EDT\n\n" + BODY, date(2024, 3, 12)),
    ("By Staff Reporter, Kelmora\nTuesday 12 March 2024\n\n" + BODY, date(2024, 3, 12)),
    ("KELMORA, 05.03.2024 (AA) - " + BODY, date(2024, 3, 5)),
    ("KELMORA, 05-03-2024 (APP) - " + BODY, date(2024, 3, 5)),  # (and by dashes)
    # a line of the date alone under a headline
    ("Kelmoria: gunmen kill 15 in a village raid\n12 March 2024\n" + BODY, date(2024, 3, 12)),
    ("KELMORA, 05/03/2024 (AFP) - " + BODY, None),
    # a body line opening with a place and a date, then an aside in brackets, is no dateline
    (BODY + "\nThe raid began at dawn on Sunday, March 10 (local time) and lasted three hours.", None),
])
def test_datelines_headers_and_stamps(text, day):
    assert infer_published(text) == day


def test_a_dateline_without_a_year_takes_no_year_of_history_or_of_a_clock():
    today = date.today()
    this_year = date(today.year, 3, 12) if date(today.year, 3, 12) <= today else date(today.year - 1, 3, 12)
    for tail in ("It was the worst attack since the 2012 rebellion.", "The raid began at 1930 hours.",
                 "Herders have used the wells after 2015.", "In 2019, raiders killed 40 herders in the same area."):
        assert infer_published(f"GAO, Mali, March 12 (Reuters) - {BODY} {tail}") == this_year, tail
    # a year the text names otherwise is the dateline's
    assert infer_published(f"GAO, Mali, March 12 (Reuters) - {BODY} The wells were dug in 2016.") == date(2016, 3, 12)
    assert infer_published(f"Nairobi, March 12 (Xinhua) -- {BODY}") == this_year
    assert infer_published(f"Kelmapur, Mar 12 (PTI) {BODY}") == this_year


def test_a_dateline_without_a_year_falls_after_the_dates_the_story_names_in_its_year():
    # filed on 3 January, a story naming 7 October of 2023 as past was filed in 2024
    for tail in ("The war began on Oct. 7, 2023, when fighters crossed the fence.",
                 "Fighting erupted in April 2023 between the two forces.",
                 "The siege began on 7 October 2023."):
        assert infer_published(f"KELMORA, Jan 3 (Reuters) - {BODY} {tail}") == date(2024, 1, 3), tail
    # (nor one told of the future)
    assert infer_published(f"KELMORA, Jan 3 (Reuters) - {BODY} Talks would resume in October 2023.") \
        == date(2023, 1, 3)
    # a date of that year before the dateline's leaves the year alone
    assert infer_published(f"KELMORA, Jun 3 (Reuters) - {BODY} Fighting erupted in April 2023.") == date(2023, 6, 3)


def test_a_publication_date_read_from_the_text_is_checked_too(caplog):
    from eventcoder.api import code

    with caplog.at_level(logging.WARNING):
        coded = code(f"KELMORA, March 12, 2094 (Reuters) - {BODY}")
    assert coded["published"] == "2094-03-12" and coded["published_source"] == "text"
    assert any("2094-03-12 is in the future" in r.getMessage() and "read from the text" in r.getMessage()
               for r in caplog.records)


@pytest.mark.parametrize("value,words", [
    ("2024-02-30", "no day of the calendar"),
    ("2024-03-13T25:99:00", "no time of day"),
    (True, "not true"),
    (["2024-03-13"], "not a list"),
    (20240313, "not the number 20240313"),
])
def test_publication_date_messages_say_what_is_wrong(value, words):
    assert parse_date("2024-03-13T24:00:00") == parse_date("2024-03-13T23:59:60") == date(2024, 3, 13)  # (ISO)
    with pytest.raises(InputError, match=words):
        parse_date(value, "published")


def test_a_saved_pages_address_is_its_own_not_its_sites():
    article = '<meta property="og:url" content="https://kelmotimes.example.org/2024/03/13/raid-near-gao">'
    home = '<meta property="og:url" content="https://kelmotimes.example.org/">'
    own = document_from_html(page(head=article), "a.html").url
    assert own == "https://kelmotimes.example.org/2024/03/13/raid-near-gao"
    # (a site's home page as every page's address would make all its saved pages one document)
    one = document_from_html(page(head=home), "a.html")
    other = document_from_html(page(head=home, body=BODY.replace("five", "six")), "b.html")
    assert one.url is None and other.url is None and one.id != other.id


@pytest.mark.parametrize("published", ["9999-12-28", "0001-01-03"])
def test_a_publication_date_at_the_ends_of_the_calendar_is_refused_in_words(code, published):
    out = code("Protesters will march in Kelmo next week, and marched there last week.", published=published)
    assert out["events"] == [] and "too far from our era" in out["error"] and "Overflow" not in out["error"]


@pytest.mark.parametrize("text,day", [
    # a line of the page's byline, times and date under the headline gives the publication date
    ("Gunmen kill 12 in Kelmora\nBy Kelmo Dunde | Mar. 12, 2024\nGunmen killed 12 villagers on Sunday night.",
     date(2024, 3, 12)),
    ("Gunmen kill 12 in Kelmora\nMarch 12, 2024 | 6:30 am\nGunmen killed 12 villagers on Sunday night.",
     date(2024, 3, 12)),
    ("Gunmen kill 12 in Kelmora\nKelmora | March 12, 2024 07:41 IST\nGunmen killed 12 villagers on Sunday night.",
     date(2024, 3, 12)),
    # (guards: a body sentence's date is no page's)
    ("On March 3, 2024, gunmen killed 12 villagers in Kelmora.", None),
    ("Gunmen killed 12 villagers in Kelmora on Sunday.\nThe raid recalled the March 3, 2020 massacre.", None),
])
def test_a_page_line_of_byline_and_date(text, day):
    from eventcoder.stages.times import infer_published

    assert infer_published(text) == day
