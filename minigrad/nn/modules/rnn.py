"""Elman recurrent layers (torch.nn.RNNCell, torch.nn.RNN): h' = act(W_ih x + b_ih + W_hh h + b_hh).

Built from minigrad's own ops in the order torch's CPU kernel runs them, so the graph a
learner inspects has torch's nodes: one step of a cell is ``TanhBackward0`` (or
``ReluBackward0``) over ``AddBackward0`` of the hidden and the input projections; a layer
of nn.RNN projects the whole sequence at once (``linear``), ``unbind``s it over time, runs
the steps and ``stack``s their outputs (``StackBackward0``); a bidirectional layer then runs
the reverse direction the same way over the reversed steps and ``cat``s both directions'
outputs (``CatBackward0``); the final hidden states of the layers are stacked too. Weights
start uniform in (-1/sqrt(hidden_size), 1/sqrt(hidden_size)), drawn from minigrad's generator
(so not the numbers torch draws for the same seed).
"""

import math
import numbers
import warnings

import minigrad

import minigrad.nn.functional as F
import minigrad.nn.init as init
from ..parameter import Parameter
from .module import Module

__all__ = ["RNNCell", "RNN"]


def _step(x_proj, h, w_hh, b_hh, nonlinearity):
    """One time step: act(h W_hh^T + b_hh + x_proj), the hidden projection first."""
    pre = F.linear(h, w_hh, b_hh) + x_proj
    return pre.tanh() if nonlinearity == "tanh" else pre.relu()


class RNNCell(Module):
    """One step of an Elman RNN: ``h' = tanh(x W_ih^T + b_ih + h W_hh^T + b_hh)`` (or relu).

    Input (N, input_size) or unbatched (input_size,); hidden (N, hidden_size) or
    (hidden_size,), zeros when not given. Parameters ``weight_ih``, ``weight_hh``,
    ``bias_ih``, ``bias_hh``.
    """

    def __init__(self, input_size, hidden_size, bias=True, nonlinearity="tanh", device=None,
                 dtype=None):
        super().__init__()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.bias = bias
        self.weight_ih = Parameter(minigrad.empty((hidden_size, input_size), dtype=dtype))
        self.weight_hh = Parameter(minigrad.empty((hidden_size, hidden_size), dtype=dtype))
        if bias:
            self.bias_ih = Parameter(minigrad.empty(hidden_size, dtype=dtype))
            self.bias_hh = Parameter(minigrad.empty(hidden_size, dtype=dtype))
        else:
            self.register_parameter("bias_ih", None)
            self.register_parameter("bias_hh", None)
        self.reset_parameters()
        self.nonlinearity = nonlinearity

    def reset_parameters(self):
        """Every parameter uniform in (-1/sqrt(hidden_size), 1/sqrt(hidden_size))."""
        bound = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -bound, bound)

    def extra_repr(self):
        s = f"{self.input_size}, {self.hidden_size}"
        if self.bias is not True:
            s += f", bias={self.bias}"
        if self.nonlinearity != "tanh":
            s += f", nonlinearity={self.nonlinearity}"
        return s

    def forward(self, input, hx=None):
        if input.dim() not in (1, 2):
            raise ValueError(f"RNNCell: Expected input to be 1D or 2D, got {input.dim()}D "
                             "instead")
        if hx is not None and hx.dim() not in (1, 2):
            raise ValueError(f"RNNCell: Expected hidden to be 1D or 2D, got {hx.dim()}D "
                             "instead")
        batched = input.dim() == 2
        if not batched:
            input = input.unsqueeze(0)
        if hx is None:
            hx = minigrad.zeros(input.size(0), self.hidden_size, dtype=input.dtype)
        elif not batched:
            hx = hx.unsqueeze(0)
        if input.size(1) != self.weight_ih.size(1):
            raise RuntimeError(f"input has inconsistent input_size: got {input.size(1)} "
                               f"expected {self.weight_ih.size(1)}")
        if input.size(0) != hx.size(0):
            raise RuntimeError(f"Input batch size {input.size(0)} doesn't match hidden0 batch "
                               f"size {hx.size(0)}")
        if hx.size(1) != self.hidden_size:
            raise RuntimeError(f"hidden0 has inconsistent hidden_size: got {hx.size(1)}, "
                               f"expected {self.hidden_size}")
        if self.nonlinearity not in ("tanh", "relu"):
            raise RuntimeError(f"Unknown nonlinearity: {self.nonlinearity}")
        h = _step(F.linear(input, self.weight_ih, self.bias_ih), hx, self.weight_hh,
                  self.bias_hh, self.nonlinearity)
        return h if batched else h.squeeze(0)


