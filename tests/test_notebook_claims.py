"""The myth checks: every seed-post claim stays covered, with the catalogue's verdict.

Each notebook ends with a "Myth check" section; each entry carries a hidden marker
``<!-- claim S000-1 true -->`` (claim id, lower-case verdict). The verdicts below are those of
the claim catalogue (each claim checked on torch 2.13): 63 true, 6 false, 11 misleading,
4 outdated, 1 broken (the code as written does not run). Claim ids appear nowhere else in the
notebooks' prose: they mean nothing to a learner who never read the posts.
"""
import re
from collections import Counter
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "notebooks" / "src"
MARKER = re.compile(r"<!-- claim (S\d{3}-\d+) (\w+) -->")
CLAIM_ID = re.compile(r"\bS\d{3}-\d+\b")

CATALOGUE = {
    "S000-1": "true", "S000-2": "true", "S000-3": "outdated", "S000-4": "true",
    "S000-5": "true", "S000-6": "false", "S000-7": "misleading", "S000-8": "true",
    "S000-9": "false", "S000-10": "false", "S000-11": "true", "S000-12": "misleading",
    "S000-13": "misleading", "S000-14": "true", "S000-15": "false", "S000-16": "true",
    "S000-17": "misleading", "S000-18": "true", "S000-19": "true", "S000-20": "true",
    "S000-21": "outdated", "S000-22": "true", "S000-23": "true", "S001-1": "true",
    "S001-2": "true", "S001-3": "true", "S001-4": "true", "S001-5": "true", "S001-6": "true",
    "S001-7": "true", "S001-8": "true", "S001-9": "true", "S001-10": "true", "S001-11": "true",
    "S001-12": "true", "S001-13": "outdated", "S002-1": "misleading", "S002-2": "true",
    "S002-3": "misleading", "S002-4": "true", "S002-5": "misleading", "S002-6": "true",
    "S002-7": "true", "S002-8": "outdated", "S002-9": "true", "S002-10": "false",
    "S002-11": "true", "S002-12": "misleading", "S002-13": "true", "S002-14": "true",
    "S002-15": "true", "S002-16": "true", "S002-17": "misleading", "S002-18": "true",
    "S002-19": "true", "S002-20": "true", "S002-21": "true", "S002-22": "true",
    "S002-23": "true", "S003-1": "true", "S003-2": "true", "S003-3": "true", "S003-4": "true",
    "S003-5": "true", "S003-6": "true", "S003-7": "true", "S003-8": "true", "S003-9": "true",
    "S003-10": "misleading", "S003-11": "true", "S003-12": "false", "S004-1": "misleading",
    "S004-2": "true", "S004-3": "true", "S004-4": "true", "S004-5": "true", "S004-6": "true",
    "S004-7": "true", "S004-8": "true", "S004-9": "true", "S004-10": "true",
    "S004-11": "broken", "S004-12": "true", "S004-13": "true", "S004-14": "true",
}


def _sources():
    return sorted(SRC.glob("[0-9][0-9]_*.py"))


def _markers():
    """(notebook, claim, verdict) of every marker, the generated myth checks included."""
    import nbsource
    return [(path.name, cid, verdict) for path in _sources()
            for cell in nbsource.read_cells(path) if cell["cell_type"] == "markdown"
            for cid, verdict in MARKER.findall(cell["source"])]


def _table():
    import myths
    return myths.load_table(SRC)


def _overridden():
    """Claims whose idea gives another verdict than the catalogue's, with a reason."""
    table = _table()
    return {c: i["verdict"] for i in (table.IDEAS if table else []) if i.get("override")
            for c in i["claims"]}


def test_the_catalogue_counts():
    assert len(CATALOGUE) == 85
    assert Counter(CATALOGUE.values()) == {"true": 63, "false": 6, "misleading": 11,
                                            "outdated": 4, "broken": 1}


def test_every_marker_names_a_claim_with_its_catalogue_verdict():
    expected = {**CATALOGUE, **_overridden()}
    wrong = [f"{name}: {cid} marked {verdict}, catalogue says {CATALOGUE.get(cid)}"
             for name, cid, verdict in _markers() if expected.get(cid) != verdict]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("path", _sources(), ids=lambda p: p.name)
def test_claim_ids_only_in_markers(path):
    text = MARKER.sub("", path.read_text(encoding="utf-8"))
    stray = sorted(set(CLAIM_ID.findall(text)))
    assert not stray, f"{path.name}: claim ids in the prose or code: {stray}"


def test_all_85_claims_are_covered_once():
    marked = [cid for _, cid, _ in _markers()]
    assert len(marked) == len(set(marked)), "a claim is checked in two places"
    covered = set(marked)
    missing = sorted(set(CATALOGUE) - covered, key=lambda c: (c[:4], int(c[5:])))
    assert not missing, f"claims without a myth-check entry: {missing}"


# ---------------------------------------------------------------------------------------------
# the Chinese edition: the same claims, with the same verdicts, block by block

ZH_VERDICT = {"true": "正确", "false": "错误", "misleading": "有误导性", "outdated": "已过时",
              "broken": "代码无法运行"}
VERDICT_WORD = re.compile(r"^- \*\*(\w+)\*\*", re.M)


