"""Shared test helpers and the hypothesis profiles.

Property tests run a bounded number of examples by default (profile ``ci``, also
what CI uses); ``pytest --hypothesis-profile=long`` runs a deeper search.
"""
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

REPO = Path(__file__).resolve().parent.parent
SHARED_DATA = Path(os.environ.get("PYENGINE_SHARED_DATA") or REPO.parent / "shared" / "data")

settings.register_profile("ci", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=3000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci")


def shared_file(name: str) -> Path:
    """A file from ../shared/data, or skip the test with the reason."""
    path = SHARED_DATA / name
    if not path.exists():
        pytest.skip(f"needs ../shared/data/{name} (present in CI, absent in a user's clone)")
    return path
