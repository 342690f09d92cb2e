"""Event sources and status from invented reports."""

from eventcoder.document import Event
from eventcoder.stages.claims import event_sources, event_status
from eventcoder.stages.fatalities import attach

from test_fatalities import context


def coded(text, actors=(), sentences=(0,)):
    ctx = context(text, actors)
    ctx.events = [Event("Battles", "Armed clash", sentences=list(sentences))]
    attach(ctx)
    return ctx, ctx.events[0]


def test_coordinated_speakers_canonicalised():
    text = "Fighters left the town of Brell on Monday, Delta state television and the Northern Front said."
    ctx, ev = coded(text, actors=[("the Northern Front", "Northern Front")])
    assert event_sources(ev, ctx) == ["Delta state television", "Northern Front"]
    assert event_status(ev, ctx) == "reported"


def test_told_and_according_to():
    ctx, ev = coded("Two guards were killed in Kelm, a hospital source told reporters.")
    assert event_sources(ev, ctx) == ["a hospital source"]
    ctx, ev = coded("Two guards were killed in Kelm, according to local officials.")
    assert event_sources(ev, ctx) == ["local officials"]


def test_a_source_named_with_a_preposition_keeps_its_whole_name():
    ctx, ev = coded("Two guards were killed in Kelm on Monday, according to the Council on Foreign Relations.")
    assert event_sources(ev, ctx) == ["the Council on Foreign Relations"]
    ctx, ev = coded("Two guards were killed in Kelm on Monday, the Committee for Press Freedom said.")
    assert event_sources(ev, ctx) == ["the Committee for Press Freedom"]
    ctx, ev = coded("Two guards were killed in Kelm, according to the Union of Dunde Journalists.")
    assert event_sources(ev, ctx) == ["the Union of Dunde Journalists"]


def test_what_was_reported_is_no_source_of_it():
    # the subject of a passive "was reported" is the news; its agent, or the subject of "was quoted", spoke
    ctx, ev = coded("Heavy shelling from unknown positions was reported near Kelm late on Monday.")
    assert event_sources(ev, ctx) == []
    ctx, ev = coded("Two guards were killed in Kelm on Monday, it was reported by the Dunde Herald.")
    assert event_sources(ev, ctx) == ["the Dunde Herald"]


def test_unconfirmed_in_next_sentence_of_paragraph():
    text = "The Northern Front said it had taken Moss. This could not be independently verified."
    ctx, ev = coded(text)
    assert event_status(ev, ctx) == "unconfirmed"


def test_confirmed_and_denied():
    ctx, ev = coded("Police confirmed that gunmen attacked a bus near Tarn.")
    assert event_status(ev, ctx) == "confirmed"
    ctx, ev = coded("The Northern Front denied carrying out the attack on a bus near Tarn.")
    assert event_status(ev, ctx) == "denied"


def test_disputed_when_sources_differ_on_the_same_dead():
    text = "Officials said 12 civilians were killed in Tarn. Residents said 30 civilians were killed."
    ctx, ev = coded(text, sentences=(0, 1))
    assert event_status(ev, ctx) == "disputed"
    assert ev.fatalities == 12


def test_a_thing_fought_over_does_not_make_the_report_disputed():
    ctx, ev = coded("Rival supporters clashed in Tarn on Monday after a disputed election result.")
    assert event_status(ev, ctx) == "reported"
    ctx, ev = coded("Two herders were killed in a contested border area near Tarn on Monday.")
    assert event_status(ev, ctx) == "reported"
    # (a figure or an account the text says someone disputed still is)
    ctx, ev = coded("Officials said two herders were killed near Tarn, a toll the Northern Front disputed.")
    assert event_status(ev, ctx) == "disputed"
