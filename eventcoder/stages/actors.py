"""Stage 'actors' (placeholder while it is being built)."""

from __future__ import annotations

from ..pipeline import stage


@stage("actors", requires=(), assigns=("actors",))
def make_actors(settings):
    def run(ctx) -> None:
        return None

    return run
