"""Storage and version counters: the two things tensors can share.

In torch a tensor is a view onto a storage. minigrad keeps the data as a NumPy array
(views are NumPy views of one root array), so the storage is simply that root array.
The version counter is a separate object: views and `detach()` share it, `.data` gets a
fresh one. Saved tensors remember the counter's value to detect in-place edits.
"""
import numpy as np

__all__ = ["VersionCounter", "UntypedStorage", "root_array"]


class VersionCounter:
    """A mutable integer shared by every tensor that must see the same in-place edits."""

    __slots__ = ("value",)

    def __init__(self, value=0):
        self.value = value


def root_array(arr):
    """The array that owns the memory `arr` looks at (walks NumPy's `.base` chain)."""
    while isinstance(arr.base, np.ndarray):
        arr = arr.base
    return arr


class UntypedStorage:
    """A read-only window on a tensor's storage, as returned by `Tensor.untyped_storage()`."""

    __slots__ = ("_root",)

    def __init__(self, array):
        self._root = root_array(array)

    def data_ptr(self):
        """Address of the first byte of the storage: equal for all tensors sharing it."""
        return self._root.__array_interface__["data"][0]

    def nbytes(self):
        return self._root.nbytes

    def size(self):
        return self._root.nbytes

    def __len__(self):
        return self._root.nbytes

    def tolist(self):
        """The storage's bytes as a list of ints (0-255), in memory order."""
        return self._root.reshape(-1).view(np.uint8).tolist()

    def __eq__(self, other):
        return isinstance(other, UntypedStorage) and other._root is self._root

    def __hash__(self):
        return hash(self.data_ptr())

    def __repr__(self):
        vals = "\n".join(" " + str(b) for b in self._root.reshape(-1).view(np.uint8)[:16])
        more = "\n ..." if self._root.nbytes > 16 else ""
        kind = "minigrad.storage.UntypedStorage(device=cpu)"
        return f"{vals}{more}\n[{kind} of size {self.nbytes()}]"
