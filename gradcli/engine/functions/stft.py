"""``torch.stft``: the short-time Fourier transform, composed as torch composes it (torch/functional.py's
centring pad, then ATen's stft: the frames as an ``as_strided`` view, the window product, the r2c or c2c
transform over each frame, an in-place transpose and squeeze), so values, dtypes, nodes, warnings and
errors are torch's; ``torch.istft``, its inverse, likewise as ATen composes it."""
from __future__ import annotations

import warnings

from .. import dtypes, errors
from ..creation import ones, zeros
from ..memory_layout import contiguous_format
from ..dispatch import call
from ..ops import spectral as SP
from ..ops.padding import CONSTANT_PAD, REFLECTION_PAD1D, REPLICATION_PAD1D
from ..ops.registry import OPS
from ..ops.shape import AS_STRIDED, UNFOLD, UNFOLD_BACKWARD
from ..public import public
from ..tensor import Tensor
from .complex_numbers import view_as_complex, view_as_real

_NO_WINDOW = ("A window was not provided. A rectangular window will be applied,which is known to cause spectral "
              "leakage. Other windows such as torch.hann_window or torch.hamming_window are recommended to reduce "
              "spectral leakage.To suppress this warning and use a rectangular window, explicitly set "
              "`window=torch.ones(n_fft, device=<device>)`.")
_REAL_OUTPUT = ("stft with return_complex=False is deprecated. In a future pytorch release, stft will return complex "
                "tensors for all inputs, and return_complex=False will raise an error.\nNote: you can still call "
                "torch.view_as_real on the complex output to recover the old return format.")


_warned: set = set()    # torch's TORCH_WARN_ONCE: each warning once per process


def _warn_once(message: str) -> None:
    if message not in _warned:
        _warned.add(message)
        warnings.warn(message, UserWarning, stacklevel=4)


def _flag(value) -> str:
    return "None" if value is None else str(int(value))


def _type_repr(t: Tensor, braces: bool = False) -> str:
    shape = ", ".join(str(n) for n in t.shape)
    return f"torch.{t.dtype.scalar_name}Tensor" + (f"{{[{shape}]}}" if braces else f"[{shape}]")


def _pad(x: Tensor, half: int, mode: str) -> Tensor:
    """F.pad(x, [half, half], mode) of torch/functional.py's centring, on the same records as F.pad."""
    if mode == "constant":
        return call(CONSTANT_PAD, (x,), {"pad": (half, half), "value": 0.0})
    if mode == "circular":
        raise errors.AutogradError("stft: gradcli does not implement pad_mode='circular'")
    record = {"reflect": REFLECTION_PAD1D, "replicate": REPLICATION_PAD1D}.get(mode)
    if record is None:
        raise NotImplementedError(f"Unrecognised padding mode {mode}")
    return call(record, (x,), {"padding": (half, half)})


