"""What a newcomer's first `make test` relies on: the browser stage passes (with one NOTICE)
without a browser, the torch oracle install falls back quickly when PyTorch's CPU index does
not answer and never fails the run, the closing summary reports skips apart from passes, and
the shipped notebooks get trusted (by `make trust`/`make lab`, and by Binder's postBuild)."""
import http.server
import json
import os
import shutil
import socket
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
import find_chromium  # noqa: E402
import install_oracle  # noqa: E402  (tools/ is on sys.path, see conftest.py)
import run_summary  # noqa: E402

VENV_BIN = Path(sys.executable).parent


def _make(*args, env=None, timeout=120):
    """`make` in the repo, never (re)building .venv: the stamps count as up to date."""
    env = {k: v for k, v in (env or os.environ).items() if k not in ("MAKEFLAGS", "MAKELEVEL",
                                                                     "MFLAGS")}
    cmd = ["make", "-s", "-o", "venv", "-o", ".venv/.installed", "-o",
           ".venv/.installed-notebooks", f"PY={sys.executable}", *args]
    return subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=timeout)


def _executable(path):
    path.write_text("#!/bin/sh\nexit 0\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


# ---- the browser stage -----------------------------------------------------------------------

@pytest.mark.skipif(shutil.which("make") is None, reason="make not installed")
def test_browser_stage_passes_with_one_notice_without_a_browser(tmp_path):
    proc = _make(f"REPORT={tmp_path}", "browser", env=dict(os.environ, CHROMIUM="/nonexistent"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    notices = [line for line in (proc.stdout + proc.stderr).splitlines() if "NOTICE" in line]
    assert len(notices) == 1, proc.stdout + proc.stderr
    assert notices[0].startswith("NOTICE: browser tests skipped: CHROMIUM=/nonexistent is not")
    assert "pytest" not in proc.stdout                     # no browser, no test run
    assert (tmp_path / "browser.notrun").exists()          # the closing summary says so


def test_browser_tests_under_plain_pytest_exit_0_without_a_browser():
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "-rs", "tests/browser"], cwd=ROOT, capture_output=True, text=True,
                          env=dict(os.environ, CHROMIUM="/nonexistent"), timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr  # not pytest's 5, "no tests ran"
    modules = len(list((ROOT / "tests" / "browser").glob("test_*.py")))   # each skips itself
    assert f"{modules} skipped" in proc.stdout and "CHROMIUM=/nonexistent" in proc.stdout


def test_chromium_is_looked_for_as_users_have_it(tmp_path, monkeypatch):
    pytest.importorskip("playwright")
    given = _executable(tmp_path / "my-chrome")
    monkeypatch.setenv("CHROMIUM", str(given))
    assert find_chromium.find() == (str(given), None)
    monkeypatch.setenv("CHROMIUM", str(tmp_path / "missing"))
    path, why = find_chromium.find()                        # a wrong CHROMIUM is reported
    assert path is None and "missing is not an executable" in why
    monkeypatch.delenv("CHROMIUM")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    ubuntu = _executable(bin_dir / "chromium-browser")
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.setattr(find_chromium, "_playwrights_own", lambda: None)
    assert find_chromium.find() == (str(ubuntu), None)
    ubuntu.unlink()
    assert find_chromium.find()[0] is None                  # nothing anywhere: the notice
    cached = _executable(tmp_path / "ms-playwright-chrome")
    monkeypatch.setattr(find_chromium, "_playwrights_own", lambda: str(cached))
    assert find_chromium.find() == (str(cached), None)     # `playwright install chromium`


# ---- the torch oracle --------------------------------------------------------------------

class _Silent:
    """A TCP server on 127.0.0.1 that accepts and then never answers (a hanging index)."""

    def __enter__(self):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.port = self.sock.getsockname()[1]
        return self

    def __exit__(self, *exc):
        self.sock.close()


def _closed_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_hanging_cpu_index_falls_back_within_its_timeout():
    with _Silent() as server:
        start = time.monotonic()
        cmd, what = install_oracle.plan(f"http://127.0.0.1:{server.port}/whl/cpu",
                                        system="Linux", timeout=1.0)
        took = time.monotonic() - start
    assert took < 5, took
    assert "--extra-index-url" not in cmd and cmd[-1] == "torch==2.13.0"
    assert "gave no answer" in what


def test_a_refused_cpu_index_falls_back_at_once():
    start = time.monotonic()
    cmd, _what = install_oracle.plan(f"http://127.0.0.1:{_closed_port()}/whl/cpu",
                                     system="Linux", timeout=5.0)
    assert time.monotonic() - start < 2
    assert "--extra-index-url" not in cmd


def test_an_answering_cpu_index_is_used_on_linux_only():
    class Index(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"<html></html>")

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Index)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_port}/whl/cpu"
        cmd, what = install_oracle.plan(url, system="Linux", timeout=5.0)
        assert cmd[-2:] == ["--extra-index-url", url] and "CPU build" in what
        cmd, what = install_oracle.plan(url, system="Darwin", timeout=5.0)
        assert "--extra-index-url" not in cmd and "CPU-only on Darwin" in what
    finally:
        server.shutdown()
        server.server_close()


