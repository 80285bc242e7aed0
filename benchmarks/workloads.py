"""Benchmark workloads, written once for any torch-compatible autograd library.

Each workload has three parts:

* ``make_data(...)``: NumPy arrays drawn from a fixed-seed RNG. Every backend starts from
  exactly these arrays, so their final losses can be compared.
* ``autograd(lib, data)``: the workload written against the torch API, for ``lib=torch``
  and ``lib=minigrad`` alike. Only a small, core part of the API is used (``lib.tensor``,
  ``requires_grad_``, arithmetic operators, ``tanh``/``relu``, ``mean``/``sum``, ``backward``,
  ``lib.no_grad`` and in-place updates), so the workload runs on an engine that has no
  ``nn`` or ``optim`` yet.
* ``floor(data)``: the same computation in plain NumPy with a hand-written backward pass.
  It is the speed limit for any engine that runs its kernels through NumPy.

``autograd`` and ``floor`` do their setup (copying the initial weights) and return a
zero-argument callable: only that callable is timed. It returns a dict of floats (the final
loss, or the chain's value and gradient) that the runner compares against torch's.

The definitions follow docs/performance.md so figures stay comparable.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

SEED = 0
F32 = np.float32

Result = dict[str, float]
Runner = Callable[[], Result]


def _frozen(*arrays: np.ndarray) -> tuple[np.ndarray, ...]:
    """Mark shared input arrays read-only.

    The same arrays feed every backend and every round; if a backend ever wrote into them
    (say, an engine whose ``tensor()`` forgot to copy), NumPy raises instead of letting the
    next backend silently start from different weights.
    """
    for a in arrays:
        a.flags.writeable = False
    return arrays


def _init(rng: np.random.Generator, fan_in: int, fan_out: int) -> tuple[np.ndarray, ...]:
    """One layer's weight (fan_in x fan_out, so the forward is ``x @ w + b``) and bias."""
    w = rng.standard_normal((fan_in, fan_out)) * np.sqrt(2.0 / fan_in)
    b = rng.standard_normal(fan_out) * 0.1
    return w.astype(F32), b.astype(F32)


def _params(lib: Any, arrays: tuple[np.ndarray, ...]) -> list[Any]:
    """Fresh leaf tensors (copies: the update is in place) that require grad."""
    return [lib.tensor(a).requires_grad_() for a in arrays]


def _sgd(lib: Any, params: list[Any], lr: float) -> None:
    """Plain SGD written the way a torch tutorial would: update under no_grad, drop grads."""
    with lib.no_grad():
        for p in params:
            p -= lr * p.grad
            # None rather than zero_(): the engine can then store the next gradient by
            # reference instead of accumulating into a zeroed buffer.
            p.grad = None


def _autograd_grads(lib: Any, forward: Callable, data: dict) -> list[np.ndarray]:
    """Gradients of one forward/backward at the initial weights (for checking the floor)."""
    params = _params(lib, data["params"])
    forward(params, lib.tensor(data["x"]), lib.tensor(data["y"])).backward()
    return [p.grad.detach().numpy() for p in params]


# --------------------------------------------------------------------------------------
# mlp_small: per-op overhead. Tiny matrices, so Python dispatch dominates.
# --------------------------------------------------------------------------------------

MLP_SMALL = {"batch": 64, "sizes": (2, 16, 16, 1), "steps": 100, "lr": 0.1}


def mlp_small_data(seed: int = SEED) -> dict:
    """64 points in [-1, 1]^2 with a smooth scalar target, and the three layers' weights."""
    rng = np.random.default_rng(seed)
    x = rng.uniform(-1.0, 1.0, (MLP_SMALL["batch"], 2)).astype(F32)
    y = (np.sin(3.0 * x[:, :1]) * x[:, 1:]).astype(F32)
    sizes = MLP_SMALL["sizes"]
    params: tuple[np.ndarray, ...] = ()
    for fan_in, fan_out in zip(sizes[:-1], sizes[1:], strict=True):
        params += _init(rng, fan_in, fan_out)
    _frozen(x, y)
    return {"x": x, "y": y, "params": _frozen(*params),
            "steps": MLP_SMALL["steps"], "lr": MLP_SMALL["lr"]}


def mlp_small_forward(params: list[Any], x: Any, y: Any) -> Any:
    """2-16-16-1 tanh MLP and its mean squared error (any torch-like library)."""
    w1, b1, w2, b2, w3, b3 = params
    h = (x @ w1 + b1).tanh()
    h = (h @ w2 + b2).tanh()
    out = h @ w3 + b3
    return ((out - y) ** 2).mean()


