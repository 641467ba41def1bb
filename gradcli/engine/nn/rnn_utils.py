"""``torch.nn.utils.rnn``: padding a list of sequences into one batch, and packing a padded batch so
that recurrent layers skip the padding. Composed of engine ops: padding writes each sequence into
a filled tensor (CopySlices, as torch), packing concatenates the time steps' live rows (CatBackward0
where torch records PackPaddedSequenceBackward0; same values and gradients)."""
from __future__ import annotations

from collections import namedtuple

import numpy as np

from .. import creation, functions
from ..tensor import Tensor

__all__ = ["PackedSequence", "pack_padded_sequence", "pad_packed_sequence", "pack_sequence", "pad_sequence",
           "unpack_sequence", "unpad_sequence"]


class PackedSequence(namedtuple("PackedSequence", ["data", "batch_sizes", "sorted_indices", "unsorted_indices"])):
    """Time-major rows of a batch without its padding: ``batch_sizes[t]`` sequences are still
    running at step t; ``sorted_indices`` orders the batch by decreasing length."""

    __slots__ = ()

    def __new__(cls, data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
        if unsorted_indices is None and sorted_indices is not None:
            unsorted_indices = _invert(sorted_indices)
        return super().__new__(cls, data, batch_sizes, sorted_indices, unsorted_indices)

    def to(self, *args, **kwargs):
        return type(self)(self.data.to(*args, **kwargs), self.batch_sizes, self.sorted_indices,
                          self.unsorted_indices)

    @property
    def is_cuda(self) -> bool:
        return False

    def is_pinned(self) -> bool:
        return False


def _invert(permutation: Tensor) -> Tensor:
    order = np.empty_like(permutation._data)
    order[permutation._data] = np.arange(len(order))
    return creation.tensor(order)


def pad_sequence(sequences, batch_first: bool = False, padding_value: float = 0.0,
                 padding_side: str = "right") -> Tensor:
    """Stack sequences of different lengths (``L_i x *``) into ``T x B x *`` (``B x T x *`` with
    ``batch_first``), filling the rest with ``padding_value`` on the right or left."""
    if padding_side not in ("left", "right"):
        raise ValueError(f"Expected padding_side to be one of left or right, but got {padding_side}.")
    sequences = list(sequences)
    if not sequences:
        raise RuntimeError("received an empty list of sequences")
    first = sequences[0]
    longest = max(s.shape[0] for s in sequences)
    batch = (len(sequences), longest) if batch_first else (longest, len(sequences))
    out = creation.full(batch + tuple(first.shape[1:]), padding_value, dtype=first.dtype)
    for i, seq in enumerate(sequences):
        n = seq.shape[0]
        steps = slice(0, n) if padding_side == "right" else slice(longest - n, longest)
        if batch_first:
            out[i, steps] = seq
        else:
            out[steps, i] = seq
    return out


def _lengths(lengths) -> np.ndarray:
    data = lengths._data if isinstance(lengths, Tensor) else np.asarray(lengths)
    return data.astype(np.int64).reshape(-1)


def pack_padded_sequence(input: Tensor, lengths, batch_first: bool = False,
                         enforce_sorted: bool = True) -> PackedSequence:
    """Pack a padded batch (``T x B x *``, or ``B x T x *`` with ``batch_first``) whose i-th
    sequence has ``lengths[i]`` steps."""
    lengths = _lengths(lengths)
    if enforce_sorted:
        if np.any(np.diff(lengths) > 0):
            raise RuntimeError("`lengths` array must be sorted in decreasing order when `enforce_sorted` is True. "
                               "You can pass `enforce_sorted=False` to pack_padded_sequence and/or pack_sequence "
                               "to sidestep this requirement if you do not need ONNX exportability.")
        sorted_indices = None
    else:
        order = np.argsort(-lengths, kind="stable")
        lengths = lengths[order]
        sorted_indices = creation.tensor(order)
        input = input.index_select(0 if batch_first else 1, sorted_indices)
    if batch_first:
        input = input.transpose(0, 1)
    if lengths.size != input.shape[1]:
        raise RuntimeError(f"Expected `len(lengths)` to be equal to batch_size, but got {lengths.size} "
                           f"(batch_size={input.shape[1]})")
    if lengths.size and lengths[-1] <= 0:
        raise RuntimeError("Length of all samples has to be greater than 0, but found an element in 'lengths' "
                           "that is <= 0")
    if lengths[0] > input.shape[0]:
        raise RuntimeError(f"Expected sequence length to be at most {input.shape[0]}, but got {lengths[0]}")
    batch_sizes = np.array([(lengths > t).sum() for t in range(int(lengths[0]))], dtype=np.int64)
    data = functions.cat([input[t, :int(b)] for t, b in enumerate(batch_sizes)], 0)
    return PackedSequence(data, creation.tensor(batch_sizes), sorted_indices)


def pad_packed_sequence(sequence: PackedSequence, batch_first: bool = False, padding_value: float = 0.0,
                        total_length: int | None = None) -> tuple:
    """Undo ``pack_padded_sequence``: the padded batch (in the original order) and its lengths."""
    data, batch_sizes = sequence.data, sequence.batch_sizes._data
    steps = len(batch_sizes)
    if total_length is not None:
        if total_length < steps:
            raise ValueError("Expected total_length to be at least the length of the longest sequence in input, "
                             f"but got total_length={total_length} and max sequence length being {steps}")
        steps = total_length
    batch = int(batch_sizes[0])
    out = creation.full((steps, batch) + tuple(data.shape[1:]), padding_value, dtype=data.dtype)
    start = 0
    for t, b in enumerate(batch_sizes):
        out[t, :int(b)] = data[start:start + int(b)]
        start += int(b)
    lengths = (batch_sizes[None, :] > np.arange(batch)[:, None]).sum(1).astype(np.int64)
    if batch_first:
        out = out.transpose(0, 1)
    if sequence.unsorted_indices is not None:
        out = out.index_select(0 if batch_first else 1, sequence.unsorted_indices)
        lengths = lengths[sequence.unsorted_indices._data]
    return out, creation.tensor(lengths)


def pack_sequence(sequences, enforce_sorted: bool = True) -> PackedSequence:
    """Pack a list of sequences of different lengths (pad, then pack)."""
    lengths = [s.shape[0] for s in sequences]
    return pack_padded_sequence(pad_sequence(sequences), lengths, enforce_sorted=enforce_sorted)


def unpad_sequence(padded_sequences: Tensor, lengths: Tensor, batch_first: bool = False) -> list:
    """The list of sequences ``pad_sequence`` stacked, each cut to its length. (torch transposes a
    time-major input in place; gradcli leaves the caller's tensor as it is.)"""
    if not batch_first:
        padded_sequences = padded_sequences.transpose(0, 1)
    steps = creation.arange(padded_sequences.shape[1])
    return [seq[steps < length] for seq, length in zip(padded_sequences, lengths)]


def unpack_sequence(packed_sequences: PackedSequence) -> list:
    """The list of sequences a PackedSequence holds, in their original order."""
    padded, lengths = pad_packed_sequence(packed_sequences, batch_first=True)
    return unpad_sequence(padded, lengths, batch_first=True)
