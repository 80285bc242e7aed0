"""`minigrad.cuda`: what a CPU-only build of torch answers (there is no GPU here).

Queries answer "none" (`is_available()` is False, `device_count()` is 0); calls that need a
GPU raise torch's AssertionError "Torch not compiled with CUDA enabled"; seeding and cache
calls do nothing, as in torch, so scripts that seed "all devices" still run.
"""
from ._device import NO_CUDA

__all__ = ["is_available", "device_count", "is_initialized", "current_device",
           "get_device_name", "get_device_properties", "synchronize", "set_device",
           "manual_seed", "manual_seed_all", "empty_cache", "memory_allocated"]


def is_available():
    """False: minigrad computes on the CPU only."""
    return False


def device_count():
    return 0


def is_initialized():
    return False


def _no_cuda(*args, **kwargs):
    raise AssertionError(NO_CUDA)


current_device = get_device_name = get_device_properties = synchronize = set_device = _no_cuda


def manual_seed(seed):
    """Nothing to seed (no GPU); accepted as torch accepts it."""


def manual_seed_all(seed):
    """Nothing to seed (no GPU); accepted as torch accepts it."""


def empty_cache():
    """No GPU memory to release."""


def memory_allocated(device=None):
    return 0
