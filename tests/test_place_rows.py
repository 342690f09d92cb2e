"""eval/place_rows.py: how a document's events cover the places of a note the gold splits into rows."""

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "eval" / "place_rows.py"


def gold_row(i, lat, lon, text="Sit-ins were held in Kelmo and Dunde."):
    return {"id": f"r{i}", "text": text, "events": [{"event_type": "Protests", "latitude": lat, "longitude": lon}]}


def event(lat, lon, location, actor="Protesters (Kelmoria)"):
    return {"event_type": "Protests", "event_date": "2021-03-01", "actor1": actor, "location": location,
            "latitude": lat, "longitude": lon}


def test_rows_of_a_split_note_are_covered_by_any_event_and_copies_are_counted(tmp_path):
    gold = [gold_row(1, 10.0, 20.0), gold_row(2, 11.0, 21.0), gold_row(3, 30.0, 40.0, "A lone note in Lurin.")]
    both = [event(10.0, 20.0, "Kelmo"), event(11.0, 21.0, "Dunde"), event(12.0, 22.0, "Tasra")]
    coded = [{"id": "r1", "events": both}, {"id": "r2", "events": both},
             {"id": "r3", "events": [event(30.0, 40.0, "Lurin"), event(31.0, 41.0, "Dunde")]}]
    (tmp_path / "g.jsonl").write_text("\n".join(json.dumps(r) for r in gold) + "\n")
    (tmp_path / "c.jsonl").write_text("\n".join(json.dumps(r) for r in coded) + "\n")
    out = subprocess.run([sys.executable, str(SCRIPT), str(tmp_path / "g.jsonl"), str(tmp_path / "c.jsonl")],
                         capture_output=True, text=True, check=True).stdout
    # the two rows of the split note, each at an event of its document (the lone note's row is not one of them)
    assert "split into several rows: 2" in out and "at their place: 2" in out, out
    # two copies in the split note (Dunde, Tasra), one at a gold row's place; the lone note's copy is not counted
    assert "in those notes: 2; at a place of a gold row: 1" in out, out
