"""``nn.RNN``, ``nn.LSTM``, ``nn.GRU`` and their cells, composed of engine ops (linear, sigmoid,
tanh, stack, cat) in the order aten's CPU kernels use: each layer's input projection is computed
once for the whole sequence, then every step adds the hidden projection. So gradients, double
backward and forward mode come from the ops' own rules, and the values are torch's. (torch's
LSTM on an mkldnn CPU records MkldnnRnnLayerBackward0 where gradcli records the ops.)"""
from __future__ import annotations

import math

from ..device import require_cpu
from .. import creation, dtypes, functions
from .. import instrumentation as _inst
from ..autograd.grad_mode import no_grad
from . import functional as F
from .module import Module, Parameter
from .rnn_utils import PackedSequence

__all__ = ["GRU", "GRUCell", "LSTM", "LSTMCell", "RNN", "RNNBase", "RNNCell"]

_GATES = {"RNN_TANH": 1, "RNN_RELU": 1, "LSTM": 4, "GRU": 3}


def _rnn_step(activation):
    def step(igates, h, w_hh, b_hh):
        return activation(F.linear(h, w_hh, b_hh) + igates)
    return step


def _lstm_step(igates, state, w_hh, b_hh, w_hr=None):
    h, c = state
    gates = F.linear(h, w_hh, b_hh) + igates
    i, f, g, o = gates.chunk(4, -1)
    i, f, g, o = i.sigmoid(), f.sigmoid(), g.tanh(), o.sigmoid()
    c = f * c + i * g
    h = o * c.tanh()
    return (h if w_hr is None else F.linear(h, w_hr)), c


def _gru_step(igates, h, w_hh, b_hh):
    i_r, i_z, i_n = igates.chunk(3, -1)
    h_r, h_z, h_n = F.linear(h, w_hh, b_hh).chunk(3, -1)
    reset = (h_r + i_r).sigmoid()
    update = (h_z + i_z).sigmoid()
    new = (i_n + h_n * reset).tanh()
    return (h - new) * update + new


