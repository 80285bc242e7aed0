"""environment.yml (conda-forge, Binder) must list what pyproject.toml lists, same bounds."""

import re
from pathlib import Path

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")
yaml = pytest.importorskip("yaml")  # PyYAML comes with jupyterlab (jupyter_events)

ROOT = Path(__file__).resolve().parents[1]
CONDA_TO_PYPI = {"python-graphviz": "graphviz"}   # conda-forge name -> PyPI name
CONDA_ONLY = {"python", "pip"}


def _split(req: str) -> tuple[str, str]:
    """``"numpy >=2.0"`` -> ``("numpy", ">=2.0")`` with PEP 503 name normalization."""
    req = req.split(";")[0].split("#")[0].strip()
    m = re.match(r"([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?\s*(.*)", req)
    assert m, f"cannot read requirement {req!r}"
    return re.sub(r"[-_.]+", "-", m[1]).lower(), m[3].replace(" ", "")


def _pyproject() -> dict[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    reqs = list(project.get("dependencies", []))
    for extra in project.get("optional-dependencies", {}).values():
        reqs += extra
    own = _split(project["name"])[0]
    return dict(_split(r) for r in reqs if _split(r)[0] != own)


def _environment() -> tuple[dict, dict[str, str]]:
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    names: dict[str, str] = {}
    for dep in env["dependencies"]:
        if isinstance(dep, dict):
            for req in dep.get("pip", []):
                if not req.startswith(("-", ".")):
                    names.__setitem__(*_split(req))
            continue
        name, spec = _split(dep)
        if name not in CONDA_ONLY:
            names[CONDA_TO_PYPI.get(name, name)] = spec
    return env, names


def test_same_packages_as_pyproject():
    py, (_, env) = _pyproject(), _environment()
    assert set(py) == set(env), (
        f"only in pyproject.toml: {sorted(set(py) - set(env))}; "
        f"only in environment.yml: {sorted(set(env) - set(py))}")


def test_same_version_bounds_as_pyproject():
    py, (_, env) = _pyproject(), _environment()
    differ = {n: (py[n], env[n]) for n in set(py) & set(env) if py[n] != env[n]}
    assert not differ, f"(pyproject, environment.yml) bounds differ: {differ}"


def test_conda_forge_layout():
    env, _ = _environment()
    deps = env["dependencies"]
    assert env["channels"][0] == "conda-forge"
    assert "pip" in deps, "a pip: list needs pip itself listed"
    pip = next(d["pip"] for d in deps if isinstance(d, dict) and "pip" in d)
    assert "-e ." in pip, "Binder must install minigrad itself"
    plain = {_split(d)[0] for d in deps if isinstance(d, str)}
    assert "graphviz" not in plain, "conda 'graphviz' is only the C binaries: use python-graphviz"
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    python = next(d for d in deps if isinstance(d, str) and _split(d)[0] == "python")
    minor = re.search(r"3\.(\d+)", python)[1]
    assert int(minor) >= int(re.search(r"3\.(\d+)", requires)[1]), (python, requires)
