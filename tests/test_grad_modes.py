"""Grad modes (no_grad, enable_grad, inference_mode) and anomaly mode.

Differential cases: notebook-style cells run under torch 2.13 and under minigrad; the
transcripts must match (see difftest.py). The rules they check are in
docs/pytorch-2.13-semantics.md, section 12.

REGRESSIONS: cases found by the fuzzers (tests/test_fuzz.py, tests/test_bad_input.py).
One that minigrad still gets wrong is a strict xfail with its diagnosis.
"""

import pytest

from difftest import assert_same, case, regression, requires_torch

pytestmark = requires_torch


GRAD_MODE_CASES = [
    case(
        "no_grad_results_are_leaves_without_grad",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        with torch.no_grad():
            y = x * 2
            print(torch.is_grad_enabled())
        y.requires_grad, y.is_leaf, y.grad_fn, torch.is_grad_enabled()
        """,
    ),
    case(
        "no_grad_restored_after_exception",
        "with torch.no_grad():\n    raise ValueError('inside no_grad')",
        "torch.is_grad_enabled()",
    ),
    case(
        "no_grad_nested_and_as_target",
        """
        with torch.no_grad() as v:
            print(v is None)
            with torch.no_grad():
                print(torch.is_grad_enabled())
            print(torch.is_grad_enabled())
        torch.is_grad_enabled()
        """,
        "type(torch.no_grad()).__name__",
    ),
    case(
        "no_grad_as_decorator",
        """
        x = torch.tensor([1., 2.], requires_grad=True)

        @torch.no_grad()
        def f(t):
            return t * 2

        @torch.no_grad
        def g(t):
            return t * 3

        f(x), g(x)
        """,
        "f.__name__, g.__name__",
        "(x * 4).requires_grad",
    ),
    case(
        "no_grad_factories_still_make_grad_leaves",
        """
        with torch.no_grad():
            w = torch.ones(2, requires_grad=True)
            v = torch.tensor([1.], requires_grad=True)
        w, w.is_leaf, v
        """,
    ),
    case(
        "no_grad_backward_inside_still_works",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = (x * x).sum()
        with torch.no_grad():
            y.backward()
        x.grad
        """,
    ),
    case(
        "enable_grad_inside_no_grad",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        with torch.no_grad():
            with torch.enable_grad():
                y = x * 2
            z = x * 2
        y.requires_grad, z.requires_grad
        """,
        """
        @torch.enable_grad()
        def tracked(t):
            return t * 5

        with torch.no_grad():
            r = tracked(x)
        r
        """,
    ),
    case(
        "set_grad_enabled_plain_call",
        "x = torch.tensor([1., 2.], requires_grad=True)\ntorch.set_grad_enabled(False)",
        "y = x * 2\ny.requires_grad, torch.is_grad_enabled()",
        "_ = torch.set_grad_enabled(True)\n(x * 2).requires_grad",
    ),
    case(
        "set_grad_enabled_context_and_decorator",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        flag = False
        with torch.set_grad_enabled(flag):
            y = x * 2
        y.requires_grad, torch.is_grad_enabled()
        """,
        "with torch.set_grad_enabled(True):\n    z = x * 2\nz.requires_grad",
        """
        @torch.set_grad_enabled(False)
        def frozen(t):
            return t * 2
        frozen(x).requires_grad, torch.is_grad_enabled()
        """,
    ),
    case(
        "inference_mode_basics",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        with torch.inference_mode():
            y = x * 2
            print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
        y.requires_grad, y.is_inference(), x.is_inference()
        """,
        "torch.is_inference_mode_enabled(), torch.is_grad_enabled()",
        "with torch.inference_mode(False):\n    z = x * 2\nz.requires_grad, z.is_inference()",
        """
        @torch.inference_mode()
        def infer(t):
            return t + 1
        infer(x).is_inference(), infer(x)
        """,
    ),
    case(
        "inference_tensor_inplace_outside_errors",
        "with torch.inference_mode():\n    t = torch.ones(2)\nt.add_(1)",
        "t",
        "with torch.inference_mode():\n    t.add_(1)\nt",
    ),
    case(
        "inference_tensor_in_autograd",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        with torch.inference_mode():
            t = torch.tensor([3., 4.])
        t * x
        """,
        "t + x",
        "t.requires_grad_()",
        "c = t.clone()\nc.is_inference(), (c * x)",
        "(t * 2).is_inference()",
    ),
]


