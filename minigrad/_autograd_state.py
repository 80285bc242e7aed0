"""The switches autograd reads on its hot paths: grad mode, inference mode, anomaly mode and
the instrumentation flag.

They sit at the bottom of the package because the tensor record (`_tensor.py`) reads them
while `autograd/` (which imports Tensor) owns the context managers that flip them:
`autograd/grad_mode.py` (no_grad, enable_grad, set_grad_enabled, inference_mode) and
`autograd/anomaly.py` (detect_anomaly, set_detect_anomaly) hold the user-facing side.
"""
import threading

__all__ = ["grad_state", "OpenAnywhere", "inference_anywhere", "anomaly_state", "instrument"]


class _GradState(threading.local):
    """The calling thread's autograd switches; ops read `grad_state.enabled` on their hot path
    (one attribute read of a thread-local object). The class attributes are the values a
    thread sees until it sets its own: a new thread starts with grad mode on and inference
    mode off, as in torch."""
    enabled = True
    inference = False


grad_state = _GradState()


class OpenAnywhere:
    """How many blocks of one kind are open, counting every thread. A hot path reads this
    plain slot (a sixth of the cost of reading a thread-local flag) and looks at its own
    thread's state only while some block is open somewhere."""
    __slots__ = ("count", "_lock")

    def __init__(self):
        self.count = 0
        self._lock = threading.Lock()

    def opened(self):
        with self._lock:            # (`count += 1` is not atomic between threads)
            self.count += 1

    def closed(self):
        with self._lock:
            self.count -= 1


inference_anywhere = OpenAnywhere()    # inference_mode blocks (Tensor._make reads it)


class _AnomalyState:
    """Anomaly mode is process-wide, as torch's is (not per thread like grad mode)."""
    __slots__ = ("enabled", "check_nan")

    def __init__(self):
        self.enabled = False
        self.check_nan = True


anomaly_state = _AnomalyState()


class _Instrument:
    """`on` is True while anomaly mode, a trace or a watcher is on: the hot paths check only
    this flag. Anomaly mode sets `anomaly`, an active trace (trace.py) sets `tracing`, and
    `viz.find_inplace` sets `watcher` (an object with `on_bump(tensor)` and
    `on_version_error(saved, node)`, called from trace.py's hooks; see `set_watcher`).
    `bumped(tensor)` is what Tensor calls after a version bump while `on`: autograd/trace.py
    fills it in (Tensor sits below autograd, so it cannot import the trace itself)."""
    __slots__ = ("on", "anomaly", "tracing", "watcher", "bumped")

    def __init__(self):
        self.on = self.anomaly = self.tracing = False
        self.watcher = None
        self.bumped = None

    def update(self):
        self.on = self.anomaly or self.tracing or self.watcher is not None


instrument = _Instrument()
