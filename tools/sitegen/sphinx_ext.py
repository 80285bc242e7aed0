"""Sphinx settings for one edition, and the extension that adds the language switch.

A staged edition's conf.py is three lines: it puts tools/ on sys.path and calls
`configure(lang, site_json)`. `site.json` (written by build.py) lists the pages of both
editions, so every page can link to the same page in the other edition, or to that
edition's home when the page has no twin there.

Nothing here loads anything from the network: no intersphinx, no widget JavaScript from a CDN,
no MathJax (the notebooks use no math), no analytics; the theme's assets are served from
_static/.
"""
from __future__ import annotations

import json
from pathlib import Path

from .layout import page_url, relative
from .text import OTHER, SPHINX_LANGUAGE, say

HERE = Path(__file__).resolve().parent
_ALWAYS = {"search", "genindex"}          # pages Sphinx makes in every edition


def configure(lang: str, site_json: str) -> dict:
    """The conf.py settings of edition `lang`."""
    return dict(
        project="minigrad",
        author="the minigrad authors",
        copyright="the minigrad authors",
        language=SPHINX_LANGUAGE[lang],
        html_search_language="zh" if lang == "zh" else "en",
        extensions=["myst_nb", "sitegen.sphinx_ext"],
        minigrad_lang=lang,
        minigrad_site_json=site_json,
        exclude_patterns=["_build", "_extra", "**/.ipynb_checkpoints", "site.json"],
        nb_execution_mode="off",              # the stored outputs, never a kernel
        nb_ipywidgets_js={},                   # no widget JS from a CDN
        nb_merge_streams=True,
        nb_output_stderr="show",
        myst_heading_anchors=3,
        smartquotes=False,                    # messages and code keep their straight quotes
        suppress_warnings=["misc.highlighting_failure", "myst.header"],
        html_theme="sphinx_book_theme",
        html_title=say(lang, "site_title"),
        html_static_path=[str(HERE / "static")],
        html_css_files=["minigrad-site.css"],
        html_js_files=["minigrad-site.js"],
        templates_path=[str(HERE / "templates")],
        html_extra_path=["_extra"],
        html_copy_source=False,
        html_show_sourcelink=False,
        html_last_updated_fmt=None,
        html_permalinks=True,
        html_theme_options={
            "article_header_end": ["langswitch.html", "toggle-secondary-sidebar.html"],
            "use_download_button": False,
            "use_fullscreen_button": False,
            "home_page_in_toc": True,
            "show_toc_level": 2,
            "navigation_with_keys": False,
        },
    )


def switch_target(lang: str, pagename: str, pages: dict) -> str:
    """The href from page `pagename` of edition `lang` to its twin in the other edition (or
    to the other edition's home when there is no twin)."""
    other = OTHER[lang]
    target = pagename if pagename in pages[other] or pagename in _ALWAYS else "index"
    return relative(page_url(lang, pagename), page_url(other, target))


def _page_context(app, pagename, templatename, context, doctree):
    lang = app.config.minigrad_lang
    pages = app.env.minigrad_pages
    context["mg_switch"] = {
        "href": switch_target(lang, pagename, pages),
        "label": say(lang, "switch_label"),
        "title": say(lang, "switch_title"),
        "lang": "zh-CN" if OTHER[lang] == "zh" else "en",
        "edition": OTHER[lang],
    }


def _load_pages(app):
    data = json.loads(Path(app.config.minigrad_site_json).read_text(encoding="utf-8"))
    app.env.minigrad_pages = {k: set(v) for k, v in data["pages"].items()}


def _fix_chinese_search_stemmer():
    """Sphinx 9's Chinese search stems Latin words with the English stemmer, but its
    language_data.js then says `Stemmer = ChineseStemmer`, a class no script defines, and
    the search page stops with a ReferenceError. Naming the JavaScript side English fixes it
    (the words are split with jieba all the same)."""
    from sphinx.search import languages
    from sphinx.search.zh import SearchChinese
    if SearchChinese.js_stemmer_rawcode != "english-stemmer.js":
        return                                 # a Sphinx that ships its own: leave it

    class SearchChineseEnglishStemmer(SearchChinese):
        language_name = "English"
    languages["zh"] = SearchChineseEnglishStemmer


def setup(app):
    """Sphinx extension entry point: the config values and the page-context hook."""
    _fix_chinese_search_stemmer()
    app.add_config_value("minigrad_lang", "en", "html")
    app.add_config_value("minigrad_site_json", "", "html")
    app.connect("builder-inited", _load_pages)
    app.connect("html-page-context", _page_context)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
