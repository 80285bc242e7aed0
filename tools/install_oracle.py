"""Install the test oracle, torch 2.13.0 (CPU build), into the running venv; never fail.

`make test` runs this before the tests: the differential and parity tests compare minigrad
with real torch and skip without it. torch is a test tool only, never a dependency of
minigrad.

Which build: the lightest CPU one pip can get for the platform.
- Linux (x86_64 and aarch64): PyPI's default build bundles CUDA (torch 2.13.0 for CPython
  3.11 on x86_64: a 502 MiB wheel, plus NVIDIA library wheels), so the CPU-only build from
  PyTorch's own CPU index is asked for first (x86_64: a 183 MiB wheel, about 850 MB
  installed with sympy and networkx). If that index does not answer within 5 s (offline,
  firewalled, a mirror-only network), pip installs from whatever indexes it is configured
  with.
- macOS and Windows: PyPI's build is already CPU-only (about 110 MiB).

Without torch (no wheel for this Python, no network), it prints one NOTICE line and exits
0: the tests that need torch skip, and `make test` says how many at the end.
The outcome goes to `.venv/.oracle` (read by tools/run_summary.py).
"""
import argparse
import importlib.metadata
import platform
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

VERSION = "2.13.0"
REQUIREMENT = f"torch=={VERSION}"
CPU_INDEX = "https://download.pytorch.org/whl/cpu"
PROBE_TIMEOUT_S = 5.0
STATUS = Path(sys.prefix) / ".oracle"


def installed():
    """The installed torch version ('2.13.0+cpu'), or None."""
    try:
        return importlib.metadata.version("torch")
    except importlib.metadata.PackageNotFoundError:
        return None


def reachable(url, timeout=PROBE_TIMEOUT_S):
    """Does `url` answer within `timeout` seconds (any HTTP answer counts as an answer)?"""
    try:
        with urllib.request.urlopen(url, timeout=timeout):
            return True
    except urllib.error.HTTPError:
        return True
    except Exception:       # DNS failure, refused, timed out, TLS: no index there
        return False


def pip_command(cpu_index):
    cmd = [sys.executable, "-m", "pip", "install", "-q", "--retries", "2", REQUIREMENT]
    if cpu_index:
        # the +cpu wheel sorts above PyPI's CUDA one for ==2.13.0, so pip picks it
        cmd += ["--extra-index-url", cpu_index]
    return cmd


def plan(cpu_index=CPU_INDEX, system=None, timeout=PROBE_TIMEOUT_S):
    """(pip command, what it installs) for this platform; probes the CPU index on Linux."""
    system = system or platform.system()
    if system != "Linux":
        return pip_command(None), f"PyPI's {REQUIREMENT} (CPU-only on {system})"
    start = time.monotonic()
    if reachable(cpu_index.rstrip("/") + "/torch/", timeout):
        return pip_command(cpu_index), f"{REQUIREMENT} CPU build from {cpu_index}"
    waited = time.monotonic() - start
    return pip_command(None), (f"{REQUIREMENT} from pip's own indexes, as PyTorch's CPU index "
                               f"gave no answer ({waited:.1f} s); PyPI's Linux build includes "
                               "CUDA and is larger")


def _write(status):
    try:
        STATUS.write_text(status + "\n", encoding="utf-8")
    except OSError:
        pass


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dry-run", action="store_true", help="print the plan, install nothing")
    parser.add_argument("--cpu-index", default=CPU_INDEX, help=argparse.SUPPRESS)
    parser.add_argument("--probe-timeout", type=float, default=PROBE_TIMEOUT_S,
                        help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    have = installed()
    if have is not None and have.split("+")[0] == VERSION and not args.dry_run:
        _write(f"installed torch {have}")
        return 0
    cmd, what = plan(args.cpu_index, timeout=args.probe_timeout)
    if args.dry_run:
        print(what)
        print(" ".join(cmd[1:]))
        return 0
    print(f"installing the test oracle, {what} (once; log: .venv/pip-torch.log)", flush=True)
    log = STATUS.parent / "pip-torch.log"
    with open(log, "w", encoding="utf-8") as out:
        proc = subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT)
    have = installed()
    if proc.returncode == 0 and have is not None and have.split("+")[0] == VERSION:
        _write(f"installed torch {have}")
        return 0
    tail = [line for line in log.read_text(encoding="utf-8", errors="replace").splitlines()
            if line.startswith("ERROR")][-1:]
    why = tail[0].removeprefix("ERROR: ") if tail else f"pip exited {proc.returncode}"
    why = f"{REQUIREMENT} could not be installed for Python " \
          f"{platform.python_version()} on {platform.system()} {platform.machine()}: {why}"
    _write(f"missing: {why}")
    print(f"NOTICE: {why}; the differential and parity tests will skip (see {log})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
