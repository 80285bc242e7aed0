"""The Chinese edition (notebooks/zh/) never drifts from the English one.

Code is written once, in notebooks/src/NN_slug.py; the Chinese prose lives in
notebooks/src/zh/NN_slug.md, one block per English markdown cell, each stamped with a hash of
the English cell it translates (tools/nbzh.py). These tests fail when a translation is
missing, stale (the English cell changed since) or orphaned, when the stored Chinese notebook
has different code cells than the English one, or when the same code printed something
different in the two editions. Fix with ``python tools/nbzh.py status`` and
``make notebooks NB=NN``.
"""
import re
import shutil

import nbformat
import nbsource
import nbzh
import pytest

pytestmark = pytest.mark.notebooks

NBDIR = nbsource.notebooks_dir()
TRANSLATED = nbzh.translated_sources(NBDIR)
CJK = re.compile(r"[\u4e00-\u9fff]")
FIX = "see `python tools/nbzh.py status {0}`, then `make notebooks NB={0}`"


def _ids(path):
    return path.stem


def _read(path):
    return nbformat.read(path, as_version=4)


def test_there_is_a_chinese_edition():
    if not nbsource.source_files(NBDIR):
        pytest.skip(f"no notebook sources in {NBDIR}")
    assert len(TRANSLATED) >= 4, [p.name for p in TRANSLATED]


def test_every_english_notebook_has_a_chinese_twin():
    missing = [s.name for s in nbsource.source_files(NBDIR) if s not in TRANSLATED]
    assert not missing, f"no notebooks/src/zh/ prose for {missing}"


@pytest.mark.parametrize("src", TRANSLATED, ids=_ids)
def test_every_english_prose_cell_has_a_current_translation(src):
    st = nbzh.status(src)
    assert st.ok(), f"{src.name}:\n  " + "\n  ".join(st.lines()) + "\n" + FIX.format(src.name[:2])


@pytest.mark.parametrize("src", TRANSLATED, ids=_ids)
def test_translations_are_chinese(src):
    """A block left in English (a stub stamped by mistake) is a missing translation."""
    blocks = nbzh.parse_prose(nbzh.prose_path(src).read_text(encoding="utf-8"))
    english = [k for k, b in blocks.items() if not CJK.search(b.body)]
    assert not english, f"{src.name}: blocks without Chinese text: {english}"


def _outputs(cell):
    """A cell's outputs without their execution counts: the Chinese notebook has one more
    cell (the language switch), so every count in it is one higher."""
    return [{k: v for k, v in out.items() if k != "execution_count"} for out in cell["outputs"]]


@pytest.mark.parametrize("src", TRANSLATED, ids=_ids)
def test_stored_chinese_notebook_has_the_english_code_cells(src):
    """Same code cells (source and tags) in the same order, and the same outputs wherever
    a cell runs under real torch too (widgets and diagrams may speak Chinese)."""
    zh_path, en_path = nbzh.edition_path(src), NBDIR / (src.stem + ".ipynb")
    assert zh_path.exists(), f"{zh_path.name} never built: make notebooks NB={src.name[:2]}"
    zh, en = _read(zh_path), _read(en_path)
    first = zh.cells[0]
    assert nbzh.SETUP_TAG in nbsource.tags_of(first) and 'set_language("zh")' in first.source
    rules = nbsource.load_sanitizers()
    zh_code = [c for c in nbzh.english_part(zh.cells) if c.cell_type == "code"]
    en_code = [c for c in en.cells if c.cell_type == "code"]
    assert [(c.source, nbsource.tags_of(c)) for c in zh_code] == \
        [(c.source, nbsource.tags_of(c)) for c in en_code], \
        f"{zh_path.name}: code cells differ from {en_path.name}: " + FIX.format(src.name[:2])
    masked_zh = nbsource.masked_notebook(zh, rules)["cells"][1:]
    masked_en = nbsource.masked_notebook(en, rules)["cells"]
    pairs = [(z, e) for z, e in zip(masked_zh, masked_en) if z["cell_type"] == "code"]
    differ = ["".join(e["source"]).splitlines()[0] for z, e in pairs
              if nbsource.MINIGRAD_ONLY not in e["metadata"].get("tags", [])
              and _outputs(z) != _outputs(e)]
    assert not differ, f"same code, different output in the two editions: {differ}"


