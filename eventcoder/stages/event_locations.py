"""Stage 'event_locations' (placeholder while it is being built)."""

from __future__ import annotations

from ..pipeline import stage


@stage("event_locations", requires=(), assigns=("event_locations",))
def make_event_locations(settings):
    def run(ctx) -> None:
        return None

    return run