def mlp_small_autograd(lib: Any, data: dict) -> Runner:
    params = _params(lib, data["params"])
    x, y = lib.tensor(data["x"]), lib.tensor(data["y"])
    steps, lr = data["steps"], data["lr"]

    def run() -> Result:
        for _ in range(steps):
            loss = mlp_small_forward(params, x, y)
            loss.backward()
            _sgd(lib, params, lr)
        return {"loss": loss.item()}

    return run


def mlp_small_floor_step(params: list[np.ndarray], x: np.ndarray, y: np.ndarray):
    """Loss and gradients of the small MLP, forward and backward by hand."""
    w1, b1, w2, b2, w3, b3 = params
    h1 = np.tanh(x @ w1 + b1)
    h2 = np.tanh(h1 @ w2 + b2)
    d = h2 @ w3 + b3 - y
    loss = np.mean(d * d)
    g = d * (2.0 / d.size)  # d(mean(d^2))/d(out); Python scalar keeps float32
    gw3, gb3 = h2.T @ g, g.sum(0)
    g = (g @ w3.T) * (1.0 - h2 * h2)  # through tanh: 1 - tanh^2
    gw2, gb2 = h1.T @ g, g.sum(0)
    g = (g @ w2.T) * (1.0 - h1 * h1)
    gw1, gb1 = x.T @ g, g.sum(0)  # no gradient for the constant input x
    return loss, [gw1, gb1, gw2, gb2, gw3, gb3]


def mlp_small_floor(data: dict) -> Runner:
    params = [p.copy() for p in data["params"]]
    x, y, steps, lr = data["x"], data["y"], data["steps"], data["lr"]

    def run() -> Result:
        for _ in range(steps):
            loss, grads = mlp_small_floor_step(params, x, y)
            for p, g in zip(params, grads, strict=True):
                p -= lr * g
        return {"loss": float(loss)}

    return run


# --------------------------------------------------------------------------------------
# mlp_medium: compute bound. Two sgemm-sized matmuls dominate, so an engine should come
# close to the NumPy floor; torch is not the yardstick here (its single-thread sgemm is
# slower than OpenBLAS on this CPU, see the performance notes).
# --------------------------------------------------------------------------------------

MLP_MEDIUM = {"batch": 256, "sizes": (784, 256, 10), "steps": 20, "lr": 0.05}


def mlp_medium_data(seed: int = SEED) -> dict:
    """MNIST-shaped random data: pixels in [0, 1), ten classes as one-hot float32 targets."""
    rng = np.random.default_rng(seed + 1)
    batch, (n_in, n_hidden, n_out) = MLP_MEDIUM["batch"], MLP_MEDIUM["sizes"]
    x = rng.random((batch, n_in)).astype(F32)
    y = np.eye(n_out, dtype=F32)[rng.integers(0, n_out, batch)]
    params = _init(rng, n_in, n_hidden) + _init(rng, n_hidden, n_out)
    _frozen(x, y)
    return {"x": x, "y": y, "params": _frozen(*params),
            "steps": MLP_MEDIUM["steps"], "lr": MLP_MEDIUM["lr"]}


def mlp_medium_forward(params: list[Any], x: Any, y: Any) -> Any:
    """784-256-10 relu MLP; squared error summed over classes, averaged over the batch."""
    w1, b1, w2, b2 = params
    out = (x @ w1 + b1).relu() @ w2 + b2
    return ((out - y) ** 2).sum() * (1.0 / MLP_MEDIUM["batch"])


def mlp_medium_autograd(lib: Any, data: dict) -> Runner:
    params = _params(lib, data["params"])
    x, y = lib.tensor(data["x"]), lib.tensor(data["y"])
    steps, lr = data["steps"], data["lr"]

    def run() -> Result:
        for _ in range(steps):
            loss = mlp_medium_forward(params, x, y)
            loss.backward()
            _sgd(lib, params, lr)
        return {"loss": loss.item()}

    return run


def mlp_medium_floor_step(params: list[np.ndarray], x: np.ndarray, y: np.ndarray):
    """Loss and gradients of the medium MLP, forward and backward by hand."""
    w1, b1, w2, b2 = params
    z = x @ w1 + b1
    h = np.maximum(z, 0.0)
    d = h @ w2 + b2 - y
    loss = np.sum(d * d) * (1.0 / MLP_MEDIUM["batch"])
    g = d * (2.0 / MLP_MEDIUM["batch"])
    gw2, gb2 = h.T @ g, g.sum(0)
    gz = g @ w2.T
    gz *= z > 0  # relu; gz is our own buffer, so masking in place is safe
    # The input is a constant: computing gz @ w1.T would be the single biggest waste here.
    gw1, gb1 = x.T @ gz, gz.sum(0)
    return loss, [gw1, gb1, gw2, gb2]