def _check_sizes(input_size, hidden_size, num_layers, bias, batch_first, dropout):
    """torch's checks of RNNBase's arguments, in its order."""
    if (not isinstance(dropout, numbers.Number) or not 0 <= dropout <= 1
            or isinstance(dropout, bool)):
        raise ValueError("dropout should be a number in range [0, 1] representing the "
                         "probability of an element being zeroed")
    if dropout > 0 and num_layers == 1:
        warnings.warn("dropout option adds dropout after all but last recurrent layer, so "
                      "non-zero dropout expects num_layers greater than 1, but got "
                      f"dropout={dropout} and num_layers={num_layers}", stacklevel=4)
    for name, value, kind in (("bias", bias, bool), ("batch_first", batch_first, bool),
                              ("input_size", input_size, int)):
        if not isinstance(value, kind):
            raise TypeError(f"{name} should be of type {kind.__name__}, got: "
                            f"{type(value).__name__}")
    if input_size <= 0:
        raise ValueError("input_size must be greater than zero")
    if not isinstance(hidden_size, int):
        raise TypeError(f"hidden_size should be of type int, got: {type(hidden_size).__name__}")
    if hidden_size <= 0:
        raise ValueError("hidden_size must be greater than zero")
    if num_layers <= 0:
        raise ValueError("num_layers must be greater than zero")


