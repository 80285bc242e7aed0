"""pytest plugin (`-p pytest_skiplog`, with tools/ on PYTHONPATH): with MINIGRAD_SKIP_LOG set,
write the run's counts and skip reasons there as JSON. `make test` loads it in each pytest
stage and tools/run_summary.py sums the records up in one closing line."""
import json
import os
from collections import Counter
from pathlib import Path


def pytest_terminal_summary(terminalreporter, exitstatus, config):
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