def _centred(window, n_fft: int, win_length: int, like: Tensor) -> Tensor:
    """The window (ones when none is given) in the middle of n_fft zeros, written in place as torch's."""
    full = zeros(n_fft, dtype=(like if window is None else window).dtype)
    middle = full.narrow(0, (n_fft - win_length) // 2, win_length)
    if window is None:
        middle.fill_(1)
    else:
        middle.copy_(window)
    return full


@public(method=True)
def stft(input, n_fft, hop_length=None, win_length=None, window=None, center=True, pad_mode="reflect",
         normalized=False, onesided=None, return_complex=None, align_to_window=None):
    if center and align_to_window is not None:
        raise errors.AutogradError("stft align_to_window should only be set when center = false")
    if align_to_window:
        raise errors.AutogradError("stft: gradcli does not implement align_to_window=True")
    if center:
        signal_dim = input.ndim
        half = int(n_fft // 2)
        padded = _pad(input.view((1,) * (3 - signal_dim) + tuple(input.shape)), half, pad_mode)
        input = padded.view(tuple(padded.shape[-signal_dim:]))
    return _stft(input, n_fft, hop_length, win_length, window, normalized, onesided, return_complex, align_to_window)


def _stft(self, n_fft, hop_length, win_length, window, normalized, onesided, return_complex, align_to_window):
    """ATen's stft, its checks in its order."""
    hop_length = n_fft >> 2 if hop_length is None else hop_length
    win_length = n_fft if win_length is None else win_length
    if window is None:
        _warn_once(_NO_WINDOW)
    complex_out = self.dtype.is_complex or (window is not None and window.dtype.is_complex)
    if return_complex is None:
        if not complex_out:
            raise errors.AutogradError("stft requires the return_complex parameter be given for real inputs, and will "
                                       "further require that return_complex=True in a future PyTorch release.")
        return_complex = True
    if not return_complex:
        _warn_once(_REAL_OUTPUT)
    where = (f"stft({_type_repr(self)}, n_fft={n_fft}, hop_length={hop_length}, win_length={win_length}, window="
             f"{'None' if window is None else _type_repr(window, True)}, normalized={_flag(normalized)}, "
             f"onesided={_flag(onesided)}, return_complex={_flag(return_complex)}, "
             f"align_to_window={_flag(align_to_window)}) : ")
    kind = self._data.dtype.kind
    if kind not in "fc":
        raise errors.AutogradError(where + "expected a tensor of floating point or complex values")
    if self.ndim not in (1, 2):
        raise errors.AutogradError(where + "expected a 1D or 2D tensor")
    x = self.unsqueeze(0) if self.ndim == 1 else self
    length = x.shape[1]
    if n_fft <= 0 or n_fft > length:
        raise errors.AutogradError(where + f"expected 0 < n_fft < {length}, but got n_fft={n_fft}")
    if hop_length <= 0:
        raise errors.AutogradError(where + f"expected hop_length > 0, but got hop_length={hop_length}")
    if win_length <= 0 or win_length > n_fft:
        raise errors.AutogradError(where + f"expected 0 < win_length <= n_fft, but got win_length={win_length}")
    if window is not None and (window.ndim != 1 or window.shape[0] != win_length):
        raise errors.AutogradError(where + f"expected a 1D window tensor of size equal to win_length={win_length}, "
                                   f"but got window with size [{', '.join(str(n) for n in window.shape)}]")
    if win_length < n_fft:
        window = _centred(window, n_fft, win_length, self)
    frames = call(AS_STRIDED, (x,), {"steps": ((UNFOLD, {"dimension": -1, "size": n_fft, "step": hop_length}, 0),)})
    if window is not None:
        frames = frames.mul(window)
    complex_fft = frames.dtype.is_complex
    onesided = not complex_fft if onesided is None else onesided
    norm = 1 if normalized else 0
    if complex_fft:
        if onesided:
            raise errors.AutogradError("Cannot have onesided output if window or input is complex")
        out = call(SP.FFT_C2C, (frames,), {"dim": (2,), "normalization": norm, "forward": True})
    else:
        out = call(SP.FFT_R2C, (frames,), {"dim": (2,), "normalization": norm, "onesided": bool(onesided)})
    out.transpose_(1, 2)
    if self.ndim == 1:
        out.squeeze_(0)
    return out if return_complex else view_as_real(out)


_ISTFT_NO_WINDOW = ("A window was not provided. A rectangular window will be applied.Please provide the same window "
                    "used by stft to make the inversion lossless.To suppress this warning and use a rectangular window, "
                    "explicitly set `window=torch.ones(n_fft, device=<device>)`.")
_ISTFT_PADDED = ("The length of signal is shorter than the length parameter. Result is being padded with zeros in the "
                 "tail. Please check your center and hop_length settings.")


def _int_argument(value, name: str, position: int, optional: bool = True) -> None:
    if not (isinstance(value, int) and not isinstance(value, bool) or optional and value is None):
        raise TypeError(f"istft(): argument '{name}' (position {position}) must be int, not {type(value).__name__}")


@public(method=True)
def istft(input, n_fft, hop_length=None, win_length=None, window=None, center=True, normalized=False, onesided=None,
          length=None, return_complex=False):
    """The inverse of stft, composed as ATen's istft: the inverse transform of each frame (c2r, or c2c for
    ``return_complex``), the window product, the frames overlap-added (unfold_backward) and divided by
    the overlap-added squared window, the centring pad trimmed; its checks and messages in its order."""
    for name, position, value in (("n_fft", 2, n_fft), ("hop_length", 3, hop_length), ("win_length", 4, win_length),
                                  ("length", 9, length)):
        _int_argument(value, name, position, optional=name != "n_fft")
    hop_length = n_fft >> 2 if hop_length is None else hop_length
    win_length = n_fft if win_length is None else win_length
    if window is None:
        _warn_once(_ISTFT_NO_WINDOW)
    if not input.is_complex():
        raise errors.AutogradError("istft requires a complex-valued input tensor matching the output from stft with "
                                   "return_complex=True.")
    x = view_as_real(input.resolve_conj())
    where = (f"istft({dtypes.cpu_type_name(input.dtype)}[{', '.join(str(n) for n in input.shape)}], n_fft={n_fft}, "
             f"hop_length={hop_length}, win_length={win_length}, window="
             f"{'None' if window is None else _type_repr(window, True)}, center={_flag(center)}, "
             f"normalized={_flag(normalized)}, onesided={_flag(onesided)}, length={length}, "
             f"return_complex={_flag(return_complex)}) ")
    n_frames, fft_size = x.size(-2), x.size(-3)
    expected_length = n_fft + hop_length * (n_frames - 1)
    onesided = fft_size != n_fft if onesided is None else bool(onesided)
    _istft_checks(x, where, n_fft, hop_length, win_length, window, fft_size, onesided)
    if window is None:
        window = ones(win_length, dtype=x.dtype)
    if win_length != n_fft:     # the window centred in n_fft zeros
        left = (n_fft - win_length) // 2
        window = call(CONSTANT_PAD, (window,), {"pad": (left, n_fft - win_length - left), "value": 0.0})
    frames = _as_complex((x.unsqueeze(0) if x.ndim == 3 else x).transpose(1, 2))   # (channel, frame, frequency)
    norm = 1 if normalized else 2
    if return_complex:
        if onesided:
            raise errors.AutogradError("Cannot have onesided output if window or input is complex")
        frames = call(OPS["_fft_c2c"], (frames,), {"dim": (2,), "normalization": norm, "forward": False})
    else:
        if window.dtype.is_complex:
            raise errors.AutogradError("Complex windows are incompatible with return_complex=False")
        if not onesided:
            frames = frames[..., :n_fft // 2 + 1]
        frames = call(OPS["_fft_c2r"], (frames,), {"dim": (2,), "normalization": norm, "last_dim_size": n_fft})
    frames = frames * window.view(1, 1, n_fft)
    y = call(UNFOLD_BACKWARD, (frames,), {"input_sizes": (frames.shape[0], expected_length), "dim": 1, "size": n_fft,
                                         "step": hop_length})
    envelope = call(UNFOLD_BACKWARD, (window.pow(2).expand(1, n_frames, n_fft),),
                    {"input_sizes": (1, expected_length), "dim": 1, "size": n_fft, "step": hop_length})
    start = n_fft // 2 if center else 0
    end = start + length if length is not None else -(n_fft // 2) if center else expected_length
    y, envelope = y[:, start:end], envelope[:, start:end]
    if bool(envelope.abs().min() < 1e-11):
        raise errors.AutogradError(where + "window overlap add min: 1\n[ CPUBoolType{} ]")
    y = y / envelope
    if x.ndim == 3:
        y = y.squeeze(0)
    if end > expected_length:
        _warn_once(_ISTFT_PADDED)
        y = call(CONSTANT_PAD, (y,), {"pad": (0, end - expected_length), "value": 0.0})
    return y


def _istft_checks(x: Tensor, where: str, n_fft: int, hop_length: int, win_length: int, window, fft_size: int,
                  onesided: bool) -> None:
    """ATen's istft checks of its real view of the input, in its order."""
    if x.numel() == 0:
        raise errors.AutogradError(where + ": input tensor cannot be empty.")
    if x.ndim not in (3, 4):
        raise errors.AutogradError(where + f": expected a tensor with 3 or 4 dimensions, but got {x.ndim}")
    if onesided and n_fft // 2 + 1 != fft_size:
        raise errors.AutogradError(where + ": expected the frequency dimension (3rd to the last) of the input tensor "
                                   f"to match n_fft / 2 + 1 when onesided=True, but got {fft_size}")
    if not onesided and n_fft != fft_size:
        raise errors.AutogradError(where + ": expected the frequency dimension (3rd to the last) of the input tensor "
                                   f"to match n_fft when onesided=False, but got {fft_size}")
    if not 0 < hop_length <= win_length:
        raise errors.AutogradError(where + ": expected 0 < hop_length <= win_length")
    if not 0 < win_length <= n_fft:
        raise errors.AutogradError(where + ": expected 0 < win_length <= n_fft")
    if window is not None and (window.ndim != 1 or window.shape[0] != win_length):
        raise errors.AutogradError(where + ": Invalid window shape. window has to be 1D and length of `win_length`")


def _as_complex(t: Tensor) -> Tensor:
    """ATen's as_complex: a complex view when the strides allow one, else of a contiguous copy."""
    steps = t.stride()
    viewable = steps[-1] == 1 and all(s % 2 == 0 for s in steps[:-1]) and t.storage_offset() % 2 == 0
    return view_as_complex(t if viewable else t.clone(memory_format=contiguous_format))
