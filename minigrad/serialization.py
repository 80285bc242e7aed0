"""`save` and `load`: torch.save/torch.load for what a learner saves.

A tensor (with its requires_grad), an `nn.Parameter`, a model's `state_dict()` and dicts,
lists and tuples of these with numbers and strings, written to a path or a binary file-like
object (`io.BytesIO`). As in torch, the storage goes with the tensor: a saved view brings
its whole storage back and loads as a plain tensor at the same offset into it (not a view),
and tensors that shared a storage share one again after loading.

The file format is minigrad's own (a pickle stream whose tensors are rebuilt by the functions
below), not torch's zip archive: files written by minigrad do not load in torch, nor the
reverse. `load(f, weights_only=True)`, torch 2.6+'s default, unpickles with a restricted
unpickler that builds only tensors, Parameters, OrderedDicts, dtypes, devices, Sizes and
plain Python containers and scalars (plus what `add_safe_globals` allows); anything else is
torch's `pickle.UnpicklingError`.
"""
import collections
import contextlib
import io
import os
import pickle

import numpy as np

from ._device import device as _device_type
from ._dtype import Size, _by_name as _dtype_by_name
from ._storage import root_array
from ._tensor import Tensor
from .nn.parameter import Parameter

__all__ = ["save", "load", "add_safe_globals", "get_safe_globals", "clear_safe_globals",
           "safe_globals"]

_NO_CUDA_LOAD = ("Attempting to deserialize object on a CUDA device but "
                 "torch.cuda.is_available() is False. If you are running on a CPU-only machine, "
                 "please use torch.load with map_location=torch.device('cpu') to map your "
                 "storages to the CPU.")
_DOCS = ("Check the documentation of torch.load to learn more about types accepted by default "
         "with weights_only https://pytorch.org/docs/stable/generated/torch.load.html.")
_user_safe_globals = []


def _rebuild_storage(raw):
    """A storage from its bytes: a fresh owning uint8 array (writable, as in torch)."""
    return np.frombuffer(raw, np.uint8).copy()


def _rebuild_tensor(storage, dtype_str, byte_offset, shape, byte_strides, requires_grad):
    data = np.ndarray(tuple(shape), np.dtype(dtype_str), buffer=storage, offset=byte_offset,
                      strides=tuple(byte_strides))
    return Tensor._make(data, bool(requires_grad), None)


def _rebuild_parameter(data, requires_grad):
    return Parameter(data, requires_grad)


class _StorageRecord:
    """One saved storage; a Pickler keeps one per root array so pickle's memo writes it once
    and every tensor on it is rebuilt over the same array."""

    __slots__ = ("root",)

    def __init__(self, root):
        self.root = root

    def __reduce__(self):
        return _rebuild_storage, (self.root.tobytes(order="A"),)


class _Pickler(pickle.Pickler):
    def __init__(self, file, protocol):
        # protocol 2 (torch's default) writes bytes through `_codecs.encode`, a global the
        # weights-only unpickler must not allow; storages need protocol 3's bytes opcodes
        super().__init__(file, max(protocol, 3))
        self._storages = {}

    def reducer_override(self, obj):
        if not isinstance(obj, Tensor):
            return NotImplemented
        if isinstance(obj, Parameter):
            return _rebuild_parameter, (_plain(obj), obj._requires_grad)
        data = obj._data
        root = root_array(data)
        base_ptr = root.__array_interface__["data"][0]
        offset = data.__array_interface__["data"][0] - base_ptr
        if not (root.flags.c_contiguous or root.flags.f_contiguous) or offset < 0 \
                or any(s < 0 for s in data.strides):
            data = root = np.ascontiguousarray(data)     # a layout bytes cannot describe
            offset = 0
        record = self._storages.setdefault(id(root), (_StorageRecord(root), root))[0]
        return _rebuild_tensor, (record, data.dtype.str, offset, data.shape, data.strides,
                                 obj._requires_grad)


def _plain(param):
    """A Parameter's data as a plain tensor on the same storage (no grad, no history)."""
    return Tensor._make(param._data, False, None)


def save(obj, f, pickle_module=pickle, pickle_protocol=2, _use_new_zipfile_serialization=True,
         _disable_byteorder_record=False):
    """Save `obj` (tensors, Parameters, state_dicts, containers of them) to a path or a
    binary file-like object, like torch.save (minigrad's own format: see the module)."""
    if isinstance(f, (str, os.PathLike)):
        with open(f, "wb") as out:
            _Pickler(out, pickle_protocol).dump(obj)
        return None
    if not hasattr(f, "write"):
        raise AttributeError("expected 'f' to be string, path, or a file-like object with a "
                             "'write' attribute")
    _Pickler(f, pickle_protocol).dump(obj)
    return None


