"""The closing line of `make test`: what ran, and how many tests were skipped and why.

Reads the JSON records that tools/pytest_skiplog.py writes per pytest run when
MINIGRAD_SKIP_LOG is set (build/test-report/unit.json, nbval.json, browser.json), the browser
stage's note when it did not run, and the torch oracle's status (.venv/.oracle, written by
tools/install_oracle.py). A skip is never counted as a pass: skips are listed apart, with
their reasons.

Usage: run_summary.py REPORT_DIR [ORACLE_STATUS_FILE]
"""
import json
import sys
from collections import Counter
from pathlib import Path

TOP = 3            # reasons listed by name; the rest are summed up as "other"


def _n(k):
    return f"{k:,}"


def _short(text, width=160):
    text = " ".join(text.split())
    return text if len(text) <= width else text[:width - 3] + "..."


def _group(skipped, oracle):
    """Counter of reason -> count, with every torch-oracle reason merged into one."""
    groups = Counter()
    for reason, count in skipped.items():
        if "torch" in reason.lower():
            why = oracle if oracle.startswith("missing") else "not importable"
            groups[f"need the torch 2.13.0 oracle ({why})"] += count
        else:
            groups[reason] += count
    return groups


def summary(report_dir, oracle_file=None):
    report_dir = Path(report_dir)
    oracle = ""
    if oracle_file and Path(oracle_file).exists():
        oracle = Path(oracle_file).read_text(encoding="utf-8").strip()
    counts, skipped, stages = Counter(), Counter(), []
    for name in ("unit", "nbval", "browser"):
        path = report_dir / f"{name}.json"
        note = report_dir / f"{name}.notrun"
        if path.exists():
            record = json.loads(path.read_text(encoding="utf-8"))
            counts.update(record["counts"])
            skipped.update(record["skipped"])
            stages.append(name)
        elif note.exists():
            stages.append(f"{name} not run ({note.read_text(encoding='utf-8').strip()})")
    parts = [f"{_n(counts['passed'])} passed"]
    for key in ("failed", "error", "xfailed"):
        if counts[key]:
            parts.append(f"{_n(counts[key])} {key}")
    total = sum(skipped.values())
    line = "summary (pytest stages " + ", ".join(stages) + "): " + ", ".join(parts)
    if total:
        groups = _group(skipped, oracle).most_common()
        named = [f"{_n(c)} {_short(r)}" for r, c in groups[:TOP]]
        rest = sum(c for _r, c in groups[TOP:])
        if rest:
            named.append(f"{_n(rest)} for other reasons (pytest -rs lists them)")
        line += f"; {_n(total)} skipped, not passed: " + "; ".join(named)
    else:
        line += "; 0 skipped"
    if oracle.startswith("missing"):
        line = "NOTICE: " + line
    return line


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    print(summary(*sys.argv[1:3]))
