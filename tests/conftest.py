"""Shared test setup: markers that pyproject does not list, the tools/ folder on sys.path, and
the per-run record of skips that `make test` sums up at its end."""

import json
import os
import sys
from collections import Counter
from pathlib import Path

TOOLS = Path(__file__).resolve().parents[1] / "tools"
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))   # `import nbsource` in the notebook tests


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "browser: drives JupyterLab in Debian's chromium (make browser)")
    config.addinivalue_line(
        "markers", "notebooks: checks the stored teaching notebooks")


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """With MINIGRAD_SKIP_LOG set (make test does), write this run's counts and skip reasons
    there as JSON, for the one-line summary at the end of `make test`."""
    path = os.environ.get("MINIGRAD_SKIP_LOG")
    if not path:
        return
    stats = terminalreporter.stats
    reasons = Counter()
    for report in stats.get("skipped", []):
        longrepr = report.longrepr
        reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
        reasons[reason.removeprefix("Skipped: ")] += 1
    counts = {key: len(stats.get(key, [])) for key in ("passed", "failed", "error", "xfailed")}
    record = {"counts": counts, "skipped": dict(reasons), "exitstatus": int(exitstatus)}
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