class RNNBase(Module):
    """Stacked, optionally bidirectional recurrent layers with torch's parameter names
    (``weight_ih_l0``, ``bias_hh_l1_reverse``...) and initialisation (uniform in ±1/sqrt(hidden))."""

    def __init__(self, mode: str, input_size: int, hidden_size: int, num_layers: int = 1, bias: bool = True,
                 batch_first: bool = False, dropout: float = 0.0, bidirectional: bool = False,
                 proj_size: int = 0, device=None, dtype=None):
        require_cpu(device)
        super().__init__()
        if not isinstance(dropout, (int, float)) or isinstance(dropout, bool) or not 0 <= dropout <= 1:
            raise ValueError("dropout should be a number in range [0, 1] representing the probability of an "
                             "element being zeroed")
        if dropout > 0 and num_layers == 1:
            import warnings
            warnings.warn("dropout option adds dropout after all but last recurrent layer, so non-zero dropout "
                          f"expects num_layers greater than 1, but got dropout={dropout} and num_layers={num_layers}")
        # torch's checks in its order (bias=1 or batch_first='yes' built a layer where torch refuses them)
        for name, value, kind in (("bias", bias, bool), ("batch_first", batch_first, bool),
                                  ("input_size", input_size, int), ("hidden_size", hidden_size, int)):
            if not isinstance(value, kind):
                raise TypeError(f"{name} should be of type {kind.__name__}, got: {type(value).__name__}")
            if kind is int and value <= 0:
                raise ValueError(f"{name} must be greater than zero")
        if num_layers <= 0:
            raise ValueError("num_layers must be greater than zero")
        if proj_size < 0:
            raise ValueError("proj_size should be a positive integer or zero to disable projections")
        if proj_size >= hidden_size:
            raise ValueError("proj_size has to be smaller than hidden_size")
        self.mode = mode
        self.input_size, self.hidden_size, self.num_layers = input_size, hidden_size, num_layers
        self.bias, self.batch_first, self.dropout = bias, batch_first, float(dropout)
        self.bidirectional, self.proj_size = bidirectional, proj_size
        dt = dtypes.as_dtype(dtype) if dtype is not None else dtypes.get_default_dtype()
        if mode not in _GATES:
            raise ValueError("Unrecognized RNN mode: " + str(mode))
        gate_size = _GATES[mode] * hidden_size
        directions = 2 if bidirectional else 1
        out_size = proj_size or hidden_size     # an LSTM with projections outputs proj_size features
        for layer in range(num_layers):
            layer_input = input_size if layer == 0 else out_size * directions
            for direction in range(directions):
                suffix = f"_l{layer}" + ("_reverse" if direction else "")
                self.register_parameter("weight_ih" + suffix, Parameter(creation.empty(gate_size, layer_input, dtype=dt)))
                self.register_parameter("weight_hh" + suffix, Parameter(creation.empty(gate_size, out_size, dtype=dt)))
                if bias:
                    self.register_parameter("bias_ih" + suffix, Parameter(creation.empty(gate_size, dtype=dt)))
                    self.register_parameter("bias_hh" + suffix, Parameter(creation.empty(gate_size, dtype=dt)))
                if proj_size:
                    self.register_parameter("weight_hr" + suffix,
                                            Parameter(creation.empty(proj_size, hidden_size, dtype=dt)))
        self.reset_parameters()

    def reset_parameters(self) -> None:
        bound = 1.0 / math.sqrt(self.hidden_size)
        with no_grad():
            for weight in self.parameters():
                weight.uniform_(-bound, bound)

    def _weights(self, layer: int, direction: int) -> tuple:
        suffix = f"_l{layer}" + ("_reverse" if direction else "")
        get = self._parameters.get
        return get("weight_ih" + suffix), get("weight_hh" + suffix), get("bias_ih" + suffix), get("bias_hh" + suffix)

    def _step(self, layer: int, direction: int):
        if self.mode == "LSTM":
            w_hr = self._parameters.get(f"weight_hr_l{layer}" + ("_reverse" if direction else ""))
            return _lstm_step if w_hr is None else \
                (lambda igates, state, w_hh, b_hh: _lstm_step(igates, state, w_hh, b_hh, w_hr))
        if self.mode == "GRU":
            return _gru_step
        return _rnn_step(functions.tanh if self.mode == "RNN_TANH" else F.relu)

    def _recur(self, input, hx=None):
        """The forward of RNN, LSTM and GRU (torch's RNNBase has none: a subclass writes its own)."""
        lstm = self.mode == "LSTM"
        directions = 2 if self.bidirectional else 1
        if not isinstance(input, PackedSequence):
            self._check_dtype(input)
        elif not lstm:        # torch's LSTM runs a packed batch without the check (its kernel's matmul refuses)
            self._check_dtype(input.data)
        if isinstance(input, PackedSequence):
            return self._forward_packed(input, hx)
        if _inst.batching is not None:
            self._refuse_under_vmap(input, hx)
        batched = input.dim() == 3
        if input.dim() not in (2, 3):
            raise ValueError(f"{type(self).__name__}: Expected input to be 2D or 3D, got {input.dim()}D instead")
        if not batched:
            input = input.unsqueeze(1)
            if hx is not None:
                hx = (hx[0].unsqueeze(1), hx[1].unsqueeze(1)) if lstm else hx.unsqueeze(1)
        elif self.batch_first:
            input = input.transpose(0, 1)
        if input.shape[-1] != self.input_size:
            raise RuntimeError(f"input.size(-1) must be equal to input_size. Expected {self.input_size}, "
                               f"got {input.shape[-1]}")
        hx = self._initial_state(hx, input.shape[1], input.dtype)
        layer_input = input
        finals_h, finals_c = [], []
        for layer in range(self.num_layers):
            outputs = []
            for direction in range(directions):
                w_ih, w_hh, b_ih, b_hh = self._weights(layer, direction)
                index = layer * directions + direction
                state = (hx[0][index], hx[1][index]) if lstm else hx[index]
                step = self._step(layer, direction)
                igates = F.linear(layer_input, w_ih, b_ih).unbind(0)
                steps = reversed(range(len(igates))) if direction else range(len(igates))
                out = [None] * len(igates)
                for t in steps:
                    state = step(igates[t], state, w_hh, b_hh)
                    out[t] = state[0] if lstm else state
                outputs.append(functions.stack(out, 0))
                finals_h.append(state[0] if lstm else state)
                if lstm:
                    finals_c.append(state[1])
            layer_input = outputs[0] if directions == 1 else functions.cat(outputs, -1)
            if self.dropout and self.training and layer < self.num_layers - 1:
                layer_input = F.dropout(layer_input, self.dropout, True)
        output = layer_input
        h_n = functions.stack(finals_h, 0)
        c_n = functions.stack(finals_c, 0) if lstm else None
        if not batched:
            output, h_n = output.squeeze(1), h_n.squeeze(1)
            c_n = c_n.squeeze(1) if lstm else None
        elif self.batch_first:
            # aten's RNN and GRU kernels transpose their fresh output in place (TransposeBackward1);
            # LSTM's takes a view (TransposeBackward0)
            output = output.transpose(0, 1) if lstm else output.transpose_(0, 1)
        return (output, (h_n, c_n)) if lstm else (output, h_n)

    def _check_dtype(self, input) -> None:
        """torch's first check: token ids fed without an Embedding, or float64 data to a float32 layer."""
        weight = self._weights(0, 0)[0]
        if input.dtype != weight.dtype:
            raise ValueError(f"RNN input dtype ({input.dtype}) does not match weight dtype ({weight.dtype}). Convert "
                             f"input: input.to({weight.dtype}), or convert model: model.to({input.dtype})")

    def _forward_packed(self, packed: PackedSequence, hx):
        """A packed batch, as torch runs it: step t updates only the ``batch_sizes[t]`` sequences still
        running; a finished sequence's state is its final one. ``hx`` and ``h_n`` are in the caller's
        order (permuted by ``sorted_indices``/``unsorted_indices``)."""
        lstm = self.mode == "LSTM"
        directions = 2 if self.bidirectional else 1
        sizes = [int(b) for b in packed.batch_sizes._data]
        data = packed.data
        if data.shape[-1] != self.input_size:
            raise RuntimeError(f"input.size(-1) must be equal to input_size. Expected {self.input_size}, "
                               f"got {data.shape[-1]}")
        given = hx is not None
        hx = self._initial_state(hx, sizes[0], data.dtype)
        if given and packed.sorted_indices is not None:
            hx = tuple(h.index_select(1, packed.sorted_indices) for h in hx) if lstm else \
                hx.index_select(1, packed.sorted_indices)
        starts = [sum(sizes[:t]) for t in range(len(sizes))]
        layer_input = data
        finals_h, finals_c = [], []
        for layer in range(self.num_layers):
            outputs = []
            for direction in range(directions):
                w_ih, w_hh, b_ih, b_hh = self._weights(layer, direction)
                index = layer * directions + direction
                initial = (hx[0][index], hx[1][index]) if lstm else hx[index]
                igates = F.linear(layer_input, w_ih, b_ih)
                run = _packed_reverse if direction else _packed_forward
                out, final = run(self._step(layer, direction), igates, initial, sizes, starts, lstm, w_hh, b_hh)
                outputs.append(functions.cat(out, 0))
                finals_h.append(final[0] if lstm else final)
                if lstm:
                    finals_c.append(final[1])
            layer_input = outputs[0] if directions == 1 else functions.cat(outputs, -1)
            if self.dropout and self.training and layer < self.num_layers - 1:
                layer_input = F.dropout(layer_input, self.dropout, True)
        h_n = functions.stack(finals_h, 0)
        c_n = functions.stack(finals_c, 0) if lstm else None
        if packed.unsorted_indices is not None:
            h_n = h_n.index_select(1, packed.unsorted_indices)
            c_n = c_n.index_select(1, packed.unsorted_indices) if lstm else None
        output = PackedSequence(layer_input, packed.batch_sizes, packed.sorted_indices, packed.unsorted_indices)
        return (output, (h_n, c_n)) if lstm else (output, h_n)

    def _refuse_under_vmap(self, input, hx) -> None:
        """torch's vmap has no rule for the fused recurrent ops (aten::gru.input...); under a grad
        transform inside vmap the GRU and RNN decompositions write a batched step into an unbatched
        hidden state, and only the LSTM's computes."""
        found = [t for t in (input, *(hx if isinstance(hx, tuple) else (hx,)), *self.parameters())
                 if t is not None and t.__dict__.get("_lv")]
        if not found:
            return
        if not _inst.grad_levels:
            raise RuntimeError(f"Batching rule not implemented for aten::{self.mode.lower()}.input. We could not "
                               f"generate a fallback.")
        if self.mode != "LSTM":
            n = 1 if input.dim() == 2 else input.shape[0 if self.batch_first else 1]
            sizes = list(found[0]._data.shape[:len(found[0]._lv)])
            raise RuntimeError(f"output with shape [{n}, {self.hidden_size}] doesn't match the broadcast shape "
                               f"{sizes + [n, self.hidden_size]}")

    def _initial_state(self, hx, batch: int, dtype):
        """Zeros when ``hx`` is None, else ``hx`` checked against torch's shapes (an LSTM's h has
        proj_size features when it projects, its c hidden_size)."""
        stacked = self.num_layers * (2 if self.bidirectional else 1)
        if self.mode != "LSTM":
            expected = (stacked, batch, self.hidden_size)
            if hx is None:
                return creation.zeros(*expected, dtype=dtype)
            _check_shape(hx, expected, "Expected hidden size {}, got {}")
            return hx
        expected = ((stacked, batch, self.proj_size or self.hidden_size), (stacked, batch, self.hidden_size))
        if hx is None:
            return tuple(creation.zeros(*shape, dtype=dtype) for shape in expected)
        _check_shape(hx[0], expected[0], "Expected hidden[0] size {}, got {}")
        _check_shape(hx[1], expected[1], "Expected hidden[1] size {}, got {}")
        return hx

    @property
    def _all_weights(self) -> list:
        """torch's parameter names per layer and direction, in registration order."""
        directions = 2 if self.bidirectional else 1
        names = []
        for layer in range(self.num_layers):
            for direction in range(directions):
                suffix = f"_l{layer}" + ("_reverse" if direction else "")
                names.append([n + suffix for n in ("weight_ih", "weight_hh", "bias_ih", "bias_hh", "weight_hr")
                              if n + suffix in self._parameters])
        return names

    @property
    def all_weights(self) -> list:
        return [[getattr(self, name) for name in names] for names in self._all_weights]

    def flatten_parameters(self) -> None:
        """torch packs the weights for cuDNN; on the CPU there is nothing to do."""

    def extra_repr(self) -> str:
        s = f"{self.input_size}, {self.hidden_size}"
        if self.proj_size:
            s += f", proj_size={self.proj_size}"
        if self.num_layers != 1:
            s += f", num_layers={self.num_layers}"
        if self.bias is not True:
            s += f", bias={self.bias}"
        if self.batch_first is not False:
            s += f", batch_first={self.batch_first}"
        if self.dropout != 0:
            s += f", dropout={self.dropout:g}" if self.dropout != int(self.dropout) else f", dropout={self.dropout}"
        if self.bidirectional is not False:
            s += f", bidirectional={self.bidirectional}"
        return s


