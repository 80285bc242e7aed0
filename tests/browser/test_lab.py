"""Every notebook in a real JupyterLab, driven by PyPI playwright in an installed Chromium.

One ``jupyter lab`` (127.0.0.1, free port, token, its own settings/workspace dirs) serves a
temporary COPY of the notebooks folder, so autosave can never touch the stored notebooks.
For each notebook: open it, Run All, wait for the kernel, then check that

* only cells tagged ``raises-exception`` show an error, and those do;
* every widget output rendered as widget DOM (no "Error displaying widget");
* every SVG output (the diagrams) is visible;
* clicking the first button inside a widget output changes that cell's output.

The Chinese edition (notebooks/zh/) runs the same way; there the page must also draw CJK text
with real glyphs (two different characters render differently, not as the same empty box) and
the widget buttons must carry their Chinese labels.

First, every notebook is opened WITHOUT running a cell, as a fresh clone is: untrusted, each
diagram must show as its PNG copy; after `jupyter trust` (what `make lab` and Binder do), as
its SVG.

Screenshots go to build/screenshots/ (whole page, plus the first diagram, the first lab, the
first exercise, and the first widget after its click; the Chinese edition's files start with
``zh-``). No Chromium (find_chromium.py says where it looks) means a skip with a notice, never
a browser download.
Run with ``make browser``; ``MINIGRAD_NOTEBOOKS_DIR`` points it at another folder.
"""

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import find_chromium
import nbsource
import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CHROME_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--disable-dev-shm-usage"]
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "build" / "screenshots"
NBDIR = nbsource.notebooks_dir()
NOTEBOOKS = nbsource.all_notebook_files(NBDIR)     # English, then notebooks/zh/
TOKEN = "minigrad-browser-test"
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
RUN_TIMEOUT_S = 300

CHROMIUM, _WHY_NOT = find_chromium.find()
if CHROMIUM is None:
    pytest.skip(find_chromium.notice(_WHY_NOT), allow_module_level=True)
from playwright import sync_api  # noqa: E402  (after the skip: find() checked it imports)


_T0 = time.monotonic()


def _log(message: str) -> None:
    """Progress lines with a timestamp (shown with -s, or on failure)."""
    print(f"[{time.monotonic() - _T0:6.1f}s] {message}")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _not_plain_files(folder, names):
    """copytree filter: skip checkpoints and sockets/fifos (leftovers of kernels)."""
    keep = lambda n: (Path(folder, n).is_file() or Path(folder, n).is_dir())  # noqa: E731
    return [n for n in names if n == ".ipynb_checkpoints" or not keep(n)]


def _write_settings(settings: Path) -> None:
    files = {
        "apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
        "docmanager-extension/plugin": {"autosave": False},
        "notebook-extension/tracker": {"windowingMode": "none"},   # every cell in the DOM
    }
    for name, value in files.items():
        path = settings / "@jupyterlab" / f"{name}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))


_LAB = {}      # the running lab's environment and served folder (for `jupyter trust`)


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    root = tmp_path_factory.mktemp("lab")
    served = root / "notebooks"
    shutil.copytree(NBDIR, served, ignore=_not_plain_files)
    home = root / "jupyter"
    _write_settings(home / "settings")
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(home / "config"),
               JUPYTER_DATA_DIR=str(home / "data"), JUPYTER_RUNTIME_DIR=str(home / "runtime"),
               JUPYTERLAB_SETTINGS_DIR=str(home / "settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"))
    _LAB.update(env=env, served=served)
    port = _free_port()
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1",
           f"--port={port}", "--port-retries=0", f"--IdentityProvider.token={TOKEN}",
           f"--ServerApp.root_dir={served}", "--LabApp.expose_app_in_browser=True"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    log_path = root / "lab.log"
    with open(log_path, "w") as log:
        proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, cwd=served)
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 90
        try:
            while True:
                try:
                    urllib.request.urlopen(f"{base}/api/status?token={TOKEN}", timeout=2)
                    break
                except OSError:
                    if proc.poll() is not None or time.monotonic() > deadline:
                        pytest.fail("jupyter lab did not start:\n" + log_path.read_text()[-3000:])
                    time.sleep(0.25)
            _log(f"jupyter lab up on port {port}")
            yield base
        finally:
            proc.terminate()   # only the server this fixture started; it stops its kernels
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


_CHROMIUM = {"users": 0}     # one Playwright and one Chromium for every browser test module


