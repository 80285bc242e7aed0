"""Find the Chromium the browser tests drive, the way a user has one; never download one.

Order: the ``CHROMIUM`` variable (taken as given: a wrong path is reported, not replaced),
then ``chromium`` / ``chromium-browser`` on PATH (Debian's and Ubuntu's package), then the
browser Playwright keeps in its own cache when the user ran ``playwright install chromium``.

As a script (``make browser`` runs it): prints the path and exits 0, or prints one NOTICE
line to stderr, nothing to stdout, and still exits 0, so a machine without a browser passes
the browser stage with a notice instead of failing it.
"""
import os
import shutil
import sys
from pathlib import Path

NAMES = ("chromium", "chromium-browser")
HOW = ("set CHROMIUM=/path/to/chromium, or install one: `apt-get install -y chromium` "
       "(root) or `.venv/bin/playwright install chromium`")


def _executable(path):
    return path if path and Path(path).is_file() and os.access(path, os.X_OK) else None


def _playwrights_own():
    """The path of Playwright's cached Chromium, if that was installed (no download here)."""
    try:
        from playwright.sync_api import sync_playwright
        with sync_playwright() as p:
            return _executable(p.chromium.executable_path)
    except Exception:             # no playwright, or its driver cannot start: no browser
        return None


def find():
    """(path, None) when a Chromium is found, else (None, why not) for the notice."""
    try:
        import playwright  # noqa: F401
    except ImportError:
        return None, "PyPI playwright is not installed (it comes with `make test`'s .venv)"
    given = os.environ.get("CHROMIUM")
    if given:
        found = _executable(shutil.which(given) or given)
        return (found, None) if found else (None, f"CHROMIUM={given} is not an executable")
    for name in NAMES:
        found = _executable(shutil.which(name))
        if found:
            return found, None
    found = _playwrights_own()
    if found:
        return found, None
    return None, f"no Chromium found ({'/'.join(NAMES)} on PATH, Playwright's own browser)"


def notice(reason):
    return f"NOTICE: browser tests skipped: {reason}; {HOW}"


if __name__ == "__main__":
    path, why = find()
    if path:
        print(path)
    else:
        print(notice(why), file=sys.stderr)
