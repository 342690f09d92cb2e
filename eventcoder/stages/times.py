"""Stage 'times' (placeholder while it is being built)."""

from __future__ import annotations

from ..pipeline import stage


@stage("times", requires=(), assigns=("times",))
def make_times(settings):
    def run(ctx) -> None:
        return None

    return run


def infer_published(text):
    return None
