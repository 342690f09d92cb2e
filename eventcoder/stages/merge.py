"""Stage 'merge' (placeholder while it is being built)."""

from __future__ import annotations

from ..pipeline import stage


@stage("merge", requires=(), assigns=("merge",))
def make_merge(settings):
    def run(ctx) -> None:
        return None

    return run
