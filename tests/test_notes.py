"""Notes: ACLED-style one-sentence summaries, and the events a document cannot date."""

from __future__ import annotations

import logging

import pytest

from eventcoder.document import Event
from eventcoder.stages.notes import write_note


def _event(sub_event_type: str, actor2: str | None = None) -> Event:
    ev = Event("Battles", sub_event_type, [0])
    ev.actor1, ev.actor2 = "Kelmorian Rebels", actor2
    ev.location, ev.country, ev.event_date, ev.time_precision = "Dunde", "Kelmoria", "2024-03-11", 1
    return ev


@pytest.mark.parametrize("sub_event_type,phrase", [
    ("Armed clash", "Kelmorian Rebels clashed in Dunde"),
    ("Air/drone strike", "Kelmorian Rebels carried out an air or drone strike in Dunde"),
    ("Non-state actor overtakes territory", "Kelmorian Rebels took territory in Dunde"),
    ("Protest with intervention", "Kelmorian Rebels protested and were met with intervention in Dunde"),
])
def test_a_note_with_no_second_actor_leaves_no_preposition_hanging(sub_event_type, phrase):
    note = write_note(_event(sub_event_type))
    assert phrase in note, note


def test_a_note_names_the_second_actor_after_the_verb():
    note = write_note(_event("Armed clash", "Military Forces of Kelmoria"))
    assert "Kelmorian Rebels clashed with Military Forces of Kelmoria in Dunde (Kelmoria)." in note


def test_a_note_of_excessive_force_names_the_force_first():
    # ACLED's first actor of a demonstration is the crowd, its second the force that met it
    ev = _event("Excessive force against protesters", "Police Forces of Kelmoria")
    ev.actor1 = "Protesters (Kelmoria)"
    assert "Police Forces of Kelmoria used lethal or excessive force against Protesters (Kelmoria) in Dunde" \
        in write_note(ev)
    ev.actor2 = None
    assert "Protesters (Kelmoria) were met with lethal or excessive force in Dunde" in write_note(ev)
    ev.actor1, ev.actor2 = None, "Police Forces of Kelmoria"
    assert "Police Forces of Kelmoria used lethal or excessive force against protesters in Dunde" in write_note(ev)


def test_events_left_out_for_want_of_a_day_are_reported(caplog):
    from eventcoder.api import code

    # no publication date given and none in the text: ACLED codes no event without a day, and the user is told
    with caplog.at_level(logging.WARNING):
        coded = code("Gunmen killed five villagers in Maiduguri on Tuesday, police said.")
    assert coded["published"] is None and coded["events"] == []
    assert any("left out" in r.getMessage() and "--published" in r.getMessage() for r in caplog.records)
