# A spectrogram and a multi-resolution STFT loss, as audio tutorials and vocoder training code write them.
import math
import torch

t = torch.arange(64, dtype=torch.float32) / 64
audio = torch.sin(2 * math.pi * 5 * t) * torch.exp(-2 * t) + 0.3 * torch.cos(2 * math.pi * 13 * t + 0.5)
spec = torch.stft(audio, n_fft=16, hop_length=4, window=torch.hann_window(16), return_complex=True)
print(spec.shape, spec.dtype, spec.grad_fn)
power = spec.abs() ** 2
print(power[:4, :4])
print(10 * torch.log10(power.mean(dim=1) + 1e-6))

pred = (audio * 0.8 + 0.05 * torch.sin(2 * math.pi * 21 * t)).requires_grad_()
loss = 0.0
for n_fft, hop in ((8, 2), (16, 4), (32, 8)):
    window = torch.hann_window(n_fft)
    s_pred = torch.stft(pred, n_fft, hop_length=hop, window=window, return_complex=True).abs()
    s_true = torch.stft(audio, n_fft, hop_length=hop, window=window, return_complex=True).abs()
    loss = loss + (s_pred - s_true).norm() / s_true.norm() + (s_pred - s_true).abs().mean()
print(loss)
loss.backward()
print(pred.grad[:8])

batch = torch.stack([audio, audio.flip(0)])
frames = batch.stft(8, hop_length=8, win_length=6, window=torch.hamming_window(6), center=False, return_complex=True)
print(frames.shape, frames[1, :, 0])
