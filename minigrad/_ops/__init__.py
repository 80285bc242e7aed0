"""Op families, one module each: arithmetic, unary, reduction, linalg, views, indexing,
conversion, inplace. Each op is a Node class (forward and backward side by side) plus the
function that checks arguments and calls `NodeClass.apply`. The Tensor methods that call
them are written out in `minigrad/_tensor_methods.py`."""
