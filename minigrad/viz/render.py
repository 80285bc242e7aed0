"""Turning DOT text into SVG (and PNG, the fallback for viewers that show no SVG) with a
known `dot`.

Preference order (the first one found is used, and only its path is remembered):
1. the `MINIGRAD_DOT` environment variable (an explicit path to a dot-compatible binary);
2. the `graphviz-pure` console script installed with the pinned `graphviz-pure` wheel:
   a static dot with bundled fonts, so the SVG bytes are the same on every machine;
3. a system `dot` on PATH (SVG then depends on its version and fonts).
With none of them, rendering returns None and `NO_RENDERER` explains what to install.

Rendering goes through the `graphviz` Python package when it is installed, pointing it at
the chosen binary only for the duration of the call, so other users of that package in
the same process are not affected.
"""
import os
import pathlib
import shutil
import subprocess
import sys
import sysconfig

__all__ = ["renderer_path", "render", "NO_RENDERER", "RenderError"]

NO_RENDERER = ("minigrad.viz: no Graphviz renderer found. Install the pinned renderer with "
               "`pip install graphviz-pure==0.2.2` (no root needed), or a system Graphviz "
               "`dot`. Showing the DOT text instead.")

_cache = {}          # the only state kept between calls: {"path": Path or None}


class RenderError(RuntimeError):
    """The renderer ran but failed (its stderr is in the message)."""


def _from_distribution():
    """The graphviz-pure script, located through the installed wheel's file list."""
    try:
        from importlib import metadata
        dist = metadata.distribution("graphviz-pure")
    except Exception:
        return None
    for f in dist.files or ():
        if f.name in ("graphviz-pure", "graphviz-pure.exe"):    # the console script
            p = pathlib.Path(dist.locate_file(f)).resolve()
            if p.is_file():
                return p
    return None


def _find():
    override = os.environ.get("MINIGRAD_DOT")
    if override:
        return pathlib.Path(override)
    found = _from_distribution()
    if found is not None:
        return found
    scripts = [sysconfig.get_path("scripts"), os.path.dirname(sys.executable)]
    for name in ("graphviz-pure",):
        exe = shutil.which(name) or shutil.which(name, path=os.pathsep.join(scripts))
        if exe:
            return pathlib.Path(exe)
    exe = shutil.which("dot")
    return pathlib.Path(exe) if exe else None


def renderer_path(refresh=False):
    """The dot binary diagrams are rendered with (None if there is none). A found path is
    remembered; a miss is not, so installing graphviz-pure mid-session just works."""
    if refresh or _cache.get("path") is None:
        _cache["path"] = _find()
    return _cache["path"]


_BINARY = ("png",)


def _run_directly(exe, source, fmt, engine="dot", no_layout=None):
    args = [str(exe), f"-K{engine}", f"-T{fmt}"] + ([f"-n{no_layout}"] if no_layout else [])
    proc = subprocess.run(args, input=source.encode("utf-8"), capture_output=True, timeout=60)
    if proc.returncode != 0:
        raise RenderError(proc.stderr.decode("utf-8", "replace").strip())
    return proc.stdout if fmt in _BINARY else proc.stdout.decode("utf-8")


def render(source, fmt="svg", engine="dot", no_layout=None):
    """Render DOT `source`: text for "svg" (and "dot", "json"), bytes for "png"; None
    without a renderer. `no_layout=2` with engine "neato" draws a graph that already has
    its layout (positions from a "dot" rendering) without moving anything."""
    exe = renderer_path()
    if exe is None:
        return None
    try:
        import graphviz
        from graphviz.backend import dot_command
    except ImportError:
        return _run_directly(exe, source, fmt, engine, no_layout)
    previous = dot_command.DOT_BINARY
    dot_command.DOT_BINARY = exe           # read at call time by graphviz 0.20/0.21
    try:
        encoding = None if fmt in _BINARY else "utf-8"
        # quiet: Graphviz's warnings (e.g. no width for a non-ASCII character, which dot.py
        # makes up for) would otherwise go to the notebook's stderr
        return graphviz.Source(source, engine=engine).pipe(
            format=fmt, encoding=encoding, quiet=True, neato_no_op=no_layout)
    except graphviz.ExecutableNotFound:
        return None
    except graphviz.CalledProcessError as e:
        raise RenderError(str(e)) from None
    finally:
        dot_command.DOT_BINARY = previous
