"""Stage 'events' (placeholder while it is being built)."""

from __future__ import annotations

from ..pipeline import stage


@stage("events", requires=(), assigns=("events",))
def make_events(settings):
    def run(ctx) -> None:
        return None

    return run