def mlp_medium_floor(data: dict) -> Runner:
    params = [p.copy() for p in data["params"]]
    x, y, steps, lr = data["x"], data["y"], data["steps"], data["lr"]

    def run() -> Result:
        for _ in range(steps):
            loss, grads = mlp_medium_floor_step(params, x, y)
            for p, g in zip(params, grads, strict=True):
                p -= lr * g
        return {"loss": float(loss)}

    return run


# --------------------------------------------------------------------------------------
# chain: deep graphs. 2 ops per iteration on a 1-element tensor, then one backward through
# the whole chain. Measures per-node cost, GC pressure from a large live graph, and that
# backward is not recursive.
# --------------------------------------------------------------------------------------

CHAIN = {"iters": 100_000, "mul": 1.0001, "add": 0.0001, "start": 0.5}


def chain_data(iters: int = CHAIN["iters"]) -> dict:
    start = np.array([CHAIN["start"]], dtype=F32)
    return {"start": _frozen(start)[0], "iters": iters,
            "mul": CHAIN["mul"], "add": CHAIN["add"]}


def chain_autograd(lib: Any, data: dict) -> Runner:
    x = lib.tensor(data["start"]).requires_grad_()
    iters, mul, add = data["iters"], data["mul"], data["add"]

    def run() -> Result:
        y = x
        for _ in range(iters):
            y = y * mul + add  # Python scalars: no constant nodes, result stays float32
        y.backward()  # y has one element, so the implicit gradient of 1 is allowed
        return {"value": y.item(), "grad": x.grad.item()}

    return run


def chain_floor(data: dict) -> Runner:
    iters, mul, add = data["iters"], data["mul"], data["add"]
    start = F32(data["start"][0])

    def run() -> Result:
        # A NumPy float32 scalar: the same float32 roundings as the engines' kernels, with
        # none of their bookkeeping.
        y = start
        for _ in range(iters):
            y = y * mul + add
        # dy/dx is mul ** iters; the engines get it by 100,000 float32 multiplications, so
        # it agrees with theirs to ~1e-5 relative, not bit for bit.
        grad = F32(mul) ** iters
        return {"value": float(y), "grad": float(grad)}

    return run


# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Workload:
    """Everything the runner needs to time and check one workload."""

    name: str
    description: str
    make_data: Callable[..., dict]
    autograd: Callable[[Any, dict], Runner]
    floor: Callable[[dict], Runner]
    rtol: dict[str, float]  # per result key, against torch
    # For the MLPs: the generic forward and the floor's step, to check floor gradients.
    forward: Callable | None = None
    floor_step: Callable | None = None


WORKLOADS: dict[str, Workload] = {
    w.name: w
    for w in (
        Workload("mlp_small",
                 "batch 64, MLP 2-16-16-1 tanh, MSE, 100 SGD steps, float32",
                 mlp_small_data, mlp_small_autograd, mlp_small_floor, {"loss": 1e-4},
                 mlp_small_forward, mlp_small_floor_step),
        Workload("mlp_medium",
                 "batch 256, MLP 784-256-10 relu, squared error vs one-hot, 20 SGD steps, float32",
                 mlp_medium_data, mlp_medium_autograd, mlp_medium_floor, {"loss": 1e-4},
                 mlp_medium_forward, mlp_medium_floor_step),
        Workload("chain",
                 "y = y * 1.0001 + 0.0001 on a 1-element float32 tensor (2 ops/iter), backward",
                 chain_data, chain_autograd, chain_floor,
                 # The value is computed identically everywhere; the floor's analytic gradient
                 # differs from repeated multiplication by float32 rounding (~1e-5).
                 {"value": 1e-4, "grad": 1e-4}),
    )
}


def check_floor_gradients(workload: Workload, torch: Any, data: dict) -> float | None:
    """Largest relative gradient error of the floor's backward against torch autograd.

    Errors are scaled by each gradient's largest magnitude so that near-zero entries do not
    blow the figure up. Returns None for workloads without a hand-written network backward.
    """
    if workload.forward is None or workload.floor_step is None:
        return None
    ref = _autograd_grads(torch, workload.forward, data)
    _, mine = workload.floor_step(list(data["params"]), data["x"], data["y"])
    worst = 0.0
    for r, m in zip(ref, mine, strict=True):
        scale = max(float(np.max(np.abs(r))), 1e-12)
        worst = max(worst, float(np.max(np.abs(r - m))) / scale)
    return worst
