"""Build the course website from the stored notebooks: build/site/index.html (English) and
build/site/zh/index.html (中文).

    python tools/build_site.py [--dir notebooks] [--out build/site]

Nothing is executed and nothing is downloaded: the pages show the outputs stored in the
notebooks (run `make notebooks` first if a source changed). The machinery is in
tools/sitegen/ (see its __init__). Open build/site/index.html in a browser; the search box
works from the file too.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parent
for path in (str(ROOT), str(TOOLS)):      # this checkout's minigrad and sitegen
    if path not in sys.path:
        sys.path.insert(0, path)

import nbsource  # noqa: E402
from sitegen.build import build  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Command line entry point; prints where the site is and what it holds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=None, help="notebooks folder")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "site")
    args = parser.parse_args(argv)
    report = build((args.dir or nbsource.notebooks_dir()), args.out)
    for line in report.warnings:
        print(line)
    counts = ", ".join(f"{lang}: {len(p)} pages" for lang, p in report.pages.items())
    print(f"wrote {report.out}/index.html ({counts}; {len(report.warnings)} Sphinx warnings; "
          f"{report.seconds:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