@pytest.fixture(scope="session")
def browser():
    """The Chromium of the whole run. Other modules reuse this fixture, and pytest then sets
    it up once per module: Playwright refuses a second sync_playwright() while one runs, so
    the instances share one browser, closed when the last of them is torn down."""
    if not _CHROMIUM["users"]:
        playwright = sync_api.sync_playwright().start()
        _CHROMIUM.update(playwright=playwright, browser=playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROME_ARGS))
    _CHROMIUM["users"] += 1
    yield _CHROMIUM["browser"]
    _CHROMIUM["users"] -= 1
    if not _CHROMIUM["users"]:
        _CHROMIUM["browser"].close()
        _CHROMIUM["playwright"].stop()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    problems = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    yield page
    context.close()


# JavaScript run in the page: read the live notebook model, label each cell's DOM node.
_STATE_JS = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  if (!panel || !panel.content || !panel.sessionContext) return null;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  const cells = panel.content.widgets.map((cell, i) => {
    cell.node.setAttribute('data-nbtest-index', String(i));
    const m = cell.model;
    const code = m.type === 'code';
    return {type: m.type, source: m.sharedModel.getSource(), tags: m.getMetadata('tags') || [],
            count: code ? m.executionCount : null, state: code ? m.executionState : null,
            outputs: code ? m.outputs.toJSON() : []};
  });
  return {kernel: kernel ? kernel.status : 'none', cells};
}"""


def _state(page):
    return page.evaluate(_STATE_JS)


def _run_all_and_wait(page, base: str, name: str):
    _log(f"{name}: open")
    page.goto(f"{base}/lab/tree/{name}?reset&token={TOKEN}")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
                           " && window.jupyterapp.shell.currentWidget.sessionContext",
                           timeout=60_000)
    _log(f"{name}: JupyterLab loaded")
    page.wait_for_function(
        "() => { const s = window.jupyterapp.shell.currentWidget.sessionContext;"
        " return s.session && s.session.kernel && s.session.kernel.status === 'idle'; }",
        timeout=90_000)
    if page.locator(".jp-Dialog").count():
        page.locator(".jp-Dialog .jp-mod-accept").click()
    _log(f"{name}: kernel idle, Run All")
    page.click(".lm-MenuBar-itemLabel:text-is('Run')")
    page.click("li.lm-Menu-item[data-command='runmenu:run-all']")
    deadline, quiet_since = time.monotonic() + RUN_TIMEOUT_S, None
    while time.monotonic() < deadline:
        state = _state(page)
        busy = state["kernel"] != "idle" or any(c["state"] == "running" for c in state["cells"])
        started = any(c["count"] for c in state["cells"])
        if started and not busy:
            quiet_since = quiet_since or time.monotonic()
            if time.monotonic() - quiet_since > 1.5:   # idle and no queued cell for 1.5 s
                _log(f"{name}: run finished")
                return state
        else:
            quiet_since = None
        page.wait_for_timeout(250)
    pytest.fail(f"{name}: Run All did not finish within {RUN_TIMEOUT_S} s")


def _mimes(cell) -> set[str]:
    return {m for o in cell["outputs"] for m in o.get("data", {})}


def _cell(page, index: int):
    return page.locator(f"[data-nbtest-index='{index}']")


def _check_cells(page, name: str, state) -> list[str]:
    problems = []
    for i, cell in enumerate(state["cells"]):
        if cell["type"] != "code" or not cell["source"].strip():
            continue
        label = f"{name} cell {i}"
        if cell["count"] is None:
            problems.append(f"{label} never ran (Run All stopped early?)")
            continue
        errors = [o for o in cell["outputs"] if o["output_type"] == "error"]
        tagged = nbsource.RAISES in cell["tags"]
        if errors and not tagged:
            err = errors[0]
            where = [_ANSI.sub("", line) for line in err.get("traceback", [])[-4:-1]]
            problems.append(f"{label} raised {err['ename']}: {err['evalue'][:200]}\n    "
                            + "\n    ".join(where))
        if tagged and not errors:
            problems.append(f"{label} is tagged raises-exception but raised nothing")
        mimes = _mimes(cell)
        if nbsource.WIDGET_MIME in mimes:
            rendered = _cell(page, i).locator(".jp-OutputArea-output .jupyter-widgets")
            if rendered.count() == 0:
                problems.append(f"{label}: widget output has no widget DOM")
        if "image/svg+xml" in mimes:
            svg = _cell(page, i).locator(
                ".jp-OutputArea-output svg, .jp-OutputArea-output img[src^='data:image/svg']")
            if svg.count() == 0:
                problems.append(f"{label}: SVG output not rendered")
                continue
            svg.first.scroll_into_view_if_needed()
            try:
                sync_api.expect(svg.first).to_be_visible(timeout=10_000)
            except AssertionError:
                problems.append(f"{label}: SVG output not visible")
    body = page.locator("body").inner_text()
    if "Error displaying widget" in body:
        problems.append(f"{name}: 'Error displaying widget' on the page")
    return problems


def _first_index(state, mime: str):
    return next((i for i, c in enumerate(state["cells"]) if mime in _mimes(c)), None)


def _click_buttons(page, name: str, stem: str, tries: int = 6) -> list[str]:
    """Click buttons inside widget outputs, in page order, until one changes its cell's output.

    Some buttons legitimately change nothing on a first click (a "Refresh" of an unchanged
    table), so up to ``tries`` buttons are tried; none changing anything is a failure.
    """
    buttons = page.locator(".jp-OutputArea-output .jupyter-widgets button")
    if buttons.count() == 0:
        _log(f"{name}: no button in any widget output, nothing clicked")
        return []
    tried = []
    for k in range(min(tries, buttons.count())):
        button = buttons.nth(k)
        if not button.is_enabled():
            continue
        outputs = button.locator("xpath=ancestor::*[@data-nbtest-index][1]").locator(
            ".jp-Cell-outputArea")
        button.scroll_into_view_if_needed()
        before = outputs.inner_text()
        button.click()
        deadline = time.monotonic() + 5
        while outputs.inner_text() == before and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        label = button.inner_text().strip() or "(no label)"
        if outputs.inner_text() != before:
            _log(f"{name}: clicking {label!r} changed its output")
            outputs.screenshot(path=str(SHOTS / f"{stem}-widget.png"))
            return []
        tried.append(label)
    return [f"{name}: clicking buttons {tried} changed no output"]


# Draw two different CJK characters in the font of the rendered outputs: with a CJK font they
# differ; without one both are the same fallback box (or nothing).
_CJK_GLYPHS_JS = """() => {
  const el = document.querySelector('.jp-RenderedText pre, .jp-RenderedText') || document.body;
  const font = '20px ' + getComputedStyle(el).fontFamily;
  const draw = (ch) => {
    const c = document.createElement('canvas'); c.width = 40; c.height = 40;
    const g = c.getContext('2d'); g.font = font; g.fillStyle = '#000';
    g.fillText(ch, 5, 28);
    const d = g.getImageData(0, 0, 40, 40).data;
    let ink = 0; for (let i = 3; i < d.length; i += 4) ink += d[i] > 0;
    return {ink, data: Array.from(d).join(',')};
  };
  const a = draw('叶'), b = draw('张');
  return {font, ink: a.ink, differ: a.data !== b.data};
}"""


def _cjk_font_installed():
    """True/False from fontconfig; None when fc-list is not there to ask."""
    try:
        found = subprocess.run(["fc-list", ":lang=zh", "family"], capture_output=True,
                               text=True, timeout=20).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    return bool(found.strip())


def _check_chinese(page, name: str) -> list[str]:
    problems = []
    glyphs = page.evaluate(_CJK_GLYPHS_JS)
    _log(f"{name}: CJK glyphs in {glyphs['font']!r}: ink {glyphs['ink']}, "
         f"distinct {glyphs['differ']}")
    if not glyphs["ink"] or not glyphs["differ"]:
        message = (f"{name}: CJK text has no glyphs in {glyphs['font']!r} (install a CJK font, "
                   "e.g. Debian's fonts-noto-cjk)")
        if os.environ.get("CI") == "true" or _cjk_font_installed() is not False:
            problems.append(message)
        else:        # the machine has no CJK font at all: the learner's setup, not our page
            sys.__stderr__.write(f"\nNOTICE: {message}\n")
    labels = page.locator(".jp-OutputArea-output .jupyter-widgets button").all_inner_texts()
    if not any(label.strip() in ("运行", "检查", "显示答案", "刷新", "运行 backward", "重置")
               for label in labels):
        problems.append(f"{name}: no widget button with a Chinese label: {labels[:6]}")
    return problems


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(NBDIR)))
def test_notebook_runs_in_jupyterlab(lab, page, path):
    SHOTS.mkdir(parents=True, exist_ok=True)
    name = str(path.relative_to(NBDIR))
    stem = name[:-len(".ipynb")].replace("/", "-")        # zh/01_x -> zh-01_x
    state = _run_all_and_wait(page, lab, name)
    problems = _check_cells(page, name, state)
    _log(f"{name}: cells checked")
    if path.parent != NBDIR:
        problems += _check_chinese(page, name)
    diagram = _first_index(state, "image/svg+xml")
    if diagram is not None:
        _cell(page, diagram).locator(".jp-Cell-outputArea").screenshot(
            path=str(SHOTS / f"{stem}-diagram.png"))
    for kind, pattern in (("lab", r"viz\.\w+Lab\(|viz\.LeafTable\("),
                          ("exercise", r"viz\.exercise\(")):
        index = next((i for i, c in enumerate(state["cells"]) if re.search(pattern, c["source"])
                      and nbsource.WIDGET_MIME in _mimes(c)), None)
        if index is not None:
            area = _cell(page, index).locator(".jp-Cell-outputArea")
            area.scroll_into_view_if_needed()
            area.screenshot(path=str(SHOTS / f"{stem}-{kind}.png"))
    problems += _click_buttons(page, name, stem)
    page.screenshot(path=str(SHOTS / f"{stem}.png"))
    assert not problems, "\n".join(problems)


# ---- opened, not run: the diagrams must be there at once -----------------------------------

_IMAGES_JS = """(selector) => Array.from(document.querySelectorAll(selector)).map(
  img => img.complete && img.naturalWidth > 0)"""


def _open_without_running(page, base: str, name: str):
    page.goto(f"{base}/lab/tree/{name}?reset&token={TOKEN}")
    page.wait_for_function("() => { const w = window.jupyterapp"
                           " && window.jupyterapp.shell.currentWidget;"
                           " return w && w.context && w.context.isReady"
                           " && w.content.widgets.length > 0; }", timeout=60_000)
    if page.locator(".jp-Dialog").count():
        page.locator(".jp-Dialog .jp-mod-accept").click()


def _diagram_count(path) -> int:
    """Diagrams on screen when the notebook opens: not those in collapsed outputs (a quiz's
    answer), which JupyterLab draws only when the learner opens them."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    return sum("image/svg+xml" in out.get("data", {}) for cell in nb["cells"]
               if not cell.get("metadata", {}).get("jupyter", {}).get("outputs_hidden")
               for out in cell.get("outputs", []))


