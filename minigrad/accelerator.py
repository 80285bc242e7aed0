"""`minigrad.accelerator`: torch's device-agnostic accelerator API, answering "none"."""
from ._device import NO_ACCELERATOR

__all__ = ["is_available", "current_accelerator", "device_count", "current_device_index",
           "set_device_index", "synchronize"]


def is_available():
    """False: there is no accelerator (minigrad computes on the CPU)."""
    return False


def current_accelerator(check_available=False):
    """None: no accelerator."""
    return None


def device_count():
    return 0


def _none_available(*args, **kwargs):
    raise RuntimeError(NO_ACCELERATOR)


current_device_index = set_device_index = synchronize = _none_available
