"""The named word lists that ship in the package (enable1, enable2k, words_alpha):
they load with no ../shared/data, match their provenance and licences, and
scripts/build_named_lists.py rebuilds them byte for byte where the sources are."""
from __future__ import annotations

import hashlib
import importlib
import json
import lzma
import sys
import tomllib
from pathlib import Path

import pytest

from pyengine.engine.errors import UsageError
from pyengine.words import load, named
from pyengine.words import lists as W
from pyengine.words.named import NAMED_LISTS, PROVENANCE

ROOT = Path(__file__).resolve().parent.parent
WORDS = ROOT / "facts" / "words"


@pytest.fixture(autouse=True)
def _no_shared(tmp_path_factory, monkeypatch):
    """No shared data folder and a private cache: the lists must come from the package."""
    monkeypatch.setenv("PYENGINE_SHARED_DATA", str(tmp_path_factory.getbasetemp() / "none"))
    monkeypatch.setenv("PYENGINE_CACHE", str(tmp_path_factory.getbasetemp() / "cache"))


@pytest.fixture(scope="module")
def provenance() -> dict:
    return json.loads((WORDS / PROVENANCE).read_text("ascii"))


def _script():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        return importlib.import_module("build_named_lists")
    finally:
        sys.path.remove(str(ROOT / "scripts"))


#: the build's sources ($PYENGINE_SHARED_DATA or ../shared/data), read before any test
#: points PYENGINE_SHARED_DATA elsewhere
SOURCE = _script().default_source()


@pytest.mark.parametrize("name", sorted(NAMED_LISTS))
def test_named_list_loads_from_the_package(name, provenance):
    wl = load(name)
    entry = NAMED_LISTS[name]
    assert wl.label == name and wl.kind == "named" and wl.skipped == 0
    assert len(wl) == provenance[name]["words"]
    assert entry.file in wl.source and entry.file in wl.path
    assert wl._cache_key[-1] == provenance[name]["sha256"]      # keyed on the content
    licence = entry.licence.rpartition("see facts/words/")[2]
    assert (WORDS / licence).is_file()
    assert load(name) is wl
    with pytest.raises(UsageError, match="plain list, without tiers"):
        load(f"{name}:0")       # a tier would keep every word of a plain list: refused


def test_cached_list_is_the_same(provenance):
    first = load("enable2k")
    W.clear_memory_cache()
    again = load("enable2k")                         # from the disk cache this time
    assert again is not first and again.words == first.words
    assert "aa" in again and "zyzzyva" in again


@pytest.mark.parametrize("name", sorted(NAMED_LISTS))
def test_shipped_file_is_normalised(name, provenance):
    packed = (WORDS / NAMED_LISTS[name].file).read_bytes()
    record = provenance[name]
    assert (len(packed), hashlib.sha256(packed).hexdigest()) == (record["bytes"], record["sha256"])
    words = lzma.decompress(packed).decode("ascii").split("\n")
    assert words[-1] == "" and len(words) - 1 == record["words"]
    words.pop()
    assert words == sorted(set(words)) and all(w.isalpha() and w.islower() for w in words)


def test_notice_and_packaging_name_every_file(provenance):
    notice = (WORDS / "NOTICE.md").read_text("utf-8")
    for record in provenance.values():
        assert record["source_sha256"] in notice and f"{record['words']:,}" in notice
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    licences = project["project"]["license-files"]
    for name in ("LICENSE-ENABLE.txt", "LICENSE-words_alpha.txt", "NOTICE.md"):
        assert f"facts/words/{name}" in licences and (WORDS / name).is_file()
    data = project["tool"]["setuptools"]["package-data"]["pyengine.facts.words"]
    assert "*.xz" in data and "*.json" in data


def test_damaged_resource_is_a_usage_error(tmp_path, monkeypatch):
    bad = tmp_path / "enable1.txt.xz"
    bad.write_bytes(b"not xz at all\n")
    monkeypatch.setattr(named, "resource", lambda fname: tmp_path / fname)
    W.clear_memory_cache()
    with pytest.raises(UsageError, match="damaged"):
        load("enable1")
    with pytest.raises(UsageError, match="missing.*build_named_lists"):
        load("words_alpha")
    W.clear_memory_cache()


@pytest.mark.heavy
def test_rebuild_gives_the_shipped_bytes(tmp_path):
    script, source = _script(), SOURCE
    missing = [n.source_file for n in NAMED_LISTS.values() if not (source / n.source_file).is_file()]
    if missing:
        pytest.skip(f"needs the build's sources {', '.join(missing)} in {source} "
                    "(../shared/data: present in CI, absent in a user's clone)")
    script.build(source, tmp_path)
    for fname in [n.file for n in NAMED_LISTS.values()] + [PROVENANCE]:
        assert (tmp_path / fname).read_bytes() == (WORDS / fname).read_bytes(), fname
