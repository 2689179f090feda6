"""The vendored CodeMirror (pyengine/ui/web/static/vendor/codemirror/): the committed
files are exactly the ones scripts/vendor_codemirror.py copies, with the sha256s its
PROVENANCE.md records, and the script refuses a tarball of another integrity (no
network: the tarballs here are made by the test)."""
from __future__ import annotations

import hashlib
import importlib.util
import io
import re
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "pyengine" / "ui" / "web" / "static" / "vendor" / "codemirror"


def _script():
    spec = importlib.util.spec_from_file_location("vendor_codemirror",
                                                  ROOT / "scripts" / "vendor_codemirror.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_vendored_files_are_the_provenance_s():
    vc = _script()
    recorded = dict(re.findall(r"-> `([^`]+)` sha256 ([0-9a-f]{64})",
                               (VENDOR / "PROVENANCE.md").read_text(encoding="utf-8")))
    assert set(recorded) == set(vc.FILES.values())
    assert {p.name for p in VENDOR.iterdir()} == set(recorded) | {"PROVENANCE.md"}
    for name, digest in recorded.items():
        assert hashlib.sha256((VENDOR / name).read_bytes()).hexdigest() == digest, name
    assert f"CodeMirror {vc.VERSION}" in (VENDOR / "PROVENANCE.md").read_text(encoding="utf-8")
    assert vc.INTEGRITY in (VENDOR / "PROVENANCE.md").read_text(encoding="utf-8")
    assert f'CodeMirror.version = "{vc.VERSION}"' in (VENDOR / "codemirror.js").read_text()
    assert "Permission is hereby granted" in (VENDOR / "LICENSE").read_text(encoding="utf-8")


def _tarball(files: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo("package/" + name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return buf.getvalue()


def test_a_tarball_of_another_integrity_is_refused(tmp_path):
    vc = _script()
    fake = tmp_path / "codemirror.tgz"
    fake.write_bytes(_tarball({inside: b"not codemirror" for inside in vc.FILES}))
    out = tmp_path / "out"
    with pytest.raises(SystemExit, match="integrity .* not the pinned"):
        vc.main(["--tarball", str(fake), "--out", str(out)])
    assert not out.exists()


def test_integrity_and_extraction_copy_bytes_unchanged():
    vc = _script()
    # npm's integrity of the empty file, as `npm pack` reports it
    assert vc.integrity(b"") == ("sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXys"
                                 "P+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg==")
    files = {inside: f"bytes of {inside}\r\n\x00".encode() for inside in vc.FILES}
    files["lib/other.js"] = b"left out"
    got = vc.extract(_tarball(files))
    assert got == {vc.FILES[inside]: files[inside] for inside in vc.FILES}
