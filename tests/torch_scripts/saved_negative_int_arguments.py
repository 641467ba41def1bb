# Negative int64 arguments a node saved, printed as torch prints them (unsigned 64-bit: -1 is
# 18446744073709551615): tril/triu's diagonal, diagonal's offset, roll's shifts, pad, nll_loss's
# ignore_index, embedding's padding_idx. Scalars (alpha, exponent, min, negative_slope) keep their sign.
import torch
import torch.nn.functional as F

x = torch.ones(4, 4, requires_grad=True)
print("tril", x.tril(-1).grad_fn._saved_diagonal, x.triu(-2).grad_fn._saved_diagonal, x.tril(1).grad_fn._saved_diagonal)
print("diagonal", x.diagonal(-1).grad_fn._saved_offset, x.diagonal(2).grad_fn._saved_offset)
print("roll", x.roll(-1, 0).grad_fn._saved_shifts, x.roll((2, -3), (0, 1)).grad_fn._saved_shifts)
print("pad", F.pad(x, (1, -1)).grad_fn._saved_pad, F.pad(x, (0, 1, -2, 0)).grad_fn._saved_pad)
loss = F.nll_loss(x.log_softmax(1), torch.tensor([0, 1, 2, 3]))
print("nll", loss.grad_fn._saved_ignore_index, F.nll_loss(x, torch.tensor([0, 1, 2, 3]), ignore_index=2).grad_fn._saved_ignore_index)
print("embedding", F.embedding(torch.tensor([0, 1]), x, padding_idx=-1).grad_fn._saved_padding_idx)
print("scalars", x.pow(-2).grad_fn._saved_exponent, torch.add(x, x, alpha=-1).grad_fn._saved_alpha,
      x.clamp(-1).grad_fn._saved_min, F.leaky_relu(x, -0.5).grad_fn._saved_negative_slope,
      F.hardtanh(x, -2, 2).grad_fn._saved_min_val, torch.threshold(x, -1., 0.).grad_fn._saved_threshold)
