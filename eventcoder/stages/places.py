"""Stage 'places' (placeholder while it is being built)."""

from __future__ import annotations

from ..pipeline import stage


@stage("places", requires=(), assigns=("places",))
def make_places(settings):
    def run(ctx) -> None:
        return None

    return run
