"""The default device, and the one check every factory makes of its `device` argument.

minigrad computes on the CPU only, like a CPU build of torch: asking for a CUDA tensor fails
the way such a build fails ("Torch not compiled with CUDA enabled"), also when the request
comes from `set_default_device("cuda")`; a bare device index asks for an accelerator, and
there is none.
"""
__all__ = ["set_default_device", "get_default_device", "check"]

DEVICE_TYPES = ("cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip", "ve",
                "fpga", "maia", "xla", "lazy", "vulkan", "mps", "meta", "hpu", "mtia",
                "privateuseone")
NO_CUDA = "Torch not compiled with CUDA enabled"
NO_ACCELERATOR = "Cannot access accelerator device when none is available."


class _Default:
    device = None          # None: the CPU; else the device type string set by the user


def _device_type(device):
    """The type name of a device argument ('cpu', 'cuda', ...); torch's errors otherwise."""
    if isinstance(device, bool) or not isinstance(device, (str, int)) and \
            not hasattr(device, "type"):
        raise TypeError(f"set_default_device(): argument 'device' must be torch.device, not "
                        f"{type(device).__name__}")
    if isinstance(device, int):
        raise RuntimeError(NO_ACCELERATOR)
    name = device if isinstance(device, str) else str(device.type)
    kind = name.split(":")[0]
    if kind not in DEVICE_TYPES:
        raise RuntimeError(f"Expected one of {', '.join(DEVICE_TYPES)} device type at start of "
                           f"device string: {name}")
    return kind


def set_default_device(device):
    """Make `device` the device of tensors that factories create when given none (None: back
    to the CPU). Setting "cuda" succeeds, as on a CPU build of torch; creating fails."""
    _Default.device = None if device is None else _device_type(device)


def get_default_device():
    """The device factories use when given none."""
    from ._dtype import device
    if _Default.device == "cuda":
        raise AssertionError(NO_CUDA)
    return device(_Default.device or "cpu")


def check(device):
    """Raise torch's error when a factory is asked (or defaults) to a device minigrad lacks."""
    if device is None:
        if _Default.device is None:
            return
        device = _Default.device
    if isinstance(device, int) and not isinstance(device, bool):
        raise RuntimeError(NO_ACCELERATOR)
    name = device if isinstance(device, str) else getattr(device, "type", None)
    if isinstance(name, str) and name.split(":")[0] == "cuda":
        raise AssertionError(NO_CUDA)
