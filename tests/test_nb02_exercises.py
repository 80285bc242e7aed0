"""Notebook 02's exercise checkers agree with the course.

`02/sgd-step` must reject an update written through `.data` (notebook 01 teaches it as
unsafe: it skips the version counter), and `02/trainable-copy` must reject the answers the
notebook warns about: a cast after `requires_grad_()`, a result still in `t`'s graph, the
float64 tensor itself, and a `detach()` that shares memory with `t`."""
import pytest

import minigrad as torch
from minigrad import viz
from minigrad.viz.quizbank.nb02 import check_sgd_step, check_trainable


@pytest.fixture(autouse=True)
def english():
    viz.set_language("en")
    yield
    viz.set_language("en")


def _sgd_through_data(w, lr):
    w.data -= lr * w.grad
    w.grad.zero_()
    return w


def _sgd_in_place(w, lr):
    with torch.no_grad():
        w -= lr * w.grad
    w.grad.zero_()
    return w


def _sgd_out_of_place(w, lr):
    return w - lr * w.grad


def _sgd_without_zeroing(w, lr):
    with torch.no_grad():
        w -= lr * w.grad
    return w


def test_sgd_step_rejects_an_update_through_data():
    verdict = check_sgd_step(_sgd_through_data)
    assert verdict.startswith("Not yet"), verdict
    assert "version counter" in verdict and ".data" in verdict


def test_sgd_step_accepts_the_in_place_update_under_no_grad():
    assert check_sgd_step(_sgd_in_place).startswith("Correct")


@pytest.mark.parametrize("step", [_sgd_out_of_place, _sgd_without_zeroing])
def test_sgd_step_rejects_a_new_tensor_or_accumulated_gradients(step):
    assert check_sgd_step(step).startswith("Not yet")


WRONG_COPIES = {
    "the starter: cast, then requires_grad_()": lambda t: t.double().requires_grad_(),
    "requires_grad_() before the cast": lambda t: t.detach().clone().requires_grad_().double(),
    "detach() shares memory with a float64 t": lambda t: t.detach().double().requires_grad_(),
    "no requires_grad": lambda t: t.detach().clone().double(),
    "float32": lambda t: t.detach().clone().requires_grad_(),
}


@pytest.mark.parametrize("make", WRONG_COPIES.values(), ids=WRONG_COPIES.keys())
def test_trainable_copy_rejects_what_the_notebook_warns_about(make):
    assert check_trainable(make).startswith("Not yet")


def test_trainable_copy_names_the_shared_memory():
    verdict = check_trainable(lambda t: t.detach().double().requires_grad_())
    assert "shares memory" in verdict


@pytest.mark.parametrize("make", [
    lambda t: t.detach().clone().double().requires_grad_(),
    lambda t: t.double().detach().clone().requires_grad_(),
])
def test_trainable_copy_accepts_a_graph_free_float64_leaf(make):
    assert check_trainable(make).startswith("Correct")


def test_the_chinese_verdicts_follow_the_language():
    viz.set_language("zh")
    assert check_sgd_step(_sgd_through_data).startswith("还不对")
    solved = check_trainable(lambda t: t.detach().clone().double().requires_grad_())
    assert solved.startswith("正确")
