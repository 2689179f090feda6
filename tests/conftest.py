"""Shared test helpers."""
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED_DATA = REPO.parent / "shared" / "data"


def shared_file(name: str) -> Path:
    """A file from ../shared/data, or skip the test with the reason."""
    path = SHARED_DATA / name
    if not path.exists():
        pytest.skip(f"needs ../shared/data/{name} (present in CI, absent in a user's clone)")
    return path
