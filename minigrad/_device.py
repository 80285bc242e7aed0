"""Devices as a CPU-only build of torch has them: `minigrad.device`, the default device, and
the checks every factory and `.to()` make of a `device=` argument.

minigrad computes on the CPU only. A device string is parsed as torch parses it (unknown
types, malformed indices and negative indices raise torch's errors); asking for CUDA fails
the way a CPU build fails ("Torch not compiled with CUDA enabled"), also when the request
comes from `set_default_device("cuda")`; a bare device index asks for an accelerator, and
there is none; `pin_memory=True` needs one too. The other device types torch names (`meta`,
`mps`, ...) are refused with an error that says minigrad lacks them: a meta tensor (shape
and dtype without data) is something minigrad does not model, and ignoring the request
would hand back a CPU tensor the program did not ask for.

This module imports nothing from minigrad at load time: `_dtype` re-exports `device`.
"""
import re

__all__ = ["device", "set_default_device", "get_default_device", "check", "as_device",
           "factory"]

DEVICE_TYPES = ("cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip", "ve",
                "fpga", "maia", "xla", "lazy", "vulkan", "mps", "meta", "hpu", "mtia",
                "privateuseone")
NO_CUDA = "Torch not compiled with CUDA enabled"
NO_ACCELERATOR = "Cannot access accelerator device when none is available."
NO_PINNED_MEMORY = ("pin_memory=True requires a CUDA or other accelerator backend; no pinned "
                    "memory allocator is available on this system.")
NEGATIVE_INDEX = "Device index must not be negative"
_DEVICE_STRING = re.compile(r"([a-zA-Z_]+)(?::([0-9]+))?")
_SIGNATURES = " * (minigrad.device device)\n * (str type, int index = -1)\n"
_INT64_MAX = 2 ** 63 - 1


def _type_name(x):
    """The name torch's argument errors give the type of x ('float', 'minigrad.dtype')."""
    cls = type(x)
    module = cls.__module__ or ""
    if module == "builtins":
        return cls.__name__
    if module.startswith("minigrad") and cls.__name__ in ("dtype", "device", "Size", "layout"):
        return f"minigrad.{cls.__name__}"
    if module.startswith("numpy"):
        return f"numpy.{cls.__name__}"
    return cls.__name__


def _is_index(x):
    return isinstance(x, int) and not isinstance(x, bool)


def _parse_string(text):
    """(type, index) of a device string such as 'cpu', 'cuda:1'; torch's errors otherwise."""
    if not text:
        raise RuntimeError("Device string must not be empty")
    match = _DEVICE_STRING.fullmatch(text)
    kind, index = match.groups() if match else (None, None)
    if match is None or index is not None and index != "0" and index.startswith("0"):
        raise RuntimeError(f"Invalid device string: '{text}'")      # (no leading zeros)
    if kind not in DEVICE_TYPES:
        raise RuntimeError(f"Expected one of {', '.join(DEVICE_TYPES)} device type at start of "
                           f"device string: {kind}")
    if index is not None and int(index) > _INT64_MAX >> 32:     # (torch parses a C int)
        raise RuntimeError(f"Could not parse device index '{index}' in device string "
                           f"'{text}'")
    return kind, None if index is None else int(index)


def _index_device(index):
    """torch.device(<int>): an accelerator's index; there is no accelerator."""
    if not -2 ** 63 <= index <= _INT64_MAX:
        raise ValueError("Overflow when unpacking long long")
    raise RuntimeError(NEGATIVE_INDEX if index < 0 else NO_ACCELERATOR)


