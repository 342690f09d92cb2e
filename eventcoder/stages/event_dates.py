"""Stage 'event_dates' (placeholder while it is being built)."""

from __future__ import annotations

from ..pipeline import stage


@stage("event_dates", requires=(), assigns=("event_dates",))
def make_event_dates(settings):
    def run(ctx) -> None:
        return None

    return run