@pytest.mark.parametrize("src", TRANSLATED, ids=_ids)
def test_widgets_in_the_chinese_notebook_speak_chinese(src):
    """Every quiz and exercise output of the stored Chinese notebook is in Chinese."""
    zh = _read(nbzh.edition_path(src))
    english = []
    for cell in zh.cells:
        if cell.cell_type != "code" or not re.search(r"viz\.(quiz|exercise)\(", cell.source):
            continue
        text = "".join(o.get("data", {}).get("text/plain", "") for o in cell.outputs)
        if not CJK.search(text):
            english.append(cell.source.splitlines()[0])
    assert not english, f"widgets without Chinese text: {english}"


# ---------------------------------------------------------------------------------------------
# the machinery itself, on a throwaway copy


@pytest.fixture
def sample(tmp_path):
    if not TRANSLATED:
        pytest.skip("no translated notebook to copy")
    src = TRANSLATED[0]
    (tmp_path / "src" / "zh").mkdir(parents=True)
    shutil.copy(src, tmp_path / "src" / src.name)
    shutil.copy(nbzh.prose_path(src), tmp_path / "src" / "zh" / (src.stem + ".md"))
    if (src.parent / "myths.py").exists():     # the sample's myth-check placeholder needs it
        shutil.copy(src.parent / "myths.py", tmp_path / "src" / "myths.py")
    return tmp_path / "src" / src.name


def test_an_english_prose_edit_makes_its_translation_stale(sample):
    text = sample.read_text(encoding="utf-8")
    marker = re.search(r'# %% \[markdown\] key="([\w-]+)"\n# ', text)
    key = marker[1]
    sample.write_text(text[:marker.end()] + "Edited. " + text[marker.end():], encoding="utf-8")
    st = nbzh.status(sample)
    assert st.stale == [key] and not st.missing
    nbzh.read_edition(sample)               # a stale block still builds (code is never blocked)


def test_a_missing_block_is_reported_and_stops_the_build(sample):
    prose = nbzh.prose_path(sample)
    text = prose.read_text(encoding="utf-8")
    first = re.search(r"<!-- %% ([\w-]+) en=\w+ -->", text)
    nxt = text.index("<!-- %%", first.end())
    prose.write_text(text[:first.start()] + text[nxt:], encoding="utf-8")
    assert nbzh.status(sample).missing == [first[1]]
    with pytest.raises(nbsource.SourceError, match=first[1]):
        nbzh.read_edition(sample)


def test_unknown_keys_and_unkeyed_cells_are_reported(sample):
    prose = nbzh.prose_path(sample)
    prose.write_text(prose.read_text(encoding="utf-8")
                     + "\n<!-- %% no-such-cell en=00000000 -->\n多余的段落\n", encoding="utf-8")
    text = sample.read_text(encoding="utf-8")
    sample.write_text(re.sub(r'(# %% \[markdown\]) key="[\w-]+"', r"\1", text, count=1),
                      encoding="utf-8")
    st = nbzh.status(sample)
    assert st.unkeyed == [0] and "no-such-cell" in st.unknown


def test_bad_block_markers_are_errors():
    with pytest.raises(nbsource.SourceError, match="bad block marker"):
        nbzh.parse_prose("<!-- %% Title en=xyz -->\n标题\n")
    with pytest.raises(nbsource.SourceError, match="twice"):
        nbzh.parse_prose("<!-- %% a en=todo -->\n甲\n<!-- %% a en=todo -->\n乙\n")


def test_the_key_option_stays_out_of_the_english_notebook(sample):
    nb = nbsource.read_source(sample)
    assert all(nbsource.CELL_KEY not in c.metadata for c in nb.cells)