class RNN(Module):
    """A stack of ``num_layers`` Elman RNN layers run over a whole sequence.

    ``RNN(input_size, hidden_size, num_layers=1, nonlinearity='tanh', bias=True,
    batch_first=False, dropout=0.0)``. Input (L, N, input_size), (N, L, input_size) with
    batch_first, or unbatched (L, input_size); ``hx`` (num_layers, N, hidden_size), zeros
    when not given. Returns ``(output, h_n)``: every step's hidden state of the last layer,
    and the last step's hidden state of every layer. Parameters ``weight_ih_l0``,
    ``weight_hh_l0``, ``bias_ih_l0``, ``bias_hh_l0``, then ``..._l1`` and so on.
    ``dropout`` applies between layers in training mode. With ``bidirectional=True`` each
    layer also runs from the last step to the first (parameters ``..._l0_reverse``): output
    features are both directions side by side (2 * hidden_size), and ``h_n`` and ``hx``
    hold (num_layers * 2) states, layer by layer, forward direction first. Not supported
    here: packed sequences.
    """

    def __init__(self, *args, **kwargs):
        if "proj_size" in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        if len(args) > 3:
            self.nonlinearity = args[3]
            args = args[:3] + args[4:]
        else:
            self.nonlinearity = kwargs.pop("nonlinearity", "tanh")
        if self.nonlinearity not in ("tanh", "relu"):
            raise ValueError(f"Unknown nonlinearity '{self.nonlinearity}'. Select from 'tanh' "
                             "or 'relu'.")
        self._setup(*args, **kwargs)

    def _setup(self, input_size, hidden_size, num_layers=1, bias=True, batch_first=False,
               dropout=0.0, bidirectional=False, device=None, dtype=None):
        Module.__init__(self)
        self.mode = "RNN_TANH" if self.nonlinearity == "tanh" else "RNN_RELU"
        self.input_size, self.hidden_size, self.num_layers = input_size, hidden_size, num_layers
        self.bias, self.batch_first = bias, batch_first
        self.dropout = float(dropout)
        self.bidirectional = bidirectional
        self.proj_size = 0
        _check_sizes(input_size, hidden_size, num_layers, bias, batch_first, dropout)
        self._flat_weights_names = []
        self._all_weights = []          # one list of names per layer and direction
        directions = 2 if bidirectional else 1
        for layer in range(num_layers):
            width = input_size if layer == 0 else hidden_size * directions
            shapes = [("weight_ih", (hidden_size, width)), ("weight_hh", (hidden_size,
                                                                          hidden_size))]
            if bias:
                shapes += [("bias_ih", (hidden_size,)), ("bias_hh", (hidden_size,))]
            for suffix in ("", "_reverse")[:directions]:
                names = []
                for stem, shape in shapes:
                    name = f"{stem}_l{layer}{suffix}"
                    setattr(self, name, Parameter(minigrad.empty(shape, dtype=dtype)))
                    names.append(name)
                self._flat_weights_names.extend(names)
                self._all_weights.append(names)
        self.reset_parameters()

    def reset_parameters(self):
        """Every parameter uniform in (-1/sqrt(hidden_size), 1/sqrt(hidden_size))."""
        bound = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -bound, bound)

    @property
    def all_weights(self):
        """The parameters, one list per layer and direction: [weight_ih, weight_hh, bias_ih,
        bias_hh]."""
        return [[getattr(self, name) for name in names] for names in self._all_weights]

    def extra_repr(self):
        s = f"{self.input_size}, {self.hidden_size}"
        if self.num_layers != 1:
            s += f", num_layers={self.num_layers}"
        if self.bias is not True:
            s += f", bias={self.bias}"
        if self.batch_first is not False:
            s += f", batch_first={self.batch_first}"
        if self.dropout != 0:
            s += f", dropout={self.dropout}"
        if self.bidirectional is not False:
            s += f", bidirectional={self.bidirectional}"
        return s

    def _check_forward_args(self, input, hx):
        w = self.weight_ih_l0
        if input.dtype != w.dtype:
            raise ValueError(f"RNN input dtype ({input.dtype}) does not match weight dtype "
                             f"({w.dtype}). Convert input: input.to({w.dtype}), or convert "
                             f"model: model.to({input.dtype})")
        if self.input_size != input.size(-1):
            raise RuntimeError(f"input.size(-1) must be equal to input_size. Expected "
                               f"{self.input_size}, got {input.size(-1)}")
        batch = input.size(0) if self.batch_first else input.size(1)
        expected = (self.num_layers * self._directions, batch, self.hidden_size)
        if tuple(hx.shape) != expected:
            raise RuntimeError(f"Expected hidden size {expected}, got {list(hx.shape)}")

    def forward(self, input, hx=None):
        if input.dim() not in (2, 3):
            raise ValueError(f"RNN: Expected input to be 2D or 3D, got {input.dim()}D tensor "
                             "instead")
        batched = input.dim() == 3
        batch_dim = 0 if self.batch_first else 1
        if not batched:
            input = input.unsqueeze(batch_dim)
            if hx is not None:
                if hx.dim() != 2:
                    raise RuntimeError("For unbatched 2-D input, hx should also be 2-D but "
                                       f"got {hx.dim()}-D tensor")
                hx = hx.unsqueeze(1)
        elif hx is not None and hx.dim() != 3:
            raise RuntimeError("For batched 3-D input, hx should also be 3-D but got "
                               f"{hx.dim()}-D tensor")
        if hx is None:
            batch = input.size(0) if self.batch_first else input.size(1)
            hx = minigrad.zeros(self.num_layers * self._directions, batch, self.hidden_size,
                                dtype=input.dtype)
        self._check_forward_args(input, hx)
        output, hidden = self._run(input, hx)
        if not batched:
            return output.squeeze(batch_dim), hidden.squeeze(1)
        return output, hidden

    @property
    def _directions(self):
        return 2 if self.bidirectional else 1

    def _run(self, input, hx):
        """The layers over (L, N, features), as torch's CPU kernel records them."""
        seq = input.transpose(0, 1) if self.batch_first else input
        hiddens = hx.unbind(0)
        finals = []
        for layer in range(self.num_layers):
            if layer > 0 and self.dropout > 0 and self.training:
                seq = F.dropout(seq, self.dropout, True)
            outputs = []
            for direction in range(self._directions):
                index = layer * self._directions + direction
                out, h = self._direction(seq, hiddens[index], self.all_weights[index],
                                         reverse=direction == 1)
                outputs.append(out)
                finals.append(h)
            seq = outputs[0] if len(outputs) == 1 else minigrad.cat(outputs, seq.dim() - 1)
        if self.batch_first:
            seq.transpose_(0, 1)       # in place, as torch: TransposeBackward1
        return seq, minigrad.stack(finals, 0)

    def _direction(self, seq, h, weights, reverse):
        """One direction of one layer: the stacked hidden states (in time order) and the last
        one; the reverse direction steps from the last time step to the first."""
        w_ih, w_hh, *biases = weights
        b_ih, b_hh = biases if biases else (None, None)
        steps = F.linear(seq, w_ih, b_ih).unbind(0)
        if not steps:
            raise RuntimeError("Expected sequence length to be larger than 0 in RNN")
        outputs = []
        for x_proj in (steps[::-1] if reverse else steps):
            h = _step(x_proj, h, w_hh, b_hh, self.nonlinearity)
            outputs.append(h)
        if reverse:
            outputs.reverse()
        return minigrad.stack(outputs, 0), h
