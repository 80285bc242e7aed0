"""The Chinese edition (中文版): English code, Chinese prose, one source of truth for code.

    python tools/nbzh.py status            # every translation: missing, stale, unknown keys
    python tools/nbzh.py status 01         # one notebook
    python tools/nbzh.py stub 04           # start src/zh/04_*.md: one block per English cell
    python tools/nbzh.py stamp 01 why-detach   # after revising a block: record its English

How it fits together. ``notebooks/src/NN_slug.py`` holds every cell of the notebook. Each of
its markdown cells that has a translation carries a key on its marker line::

    # %% [markdown] key="sigmoid-experiment"

``notebooks/src/zh/NN_slug.md`` holds the Chinese prose only, one block per English markdown
cell, each block opened by a marker line naming the key and a short hash of the English cell
it was translated from::

    <!-- %% sigmoid-experiment en=3f9a01c2 -->
    ## 3. sigmoid 实验 ...

Text before the first marker is a header for translators and is not used. The build
(``tools/build_notebooks.py``) writes ``notebooks/zh/NN_slug.ipynb``: a first code cell that
switches the widgets to Chinese (``viz.set_language("zh")``), then the English cells in their
order, code cells unchanged, each markdown cell replaced by its Chinese block. So a code change
is made once, in the English source, and ``make notebooks NB=NN`` rebuilds both editions.

An English prose edit changes that cell's hash: ``status`` (and tests/test_notebook_zh.py)
reports the Chinese block as stale until it is revised and stamped. A missing block stops
the build; a stale one is built (so code changes are never blocked) but fails the test.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import nbsource  # noqa: E402

LANG = "zh"
SETUP_TAG = "set-language"
SETUP_SOURCE = ('from minigrad import viz\n'
                'viz.set_language("zh")   # 测验、练习、实验面板的文字用中文')
TODO = "todo"             # hash of a stub block that nobody has translated yet
_BLOCK = re.compile(r"^<!-- %% (?P<key>[a-z0-9][a-z0-9-]*) en=(?P<hash>[0-9a-f]{8}|todo) -->$")
_KEY = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def en_hash(source: str) -> str:
    """Short hash of an English markdown cell (as the build sees it: trimmed lines)."""
    return hashlib.sha1(source.strip().encode("utf-8")).hexdigest()[:8]


def prose_path(src: Path, lang: str = LANG) -> Path:
    """notebooks/src/NN_slug.py -> notebooks/src/zh/NN_slug.md"""
    return src.parent / lang / (src.stem + ".md")


def edition_path(src: Path, lang: str = LANG) -> Path:
    """notebooks/src/NN_slug.py -> notebooks/zh/NN_slug.ipynb"""
    return src.parent.parent / lang / (src.stem + ".ipynb")


def translated_sources(nbdir: Path | None = None, lang: str = LANG) -> list[Path]:
    """The English sources that have a prose file in src/<lang>/."""
    return [s for s in nbsource.source_files(nbdir) if prose_path(s, lang).exists()]


@dataclass
class Block:
    key: str
    hash: str
    body: str
    line: int


def parse_prose(text: str, name: str = "<prose>") -> dict[str, Block]:
    """key -> Block, in file order. Marker lines must be exact; keys unique."""
    blocks: dict[str, Block] = {}
    current: Block | None = None
    body: list[str] = []

    def close():
        if current is not None:
            current.body = "\n".join(b.rstrip() for b in body).strip("\n")
            blocks[current.key] = current

    for lineno, line in enumerate(text.splitlines(), 1):
        if line.startswith("<!-- %%"):
            m = _BLOCK.match(line.strip())
            if not m:
                raise nbsource.SourceError(
                    f"{name}:{lineno}: bad block marker {line!r}; expected "
                    "'<!-- %% some-key en=1a2b3c4d -->'")
            close()
            if m["key"] in blocks or (current and current.key == m["key"]):
                raise nbsource.SourceError(f"{name}:{lineno}: key {m['key']!r} twice")
            current, body = Block(m["key"], m["hash"], "", lineno), []
        elif current is not None:
            body.append(line)
    close()
    return blocks


def english_cells(src: Path) -> list[dict]:
    return nbsource.read_cells(src)


def is_generated(cell: dict) -> bool:
    """A cell the build writes in every language (the myth check): it has no block."""
    return nbsource.MYTHS in cell["metadata"]


def cell_key(cell: dict) -> str | None:
    return cell["metadata"].get(nbsource.CELL_KEY)


@dataclass
class Status:
    """What stands between a prose file and a faithful edition."""
    missing: list[str] = field(default_factory=list)     # English key without a block
    stale: list[str] = field(default_factory=list)       # block made from older English
    todo: list[str] = field(default_factory=list)        # stub never translated
    unknown: list[str] = field(default_factory=list)     # block whose key is not in English
    unkeyed: list[int] = field(default_factory=list)     # English markdown cell without a key
    errors: list[str] = field(default_factory=list)      # duplicate / malformed keys

    def ok(self) -> bool:
        return not (self.missing or self.stale or self.todo or self.unknown or self.unkeyed
                    or self.errors)

    def lines(self) -> list[str]:
        out = [f"markdown cell {i} has no key=\"...\" on its marker line" for i in self.unkeyed]
        out += self.errors
        out += [f"missing: no block for {k!r}" for k in self.missing]
        out += [f"stale: {k!r} was translated from an older English cell" for k in self.stale]
        out += [f"todo: {k!r} is an untranslated stub" for k in self.todo]
        out += [f"unknown: block {k!r} matches no English cell" for k in self.unknown]
        return out


def status(src: Path, lang: str = LANG) -> Status:
    st = Status()
    cells = english_cells(src)
    try:
        blocks = parse_prose(prose_path(src, lang).read_text(encoding="utf-8"),
                             prose_path(src, lang).name)
    except nbsource.SourceError as exc:
        st.errors.append(str(exc))
        return st
    seen = set()
    for index, cell in enumerate(cells):
        if cell["cell_type"] != "markdown" or is_generated(cell):
            continue
        key = cell_key(cell)
        if key is None:
            st.unkeyed.append(index)
            continue
        if not isinstance(key, str) or not _KEY.match(key) or key in seen:
            st.errors.append(f"markdown cell {index}: key {key!r} is not a unique slug")
            continue
        seen.add(key)
        block = blocks.get(key)
        if block is None:
            st.missing.append(key)
        elif block.hash == TODO:
            st.todo.append(key)
        elif block.hash != en_hash(cell["source"]):
            st.stale.append(key)
    st.unknown = [k for k in blocks if k not in seen]
    return st


def edition_cells(src: Path, lang: str = LANG) -> list[dict]:
    """The cells of the translated notebook: the language cell, then the English cells
    with each markdown cell replaced by its block. Raises SourceError on a missing block
    (stale blocks are used as they are: ``status`` reports them)."""
    path = prose_path(src, lang)
    blocks = parse_prose(path.read_text(encoding="utf-8"), path.name)
    out = [{"cell_type": "code", "source": SETUP_SOURCE,
            "metadata": {"tags": [nbsource.MINIGRAD_ONLY, SETUP_TAG]}}]
    missing = []
    for cell in nbsource.read_cells(src, lang):
        if cell["cell_type"] == "markdown" and not is_generated(cell):
            block = blocks.get(cell_key(cell) or "")
            if block is None or not block.body:
                missing.append(cell_key(cell) or f"(no key) {cell['source'][:40]!r}")
                continue
            cell = dict(cell, source=block.body)
        out.append(cell)
    if missing:
        raise nbsource.SourceError(f"{path.name}: no translation for {missing} "
                                   f"(python tools/nbzh.py status {src.name[:2]})")
    return out


def read_edition(src: Path, lang: str = LANG):
    """The unexecuted translated notebook of English source ``src``."""
    return nbsource.build_notebook(edition_cells(src, lang))


def english_part(cells) -> list:
    """A translated notebook's cells without its language cell (to compare with English)."""
    return [c for c in cells if SETUP_TAG not in nbsource.tags_of(c)]


