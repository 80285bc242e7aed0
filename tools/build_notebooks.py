"""Build the teaching notebooks: notebooks/src/NN_slug.py -> executed notebooks/NN_slug.ipynb.

    python tools/build_notebooks.py            # every source
    python tools/build_notebooks.py 01 03      # sources whose name starts with 01 or 03
    python tools/build_notebooks.py --check    # rebuild in a temp dir, diff against stored
    python tools/build_notebooks.py --lang zh 01   # only the Chinese edition of 01

Every source with a Chinese prose file (notebooks/src/zh/NN_slug.md, see tools/nbzh.py) is
built twice: notebooks/NN_slug.ipynb and notebooks/zh/NN_slug.ipynb (same code cells, Chinese
markdown, run with cwd = notebooks/zh/).

Each notebook runs top to bottom in a fresh kernel of this interpreter with cwd = the
notebooks folder. Nothing is seeded here: notebooks seed their own randomness. A build fails
(exit 1, stored notebook left untouched) when a cell without the ``raises-exception`` tag
raises, a tagged cell does not raise, or a cell writes a per-run file path to stderr (an
uncaught warning: nbval would never match it again).

What is scrubbed so that two builds are the same file: cell ids are ``cell-NN``, no timing
metadata, no widget state blob, ``language_info`` without the Python version. What still
differs between two builds: the ``model_id`` of every displayed widget (a fresh uuid per run;
nbval ignores it) and anything the sanitizer masks (``0x...`` addresses, SVG bodies).
``--check`` compares after exactly that masking.

Point it at another folder (holding src/ and the .ipynb files) with ``--dir`` or the
``MINIGRAD_NOTEBOOKS_DIR`` environment variable.
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))
import nbsource  # noqa: E402
import nbzh  # noqa: E402

LANGS = ("en", nbzh.LANG)

# a warning printed by Python: "<path>.py:<line>: UserWarning: ..." (the path differs per run
# for notebook cells and per checkout for library code)
_WARNING_LINE = re.compile(r"\.py\"?:\d+: \w*(Warning|Error)\b|ipykernel_\d+|<ipython-input-")
_LANGUAGE_INFO_KEYS = ("name", "codemirror_mode", "file_extension", "mimetype",
                       "nbconvert_exporter", "pygments_lexer")


def _short(source: str) -> str:
    first = source.strip().splitlines()[0] if source.strip() else ""
    return first[:70] + ("..." if len(first) > 70 else "")


def problems_of(nb) -> list[str]:
    """Every reason an executed notebook must not be stored."""
    problems = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        tagged = nbsource.RAISES in nbsource.tags_of(cell)
        errors = [o for o in cell.outputs if o.output_type == "error"]
        label = f"cell {index} ({_short(cell.source)!r})"
        if errors and not tagged:
            err = errors[0]
            problems.append(f"{label} raised {err.ename}: {err.evalue}\n"
                            "    (tag the cell raises-exception if that is the lesson)")
        if tagged and not errors:
            problems.append(f"{label} is tagged raises-exception but raised nothing")
        for out in cell.outputs:
            if (out.output_type == "stream" and out.name == "stderr"
                    and _WARNING_LINE.search(out.text)):
                problems.append(
                    f"{label} printed a warning with a file path to stderr:\n"
                    f"    {out.text.strip().splitlines()[0][:120]}\n"
                    "    capture it with warnings.catch_warnings(record=True) and print it")
    return problems


def scrub(nb) -> None:
    info = nb.metadata.get("language_info", {})
    nb.metadata["language_info"] = {k: info[k] for k in _LANGUAGE_INFO_KEYS if k in info}
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        for out in cell.get("outputs", []):
            out.get("metadata", {}).pop("transient", None)
            if out.get("output_type") == "error":
                # keep only "Type: message": the frames hold this machine's paths and line
                # numbers (nbval never compares them), and a learner sees the full traceback
                # as soon as the cell is run
                out["traceback"] = [f"{out['ename']}: {out['evalue']}"]


def editions(src: Path, nbdir: Path, langs=LANGS) -> list[tuple[str, Path]]:
    """(lang, stored notebook) of every edition of ``src`` (English, then translations)."""
    out = [("en", nbdir / (src.stem + ".ipynb"))] if "en" in langs else []
    if nbzh.LANG in langs and nbzh.prose_path(src).exists():
        out.append((nbzh.LANG, nbdir / nbzh.LANG / (src.stem + ".ipynb")))
    return out


def build_one(src: Path, out_dir: Path, cwd: Path, lang: str = "en"
              ) -> tuple[Path | None, list[str]]:
    nb = nbsource.read_source(src) if lang == "en" else nbzh.read_edition(src, lang)
    cwd.mkdir(parents=True, exist_ok=True)
    out_dir.mkdir(parents=True, exist_ok=True)
    nbsource.execute(nb, cwd=cwd)
    scrub(nb)
    problems = problems_of(nb)
    nbformat.validate(nb)
    if problems:
        return None, problems
    target = out_dir / (src.stem + ".ipynb")
    target.write_text(nbformat.writes(nb) + "\n", encoding="utf-8")
    return target, []


def _select(sources: list[Path], prefixes: list[str]) -> list[Path]:
    if not prefixes:
        return sources
    chosen = [s for s in sources if any(s.name.startswith(p) for p in prefixes)]
    if not chosen:
        raise SystemExit(f"no source matches {prefixes}; have: {[s.name for s in sources]}")
    return chosen


def build(nbdir: Path, prefixes: list[str], langs=LANGS) -> int:
    failed = 0
    for src in _select(nbsource.source_files(nbdir), prefixes):
        for lang, stored in editions(src, nbdir, langs):
            start = time.monotonic()
            try:
                target, problems = build_one(src, stored.parent, cwd=stored.parent, lang=lang)
            except nbsource.SourceError as exc:
                target, problems = None, [str(exc)]
            took = time.monotonic() - start
            name = stored.relative_to(nbdir)
            if problems:
                failed += 1
                print(f"FAILED {name} ({took:.1f}s): notebook not written", file=sys.stderr)
                for problem in problems:
                    print(f"  - {problem}", file=sys.stderr)
            else:
                print(f"built  {target.relative_to(nbdir.parent)} ({took:.1f}s)")
            if lang != "en" and not problems:
                st = nbzh.status(src, lang)
                for line in st.lines():
                    print(f"  note: {line} (python tools/nbzh.py status)", file=sys.stderr)
    return 1 if failed else 0


def check(nbdir: Path, prefixes: list[str], langs=LANGS) -> int:
    """Rebuild into a temp copy and compare with the stored notebooks after masking."""
    rules = nbsource.load_sanitizers()
    sources = _select(nbsource.source_files(nbdir), prefixes)
    bad = 0
    with tempfile.TemporaryDirectory(prefix="nbcheck-") as tmp:
        work = Path(tmp) / nbdir.name
        shutil.copytree(nbdir, work, ignore=shutil.ignore_patterns("*.ipynb", ".ipynb_checkpoints"))
        for src in sources:
            for lang, stored in editions(src, nbdir, langs):
                name = str(stored.relative_to(nbdir))
                out = work / stored.parent.relative_to(nbdir)
                try:
                    target, problems = build_one(work / "src" / src.name, out, cwd=out,
                                                 lang=lang)
                except nbsource.SourceError as exc:
                    target, problems = None, [str(exc)]
                if problems:
                    bad += 1
                    print(f"FAILED {name}: " + "; ".join(problems), file=sys.stderr)
                    continue
                if not stored.exists():
                    bad += 1
                    print(f"MISSING {name}: run `make notebooks`", file=sys.stderr)
                    continue
                old = nbsource.masked_notebook(nbformat.read(stored, as_version=4), rules)
                new = nbsource.masked_notebook(nbformat.read(target, as_version=4), rules)
                if old == new:
                    print(f"same   {name}")
                    continue
                bad += 1
                diff = difflib.unified_diff(
                    json.dumps(old, indent=1, sort_keys=True).splitlines(),
                    json.dumps(new, indent=1, sort_keys=True).splitlines(),
                    fromfile=f"stored/{name}", tofile=f"rebuilt/{name}", lineterm="")
                print(f"DIFFERS {name}:\n" + "\n".join(list(diff)[:80]), file=sys.stderr)
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("prefixes", nargs="*", help="only sources starting with these (e.g. 01)")
    parser.add_argument("--check", action="store_true",
                        help="rebuild in a temp dir and diff against the stored notebooks")
    parser.add_argument("--dir", type=Path, default=None,
                        help=f"notebooks folder (default: ${nbsource.NOTEBOOKS_ENV} or notebooks/)")
    parser.add_argument("--lang", choices=LANGS, action="append",
                        help="only this edition (repeatable; default: every edition)")
    args = parser.parse_args(argv)
    nbdir = (args.dir or nbsource.notebooks_dir()).resolve()
    if not nbsource.source_files(nbdir):
        print(f"no sources in {nbdir / 'src'} (expected NN_slug.py files)")
        return 0
    langs = tuple(args.lang or LANGS)
    return (check if args.check else build)(nbdir, args.prefixes, langs)


if __name__ == "__main__":
    sys.exit(main())
