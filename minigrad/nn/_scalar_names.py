"""torch's ScalarType names ('Float', 'Double', 'Long'...), shared by nn's messages."""

__all__ = ["SCALAR_NAMES", "scalar_name"]

# torch's ScalarType names, used in dtype-mismatch messages ("... but got Double and Float")
SCALAR_NAMES = {"float16": "Half", "float32": "Float", "float64": "Double", "int64": "Long",
                "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte",
                "bool": "Bool"}


def scalar_name(t):
    """torch's ScalarType name of a tensor's dtype, as its dtype-mismatch messages say it."""
    return SCALAR_NAMES.get(t.dtype.name, t.dtype.name)
