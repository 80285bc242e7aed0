"""Module: the base class of every layer, as in torch.nn.Module.

A Module keeps its Parameters, buffers and child Modules in three ordered dicts, filled by
``__setattr__``; everything that walks a model (parameters(), state_dict(), train(), repr)
walks those dicts, so registration order is the order torch reports.
"""

from collections import OrderedDict

from ..parameter import Parameter
import minigrad.nn.modules._state_dict as _state
from ._backward_hook import BackwardHook
from ._module_hooks import ModuleHooks, attach_non_full_hooks
from ._module_modes import ModuleModes

__all__ = ["Module"]


def _typename(obj):
    """torch.typename: 'minigrad.FloatTensor' for tensors, 'int' for builtins, else module.Qual."""
    if hasattr(obj, "_data") and hasattr(obj, "type"):
        return obj.type()
    cls = type(obj)
    if cls.__module__ in (None, "builtins"):
        return cls.__qualname__
    if cls.__name__.startswith("minigrad."):
        return cls.__name__                     # minigrad.dtype (see _dtype.py)
    if cls.__module__.startswith("minigrad.") and cls.__name__ in ("Size", "device"):
        return f"minigrad.{cls.__name__}"       # torch's C types are named torch.Size...
    return f"{cls.__module__}.{cls.__qualname__}"


def _addindent(text, spaces):
    """Indent every line but the first (children's reprs nest under their parent's)."""
    first, *rest = text.split("\n")
    if not rest:
        return text
    pad = " " * spaces
    return "\n".join([first] + [pad + line for line in rest])