def _check_shape(state, expected: tuple, message: str) -> None:
    if tuple(state.shape) != expected:
        raise RuntimeError(message.format(expected, list(state.shape)))


def _rows(state, lstm: bool, start: int, stop=None):
    return tuple(s[start:stop] for s in state) if lstm else state[start:stop]


def _packed_forward(step, igates, state, sizes, starts, lstm, w_hh, b_hh):
    """Forward in time: the batch shrinks; rows that stop are set aside as final states."""
    out, finished = [], []
    rows = sizes[0]
    state = _rows(state, lstm, 0, rows)
    for t, b in enumerate(sizes):
        if b < rows:
            finished.append(_rows(state, lstm, b))
            state, rows = _rows(state, lstm, 0, b), b
        state = step(igates[starts[t]:starts[t] + b], state, w_hh, b_hh)
        out.append(state[0] if lstm else state)
    finished.append(state)
    finished.reverse()
    if lstm:
        return out, (functions.cat([f[0] for f in finished], 0), functions.cat([f[1] for f in finished], 0))
    return out, functions.cat(finished, 0)


def _packed_reverse(step, igates, initial, sizes, starts, lstm, w_hh, b_hh):
    """Backward in time: the batch grows; a sequence joins at its last step with its initial state."""
    out = [None] * len(sizes)
    rows = sizes[-1]
    state = _rows(initial, lstm, 0, rows)
    for t in reversed(range(len(sizes))):
        b = sizes[t]
        if b > rows:
            extra = _rows(initial, lstm, rows, b)
            state = tuple(functions.cat([s, e], 0) for s, e in zip(state, extra)) if lstm else \
                functions.cat([state, extra], 0)
            rows = b
        state = step(igates[starts[t]:starts[t] + b], state, w_hh, b_hh)
        out[t] = state[0] if lstm else state
    return out, state