def _zh_pairs():
    import nbzh
    pairs = []
    for src in nbzh.translated_sources():
        blocks = nbzh.parse_prose(nbzh.prose_path(src).read_text(encoding="utf-8"))
        for cell in nbzh.english_cells(src):
            key = nbzh.cell_key(cell)
            if cell["cell_type"] == "markdown" and key in blocks:
                pairs.append((f"{src.stem[:2]}:{key}", cell["source"], blocks[key].body))
    return pairs


def test_chinese_blocks_carry_the_english_claim_markers():
    wrong = [f"{where}: {MARKER.findall(zh)} vs English {MARKER.findall(en)}"
             for where, en, zh in _zh_pairs() if MARKER.findall(zh) != MARKER.findall(en)]
    assert not wrong, "\n".join(wrong)


def test_chinese_verdict_words_match_the_markers():
    wrong = []
    for where, _en, zh in _zh_pairs():
        for line in zh.splitlines():
            marker = MARKER.search(line)
            word = VERDICT_WORD.match(line)
            if marker and (not word or word[1] != ZH_VERDICT[marker[2]]):
                wrong.append(f"{where}: {line[:60]}... should say {ZH_VERDICT[marker[2]]}")
    assert not wrong, "\n".join(wrong)


def test_no_claim_ids_in_the_chinese_prose():
    import nbzh
    for src in nbzh.translated_sources():
        text = MARKER.sub("", nbzh.prose_path(src).read_text(encoding="utf-8"))
        assert not CLAIM_ID.findall(text), f"{src.stem}: claim ids outside markers"


# ---------------------------------------------------------------------------------------------
# the one table (notebooks/src/myths.py) the myth checks of both editions are built from

FIELDS = {"idea", "notebook", "verdict", "claims", "post", "quote", "en", "zh", "evidence"}
EVIDENCE = re.compile(r"^(§\d+|M\d+)(, (§\d+|M\d+))*$")


def test_the_table_has_one_entry_per_idea_and_each_claim_once():
    table = _table()
    assert table is not None, "notebooks/src/myths.py is missing"
    slugs = [i["idea"] for i in table.IDEAS]
    assert len(slugs) == len(set(slugs)), "an idea is listed twice"
    claims = [c for i in table.IDEAS for c in i["claims"]]
    assert len(claims) == len(set(claims)), "a claim belongs to two ideas"
    for i in table.IDEAS:
        assert FIELDS <= set(i), f"{i.get('idea')}: missing {sorted(FIELDS - set(i))}"
        assert i["post"] in table.POSTS, f"{i['idea']}: unknown post {i['post']}"
        assert i["claims"] and all(c in CATALOGUE for c in i["claims"]), i["idea"]
        assert EVIDENCE.match(i["evidence"]), f"{i['idea']}: evidence {i['evidence']!r}"
        assert not CLAIM_ID.search(i["en"] + i["zh"] + i["quote"]), f"{i['idea']}: claim id in text"


def test_a_verdict_differs_from_the_catalogue_only_with_a_reason():
    table = _table()
    for i in table.IDEAS:
        differ = [c for c in i["claims"] if CATALOGUE[c] != i["verdict"]]
        assert not differ or len(i.get("override", "")) > 20, (
            f"{i['idea']}: verdict {i['verdict']} against the catalogue for {differ}, no reason")


def test_each_notebook_with_table_entries_has_the_placeholder_once():
    import nbsource
    table = _table()
    wanted = {i["notebook"] for i in table.IDEAS}
    for path in _sources():
        number = path.name[:2]
        cells = nbsource.parse_percent(path.read_text(encoding="utf-8"), path.name)
        places = [c for c in cells if nbsource.MYTHS in c["metadata"]]
        if number in wanted:
            assert len(places) == 1, f"{path.name}: {len(places)} myth placeholders"
            assert str(places[0]["metadata"][nbsource.MYTHS]) == number


def test_the_generated_check_puts_corrections_first_and_names_the_posts():
    import myths
    table = _table()
    for number in sorted({i["notebook"] for i in table.IDEAS}):
        for lang in ("en", "zh"):
            text = myths.render(table, number, lang)
            ideas = [i for i in table.IDEAS if i["notebook"] == number]
            for i in ideas:
                assert f"「{i['quote']}」" in text and i[lang] in text
                assert table.POSTS[i["post"]]["title"] in text
            wrong = [text.index(f"「{i['quote']}」") for i in ideas if i["verdict"] != "true"]
            right = [text.index(f"「{i['quote']}」") for i in ideas if i["verdict"] == "true"]
            assert not wrong or not right or max(wrong) < min(right)


def test_the_stored_notebooks_carry_the_generated_check():
    import myths
    import nbformat
    table = _table()
    nbdir = SRC.parent
    for number in sorted({i["notebook"] for i in table.IDEAS}):
        for lang, folder in (("en", nbdir), ("zh", nbdir / "zh")):
            stored = sorted(folder.glob(f"{number}_*.ipynb"))
            if not stored:
                continue
            cells = nbformat.read(stored[0], as_version=4).cells
            assert any(c.source == myths.render(table, number, lang) for c in cells), (
                f"{stored[0].name} ({lang}): myth check is not the table's; rebuild it")
