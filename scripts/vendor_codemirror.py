#!/usr/bin/env python3
"""Vendor CodeMirror 5 into the web inspector's page (offline: the page names no
external URL): pyengine/ui/web/static/vendor/codemirror/.

Input: the npm package ``codemirror@VERSION`` (pinned below), fetched with npm's own
client (``npm pack``) or given as a tarball already on disk (``--tarball FILE``). The
tarball's sha512 must equal the pinned integrity (the registry's ``dist.integrity``);
anything else is refused before a byte is written.

Output: exactly FILES (the editor, its style sheet, the bracket add-ons the page uses)
and the package's LICENSE, copied byte for byte, plus PROVENANCE.md (version, package,
integrity, each file's sha256). The same tarball gives the same bytes every run;
tests/test_vendor_codemirror.py checks the committed files against PROVENANCE.md.

Usage:  .venv/bin/python scripts/vendor_codemirror.py [--tarball codemirror-5.65.21.tgz]
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "pyengine" / "ui" / "web" / "static" / "vendor" / "codemirror"
VERSION = "5.65.21"
INTEGRITY = ("sha512-6teYk0bA0nR3QP0ihGMoxuKzpl5W80FpnHpBJpgy66NK3cZv5b/d/HY8PnRvfSsCG1MTfr92u2WUl"
             "+wT0E40mQ==")
# package path -> vendored path (flat: the page loads them by these names)
FILES = {
    "lib/codemirror.js": "codemirror.js",
    "lib/codemirror.css": "codemirror.css",
    "addon/edit/matchbrackets.js": "matchbrackets.js",
    "addon/edit/closebrackets.js": "closebrackets.js",
    "LICENSE": "LICENSE",
}


def integrity(data: bytes) -> str:
    """npm's integrity string of ``data``: ``sha512-`` and the base64 digest."""
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def npm_pack(workdir: Path) -> Path:
    """``npm pack codemirror@VERSION`` into ``workdir``; the tarball's path."""
    spec = f"codemirror@{VERSION}"
    try:
        subprocess.run(["npm", "pack", spec, "--pack-destination", str(workdir), "--silent"],
                       check=True, cwd=workdir, stdout=subprocess.DEVNULL)
    except FileNotFoundError:
        sys.exit("vendor_codemirror: npm is not installed (apt-get install npm), or pass "
                 "--tarball FILE")
    except subprocess.CalledProcessError as e:
        sys.exit(f"vendor_codemirror: npm pack {spec} failed (exit {e.returncode})")
    return workdir / f"codemirror-{VERSION}.tgz"


def extract(data: bytes) -> dict[str, bytes]:
    """FILES' bytes from the tarball ``data``, by vendored name (members read by name
    only: nothing else in the archive is unpacked)."""
    with tempfile.TemporaryFile() as f:
        f.write(data)
        f.seek(0)
        with tarfile.open(fileobj=f, mode="r:gz") as tar:
            out = {}
            for inside, name in FILES.items():
                member = tar.getmember("package/" + inside)
                if not member.isfile():
                    sys.exit(f"vendor_codemirror: {inside} is not a plain file in the tarball")
                out[name] = tar.extractfile(member).read()
            return out


def provenance(files: dict[str, bytes]) -> str:
    lines = [
        "# CodeMirror, vendored",
        "",
        f"CodeMirror {VERSION} (MIT licence, LICENSE beside this file), from the npm",
        f"package `codemirror@{VERSION}` (`npm pack codemirror@{VERSION}`), whose",
        "tarball's integrity is",
        "",
        f"    {INTEGRITY}",
        "",
        "Written by `scripts/vendor_codemirror.py`, which checks that integrity and copies",
        "these files unchanged (package path -> file here, sha256):",
        "",
    ]
    for inside, name in FILES.items():
        lines.append(f"- `{inside}` -> `{name}` "
                     f"sha256 {hashlib.sha256(files[name]).hexdigest()}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tarball", type=Path, help="a codemirror tarball already on disk")
    ap.add_argument("--out", type=Path, default=OUT, help="where to write (default: %(default)s)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        data = (args.tarball or npm_pack(Path(tmp))).read_bytes()
    got = integrity(data)
    if got != INTEGRITY:
        sys.exit(f"vendor_codemirror: the tarball's integrity is {got}, not the pinned "
                 f"{INTEGRITY}: refused")
    files = extract(data)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        (args.out / name).write_bytes(content)
    (args.out / "PROVENANCE.md").write_text(provenance(files), encoding="utf-8")
    print(f"CodeMirror {VERSION}: {len(files)} files in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