_LSTM_ONLY = object()      # proj_size not given: torch's RNN and GRU refuse it when it is, whatever its value


def _refuse_projections(proj_size) -> None:
    if proj_size is not _LSTM_ONLY:
        raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")


class RNN(RNNBase):
    def __init__(self, input_size, hidden_size, num_layers=1, nonlinearity="tanh", bias=True, batch_first=False,
                 dropout=0.0, bidirectional=False, device=None, dtype=None, *, proj_size=_LSTM_ONLY):
        _refuse_projections(proj_size)
        require_cpu(device)
        if nonlinearity not in ("tanh", "relu"):
            raise ValueError(f"Unknown nonlinearity '{nonlinearity}'. Select from 'tanh' or 'relu'.")
        self.nonlinearity = nonlinearity
        super().__init__("RNN_TANH" if nonlinearity == "tanh" else "RNN_RELU", input_size, hidden_size,
                         num_layers, bias, batch_first, dropout, bidirectional, 0, device, dtype)

    forward = RNNBase._recur


class LSTM(RNNBase):
    def __init__(self, input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0.0,
                 bidirectional=False, proj_size=0, device=None, dtype=None):
        require_cpu(device)
        super().__init__("LSTM", input_size, hidden_size, num_layers, bias, batch_first, dropout, bidirectional,
                         proj_size, device, dtype)

    forward = RNNBase._recur


