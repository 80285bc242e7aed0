"""Tally a lockstep-fuzzer survey (`make fuzz-wide`): divergent programs, and how many of them
have a divergence that no strict-xfail regression case knows yet, by what diverged."""
import collections
import json
import sys


def main(path):
    """Print the tally of the survey file at `path` (one JSON object per divergence)."""
    try:
        with open(path, encoding="utf-8") as f:
            rows = [json.loads(line) for line in f if line.strip()]
    except FileNotFoundError:
        rows = []
    runs = {row["run"] for row in rows}
    unknown = collections.Counter()
    unknown_runs = set()
    for row in rows:
        if row["known"] is None:
            unknown[row["what"]] += 1
            unknown_runs.add(row["run"])
    print(f"fuzz-wide: {len(runs)} divergent programs, {len(unknown_runs)} with a divergence "
          "no regression case knows")
    for what, n in unknown.most_common(15):
        print(f"  {n:5d}  {what}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "build/fuzz-wide.jsonl"))
