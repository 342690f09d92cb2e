"""Stage 'typer': re-type the events with a statistical typer when one is configured.

Without `Settings.typer` (`eventcoder code --model MODEL`) this stage does nothing: the rules'
types stand. With one, each event's evidence sentences go to the model; an answer at or above the
model's `min_probability` replaces the rules' type and sub-type (see eventcoder/typer.py).
"""

from __future__ import annotations

from ..document import Context
from ..pipeline import stage


@stage("typer", requires=("events",), assigns=("typed",))
def make_typer(settings):
    if settings.typer is None:
        return lambda ctx: None
    from ..typer import load_typer, retype

    model = load_typer(settings.typer)  # a missing or broken model fails at start-up, not per document

    def run(ctx: Context) -> None:
        events = [e for e in ctx.events if e.sentences]
        texts = [" ".join(ctx.sentences[i].text for i in sorted(set(e.sentences)) if 0 <= i < len(ctx.sentences))
                 for e in events]
        for event, (sub, p) in zip(events, model.predict(texts)):
            if p >= model.min_probability:
                retype(event, sub, p)

    return run