# ---------------------------------------------------------------------------------------------
# command line


def _pick(prefixes: list[str]) -> list[Path]:
    sources = nbsource.source_files()
    chosen = [s for s in sources if not prefixes or any(s.name.startswith(p) for p in prefixes)]
    if not chosen:
        raise SystemExit(f"no source matches {prefixes}")
    return chosen


def _status(prefixes) -> int:
    bad = 0
    for src in _pick(prefixes):
        if not prose_path(src).exists():
            print(f"{src.name}: no Chinese edition yet (python tools/nbzh.py stub {src.name[:2]})")
            continue
        st = status(src)
        print(f"{src.name}: " + ("up to date" if st.ok() else f"{len(st.lines())} problem(s)"))
        for line in st.lines():
            print("   ", line)
        bad += not st.ok()
    return 1 if bad else 0


def _stub(prefix: str) -> int:
    (src,) = _pick([prefix])
    path = prose_path(src)
    if path.exists():
        raise SystemExit(f"{path} exists; use status and edit it")
    parts = [f"<!-- 中文版 of {src.name}: one block per English markdown cell (see "
             "tools/nbzh.py). Replace each English text, then stamp the block. -->"]
    for index, cell in enumerate(english_cells(src)):
        if cell["cell_type"] != "markdown" or is_generated(cell):
            continue
        key = cell_key(cell)
        if key is None:
            raise SystemExit(f"{src.name}: markdown cell {index} has no key; add "
                             f"key=\"...\" to its '# %% [markdown]' line first")
        parts.append(f"<!-- %% {key} en={TODO} -->\n{cell['source']}")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n\n".join(parts) + "\n", encoding="utf-8")
    print(f"wrote {path}")
    return 0


def _stamp(prefix: str, keys: list[str], every: bool) -> int:
    (src,) = _pick([prefix])
    path = prose_path(src)
    current = {cell_key(c): en_hash(c["source"]) for c in english_cells(src)
               if c["cell_type"] == "markdown"}
    wanted = set(current) if every else set(keys)
    lines = path.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        m = _BLOCK.match(line.strip())
        if m and m["key"] in wanted and m["key"] in current:
            lines[i] = f"<!-- %% {m['key']} en={current[m['key']]} -->"
            print(f"stamped {m['key']}")
            wanted.discard(m["key"])
    if wanted and not every:
        raise SystemExit(f"no such block(s): {sorted(wanted)}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("status").add_argument("prefixes", nargs="*")
    sub.add_parser("stub").add_argument("prefix")
    stamp = sub.add_parser("stamp", help="record the current English hash of blocks you revised")
    stamp.add_argument("prefix")
    stamp.add_argument("keys", nargs="*", help="keys of the blocks you revised")
    stamp.add_argument("--all", action="store_true", help="every block (after a full review)")
    args = parser.parse_args(argv)
    if args.cmd == "status":
        return _status(args.prefixes)
    if args.cmd == "stub":
        return _stub(args.prefix)
    return _stamp(args.prefix, args.keys, args.all)


if __name__ == "__main__":
    sys.exit(main())
