"""eval/location_misses.py: the classes a gold event's location falls in, with a stand-in gazetteer."""

import importlib.util
from pathlib import Path
from types import SimpleNamespace

import pytest

SPEC = importlib.util.spec_from_file_location(
    "location_misses", Path(__file__).resolve().parent.parent / "eval" / "location_misses.py")
misses = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(misses)


class FakeGazetteer:
    """Knows a town, Kelmora, at (10.0, 20.0), and a city of Lurinia, Lurin, at (30.0, 40.0)."""

    def lookup(self, name):
        if name.lower() == "kelmora":
            return [SimpleNamespace(place=SimpleNamespace(latitude=10.0, longitude=20.0, kind="city",
                                                          population=2_000, iso3="KLM", country="Kelmoria"))]
        if name.lower() == "lurin":
            return [SimpleNamespace(place=SimpleNamespace(latitude=30.0, longitude=40.0, kind="city",
                                                          population=900_000, iso3="LRN", country="Lurinia"))]
        return []


def row(text, location, lat=10.0, lon=20.0, iso3=None):
    return {"id": "x", "text": text,
            "events": [{"event_type": "Protests", "location": location, "latitude": lat, "longitude": lon,
                        "iso3": iso3}]}


def coded(*events):
    return {"id": "x", "events": list(events)}


@pytest.mark.parametrize("gold,out,expected", [
    (row("Traders marched in Kelmora.", "Kelmora"),
     coded({"event_type": "Protests", "latitude": 10.05, "longitude": 20.05}), "right"),
    (row("Traders marched in Kelmora.", "Kelmora"), coded(), "no event"),
    (row("Traders marched in the capital.", "Kelmora"),
     coded({"event_type": "Protests", "latitude": 0.0, "longitude": 0.0}), "text does not name it"),
    (row("Traders marched in Dunde.", "Dunde"),
     coded({"event_type": "Protests", "latitude": 0.0, "longitude": 0.0}), "named, gazetteer lacks it"),
    (row("Traders marched in Kelmora.", "Kelmora"),
     coded({"event_type": "Protests", "latitude": 0.0, "longitude": 0.0}), "named and known: coder error"),
    # the gold point of a city's name lies 150 km from the city, where the event is coded
    (row("Traders marched in Lurin.", "Lurin", lat=31.0, lon=41.0, iso3="LRN"),
     coded({"event_type": "Protests", "latitude": 30.01, "longitude": 40.01}), "gold point off its named city"),
    (row("Traders marched in Lurin.", "Lurin", lat=31.0, lon=41.0, iso3="LRN"),
     coded({"event_type": "Protests", "latitude": 0.0, "longitude": 0.0}), "named, gazetteer lacks it"),
    (row("Traders marched in Lurin.", "Lurin", lat=31.0, lon=41.0, iso3="XYZ"),
     coded({"event_type": "Protests", "latitude": 30.01, "longitude": 40.01}), "named, gazetteer lacks it"),
])
def test_each_class(gold, out, expected):
    assert misses.classify(gold, out, FakeGazetteer()) == expected


def test_the_scored_event_is_the_one_of_the_gold_type():
    gold = row("Traders marched in Kelmora after a clash in Dunde.", "Kelmora")
    out = coded({"event_type": "Battles", "latitude": 0.0, "longitude": 0.0},
                {"event_type": "Protests", "latitude": 10.0, "longitude": 20.0})
    assert misses.classify(gold, out, FakeGazetteer()) == "right"


def test_a_gold_event_without_coordinates_is_not_classed():
    assert misses.classify(row("Traders marched.", "", lat=None), coded(), FakeGazetteer()) is None
