"""The course website (`make site`) in Chromium, served by a local http.server.

The site is built from the stored notebooks into a temporary folder (or taken from
``MINIGRAD_SITE_DIR``, e.g. build/site after ``make site``) and served on 127.0.0.1. Every
request a page makes to another host is refused and reported. Checked, in both editions:

* navigation: the "next" link walks home -> 00 -> 01; the language switch leads to the same
  notebook in the other edition and back;
* offline search: "retain_grad" finds notebook 03;
* a quiz shows no answer before a pick, and the verdict, answer and explanation after;
* a collapsed cell and an exercise's solution are hidden until their bar is clicked;
* diagrams are inline SVG whose text stays inside its box;
* no internal link of any page is broken; no page raises a JavaScript error.

Screenshots: build/screenshots/site-{home,notebook,error,quiz}-{en,zh}.png. No Chromium: a
skip with test_lab.py's notice.
"""
import functools
import http.server
import os
import re
import sys
import threading
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest
import test_lab
from test_lab import SHOTS, _log

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # tests/: site_check
import site_check  # noqa: E402
from sitegen.build import build  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.slow]
browser = test_lab.browser                      # the same Chromium fixture
PREFIX = {"en": "", "zh": "zh/"}
NB01, NB03 = "01_detach_vs_data", "03_retain_grad_and_hooks"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):             # no access log on the test's output
        pass


@pytest.fixture(scope="module")
def site_url(tmp_path_factory):
    """The built site, served on a free local port; yields its base URL."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    if os.environ.get("MINIGRAD_SITE_DIR"):
        root = Path(os.environ["MINIGRAD_SITE_DIR"]).resolve()
    else:
        root = tmp_path_factory.mktemp("site") / "site"
        report = build(test_lab.NBDIR, root)
        _log(f"site built in {report.seconds:.0f} s")
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def page(browser, site_url):
    """A page that may only talk to the local server; off-site requests fail the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    outside, errors = [], []

    def guard(route):
        url = route.request.url
        if url.startswith(site_url) or url.startswith(("data:", "blob:", "about:")):
            route.continue_()
        else:
            outside.append(url)
            route.abort()
    context.route("**/*", guard)
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not outside, f"requests to the network: {outside}"
    assert not errors, f"JavaScript errors: {errors}"


def _open(page, site_url, lang, name):
    page.goto(urljoin(site_url, f"{PREFIX[lang]}{name}.html"))
    page.wait_for_load_state("load")


def _path(page, site_url):
    return page.url[len(site_url):].split("#")[0]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_next_link_and_language_switch(page, site_url, lang):
    other = "zh" if lang == "en" else "en"
    _open(page, site_url, lang, "index")
    page.screenshot(path=str(SHOTS / f"site-home-{lang}.png"))
    for expected in ("00_start_here", NB01):
        page.locator("a.right-next").first.click()
        page.wait_for_load_state("load")
        assert _path(page, site_url) == f"{PREFIX[lang]}{expected}.html"
    page.screenshot(path=str(SHOTS / f"site-notebook-{lang}.png"))
    title = page.locator("article h1").first.inner_text()
    page.locator("#mg-lang-switch").click()
    page.wait_for_load_state("load")
    assert _path(page, site_url) == f"{PREFIX[other]}{NB01}.html"
    assert page.locator("article h1").first.inner_text()[:2] == title[:2] == "01"
    page.locator("#mg-lang-switch").click()
    page.wait_for_load_state("load")
    assert _path(page, site_url) == f"{PREFIX[lang]}{NB01}.html"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_search_finds_retain_grad_in_notebook_03(page, site_url, lang):
    page.goto(urljoin(site_url, f"{PREFIX[lang]}search.html?q=retain_grad"))
    hits = page.locator(f"#search-results a[href*='{NB03}']")
    hits.first.wait_for(timeout=20_000)
    assert hits.count() >= 1


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_quiz_answer_only_after_a_pick(page, site_url, lang):
    _open(page, site_url, lang, NB01)
    quiz = page.locator(".mg-quiz").first
    quiz.scroll_into_view_if_needed()
    result = quiz.locator(".mg-quiz-result")
    assert not result.is_visible()
    answer = int(quiz.get_attribute("data-answer"))
    for part in (".mg-quiz-verdict", ".mg-quiz-answer", ".mg-quiz-explanation"):
        assert not quiz.locator(part).is_visible(), f"{part} shows before a pick"
    wrong = 0 if answer != 0 else 1
    quiz.locator(f".mg-quiz-choice[data-index='{wrong}']").click()
    assert result.is_visible()
    verdict = quiz.locator(".mg-quiz-verdict").inner_text()
    assert verdict == quiz.get_attribute("data-wrong")
    right_text = quiz.locator(f".mg-quiz-choice[data-index='{answer}']").inner_text()
    assert right_text in quiz.locator(".mg-quiz-answer").inner_text()
    assert quiz.locator(".mg-quiz-explanation").inner_text().strip()
    quiz.screenshot(path=str(SHOTS / f"site-quiz-{lang}.png"))
    quiz.locator(f".mg-quiz-choice[data-index='{answer}']").click()
    assert quiz.locator(".mg-quiz-verdict").inner_text() == quiz.get_attribute("data-correct")


