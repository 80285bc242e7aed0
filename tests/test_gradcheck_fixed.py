"""Gradient checks on fixed inputs against torch 2.13 (the drawn cases are in
tests/test_gradcheck.py): points where an op is not differentiable (torch's subgradient and tie
conventions), empty and 0-d tensors, mixed dtypes, less common argument forms. Forward values,
gradients and their dtypes must match torch's, and so must the warnings.

A case that fails because minigrad is wrong stays, marked ``xfail(strict=True)`` with a
one-line diagnosis (``Fixed.bug``), so that the fix shows up as an XPASS.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Callable

import numpy as np
import pytest

import minigrad

from gradcheck_harness import TORCH_TOL, dtype_name, requires_torch, to_numpy, torch


# ---------------------------------------------------------------------------------------------
# fixed inputs against torch: points where an op is not differentiable (torch's subgradient
# and tie conventions), empty and 0-d tensors, mixed dtypes, less common argument forms


@dataclass(frozen=True)
class Fixed:
    fn: Callable
    values: tuple
    dtypes: tuple = ()            # per input; float64 by default
    bug: str | None = None        # a known minigrad bug (xfail, strict)


def fixed(fn, *values, dtypes=(), bug=None):
    return Fixed(fn, values, tuple(dtypes), bug)


def _set_first(L, x, v):
    y = x * 1
    y[0] = v
    return y


def _set_masked_0d(L, x, v):
    y = x * 1
    y[L.tensor(True)] = v * 3
    return y


def _view_of_view_inplace(L, x):
    y = x * 1
    y.view(2, 3)[1][1:].mul_(2)
    return y


def _detach_then_inplace(L, x):
    y = x * 1
    y.detach().mul_(2)          # the data changes, the graph does not know
    return y


CUBE = np.arange(8.0).reshape(2, 2, 2)
FIXED = {
    # kinks and ties
    "relu_at_zero": fixed(lambda L, x: x.relu(), [-1.0, 0.0, 2.0]),
    "abs_at_zero": fixed(lambda L, x: x.abs(), [-1.0, 0.0, -0.0, 2.0]),
    "clamp_at_bounds": fixed(lambda L, x: x.clamp(-0.5, 0.5), [-0.5, 0.0, 0.5, 1.0]),
    "clamp_min_at_bound": fixed(lambda L, x: x.clamp(min=0.0), [-1.0, 0.0, 1.0]),
    "clamp_min_above_max": fixed(lambda L, x: x.clamp(1.0, 0.0), [-1.0, 0.5, 2.0]),
    "max_all_ties": fixed(lambda L, x: x.max(), [1.0, 3.0, 3.0, 2.0]),
    "min_all_ties": fixed(lambda L, x: x.min(), [[0.0, 2.0], [0.0, 0.0]]),
    "max_dim_ties": fixed(lambda L, x: x.max(dim=1).values, [[1.0, 3.0, 3.0], [2.0, 2.0, 0.0]]),
    "min_dim_ties": fixed(lambda L, x: x.min(dim=0).values, [[1.0, 3.0], [1.0, 0.0]]),
    "maximum_ties": fixed(lambda L, a, b: L.maximum(a, b), [1.0, 2.0, 3.0], [1.0, 5.0, 3.0]),
    "minimum_ties": fixed(lambda L, a, b: L.minimum(a, b), [1.0, 2.0], [1.0, 0.0]),
    "sqrt_at_zero": fixed(lambda L, x: x.sqrt(), [0.0, 4.0]),
    "sqrt_negative": fixed(lambda L, x: x.sqrt(), [-1.0, 4.0]),
    "log_at_zero": fixed(lambda L, x: x.log(), [0.0, 1.0]),
    "reciprocal_at_zero": fixed(lambda L, x: 1 / x, [0.0, 2.0]),
    "pow_half_at_zero": fixed(lambda L, x: x ** 0.5, [0.0, 1.0]),
    "pow_zero_at_zero": fixed(lambda L, x: x ** 0, [0.0, 1.0]),
    "pow_two_at_zero": fixed(lambda L, x: x ** 2, [0.0, -1.0]),
    "pow_tensor_base_zero": fixed(lambda L, a, b: a ** b, [0.0, 0.0, 2.0], [2.0, 1.0, 0.5]),
    "pow_tensor_exponent_zero": fixed(lambda L, a, b: a ** b, [0.0, 3.0], [0.0, 0.0]),
    "pow_negative_base": fixed(lambda L, a, b: a ** b, [-2.0], [2.0]),
    "number_pow_base_zero": fixed(lambda L, x: 0.0 ** x, [1.0, 2.0]),
    "where_nan_branch": fixed(lambda L, x: L.where(x > 0, x.sqrt(), x * 0), [-1.0, 4.0]),
    "sigmoid_saturated": fixed(lambda L, x: x.sigmoid(), [-800.0, 800.0]),
    "tanh_saturated": fixed(lambda L, x: x.tanh(), [-400.0, 400.0]),
    "exp_overflow_f32": fixed(lambda L, x: x.exp(), [100.0], dtypes=["float32"]),
    # empty tensors
    "sum_empty": fixed(lambda L, x: x.sum(), np.zeros((0, 3))),
    "sum_dim_empty": fixed(lambda L, x: x.sum(0), np.zeros((0, 3))),
    "mean_dim_empty": fixed(lambda L, x: x.mean(1), np.zeros((2, 0))),
    "matmul_inner_zero": fixed(lambda L, a, b: a @ b, np.zeros((2, 0)), np.zeros((0, 3))),
    "cat_empty_piece": fixed(lambda L, a, b: L.cat([a, b]), np.zeros((0, 2)), np.ones((2, 2))),
    "index_empty_list": fixed(lambda L, x: x[[]], [1.0, 2.0, 3.0]),
    "slice_out_of_range": fixed(lambda L, x: x[5:10], [1.0, 2.0, 3.0]),
    # 0-d tensors
    "sum_dim_of_0d": fixed(lambda L, x: x.sum(0), 3.0),
    "mean_dim_of_0d": fixed(lambda L, x: x.mean(-1, keepdim=True), 3.0),
    "max_dim_of_0d": fixed(lambda L, x: x.max(0).values, 3.0),
    "stack_0d": fixed(lambda L, x: L.stack([x, x * 2]), 3.0),
    "views_of_0d": fixed(lambda L, x: x.flatten() + x.unsqueeze(-1) + x.view(1, 1)[0]
                         + x[None, ..., None][0] + x.expand(2, 3).sum(0), 2.0),
    # index forms
    "index_separated_lists": fixed(lambda L, x: x[[0, 1], :, [0, 0]], CUBE),
    "index_adjacent_lists": fixed(lambda L, x: x[:, [0, 1], [1, 0]], CUBE),
    "index_2d_long_tensor": fixed(lambda L, x: x[L.tensor([[0, 1], [1, 1]])], [1.0, 2.0]),
    "index_bool_list": fixed(lambda L, x: x[[True, False, True]], [1.0, 2.0, 3.0]),
    "index_2d_mask_of_3d": fixed(lambda L, x: x[L.tensor([[True, False], [False, True]])],
                                 CUBE),
    "index_int_list_int": fixed(lambda L, x: x[0, [1, 1], 0], CUBE),
    "narrow_negative_start": fixed(lambda L, x: x.narrow(0, -2, 2), [1.0, 2.0, 3.0]),
    "index_0d_with_0d_mask": fixed(lambda L, x: x[L.tensor(True)] + x[L.tensor(False)].sum(),
                                   2.0),
    "setitem_0d_with_0d_mask": fixed(_set_masked_0d, 2.0, 5.0),
    "select_negative": fixed(lambda L, x: x.select(-1, -1), np.arange(6.0).reshape(2, 3)),
    # less common ops and argument forms
    "clamp_tensor_bounds": fixed(lambda L, x, lo: x.clamp(min=lo), [0.0, 2.0], [1.0, 1.0]),
    "remainder": fixed(lambda L, a, b: a % b, [5.5, -3.5], [2.0, 2.0]),
    "sum_dtype_kwarg": fixed(lambda L, x: x.sum(dtype=L.float64), np.ones((2, 3)),
                             dtypes=["float32"]),
    "mean_dims_list": fixed(lambda L, x: x.mean([0, 2]), np.ones((2, 3, 2))),
    # mixed dtypes: each gradient takes its input's dtype
    "mixed_add": fixed(lambda L, a, b: a + b, [1.0, 2.0], [3.0, 4.0],
                       dtypes=["float32", "float64"]),
    "mixed_mul": fixed(lambda L, a, b: a * b, [1.0, 2.0], [3.0, 4.0],
                       dtypes=["float32", "float64"]),
    "mixed_div_0d": fixed(lambda L, a, b: a / b, [1.0, 2.0], 3.0, dtypes=["float32", "float64"]),
    "mixed_pow": fixed(lambda L, a, b: a ** b, [1.5, 2.0], [3.0, 0.5],
                       dtypes=["float64", "float32"]),
    "mixed_maximum": fixed(lambda L, a, b: L.maximum(a, b), [1.0, 4.0], [2.0, 3.0],
                           dtypes=["float32", "float64"]),
    "mixed_where": fixed(lambda L, a, b: L.where(a > 2, a, b), [1.0, 4.0], [2.0, 3.0],
                         dtypes=["float32", "float64"]),
    "mixed_cat": fixed(lambda L, a, b: L.cat([a, b]), [1.0, 4.0], [2.0, 3.0],
                       dtypes=["float32", "float64"]),
    "mixed_stack": fixed(lambda L, a, b: L.stack([a, b]), [1.0, 4.0], [2.0, 3.0],
                         dtypes=["float32", "float64"]),
    "mixed_copy_": fixed(lambda L, a, b: (a * 1).copy_(b), [1.0, 1.0], [2.0, 3.0],
                         dtypes=["float32", "float64"]),
    "mixed_add_": fixed(lambda L, a, b: (a * 1).add_(b), [1.0, 1.0], [2.0, 3.0],
                        dtypes=["float32", "float64"]),
    "mixed_setitem": fixed(_set_first, [1.0, 1.0], 5.0, dtypes=["float32", "float64"]),
    "to_float32": fixed(lambda L, x: x.to(L.float32) * 2, [1.5, 2.5]),
    "int_tensor_operands": fixed(lambda L, x: (x + L.tensor([1, 2])) * L.tensor([True, False])
                                 + L.tensor([2, 3]) ** x, [1.0, 2.0], dtypes=["float32"]),
    # in-place forms
    "view_of_view_inplace": fixed(_view_of_view_inplace, np.arange(6.0)),
    "detach_then_inplace": fixed(_detach_then_inplace, [1.0, 2.0]),
    "clone_then_inplace": fixed(lambda L, x: x.clone().mul_(2), [1.0, 2.0]),
}


def run_fixed(lib, case, weight_seed=0):
    """Forward and backward of a Fixed case; everything as plain comparable data."""
    dtypes = case.dtypes or ("float64",) * len(case.values)
    leaves = [lib.tensor(np.array(v, dtype=d), dtype=getattr(lib, d), requires_grad=True)
              for v, d in zip(case.values, dtypes)]
    out = case.fn(lib, *leaves)
    weight = np.random.default_rng(weight_seed).standard_normal(tuple(out.shape))
    out.backward(lib.tensor(weight.astype(dtype_name(str(out.dtype)))))
    grads = [None if t.grad is None else (dtype_name(str(t.grad.dtype)), to_numpy(t.grad))
             for t in leaves]
    return (tuple(out.shape), dtype_name(str(out.dtype)), to_numpy(out)), grads


def fixed_params(bugs, names=FIXED):
    for name in names:
        reason = bugs(name)
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        yield pytest.param(name, id=name, marks=marks)


@requires_torch
@pytest.mark.filterwarnings("ignore::RuntimeWarning")     # see test_fixed_inputs_warn_like_torch
@pytest.mark.parametrize("name", list(fixed_params(lambda name: FIXED[name].bug)))
def test_fixed_inputs_match_torch(name):
    (shape, dtype, out), grads = run_fixed(minigrad, FIXED[name])
    (t_shape, t_dtype, t_out), t_grads = run_fixed(torch, FIXED[name])
    assert (shape, dtype) == (t_shape, t_dtype), "output shape or dtype"
    np.testing.assert_allclose(out, t_out, **TORCH_TOL, equal_nan=True, err_msg="forward")
    for i, (g, e) in enumerate(zip(grads, t_grads)):
        assert (g is None) == (e is None), f"input {i}: .grad None-ness differs"
        if e is not None:
            assert g[0] == e[0], f"input {i}: gradient dtype"
            assert g[1].shape == e[1].shape, f"input {i}: gradient shape"
            np.testing.assert_allclose(g[1], e[1], rtol=1e-6, atol=1e-12, equal_nan=True,
                                       err_msg=f"gradient of input {i}")


WARNING_BUGS = {}


@requires_torch
@pytest.mark.parametrize("name", list(fixed_params(
    WARNING_BUGS.get, names=[name for name, case in FIXED.items() if not case.bug])))
def test_fixed_inputs_warn_like_torch(name):
    """Forward and backward emit the same warnings (by category) as torch's (the cases
    with a known bug are left out)."""
    caught = {}
    for lib in (minigrad, torch):
        with warnings.catch_warnings(record=True) as record:
            warnings.simplefilter("always")
            run_fixed(lib, FIXED[name])
        caught[lib.__name__] = [w.category.__name__ for w in record]
    assert caught["minigrad"] == caught["torch"]