class GRU(RNNBase):
    def __init__(self, input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0.0,
                 bidirectional=False, device=None, dtype=None, *, proj_size=_LSTM_ONLY):
        _refuse_projections(proj_size)
        require_cpu(device)
        super().__init__("GRU", input_size, hidden_size, num_layers, bias, batch_first, dropout, bidirectional,
                         0, device, dtype)

    forward = RNNBase._recur


class _CellBase(Module):
    """One step: ``weight_ih``, ``weight_hh``, ``bias_ih``, ``bias_hh``; 1-D input is one example."""

    gates = 1

    def __init__(self, input_size: int, hidden_size: int, bias: bool = True, device=None, dtype=None):
        require_cpu(device)
        super().__init__()
        self.input_size, self.hidden_size, self.bias = input_size, hidden_size, bias
        dt = dtypes.as_dtype(dtype) if dtype is not None else dtypes.get_default_dtype()
        n = self.gates * hidden_size
        self.weight_ih = Parameter(creation.empty(n, input_size, dtype=dt))
        self.weight_hh = Parameter(creation.empty(n, hidden_size, dtype=dt))
        if bias:
            self.bias_ih = Parameter(creation.empty(n, dtype=dt))
            self.bias_hh = Parameter(creation.empty(n, dtype=dt))
        else:
            self.register_parameter("bias_ih", None)
            self.register_parameter("bias_hh", None)
        bound = 1.0 / math.sqrt(hidden_size)
        with no_grad():
            for weight in self.parameters():
                weight.uniform_(-bound, bound)

    def _prepare(self, input, hx):
        if input.dim() not in (1, 2):
            raise ValueError(f"{type(self).__name__}: Expected input to be 1D or 2D, got {input.dim()}D instead")
        if input.shape[-1] != self.input_size:
            raise RuntimeError(f"input has inconsistent input_size: got {input.shape[-1]} expected {self.input_size}")
        return input.dim() == 2

    def _zeros(self, input):
        return creation.zeros(input.shape[0], self.hidden_size, dtype=input.dtype)

    def extra_repr(self) -> str:
        s = f"{self.input_size}, {self.hidden_size}"
        if self.bias is not True:
            s += f", bias={self.bias}"
        if getattr(self, "nonlinearity", "tanh") != "tanh":
            s += f", nonlinearity={self.nonlinearity}"
        return s


class RNNCell(_CellBase):
    def __init__(self, input_size, hidden_size, bias=True, nonlinearity="tanh", device=None, dtype=None):
        require_cpu(device)
        if nonlinearity not in ("tanh", "relu"):
            raise RuntimeError(f"Unknown nonlinearity: {nonlinearity}")
        self.nonlinearity = nonlinearity
        super().__init__(input_size, hidden_size, bias, device, dtype)

    def forward(self, input, hx=None):
        batched = self._prepare(input, hx)
        x = input if batched else input.unsqueeze(0)
        h = self._zeros(x) if hx is None else (hx if batched else hx.unsqueeze(0))
        pre = F.linear(x, self.weight_ih, self.bias_ih) + F.linear(h, self.weight_hh, self.bias_hh)
        out = pre.tanh() if self.nonlinearity == "tanh" else F.relu(pre)
        return out if batched else out.squeeze(0)


class LSTMCell(_CellBase):
    gates = 4

    def forward(self, input, hx=None):
        batched = self._prepare(input, hx)
        x = input if batched else input.unsqueeze(0)
        if hx is None:
            hx = (self._zeros(x), self._zeros(x))
        elif not batched:
            hx = (hx[0].unsqueeze(0), hx[1].unsqueeze(0))
        h, c = _lstm_step(F.linear(x, self.weight_ih, self.bias_ih), hx, self.weight_hh, self.bias_hh)
        return (h, c) if batched else (h.squeeze(0), c.squeeze(0))


class GRUCell(_CellBase):
    gates = 3

    def forward(self, input, hx=None):
        batched = self._prepare(input, hx)
        x = input if batched else input.unsqueeze(0)
        h = self._zeros(x) if hx is None else (hx if batched else hx.unsqueeze(0))
        out = _gru_step(F.linear(x, self.weight_ih, self.bias_ih), h, self.weight_hh, self.bias_hh)
        return out if batched else out.squeeze(0)