def test_oracle_dry_run_from_the_command_line():
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "install_oracle.py"), "--dry-run",
                           "--cpu-index", f"http://127.0.0.1:{_closed_port()}/cpu",
                           "--probe-timeout", "1"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "-m pip install -q --retries 2 torch==2.13.0" in proc.stdout


def test_an_oracle_that_cannot_be_installed_is_a_notice_not_a_failure(tmp_path, monkeypatch,
                                                                        capsys):
    fail = [sys.executable, "-c", "print('ERROR: No matching distribution found for "
            "torch==2.13.0'); raise SystemExit(1)"]
    monkeypatch.setattr(install_oracle, "installed", lambda: None)
    monkeypatch.setattr(install_oracle, "plan", lambda *a, **k: (fail, "torch==2.13.0 (test)"))
    monkeypatch.setattr(install_oracle, "STATUS", tmp_path / ".oracle")
    assert install_oracle.main([]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1].startswith("NOTICE: torch==2.13.0 could not be installed for Python")
    assert "No matching distribution found" in out[-1]
    status = (tmp_path / ".oracle").read_text()
    assert status.startswith("missing: torch==2.13.0 could not be installed")


# ---- the closing line ----------------------------------------------------------------------

def test_summary_reports_skips_apart_and_says_why(tmp_path):
    record = {"counts": {"passed": 810, "failed": 0, "error": 0, "xfailed": 2},
              "skipped": {"torch 2.13 oracle not installed": 1100,
                          "requires torch 2.13.0": 16, "no renderer installed": 5},
              "exitstatus": 0}
    (tmp_path / "unit.json").write_text(json.dumps(record))
    (tmp_path / "browser.notrun").write_text("no Chromium: see the NOTICE above\n")
    oracle = tmp_path / ".oracle"
    oracle.write_text("missing: torch==2.13.0 could not be installed for Python 3.14\n")
    line = run_summary.summary(tmp_path, oracle)
    assert line.startswith("NOTICE: summary (pytest stages unit, browser not run (no Chromium")
    assert "810 passed, 2 xfailed; 1,121 skipped, not passed: 1,116 need the torch 2.13.0 " \
           "oracle (missing: torch==2.13.0 could not be installed for Python 3.14); " \
           "5 no renderer installed" in line
    oracle.write_text("installed torch 2.13.0+cpu\n")
    record["skipped"] = {}
    (tmp_path / "unit.json").write_text(json.dumps(record))
    line = run_summary.summary(tmp_path, oracle)
    assert not line.startswith("NOTICE") and line.endswith("810 passed, 2 xfailed; 0 skipped")


# ---- trusted notebooks -------------------------------------------------------------------

def _trusted(data_dir):
    nbformat = pytest.importorskip("nbformat")
    from nbformat.sign import NotebookNotary
    notary = NotebookNotary(data_dir=str(data_dir))
    shipped = sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted(
        (ROOT / "notebooks" / "zh").glob("*.ipynb"))          # the Chinese edition too
    assert shipped
    return [notary.check_signature(nbformat.read(p, as_version=4)) for p in shipped]


@pytest.mark.skipif(shutil.which("make") is None, reason="make not installed")
def test_make_trust_signs_every_shipped_notebook(tmp_path):
    assert not any(_trusted(tmp_path))                     # a new user: nothing is trusted
    proc = _make("trust", env=dict(os.environ, JUPYTER_DATA_DIR=str(tmp_path)))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert all(_trusted(tmp_path))


def test_binder_postbuild_trusts_the_notebooks(tmp_path):
    post = ROOT / "postBuild"
    assert os.access(post, os.X_OK)
    assert (ROOT / "environment.yml").exists()              # repo2docker reads both at the root
    env = dict(os.environ, JUPYTER_DATA_DIR=str(tmp_path),
               PATH=f"{VENV_BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    proc = subprocess.run([str(post)], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert all(_trusted(tmp_path))


def test_skiplog_plugin_records_counts_and_reasons(tmp_path):
    (tmp_path / "test_sample.py").write_text(
        "import pytest\n"
        "def test_ok():\n    pass\n"
        "@pytest.mark.skip(reason='needs the moon')\ndef test_moon():\n    pass\n"
        "def test_runtime_skip():\n    pytest.skip('no torch here')\n"
        "@pytest.mark.xfail(reason='known', strict=True)\ndef test_known():\n    assert 0\n")
    log = tmp_path / "report" / "unit.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT / "tools"), MINIGRAD_SKIP_LOG=str(log))
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "-p", "pytest_skiplog", "test_sample.py"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    record = json.loads(log.read_text())
    assert record["counts"] == {"passed": 1, "failed": 0, "error": 0, "xfailed": 1}
    assert record["skipped"] == {"needs the moon": 1, "no torch here": 1}