def _allowed_globals():
    allowed = {(fn.__module__, fn.__qualname__): fn for fn in (
        _rebuild_storage, _rebuild_tensor, _rebuild_parameter, collections.OrderedDict,
        Size, _device_type, _dtype_by_name, set, frozenset, complex, slice, bytearray)}
    for g in _user_safe_globals:
        allowed[(g.__module__, g.__qualname__)] = g
    return allowed


class _WeightsUnpickler(pickle.Unpickler):
    def find_class(self, module, name):
        found = _allowed_globals().get((module, name))
        if found is None:
            full = f"{module}.{name}"
            raise pickle.UnpicklingError(
                f"Unsupported global: GLOBAL {full} was not an allowed global by default. "
                f"Please use `torch.serialization.add_safe_globals([{full}])` or the "
                f"`torch.serialization.safe_globals([{full}])` context manager to allowlist "
                f"this global if you trust this class/function.")
        return found


def _weights_only_failure(err):
    return pickle.UnpicklingError(
        "Weights only load failed. This file can still be loaded, to do so you have two "
        "options, \x1b[1mdo those steps only if you trust the source of the checkpoint\x1b[0m. "
        "\n\t(1) In PyTorch 2.6, we changed the default value of the `weights_only` argument "
        "in `torch.load` from `False` to `True`. Re-running `torch.load` with `weights_only` "
        "set to `False` will likely succeed, but it can result in arbitrary code execution. "
        "Do it only if you got the file from a trusted source.\n\t(2) Alternatively, to load "
        "with `weights_only=True` please check the recommended steps in the following error "
        f"message.\n\tWeightsUnpickler error: {err}\n\n{_DOCS}")


def _check_map_location(map_location):
    """Storages are saved on the CPU; refuse a map_location that sends them elsewhere."""
    if map_location is None or callable(map_location):
        return
    targets = map_location.values() if isinstance(map_location, dict) else [map_location]
    for target in targets:
        if isinstance(target, str):
            try:
                target = _device_type(target)
            except RuntimeError:
                raise RuntimeError("don't know how to restore data location of "
                                   f"torch.storage.UntypedStorage (tagged with {target})") \
                    from None
        if isinstance(target, _device_type) and target.type == "cuda":
            raise RuntimeError(_NO_CUDA_LOAD)


def load(f, map_location=None, pickle_module=None, *, weights_only=None, mmap=None,
         **pickle_load_args):
    """Load what `save` wrote, like torch.load: `weights_only` defaults to True (torch 2.6+)
    unless a `pickle_module` is given; with it only tensors, Parameters and plain containers
    are built. `map_location` may be the CPU (a device, a string or a dict); CUDA is refused
    as on torch's CPU-only build. A map_location function is accepted but not called:
    minigrad's storages are always on the CPU."""
    if weights_only is None:
        weights_only = pickle_module is None
    elif weights_only and pickle_module is not None:
        raise RuntimeError("Can not safely load weights when explicit pickle_module is "
                           "specified")
    if isinstance(f, (str, os.PathLike)):
        with open(f, "rb") as src:
            raw = src.read()
    else:
        if not hasattr(f, "seek"):
            raise AttributeError(
                f"'{type(f).__name__}' object has no attribute 'seek'. You can only torch.load "
                "from a file that is seekable. Please pre-load the data into a buffer like "
                "io.BytesIO and try to load from it instead.")
        raw = f.read()
    if raw[:4] == b"PK\x03\x04":
        raise RuntimeError("this file is a torch.save archive: minigrad.load reads only files "
                           "written by minigrad.save (the formats differ)")
    _check_map_location(map_location)
    if not weights_only:
        unpickler = (pickle_module or pickle).Unpickler(io.BytesIO(raw), **pickle_load_args)
        return unpickler.load()
    try:
        obj = _WeightsUnpickler(io.BytesIO(raw), **pickle_load_args).load()
    except pickle.UnpicklingError as err:
        raise _weights_only_failure(err) from None
    return obj


def add_safe_globals(safe_globals):
    """Allow these classes/functions in `load(..., weights_only=True)`."""
    _user_safe_globals.extend(safe_globals)


def get_safe_globals():
    """The globals added by `add_safe_globals`."""
    return list(_user_safe_globals)


def clear_safe_globals():
    """Forget every global added by `add_safe_globals`."""
    _user_safe_globals.clear()


@contextlib.contextmanager
def safe_globals(safe_globals):
    """Allow these globals in weights-only loads inside the `with` block."""
    before = list(_user_safe_globals)
    _user_safe_globals.extend(safe_globals)
    try:
        yield
    finally:
        _user_safe_globals[:] = before