class device:
    """Where a tensor lives: `device('cpu')`, `device('cuda', 0)`, `device('cuda:1')`.

    Built and compared as torch's device (type and index; never equal to a string). Only
    'cpu' can hold a minigrad tensor; the others can be named, and fail when used."""

    __slots__ = ("type", "index")

    def __init__(self, *args, **kwargs):
        given = len(args) + len(kwargs)
        if given == 1 and (args or set(kwargs) & {"type", "device"}):
            value = args[0] if args else next(iter(kwargs.values()))
            if isinstance(value, device):
                self.type, self.index = value.type, value.index
            elif isinstance(value, str):
                self.type, self.index = _parse_string(value)
            elif _is_index(value):
                _index_device(value)
            else:
                shown = _type_name(value)
                if isinstance(value, list) and value:   # (torch names the items' types too)
                    shown += f" of [{', '.join(_type_name(item) for item in value)}]"
                raise TypeError(self._invalid(args, kwargs, f"(!{shown}!)"))
            return
        if given == 2 and set(kwargs) <= {"type", "index"} - set(("type", "index")[:len(args)]):
            text = args[0] if args else kwargs["type"]
            index = args[1] if len(args) == 2 else kwargs["index"]
            where = " (position 2)" if len(args) == 2 else ""
            if not isinstance(text, str):
                raise TypeError(f"device(): argument 'type' (position 1) must be str, not "
                                f"{_type_name(text)}")
            if index is not None and not _is_index(index):
                raise TypeError(f"device(): argument 'index'{where} must be int, not "
                                f"{_type_name(index)}")
            if index is not None and not -2 ** 63 <= index <= _INT64_MAX:
                raise ValueError("Overflow when unpacking long long")
            self.type, self.index = _parse_string(text)
            if index is not None:
                if self.index is not None:
                    raise RuntimeError(f"type (string) must not include an index because index "
                                       f"was passed explicitly: {text}")
                if index < 0:
                    raise RuntimeError(NEGATIVE_INDEX)
                self.index = index
            return
        raise TypeError(self._invalid(args, kwargs, None))

    @staticmethod
    def _invalid(args, kwargs, marked):
        got = ", ".join([_type_name(a) for a in args] +
                        [f"{k}={_type_name(v)}" for k, v in kwargs.items()])
        if kwargs and not args:
            got += ", "
        lines = f"device() received an invalid combination of arguments - got ({got}), but " \
                f"expected one of:\n * (minigrad.device device)\n"
        unknown = [k for k in kwargs if k not in ("type", "index", "device")]
        if marked is not None:
            lines += f"      didn't match because some of the arguments have invalid types: " \
                     f"{marked}\n"
        elif unknown and not args and len(kwargs) == 1:
            lines += f"      didn't match because some of the keywords were incorrect: " \
                     f"{', '.join(unknown)}\n"
        return lines + " * (str type, int index = -1)\n"

    def __repr__(self):
        if self.index is None:
            return f"device(type='{self.type}')"
        return f"device(type='{self.type}', index={self.index})"

    def __str__(self):
        return self.type if self.index is None else f"{self.type}:{self.index}"

    def __eq__(self, other):
        if not isinstance(other, device):
            return NotImplemented
        return self.type == other.type and self.index == other.index

    def __hash__(self):
        return hash((self.type, self.index))

    def __reduce__(self):
        return device, (str(self),)


def as_device(value, fname, position=None):
    """The `device=` argument of `fname` as a device (None stays None); torch's parser errors
    for a wrong type, a malformed string or an index."""
    if value is None or isinstance(value, device):
        return value
    if isinstance(value, str):
        return device(value)
    if _is_index(value):
        _index_device(value)
    where = f" (position {position})" if position else ""
    raise TypeError(f"{fname}(): argument 'device'{where} must be minigrad.device, not "
                    f"{_type_name(value)}")


def refuse(dev):
    """Raise what using a device other than the CPU raises (torch's error for CUDA, a clear
    refusal for the types minigrad does not model)."""
    if dev.type == "cpu":
        return
    if dev.type == "cuda":
        raise AssertionError(NO_CUDA)
    raise NotImplementedError(
        f"minigrad computes on the CPU only: device '{dev.type}' is not supported"
        + (" (a meta tensor, with a shape and a dtype but no data, is not modelled)"
           if dev.type == "meta" else ""))


class _Default:
    device = None          # None: the CPU; else the device set by the user


def set_default_device(dev):
    """Make `dev` the device of tensors that factories create when given none (None: back
    to the CPU). Setting "cuda" succeeds, as on a CPU build of torch; creating fails."""
    _Default.device = None if dev is None else device(dev)


def get_default_device():
    """The device factories use when given none."""
    if _Default.device is not None and _Default.device.type == "cuda":
        raise AssertionError(NO_CUDA)
    return _Default.device or device("cpu")


def check(dev, pin_memory=False, fname="factory"):
    """Raise torch's error when a factory is asked (or defaults) to a device minigrad lacks,
    or to pin its memory."""
    dev = as_device(dev, fname)
    if dev is None:
        dev = _Default.device
    if dev is not None:
        refuse(dev)
    if pin_memory:
        raise RuntimeError(NO_PINNED_MEMORY)


def factory(fn, takes_pin_memory=True):
    """Give a factory torch's order of checks for `device=` and `pin_memory=`: errors about
    the other arguments' types and values that the parser finds (TypeError, ValueError) come
    first, then the device's, then the ones the kernel finds (negative sizes, dtypes a kernel
    lacks). `fn` keeps receiving `device` (its own messages name it); `pin_memory` is taken
    here (`takes_pin_memory=False`: a factory without that keyword, such as as_tensor)."""
    def call(*args, **kwargs):
        pin_memory = kwargs.pop("pin_memory", False) if takes_pin_memory else False
        dev = kwargs.get("device")
        out = kwargs.get("out")
        if out is not None and dev is not None and hasattr(out, "_data"):
            kind = as_device(dev, fn.__name__).type
            if kind != "cpu":
                raise RuntimeError(f"device type {kind} does not match device type of out "
                                   f"parameter (cpu)")
        try:
            result = fn(*args, **kwargs)
        except (TypeError, ValueError):
            raise
        except Exception as exc:
            check(dev, False, fn.__name__)
            if pin_memory and str(exc).startswith("Only Tensors of floating point"):
                check(None, True)       # (torch pins the memory before it sets requires_grad)
            raise
        check(dev, pin_memory, fn.__name__)
        return result
    call.__name__, call.__qualname__, call.__doc__ = fn.__name__, fn.__qualname__, fn.__doc__
    call.__module__, call.__wrapped__ = fn.__module__, fn
    return call
