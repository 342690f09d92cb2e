"""Notes: a one-sentence summary of each event in the style of ACLED's notes."""

from __future__ import annotations

import logging
from datetime import date

from ..document import Context, Event
from ..pipeline import stage

log = logging.getLogger("eventcoder")

VERB_PHRASES = {
    "Government regains territory": "regained territory from",
    "Non-state actor overtakes territory": "took territory from",
    "Armed clash": "clashed with",
    "Excessive force against protesters": "used lethal or excessive force against",
    "Protest with intervention": "protested and were met by",
    "Peaceful protest": "held a peaceful protest",
    "Violent demonstration": "demonstrated violently",
    "Mob violence": "attacked",
    "Chemical weapon": "used chemical weapons against",
    "Air/drone strike": "carried out an air or drone strike on",
    "Suicide bomb": "carried out a suicide bombing against",
    "Shelling/artillery/missile attack": "shelled",
    "Remote explosive/landmine/IED": "detonated an explosive device against",
    "Grenade": "threw a grenade at",
    "Sexual violence": "committed sexual violence against",
    "Attack": "attacked",
    "Abduction/forced disappearance": "abducted",
    "Agreement": "reached an agreement",
    "Arrests": "arrested",
    "Change to group/activity": "changed its activity",
    "Disrupted weapons use": "disrupted weapons use",
    "Headquarters or base established": "established a base",
    "Looting/property destruction": "looted or destroyed property",
    "Non-violent transfer of territory": "transferred territory without fighting",
    "Other": "reported a development",
}
_PREPOSITIONS = (" from", " with", " against", " on", " at", " by")
# the verb phrases that end on a preposition, said of an event with no second actor, where dropping the
# preposition would not do
NO_TARGET_PHRASES = {"Protest with intervention": "protested and were met with intervention"}


def _day(iso: str | None) -> str:
    if not iso:
        return "an unknown date"
    d = date.fromisoformat(iso)
    return f"{d.day} {d.strftime('%B')} {d.year}"


def write_note(ev: Event) -> str:
    who = ev.actor1 or "An unidentified actor"
    verb = VERB_PHRASES.get(ev.sub_event_type, "was involved in an event")
    target = ""
    if ev.sub_event_type == "Excessive force against protesters" and (ev.actor1 or ev.actor2):
        # ACLED's first actor of a demonstration is the crowd: the force is its second's
        if ev.actor2:
            who, target = ev.actor2, f" {ev.actor1 or 'protesters'}"
        else:
            verb = "were met with lethal or excessive force"
    elif ev.actor2:
        target = f" {ev.actor2}" if verb.endswith(_PREPOSITIONS + ("attacked", "abducted", "arrested",
                                                                   "shelled")) else f" with {ev.actor2}"
    elif verb.endswith(_PREPOSITIONS):
        # no one to name after the verb's preposition: "clashed in Kelmora", not "clashed with in Kelmora"
        verb = NO_TARGET_PHRASES.get(ev.sub_event_type) or verb.rsplit(" ", 1)[0]
    where = f" in {ev.location}" if ev.location else f" in {ev.country}" if ev.country else ""
    if ev.country and ev.location and ev.country != ev.location:
        where += f" ({ev.country})"
    when = ("On or around " if ev.time_precision > 1 else "On ") + _day(ev.event_date)
    note = f"{when}, {who} {verb}{target}{where}."
    if ev.fatalities:
        note += f" {ev.fatalities} reported fatalities."
    if ev.status in ("unconfirmed", "disputed", "denied"):
        note += f" The report is {ev.status}."
    return note


@stage("notes", requires=("merged", "fatalities", "claims"), assigns=("notes",))
def make_notes(settings):
    def run(ctx: Context) -> None:
        # ACLED codes no event without a day: with no date in the text and no publication
        # date there is nothing to anchor it to (said, not dropped without a word)
        undated = sum(1 for ev in ctx.events if not ev.event_date)
        if undated:
            log.warning("document %s: %d event%s left out: no publication date was given or found, and the text "
                        "names no full date to date %s by (give one with --published, or a 'published' field)",
                        ctx.document.id, undated, "" if undated == 1 else "s", "it" if undated == 1 else "them")
        ctx.events = [ev for ev in ctx.events if ev.event_date]
        for ev in ctx.events:
            ev.notes = write_note(ev)

    return run
