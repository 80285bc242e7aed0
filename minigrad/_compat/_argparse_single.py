"""torch 2.13's parser signatures of functions and Tensor methods with a single overload
(the ones `_argparse_signatures` lists have several): what `binding_error` checks a call
Python refused against, so that the error torch's parser raises first is the one reported.

torch's parser walks the parameters in order (too many positionals first, then each
parameter's type or absence, in order), and only then looks for unexpected keywords:
`torch.dot(h, 'x', memory_format=None)` is about 'tensor' (position 2), not about the
keyword. Without a signature here, a function's own parameters stand in, typed `object`.
Marks as in `_argparse.py`: `?` accepts None, `[n]` a single int for a list.
"""
_FACTORY = ("*, torch.dtype? dtype = None, torch.layout? layout = None, torch.device? "
            "device = None, bool? pin_memory = False, bool? requires_grad = False")
_LIKE = f"(Tensor input, *, torch.memory_format? memory_format = None, {_FACTORY[3:]})"

FUNCTIONS = {
    "argmax": ("(Tensor input, int? dim = None, bool keepdim = False, *, Tensor out = None)",),
    "argmin": ("(Tensor input, int? dim = None, bool keepdim = False, *, Tensor out = None)",),
    "cat": ("(tuple of Tensors tensors, int dim = 0, *, Tensor out = None)",),
    "concat": ("(tuple of Tensors tensors, int dim = 0, *, Tensor out = None)",),
    "concatenate": ("(tuple of Tensors tensors, int dim = 0, *, Tensor out = None)",),
    "dot": ("(Tensor input, Tensor tensor, *, Tensor out = None)",),
    "empty": (f"(tuple of ints size, *, Tensor out = None, {_FACTORY[3:]})",),
    "empty_like": (_LIKE,),
    "exp": ("(Tensor input, *, Tensor out = None)",),
    "flip": ("(Tensor input, tuple of ints dims)",),
    "full": (f"(tuple of ints size, Number fill_value, *, Tensor out = None, {_FACTORY[3:]})",),
    "full_like": (f"(Tensor input, Number fill_value, *, torch.memory_format? memory_format "
                  f"= None, {_FACTORY[3:]})",),
    "matmul": ("(Tensor input, Tensor other, *, Tensor out = None)",),
    "maximum": ("(Tensor input, Tensor other, *, Tensor out = None)",),
    "minimum": ("(Tensor input, Tensor other, *, Tensor out = None)",),
    "mv": ("(Tensor input, Tensor vec, *, Tensor out = None)",),
    "ones": (f"(tuple of ints size, *, Tensor out = None, {_FACTORY[3:]})",),
    "ones_like": (_LIKE,),
    "permute": ("(Tensor input, tuple of ints dims)",),
    "reshape": ("(Tensor input, tuple of ints shape)",),
    "select": ("(Tensor input, int dim, int index)",),
    "swapaxes": ("(Tensor input, int axis0, int axis1)",),
    "transpose": ("(Tensor input, int dim0, int dim1)",),
    "unsqueeze": ("(Tensor input, int dim)",),
    "zeros": (f"(tuple of ints size, *, Tensor out = None, {_FACTORY[3:]})",),
    "zeros_like": (_LIKE,),
}

METHODS = {
    "argmax": ("(int? dim = None, bool keepdim = False)",),
    "argmin": ("(int? dim = None, bool keepdim = False)",),
    "bmm": ("(Tensor mat2)",),
    "contiguous": ("(*, torch.memory_format memory_format = torch.contiguous_format)",),
    "cpu": ("(*, torch.memory_format memory_format = torch.preserve_format)",),
    "dot": ("(Tensor tensor)",),
    "expand": ("(tuple of ints size, *, bool implicit = False)",),
    "expand_as": ("(Tensor other)",),
    "flip": ("(tuple of ints dims)",),
    "index_put_": ("(tuple of Tensors indices, Tensor values, bool accumulate = False)",),
    "is_contiguous": ("(*, torch.memory_format memory_format = torch.contiguous_format)",),
    "is_pinned": ("(torch.device? device = None)",),
    "matmul": ("(Tensor other)",),
    "maximum": ("(Tensor other)",),
    "minimum": ("(Tensor other)",),
    "mm": ("(Tensor mat2)",),
    "mv": ("(Tensor vec)",),
    "new_empty": (f"(tuple of ints size, {_FACTORY})",),
    "new_ones": (f"(tuple of ints size, {_FACTORY})",),
    "new_zeros": (f"(tuple of ints size, {_FACTORY})",),
    "permute": ("(tuple of ints dims)",),
    "pin_memory": ("(torch.device? device = None)",),
    "reshape": ("(tuple of ints shape)",),
    "select": ("(int dim, int index)",),
    "swapaxes": ("(int axis0, int axis1)",),
    "transpose": ("(int dim0, int dim1)",),
    "type": ("(object dtype = None, bool non_blocking = False)",),
    "uniform_": ("(float from = 0, float to = 1, *, torch.Generator? generator = None)",),
    "unsqueeze": ("(int dim)",),
    "view_as": ("(Tensor other)",),
}
