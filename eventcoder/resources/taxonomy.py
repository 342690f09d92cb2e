"""ACLED's event taxonomy (types and sub-types in the codebook's precedence order), disorder
types, and our ACLED-to-PLOVER mapping (shared/design/ACLED-CODEBOOK.md §1 and §6)."""

from __future__ import annotations

# event type -> sub-event types, both in ACLED's precedence order (highest first)
TAXONOMY: dict[str, tuple[str, ...]] = {
    "Battles": ("Government regains territory", "Non-state actor overtakes territory", "Armed clash"),
    "Protests": ("Excessive force against protesters", "Protest with intervention", "Peaceful protest"),
    "Riots": ("Violent demonstration", "Mob violence"),
    "Explosions/Remote violence": ("Chemical weapon", "Air/drone strike", "Suicide bomb",
                                   "Shelling/artillery/missile attack", "Remote explosive/landmine/IED", "Grenade"),
    "Violence against civilians": ("Sexual violence", "Attack", "Abduction/forced disappearance"),
    "Strategic developments": ("Agreement", "Arrests", "Change to group/activity", "Disrupted weapons use",
                               "Headquarters or base established", "Looting/property destruction",
                               "Non-violent transfer of territory", "Other"),
}
EVENT_TYPES = tuple(TAXONOMY)
SUB_TO_TYPE = {sub: t for t, subs in TAXONOMY.items() for sub in subs}
VIOLENT_TYPES = frozenset({"Battles", "Explosions/Remote violence", "Violence against civilians", "Riots"})

PLOVER = {
    "Government regains territory": "ASSAULT", "Non-state actor overtakes territory": "ASSAULT",
    "Armed clash": "ASSAULT", "Excessive force against protesters": "ASSAULT",
    "Protest with intervention": "PROTEST", "Peaceful protest": "PROTEST", "Violent demonstration": "PROTEST",
    "Mob violence": "ASSAULT", "Chemical weapon": "ASSAULT", "Air/drone strike": "ASSAULT",
    "Suicide bomb": "ASSAULT", "Shelling/artillery/missile attack": "ASSAULT",
    "Remote explosive/landmine/IED": "ASSAULT", "Grenade": "ASSAULT", "Sexual violence": "ASSAULT",
    "Attack": "ASSAULT", "Abduction/forced disappearance": "ASSAULT", "Agreement": "AGREE",
    "Arrests": "COERCE", "Change to group/activity": "MOBILIZE", "Disrupted weapons use": "COERCE",
    "Headquarters or base established": "MOBILIZE", "Looting/property destruction": "COERCE",
    "Non-violent transfer of territory": "RETREAT", "Other": None,
}


def disorder_type(sub_event_type: str) -> str:
    t = SUB_TO_TYPE[sub_event_type]
    if sub_event_type == "Excessive force against protesters":
        return "Political violence; Demonstrations"
    if t == "Protests" or sub_event_type == "Violent demonstration":
        return "Demonstrations"
    if t == "Strategic developments":
        return "Strategic developments"
    return "Political violence"


def set_sub_event_type(event, sub_event_type: str) -> None:
    """Give an event a sub-event type and what follows from it: its type, disorder type and PLOVER code."""
    event.sub_event_type = sub_event_type
    event.event_type = SUB_TO_TYPE[sub_event_type]
    event.disorder_type = disorder_type(sub_event_type)
    event.plover = PLOVER.get(sub_event_type)


def type_rank(event_type: str) -> int:
    """Lower is higher precedence."""
    return EVENT_TYPES.index(event_type)


def sub_rank(sub_event_type: str) -> int:
    t = SUB_TO_TYPE[sub_event_type]
    return TAXONOMY[t].index(sub_event_type)