class Module(ModuleHooks, ModuleModes):
    """Base class for all neural network modules.

    Subclasses call ``super().__init__()`` first, assign Parameters and sub-Modules as
    attributes (which registers them), and define ``forward``. Calling the module runs the
    forward pre-hooks, ``forward`` and the forward hooks.
    """

    training: bool

    def __init__(self):
        # object.__setattr__: our own __setattr__ needs these dicts to exist first.
        for name in ("_parameters", "_buffers", "_modules", "_forward_hooks",
                     "_forward_pre_hooks", "_backward_hooks"):
            object.__setattr__(self, name, OrderedDict())
        object.__setattr__(self, "_non_persistent_buffers_set", set())
        object.__setattr__(self, "training", True)

    def forward(self, *args, **kwargs):
        """Define the computation; every subclass overrides this."""
        raise NotImplementedError(
            f'Module [{type(self).__name__}] is missing the required "forward" function')

    # ------------------------------------------------------------------ registration

    def register_parameter(self, name, param):
        """Add a Parameter (or None) under ``name``."""
        if "_parameters" not in self.__dict__:
            raise AttributeError("cannot assign parameter before Module.__init__() call")
        if not isinstance(name, str):
            raise TypeError(f"parameter name should be a string. Got {_typename(name)}")
        if "." in name:
            raise KeyError('parameter name can\'t contain "."')
        if name == "":
            raise KeyError('parameter name can\'t be empty string ""')
        if hasattr(self, name) and name not in self._parameters:
            raise KeyError(f"attribute '{name}' already exists")
        if param is not None and not isinstance(param, Parameter):
            raise TypeError(f"cannot assign '{_typename(param)}' object to parameter '{name}' "
                            "(minigrad.nn.Parameter or None required)")
        if param is not None and param.grad_fn is not None:
            raise ValueError(
                f"Cannot assign non-leaf Tensor to parameter '{name}'. Model parameters must be "
                f"created explicitly. To express '{name}' as a function of another Tensor, "
                "compute the value in the forward() method.")
        self._parameters[name] = param

    def register_buffer(self, name, tensor, persistent=True):
        """Add a non-Parameter tensor (saved in state_dict when ``persistent``)."""
        if "_buffers" not in self.__dict__:
            raise AttributeError("cannot assign buffer before Module.__init__() call")
        if "." in name:
            raise KeyError('buffer name can\'t contain "."')
        if hasattr(self, name) and name not in self._buffers:
            raise KeyError(f"attribute '{name}' already exists")
        self._buffers[name] = tensor
        if persistent:
            self._non_persistent_buffers_set.discard(name)
        else:
            self._non_persistent_buffers_set.add(name)

    def add_module(self, name, module):
        """Add a child module (or None) under ``name``."""
        if module is not None and not isinstance(module, Module):
            raise TypeError(f"{_typename(module)} is not a Module subclass")
        if not isinstance(name, str):
            raise TypeError(f"module name should be a string. Got {_typename(name)}")
        if hasattr(self, name) and name not in self._modules:
            raise KeyError(f"attribute '{name}' already exists")
        if "." in name:
            raise KeyError(f'module name can\'t contain ".", got: {name}')
        if name == "":
            raise KeyError('module name can\'t be empty string ""')
        self._modules[name] = module

    register_module = add_module

    def __setattr__(self, name, value):
        d = self.__dict__

        def drop_elsewhere(*registries):
            # a name lives in one place only: a new Parameter replaces a plain attribute, etc.
            for reg in registries:
                if isinstance(reg, dict):
                    reg.pop(name, None)
                else:
                    reg.discard(name)

        params = d.get("_parameters")
        if isinstance(value, Parameter):
            if params is None:
                raise AttributeError("cannot assign parameters before Module.__init__() call")
            drop_elsewhere(d, self._buffers, self._modules, self._non_persistent_buffers_set)
            self.register_parameter(name, value)
            return
        if params is not None and name in params:
            if value is not None:
                raise TypeError(f"cannot assign '{_typename(value)}' as parameter '{name}' "
                                "(minigrad.nn.Parameter or None expected)")
            self.register_parameter(name, value)
            return
        modules = d.get("_modules")
        if isinstance(value, Module):
            if modules is None:
                raise AttributeError("cannot assign module before Module.__init__() call")
            drop_elsewhere(d, self._parameters, self._buffers, self._non_persistent_buffers_set)
            modules[name] = value
            return
        if modules is not None and name in modules:
            if value is not None:
                raise TypeError(f"cannot assign '{_typename(value)}' as child module '{name}' "
                                "(minigrad.nn.Module or None expected)")
            modules[name] = value
            return
        buffers = d.get("_buffers")
        if buffers is not None and name in buffers:
            if value is not None and not hasattr(value, "_data"):
                raise TypeError(f"cannot assign '{_typename(value)}' as buffer '{name}' "
                                "(minigrad.nn.Buffer, minigrad.Tensor or None expected)")
            buffers[name] = value
            return
        object.__setattr__(self, name, value)

    def __getattr__(self, name):
        # Only called when normal lookup fails: look in the registries.
        d = self.__dict__
        for reg in ("_parameters", "_buffers", "_modules"):
            if reg in d and name in d[reg]:
                return d[reg][name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __delattr__(self, name):
        for reg in (self._parameters, self._buffers, self._modules):
            if name in reg:
                del reg[name]
                self._non_persistent_buffers_set.discard(name)
                return
        object.__delattr__(self, name)

    def __dir__(self):
        keys = list(super().__dir__())
        keys += list(self._parameters) + list(self._buffers) + list(self._modules)
        return sorted(k for k in set(keys) if not k[0].isdigit())

    # ------------------------------------------------------------------ traversal

    def named_modules(self, memo=None, prefix="", remove_duplicate=True):
        """(dotted name, module) for this module and every descendant, pre-order."""
        if memo is None:
            memo = set()
        if remove_duplicate:
            if id(self) in memo:
                return
            memo.add(id(self))
        yield prefix, self
        for name, module in self._modules.items():
            if module is None:
                continue
            sub = prefix + ("." if prefix else "") + name
            yield from module.named_modules(memo, sub, remove_duplicate)

    def modules(self):
        """This module and every descendant, each once."""
        for _, m in self.named_modules():
            yield m

    def named_children(self):
        """(name, module) for the direct children, each module once."""
        seen = set()
        for name, module in self._modules.items():
            if module is not None and id(module) not in seen:
                seen.add(id(module))
                yield name, module

    def children(self):
        """The direct child modules."""
        for _, m in self.named_children():
            yield m

    def _named_members(self, registry, prefix, recurse, remove_duplicate=True):
        mods = self.named_modules(prefix=prefix) if recurse else [(prefix, self)]
        seen = set()
        for mod_prefix, mod in mods:
            for name, value in getattr(mod, registry).items():
                if value is None or (remove_duplicate and id(value) in seen):
                    continue
                seen.add(id(value))
                yield mod_prefix + ("." if mod_prefix else "") + name, value

    def named_parameters(self, prefix="", recurse=True, remove_duplicate=True):
        """(dotted name, Parameter) pairs: module pre-order, registration order within one."""
        yield from self._named_members("_parameters", prefix, recurse, remove_duplicate)

    def parameters(self, recurse=True):
        """Every Parameter of this module and (if ``recurse``) its descendants, each once."""
        for _, p in self.named_parameters(recurse=recurse):
            yield p

    def named_buffers(self, prefix="", recurse=True, remove_duplicate=True):
        """(dotted name, buffer) pairs, in the same order as named_parameters."""
        yield from self._named_members("_buffers", prefix, recurse, remove_duplicate)

    def buffers(self, recurse=True):
        """Every buffer tensor of this module and its descendants."""
        for _, b in self.named_buffers(recurse=recurse):
            yield b

    def get_submodule(self, target):
        """The descendant at dotted path ``target`` ('' is this module)."""
        mod = self
        for item in target.split(".") if target else []:
            if item not in mod._modules:
                raise AttributeError(f"{mod._get_name()} has no attribute `{item}`")
            mod = mod._modules[item]
        return mod

    def apply(self, fn):
        """Call ``fn(m)`` on every child (recursively) and then on this module."""
        for m in self.children():
            m.apply(fn)
        fn(self)
        return self

    # ------------------------------------------------------------------ calling and hooks

    def __call__(self, *args, **kwargs):
        for hook in list(self._forward_pre_hooks.values()):
            res = hook(self, args)
            if res is not None:
                args = res if isinstance(res, tuple) else (res,)
        bw = None
        full = self._backward_hooks and self._is_full_backward_hook
        if full:
            bw = BackwardHook(self, list(self._backward_hooks.values()))
            args = bw.setup_input_hook(args)
        result = self.forward(*args, **kwargs)
        for hook in list(self._forward_hooks.values()):
            res = hook(self, args, result)
            if res is not None:
                result = res
        if bw is not None:
            result = bw.setup_output_hook(result)
        if self._backward_hooks and not full:        # register_backward_hook's kind
            attach_non_full_hooks(self, list(self._backward_hooks.values()), args, result)
        return result

    # ------------------------------------------------------------------ state_dict

    def state_dict(self, destination=None, prefix="", keep_vars=False):
        """Ordered dict of dotted name -> tensor (detached unless ``keep_vars``) for every
        parameter and persistent buffer."""
        return _state.state_dict(self, destination, prefix, keep_vars)

    def load_state_dict(self, state_dict, strict=True):
        """Copy tensors from ``state_dict`` into this module's parameters and buffers in
        place. With ``strict``, missing or unexpected keys raise; shape mismatches always do.
        """
        return _state.load_state_dict(self, state_dict, strict)

    # ------------------------------------------------------------------ printing

    def _get_name(self):
        return type(self).__name__

    def extra_repr(self):
        """The text inside ``Name(...)``; layers override it (e.g. ``in_features=3, ...``)."""
        return ""

    def __repr__(self):
        extra = self.extra_repr()
        extra_lines = extra.split("\n") if extra else []
        child_lines = [f"({key}): " + _addindent(repr(mod), 2)
                       for key, mod in self._modules.items()]
        lines = extra_lines + child_lines
        body = ""
        if len(extra_lines) == 1 and not child_lines:
            body = extra_lines[0]       # short form: Linear(in_features=3, ...)
        elif lines:
            body = "\n  " + "\n  ".join(lines) + "\n"
        return f"{self._get_name()}({body})"
