"""Stage 'roles' (placeholder while it is being built)."""

from __future__ import annotations

from ..pipeline import stage


@stage("roles", requires=(), assigns=("roles",))
def make_roles(settings):
    def run(ctx) -> None:
        return None

    return run
