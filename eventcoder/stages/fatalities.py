"""Stage 'fatalities' (placeholder while it is being built)."""

from __future__ import annotations

from ..pipeline import stage


@stage("fatalities", requires=(), assigns=("fatalities",))
def make_fatalities(settings):
    def run(ctx) -> None:
        return None

    return run
