"""viz.find_inplace names the line of the in-place op that broke backward (GAN step,
ReLU(inplace=True) after sigmoid, sigmoid then mul_), leaves the error text torch's, and its
watcher seam (anomaly.set_watcher) is off outside it."""
import inspect

import pytest

import minigrad as torch
from difftest import requires_torch
from minigrad import nn, viz
from minigrad.autograd import anomaly
from minigrad.autograd.anomaly import instrument, set_watcher


def _marked_line(fn):
    """(line number, text) of the line of `fn` that ends with the comment `# culprit`."""
    lines, first = inspect.getsourcelines(fn)
    for offset, line in enumerate(lines):
        if line.rstrip().endswith("# culprit"):
            return first + offset, line.strip()      # the whole line, comment included
    raise AssertionError("no culprit marker")


def sigmoid_then_mul():
    x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
    y = x.sigmoid()
    y.mul_(2)  # culprit
    y.sum().backward()


def relu_inplace_after_sigmoid():
    x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
    h = torch.sigmoid(x)
    h = nn.ReLU(inplace=True)(h)  # culprit
    h.sum().backward()


def gan_step():
    torch.manual_seed(0)
    generator, discriminator = nn.Linear(2, 3), nn.Linear(3, 1)
    opt_d = torch.optim.SGD(discriminator.parameters(), lr=0.1)
    fake = generator(torch.randn(4, 2))
    d_fake = discriminator(fake)
    d_loss = (d_fake ** 2).mean()
    opt_d.zero_grad()
    d_loss.backward(retain_graph=True)
    opt_d.step()  # culprit
    g_loss = ((d_fake - 1) ** 2).mean()
    g_loss.backward()


def two_edits():
    x = torch.ones(3, requires_grad=True)
    y = x.exp()
    z = y * 3          # does not save y: editing y before exp's backward is what fails
    y.add_(1)  # culprit
    y.add_(1)
    (z.sum() + y.sum()).backward()


@pytest.mark.parametrize("step,saved,found", [
    (sigmoid_then_mul, 0, 1), (relu_inplace_after_sigmoid, 0, 1), (gan_step, 1, 2),
    (two_edits, 0, 2)])
def test_names_the_line_of_the_edit(step, saved, found):
    result = viz.find_inplace(step, lang="en")
    lineno, text = _marked_line(step)
    assert result.raised and result.explanation.kind == "inplace-modified"
    assert (result.site.filename, result.site.lineno, result.site.line) == (
        __file__, lineno, text)
    assert result.site.function == step.__name__
    assert (result.saved_version, result.found_version) == (saved, found)
    assert result.site.version == saved + 1
    out = str(result)
    assert out.startswith(f"The in-place op that broke backward: {text}\n")
    assert f"{__file__}, line {lineno}, in {step.__name__}" in out
    assert f"test_find_inplace.py:{lineno}  {text}  <- moved it past the saved version" in out
    assert "[inplace-modified]" in out            # the explanation follows
    assert f"`{text}`" in result._repr_markdown_() and text in result._repr_html_()


def test_gan_history_shows_the_init_before_the_save():
    result = viz.find_inplace(gan_step)
    assert [s.version for s in result.history] == [1, 2]     # nn.Linear's init, then step
    assert "nn.Linear(2, 3), nn.Linear(3, 1)" in result.history[0].line
    assert result.node == "AddmmBackward0"
    lines = str(result).splitlines()
    assert lines.index("  saved by the forward pass at version 1") == 4   # after the init


def test_chinese_result():
    result = viz.find_inplace(sigmoid_then_mul, lang="zh")
    lineno, text = _marked_line(sigmoid_then_mul)
    out = str(result)
    assert out.startswith(f"让 backward 出错的原地操作：{text}\n")
    assert f"第 {lineno} 行，在 sigmoid_then_mul 中" in out
    assert "<- 让它越过了保存时的版本" in out and "含义：" in out


def test_step_without_error_says_so():
    result = viz.find_inplace(lambda: (torch.ones(2, requires_grad=True) * 2).sum().backward())
    assert not result.raised and result.site is None and result.explanation is None
    assert str(result) == "The step ran without the in-place error: nothing to locate."
    assert "没有出现原地修改的报错" in str(viz.find_inplace(lambda: None, lang="zh"))


def test_other_error_is_reported_not_raised():
    result = viz.find_inplace(lambda: torch.ones(3, requires_grad=True).add_(1))
    assert result.raised and result.site is None
    assert result.explanation.kind == "leaf-inplace"
    assert "different error (leaf-inplace)" in str(result)


def test_bad_arguments_are_clear_errors():
    with pytest.raises(TypeError, match="expects a function to run, got int"):
        viz.find_inplace(3)
    with pytest.raises(ValueError, match="language must be one of"):
        viz.find_inplace(lambda: None, lang="de")


def test_error_text_is_unchanged_by_the_watcher():
    with pytest.raises(RuntimeError) as plain:
        sigmoid_then_mul()
    assert str(viz.find_inplace(sigmoid_then_mul).error) == str(plain.value)


@requires_torch
@pytest.mark.parametrize("step", [sigmoid_then_mul, relu_inplace_after_sigmoid, gan_step])
def test_error_text_is_torchs(step):
    import importlib

    real = importlib.import_module("torch")
    module = step.__module__
    globs = dict(step.__globals__, torch=real, nn=real.nn)
    as_torch = type(step)(step.__code__, globs, step.__name__)
    with pytest.raises(RuntimeError) as expected:
        as_torch()
    got = str(viz.find_inplace(step).error).replace("minigrad", "torch")
    assert got == str(expected.value), module
    # a torch step: the error is explained, but no minigrad bump can name the line
    result = viz.find_inplace(as_torch)
    assert result.explanation.kind == "inplace-modified" and result.site is None
    assert "no recorded bump took the saved tensor from version" in str(result)


# ---- the seam ---------------------------------------------------------------------------

class _Recorder:
    def __init__(self):
        self.bumps, self.errors = [], []

    def on_bump(self, tensor):
        self.bumps.append(tensor._version)

    def on_version_error(self, saved, node):
        self.errors.append((saved.version, node.name()))


def test_watcher_sees_bumps_and_the_failed_check_only_while_installed():
    assert instrument.watcher is None and not instrument.on
    recorder = _Recorder()
    assert set_watcher(recorder) is None
    try:
        assert instrument.on
        x = torch.zeros(2)
        x.add_(1)
        x.mul_(2)
        with pytest.raises(RuntimeError, match="modified by an inplace operation"):
            sigmoid_then_mul()
    finally:
        assert set_watcher(None) is recorder
    assert recorder.bumps == [1, 2, 1] and recorder.errors == [(0, "SigmoidBackward0")]
    assert not instrument.on
    torch.zeros(2).add_(1)
    assert recorder.bumps == [1, 2, 1]           # removed: no longer called


def test_watcher_and_anomaly_mode_and_trace_coexist():
    with torch.autograd.trace() as log:
        result = viz.find_inplace(sigmoid_then_mul)
        assert instrument.on and instrument.watcher is None
    assert result.site is not None and log.of_kind("bump")
    assert not instrument.on
    with pytest.warns(UserWarning):
        with torch.autograd.detect_anomaly():
            result = viz.find_inplace(sigmoid_then_mul)
    assert result.site.line == "y.mul_(2)  # culprit" and not anomaly.state.enabled
    assert not instrument.on


def test_find_inplace_restores_the_watcher_when_the_step_raises_anything():
    def boom():
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        viz.find_inplace(boom)
    assert instrument.watcher is None and not instrument.on
