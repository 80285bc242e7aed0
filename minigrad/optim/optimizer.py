"""Optimizer: the base class holding parameter groups and per-parameter state."""

import warnings
from collections import defaultdict

__all__ = ["Optimizer"]


class _RequiredParameter:
    """Marks a hyper-parameter that every group must set (no default)."""

    def __repr__(self):
        return "<required parameter>"


required = _RequiredParameter()


def _is_tensor(x):
    return hasattr(x, "_data") and hasattr(x, "grad_fn")


class Optimizer:
    """Base class of optimizers (torch.optim.Optimizer).

    ``params`` is an iterable of Tensors, or of dicts (parameter groups) with a "params"
    entry plus per-group hyper-parameters; ``defaults`` fills in what a group leaves out.
    ``state`` maps each parameter to a dict (e.g. its momentum buffer).
    """

    def __init__(self, params, defaults):
        self.defaults = defaults
        if _is_tensor(params):
            raise TypeError("params argument given to the optimizer should be an iterable of "
                            "Tensors or dicts, but got " + params.type())
        self.state = defaultdict(dict)
        self.param_groups = []
        groups = list(params)
        if len(groups) == 0:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(groups[0], dict):
            groups = [{"params": groups}]
        for group in groups:
            self.add_param_group(group)

    def add_param_group(self, param_group):
        """Add a group of parameters with its own hyper-parameters."""
        if not isinstance(param_group, dict):
            raise TypeError(f"param_group must be a dict, but got {type(param_group)}")
        params = param_group["params"]
        if _is_tensor(params):
            params = [params]
        elif isinstance(params, set):
            raise TypeError("optimizer parameters need to be organized in ordered collections, "
                            "but the ordering of tensors in sets will change between runs. "
                            "Please use a list instead.")
        else:
            params = list(params)
        # (name, tensor) pairs, as model.named_parameters() gives them, keep their names
        names = [p[0] for p in params if isinstance(p, tuple)]
        params = [p[1] if isinstance(p, tuple) else p for p in params]
        param_group["params"] = params
        if names:
            if len(names) != len(params):
                raise ValueError("all optimizer params should be with/without names. Some "
                                 "param names are missing")
            param_group["param_names"] = names
        for p in params:
            if not _is_tensor(p):
                raise TypeError("optimizer can only optimize Tensors, but one of the params is "
                                + _typename(p))
            if not self.defaults.get("differentiable", None) and \
                    not (p.is_leaf or p.retains_grad):
                raise ValueError("can't optimize a non-leaf Tensor")
        for name, default in self.defaults.items():
            if default is required and name not in param_group:
                raise ValueError(f"parameter group didn't specify a value of required "
                                 f"optimization parameter {name}")
            param_group.setdefault(name, default)
        if len({id(p) for p in params}) != len(params):
            warnings.warn("optimizer contains a parameter group with duplicate parameters; in "
                          "future, this will cause an error; see "
                          "github.com/pytorch/pytorch/issues/40967 for more information",
                          stacklevel=3)
        seen = set()
        for group in self.param_groups:
            seen.update(id(p) for p in group["params"])
            if ("param_names" in param_group) != ("param_names" in group):
                which = "with names" if "param_names" in param_group else "without names"
                raise ValueError("all optimizer param groups should be with/without names. "
                                 f"cannot add param group {which} to the optimizer")
        if any(id(p) in seen for p in params):
            raise ValueError("some parameters appear in more than one parameter group")
        self.param_groups.append(param_group)

    def zero_grad(self, set_to_none=True):
        """Reset the .grad of every optimized parameter: to None by default, else zero it."""
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                if set_to_none:
                    p.grad = None
                else:
                    g = p.grad
                    if g.grad_fn is not None:
                        g.detach_()
                    else:
                        g.requires_grad_(False)
                    g.zero_()

    def step(self, closure=None):
        """Perform one update; subclasses implement it."""
        raise NotImplementedError

    def state_dict(self):
        """{'state': {index: state}, 'param_groups': [...]} with parameters as indices."""
        index = {}
        groups = []
        start = 0
        for g in self.param_groups:
            packed = {k: v for k, v in g.items() if k != "params"}
            # (torch's numbering: a parameter listed twice takes the index of its last place)
            index.update({id(p): i for i, p in enumerate(g["params"], start)
                          if id(p) not in index})
            packed["params"] = [index[id(p)] for p in g["params"]]
            start += len(packed["params"])
            groups.append(packed)
        state = {index[id(p)]: s for p, s in self.state.items() if id(p) in index}
        return {"state": state, "param_groups": groups}

    def __repr__(self):
        # torch's layout: each group opens with a newline and ends each line with one, so a
        # blank line separates the groups
        text = type(self).__name__ + " ("
        for i, group in enumerate(self.param_groups):
            text += f"\nParameter Group {i}\n"
            for key in sorted(group):
                if key != "params":
                    text += f"    {key}: {group[key]}\n"
        return text + ")"


def _typename(obj):
    cls = type(obj)
    if cls.__module__ in (None, "builtins"):
        return cls.__qualname__
    return f"{cls.__module__}.{cls.__qualname__}"
