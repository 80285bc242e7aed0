"""Gradients that undo broadcasting: a bias added to every row gets the sum of the rows'
gradients. minigrad sums float32/float64 rows as `ones @ g` through BLAS (_sum_to.sum_rows,
much faster than np.add.reduce on small batches); these tests hold it to torch's values
and to NumPy's own reduction, for the shapes and dtypes where the shortcut applies and
where it does not."""

import numpy as np
import pytest

import minigrad
from difftest import requires_torch
from minigrad import _sum_to

SHAPES = [(64, 16), (1, 3), (0, 4), (5, 1), (1000, 7), (3, 2, 4)]
DTYPES = ["float16", "float32", "float64"]


def bias_grads(lib, shape, dtype):
    rng = np.random.default_rng(sum(shape) + len(dtype))
    x = lib.tensor(rng.standard_normal(shape).astype(dtype))
    b = lib.tensor(rng.standard_normal(shape[-1]).astype(dtype), requires_grad=True)
    w = lib.tensor(rng.standard_normal(shape).astype(dtype))
    ((x + b) * w).sum().backward()
    return b.grad


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_bias_gradient_is_the_sum_over_rows(shape, dtype):
    grad = bias_grads(minigrad, shape, dtype)
    rng = np.random.default_rng(sum(shape) + len(dtype))
    rng.standard_normal(shape)
    rng.standard_normal(shape[-1])
    w = rng.standard_normal(shape).astype(dtype)
    expected = w.reshape(-1, shape[-1]).astype(np.float64).sum(0)
    assert grad.dtype == getattr(minigrad, dtype) and grad.shape == (shape[-1],)
    tol = 1e-2 if dtype == "float16" else 1e-5
    np.testing.assert_allclose(grad.numpy(), expected, rtol=tol, atol=tol)


@requires_torch
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_bias_gradient_matches_torch(shape, dtype):
    import torch
    mine, theirs = bias_grads(minigrad, shape, dtype), bias_grads(torch, shape, dtype)
    assert str(mine.dtype).split(".")[1] == str(theirs.dtype).split(".")[1]
    tol = 1e-2 if dtype == "float16" else 1e-5
    np.testing.assert_allclose(mine.numpy(), theirs.numpy(), rtol=tol, atol=tol)


def test_sum_rows_gives_a_fresh_writable_array_and_keeps_its_cache_small():
    g = np.arange(12, dtype=np.float32).reshape(4, 3)
    out = _sum_to.sum_rows(g)
    assert out.tolist() == np.add.reduce(g, axis=0).tolist()
    assert out.flags.writeable and not np.shares_memory(out, g)
    out += 1                                    # the cached ones vector is not touched
    assert _sum_to.sum_rows(g).tolist() == [18.0, 22.0, 26.0]
    for rows in range(1, 40):
        _sum_to.sum_rows(np.ones((rows, 2)))
    assert len(_sum_to._ONES) <= 17
    assert all(not ones.flags.writeable for ones in _sum_to._ONES.values())


@requires_torch
@pytest.mark.parametrize("reduction", ["sum()", "sum(0)", "sum((0, 1))", "mean()", "mean(0)",
                                       "mean(1, keepdim=True)"])
def test_float16_sums_add_up_in_float32_like_torch(reduction):
    """torch adds float16 values in float32 and rounds once; adding in float16 drifts by
    several units in the last place over a thousand rows."""
    import torch
    a = np.random.default_rng(0).standard_normal((1000, 7)).astype(np.float16)
    mine = eval(f"t.{reduction}", {"t": minigrad.tensor(a)})
    theirs = eval(f"t.{reduction}", {"t": torch.tensor(a)})
    assert mine.dtype == minigrad.float16
    assert mine.numpy().tolist() == theirs.numpy().tolist()