ANOMALY_CASES = [
    case(
        # the "Error detected in ..." warning carries a Python traceback: the harness cuts it
        "anomaly_version_error_hint_changes",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        with torch.autograd.detect_anomaly():
            y = x.sigmoid()
            y.detach().zero_()
            y.sum().backward()
        """,
        "torch.is_anomaly_enabled()",
    ),
    case(
        "anomaly_detects_nan_in_backward",
        """
        x = torch.tensor([0., 1.], requires_grad=True)
        with torch.autograd.detect_anomaly():
            y = (x.sqrt() * 0).sum()
            y.backward()
        """,
        "x.grad",
    ),
    case(
        "anomaly_names_the_output_that_is_nan",
        """
        x = torch.tensor([0.], requires_grad=True)
        y = torch.tensor([0.], requires_grad=True)
        with torch.autograd.detect_anomaly():
            (x / y).sum().backward()
        """,
    ),
    case(
        "anomaly_set_detect_and_success",
        "torch.autograd.set_detect_anomaly(True)\ntorch.is_anomaly_enabled()",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        (x * x).sum().backward()
        x.grad
        """,
        "torch.autograd.set_detect_anomaly(False)\ntorch.is_anomaly_enabled()",
    ),
]


REGRESSIONS = [
    # ---- inference mode ------------------------------------------------------------------
    regression(
        "inference_tensor_version_raises",
        """
        with torch.inference_mode():
            i = torch.ones(2) + 2
        i._version
        """,
    ),
    regression(
        "inference_mode_view_of_normal_tensor_is_normal",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        with torch.inference_mode():
            v = x.reshape(-1)
            d = x.detach()
        v.is_inference(), d.is_inference(), v.requires_grad
        """,
        "d.requires_grad_()",
        "with torch.inference_mode():\n    dd = x.data\ndd._version",
        "x.requires_grad = False\nv.requires_grad",
    ),
    regression(
        "requires_grad_setter_on_inference_tensor",
        """
        x = torch.tensor(2.0, requires_grad=True)
        with torch.inference_mode():
            i = x * 2
        i.requires_grad = True
        """,
        "i.requires_grad = False\ni.requires_grad",
        """
        with torch.inference_mode():
            j = torch.ones(2)
            j.requires_grad = True
        j.requires_grad, torch.ones(2, dtype=torch.long).requires_grad_(False).requires_grad
        """,
    ),
    regression(
        "detach_of_inference_tensor_is_inference",
        """
        with torch.inference_mode():
            j = torch.ones(2)
        d = j.detach()
        d.is_inference()
        """,
        "d[0] = 1",
        "j.data[0] = 1",
        """
        x = torch.tensor(0.5, requires_grad=True)
        with torch.inference_mode():
            i = x * 1
        try:
            i.add_(i)
        except RuntimeError:
            pass
        i.detach().is_inference(), i.detach()._version
        """,
        """
        with torch.inference_mode():
            k = torch.ones(2) * 2
        a = k.detach()
        a.add_(1)
        b = k.data
        try:
            b[0] = 5
        except RuntimeError as e:
            print(str(e)[:40])
        a._version, b._version, a.is_inference(), k
        """,
    ),
    regression(
        "inplace_on_inference_mode_view_message",
        """
        x = torch.tensor(-2.0, requires_grad=True)
        e = x.expand(())
        with torch.inference_mode():
            v = e.expand(2)
        v.copy_(v)
        """,
        """
        y = torch.tensor(-2.0, requires_grad=True)
        with torch.inference_mode():
            w = y.view(-1)
        w[0].add_(2)
        """,
    ),
    regression(
        "inplace_on_inference_tensor_check_order",
        """
        x = torch.tensor(3.0, requires_grad=True)
        with torch.inference_mode():
            i = torch.tensor(1.0)
            j = torch.tensor(2.0)
        i.mul_(x)
        """,
        "j.mul_(torch.tensor([1.0], requires_grad=True))",
        """
        with torch.inference_mode():
            b = torch.tensor(True)
        b.mul_(torch.tensor(2.0, dtype=torch.float64, requires_grad=True))
        """,
        bug="an in-place op on an inference tensor with a grad-requiring operand reports "
            "'Inference tensors cannot be saved for backward'; torch reports the broadcast "
            "shape / result type, then 'Inplace update to inference tensor outside "
            "InferenceMode...'",
    ),
    regression(
        "inference_save_check_before_shape_check",
        """
        x = torch.ones(1, 1, 3, requires_grad=True)
        with torch.inference_mode():
            i = x.clamp(-1, 1)
        i @ x
        """,
        bug="matmul checks shapes before refusing to save an inference tensor; torch raises "
            "'Inference tensors cannot be saved for backward...' first",
    ),
    regression(
        "inference_grad_accumulated_outside_inference_mode",
        """
        x = torch.ones(2, dtype=torch.float64, requires_grad=True)
        with torch.inference_mode():
            x.backward(torch.ones_like(x))
        x.grad.is_inference()
        """,
        "x.backward(torch.ones_like(x))",
        "x.grad",
        bug="accumulating into an inference-mode .grad outside inference mode is silently "
            "allowed; torch raises the 'Inplace update to inference tensor' error (after "
            "writing)",
    ),
]


@pytest.mark.grad_mode
@pytest.mark.parametrize("cells, isolated", GRAD_MODE_CASES + ANOMALY_CASES)
def test_grad_mode(cells, isolated):
    assert_same(cells, isolated=isolated)


@pytest.mark.parametrize("cells", REGRESSIONS)
def test_regression(cells):
    assert_same(cells)
