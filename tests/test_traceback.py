"""Short tracebacks (minigrad/_compat/_traceback.py): a learner sees no more of minigrad's
frames than torch shows of its own (none for an op's error, at most 3 for backward's; minigrad shows
none for both), in a plain `python` process and in a real Jupyter kernel.
MINIGRAD_FULL_TRACEBACK=1 brings every frame back."""
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import minigrad
from minigrad._compat import _traceback

PACKAGE = str(Path(minigrad.__file__).resolve().parent)
ANSI = re.compile(r"\x1b\[[0-9;]*m")

OP_ERROR = """\
import minigrad as torch
a = torch.ones(2, requires_grad=True)
a.add_(1)
"""
BACKWARD_ERROR = """\
import minigrad as torch
a = torch.tensor([1., 2., 3.], requires_grad=True)
out = a.sigmoid()
out.detach().zero_()
out.sum().backward()
"""
HOOK_ERROR = """\
import minigrad as torch
def my_hook(grad):
    raise ValueError("raised in my hook")
a = torch.tensor([1., 2.], requires_grad=True)
b = a * 2
b.register_hook(my_hook)
b.sum().backward()
"""
LEAF_MESSAGE = ("RuntimeError: a leaf Variable that requires grad is being used in an "
                "in-place operation.")


def _env(full=False):
    env = {k: v for k, v in os.environ.items() if k != _traceback.ENV}
    if full:
        env[_traceback.ENV] = "1"
    return env


def _script_frames(tmp_path, code, full=False):
    """(frame file names, stderr) of running `code` as a script file."""
    script = tmp_path / "lesson.py"
    script.write_text(code)
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          env=_env(full), timeout=120)
    assert proc.returncode == 1, proc.stderr
    return re.findall(r'^  File "([^"]+)", line', proc.stderr, re.M), proc.stderr


def _ours(files):
    # (IPython shortens paths under the home folder to "~/...")
    return [f for f in files if str(Path(f).expanduser().resolve()).startswith(PACKAGE)]


@pytest.mark.parametrize("code", [OP_ERROR, BACKWARD_ERROR], ids=["op", "backward"])
def test_script_shows_no_minigrad_frames(tmp_path, code):
    files, err = _script_frames(tmp_path, code)
    assert _ours(files) == [] and files == [str(tmp_path / "lesson.py")], err
    assert err.startswith("Traceback (most recent call last):")
    assert err.rstrip().splitlines()[-1].startswith("RuntimeError: ")


def test_script_keeps_the_learners_own_frames(tmp_path):
    files, err = _script_frames(tmp_path, HOOK_ERROR)
    assert _ours(files) == [], err
    assert len(files) == 2 and "in my_hook" in err             # the cell line, then the hook
    assert err.rstrip().endswith("ValueError: raised in my hook")


def test_full_traceback_switch_shows_every_frame(tmp_path):
    files, err = _script_frames(tmp_path, BACKWARD_ERROR, full=True)
    assert len(_ours(files)) >= 3, err
    files, err = _script_frames(tmp_path, OP_ERROR, full=True)
    assert len(_ours(files)) >= 1 and err.rstrip().endswith(LEAF_MESSAGE)


def test_errors_from_libraries_under_minigrad_keep_their_frames(tmp_path, monkeypatch):
    """An error raised by library code that minigrad called is a bug: keep every frame."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "inner.py").write_text(textwrap.dedent("""\
        import json
        def bug():
            return json.loads("{")
        def lesson():
            raise RuntimeError("the lesson")
        """))
    monkeypatch.syspath_prepend(str(pkg))
    monkeypatch.setattr(_traceback, "_PACKAGE", str(pkg) + os.sep)
    monkeypatch.delenv(_traceback.ENV, raising=False)
    import inner

    def frames(tb):
        out = []
        while tb is not None:
            out.append(tb.tb_frame.f_code.co_filename)
            tb = tb.tb_next
        return out

    for fn, kept_inner in ((inner.bug, True), (inner.lesson, False)):
        with pytest.raises(Exception) as info:
            fn()
        tb = info.value.__traceback__
        trimmed = frames(_traceback.trim(tb))
        assert (str(pkg / "inner.py") in trimmed) is kept_inner
        assert trimmed[0] == __file__
        assert frames(tb) != trimmed or kept_inner          # the original chain is untouched


def _kernel_tracebacks(cells):
    """Run `cells` in one real ipykernel (as JupyterLab does): each cell's error traceback."""
    manager = pytest.importorskip("jupyter_client.manager")
    km, kc = manager.start_new_kernel(kernel_name="python3", env=_env())
    try:
        results = []
        for code in cells:
            kc.execute(code)
            tb = None
            while True:
                msg = kc.get_iopub_msg(timeout=60)
                if msg["msg_type"] == "error":
                    tb = ANSI.sub("", "\n".join(msg["content"]["traceback"]))
                if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                    break
            results.append(tb)
        return results
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def test_kernel_shows_no_minigrad_frames():
    """Count frames in the error's traceback, as a learner sees it in JupyterLab."""
    op, backward, hook, full = _kernel_tracebacks(
        [OP_ERROR, BACKWARD_ERROR, HOOK_ERROR,
         f"import os; os.environ['{_traceback.ENV}'] = '1'\n" + BACKWARD_ERROR])

    def frames(text):     # IPython: "Cell In[n], line k" or "File /path:line, in name"
        return re.findall(r"^(?:Cell In\[\d+\]|File (\S+?):\d+)", text, re.M)

    assert frames(op) == [""] and frames(backward) == [""]     # only the learner's cell
    assert op.rstrip().endswith(LEAF_MESSAGE)
    assert "modified by an inplace operation" in backward
    assert "my_hook" in hook and _ours(frames(hook)) == []
    assert len(_ours(frames(full))) >= 3


def test_kernel_errors_without_minigrad_look_as_ipython_shows_them():
    """The hook sees every error of a cell; those minigrad has no part in are left alone:
    syntax errors (when compiling, and raised by exec at run time), plain Python errors."""
    cells = ["1 +", "if 1:\npass", "exec('1 +')", "int('x')",
             "def f():\n    raise KeyError('k')\nf()"]
    plain = _kernel_tracebacks(["pass"] + cells)[1:]
    with_minigrad = _kernel_tracebacks(["import minigrad"] + cells)[1:]
    assert all(plain)
    assert with_minigrad == plain