def _notebook_pages(page, site_url, lang):
    """The notebook pages the edition's home lists, in course order."""
    _open(page, site_url, lang, "index")
    hrefs = page.eval_on_selector_all("article a.reference.internal",
                                      "els => els.map(e => e.getAttribute('href'))")
    names = [h[:-5] for h in hrefs if re.fullmatch(r"\d\d_\w+\.html", h)]
    assert names, f"the {lang} home lists no notebook"
    return list(dict.fromkeys(names))


def _first_page_with(site_url, page, lang, selector):
    """The first notebook page (in course order) that has an element matching `selector`."""
    for name in _notebook_pages(page, site_url, lang):
        _open(page, site_url, lang, name)
        if page.locator(selector).count():
            return name
    pytest.skip(f"no {lang} notebook page has {selector!r}")


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("what", ["collapsed cell", "solution"])
def test_hidden_until_clicked(page, site_url, lang, what):
    selector = {"collapsed cell": "article details:not(.mg-solution):not(.sd-dropdown)",
                "solution": "article details.mg-solution"}[what]
    name = _first_page_with(site_url, page, lang, selector)
    box = page.locator(selector).first
    box.scroll_into_view_if_needed()
    inside = box.locator(":scope > :not(summary)").first
    assert not inside.is_visible(), f"{name}: the {what} is open before a click"
    box.locator(":scope > summary").click()
    assert inside.is_visible(), f"{name}: the {what} did not open"


_BOXES_JS = """() => {
  document.querySelectorAll('article details').forEach(d => { d.open = true; });
  const bad = [], seen = [];
  document.querySelectorAll('.mg-diagram svg g.node').forEach(node => {
    const shape = node.querySelector('polygon, ellipse, path, rect');
    if (!shape) return;
    const s = shape.getBoundingClientRect();
    node.querySelectorAll('text').forEach(t => {
      const r = t.getBoundingClientRect();
      seen.push(t.textContent);
      if (r.width === 0) return;
      if (r.left < s.left - 1 || r.right > s.right + 1 || r.top < s.top - 1 ||
          r.bottom > s.bottom + 1)
        bad.push(t.textContent + ' ' + JSON.stringify([r.left, r.right, s.left, s.right]));
    });
  });
  return {bad, seen: seen.length, diagrams: document.querySelectorAll('.mg-diagram svg').length};
}"""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_diagram_text_inside_its_boxes(page, site_url, lang):
    diagrams, bad = 0, []
    for name in _notebook_pages(page, site_url, lang):
        _open(page, site_url, lang, name)
        found = page.evaluate(_BOXES_JS)
        assert not found["diagrams"] or found["seen"] >= 2, f"{name}: {found}"
        diagrams += found["diagrams"]
        bad += [f"{name}: {b}" for b in found["bad"]]
    assert diagrams >= 2, f"only {diagrams} diagrams in the {lang} notebooks"
    assert not bad, f"{lang}: text outside its box:\n" + "\n".join(bad[:10])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_error_page(page, site_url, lang):
    _open(page, site_url, lang, "errors/index")
    page.locator("article a[href$='inplace-modified.html']").first.click()
    page.wait_for_load_state("load")
    title = page.locator("article h1").first.inner_text()
    assert title.startswith("one of the variables needed for gradient computation")
    page.screenshot(path=str(SHOTS / f"site-error-{lang}.png"))
    assert page.locator("a.mg-nb08").count() == 1


def test_no_broken_internal_links(page, site_url):
    """Every page reachable from both homes, fetched from the server; every link checked."""
    todo = [urljoin(site_url, "index.html"), urljoin(site_url, "zh/index.html")]
    ids, links, done = {}, [], set()
    while todo:
        url = todo.pop()
        if url in done:
            continue
        done.add(url)
        response = page.request.get(url)
        assert response.ok, f"{url}: HTTP {response.status}"
        parsed = site_check.Page.from_text(response.text())
        ids[url] = parsed.ids
        for href in parsed.links:
            if site_check.is_external(href) or urlsplit(href).scheme and \
                    not href.startswith(site_url):
                continue
            target = urljoin(url, href)
            links.append((url, target))
            bare = target.split("#")[0]
            if bare.endswith(".html") and bare not in done:
                todo.append(bare)
    broken = []
    for source, target in links:
        bare, _, fragment = target.partition("#")
        fragment = unquote(fragment)
        if bare not in ids:
            if not page.request.head(bare).ok:
                broken.append(f"{source} -> {target}")
        elif fragment and fragment not in ids[bare]:
            broken.append(f"{source} -> {target} (no id)")
    _log(f"{len(done)} pages, {len(links)} internal links")
    assert len(done) >= 40
    assert not broken, "\n".join(broken[:20])
