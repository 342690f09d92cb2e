"""Stage 'claims' (placeholder while it is being built)."""

from __future__ import annotations

from ..pipeline import stage


@stage("claims", requires=(), assigns=("claims",))
def make_claims(settings):
    def run(ctx) -> None:
        return None

    return run
