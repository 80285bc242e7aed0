"""Module.state_dict / load_state_dict: flat name -> tensor snapshots of a module tree."""

from collections import OrderedDict, namedtuple

from ...autograd.grad_mode import no_grad

__all__ = ["state_dict", "load_state_dict"]


class _IncompatibleKeys(namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])):
    """What load_state_dict returns; prints a friendly line when everything matched."""

    __slots__ = ()

    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        return super().__repr__()

    __str__ = __repr__


def state_dict(module, destination=None, prefix="", keep_vars=False):
    """Parameters then persistent buffers of each module, modules in pre-order."""
    out = OrderedDict() if destination is None else destination
    for mod_prefix, mod in module.named_modules(prefix=prefix.rstrip(".")):
        dot = mod_prefix + ("." if mod_prefix else "")
        for name, p in mod._parameters.items():
            if p is not None:
                out[dot + name] = p if keep_vars else p.detach()
        for name, b in mod._buffers.items():
            if b is not None and name not in mod._non_persistent_buffers_set:
                out[dot + name] = b if keep_vars else b.detach()
    return out


def load_state_dict(module, source, strict=True):
    """Copy matching entries in place (under no_grad, so versions bump as in torch), then
    report missing/unexpected keys and shape mismatches in torch's message format."""
    own = state_dict(module, keep_vars=True)
    errors, missing = [], []
    unexpected = [k for k in source if k not in own]
    with no_grad():
        for key, param in own.items():
            if key not in source:
                missing.append(key)
                continue
            src = source[key]
            if tuple(src.shape) != tuple(param.shape):
                errors.append(
                    f"size mismatch for {key}: copying a param with shape {src.shape} "
                    f"from checkpoint, the shape in current model is {param.shape}.")
                continue
            param.copy_(src)
    if strict:
        # torch lists missing keys first, then unexpected ones, then the size mismatches
        if unexpected:
            errors.insert(0, "Unexpected key(s) in state_dict: {}. ".format(
                ", ".join(f'"{k}"' for k in unexpected)))
        if missing:
            errors.insert(0, "Missing key(s) in state_dict: {}. ".format(
                ", ".join(f'"{k}"' for k in missing)))
    if errors:
        raise RuntimeError("Error(s) in loading state_dict for {}:\n\t{}".format(
            module._get_name(), "\n\t".join(errors)))
    return _IncompatibleKeys(missing, unexpected)
