"""The course website: `make site` builds build/site/ from the stored notebooks.

Nothing is executed and nothing is fetched: the pages show the outputs stored in
notebooks/*.ipynb and notebooks/zh/*.ipynb. Two Sphinx builds (myst-nb, sphinx-book-theme),
one per edition: English in build/site/, Chinese in build/site/zh/, each with its own left
table of contents, prev/next links and offline search; every page links to the same page in
the other edition.

Modules: ``text`` (the site's own words in both languages), ``stage`` (a notebook -> the
notebook the page is built from: quizzes, exercises, labs, collapsed cells, inline SVG,
links), ``pages`` (home, cheat sheet and error pages), ``error_repros`` (one verified
reproduction per failure family), ``sphinx_ext`` (settings and the language switch),
``build`` (the two builds). Entry point: ``python tools/build_site.py``.
"""