def _drawn(page, selector: str, expected: int) -> list[bool]:
    deadline = time.monotonic() + 20
    while True:
        drawn = page.evaluate(_IMAGES_JS, selector)
        if (len(drawn) >= expected and all(drawn)) or time.monotonic() > deadline:
            return drawn
        page.wait_for_timeout(250)


def test_diagrams_are_drawn_when_a_notebook_is_opened(lab, page):
    """No cell is run: untrusted (a fresh clone) each diagram is its PNG; trusted, its SVG."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems = []
    names = {path: path.relative_to(NBDIR).as_posix() for path in NOTEBOOKS}  # zh/NN_x.ipynb
    counts = {names[path]: _diagram_count(path) for path in NOTEBOOKS}
    png = ".jp-OutputArea-output.jp-RenderedImage img[src^='data:image/png']"
    svg = ".jp-OutputArea-output.jp-RenderedSVG img"
    for trusted, selector in ((False, png), (True, svg)):
        if trusted:
            subprocess.run([sys.executable, "-m", "jupyter", "trust", *sorted(
                str(p) for p in _LAB["served"].glob("**/*.ipynb"))], env=_LAB["env"],
                check=True, capture_output=True)
        for path in NOTEBOOKS:
            name = names[path]
            _open_without_running(page, lab, name)
            drawn = _drawn(page, selector, counts[name])
            kind = "trusted" if trusted else "untrusted"
            _log(f"{name} ({kind}, not run): {sum(drawn)}/{counts[name]} drawn")
            if len(drawn) != counts[name] or not all(drawn):
                problems.append(f"{name} ({kind}): {sum(drawn)} of "
                                f"{counts[name]} diagrams drawn")
            first = page.locator(selector).first
            if counts[name] and first.count():
                first.scroll_into_view_if_needed()
                shot = name[:-len(".ipynb")].replace("/", "-")
                page.screenshot(path=str(SHOTS / f"{shot}-opened-{kind}.png"))
    assert not problems, "\n".join(problems)
