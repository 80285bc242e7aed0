"""RemovableHandle: what `register_hook` and friends return."""

__all__ = ["RemovableHandle"]


class RemovableHandle:
    """Removes a registered hook from its dict when `.remove()` is called (idempotent).

    Hooks live in plain dicts keyed by a per-process counter, so they run in
    registration order and removal is O(1).
    """

    next_id = 0

    def __init__(self, hooks_dict):
        self.hooks_dict = hooks_dict
        self.id = RemovableHandle.next_id
        RemovableHandle.next_id += 1

    def remove(self):
        d = self.hooks_dict
        if d is not None and self.id in d:
            del d[self.id]

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()
