"""minigrad's modules form layers, and imports only go down them (issue 19).

The layers are an import-linter contract in pyproject.toml, which `make lint` runs. These
tests run that contract on the package, show that it catches an upward import hidden in a
function body, check that every module belongs to a layer (so a new module cannot slip past
the contract), and count import cycles the way the project's before-stop hook does.
"""
import ast
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "minigrad"
LINT_IMPORTS = pathlib.Path(sys.executable).parent / "lint-imports"
# package __init__ files that re-export from several layers, so they belong to none (the
# contract still follows import chains through them)
IN_NO_LAYER = {"minigrad", "minigrad.autograd"}

pytestmark = pytest.mark.skipif(not LINT_IMPORTS.exists(),
                                reason="import-linter is not installed (pip install -e .[test])")


def run_contract(project):
    """lint-imports on the `minigrad` package found in `project` (its pyproject.toml)."""
    env = {**os.environ, "PYTHONPATH": str(project)}
    return subprocess.run([str(LINT_IMPORTS), "--no-cache", "--no-logo"], cwd=project, env=env,
                          capture_output=True, text=True, timeout=300)


def module_name(path, top):
    parts = list(path.relative_to(top).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_modules(top=ROOT):
    return {module_name(p, top): p for p in (top / "minigrad").rglob("*.py")}


def test_the_layers_contract_holds():
    result = run_contract(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_an_upward_import_inside_a_function_breaks_the_contract(tmp_path):
    # a copy of the package where the tensor record reaches up to the factories from inside
    # a function body, the way the import cycles used to hide
    shutil.copytree(PACKAGE, tmp_path / "minigrad",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    tensor_py = tmp_path / "minigrad" / "_tensor.py"
    tensor_py.write_text(tensor_py.read_text() + "\n\ndef _planted():\n"
                         "    from ._creation import zeros\n    return zeros\n")
    result = run_contract(tmp_path)
    assert result.returncode != 0
    assert "minigrad._tensor -> minigrad._creation" in result.stdout, result.stdout


def contract_layers():
    tomllib = pytest.importorskip("tomllib")        # (Python 3.11+)
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    contract, = [c for c in config["tool"]["importlinter"]["contracts"] if c["id"] == "layers"]
    return [[name.strip() for name in layer.replace("|", ":").split(":")]
            for layer in contract["layers"]]


def test_every_module_sits_in_a_layer():
    layers = [name for layer in contract_layers() for name in layer]
    outside = sorted(m for m in package_modules()
                     if m not in IN_NO_LAYER
                     and not any(m == name or m.startswith(name + ".") for name in layers))
    assert outside == [], ("add these modules to a layer of the contract in pyproject.toml "
                           "([tool.importlinter]), where their imports put them")


def import_graph(top=ROOT):
    """module -> the minigrad modules it imports, anywhere in the file (function bodies too).
    `from .pkg import name` counts as importing the package and, when `name` is a module,
    that module as well. Imports of the root package itself are left out: every submodule
    may name `minigrad` (the package-root loop through nn and optim is excused)."""
    files = package_modules(top)
    graph = {}
    for name, path in files.items():
        here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        targets = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                candidates = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                start = here[:len(here) - node.level + 1] if node.level else []
                target = ".".join(start + ([node.module] if node.module else []))
                candidates = [target] + [f"{target}.{alias.name}" for alias in node.names]
            else:
                continue
            for candidate in candidates:
                while candidate and candidate not in files:    # a name inside a module
                    candidate = candidate.rpartition(".")[0]
                if candidate and candidate not in (name, "minigrad"):
                    targets.add(candidate)
        graph[name] = targets
    return graph


def cycles(graph):
    """The strongly connected groups of more than one module (Tarjan's algorithm, with an
    explicit stack so that deep import chains need no recursion)."""
    order, lowest, on_stack, stack, found = {}, {}, set(), [], []
    for start in graph:
        if start in order:
            continue
        work = [(start, iter(sorted(graph[start])))]
        order[start] = lowest[start] = len(order)
        stack.append(start)
        on_stack.add(start)
        while work:
            module, successors = work[-1]
            for nxt in successors:
                if nxt not in order:
                    order[nxt] = lowest[nxt] = len(order)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    lowest[module] = min(lowest[module], order[nxt])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    lowest[parent] = min(lowest[parent], lowest[module])
                if lowest[module] == order[module]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == module:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))
    return found


def test_the_cycle_count_sees_a_deferred_import(tmp_path):
    # the counter itself: the foundation importing Tensor from a function body closes a
    # loop (Tensor imports the foundation), and that makes one cycle
    shutil.copytree(PACKAGE, tmp_path / "minigrad",
                    ignore=shutil.ignore_patterns("__pycache__"))
    dtype_py = tmp_path / "minigrad" / "_dtype.py"
    dtype_py.write_text(dtype_py.read_text() + "\n\ndef _planted():\n"
                        "    from ._tensor import Tensor\n    return Tensor\n")
    found = cycles(import_graph(tmp_path))
    assert len(found) == 1 and {"minigrad._dtype", "minigrad._tensor"} <= set(found[0])


def test_no_import_cycles_among_minigrad_modules():
    assert cycles(import_graph()) == []
